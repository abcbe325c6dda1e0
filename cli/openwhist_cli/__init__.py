"""openwhist_cli: the ``whist`` command, a thin Typer app over `openwhist.services`."""
