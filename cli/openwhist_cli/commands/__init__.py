"""The built-in command groups, one module each; every module has ``register(app)``.

Command modules import only Typer and the standard library at module level; openwhist's
services are imported inside the command functions, after the arguments are parsed.
"""
