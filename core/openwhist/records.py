"""Game records: one versioned JSON document per match, and its checked replay.

A record is the unit of replay, export, bug reports and regression tests
(docs/architecture.md#the-state-model, "State and rules machinery"). It holds everything needed to
rebuild the match exactly -- the variant and its options, the house rules, the players, the first
dealer and, deal by deal, every action in notation (the chance action ``deal AS KS ...`` included,
so a record never depends on a random number generator) -- plus what the rules made of it: each
deal's score, the match progress after it, and the final result. `replay_record` rebuilds every deal
with the engine's *checked* `Engine.apply`, recomputes the scores and the progress, and compares
them with the stored ones, so a record is also a regression test of the rules.

The format is documented field by field in docs/records.md. Its id travels inside the
document (``"format": "openwhist.record/1"``); a reader accepts exactly the versions it
knows.

**Indices are 1-based everywhere**: deal ``i`` is ``deals[i - 1]`` (and its ``number`` is
``i``), action ``j`` is ``deals[i - 1].actions[j - 1]`` (action 1 is the chance deal). A
`RecordError` carries them as ``deal`` and ``action``.

>>> from openwhist.testing.toy import TOY
>>> import random
>>> engine = Engine(TOY)
>>> builder = RecordBuilder(engine, first_dealer=0, seed=None)
>>> progress = engine.start_match(0)
>>> state = engine.next_deal(progress)
>>> rng = random.Random(3)
>>> while not state.is_terminal:
...     legal = engine.legal_actions(state)
...     action = engine.sample_chance(state, rng) if not legal else legal[0]
...     state = engine.apply(state, action)
>>> score = engine.score(state)
>>> progress = engine.advance_match(progress, score)
>>> builder.add_deal(state, score, progress)
>>> record = builder.build(progress)
>>> record.format
'openwhist.record/1'
>>> len(record.deals[0].actions)  # the deal, then 52 cards
53
>>> replay = replay_record(load_record(record.to_json()), {"standard": TOY})
>>> replay.deals[0].state == state
True
"""

from __future__ import annotations

import itertools
import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    ValidationError,
    model_serializer,
)

from openwhist.game.actions import Play
from openwhist.game.cards import card_name
from openwhist.game.engine import Engine
from openwhist.game.errors import (
    IllegalActionError,
    InvalidNotationError,
    OptionsError,
    RecordError,
    SeatCountError,
    UnknownVariantError,
)
from openwhist.game.messages import Message
from openwhist.game.scoring import DealScore, MatchProgress
from openwhist.game.state import TERMINAL, DealState
from openwhist.game.variant import HouseRule, Variant

if TYPE_CHECKING:
    # Only for annotations: `openwhist.claims` loads the solver, which a record read or
    # written without a claim never needs (``whist simulate`` and the reports start faster).
    from openwhist.claims import ClaimVerdict

FORMAT_NAME = "openwhist.record"
"""The format family; the version follows a slash."""
FORMAT_VERSION = 1
"""The version this module writes and reads."""
RECORD_FORMAT = f"{FORMAT_NAME}/{FORMAT_VERSION}"
"""The format id written into every record without a claim: ``openwhist.record/1``."""
CLAIMS_FORMAT = f"{FORMAT_NAME}/2"
"""The format id of a record holding a claim (version 2 adds `DealRecord.claims`); a
record without one is still written as version 1, byte for byte as before."""
FORMATS = (RECORD_FORMAT, CLAIMS_FORMAT)
"""The format ids this module reads."""

_KIND_PATTERN = r"^(human|bot:[A-Za-z0-9_.\-]+(:[A-Za-z0-9_.\-]+)?)$"


class _Strict(BaseModel):
    # Unknown fields are errors: a record is an exact artefact, and a typo in a hand-edited
    # record must not pass silently. A new field means a new format version.
    model_config = ConfigDict(frozen=True, extra="forbid")


class PlayerRecord(_Strict):
    """One seat's player."""

    seat: int = Field(ge=0, description="the seat, 0-based as in the engine")
    name: str = Field(description="the player's display name")
    kind: str = Field(
        pattern=_KIND_PATTERN,
        description="``human``, ``bot:NAME`` (a registered bot) or ``bot:NAME:LEVEL`` (a bot "
        "with levels, at that level)",
    )


class ClaimRecord(_Strict):
    """A claim made during a deal (format version 2), and the verdict it got."""

    seat: int = Field(ge=0, description="the claimant")
    tricks: int = Field(ge=0, description="tricks claimed for its side, of the remaining ones")
    after: int = Field(
        ge=1,
        description="how many of the deal's actions had been played when the claim was made "
        "(1: just after the chance deal)",
    )
    accepted: bool = Field(description="whether the claim was accepted (openwhist.claims)")
    reason: str = Field(default="", description="the verdict's reason, in English")
    by: Literal["solver", "opponents"] = Field(
        default="solver",
        description="``solver``: proved (or refused) by the solver from the claimant's view; "
        "``opponents``: the solver could not prove it and the opponents accepted (or refused) "
        "it -- replay does not prove it again. Left out when ``solver``",
    )

    @model_serializer(mode="wrap")
    def _without_default_by(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # A claim the solver answered is written as before the field existed.
        data: dict[str, Any] = handler(self)
        if self.by == "solver":
            data.pop("by", None)
        return data


class DealRecord(_Strict):
    """One deal: who dealt, every action in notation, and what it scored."""

    number: int = Field(ge=1, description="1-based deal number within the match")
    dealer: int = Field(ge=0, description="the dealing seat")
    actions: list[str] = Field(
        description="every action in notation, in order; the first is the chance deal"
    )
    score: dict[str, Any] | None = Field(
        default=None,
        description="`DealScore.as_dict()` of the finished deal; null only for an unfinished "
        "last deal",
    )
    progress: dict[str, Any] | None = Field(
        default=None,
        description="`MatchProgress.as_dict()` after this deal; null only for an unfinished "
        "last deal",
    )
    claims: list[ClaimRecord] = Field(
        default_factory=list,
        description="claims made during the deal, in order (format version 2; left out "
        "when there are none)",
    )

    @model_serializer(mode="wrap")
    def _without_no_claims(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # A deal without claims is written exactly as format version 1 writes it.
        data: dict[str, Any] = handler(self)
        if not self.claims:
            data.pop("claims", None)
        return data


class ResultRecord(_Strict):
    """Where the match stands after the last recorded deal."""

    finished: bool = Field(description="true if the match reached its end")
    winner: int | None = Field(description="the winning party (index into parties), or null")
    parties: list[str] = Field(description="the scoring parties' names")
    totals: list[int] = Field(description="running totals per party (variant-defined meaning)")
    deals: int = Field(ge=0, description="deals completed")
    summary: str = Field(description="one human-readable line")

    @classmethod
    def from_progress(cls, progress: MatchProgress) -> ResultRecord:
        """The result as the match progress states it."""
        return cls(
            finished=progress.finished,
            winner=progress.winner,
            parties=list(progress.parties),
            totals=list(progress.totals),
            deals=progress.deals,
            summary=progress.summary,
        )


class GameRecord(_Strict):
    """A whole match, in format ``openwhist.record/1`` (docs/records.md)."""

    format: str = Field(description="the format id, ``openwhist.record/1``")
    variant: str = Field(description="the variant's registered name")
    variant_distribution: str | None = Field(
        default=None, description="the distribution that provided the variant"
    )
    variant_version: str | None = Field(default=None, description="that distribution's version")
    options: dict[str, Any] = Field(description="every rule option, defaults included")
    house_rules: list[str] = Field(default_factory=list, description="enabled house rules")
    seats: int | None = Field(
        default=None,
        ge=1,
        description="the number of seats of the match, written only when it is not the "
        "variant's default count (absent: the default, `Variant.seats`)",
    )
    players: list[PlayerRecord] = Field(description="one entry per seat, in seat order")
    first_dealer: int = Field(ge=0, description="the dealer of deal 1")
    seed: int | None = Field(
        default=None, description="the seed the match's randomness came from, if any"
    )
    deals: list[DealRecord] = Field(description="the deals, in order")
    result: ResultRecord = Field(description="the match result after the last deal")
    table: dict[str, Any] = Field(
        default_factory=dict,
        description=(
            "the table's own settings, which are not rules: e.g. whether players could "
            "take back a move (undo) and whether a lone legal card was played for them "
            "(autoplay); empty for bot-only runs"
        ),
    )

    @model_serializer(mode="wrap")
    def _without_default_seats(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # ``seats`` is written only for a match at another count than the variant's default,
        # so every record of a default-count match reads exactly as before the field.
        data: dict[str, Any] = handler(self)
        if data.get("seats") is None:
            data.pop("seats", None)
        return data

    def to_json(self) -> str:
        """Compact JSON (one line): what a JSON-lines file holds."""
        return self.model_dump_json()


# -- reading -------------------------------------------------------------------------------


MAX_DEPTH = 32
"""The deepest nesting of arrays and objects a record may have. A real record nests about
seven levels (record, deals, a deal, its score, its lines, a line, a value); the bound keeps
a hostile document from exhausting the interpreter's stack in any later step."""

MAX_INT_DIGITS = 4300
"""The longest integer literal a record may hold (digits): Python's own limit for turning
text into an integer (`sys.get_int_max_str_digits`), so every integer read can be printed."""


class _JsonLimitError(ValueError):
    """A JSON text that is well formed but beyond what a record may hold."""


def _parse_int(text: str) -> int:
    digits = len(text) - text.startswith("-")
    limit = min(MAX_INT_DIGITS, sys.get_int_max_str_digits() or MAX_INT_DIGITS)
    if digits > limit:
        raise _JsonLimitError(
            f"an integer of {digits} digits (a record's integers have at most {limit} digits)"
        )
    return int(text)


def _parse_constant(name: str) -> float:
    raise _JsonLimitError(f"{name} is not a JSON number")


def decode_json(data: str | bytes) -> Any:
    """Decode one JSON document within the bounds a record can need, or raise a clear error.

    Stricter than `json.loads` where the standard library would crash or accept what JSON
    does not: nesting deeper than `MAX_DEPTH`, integer literals longer than
    `MAX_INT_DIGITS` digits, ``NaN`` / ``Infinity``, bytes that are not UTF-8 and strings
    holding lone surrogates (``"\\ud800"``: not a character, and unprintable) are all
    `RecordError`, never `RecursionError`, `ValueError` or `UnicodeError`.

    Raises:
        RecordError: malformed JSON, or JSON beyond those bounds (the message says which).
    """
    try:
        decoded = json.loads(data, parse_int=_parse_int, parse_constant=_parse_constant)
    except _JsonLimitError as exc:
        raise RecordError(f"unreadable JSON: {exc}") from None
    except json.JSONDecodeError as exc:
        raise RecordError(f"malformed JSON: {exc}") from None
    except UnicodeDecodeError as exc:
        raise RecordError(f"the text is not UTF-8: {exc}") from None
    except RecursionError:
        raise RecordError(
            f"unreadable JSON: nested too deeply (a record nests at most {MAX_DEPTH} levels)"
        ) from None
    _check_tree(decoded)
    return decoded


def _check_tree(value: Any) -> None:
    """Raise `RecordError` for nesting beyond `MAX_DEPTH` or a string that is not text.
    Iterative, so a deep document cannot overflow the stack here either."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            _check_text(item)
            continue
        if isinstance(item, dict):
            children: Any = item.values()
            for key in item:
                _check_text(key)
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > MAX_DEPTH:
            raise RecordError(
                f"unreadable JSON: nested more than {MAX_DEPTH} levels deep (a record needs "
                "about seven)"
            )
        stack.extend((child, depth + 1) for child in children)


def _check_text(text: str) -> None:
    if text.isascii():
        return
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise RecordError(
            "unreadable JSON: a string holds text that is not Unicode (a lone surrogate "
            "such as \\ud800, or bytes that are not UTF-8)"
        ) from None


def load_record(data: str | bytes | Mapping[str, Any]) -> GameRecord:
    """Parse and validate a record from JSON text or an already-decoded mapping.

    Text is decoded by `decode_json` (bounded nesting and integers, real Unicode).

    Raises:
        RecordError: malformed JSON, a document that is not an object, a missing or
            unknown format id, or fields of the wrong shape (listed field by field).
    """
    decoded = decode_json(data) if isinstance(data, str | bytes) else data
    if not isinstance(decoded, Mapping):
        raise RecordError(f"a record must be a JSON object, not {type(decoded).__name__}")
    fmt = decoded.get("format")
    if fmt is None:
        raise RecordError(f"not a game record: no 'format' field (expected {RECORD_FORMAT!r})")
    if fmt not in FORMATS:
        name, _, version = str(fmt).partition("/")
        if name == FORMAT_NAME:
            raise RecordError(
                f"unsupported record format version {version!r}: this openwhist reads "
                f"{RECORD_FORMAT!r} and {CLAIMS_FORMAT!r}"
            )
        raise RecordError(f"unknown record format {fmt!r} (expected {RECORD_FORMAT!r})")
    try:
        record = GameRecord.model_validate(decoded)
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            where = ".".join(str(p) for p in err["loc"]) or "(record)"
            problems.append(f"{where}: {err['msg']}")
        raise RecordError("invalid record: " + "; ".join(problems)) from None
    if fmt == RECORD_FORMAT and any(deal.claims for deal in record.deals):
        raise RecordError(
            f"invalid record: deals hold claims, which need format {CLAIMS_FORMAT!r}, not "
            f"{RECORD_FORMAT!r}"
        )
    return record


# -- writing -------------------------------------------------------------------------------


def deal_actions(state: DealState[Any]) -> list[str]:
    """Every action of a deal in notation, the chance deal first."""
    return [action.notation() for action in state.history]


class RecordBuilder:
    """Collects a match's deals as they finish and builds its `GameRecord`.

    Args:
        engine: the match's engine (variant, options and house rules come from it).
        first_dealer: the dealer of deal 1.
        seed: the seed the match's randomness came from, or ``None``.
        players: one `PlayerRecord` per seat (default: each seat's name, ``human``).
        distribution: the distribution providing the variant (from the catalog).
        version: that distribution's version.
        table: the table's own settings (undo, autoplay), recorded as they are.
    """

    def __init__(
        self,
        engine: Engine,
        *,
        first_dealer: int,
        seed: int | None,
        players: Sequence[PlayerRecord] | None = None,
        distribution: str | None = None,
        version: str | None = None,
        table: Mapping[str, Any] | None = None,
    ) -> None:
        if players is None:
            players = [
                PlayerRecord(seat=s, name=n, kind="human") for s, n in enumerate(engine.seat_names)
            ]
        if len(players) != engine.seats:
            raise ValueError(
                f"a {engine.variant.name} match of {engine.seats} seats, got {len(players)} players"
            )
        self.engine = engine
        self.first_dealer = first_dealer
        self.seed = seed
        self.players = list(players)
        self.distribution = distribution
        self.version = version
        self.table = dict(table or {})
        self.deals: list[DealRecord] = []

    def add_deal(
        self,
        state: DealState[Any],
        score: DealScore | None,
        progress: MatchProgress | None,
        *,
        claims: Sequence[ClaimRecord] = (),
    ) -> None:
        """Record one deal: finished (with its score and the progress after it) or, as the
        last deal only, unfinished (``score`` and ``progress`` ``None``), with the claims
        made during it (`claim_record` builds one from a verdict)."""
        self.deals.append(
            DealRecord(
                number=state.context.number,
                dealer=state.context.dealer,
                actions=deal_actions(state),
                score=_recorded(score.as_dict()) if score is not None else None,
                progress=_recorded(progress.as_dict()) if progress is not None else None,
                claims=list(claims),
            )
        )

    def build(self, progress: MatchProgress) -> GameRecord:
        """The record, with ``progress`` (after the last finished deal) as its result."""
        claimed = any(deal.claims for deal in self.deals)
        return GameRecord(
            format=CLAIMS_FORMAT if claimed else RECORD_FORMAT,
            variant=self.engine.variant.name,
            variant_distribution=self.distribution,
            variant_version=self.version,
            options=self.engine.options.model_dump(mode="json"),
            house_rules=[rule.name for rule in self.engine.house_rules],
            seats=None if self.engine.seats == self.engine.variant.seats else self.engine.seats,
            players=self.players,
            first_dealer=self.first_dealer,
            seed=self.seed,
            deals=list(self.deals),
            result=ResultRecord.from_progress(progress),
            table=dict(self.table),
        )


def claim_record(verdict: ClaimVerdict, *, after: int) -> ClaimRecord:
    """The record of a claim's verdict, made once ``after`` actions of the deal were played."""
    return ClaimRecord(
        seat=verdict.seat,
        tricks=verdict.tricks,
        after=after,
        accepted=verdict.accepted,
        reason=verdict.reason.render(card_name),
        by="opponents" if verdict.by == "opponents" else "solver",
    )


def _json_safe(value: dict[str, Any]) -> dict[str, Any]:
    """``value`` as it reads back from JSON (tuples become lists), for exact comparison."""
    out: dict[str, Any] = json.loads(json.dumps(value))
    return out


def _recorded(value: dict[str, Any]) -> dict[str, Any]:
    """A score's or progress's dict as the record keeps it: JSON-safe, and without the
    translatable messages (``message``, ``summary_message``) -- a record keeps the English
    ``note`` and ``summary`` they render to, so the format stays ``openwhist.record/1``."""
    out = _json_safe(value)
    out.pop("summary_message", None)
    for key in ("lines", "awards"):
        items = out.get(key)
        if not isinstance(items, list):  # a stored dict may hold anything: compare as it is
            continue
        for line in items:
            if isinstance(line, dict):
                line.pop("message", None)
    return out


# -- replaying -----------------------------------------------------------------------------


class VariantSource(Protocol):
    """Where replay finds variants and house rules by name: a `Catalog` fits."""

    def variant(self, name: str) -> Variant:
        """The variant called ``name``; raises `UnknownVariantError` if none."""
        ...

    def house_rule(self, name: str) -> HouseRule:
        """The house rule called ``name``; raises `UnknownVariantError` if none."""
        ...


@dataclass(frozen=True)
class ReplayedDeal:
    """One deal as replay rebuilt it."""

    state: DealState[Any]
    score: DealScore | None
    progress: MatchProgress | None
    claims: tuple[ClaimVerdict, ...] = ()


@dataclass(frozen=True)
class Replay:
    """A replayed record: the engine, every deal's final state, and the match progress."""

    record: GameRecord
    engine: Engine
    deals: tuple[ReplayedDeal, ...]
    progress: MatchProgress


def _lookup(source: VariantSource | Mapping[str, Variant], record: GameRecord) -> Engine:
    rules: list[HouseRule] = []
    try:
        if isinstance(source, Mapping):
            if record.variant not in source:
                raise UnknownVariantError(record.variant, suggestions=sorted(source))
            variant = source[record.variant]
        else:
            variant = source.variant(record.variant)
    except UnknownVariantError as exc:
        raise RecordError(f"cannot replay: {exc}; the record needs it installed") from None
    for name in record.house_rules:
        try:
            if isinstance(source, Mapping):
                raise UnknownVariantError(name)
            rules.append(source.house_rule(name))
        except UnknownVariantError:
            raise RecordError(f"cannot replay: house rule {name!r} is not installed") from None
    try:
        seats = len(variant.names_for(record.seats))
    except SeatCountError as exc:
        raise RecordError(f"seats: {exc}") from None
    if len(record.players) != seats:
        raise RecordError(
            f"a {variant.name} match of {seats} seats, but the record lists "
            f"{len(record.players)} players"
            + (
                ""
                if record.seats is not None
                else " (a record without 'seats' has the variant's default count)"
            )
        )
    if [p.seat for p in record.players] != list(range(seats)):
        raise RecordError("players must be listed once per seat, in seat order")
    if record.first_dealer >= seats:
        raise RecordError(f"first_dealer {record.first_dealer} is not a seat of {variant.name}")
    try:
        options = variant.make_options(record.options)
        engine = Engine(variant, options, house_rules=rules, seats=record.seats)
    except SeatCountError as exc:
        raise RecordError(f"seats: {exc}") from None
    except OptionsError as exc:
        raise RecordError(f"options: {exc}") from None
    # A record scored under rules its variant has since changed cannot replay to its
    # stored scores; say which change, rather than report a bare score difference.
    change = variant.changed_rules(options, record.variant_version)
    if change is not None:
        dist = record.variant_distribution or variant.name
        raise RecordError(
            f"cannot replay: this record was written by {dist} {record.variant_version}, "
            f"and since {change.version} {change.description}, so its stored scores follow "
            f"the old rule; check it with {dist} older than {change.version}"
        )
    return engine


def replay_record(record: GameRecord, catalog: VariantSource | Mapping[str, Variant]) -> Replay:
    """Replay ``record`` with checked moves and compare every stored result.

    Args:
        record: a validated record (see `load_record`).
        catalog: a `Catalog` (or any `VariantSource`), or a plain ``{name: Variant}``
            mapping for tests without plugins.

    Returns:
        every deal's final state, score and progress, identical to the original match's.

    Raises:
        RecordError: with ``deal``/``action`` (1-based) set where the problem is: an
            unknown variant or house rule, options the variant rejects, a record written
            by an older version of its variant under a rule the variant has since changed
            for these options (`Variant.rule_changes`; no deal set), an action that does
            not parse (malformed) or that the rules forbid (illegal), actions after the end
            of a deal or a finished match, a deal that stops early (allowed for the last
            deal only, with no stored score), or a stored score, progress or result that
            differs from the recomputed one.
    """
    engine = _lookup(catalog, record)
    progress = engine.start_match(record.first_dealer)
    replayed: list[ReplayedDeal] = []
    count = len(record.deals)
    for i, deal in enumerate(record.deals, start=1):
        if progress.finished:
            raise RecordError(f"the match was already over after deal {i - 1}", deal=i)
        if deal.number != i:
            raise RecordError(f"deal number {deal.number} where {i} was expected", deal=i)
        if deal.dealer != progress.dealer:
            raise RecordError(
                f"recorded dealer {deal.dealer}, but the rules make seat {progress.dealer} deal",
                deal=i,
            )
        state = engine.next_deal(progress)
        check_claim_order(deal.claims, deal=i)
        pending = sorted(deal.claims, key=lambda c: c.after)
        verdicts: list[ClaimVerdict] = []
        for j, text in enumerate(deal.actions, start=1):
            while pending and pending[0].after == j - 1:
                verdicts.append(replay_claim(engine, state, pending.pop(0), deal=i))
            if state.to_act == TERMINAL:
                raise RecordError(f"action {text!r} after the end of the deal", deal=i, action=j)
            try:
                action = engine.parse_action(state, text)
            except InvalidNotationError as exc:
                raise RecordError(f"malformed action {text!r}: {exc}", deal=i, action=j) from None
            try:
                state = engine.apply(state, action)
            except IllegalActionError as exc:
                raise RecordError(f"illegal action {text!r}: {exc}", deal=i, action=j) from None
        # A claim after the last recorded action (a match stopped just after a refused one).
        while pending and pending[0].after == len(deal.actions):
            verdicts.append(replay_claim(engine, state, pending.pop(0), deal=i))
        if pending:
            raise RecordError(
                f"a claim after action {pending[0].after}, but the deal has "
                f"{len(deal.actions)} actions",
                deal=i,
            )
        check_claimed_tricks(engine, deal.claims, state, verdicts, deal_number=i)
        if state.to_act != TERMINAL:
            if i != count or deal.score is not None or deal.progress is not None:
                raise RecordError(
                    f"the actions stop before the end of the deal ({len(deal.actions)} actions)",
                    deal=i,
                )
            replayed.append(ReplayedDeal(state, None, None, tuple(verdicts)))
            break
        score = engine.score(state)
        _compare("score", deal.score, score.as_dict(), deal=i)
        progress = engine.advance_match(progress, score)
        _compare("match progress", deal.progress, progress.as_dict(), deal=i)
        replayed.append(ReplayedDeal(state, score, progress, tuple(verdicts)))
    _compare(
        "result",
        record.result.model_dump(mode="json"),
        ResultRecord.from_progress(progress).model_dump(mode="json"),
        deal=None,
    )
    return Replay(record, engine, tuple(replayed), progress)


def check_claim_order(claims: Sequence[ClaimRecord], *, deal: int) -> None:
    """Nothing but its play-out follows an accepted claim: no claim comes after it.

    Raises:
        RecordError: a claim after an accepted one.
    """
    ordered = sorted(claims, key=lambda c: c.after)
    for first, then in itertools.pairwise(ordered):
        if first.accepted:
            raise RecordError(
                f"a claim after action {then.after} follows the claim accepted after action "
                f"{first.after}, which ended the play",
                deal=deal,
            )


def replay_claim(
    engine: Engine, state: DealState[Any], claim: ClaimRecord, *, deal: int
) -> ClaimVerdict:
    """Check a recorded claim again where it was made (``state``: the deal after its first
    ``claim.after`` actions): the solver's verdict must be the recorded one. A claim the
    opponents answered (``by`` ``"opponents"``) is not proved again -- the opponents'
    answer is a fact of the match; its verdict is rebuilt from the record (the play-out
    that followed replays with the deal).

    Raises:
        RecordError: the solver's verdict is not the recorded one.
    """
    from openwhist.claims import OPPONENTS, ClaimVerdict, check_claim, remaining_tricks

    if claim.by == OPPONENTS:
        return ClaimVerdict(
            claim.seat,
            claim.tricks,
            remaining_tricks(state),
            claim.accepted,
            Message("{reason}", {"reason": claim.reason}),
            by=OPPONENTS,
        )
    verdict = check_claim(engine, state, claim.seat, claim.tricks)
    if verdict.accepted != claim.accepted:
        said = "accepted" if claim.accepted else "refused"
        raise RecordError(
            f"the claim after action {claim.after} was recorded as {said}, but checking it "
            f"again gives: {verdict.reason.render(card_name)}",
            deal=deal,
        )
    return verdict


def check_claimed_tricks(
    engine: Engine,
    claims: Sequence[ClaimRecord],
    final: DealState[Any],
    verdicts: Sequence[ClaimVerdict],
    *,
    deal_number: int,
) -> None:
    """A claim the solver accepted: its side must take at least the tricks it claimed from
    there on (``final``: the deal at its end; ``verdicts``: `replay_claim`'s, in the order
    of ``after``). A claim the opponents accepted is not checked: its play-out gives the
    claimant's side its claim where the cards allow (`openwhist.claims.concession_playout`).

    Raises:
        RecordError: the claimant's side took fewer.
    """
    if final.to_act != TERMINAL:
        return
    partners = engine.variant.partnerships
    for claim, verdict in zip(sorted(claims, key=lambda c: c.after), verdicts, strict=True):
        if not claim.accepted or claim.by == "opponents":
            continue
        side = next((p for p in partners if claim.seat in p), (claim.seat,))
        taken = _side_tricks_after(final, claim.after, side, engine)
        if taken < verdict.tricks:
            raise RecordError(
                f"the claim after action {claim.after} was accepted for {verdict.tricks} "
                f"tricks, but the claimant's side took {taken} from there",
                deal=deal_number,
            )


def _side_tricks_after(
    final: DealState[Any], after: int, side: tuple[int, ...], engine: Engine
) -> int:
    """Tricks ``side`` won that were completed after the first ``after`` actions (a trick
    counts when its last card came after the claim)."""
    # Trick k (1-based) completes with the (k * seats)-th card of the deal; cards follow the
    # calls and the chance deal, so count card actions up to ``after``.
    cards_before = sum(1 for a in final.history[:after] if isinstance(a, Play))
    seats = engine.variant.seats
    done_before = cards_before // seats
    return sum(1 for r in final.completed[done_before:] if r.winner in side)


def _compare(
    what: str, stored: dict[str, Any] | None, computed: dict[str, Any], *, deal: int | None
) -> None:
    if stored is None:
        raise RecordError(f"the deal is over but the record stores no {what}", deal=deal)
    fresh = _recorded(computed)
    stored = _recorded(stored)
    if stored != fresh:
        keys = sorted(k for k in {*stored, *fresh} if stored.get(k) != fresh.get(k))
        detail = "; ".join(
            f"{k}: recorded {stored.get(k)!r}, replay gives {fresh.get(k)!r}" for k in keys
        )
        raise RecordError(f"recorded {what} differs from the replay ({detail})", deal=deal)


__all__ = [
    "CLAIMS_FORMAT",
    "FORMATS",
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "MAX_DEPTH",
    "MAX_INT_DIGITS",
    "RECORD_FORMAT",
    "ClaimRecord",
    "DealRecord",
    "GameRecord",
    "PlayerRecord",
    "RecordBuilder",
    "Replay",
    "ReplayedDeal",
    "ResultRecord",
    "VariantSource",
    "check_claim_order",
    "check_claimed_tricks",
    "claim_record",
    "deal_actions",
    "decode_json",
    "load_record",
    "replay_claim",
    "replay_record",
]
