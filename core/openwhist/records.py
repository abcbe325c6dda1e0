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
    FactsProblemError,
    IllegalActionError,
    InvalidNotationError,
    OptionsError,
    RecordError,
    SeatCountError,
    UnknownVariantError,
)
from openwhist.game.messages import N_, Message, Value, join_messages
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
            Message(
                N_(
                    "an integer of {digits} digits (a record's integers have at most {limit} "
                    "digits)"
                ),
                {"digits": digits, "limit": limit},
            )
        )
    return int(text)


def _parse_constant(name: str) -> float:
    raise _JsonLimitError(Message(N_("{name} is not a JSON number"), {"name": name}))


_DECODER_WORDS = {
    "Expecting value": N_("expecting a value"),
    "Expecting property name enclosed in double quotes": N_(
        "expecting a property name in double quotes"
    ),
    "Expecting ':' delimiter": N_("expecting ':'"),
    "Expecting ',' delimiter": N_("expecting ','"),
    "Unterminated string starting at": N_("a string not closed, starting at"),
    "Extra data": N_("more data after the document"),
    "Invalid \\escape": N_("a bad \\ escape"),
    "Invalid control character at": N_("a control character in a string, at"),
}
"""The JSON decoder's reasons (`json.JSONDecodeError.msg`), in words the catalogue
translates; a reason not listed is shown as the decoder says it."""


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
        raise RecordError(
            Message(N_("unreadable JSON: {reason}"), {"reason": exc.args[0]})
        ) from None
    except json.JSONDecodeError as exc:
        # The decoder's own words (what it expected) stay as it says them; where is numbers.
        where: dict[str, Value] = {
            "reason": Message(_DECODER_WORDS[exc.msg]) if exc.msg in _DECODER_WORDS else exc.msg,
            "line": exc.lineno,
            "column": exc.colno,
            "char": exc.pos,
        }
        raise RecordError(
            Message(
                N_("malformed JSON: {reason}: line {line} column {column} (char {char})"), where
            )
        ) from None
    except UnicodeDecodeError as exc:
        raise RecordError(
            Message(N_("the text is not UTF-8: {reason}"), {"reason": str(exc)})
        ) from None
    except RecursionError:
        raise RecordError(
            Message(
                N_("unreadable JSON: nested too deeply (a record nests at most {depth} levels)"),
                {"depth": MAX_DEPTH},
            )
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
                Message(
                    N_(
                        "unreadable JSON: nested more than {depth} levels deep (a record needs "
                        "about seven)"
                    ),
                    {"depth": MAX_DEPTH},
                )
            )
        stack.extend((child, depth + 1) for child in children)


def _check_text(text: str) -> None:
    if text.isascii():
        return
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise RecordError(
            Message(
                N_(
                    "unreadable JSON: a string holds text that is not Unicode (a lone surrogate "
                    "such as \\ud800, or bytes that are not UTF-8)"
                )
            )
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
        raise RecordError(
            Message(
                N_("a record must be a JSON object, not {kind}"), {"kind": type(decoded).__name__}
            )
        )
    fmt = decoded.get("format")
    if fmt is None:
        raise RecordError(
            Message(
                N_("not a game record: no 'format' field (expected {expected})"),
                {"expected": repr(RECORD_FORMAT)},
            )
        )
    if fmt not in FORMATS:
        name, _, version = str(fmt).partition("/")
        if name == FORMAT_NAME:
            raise RecordError(
                Message(
                    N_(
                        "unsupported record format version {version}: this openwhist reads "
                        "{format} and {claims}"
                    ),
                    {
                        "version": repr(version),
                        "format": repr(RECORD_FORMAT),
                        "claims": repr(CLAIMS_FORMAT),
                    },
                )
            )
        raise RecordError(
            Message(
                N_("unknown record format {format} (expected {expected})"),
                {"format": repr(fmt), "expected": repr(RECORD_FORMAT)},
            )
        )
    try:
        record = GameRecord.model_validate(decoded)
    except ValidationError as exc:
        # Each problem: where (field names, typed as they are) and what is wrong, in words.
        found = validation_messages(exc, extra=N_("is not a field of a game record"))
        problems = join_messages("; ", found)
        raise RecordError(
            Message(N_("invalid record: {problems}"), {"problems": problems})
        ) from None
    if fmt == RECORD_FORMAT and any(deal.claims for deal in record.deals):
        raise RecordError(
            Message(
                N_("invalid record: deals hold claims, which need format {claims}, not {format}"),
                {"claims": repr(CLAIMS_FORMAT), "format": repr(RECORD_FORMAT)},
            )
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
        raise RecordError(
            Message(
                N_("cannot replay: {reason}; the record needs it installed"), {"reason": _why(exc)}
            )
        ) from None
    for name in record.house_rules:
        try:
            if isinstance(source, Mapping):
                raise UnknownVariantError(name)
            rules.append(source.house_rule(name))
        except UnknownVariantError:
            raise RecordError(
                Message(
                    N_("cannot replay: house rule {name} is not installed"), {"name": repr(name)}
                )
            ) from None
    try:
        seats = len(variant.names_for(record.seats))
    except SeatCountError as exc:
        raise RecordError(_field("seats", exc)) from None
    if len(record.players) != seats:
        counts: dict[str, Value] = {
            "variant": variant.name,
            "seats": seats,
            "players": len(record.players),
        }
        raise RecordError(
            Message(
                N_("a {variant} match of {seats} seats, but the record lists {players} players"),
                counts,
            )
            if record.seats is not None
            else Message(
                N_(
                    "a {variant} match of {seats} seats, but the record lists {players} players "
                    "(a record without 'seats' has the variant's default count)"
                ),
                counts,
            )
        )
    if [p.seat for p in record.players] != list(range(seats)):
        raise RecordError(Message(N_("players must be listed once per seat, in seat order")))
    if record.first_dealer >= seats:
        raise RecordError(
            Message(
                N_("first_dealer {seat} is not a seat of {variant}"),
                {"seat": record.first_dealer, "variant": variant.name},
            )
        )
    try:
        options = variant.make_options(record.options)
        engine = Engine(variant, options, house_rules=rules, seats=record.seats)
    except SeatCountError as exc:
        raise RecordError(_field("seats", exc)) from None
    except OptionsError as exc:
        raise RecordError(_field("options", exc)) from None
    # A record scored under rules its variant has since changed cannot replay to its
    # stored scores; say which change, rather than report a bare score difference.
    change = variant.changed_rules(options, record.variant_version)
    if change is not None:
        dist = record.variant_distribution or variant.name
        raise RecordError(
            Message(
                N_(
                    "cannot replay: this record was written by {dist} {version}, and since "
                    "{changed} {change}, so its stored scores follow the old rule; check it "
                    "with {dist} older than {changed}"
                ),
                {
                    "dist": dist,
                    "version": str(record.variant_version),
                    "changed": change.version,
                    "change": change.description,
                },
            )
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
            raise RecordError(
                Message(N_("the match was already over after deal {deal}"), {"deal": i - 1}),
                deal=i,
            )
        if deal.number != i:
            raise RecordError(
                Message(
                    N_("deal number {number} where {expected} was expected"),
                    {"number": deal.number, "expected": i},
                ),
                deal=i,
            )
        if deal.dealer != progress.dealer:
            raise RecordError(
                Message(
                    N_("recorded dealer {dealer}, but the rules make seat {seat} deal"),
                    {"dealer": deal.dealer, "seat": progress.dealer},
                ),
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
                raise RecordError(
                    Message(
                        N_("action {action} after the end of the deal"), {"action": repr(text)}
                    ),
                    deal=i,
                    action=j,
                )
            try:
                action = engine.parse_action(state, text)
            except InvalidNotationError as exc:
                raise RecordError(
                    Message(
                        N_("malformed action {action}: {reason}"),
                        {"action": repr(text), "reason": _why(exc)},
                    ),
                    deal=i,
                    action=j,
                ) from None
            try:
                state = engine.apply(state, action)
            except IllegalActionError as exc:
                raise RecordError(
                    Message(
                        N_("illegal action {action}: {reason}"),
                        {"action": repr(text), "reason": _why(exc)},
                    ),
                    deal=i,
                    action=j,
                ) from None
        # A claim after the last recorded action (a match stopped just after a refused one).
        while pending and pending[0].after == len(deal.actions):
            verdicts.append(replay_claim(engine, state, pending.pop(0), deal=i))
        if pending:
            raise RecordError(
                Message(
                    N_("a claim after action {after}, but the deal has {count} actions"),
                    {"after": pending[0].after, "count": len(deal.actions)},
                ),
                deal=i,
            )
        check_claimed_tricks(engine, deal.claims, state, verdicts, deal_number=i)
        if state.to_act != TERMINAL:
            if i != count or deal.score is not None or deal.progress is not None:
                raise RecordError(
                    Message(
                        N_("the actions stop before the end of the deal ({count} actions)"),
                        {"count": len(deal.actions)},
                    ),
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
                Message(
                    N_(
                        "a claim after action {after} follows the claim accepted after action "
                        "{first}, which ended the play"
                    ),
                    {"after": then.after, "first": first.after},
                ),
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
        text = (
            N_(
                "the claim after action {after} was recorded as accepted, but checking it "
                "again gives: {reason}"
            )
            if claim.accepted
            else N_(
                "the claim after action {after} was recorded as refused, but checking it "
                "again gives: {reason}"
            )
        )
        raise RecordError(
            Message(text, {"after": claim.after, "reason": verdict.reason}), deal=deal
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
                Message(
                    N_(
                        "the claim after action {after} was accepted for {tricks} tricks, but "
                        "the claimant's side took {taken} from there"
                    ),
                    {"after": claim.after, "tricks": verdict.tricks, "taken": taken},
                ),
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


_COMPARED = {
    "score": (
        N_("the deal is over but the record stores no score"),
        N_("recorded score differs from the replay ({detail})"),
    ),
    "match progress": (
        N_("the deal is over but the record stores no match progress"),
        N_("recorded match progress differs from the replay ({detail})"),
    ),
    "result": (
        N_("the deal is over but the record stores no result"),
        N_("recorded result differs from the replay ({detail})"),
    ),
}
"""What a replay compares, and the two ways it can fail: nothing stored, or something else."""


def _compare(
    what: str, stored: dict[str, Any] | None, computed: dict[str, Any], *, deal: int | None
) -> None:
    missing, differs = _COMPARED[what]
    if stored is None:
        raise RecordError(Message(missing), deal=deal)
    fresh = _recorded(computed)
    stored = _recorded(stored)
    if stored != fresh:
        keys = sorted(k for k in {*stored, *fresh} if stored.get(k) != fresh.get(k))
        parts = [
            Message(
                N_("{key}: recorded {stored}, replay gives {fresh}"),
                {"key": k, "stored": repr(stored.get(k)), "fresh": repr(fresh.get(k))},
            )
            for k in keys
        ]
        raise RecordError(Message(differs, {"detail": join_messages("; ", parts)}), deal=deal)


def _where(loc: Sequence[int | str]) -> Message | None:
    """A field's place as a keeper reads it: ``tricks``, ``tricks (item 3)``,
    ``revokes (item 1), penalty`` (field names are the facts' names, typed as they are)."""
    where: Message | None = None
    for part in loc:
        if isinstance(part, int):
            item = {"where": where or "", "number": part + 1}
            where = Message(N_("{where} (item {number})"), item)
        elif where is None:
            # Not the name as a template: a field called like a msgid ("tricks") would be
            # translated, and the name is what the keeper types.
            where = Message("{field}", {"field": str(part)})
        else:
            where = Message("{where}, {field}", {"where": where, "field": str(part)})
    return where


def literal_template(text: str) -> str:
    """``text`` as a message template that shows it as it is (braces doubled)."""
    return text.replace("{", "{{").replace("}", "}}")


_PLAIN = {
    "missing": N_("is missing: give it"),
    "extra_forbidden": N_("is not a fact of this variant"),
    "int_parsing": N_("{shown} is not a whole number"),
    "int_type": N_("{shown} is not a whole number"),
    "int_from_float": N_("{shown} is not a whole number"),
    "bool_parsing": N_("{shown} is not yes or no"),
    "bool_type": N_("{shown} is not yes or no"),
    "greater_than_equal": N_("{shown} is too small: the least is {ge}"),
    "greater_than": N_("{shown} is too small: it must be above {gt}"),
    "less_than_equal": N_("{shown} is too large: the most is {le}"),
    "less_than": N_("{shown} is too large: it must be below {lt}"),
    "too_short": N_("give {min_length} values, not {actual_length}"),
    "too_long": N_("give at most {max_length} values, not {actual_length}"),
    "tuple_type": N_("give a list of values separated by commas"),
    "list_type": N_("give a list of values separated by commas"),
    "literal_error": N_("{shown} is not one of {expected}"),
    "enum": N_("{shown} is not one of {expected}"),
    "string_type": N_("{shown} is not a word"),
}
"""Pydantic's built-in errors in plain words, by error type (translated by the core's
catalogue); ``{shown}`` is the value given, the others the error's context."""


def _plain(err: Mapping[str, Any], extra: str) -> list[Message]:
    """One pydantic error in plain words (several when a model lists problems: a
    `FactsProblemError`'s messages, or a plain ``ValueError``'s lines, untranslated)."""
    kind = str(err.get("type", ""))
    value = err.get("input")
    ctx = err.get("ctx") or {}
    if kind == "value_error":
        error = ctx.get("error")
        if isinstance(error, FactsProblemError):
            return list(error.problems)
        text = str(err["msg"]).removeprefix("Value error, ")
        return [Message(literal_template(line)) for line in text.splitlines() if line]
    template = extra if kind == "extra_forbidden" else _PLAIN.get(kind)
    if template is None:  # an error type without words of ours: pydantic's own words
        return [Message(literal_template(str(err["msg"]).replace("Input should be", "should be")))]
    shown = repr(value) if isinstance(value, str) else str(value)
    values: dict[str, Value] = {"shown": shown}
    for name, item in ctx.items():
        values[name] = item if isinstance(item, int | str) else str(item)
    return [Message(template, values)]


def validation_messages(
    exc: ValidationError, *, field: str | None = None, extra: str = _PLAIN["extra_forbidden"]
) -> list[Message]:
    """Every problem a facts model found, in plain words, one translatable message each.

    A model may list several problems in one error (the built-in variants raise a
    `FactsProblemError` with one message each; a plain ``ValueError`` may give one a
    line): each is a problem of its own. ``field``: only the problems of that one fact,
    left out if it is merely missing -- for a front end that checks each answer as soon
    as it is given; ``extra``: what is said of a name the model does not know. Used by
    `Ledger.record_real_deal` (as `openwhist.services.ledger.facts_messages`) and for a game
    record's own fields.
    """
    problems: list[Message] = []
    for err in exc.errors():
        if field is not None and (err["loc"][:1] != (field,) or err["type"] == "missing"):
            continue
        where = _where(err["loc"])
        separator = " " if err["type"] in ("missing", "extra_forbidden") else ": "
        for message in _plain(err, extra):
            if where is None:
                problems.append(message)
            else:
                joined = "{where}" + separator + "{problem}"
                problems.append(Message(joined, {"where": where, "problem": message}))
    return problems


def _why(exc: BaseException) -> Value:
    """An error's explanation as a message value: its `Message` when it has one (so the
    reader's language reaches it), else its text."""
    message = getattr(exc, "message", None)
    return message if isinstance(message, Message) else str(exc)


def _field(name: str, exc: BaseException) -> Message:
    """``NAME: the problem`` -- a field of the record (typed as it is) and what is wrong."""
    return Message("{name}: {reason}", {"name": name, "reason": _why(exc)})


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
