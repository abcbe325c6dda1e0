"""Review a played match: every decision of a seat rated and explained (``whist review``).

For each decision of the chosen seats the review says what was played, the best choice by
the strongest evaluation available, what the choice cost and why, in one translatable
sentence (a `Message`). The evaluation is the variant's strongest bot (`hint_spec`, by
default ``expert``) through `openwhist.bots.rating.RatesCards`:

* **exact** (`EXACT`): the position is known from the seat's view -- a two-hand play-out
  where the opponent holds exactly the unseen cards -- and solved;
* **every deal** (`EVERY_DEAL`): few enough distributions of the unseen cards are consistent
  with the view that each is solved: the exact mean over all of them;
* **sampled** (`SAMPLED`): the bot's sampled deals (its seeded sample count), with the mean
  cost and a 95 % interval of the paired differences (every card is tried on the same
  deals).

**Honest by default**: a decision is rated from the seat's `PlayerView` at that moment and
its legal actions only -- never from the state -- so two deals that differ only in cards
hidden from the seat give the same review of that decision (tests/test_review.py checks
it). ``double_dummy=True`` rates from every real hand instead (`RatesCards.rate_cards_open`)
and says so in every reason; where cards are still hidden in a stock, or the solver does
not finish within the bot's budget, the decision is "not rated" with the reason.

What is rated: every card with a choice (a lone legal card is *forced*), and the calls a
bot rates (`openwhist.bots.rating.RatesCalls`: an expert may rate contracts, by the same
simulation it chooses one with). Other calls (trump bids, passes, card exchanges)
are listed and marked not rated, with why; with all cards open no call is rated.

**Reproducible**: the ratings are a function of the record, the seed (default 0) and the
sample count, which the review carries (`Review.as_dict`); running it again gives the same
figures. Records come from the ledger (`openwhist.services.ledger.Ledger.game_record`) or a
record file (`openwhist.services.replay`); the record is replayed with checked moves first,
so a bad record is a `RecordError`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from openwhist.bots.rating import (
    EVERY_DEAL,
    EXACT,
    SAMPLED,
    TRICKS,
    CallRating,
    CardRating,
    RatesCalls,
    RatesCards,
)
from openwhist.game.actions import Action, Deal, Play
from openwhist.game.cards import card_name
from openwhist.game.engine import Engine
from openwhist.game.errors import RecordError
from openwhist.game.messages import N_, Message
from openwhist.game.rules import MatchRules
from openwhist.game.state import PHASE_PLAY, DealState
from openwhist.plugins import Catalog
from openwhist.records import GameRecord, load_record, replay_record
from openwhist.services import UsageError
from openwhist.services.play import hint_spec
from openwhist.services.replay import decode_file, split_documents

DEFAULT_SEED: Final = 0
"""The review's seed when none is given: the same record always gives the same review."""
Z95: Final = 1.96
"""The normal quantile of a two-sided 95 % interval."""
WORST: Final = 3
"""Decisions listed as the worst of a deal."""

FORCED: Final = "forced"
RATED: Final = "rated"
NOT_RATED: Final = "not_rated"

# -- the reasons (translated where they are shown) -----------------------------------------

R_FORCED = N_("{card} was the only legal card")
R_FORCED_CALL = N_("{action} was the only legal call")
R_EXACT_BEST = N_("{card} was best (exact): {value} {scope}")
R_EXACT_LOSS = N_(
    "{card} cost {cost} (exact): with {best} best play gives {best_value} {scope}, with "
    "{card} {value}"
)
R_EVERY_BEST = N_(
    "{card} was best over all {samples} deals consistent with what you saw (exact): "
    "{value} {scope} on average"
)
R_EVERY_LOSS = N_(
    "{card} cost {cost} over all {samples} deals consistent with what you saw (exact): "
    "{best} gives {best_value} {scope} on average, {card} {value}"
)
R_SAMPLED_BEST = N_(
    "{card} was as good as any on {samples} sampled deals: {value} {scope} on average"
)
R_SAMPLED_LOSS = N_(
    "{card} cost {cost} on average on {samples} sampled deals (95% interval {low} to "
    "{high}): {best} gives {best_value} {scope}, {card} {value}"
)
R_OPEN_BEST = N_("{card} was best with all cards open (double dummy): {value} {scope}")
R_OPEN_LOSS = N_(
    "{card} cost {cost} with all cards open (double dummy): {best} gives {best_value} "
    "{scope}, {card} {value}"
)
R_NOT_RATED = N_("{action}: not rated ({why})")
WHY_CALL = N_("the {bot} bot does not rate this call")
WHY_CALL_OPEN = N_("calls are rated only from what the seat knew, not with all cards open")
R_CALL_BEST = N_(
    "{action} was as good as any on {samples} sampled deals: {value} {scope} on average"
)
R_CALL_LOSS = N_(
    "{action} cost {cost} on average on {samples} sampled deals (95% interval {low} to "
    "{high}): {best} gives {best_value} {scope}, {action} {value}"
)
WHY_NO_RATER = N_("no installed bot rates cards for this variant")
WHY_DECLINED = N_("the {bot} bot gives no rating for this position")
WHY_HOUSE_RULE = N_("a house rule changes trick play, which the {bot} bot's search does not know")
WHY_STOCK = N_("cards are still in the stock, hidden even with all hands open")
WHY_OPEN_BUDGET = N_("no all-cards-open answer within the {bot} bot's budget")

_BEST = {EXACT: R_EXACT_BEST, EVERY_DEAL: R_EVERY_BEST, SAMPLED: R_SAMPLED_BEST}
_LOSS = {EXACT: R_EXACT_LOSS, EVERY_DEAL: R_EVERY_LOSS, SAMPLED: R_SAMPLED_LOSS}


@dataclass(frozen=True)
class Decision:
    """One decision of a reviewed seat.

    Attributes:
        deal: the deal number (1-based).
        action: the action's 1-based position in the deal's recorded actions.
        trick: the trick it belongs to (1-based); 0 for a call before trick play.
        seat: who decided.
        played: what was played, in notation.
        status: `FORCED`, `RATED` or `NOT_RATED`.
        reason: one sentence saying why, translatable.
        method: how it was rated (`EXACT`, `EVERY_DEAL`, `SAMPLED`) when rated.
        unit: ``tricks`` or ``points`` when rated.
        samples: deals the rating used (1 for an exact position).
        value: the played card's (mean) value; best_value: the best card's.
        best: every card as good as the best one, in notation (lowest first).
        cost: best_value - value (0 when the card played was best).
        low, high: the cost's 95 % interval (equal to ``cost`` when exact).
        open: rated with all cards open (double dummy), not from the seat's view.
    """

    deal: int
    action: int
    trick: int
    seat: int
    played: str
    status: str
    reason: Message
    method: str | None = None
    unit: str | None = None
    samples: int = 0
    value: float | None = None
    best_value: float | None = None
    best: tuple[str, ...] = ()
    cost: float | None = None
    low: float | None = None
    high: float | None = None
    open: bool = False

    @property
    def mistake(self) -> bool:
        """True when the rating shows the card cost something: an exact cost above zero, or
        a sampled one whose whole 95 % interval is above zero (a mean cost inside the
        sampling noise is not counted as a mistake; the figure still shows it)."""
        if self.cost is None or self.cost <= 1e-9:
            return False
        return self.method != SAMPLED or (self.low is not None and self.low > 0)

    def as_dict(self) -> dict[str, Any]:
        """JSON-safe form (``whist review --json``); the reason as a message and as text."""
        return {
            "deal": self.deal,
            "action": self.action,
            "trick": self.trick,
            "seat": self.seat,
            "played": self.played,
            "status": self.status,
            "method": self.method,
            "open": self.open,
            "unit": self.unit,
            "samples": self.samples,
            "value": _round(self.value),
            "best_value": _round(self.best_value),
            "best": list(self.best),
            "cost": _round(self.cost),
            "mistake": self.mistake,
            "interval": None if self.low is None else [_round(self.low), _round(self.high)],
            "reason": self.reason.render(card_name),
            "reason_message": self.reason.as_dict(),
        }


@dataclass(frozen=True)
class SeatSummary:
    """What one seat lost to mistakes in one deal."""

    seat: int
    unit: str | None
    lost: float
    exact_lost: float
    decisions: int
    rated: int
    forced: int
    not_rated: int
    worst: tuple[Decision, ...]

    def as_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {
            "seat": self.seat,
            "unit": self.unit,
            "lost": _round(self.lost),
            "exact_lost": _round(self.exact_lost),
            "decisions": self.decisions,
            "rated": self.rated,
            "forced": self.forced,
            "not_rated": self.not_rated,
            "worst": [
                {"action": d.action, "played": d.played, "cost": _round(d.cost)} for d in self.worst
            ],
        }


@dataclass(frozen=True)
class DealReview:
    """The review of one deal: every decision of the reviewed seats, and per seat a summary."""

    number: int
    decisions: tuple[Decision, ...]
    summaries: tuple[SeatSummary, ...]

    def as_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {
            "number": self.number,
            "decisions": [d.as_dict() for d in self.decisions],
            "summary": [s.as_dict() for s in self.summaries],
        }


@dataclass(frozen=True)
class Review:
    """A match's review: what was reviewed, how, and every deal's `DealReview`."""

    variant: str
    seat_names: tuple[str, ...]
    seats: tuple[int, ...]
    double_dummy: bool
    bot: str | None
    seed: int
    samples: int | None
    deals: tuple[DealReview, ...] = field(default=())

    def as_dict(self) -> dict[str, Any]:
        """JSON-safe form: everything needed to run the review again and its figures."""
        return {
            "variant": self.variant,
            "mode": "double_dummy" if self.double_dummy else "honest",
            "seats": [{"seat": s, "name": self.seat_names[s]} for s in self.seats],
            "bot": self.bot,
            "seed": self.seed,
            "samples": self.samples,
            "deals": [d.as_dict() for d in self.deals],
        }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


# -- rating one decision -------------------------------------------------------------------


@dataclass
class Rater:
    """The bots that rate one review's decisions (one per seat, seeded from the review's
    seed), and the name of their spec; ``bots`` is empty when no bot rates cards."""

    name: str | None
    bots: dict[int, RatesCards]
    samples: int | None = None
    why_not: str | None = None

    @classmethod
    def for_engine(
        cls, catalog: Catalog, engine: Engine, *, seed: int, samples: int | None = None
    ) -> Rater:
        """The variant's strongest bot (`hint_spec`), one instance per seat, if it rates
        cards (`RatesCards`) and no house rule changes the trick play its search assumes."""
        spec = hint_spec(catalog, engine.variant.name)
        if spec is None:
            return cls(None, {}, samples, WHY_NO_RATER)
        bots: dict[int, RatesCards] = {}
        for seat in range(engine.seats):
            bot = spec.factory(
                engine.variant.name, random.Random(f"openwhist.review:{seed}:{seat}")
            )
            if not isinstance(bot, RatesCards):
                return cls(spec.name, {}, samples, WHY_NO_RATER)
            bots[seat] = bot
        if engine.house_rules and _trick_play_changed(engine):
            return cls(spec.name, {}, samples, WHY_HOUSE_RULE)
        return cls(spec.name, bots, samples)


def _trick_play_changed(engine: Engine) -> bool:
    """True when the house rules answer a trick-play hook the variant alone answers as the
    standard rules do (which the bots' searches assume)."""
    bare = MatchRules(engine.variant, ()).standard_steps(engine.options)
    stacked = engine.rules.standard_steps(engine.options)
    hooks = {"whist_legal_plays", "whist_trick_winner"}
    return bool((bare - stacked) & hooks)


def review_decision(
    engine: Engine,
    rater: Rater,
    state: DealState[Any],
    action: Action,
    *,
    index: int,
    double_dummy: bool = False,
) -> Decision:
    """Rate ``action`` of the seat to act in ``state`` (the deal's ``index``-th action).

    Honest mode reads only ``engine.observe(state, seat)`` and the seat's legal cards, so
    the answer cannot depend on a card hidden from the seat; ``double_dummy`` also reads
    every real hand and labels the answer as such.
    """
    seat = state.to_act
    deal = state.context.number
    trick = len(state.completed) + 1 if state.phase == PHASE_PLAY else 0
    base: dict[str, Any] = {
        "deal": deal,
        "action": index,
        "trick": trick,
        "seat": seat,
        "played": action.notation(),
    }
    legal = engine.legal_actions(state)
    if len(legal) == 1:
        if isinstance(action, Play):
            reason = Message(R_FORCED, {"card": action.card}, cards=("card",))
        else:
            reason = Message(R_FORCED_CALL, {"action": action.notation()})
        return Decision(status=FORCED, reason=reason, **base)
    if not rater.bots:
        why = rater.why_not or WHY_NO_RATER
        return _not_rated(base, action, Message(why, {"bot": rater.name or ""}))
    if not isinstance(action, Play) or state.phase != PHASE_PLAY:
        if double_dummy:
            return _not_rated(base, action, Message(WHY_CALL_OPEN))
        caller = rater.bots[seat]
        calls = (
            caller.rate_calls(engine.observe(state, seat), legal, samples=rater.samples)
            if isinstance(caller, RatesCalls)
            else None
        )
        if calls is None or action.notation() not in calls.values:
            return _not_rated(base, action, Message(WHY_CALL, {"bot": rater.name or ""}))
        return _rated_call(base, action.notation(), calls)
    mask = 0
    for candidate in legal:
        if isinstance(candidate, Play):
            mask |= 1 << candidate.card
    bot = rater.bots[seat]
    view = engine.observe(state, seat)
    rating: CardRating | None
    if double_dummy:
        played = 0
        for record in state.completed:
            for card in record.cards:
                played |= 1 << card
        for card in state.trick:
            played |= 1 << card
        in_hands = 0
        for hand in state.hands:
            in_hands |= hand
        if (in_hands | played) != (1 << 52) - 1:
            return _not_rated(base, action, Message(WHY_STOCK))
        rating = bot.rate_cards_open(view, mask, state.hands)
        if rating is None:
            return _not_rated(base, action, Message(WHY_OPEN_BUDGET, {"bot": rater.name or ""}))
    else:
        rating = bot.rate_cards(view, mask, samples=rater.samples)
        if rating is None:
            return _not_rated(base, action, Message(WHY_DECLINED, {"bot": rater.name or ""}))
    return _rated(base, action.card, rating, open_cards=double_dummy)


def _interval(rating_method: str, diffs: list[float], cost: float) -> tuple[float, float]:
    """The cost's 95 % interval: the normal interval of the paired differences (sampled),
    or the cost itself (exact)."""
    if rating_method == SAMPLED and len(diffs) > 1:
        mean = sum(diffs) / len(diffs)
        var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
        half = Z95 * math.sqrt(var / len(diffs))
        return cost - half, cost + half
    return cost, cost


def _rated_call(base: dict[str, Any], call: str, rating: CallRating) -> Decision:
    means = {c: rating.mean(c) for c in rating.values}
    top = max(means.values())
    best = sorted((c for c, m in means.items() if m >= top - 1e-9), key=list(means).index)
    value = means[call]
    shown = call if call in best else best[0]
    cost = 0.0 if call in best else top - value
    diffs = [b - p for b, p in zip(rating.values[shown], rating.values[call], strict=True)]
    low, high = _interval(rating.method, diffs, cost) if cost else (0.0, 0.0)
    values: dict[str, Any] = {
        "action": call,
        "best": shown,
        "value": round(value, 1),
        "best_value": round(top, 1),
        "cost": round(cost, 1),
        "low": round(low, 1),
        "high": round(high, 1),
        "samples": rating.samples,
        "scope": rating.scope,
    }
    reason = Message(R_CALL_LOSS if cost > 1e-9 else R_CALL_BEST, values)
    return Decision(
        status=RATED,
        reason=reason,
        method=rating.method,
        unit=rating.unit,
        samples=rating.samples,
        value=value,
        best_value=top,
        best=tuple(best),
        cost=cost,
        low=low,
        high=high,
        **base,
    )


def _not_rated(base: dict[str, Any], action: Action, why: Message) -> Decision:
    reason = Message(R_NOT_RATED, {"action": action.notation(), "why": why})
    return Decision(status=NOT_RATED, reason=reason, **base)


def _figure(value: float, exact: bool) -> int | float:
    """A value as a reason shows it: a whole number when it is one and exact."""
    if exact and abs(value - round(value)) < 1e-9:
        return round(value)
    return round(value, 1)


def _rated(base: dict[str, Any], card: int, rating: CardRating, *, open_cards: bool) -> Decision:
    means = {c: rating.mean(c) for c in rating.values}
    top = max(means.values())
    best = sorted(c for c, m in means.items() if m >= top - 1e-9)
    value = means[card]
    if card in best:
        cost = 0.0
        low = high = 0.0
        shown = card
    else:
        shown = best[0]
        cost = top - value
        diffs = [b - p for b, p in zip(rating.values[shown], rating.values[card], strict=True)]
        low, high = _interval(rating.method, diffs, cost)
    exact = rating.method != SAMPLED
    values: dict[str, Any] = {
        "card": card,
        "best": shown,
        "value": _figure(value, exact),
        "best_value": _figure(top, exact),
        "cost": _figure(cost, exact),
        "low": round(low, 1),
        "high": round(high, 1),
        "samples": rating.samples,
        "scope": rating.scope,
    }
    if open_cards:
        template = R_OPEN_LOSS if cost > 1e-9 else R_OPEN_BEST
    else:
        template = (_LOSS if cost > 1e-9 else _BEST)[rating.method]
    reason = Message(template, values, cards=("card", "best"))
    return Decision(
        status=RATED,
        reason=reason,
        method=rating.method,
        unit=rating.unit,
        samples=rating.samples,
        value=value,
        best_value=top,
        best=tuple(card_name(c) for c in best),
        cost=cost,
        low=low,
        high=high,
        open=open_cards,
        **base,
    )


# -- reviewing a record --------------------------------------------------------------------


def seat_of(engine: Engine, record: GameRecord, text: str) -> int:
    """The seat named ``text``: a seat name (``A``, ``N``), a player's name, or a 1-based
    seat number.

    Raises:
        UsageError: no such seat.
    """
    names = engine.seat_names
    for seat, name in enumerate(names):
        if text.casefold() == name.casefold():
            return seat
    for player in record.players:
        if text.casefold() == player.name.casefold():
            return player.seat
    if text.isdigit() and 1 <= int(text) <= len(names):
        return int(text) - 1
    raise UsageError(
        Message(
            N_("no seat '{text}': the seats are {seats} (or 1-{count}, or a player's name)"),
            {"text": text, "seats": ", ".join(names), "count": len(names)},
        )
    )


def record_from_file(data: bytes, *, name: str, index: int | None = None) -> GameRecord:
    """The record in a file's bytes (``name`` for messages): its only record, or record
    ``index`` (1-based) of several (JSON lines or a list, as `whist replay` reads them).

    Raises:
        UsageError: several records and no ``index``, or ``index`` out of range.
        RecordError: the chosen record is not a valid record.
    """
    documents = split_documents(decode_file(data))
    if index is None:
        if len(documents) > 1:
            raise UsageError(
                Message(
                    N_("{name} holds {count} records: choose one with --index 1-{count}"),
                    {"name": name, "count": len(documents)},
                )
            )
        index = 1
    if not 1 <= index <= len(documents):
        raise UsageError(
            Message(
                N_("there is no record {index} in {name} ({count} records)"),
                {"index": index, "name": name, "count": len(documents)},
            )
        )
    document = documents[index - 1][1]
    if isinstance(document, RecordError):
        raise document
    return load_record(document)


def review_record(
    record: GameRecord,
    catalog: Catalog,
    *,
    deal: int | None = None,
    seats: Sequence[int | str] | None = None,
    double_dummy: bool = False,
    seed: int = DEFAULT_SEED,
    samples: int | None = None,
) -> Review:
    """Review ``record``'s deals (or deal number ``deal``) for ``seats`` (seat numbers
    0-based, or names as `seat_of` reads them; default: the human seats, else every seat).

    Raises:
        RecordError: the record does not replay (checked moves, stored scores).
        UsageError: a deal number out of range, a bad seat or sample count.
    """
    replay = replay_record(record, catalog)
    engine = replay.engine
    count = len(record.deals)
    if deal is not None and not 1 <= deal <= count:
        holds = (
            Message(N_("there is no deal {deal}: the record holds deals 1-{count}"))
            if count > 1
            else Message(N_("there is no deal {deal}: the record holds deal 1"))
            if count
            else Message(N_("there is no deal {deal}: the record holds no deals"))
        )
        raise UsageError(holds._replace(values={"deal": deal, "count": count}))
    if samples is not None and samples < 1:
        raise UsageError(
            Message(N_("--samples must be at least 1, not {samples}"), {"samples": samples})
        )
    numbers: list[int] = []
    if seats is None:
        humans = [p.seat for p in record.players if p.kind == "human"]
        numbers = humans or list(range(engine.seats))
    for seat in seats or ():
        number = seat_of(engine, record, seat) if isinstance(seat, str) else seat
        if not 0 <= number < engine.seats:
            raise UsageError(
                Message(
                    N_("no seat {number}: {name} has seats 0-{last}"),
                    {"number": number, "name": engine.variant.name, "last": engine.seats - 1},
                )
            )
        numbers.append(number)
    chosen = tuple(sorted(set(numbers)))
    rater = Rater.for_engine(catalog, engine, seed=seed, samples=samples)
    reviews = []
    progress = engine.start_match(record.first_dealer)
    for number, deal_record in enumerate(record.deals, start=1):
        if deal is None or number == deal:
            # Fresh bots for every deal: a deal's figures never depend on which deals were
            # reviewed before it (a solver's warm table can decide a budget).
            rater = Rater.for_engine(catalog, engine, seed=seed, samples=samples)
            reviews.append(
                _review_deal(engine, rater, progress, deal_record.actions, chosen, double_dummy)
            )
        replayed = replay.deals[number - 1]
        if replayed.progress is None:
            break
        progress = replayed.progress
    return Review(
        variant=engine.variant.name,
        seat_names=engine.seat_names,
        seats=chosen,
        double_dummy=double_dummy,
        bot=rater.name if rater.bots else None,
        seed=seed,
        samples=samples,
        deals=tuple(reviews),
    )


def _review_deal(
    engine: Engine,
    rater: Rater,
    progress: Any,
    actions: Sequence[str],
    seats: tuple[int, ...],
    double_dummy: bool,
) -> DealReview:
    state = engine.next_deal(progress)
    decisions: list[Decision] = []
    for index, text in enumerate(actions, start=1):
        action = engine.parse_action(state, text)
        if not isinstance(action, Deal) and state.to_act in seats:
            decisions.append(
                review_decision(
                    engine, rater, state, action, index=index, double_dummy=double_dummy
                )
            )
        state = engine.apply(state, action)
    summaries = []
    for seat in seats:
        mine = [d for d in decisions if d.seat == seat]
        rated = [d for d in mine if d.status == RATED]
        lost = [d for d in rated if d.mistake]
        units = {d.unit for d in rated}
        worst = sorted(lost, key=lambda d: (-(d.cost or 0.0), d.action))[:WORST]
        summaries.append(
            SeatSummary(
                seat=seat,
                unit=units.pop() if len(units) == 1 else (TRICKS if not units else None),
                lost=sum(d.cost or 0.0 for d in lost),
                exact_lost=sum(d.cost or 0.0 for d in lost if d.method != SAMPLED),
                decisions=len(mine),
                rated=len(rated),
                forced=sum(1 for d in mine if d.status == FORCED),
                not_rated=sum(1 for d in mine if d.status == NOT_RATED),
                worst=tuple(worst),
            )
        )
    return DealReview(state.context.number, tuple(decisions), tuple(summaries))


__all__ = [
    "DEFAULT_SEED",
    "FORCED",
    "NOT_RATED",
    "RATED",
    "DealReview",
    "Decision",
    "Rater",
    "Review",
    "SeatSummary",
    "record_from_file",
    "review_decision",
    "review_record",
    "seat_of",
]
