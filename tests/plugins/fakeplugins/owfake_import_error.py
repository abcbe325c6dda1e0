"""A plugin whose dependency is missing: importing it fails."""

import openwhist_no_such_dependency  # noqa: F401
