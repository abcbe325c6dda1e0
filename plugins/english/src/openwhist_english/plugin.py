"""Entry point of English Whist (registers its variants once implemented)."""
