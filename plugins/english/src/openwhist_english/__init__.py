"""English Whist for openwhist (work in progress)."""
