"""Playing at a table of ``whist serve`` from another process: invite links, the game a
client rebuilds from the server's views, and remote bots (docs/server.md, "Clients").

Nothing here speaks the network (the core imports no web library): ``whist join`` and
``whist bot`` (openwhist_cli) carry the messages; this module reads them.

* `parse_invite` / `invite_link` -- an invite link names the server, the table and the
  seat's token: ``http://HOST:PORT/t/<table>#<token>`` (the token in the fragment, so that
  a browser never sends it in a request line or a ``Referer``). ``?token=`` instead of the
  fragment, and the websocket form ``ws://HOST:PORT/ws?table=<table>&token=<token>``, are
  read too. A link without a token is a spectator's.
* `RemoteGame` -- the table's variant built from the **locally installed** plugin, with the
  table's options, house rules and seat count. A table of a variant that is not installed
  here, or of another version of its plugin, is refused, naming both: the two ends would
  read the same notation under different rules. From a server's view document it gives
  the exact `PlayerView` (`openwhist.services.wire.view_from_document`), the legal
  actions as `Action` objects, the match's progress and the last deal's score.
* `RemoteBot` -- a registered bot playing one seat: it decides **only from that seat's
  view and legal actions**, exactly what a human at the seat is sent. This is the
  isolation boundary for third-party bots: a bot on another machine can learn nothing
  the server does not show its seat.
* `advise` -- a hint for the seat to act, computed on the client from the seat's own view
  by the local hint bot (`openwhist.services.play.suggest`).

Every error a player can meet is a `RemoteError` carrying a translatable `Message` and the
exit code ``whist`` ends with (docs/cli.md, "Exit codes").
"""

from __future__ import annotations

import random
import re
import urllib.parse
from dataclasses import dataclass
from typing import Any

from openwhist.bots.base import Bot
from openwhist.game.actions import Action
from openwhist.game.engine import Engine
from openwhist.game.errors import OpenWhistError
from openwhist.game.messages import N_, Message
from openwhist.game.presentation import Presentation
from openwhist.game.scoring import DealScore, MatchProgress
from openwhist.game.state import DealState
from openwhist.game.views import PlayerView
from openwhist.plugins import Catalog
from openwhist.services.play import Hint, hint_spec, suggest
from openwhist.services.simulate import resolve_bot, resolve_house_rules
from openwhist.services.wire import view_from_document

EXIT_USAGE = 2
"""A bad link (``whist``'s usage error)."""
EXIT_UNREACHABLE = 4
"""The server cannot be reached, or the connection could not be made again."""
EXIT_TABLE_REFUSED = 8
"""The server refused the ``hello`` (no such table, a token of no seat, no spectators),
or the table's variant is not installed here as the server plays it."""

TABLE_PATH = "/t/"
"""Where a table's page lives on a server: ``/t/<table>``."""
SOCKET_PATH = "/ws"
"""The websocket of a server (``openwhist.table/1``)."""
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,128}")


class RemoteError(OpenWhistError):
    """A client-side failure, said to the player: ``message`` (translatable; the error's
    text is its untranslated rendering) and ``exit_code``, the code ``whist`` exits with.
    ``code`` is the server's error code when the server refused (docs/server.md)."""

    def __init__(self, message: Message, *, exit_code: int, code: str | None = None) -> None:
        super().__init__(message)  # `OpenWhistError.message` is this message
        self.exit_code = exit_code
        self.code = code


# -- invite links ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Invite:
    """What an invite link names: the server's base URL (``http(s)://HOST:PORT`` and any
    path prefix a reverse proxy adds), the table and the token (``None``: a spectator)."""

    base: str
    table: int
    token: str | None = None

    @property
    def websocket(self) -> str:
        """The server's websocket URL (``ws://`` for ``http://``, ``wss://`` for ``https://``)."""
        scheme, _, rest = self.base.partition("://")
        return ("wss" if scheme == "https" else "ws") + "://" + rest + SOCKET_PATH

    @property
    def link(self) -> str:
        """The link again (`invite_link`): what to give to come back."""
        return invite_link(self.base, self.table, self.token)


def invite_link(base: str, table: int, token: str | None = None) -> str:
    """The invite link of ``table`` at the server ``base`` for ``token`` (a spectator's
    link without one): ``http://HOST:PORT/t/<table>#<token>``."""
    link = f"{base.rstrip('/')}{TABLE_PATH}{table}"
    return f"{link}#{token}" if token else link


def _bad_link(text: str) -> RemoteError:
    return RemoteError(
        Message(
            N_(
                "{link!r} is not an invite link: it looks like "
                "http://HOST:PORT/t/TABLE#TOKEN (ask the table's host for yours)"
            ),
            {"link": text[:200]},
        ),
        exit_code=EXIT_USAGE,
    )


def parse_invite(text: str) -> Invite:
    """Read an invite link (see the module doc for the forms it takes).

    Raises:
        RemoteError: not an invite link (exit code 2), naming the form it should have.
    """
    link = text.strip()
    try:
        parts = urllib.parse.urlsplit(link)
        port = parts.port  # a port that is not a number raises here
    except ValueError:
        raise _bad_link(text) from None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https", "ws", "wss") or not parts.hostname:
        raise _bad_link(text)
    query = urllib.parse.parse_qs(parts.query)
    path = parts.path.rstrip("/")
    if scheme in ("ws", "wss"):
        if not path.endswith(SOCKET_PATH) or "table" not in query:
            raise _bad_link(text)
        prefix, table_text = path[: -len(SOCKET_PATH)], query["table"][0]
    else:
        prefix, sep, table_text = path.rpartition(TABLE_PATH)
        if not sep:
            raise _bad_link(text)
    if not (table_text.isascii() and table_text.isdigit()) or not 0 < int(table_text) < 2**63:
        raise _bad_link(text)
    token: str | None = parts.fragment or (query.get("token") or [""])[0] or None
    if token is not None and not _TOKEN.fullmatch(token):
        raise _bad_link(text)
    host = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
    web = "https" if scheme in ("https", "wss") else "http"
    netloc = host if port is None else f"{host}:{port}"
    return Invite(f"{web}://{netloc}{prefix}", int(table_text), token)


# -- the server's refusals, in the player's language ----------------------------------------

SERVER_ERRORS: dict[str, str] = {
    "unknown_table": N_("There is no such table on this server (closed long ago, or a typo)."),
    "bad_token": N_("This link opens no seat of this table: ask the host for your invite."),
    "no_spectators": N_("This table admits no spectators."),
    "not_host": N_("Only the table's host may do that."),
    "not_seated": N_("Only a seated player may act."),
    "seat_held": N_("A bot plays your seat now."),
    "not_your_turn": N_("It is not your turn."),
    "bad_status": N_("The table cannot do that now (it is waiting, paused or closed)."),
    "bad_seat": N_("There is no such seat at this table."),
    "no_undo": N_("Undo is off at this table."),
    "bad_action": N_("The server could not read that action."),
    "illegal": N_("That is not allowed now."),
    "refused": N_("The server refused: the table changed meanwhile; try again."),
    "rate_limited": N_("Too many messages: slow down."),
    "bad_request": N_("The server refused the table: {reason}"),
}
"""The server's error codes (docs/server.md, "Errors") as sentences a client translates;
an unknown code is shown with the server's own untranslated text."""

REFUSED_HELLO = frozenset({"unknown_table", "bad_token", "no_spectators"})
"""The codes with which the server refuses a ``hello``: the link is no good (exit code 8)."""


def server_error(code: str, text: str) -> Message:
    """The server's error ``code`` as a translatable sentence (``text``: the server's own
    message, shown as it is for a code this client does not know, or as the reason)."""
    template = SERVER_ERRORS.get(code)
    if template is None:
        return Message(N_("The server said: {reason}"), {"reason": text})
    return Message(template, {"reason": text} if "{reason}" in template else {})


# -- the game, rebuilt from the local plugin -----------------------------------------------------


class RemoteGame:
    """A table's game as a client rebuilds it from the server's views (see the module doc).

    Args:
        catalog: the locally installed plugins.
        document: a view document of the table (``welcome``'s ``view``: docs/server.md).

    Raises:
        RemoteError: the variant is not installed here, or another version of its plugin
            is (exit code 8; the message names the server's and the local one).
    """

    def __init__(self, catalog: Catalog, document: dict[str, Any]) -> None:
        name = str(document.get("variant"))
        theirs = document.get("variant_version")
        dist = document.get("variant_distribution") or name
        entry = catalog.variants.get(name)
        if entry is None:
            raise RemoteError(
                Message(
                    N_(
                        "this table plays {variant} ({theirs}), which is not installed here: "
                        "install {dist} {version} to join it"
                    ),
                    {
                        "variant": name,
                        "theirs": f"{dist} {theirs}",
                        "dist": dist,
                        "version": str(theirs),
                    },
                ),
                exit_code=EXIT_TABLE_REFUSED,
            )
        if theirs is not None and entry.version != theirs:
            raise RemoteError(
                Message(
                    N_(
                        "this table plays {variant} with {theirs}, but {ours} is installed "
                        "here: the same version must play at both ends"
                    ),
                    {
                        "variant": name,
                        "theirs": f"{dist} {theirs}",
                        "ours": f"{entry.distribution} {entry.version}",
                    },
                ),
                exit_code=EXIT_TABLE_REFUSED,
            )
        self.catalog = catalog
        self.variant_name = entry.variant.name
        self.variant = entry.variant
        self.house_rules = resolve_house_rules(
            catalog, self.variant_name, list(document.get("house_rules") or [])
        )
        self.options = self.variant.make_options(dict(document.get("options") or {}))
        self.seats = len(document.get("seats") or ()) or self.variant.seats
        self.engine = Engine(
            self.variant, self.options, house_rules=self.house_rules, seats=self.seats
        )
        self.presentation: Presentation = self.variant.match_presentation(self.house_rules)
        self.seat_names: tuple[str, ...] = tuple(self.engine.seat_names)

    def view(self, document: dict[str, Any]) -> PlayerView | None:
        """The seat's (or a spectator's) `PlayerView` of the deal in ``document``, exactly
        as the server's engine made it; ``None`` between deals."""
        deal = document.get("deal")
        if not deal:
            return None
        return view_from_document(deal, options=self.options)

    def _parse_state(self, view: PlayerView) -> DealState[Any]:
        """A state to read notation in: the view's phase, seat to act, dealer and hand
        under the table's options. Reading an action (`Engine.parse_action`, a variant's
        ``whist_parse_action``) looks at these only; the state holds no other seat's cards
        -- the client has none to give it."""
        state = self.engine.start_deal(dealer=view.dealer)
        hands = tuple(view.hand if s == view.seat else 0 for s in range(view.seats))
        return state._replace(phase=view.phase, to_act=view.to_act, hands=hands)

    def parse(self, view: PlayerView, text: str) -> Action:
        """``text`` read as an action of ``view``'s phase (the variant's notation).

        Raises:
            InvalidNotationError: with the variant's reason.
        """
        return self.engine.parse_action(self._parse_state(view), text)

    def legal(self, document: dict[str, Any]) -> tuple[Action, ...]:
        """The seat's legal actions in ``document`` (empty unless it is to act)."""
        view = self.view(document)
        notations = (document.get("deal") or {}).get("legal") or []
        if view is None or not notations:
            return ()
        state = self._parse_state(view)
        return tuple(self.engine.parse_action(state, n) for n in notations)

    @staticmethod
    def progress(document: dict[str, Any]) -> MatchProgress | None:
        """The match's standing in ``document`` (``None`` before the table starts)."""
        data = document.get("progress")
        return None if data is None else MatchProgress.from_dict(data)

    @staticmethod
    def last_score(document: dict[str, Any]) -> DealScore | None:
        """The score of the last completed deal in ``document`` (``None``: none yet)."""
        last = document.get("last_deal") or {}
        score = last.get("score")
        return None if score is None else DealScore.from_dict(score)


# -- bots at a remote seat ---------------------------------------------------------------------


class RemoteBot:
    """A registered bot playing one seat of a remote table from that seat's view only.

    Args:
        game: the table's game (`RemoteGame`).
        bot: ``NAME`` or ``NAME:LEVEL`` (`openwhist.services.simulate.resolve_bot`).
        seed: its random stream (``None``: from the operating system).

    Raises:
        UsageError, UnknownBotLevelError: a bot that cannot play the variant.
    """

    def __init__(self, game: RemoteGame, bot: str, *, seed: int | None = None) -> None:
        self.game = game
        self.spec = resolve_bot(game.catalog, game.variant_name, bot)
        rng = random.Random(seed if seed is not None else random.SystemRandom().getrandbits(63))
        self.player: Bot = self.spec.factory(game.variant_name, rng)
        self.label = self.spec.label

    def decide(self, document: dict[str, Any]) -> str | None:
        """The notation of the bot's action for ``document`` -- a view of its seat -- or
        ``None`` when the seat is not to act. Only the view and the legal actions reach
        the bot (`Bot.choose`).

        Raises:
            PluginContractError: the bot chose an action that is not legal.
        """
        legal = self.game.legal(document)
        if not legal:
            return None
        view = self.game.view(document)
        assert view is not None
        action = self.player.choose(view, legal)
        if action not in legal:
            from openwhist.game.errors import PluginContractError

            raise PluginContractError(
                Message(
                    N_("bot '{label}' chose {action}, which is not legal (legal: {legal})"),
                    {
                        "label": self.label,
                        "action": action.notation(),
                        "legal": " ".join(a.notation() for a in legal),
                    },
                )
            )
        return action.notation()


def advise(game: RemoteGame, document: dict[str, Any]) -> Hint | None:
    """The local hint bot's suggestion for the seat to act in ``document``, from that
    seat's view and legal actions only (`openwhist.services.play.suggest`); ``None`` when
    no bot gives hints for the variant or the seat is not to act."""
    spec = hint_spec(game.catalog, game.variant_name)
    legal = game.legal(document)
    view = game.view(document)
    if spec is None or not legal or view is None:
        return None
    return suggest(spec.factory(game.variant_name, random.Random(0)), spec.name, view, legal)


__all__ = [
    "EXIT_TABLE_REFUSED",
    "EXIT_UNREACHABLE",
    "EXIT_USAGE",
    "REFUSED_HELLO",
    "SERVER_ERRORS",
    "Invite",
    "RemoteBot",
    "RemoteError",
    "RemoteGame",
    "advise",
    "invite_link",
    "parse_invite",
    "server_error",
]
