"""A match at the table: the session a user interface drives (humans and bots in seats).

`PlaySession` owns one match of one variant: the engine, the bots, the match progress, the
current deal and a `RecordBuilder`, so a played match yields the same ``openwhist.record/1``
record as `openwhist.services.simulate` (humans appear as ``"kind": "human"``).

The interface pulls **events** with `PlaySession.next_event` and renders them:

* `DealStarted` -- a new deal is dealt (after its chance action);
* `ActionPlayed` -- a seat (bot, human or auto-play) made a call or played a card;
* `TrickCompleted` -- a trick is complete, with its cards and winner;
* `DealScored` -- the deal is over: its `DealScore` and the `MatchProgress` after it;
* `MatchOver` -- the match is over, with its `GameRecord`;
* `HumanTurn` -- a human seat must act: its view and legal actions. The session waits:
  `next_event` returns the same turn until the interface calls `act` (or `undo`).

Bots see only ``engine.observe(state, seat)`` and the legal actions, as in `simulate` (a bot
that declares ``reads_view = False`` gets a `BlindView`, and no view is built for it).

**Undo** (table option ``undo``): `undo` takes back the last action of the human to act in
the current deal, together with every bot action made after it, provided no other human
acted since (hot-seat players cannot take back each other's moves) and the deal is not
over, and nothing before a shuffle (a redeal: the new cards are seen). Undone actions
never reach the record: it holds the deal as finally played.

**Auto-play** (table option ``autoplay``, `openwhist.services.autoplay`): ``True`` or
``"forced"`` -- when a human has exactly one legal card in trick play, the session plays it
and reports an `ActionPlayed` with ``auto=True``; ``"equivalent"`` -- also when every legal
card is equivalent (the lowest is played); ``False`` or ``"off"`` -- never. The value is
recorded as given in the record's ``table``.

**Claims** (`PlaySession.claim`): the human to act claims tricks for its side; the claim is
checked at once from its view (`openwhist.claims.check_claim`) and kept in the record
(format ``openwhist.record/2``). One the solver cannot prove is offered to the opponents
(`openwhist.claims.opponents_accept`): bots answer from their own views, humans through the
front end's ``ask``. An accepted claim ends the play: the rest of the deal is played out on
the real cards -- with best play after a proved claim, as conceded after a consented one --
reported as auto-played actions. ``on_change`` receives a `ClaimMade` for every claim, so a
ledger keeps it and a resumed deal keeps its claims (and a claim in force plays out).

**Hints** (`PlaySession.advise`): the strongest bot registered for the variant
(`hint_spec`: the highest `BotSpec.playing_strength` above 0, else none; by default
``expert``, a plugin's bot may declare a higher `BotSpec.strength`; the same bot fills the
default table's seats, see `default_seats`) is asked with the human seat's view and legal
actions only, and says why when it can (`Bot.explain`, a `Reason`).

**Persistence hook**: ``on_change`` (if given) is called with every `ActionPlayed` (chance
deals included, as ``DealStarted`` with their index in the deal: a redeal's comes after
the auction that passed out), every `Undone` and every `DealScored`, *as they
happen*, so a ledger can persist the in-progress deal action by action (deleting undone
actions) and each finished deal, and a killed process can resume (`resume_session`).

Randomness derives from ``random.Random(seed)`` exactly as `simulate.play_match` does (first
dealer, then the deck generator's seed; each bot seat's own stream `openwhist.bots.bot_rng`),
so a match of bots only reproduces `play_match` with the same seed.

Bots run in-process (trusted code) unless ``isolation`` puts them in worker processes that
see only the view and the legal actions (`openwhist.services.isolation`, ``--isolate-bots``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field, replace
from typing import Any

from openwhist.bots import bot_rng
from openwhist.bots.base import Bot, BotSpec, Reason
from openwhist.claims import (
    OPPONENTS,
    ClaimVerdict,
    check_claim,
    claim_playout,
    concession_playout,
    opponents_accept,
)
from openwhist.game.actions import Action, Play
from openwhist.game.engine import Engine
from openwhist.game.errors import IllegalActionError, InvalidNotationError, PluginContractError
from openwhist.game.messages import N_, Message
from openwhist.game.scoring import DealScore, MatchProgress
from openwhist.game.state import CHANCE, PHASE_PLAY, TERMINAL, DealState, TrickRecord
from openwhist.game.views import BlindView, PlayerView
from openwhist.plugins import Catalog
from openwhist.records import (
    ClaimRecord,
    DealRecord,
    GameRecord,
    PlayerRecord,
    RecordBuilder,
    claim_record,
)
from openwhist.services import UsageError
from openwhist.services.autoplay import OFF, autoplay_action, autoplay_mode
from openwhist.services.failures import failure_context
from openwhist.services.isolation import Isolation, SeatBots
from openwhist.services.simulate import DEFAULT_BOT, resolve_bot, resolve_house_rules

# -- seats -------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatSpec:
    """Who sits in one seat: a human (with a display name) or a bot by registered name,
    at one of its levels when it has levels (``level``; ``None``: its default)."""

    kind: str  # "human" or "bot"
    name: str
    bot: str | None = None
    level: str | None = None

    @property
    def is_human(self) -> bool:
        """True for a human seat."""
        return self.kind == "human"

    @property
    def bot_label(self) -> str | None:
        """``NAME`` or ``NAME:LEVEL`` for a bot seat, ``None`` for a human."""
        if self.bot is None:
            return None
        return self.bot if self.level is None else f"{self.bot}:{self.level}"

    @property
    def record_kind(self) -> str:
        """``human``, ``bot:NAME`` or ``bot:NAME:LEVEL``, as game records store it."""
        return "human" if self.bot is None else f"bot:{self.bot_label}"


def parse_seat(text: str, default_name: str) -> SeatSpec:
    """Read ``human``, ``human:NAME``, ``bot:NAME`` or ``bot:NAME:LEVEL`` (a bot's
    registered name and one of its levels) -- also a game record's player ``kind``.

    Only the form is checked here; `start_session` checks that the bot and the level exist.

    Raises:
        UsageError: anything else.
    """
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:  # bytes from the command line that are not UTF-8
            raise UsageError(
                Message(
                    N_("'{text}' is not a seat: it holds bytes that are not UTF-8 text"),
                    {"text": text},
                )
            ) from None
    kind, _, rest = text.strip().partition(":")
    kind = kind.lower()
    if kind == "human":
        return SeatSpec("human", rest.strip() or default_name)
    bot, sep, level = (part.strip() for part in rest.partition(":"))
    if kind == "bot" and bot and (level or not sep):
        return SeatSpec("bot", default_name, bot=bot, level=level or None)
    raise UsageError(
        Message(
            N_("'{text}' is not a seat: write human, human:NAME, bot:NAME or bot:NAME:LEVEL"),
            {"text": text},
        )
    )


def seat_index(key: str, seat_names: Sequence[str]) -> int:
    """The seat that ``key`` names: a seat name (any case) or a number from 1, as
    ``--seat SEAT=WHO`` takes it.

    Raises:
        UsageError: neither (naming the seats).
    """
    text = key.strip()
    for index, name in enumerate(seat_names):
        if text.lower() == name.lower():
            return index
    if text.isascii() and text.isdigit() and 1 <= int(text) <= len(seat_names):
        return int(text) - 1
    raise UsageError(
        Message(
            N_("unknown seat '{key}': use a seat name ({seats}) or a number from 1"),
            {"key": key, "seats": ", ".join(seat_names)},
        )
    )


# -- events ------------------------------------------------------------------------------


@dataclass(frozen=True)
class DealStarted:
    """A deal was dealt: ``number`` (1-based) in the match, dealt by ``dealer``.

    ``index`` is the chance action's 1-based index within the deal's actions: 1 for the
    first shuffle, more for a redeal within the same deal (a passed-out auction or Frisch
    gathers the cards and the same dealer deals again; the deal's history goes on), so a
    ledger logs it where it belongs instead of over the first deal.
    """

    number: int
    dealer: int
    notation: str
    index: int = 1

    @property
    def redeal(self) -> bool:
        """True for a redeal within the deal (not its first shuffle)."""
        return self.index > 1


@dataclass(frozen=True)
class ActionPlayed:
    """``seat`` made ``action`` (index ``index``, 1-based, within the deal's actions) in
    phase ``phase`` of the deal (``"play"`` for a card, or for a trick action such as a
    knock, in place of a card)."""

    deal: int
    index: int
    seat: int
    action: Action
    notation: str
    by_bot: bool
    auto: bool = False
    phase: str = ""


@dataclass(frozen=True)
class TrickCompleted:
    """A completed trick (``number`` is 1-based within the deal)."""

    number: int
    trick: TrickRecord


@dataclass(frozen=True)
class DealScored:
    """The deal is over: its score and the match progress after it."""

    score: DealScore
    progress: MatchProgress


@dataclass(frozen=True)
class MatchOver:
    """The match is over; ``record`` is its complete game record."""

    progress: MatchProgress
    record: GameRecord


@dataclass(frozen=True)
class HumanTurn:
    """A human seat must act; the session waits for `PlaySession.act`."""

    seat: int
    view: PlayerView
    legal: tuple[Action, ...]
    can_undo: bool


@dataclass(frozen=True)
class Undone:
    """Actions were taken back: the current deal now keeps its first ``keep`` actions."""

    deal: int
    keep: int
    seat: int


@dataclass(frozen=True)
class Hint:
    """A suggestion for the human to act: ``action`` (one of the legal actions), the name
    of the ``bot`` that suggests it, and its ``reason`` (``None`` when it cannot say)."""

    action: Action
    bot: str
    reason: Reason | None = None


@dataclass(frozen=True)
class ClaimMade:
    """A claim was made in deal ``deal`` and answered (``claim``: as the record keeps it,
    accepted or not), before any card of its play-out; ``index`` is its 1-based place
    among the deal's claims (after an undo, the claims that stand)."""

    deal: int
    index: int
    claim: ClaimRecord


Event = DealStarted | ActionPlayed | TrickCompleted | DealScored | MatchOver | HumanTurn
"""What `PlaySession.next_event` returns."""
Change = DealStarted | ActionPlayed | Undone | DealScored | ClaimMade
"""What ``on_change`` receives (for persistence)."""


# -- the session -------------------------------------------------------------------------


@dataclass
class _Snapshot:
    """The state before one non-chance action of the current deal, and who made it."""

    state: DealState[Any]
    seat: int
    human: bool
    completed: int


@dataclass
class PlaySession:
    """One match at the table (see the module docstring). Build it with `start_session`."""

    engine: Engine
    seats: tuple[SeatSpec, ...]
    bots: dict[int, Bot]
    hint_bot: BotSpec | None
    seed: int | None
    undo_allowed: bool = True
    autoplay: bool | str = False
    distribution: str | None = None
    version: str | None = None
    on_change: Callable[[Change], None] | None = None
    _rng: random.Random = field(init=False, repr=False)
    _chance: random.Random = field(init=False, repr=False)
    progress: MatchProgress = field(init=False)
    state: DealState[Any] | None = field(init=False, default=None)
    builder: RecordBuilder = field(init=False)
    first_dealer: int = field(init=False)
    _queue: list[Event] = field(init=False, default_factory=list)
    _undo: list[_Snapshot] = field(init=False, default_factory=list)
    _over: bool = field(init=False, default=False)
    _hint_player: Bot | None = field(init=False, default=None, repr=False)
    _forced: list[Action] = field(init=False, default_factory=list)
    _claims: list[ClaimRecord] = field(init=False, default_factory=list)
    _autoplay_mode: str = field(init=False, default=OFF)

    def __post_init__(self) -> None:
        engine = self.engine
        self._autoplay_mode = autoplay_mode(self.autoplay)
        if len(self.seats) != engine.seats:
            raise UsageError(
                Message(
                    N_("a {variant} match of {seats} seats, got {count}"),
                    {
                        "variant": engine.variant.name,
                        "seats": engine.seats,
                        "count": len(self.seats),
                    },
                )
            )
        if self.seed is None:
            # No seed asked for: the cards come from the OS CSPRNG and no seed is stored,
            # so nobody at the table can compute the deals still to come (from the
            # ledger, say). The record still holds every deck order, so it replays.
            self._rng = random.SystemRandom()
            self.first_dealer = self.engine.choose_first_dealer(self._rng)
            self._chance = random.SystemRandom()
        else:
            self._rng = random.Random(self.seed)
            self.first_dealer = self.engine.choose_first_dealer(self._rng)
            self._chance = random.Random(self._rng.getrandbits(64))
        self.builder = RecordBuilder(
            self.engine,
            first_dealer=self.first_dealer,
            seed=self.seed,
            players=[
                PlayerRecord(seat=s, name=spec.name, kind=spec.record_kind)
                for s, spec in enumerate(self.seats)
            ],
            distribution=self.distribution,
            version=self.version,
            table=self.table_options if self.humans else {},
        )
        self.progress = self.engine.start_match(self.first_dealer)

    # -- properties ----------------------------------------------------------------------

    @property
    def variant_name(self) -> str:
        """The variant's registered name."""
        return self.engine.variant.name

    @property
    def humans(self) -> tuple[int, ...]:
        """The human seats."""
        return tuple(s for s, spec in enumerate(self.seats) if spec.is_human)

    @property
    def finished(self) -> bool:
        """True once the match is over."""
        return self._over

    @property
    def table_options(self) -> dict[str, Any]:
        """The table's own options (not rules): for the ledger and the screen."""
        return {"undo": self.undo_allowed, "autoplay": self.autoplay}

    def observe(self, seat: int) -> PlayerView | None:
        """``seat``'s view of the current deal (``None`` between matches)."""
        return None if self.state is None else self.engine.observe(self.state, seat)

    # -- the loop ------------------------------------------------------------------------

    def next_event(self) -> Event:
        """Advance until something happens and return it (see the module docstring).

        Raises:
            PluginContractError: a bot chose an illegal action, or a deal ran past the
                variant's ``max_actions``.
            PlayFailureError: a bot or a rule hook raised anything else (naming the plugin, the
                variant, the seed and the deal).
        """
        with self._failures():
            while not self._queue:
                self._step()
        event = self._queue[0]
        if not isinstance(event, HumanTurn):
            self._queue.pop(0)
        return event

    def queued(self) -> bool:
        """Whether an event is waiting to be returned by `next_event` (which then only
        returns it: nothing is played, dealt or scored to make it)."""
        return bool(self._queue)

    def _failures(self) -> AbstractContextManager[None]:
        """`failure_context` for this match: its variant, seed and current deal."""
        provider = None
        if self.distribution:
            provider = f"{self.distribution} {self.version}" if self.version else self.distribution
        return failure_context(
            variant=self.variant_name, provider=provider, seed=self.seed, deal=self._deal_number
        )

    def _deal_number(self) -> int:
        return self.state.context.number if self.state is not None else self.progress.deals + 1

    def _step(self) -> None:
        if self._over:
            raise PluginContractError(Message(N_("the match is over")))
        state = self.state
        if state is None:
            state = self.engine.next_deal(self.progress)
            self.state = state
            self._undo.clear()
        actor = state.to_act
        if actor == CHANCE:
            deal = self.engine.sample_chance(state, self._chance)
            new = self.engine.apply_unchecked(state, deal)
            self.state = new
            # Nothing before a shuffle can be taken back: undoing the pass that caused a
            # redeal would let a player see the new cards, then ask for other ones.
            self._undo.clear()
            event = DealStarted(
                state.context.number, state.context.dealer, deal.notation(), len(new.history)
            )
            self._queue.append(event)
            self._notify(event)
            return
        if actor == TERMINAL:
            self._finish_deal(state)
            return
        if len(state.history) > self.engine.variant.max_actions:
            raise PluginContractError(
                Message(
                    N_(
                        "{variant}: deal {number} still running after {max_actions} "
                        "actions (max_actions)"
                    ),
                    {
                        "variant": self.variant_name,
                        "number": state.context.number,
                        "max_actions": self.engine.variant.max_actions,
                    },
                )
            )
        legal = self.engine.legal_actions(state, actor)
        if self._forced:
            # An accepted claim: the rest of the deal as `claim_playout` played it.
            self._apply(actor, self._forced.pop(0), by_bot=actor in self.bots, auto=True)
            return
        bot = self.bots.get(actor)
        if bot is not None:
            # A bot that declares it reads no view gets a blind one (`Bot.reads_view`).
            view = (
                self.engine.observe(state, actor)
                if bot.reads_view
                else BlindView(f"bot {self.seats[actor].bot!r}")
            )
            action = bot.choose(view, legal)
            if action not in legal:
                raise PluginContractError(
                    Message(
                        N_("bot '{bot}' chose {action}, which is not legal (legal: {legal})"),
                        {
                            "bot": str(self.seats[actor].bot),
                            "action": str(action),
                            "legal": " ".join(a.notation() for a in legal),
                        },
                    )
                )
            self._apply(actor, action, by_bot=True)
            return
        if self._autoplay_mode != OFF and state.phase == PHASE_PLAY:
            standard = "whist_trick_winner" in self.engine.rules.standard_steps(self.engine.options)
            auto = autoplay_action(
                self.engine.observe(state, actor),
                legal,
                self._autoplay_mode,
                standard_ranking=standard,
            )
            if auto is not None:
                self._apply(actor, auto, by_bot=False, auto=True)
                return
        self._queue.append(
            HumanTurn(actor, self.engine.observe(state, actor), legal, self.can_undo(actor))
        )

    def _apply(self, seat: int, action: Action, *, by_bot: bool, auto: bool = False) -> None:
        state = self.state
        assert state is not None
        self._undo.append(_Snapshot(state, seat, not by_bot, len(state.completed)))
        new = self.engine.apply_unchecked(state, action)
        self.state = new
        event = ActionPlayed(
            deal=state.context.number,
            index=len(new.history),
            seat=seat,
            action=action,
            notation=action.notation(),
            by_bot=by_bot,
            auto=auto,
            phase=state.phase,
        )
        self._queue.append(event)
        self._notify(event)
        if len(new.completed) > len(state.completed):
            self._queue.append(TrickCompleted(len(new.completed), new.completed[-1]))

    def _finish_deal(self, state: DealState[Any]) -> None:
        score = self.engine.score(state)
        self.progress = self.engine.advance_match(self.progress, score)
        self.builder.add_deal(state, score, self.progress, claims=self._claims)
        self._claims = []
        self.state = None
        self._undo.clear()
        scored = DealScored(score, self.progress)
        self._queue.append(scored)
        self._notify(scored)
        if self.progress.finished:
            self._over = True
            self._queue.append(MatchOver(self.progress, self.builder.build(self.progress)))

    def _notify(self, change: Change) -> None:
        if self.on_change is not None:
            self.on_change(change)

    # -- what a human can do -------------------------------------------------------------

    def _turn(self) -> HumanTurn:
        if not self._queue or not isinstance(self._queue[0], HumanTurn):
            raise IllegalActionError(Message(N_("no human is to act now")))
        return self._queue[0]

    def claim(
        self,
        tricks: int | None = None,
        *,
        ask: Callable[[int, ClaimVerdict], bool] | None = None,
    ) -> ClaimVerdict:
        """The human to act claims ``tricks`` of the remaining tricks for its side (``None``:
        all of them), checked at once from its view (`openwhist.claims.check_claim`).

        A claim the solver cannot prove goes to the opponents
        (`openwhist.claims.opponents_accept`): each bot opponent answers from its own view;
        each human opponent is asked through ``ask(seat, verdict)`` (``None``: human
        opponents are not asked, and do not accept).

        Accepted: the turn is answered and the next events play the rest of the deal on
        the real cards (`claim_playout` after a proof, `concession_playout` after the
        opponents' consent), as auto-played actions. Refused: the same `HumanTurn` is
        still pending. Either way the claim goes into the record and to ``on_change``.

        Raises:
            IllegalActionError: no human is to act now.
        """
        turn = self._turn()
        state = self.state
        assert state is not None
        with self._failures():
            verdict = check_claim(self.engine, state, turn.seat, tricks)
            if verdict.opponents_may_accept:
                verdict = opponents_accept(
                    self.engine, state, verdict, bots=tuple(self.bots), ask=ask, seed=0
                )
        record = claim_record(verdict, after=len(state.history))
        self._claims.append(record)
        # Kept (in a ledger) before any card of the play-out, so a resumed deal has it.
        self._notify(ClaimMade(state.context.number, len(self._claims), record))
        if verdict.accepted:
            with self._failures():
                self._forced = self._playout(state, record)
            self._queue.pop(0)
            self._undo.clear()  # an accepted claim is not taken back
        return verdict

    def _playout(self, state: DealState[Any], claim: ClaimRecord) -> list[Action]:
        """The rest of the deal from ``state`` after the accepted ``claim``."""
        if claim.by == OPPONENTS:
            return concession_playout(self.engine, state, claim.seat, claim.tricks)[1]
        return claim_playout(self.engine, state)[1]

    def restore_claims(self, claims: Sequence[ClaimRecord]) -> None:
        """Put back the claims of the deal in progress of a resumed match (in the order
        made), each at its ``after``: an accepted one is in force again -- its play-out
        is computed again from the position where it was made (the same cards: both
        play-outs are deterministic) and the cards of it already played are skipped.

        When the cards logged after an accepted claim are not the play-out computed again
        (another version of the search), the play-out goes on from where the deal stands.

        Raises:
            PluginContractError: a claim after more actions than the deal has.
        """
        state = self.state
        self._claims = list(claims)
        accepted = [c for c in claims if c.accepted]
        if state is None or not accepted:
            return
        claim = accepted[-1]
        history = state.history
        if claim.after > len(history):
            raise PluginContractError(
                Message(
                    N_("a claim after action {after}, but the deal has {count} actions"),
                    {"after": claim.after, "count": len(history)},
                )
            )
        start = self.engine.next_deal(self.progress)
        for action in history[: claim.after]:
            start = self.engine.apply_unchecked(start, action)
        line = self._playout(start, claim)
        played = list(history[claim.after :])
        if line[: len(played)] == played:
            self._forced = line[len(played) :]
        else:
            # The play-out differs from the cards logged (another version of the search
            # found another line): go on from where the deal stands, with what is left of
            # the claim.
            done = len(start.completed)
            taken = sum(1 for r in state.completed[done:] if (r.winner - claim.seat) % 2 == 0)
            rest = claim.model_copy(update={"tricks": max(claim.tricks - taken, 0)})
            self._forced = self._playout(state, rest)
        self._queue.clear()
        self._undo.clear()

    def parse(self, text: str) -> Action:
        """Read ``text`` as an action of the current phase (cards: ``qh``, ``10d``, ``Q♥``).

        Raises:
            InvalidNotationError: with the reason.
            IllegalActionError: no human is to act now.
        """
        self._turn()
        assert self.state is not None
        text = text.strip()
        if not text:
            raise InvalidNotationError(Message(N_("nothing entered")))
        return self.engine.parse_action(self.state, text)

    def act(self, action: Action | str) -> ActionPlayed:
        """The human to act makes ``action`` (an `Action` or its notation).

        Raises:
            InvalidNotationError: text that does not parse in this phase.
            IllegalActionError: an action the rules forbid now, with the legal ones; the
                deal is unchanged and the same `HumanTurn` is still pending.
            PlayFailureError: a rule hook raised anything else.
        """
        turn = self._turn()
        with self._failures():
            if isinstance(action, str):
                action = self.parse(action)
            if action not in turn.legal:
                assert self.state is not None
                # The engine's check phrases the reason and lists the legal alternatives.
                self.engine.apply(self.state, action, seat=turn.seat)
                raise IllegalActionError(  # pragma: no cover - apply raised already
                    Message(N_("{action} is not legal now"), {"action": str(action)}),
                    legal=[a.notation() for a in turn.legal],
                )
            self._queue.pop(0)
            self._apply(turn.seat, action, by_bot=False)
        event = self._queue[0]
        assert isinstance(event, ActionPlayed)
        return event

    def seat_bot(self, seat: int, spec: SeatSpec, bot: Bot) -> None:
        """Let ``bot`` (described by ``spec``, a bot seat) play ``seat`` from now on -- a
        table's host giving an absent player's seat to a bot. A turn of that seat already
        announced (`HumanTurn`) is withdrawn, so the next event is the bot's. The match's
        record keeps the players it started with.

        Raises:
            UsageError: no such seat, or ``spec`` is not a bot.
        """
        if not 0 <= seat < len(self.seats) or spec.bot is None:
            raise UsageError(
                Message(
                    N_("seat {seat} cannot be given to '{bot_label}'"),
                    {"seat": seat, "bot_label": str(spec.bot_label)},
                )
            )
        self.bots[seat] = bot
        self.seats = tuple(spec if s == seat else old for s, old in enumerate(self.seats))
        if self._queue and isinstance(self._queue[0], HumanTurn) and self._queue[0].seat == seat:
            self._queue.pop(0)

    def seat_back(self, seat: int, spec: SeatSpec) -> None:
        """Give ``seat`` back to the human ``spec`` after `seat_bot` (its player
        returned): its bot stops, and the seat's next turn is a `HumanTurn` again.

        Raises:
            UsageError: no such seat, or ``spec`` is not a human.
        """
        if not 0 <= seat < len(self.seats) or not spec.is_human:
            raise UsageError(
                Message(
                    N_("seat {seat} cannot be given back to '{spec}'"),
                    {"seat": seat, "spec": spec.name},
                )
            )
        self.bots.pop(seat, None)
        self.seats = tuple(spec if s == seat else old for s, old in enumerate(self.seats))

    def can_undo(self, seat: int) -> bool:
        """True if `undo` would take back ``seat``'s last action now."""
        return self._undo_point(seat) is not None

    def _undo_point(self, seat: int) -> int | None:
        if not self.undo_allowed or self.state is None or self.state.to_act != seat:
            return None
        for i in range(len(self._undo) - 1, -1, -1):
            snap = self._undo[i]
            if snap.human and snap.seat == seat:
                return i
            if snap.human:
                return None  # another human acted since: not ours to take back
        return None

    def undo(self) -> Undone:
        """Take back the last action of the human to act (and the bots' replies after it).

        Raises:
            IllegalActionError: undo is off for this table, or there is nothing of this
                human's to take back in this deal, or another human acted since.
        """
        turn = self._turn()
        if not self.undo_allowed:
            raise IllegalActionError(Message(N_("undo is off at this table (table option undo)")))
        point = self._undo_point(turn.seat)
        if point is None:
            raise IllegalActionError(
                Message(N_("there is no action of yours to take back in this deal"))
            )
        snap = self._undo[point]
        del self._undo[point:]
        self.state = snap.state
        # A claim made after the position played again would be checked, on replay, where
        # another line of play now stands: it goes with the moves taken back.
        self._claims = [c for c in self._claims if c.after <= len(snap.state.history)]
        self._queue.clear()
        change = Undone(snap.state.context.number, len(snap.state.history), turn.seat)
        self._notify(change)
        return change

    def advise(self) -> Hint | None:
        """What the hint bot (``hint_bot``: the variant's strongest, see `hint_spec`) would
        do for the human to act, and why; ``None`` when no bot gives hints for this variant.

        The bot sees only that seat's view and the legal actions (`suggest`), so a hint
        never depends on cards hidden from the player. The same bot (seeded with 0) answers
        every hint of the session, so asking twice gives the same answer.

        Raises:
            IllegalActionError: no human is to act now.
        """
        turn = self._turn()
        if self.hint_bot is None:
            return None
        with self._failures():
            if self._hint_player is None:
                self._hint_player = self.hint_bot.factory(self.variant_name, random.Random(0))
            return suggest(self._hint_player, self.hint_bot.name, turn.view, turn.legal)

    def hint(self) -> Action | None:
        """The action of `advise` alone (``None`` when there is no hint)."""
        advice = self.advise()
        return None if advice is None else advice.action

    def record(self) -> GameRecord:
        """The match's record so far: an unfinished deal in progress is included as the
        last deal (no score), as a record of an abandoned match."""
        builder = RecordBuilder(
            self.engine,
            first_dealer=self.first_dealer,
            seed=self.seed,
            players=self.builder.players,
            distribution=self.distribution,
            version=self.version,
            table=self.table_options if self.humans else {},
        )
        builder.deals = list(self.builder.deals)
        if self.state is not None and self.state.history:
            builder.add_deal(self.state, None, None, claims=self._claims)
        return builder.build(self.progress)


# -- building a session ------------------------------------------------------------------


def hint_spec(catalog: Catalog, variant: str) -> BotSpec | None:
    """The bot that gives hints for ``variant``: the registered bot of the highest
    `BotSpec.playing_strength` -- by default ``expert`` (20), else ``heuristic`` (10) --
    the first registered among equals; ``None`` when every bot has strength 0 (``random``
    alone gives no hints: a random card is no advice)."""
    best: BotSpec | None = None
    for spec in catalog.bots_for(variant):
        if spec.playing_strength > 0 and (
            best is None or spec.playing_strength > best.playing_strength
        ):
            best = spec
    return best


def suggest(bot: Bot, name: str, view: PlayerView, legal: tuple[Action, ...]) -> Hint | None:
    """Ask ``bot`` (registered as ``name``) what to do with ``view`` and ``legal``: its
    `Bot.choose`, then its `Bot.explain`. ``None`` when it picks an action not in ``legal``
    (a faulty plugin gives no hint rather than a wrong one); a reason that is not a
    `Reason` is dropped. Nothing but the view and the legal actions reaches the bot."""
    choice = bot.choose(view, legal)
    if choice not in legal:
        return None
    reason = bot.explain(view, legal, choice)
    return Hint(choice, name, reason if isinstance(reason, Message) else None)


def default_bot(catalog: Catalog, variant: str) -> str:
    """The bot that fills the default table's other seats for ``variant``, chosen by
    declared data only (never by a bot's name): the variant's strongest registered bot
    (`hint_spec`: highest `BotSpec.playing_strength`, the first registered among equals),
    or, when no bot of the variant has a strength above 0, the variant's own
    `Variant.default_bot` (the bot ``whist simulate`` seats too)."""
    strongest = hint_spec(catalog, variant)
    if strongest is not None:
        return strongest.name
    return catalog.variant(variant).default_bot or DEFAULT_BOT


def default_seats(catalog: Catalog, variant: str, seats: int, names: Sequence[str]) -> list[str]:
    """The default table: a human in seat 0, `default_bot` in every other seat (at its
    default level when it has levels)."""
    return ["human"] + [f"bot:{default_bot(catalog, variant)}"] * (seats - 1)


def start_session(
    catalog: Catalog,
    variant: str,
    *,
    options: Mapping[str, Any] | None = None,
    house_rules: Sequence[str] = (),
    seats: Sequence[str] | Mapping[int, str] = (),
    names: Mapping[int, str] | None = None,
    seed: int | None = None,
    undo: bool = True,
    autoplay: bool | str = False,
    on_change: Callable[[Change], None] | None = None,
    isolation: Isolation | None = None,
    players: int | None = None,
) -> PlaySession:
    """Resolve a variant, options, house rules and seats into a `PlaySession`.

    Args:
        catalog: the plugin catalog.
        variant: a variant name or alias.
        options: raw option values, validated by the variant's model (field by field).
        house_rules: names of house rules to enable.
        seats: one ``human`` / ``human:NAME`` / ``bot:NAME`` / ``bot:NAME:LEVEL`` per seat
            in seat order, or a mapping seat index -> spec for some seats (the rest
            default: see `default_seats`). Empty: the default table. A bot with levels
            named without one plays its default level, which the session's seats (and so
            the record) then name.
        names: display names by seat (default: the variant's seat names).
        seed: the match's seed (repeatable deals); ``None``: the OS CSPRNG shuffles and no
            seed is stored.
        undo: allow `PlaySession.undo`.
        autoplay: the auto-play mode (`openwhist.services.autoplay`): ``True`` or
            ``"forced"``, ``"equivalent"``, ``False`` or ``"off"``.
        on_change: called with every action as it happens (for persistence).
        isolation: which bots run in worker processes (`openwhist.services.isolation`); ``None``:
            in-process.
        players: the number of seats (``--players N``, one of `Variant.allowed_seats`;
            ``None``: the variant's default count). ``seats`` then gives one spec per seat
            of that count.

    Raises:
        UnknownVariantError, OptionsError, UsageError: a bad request, explained.
        SeatCountError: a number of players the variant does not seat (an OptionsError).
        UnknownBotLevelError: a level a bot does not have (naming its levels).
    """
    the_variant = catalog.variant(variant)
    entry = catalog.variants[the_variant.name]
    rules = resolve_house_rules(catalog, the_variant.name, house_rules)
    engine = Engine(
        the_variant, the_variant.make_options(options or {}), house_rules=rules, seats=players
    )
    count = engine.seats
    seat_names = engine.seat_names
    chosen = default_seats(catalog, the_variant.name, count, seat_names)
    if isinstance(seats, Mapping):
        for index, spec in seats.items():
            if not 0 <= index < count:
                raise UsageError(
                    Message(
                        N_("{variant} has no seat {index}"),
                        {"variant": the_variant.name, "index": index},
                    )
                )
            chosen[index] = spec
    elif seats:
        if len(seats) != count:
            raise UsageError(
                Message(
                    N_("a {variant} match of {count} seats: give one spec per seat"),
                    {"variant": the_variant.name, "count": count},
                )
            )
        chosen = list(seats)
    names = dict(names or {})
    specs, seated = seat_bots(
        catalog,
        the_variant.name,
        [parse_seat(text, names.get(s, seat_names[s])) for s, text in enumerate(chosen)],
    )
    # Same derivation as simulate.play_match: dealer, deck, then each seat's own stream.
    table = SeatBots(catalog, the_variant.name, seat_names, isolation)
    with failure_context(
        variant=the_variant.name,
        provider=f"{entry.distribution} {entry.version}",
        seed=seed,
        deal=lambda: 1,
    ):
        bots = _bots_for_seats(seated, count, the_variant.name, seed, table)
    return PlaySession(
        engine=engine,
        seats=specs,
        bots=bots,
        hint_bot=hint_spec(catalog, the_variant.name),
        seed=seed,
        undo_allowed=undo,
        autoplay=autoplay,
        distribution=entry.distribution,
        version=entry.version,
        on_change=on_change,
    )


def seat_bots(
    catalog: Catalog, variant: str, specs: Sequence[SeatSpec]
) -> tuple[tuple[SeatSpec, ...], dict[int, BotSpec]]:
    """Check each bot seat's bot and level, and settle the level: the seats again, a bot
    with levels always with its level (the default when none was named, so the game record
    and the ledger say which level played and a resumed match rebuilds the same bot), and
    each bot seat's spec set to that level (`BotSpec.with_level`).

    Raises:
        UsageError: a bot that cannot play ``variant`` (naming the ones that can).
        UnknownBotLevelError: a level the bot does not have (naming its levels).
    """
    seats: list[SeatSpec] = []
    bots: dict[int, BotSpec] = {}
    for s, seat in enumerate(specs):
        if seat.bot_label is None:
            seats.append(seat)
            continue
        spec = resolve_bot(catalog, variant, seat.bot_label)
        bots[s] = spec
        seats.append(replace(seat, level=spec.default_level))
    return tuple(seats), bots


def _bots_for_seats(
    specs: Mapping[int, BotSpec], seats: int, variant: str, seed: int | None, table: SeatBots
) -> dict[int, Bot]:
    """The seats' bots (``specs``: by seat, from `seat_bots`), built by ``table`` (in-process
    or isolated), each with its seat's stream `bot_rng` of the match's seed -- of a seed
    from the OS CSPRNG for an unseeded match."""
    key = seed if seed is not None else random.SystemRandom().getrandbits(64)
    return {s: table.build(s, spec, bot_rng(key, s)) for s, spec in specs.items() if s < seats}


def resume_session(
    catalog: Catalog,
    engine: Engine,
    *,
    seats: Sequence[SeatSpec],
    seed: int | None,
    first_dealer: int,
    progress: MatchProgress,
    state: DealState[Any] | None,
    deals: Sequence[DealRecord] = (),
    undo: bool = True,
    autoplay: bool | str = False,
    on_change: Callable[[Change], None] | None = None,
    isolation: Isolation | None = None,
    claims: Sequence[ClaimRecord] = (),
) -> PlaySession:
    """A `PlaySession` that continues a stored match (``whist resume``) where it stopped.

    ``progress`` is the progress after the last completed deal, ``state`` the current deal
    after its logged actions (a fresh deal when none were logged; ``None`` when the match
    is over), ``deals`` the completed deals' records (so the session's game record holds
    the whole match). The bots are seeded as `start_session` seeded them; the deals still
    to be shuffled use a generator seeded from the match's seed and the deal number, so
    resuming the same match at the same point twice deals the same cards (but not the
    cards an uninterrupted run would have dealt: nothing about the future is stored).
    Actions made before the resume cannot be undone. Each bot seat rebuilds its bot at the
    level in ``seats`` (as the record stores it: ``bot:expert:3``), or at the default level
    when the seat names none (a match recorded before the bot had levels). ``claims`` are
    the deal in progress's claims (`PlaySession.restore_claims`): an accepted one plays out.

    Raises:
        UsageError: a seat's bot is no longer installed for the variant.
        UnknownBotLevelError: the bot no longer has the seat's level.
    """
    name = engine.variant.name
    entry = catalog.variants.get(name)
    settled, seated = seat_bots(catalog, name, seats)
    with failure_context(
        variant=name,
        provider=f"{entry.distribution} {entry.version}" if entry is not None else None,
        seed=seed,
        deal=lambda: progress.deals + 1,
    ):
        bots = _bots_for_seats(
            seated,
            len(settled),
            name,
            seed,
            SeatBots(catalog, name, engine.seat_names, isolation),
        )
    session = PlaySession(
        engine=engine,
        seats=settled,
        bots=bots,
        hint_bot=hint_spec(catalog, name),
        seed=seed,
        undo_allowed=undo,
        autoplay=autoplay,
        distribution=entry.distribution if entry is not None else None,
        version=entry.version if entry is not None else None,
        on_change=on_change,
    )
    session.first_dealer = first_dealer
    session.builder.first_dealer = first_dealer
    session.builder.deals = list(deals)
    session.progress = progress
    session.state = state
    number = state.context.number if state is not None else progress.deals + 1
    logged = len(state.history) if state is not None else 0
    session._chance = (
        random.Random(f"openwhist-resume:{seed}:{number}:{logged}")
        if seed is not None
        else random.SystemRandom()
    )
    session._over = state is None or progress.finished
    if not session._over:
        session.restore_claims(claims)
    if session._over:
        session._queue.append(MatchOver(progress, session.builder.build(progress)))
    return session


def is_card_play(action: Action) -> bool:
    """True for a card played to a trick (as opposed to a call or a selection)."""
    return isinstance(action, Play)


__all__ = [
    "ActionPlayed",
    "Change",
    "ClaimMade",
    "DealScored",
    "DealStarted",
    "Event",
    "Hint",
    "HumanTurn",
    "MatchOver",
    "PlaySession",
    "SeatSpec",
    "TrickCompleted",
    "Undone",
    "default_bot",
    "default_seats",
    "hint_spec",
    "is_card_play",
    "parse_seat",
    "resume_session",
    "seat_bots",
    "seat_index",
    "start_session",
    "suggest",
]
