"""Entry point of Israeli Whist (registers its variants once implemented)."""
