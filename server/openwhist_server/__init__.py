"""``whist serve``: the ASGI application that hosts network tables (docs/server.md).

The web layer only: HTTP and websocket handling, the JSON protocol, limits, origins and
broadcasting. Tables, seats, tokens, the engine's checks and the ledger are the hosting
service's (`openwhist.services.hosting`); this package imports only `openwhist`'s public
names and `openwhist.services` (an import-linter contract), like the CLI.
"""

from openwhist_server.app import Limits, create_app, invite_url, serve, site_url

__all__ = ["Limits", "create_app", "invite_url", "serve", "site_url"]
