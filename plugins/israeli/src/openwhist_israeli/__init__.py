"""Israeli Whist for openwhist (work in progress)."""
