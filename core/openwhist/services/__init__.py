"""The service layer: orchestration over the engine, bots, records and the plugin catalog.

The CLI (and any other front end) calls these functions and renders what they return; the
services never print and never exit. Modules:

* `openwhist.services.catalog` -- load the catalog; list variants and plugins;
* `openwhist.services.simulate` -- bots play whole matches; records plus a summary;
* `openwhist.services.replay` -- read a file of game records and replay each one.

Errors a user can cause derive from `OpenWhistError`; `UsageError` marks a bad request (an
unknown bot or house rule, a bad count) that a front end reports as a usage error.
"""

from openwhist.game.errors import OpenWhistError


class UsageError(OpenWhistError, ValueError):
    """A request the service cannot serve as asked (unknown bot or house rule, bad count)."""


__all__ = ["UsageError"]
