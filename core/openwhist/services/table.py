"""A match at the table kept in the ledger: recorded as it is played, continued after a stop.

The orchestration behind ``whist play`` and ``whist resume`` that is neither asking nor
showing, so any front end (the terminal, a server) records and resumes matches the same way:

* `record_session` -- start a `PlaySession`'s match in the ledger and attach a
  `LedgerRecorder`, which writes every action, undo and scored deal as it happens;
* `resume_table` -- find the match to continue (the given one, else the most recent open
  one), refuse what cannot be continued (finished, abandoned, score-kept from real cards),
  rebuild its seats, completed deals and the deal in progress into a session that records
  on, and say where it stands (`ResumedTable`);
* `ledger_player` / `seat_display_name` -- the ledger's player for a seat and back.

Nothing here prints or exits; the refusals are the ledger's errors (`LedgerNotFoundError`,
`LedgerStateError`), which a front end reports with their exit codes (docs/cli.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from openwhist.game.messages import N_, Message
from openwhist.ledger.errors import status_word
from openwhist.plugins import Catalog
from openwhist.records import ClaimRecord, DealRecord
from openwhist.services.isolation import Isolation
from openwhist.services.play import (
    ActionPlayed,
    Change,
    ClaimMade,
    DealScored,
    DealStarted,
    PlaySession,
    SeatSpec,
    Undone,
    parse_seat,
    resume_session,
)

if TYPE_CHECKING:
    from openwhist.services.ledger import Ledger


def ledger_player(name: str, bot: str | None) -> tuple[str, str]:
    """The ledger's ``(name, kind)`` for a seat at the table.

    A bot's ledger name carries its bot (``"E (heuristic)"``), so a seat name used by a
    human in one match and by a bot in another never names two kinds of player, and each
    bot's results are kept apart in the standings.
    """
    if bot is None:
        return name, "human"
    return f"{name} ({bot})", f"bot:{bot}"


def seat_display_name(name: str, kind: str) -> str:
    """The name shown at the table for a stored player (the inverse of `ledger_player`)."""
    if kind.startswith("bot:"):
        return name.removesuffix(f" ({kind.removeprefix('bot:')})")
    return name


class LedgerRecorder:
    """A session's ``on_change``: writes the match to the ledger as it is played.

    * the chance deal and every action are logged as they happen (``record_action`` with
      the action's 1-based index: a repeated call is recognised, never logged twice; a
      redeal's chance action comes after the passed-out auction, at its own index);
    * an undo deletes the undone actions from the log (``undo_actions``), so the log holds
      exactly the deal as it stands;
    * a claim is kept with the deal in progress (``record_claim``) before any card of its
      play-out, so a resumed deal has its claims and an accepted one is in force;
    * a scored deal is completed (``complete_deal``): its record, score lines and the
      match progression's awards become score entries, in one transaction with the new
      progress.

    A process killed at any moment leaves every completed deal and every logged action;
    `resume_table` continues from there.
    """

    def __init__(self, ledger: Ledger, match_id: int) -> None:
        self.ledger = ledger
        self.match_id = match_id

    def __call__(self, change: Change) -> None:
        if isinstance(change, DealStarted | ActionPlayed):
            self.ledger.record_action(self.match_id, change.index, change.notation)
        elif isinstance(change, ClaimMade):
            self.ledger.record_claim(
                self.match_id, change.index, change.claim.model_dump(mode="json")
            )
        elif isinstance(change, Undone):
            self.ledger.undo_actions(self.match_id, change.keep)
        elif isinstance(change, DealScored):
            self.ledger.complete_deal(self.match_id, change.score, change.progress)


def record_session(ledger: Ledger, session: PlaySession) -> int:
    """Start ``session``'s match in ``ledger`` (variant, players, options, first dealer,
    seed, house rules; a played match) and record it from now on (its ``on_change``
    becomes a `LedgerRecorder`). Call it before the first event. Returns the match id.

    Raises:
        LedgerError, UsageError: the ledger refuses the match (see `Ledger.start_match`).
    """
    match_id = ledger.start_match(
        session.variant_name,
        [ledger_player(spec.name, spec.bot_label) for spec in session.seats],
        options=session.engine.options,
        first_dealer=session.first_dealer,
        seed=session.seed,
        house_rules=[rule.name for rule in session.engine.house_rules],
        inputs="played",
        seats=session.engine.seats,
    )
    session.on_change = LedgerRecorder(ledger, match_id)
    return match_id


@dataclass(frozen=True)
class ResumedTable:
    """A stored match ready to go on (`resume_table`).

    Attributes:
        session: the session, recording into the ledger as it goes.
        match_id: the match.
        deal_number: the deal it continues (or starts, when none of it was logged).
        dealer: that deal's dealer (a seat).
        logged: the deal's actions logged before the stop, its chance deal included
            (0: the deal has not been dealt yet).
    """

    session: PlaySession
    match_id: int
    deal_number: int
    dealer: int
    logged: int

    @property
    def mid_deal(self) -> bool:
        """True when the match stopped inside a deal (its cards are dealt)."""
        return self.logged > 0

    @property
    def actions_played(self) -> int:
        """The calls and cards of the deal played before the stop (the chance deal not
        counted)."""
        return max(self.logged - 1, 0)


def resume_table(
    catalog: Catalog,
    ledger: Ledger,
    match: int | None = None,
    *,
    undo: bool = True,
    autoplay: bool | str = False,
    isolation: Isolation | None = None,
) -> ResumedTable:
    """Continue ``match`` (``None``: the most recent open match) at its last logged action.

    The completed deals stay as they were scored (their records become the session's, so
    its game record holds the whole match); the deal in progress is replayed to its last
    logged action (`Ledger.resume`), with its claims (an accepted one is in force: its
    play-out goes on, `PlaySession.restore_claims`); each seat comes back as it was stored
    (a bot at the level it played, the human's name). The session records on into ``ledger``.

    Raises:
        LedgerNotFoundError: no such match, or no open match to resume.
        LedgerStateError: the match is finished or abandoned, or score-kept from real
            cards (its deals are entered with ``whist record deal``).
        UsageError, UnknownBotLevelError: a seat's bot or level is no longer installed.
    """
    from openwhist.services.ledger import LedgerNotFoundError, LedgerStateError

    if match is None:
        match = ledger.latest_open_match()
        if match is None:
            raise LedgerNotFoundError(
                Message(
                    N_("there is no open match to resume in {url} (see whist matches)"),
                    {"url": ledger.url},
                )
            )
    resumed = ledger.resume(match)
    point = resumed.point
    if point.finished:
        raise LedgerStateError(
            Message(
                N_("match {match} is {status}: nothing to resume (whist scores {match} shows it)"),
                {
                    "match": match,
                    "status": status_word(point.status if point.status != "open" else "finished"),
                },
            )
        )
    stored = ledger.get_match(match)["deal_records"]
    if any(d["source"] == "recorded" for d in stored):
        raise LedgerStateError(
            Message(
                N_(
                    "match {match} is score-kept from real cards: enter its deals with "
                    "whist record deal {match}"
                ),
                {"match": match},
            )
        )
    # A stored kind is a seat spec: human, bot:NAME or bot:NAME:LEVEL (the level the bot
    # played at, so it comes back at the same level).
    seats: list[SeatSpec] = [
        parse_seat(p["kind"], seat_display_name(p["name"], p["kind"])) for p in point.players
    ]
    session = resume_session(
        catalog,
        resumed.engine,
        seats=seats,
        seed=point.seed,
        first_dealer=point.first_dealer,
        progress=point.progress,
        state=resumed.state,
        deals=[DealRecord.model_validate(d["record"]) for d in stored if d["status"] == "complete"],
        undo=undo,
        autoplay=autoplay,
        on_change=LedgerRecorder(ledger, match),
        isolation=isolation,
        claims=[ClaimRecord.model_validate(c) for c in point.claims],
    )
    return ResumedTable(
        session=session,
        match_id=match,
        deal_number=point.deal_number,
        dealer=point.dealer,
        logged=len(point.actions),
    )


__all__ = [
    "LedgerRecorder",
    "ResumedTable",
    "ledger_player",
    "record_session",
    "resume_table",
    "seat_display_name",
]
