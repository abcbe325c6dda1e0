"""The conformance kit: OpenSpiel-style invariants checked on seeded random deals.

`check_variant` plays ``deals`` random deals of a variant -- the consecutive deals of seeded
whole matches, so later deals meet the match progress, the dealer rotation and
``DealContext.progress`` as players meet them -- and checks, at every step:

1. **One actor.** ``to_act`` is a seat, `CHANCE` or `TERMINAL`; `TERMINAL` exactly when
   the phase is ``"end"``.
2. **Legal actions.** For the seat to act: non-empty, sorted by ``sort_key`` with no two
   actions sharing a key, and every `Play` names a card in that seat's hand. For every
   other seat, for chance and after the end: empty.
3. **Illegal actions are rejected** with `IllegalActionError`: a card outside the legal set
   (the error must carry exactly the legal alternatives), the seat to act's own first legal
   action offered as another seat's (``apply(..., seat=other)``), a chance deal that is not
   a permutation of the deck, anything after the end, and scoring an unfinished deal.
4. **Cards are conserved.** Once dealt, the hands, the completed tricks, the current trick
   and the cards the variant holds elsewhere are disjoint and make up all 52 cards.
   The core cannot see where a variant keeps cards outside hands and tricks (German
   Whist's stock), so a variant whose cards can sit elsewhere implements the kit-level
   protocol `CardsElsewhere` on its rules object::

       def conformance_cards_elsewhere(self, state: DealState[Any]) -> int:
           return mask_of(state.extra.stock)      # a bitmask of the cards held elsewhere

   (house-rule plugins may implement it too; all answers are ORed), or the caller passes
   ``held_elsewhere=`` to `check_variant`. It is not a rule hook: the engine never calls it.
5. **Notation round trip.** ``engine.parse_action(state, a.notation()) == a`` for every
   legal action and for the chance deal.
6. **Views.** ``view.seat``/``view.hand`` are the seat's own; the public fields
   (phase, trump, trick, completed tricks, hand sizes, ``view.public``, ...) are identical
   for every seat, and so is every history entry that is not hidden (``"?"``) for either
   (on every step, or every ``views_every``-th step if the caller thins them out).
   **Hidden cards do not matter**: on ``swaps_per_deal`` sampled steps per deal (not every
   step: each check replays the deal), the kit takes one seat and works out the cards
   whose place it may know: its hand, every card it has held during the deal, the cards
   played, every card named in the public view so far and in its own history, and every
   card named by a non-deal action so far. (Cards are found in card ints, bitmask ints,
   ``CardSet`` values and card notation in strings, searched recursively; an int counts as
   both a card and a mask, so the kit errs towards "known".) Its ``private`` view is *not*
   a source of knowledge: private facts must be about cards the seat has held (German
   Whist's blind draws). The kit then swaps two cards the seat may not know in the deal's
   deck order, replays the same actions with ``apply_unchecked`` and requires that seat's
   view (and, on its turn, its legal actions) to be unchanged. A view that shows another
   seat's hidden card, or depends on one (a suit count, a hand strength), fails here.
   *Strict mode*: cards named in ``view.public`` would otherwise count as known, so a
   view that publishes a hidden hand would approve its own leak. A rules object that
   implements the kit-level protocol `PublicCards` (``conformance_public_cards(state)``,
   the cards whose place the rules make public) replaces that scan: only the declared
   cards count as public, and a leak through ``view.public`` is caught. The built-in
   variants implement it.
7. **Replay.** Applying the deal's history again, from the same start and through
   notation (``parse_action`` then the checked ``apply``), gives an equal state and an
   equal score.
8. **Trick seats.** Each completed trick names the seat of every card (`TrickRecord.seats`:
   as many seats as cards, each once, the leader first, the winner among them), and in
   trick play the seat to act is the next seat of the trick's order (`trick_order_of`),
   which holds each seat at most once and more seats than cards played; ``view.trick_order``
   is that order for every seat.
9. **Termination** within ``variant.max_actions`` actions; the finished deal scores a
   `DealScore` whose parties are the parties of ``engine.start_match``, whose winner is
   one of them (or ``None``), and whose lines name only those parties.

`check_match` plays whole matches (``start_match`` ... ``advance_match`` until
``progress.finished``, bounded), checking every deal as above and the progress between
deals; each match's game record (`openwhist.records`) must survive JSON and replay to the
same deals and the same result. `check_variant` checks the progress the same way, cuts a
match off after ``match_deals`` deals, and replays the first `RECORD_MATCHES` matches'
records. `check_conformance` -- what the pytest fixture ``whist_conformance`` runs -- is
`check_variant` plus one whole match of every finite match format (`match_samples`).

A broken invariant raises `ConformanceError` naming the variant, the seed, the deal index
and the action index, so ``check_variant(v, seed=S, first_deal=D, deals=1)`` replays
exactly the failing deal (each deal draws from its own ``random.Random`` derived from
``(seed, deal index)``, and the deals before it are played again unchecked, so it meets
the same match progress).
"""

from __future__ import annotations

import itertools
import random
import time
import types
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel

from openwhist.game.actions import PLAYS, Action, Deal, Play
from openwhist.game.cards import FULL_DECK, NUM_CARDS, card_name, iter_cards, parse_card
from openwhist.game.deal import LiveDeal
from openwhist.game.engine import Engine
from openwhist.game.errors import (
    IllegalActionError,
    InvalidNotationError,
    OpenWhistError,
    OptionsError,
    PluginContractError,
    UnknownVariantError,
)
from openwhist.game.messages import Message
from openwhist.game.presentation import FactKind, FactPlace, Presentation, placeholders
from openwhist.game.scoring import DealScore, MatchProgress
from openwhist.game.state import CHANCE, PHASE_END, PHASE_PLAY, TERMINAL, DealState, trick_order_of
from openwhist.game.variant import HouseRule, Variant
from openwhist.game.views import HIDDEN, PlayerView
from openwhist.records import GameRecord, RecordBuilder, load_record, replay_record

__all__ = [
    "CardsElsewhere",
    "ConformanceError",
    "ConformanceReport",
    "MatchFormats",
    "check_conformance",
    "check_match",
    "check_presentation",
    "check_variant",
    "exchange_problems",
    "kind_problem",
    "match_samples",
    "option_samples",
    "view_presentation_problems",
]

HeldElsewhere = Callable[[DealState[Any]], int]


@runtime_checkable
class CardsElsewhere(Protocol):
    """Kit-level protocol for rules objects whose cards can sit outside hands and tricks."""

    def conformance_cards_elsewhere(self, state: DealState[Any]) -> int:
        """A bitmask of the cards of ``state`` that are in no hand and no trick (a stock,
        a widow, cards set aside). Called by the conformance kit only."""
        ...


@runtime_checkable
class PublicCards(Protocol):
    """Kit-level protocol: the cards whose place the rules make public knowledge."""

    def conformance_public_cards(self, state: DealState[Any]) -> int:
        """A bitmask of the cards of ``state`` whose place every seat may know by the rules
        (German Whist's face-up stock card and the face-up cards each seat took; English
        Whist's turned-up trump), beyond the cards played. Called by the conformance kit
        only. A variant that implements it gets the strict hidden-card check: a card named
        in ``view.public`` is then no longer taken as public just because it is named."""
        ...


@runtime_checkable
class MatchFormats(Protocol):
    """Kit-level protocol: the option sets of a variant's match formats that must finish."""

    def conformance_match_options(self) -> Sequence[Mapping[str, Any]]:
        """Option values, one mapping per finite match format (e.g. ``{"match":
        "fixed_deals:3"}``). Called by `match_samples` only."""
        ...


class ConformanceError(PluginContractError):
    """A variant broke an invariant of the engine contract.

    Attributes:
        variant: the variant's name.
        seed: the seed given to the check.
        deal: the deal index (0-based) within the check, or ``None``.
        action: the index in the deal's history of the action about to be applied (the
            deal itself is action 0), or ``None`` for a check about the whole deal.
        history: the deal's actions so far, in notation (to reproduce by hand).
    """

    def __init__(
        self,
        message: str,
        *,
        variant: str,
        seed: int,
        deal: int | None = None,
        action: int | None = None,
        history: Sequence[str] = (),
    ) -> None:
        where = [f"variant {variant!r}", f"seed {seed}"]
        if deal is not None:
            where.append(f"deal {deal}")
        if action is not None:
            where.append(f"action {action}")
        super().__init__(f"{', '.join(where)}: {message}")
        self.variant = variant
        self.seed = seed
        self.deal = deal
        self.action = action
        self.history = tuple(history)


@dataclass
class ConformanceReport:
    """What a conformance check covered.

    Attributes:
        variant: the variant's name.
        seed: the seed of the check.
        deals: deals played and checked.
        actions: actions applied (chance deals included).
        view_swaps: hidden-card swap checks performed.
        matches: whole matches played (`check_match`).
        seconds: wall-clock time of the check.
        winners: how often each party won a deal (index ``len(parties)``: no winner).
    """

    variant: str
    seed: int
    deals: int = 0
    actions: int = 0
    view_swaps: int = 0
    matches: int = 0
    seconds: float = 0.0
    winners: list[int] = field(default_factory=list)

    @property
    def deals_per_second(self) -> float:
        """Checked deals per second of wall-clock time."""
        return self.deals / self.seconds if self.seconds > 0 else float("inf")

    def __str__(self) -> str:
        extra = f", {self.matches} matches" if self.matches else ""
        return (
            f"{self.variant}: {self.deals} deals{extra}, {self.actions} actions, "
            f"{self.view_swaps} view swaps checked in {self.seconds:.2f}s "
            f"({self.deals_per_second:.0f} deals/s)"
        )


MATCH_DEALS = 12
"""`check_variant`'s default cut-off: a match still running after this many deals is ended
there and the next match starts (an open-ended format, as Israeli Whist's running total,
would otherwise take every deal of the check)."""

RECORD_MATCHES = 2
"""How many of `check_variant`'s matches (the first ones) must also replay from their game
record: every deal already replays its own history (invariant 7), so the record's replay
adds the match progression through JSON; checking it for every match would double the cost
of a variant whose matches are single deals. `check_match` checks every match's record."""


def check_variant(
    variant: Variant,
    *,
    deals: int = 200,
    seed: int = 0,
    options: BaseModel | Mapping[str, Any] | None = None,
    house_rules: Sequence[HouseRule] = (),
    held_elsewhere: HeldElsewhere | None = None,
    swaps_per_deal: int = 2,
    views_every: int = 1,
    first_deal: int = 0,
    seats: int | None = None,
    match_deals: int = MATCH_DEALS,
) -> ConformanceReport:
    """Play ``deals`` seeded random deals of ``variant`` and check every invariant.

    The deals are the consecutive deals of seeded whole matches, so later deals are
    checked as players meet them: dealt by the seat the match progress names, numbered
    in the match, with the progress so far in ``DealContext.progress`` (English Whist's
    games and rubbers, German Whist's best-of, an Israeli evening). A match is played to
    its end, or cut off after ``match_deals`` deals, and the next one starts; between
    deals the progress is checked as `check_match` checks it, and the first
    `RECORD_MATCHES` matches' game records must replay. The cost per deal is that of a
    lone deal and the progress check (docs/plugins/hooks.md, "The conformance kit");
    ``match_deals=1`` checks lone first deals only, as the kit did before issue 12.

    Args:
        variant: the variant to check (a registered one or one under development).
        deals: how many deals to play.
        seed: the seed; deal ``i`` draws its deck and choices from its own generator, and
            match ``m`` its first dealer from another.
        options: the variant's options (a model or raw values; default: its defaults).
        house_rules: house rules to stack on the variant.
        held_elsewhere: where the variant keeps cards outside hands and tricks, if its
            rules object does not implement `CardsElsewhere`.
        swaps_per_deal: hidden-card swap checks per deal (0 turns them off).
        views_every: check every seat's view on every ``views_every``-th step only (1, the
            default, checks every step; views cost O(history) each, so long sweeps of
            many-seat variants may thin them out).
        first_deal: index of the first deal to check (to replay one failing deal of a
            longer run: the deals before it are played again, unchecked, so the failing
            deal meets the same match progress).
        match_deals: the most deals of one match (at least 1; see above).
        seats: the number of players (one of ``variant.allowed_seats``; default: the
            variant's default count). Check each count a variant allows.

    Returns:
        What was checked, with the time taken.

    Raises:
        ConformanceError: at the first broken invariant.
        OptionsError: when ``options`` are invalid for the variant.
    """
    engine = Engine(variant, options, house_rules=house_rules, seats=seats)
    checker = _Checker(engine, seed, held_elsewhere, swaps_per_deal, views_every)
    start = time.perf_counter()
    parties = checker.parties
    winners = [0] * (len(parties) + 1)
    table = _Matches(checker, records=RECORD_MATCHES)
    for index in range(first_deal + deals):
        if table.progress is None:
            table.start(index)
        state = table.deal(index)
        rng = _deal_rng(seed, index)
        if index < first_deal:
            final, score = _play_unchecked(engine, state, rng)
        else:
            score = checker.check_deal(state, rng, index)
            final = checker.final
            winners[len(parties) if score.winner is None else score.winner] += 1
        progress = table.advance(score, final, index)
        if progress.finished or progress.deals >= max(1, match_deals):
            table.close(index + 1)
    if table.progress is not None:
        table.close(first_deal + deals)
    report = checker.report
    report.seconds = time.perf_counter() - start
    report.winners = winners
    return report


def check_match(
    variant: Variant,
    *,
    matches: int = 3,
    seed: int = 0,
    options: BaseModel | Mapping[str, Any] | None = None,
    house_rules: Sequence[HouseRule] = (),
    held_elsewhere: HeldElsewhere | None = None,
    swaps_per_deal: int = 1,
    views_every: int = 1,
    max_deals: int = 1000,
    require_finish: bool = True,
    seats: int | None = None,
) -> ConformanceReport:
    """Play ``matches`` whole matches with random choices, checking every deal and the
    match progress: the deal count rises by one per deal, the parties never change, the
    next dealer is a seat, the totals have one entry per party, and the match finishes
    (``progress.finished``, with a winner that is a party or ``None``) within
    ``max_deals`` deals. An open-ended match format (a running total with no end) is
    checked with ``require_finish=False``: each match is then cut off after ``max_deals``
    deals. ``swaps_per_deal``, ``views_every`` and ``seats`` are as for `check_variant`.

    Raises:
        ConformanceError: at the first broken invariant.
    """
    engine = Engine(variant, options, house_rules=house_rules, seats=seats)
    checker = _Checker(engine, seed, held_elsewhere, swaps_per_deal, views_every)
    start = time.perf_counter()
    deal_index = 0
    table = _Matches(checker)
    for match in range(matches):
        progress = table.start(deal_index)
        while not progress.finished:
            if progress.deals >= max_deals:
                if not require_finish:
                    break
                raise checker.error(
                    f"match {match} did not finish within {max_deals} deals "
                    f"(progress: {progress.summary or progress.totals})",
                    deal_index,
                )
            state = table.deal(deal_index)
            score = checker.check_deal(state, _deal_rng(seed, deal_index), deal_index)
            progress = table.advance(score, checker.final, deal_index)
            deal_index += 1
        table.close(deal_index)
    checker.report.seconds = time.perf_counter() - start
    return checker.report


def check_conformance(
    variant: Variant,
    *,
    deals: int = 200,
    seed: int = 0,
    options: BaseModel | Mapping[str, Any] | None = None,
    house_rules: Sequence[HouseRule] = (),
    match_formats: bool | None = None,
    format_matches: int = 1,
    **kwargs: Any,
) -> ConformanceReport:
    """The whole kit on one variant, as the ``whist_conformance`` fixture runs it.

    1. `check_variant`: ``deals`` deals of seeded whole matches with ``options`` (the
       remaining keyword arguments -- ``swaps_per_deal``, ``views_every``,
       ``match_deals``, ``held_elsewhere``, ``first_deal`` -- go to it);
    2. when ``match_formats`` is true -- by default, when no ``options`` are given --
       `check_match` on ``format_matches`` whole matches of every finite match format
       the variant lists (`match_samples`), each played to its end with one hidden-card
       swap per deal and views on every second step, so a variant whose default format
       is a single deal (German Whist's) still has its later deals checked.

    ``house_rules`` are stacked on the variant in both. The report adds up both parts;
    its ``winners`` are part 1's.

    Raises:
        ConformanceError: at the first broken invariant.
    """
    report = check_variant(
        variant, deals=deals, seed=seed, options=options, house_rules=house_rules, **kwargs
    )
    if match_formats is None:
        match_formats = options is None
    if not match_formats:
        return report
    held_elsewhere = kwargs.get("held_elsewhere")
    for sample in match_samples(variant):
        part = check_match(
            variant,
            matches=format_matches,
            seed=seed,
            options=sample,
            house_rules=house_rules,
            held_elsewhere=held_elsewhere,
            swaps_per_deal=1,
            views_every=2,
        )
        report.deals += part.deals
        report.actions += part.actions
        report.view_swaps += part.view_swaps
        report.matches += part.matches
        report.seconds += part.seconds
    return report


def option_samples(variant: Variant) -> list[dict[str, Any]]:
    """Option sets that exercise each choice of the variant's options model once.

    For every ``bool`` or ``Literal`` field, each value other than the default gives one
    sample ``{field: value}``. A value that the model rejects on its own (because of a
    cross-field rule) is paired with the first value of another such field that makes it
    valid; a value no pairing makes valid is left out. The variant's preset is respected
    (samples go through ``variant.make_options``).

    >>> from openwhist.testing.toy import TOY
    >>> option_samples(TOY)
    []
    """
    model = variant.options
    defaults = variant.make_options({})
    choices: dict[str, list[Any]] = {}
    for name, info in model.model_fields.items():
        values = _choices(info.annotation)
        if values:
            choices[name] = values
    samples: list[dict[str, Any]] = []
    for name, values in choices.items():
        for value in values:
            if value == getattr(defaults, name):
                continue
            sample = _valid_sample(variant, {name: value}, choices)
            if sample is not None:
                samples.append(sample)
    return samples


def match_samples(variant: Variant) -> list[dict[str, Any]]:
    """Option sets whose matches must finish, for `check_match`.

    A variant's rules object may list them through the kit-level protocol
    `MatchFormats` (``conformance_match_options()``); otherwise they are the
    `option_samples` that set an option called ``match_format``. The default options are
    not included: their match may be open-ended.
    """
    rules = variant.rules
    if isinstance(rules, MatchFormats):
        return [dict(sample) for sample in rules.conformance_match_options()]
    return [s for s in option_samples(variant) if "match_format" in s]


# -- internals ------------------------------------------------------------------------------


def _deal_rng(seed: int, index: int) -> random.Random:
    return random.Random(f"openwhist-conformance:{seed}:{index}")


def _choices(annotation: Any) -> list[Any]:
    if annotation is bool:
        return [False, True]
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return list(typing.get_args(annotation))
    if origin is typing.Union or origin is types.UnionType:
        out: list[Any] = []
        for arg in typing.get_args(annotation):
            out.extend(v for v in _choices(arg) if v not in out)
        return out
    return []


def _valid_sample(
    variant: Variant, sample: dict[str, Any], choices: Mapping[str, list[Any]]
) -> dict[str, Any] | None:
    try:
        variant.make_options(sample)
        return sample
    except OptionsError:
        pass
    for other, values in choices.items():
        if other in sample:
            continue
        for value in values:
            candidate = {**sample, other: value}
            try:
                variant.make_options(candidate)
            except OptionsError:
                continue
            return candidate
    return None


def _cards_named(value: object) -> int:
    """Every card a view value could be naming, as a mask (errs towards more cards).

    An int in 0..51 is read as a card *and* as a bitmask; a larger int as a bitmask; a
    `CardSet` by its mask; a string by each word that is card notation; containers and
    mappings (keys too) recursively.
    """
    if isinstance(value, bool) or value is None:
        return 0
    if isinstance(value, int):
        mask = value & FULL_DECK
        if 0 <= value < NUM_CARDS:
            mask |= 1 << value
        return mask
    if isinstance(value, str):
        mask = 0
        for token in value.replace(",", " ").split():
            try:
                mask |= 1 << parse_card(token)
            except InvalidNotationError:
                continue
        return mask
    if isinstance(value, Mapping):
        mask = 0
        for key, item in value.items():
            mask |= _cards_named(key) | _cards_named(item)
        return mask
    inner = getattr(value, "mask", None)
    if isinstance(inner, int):  # a CardSet
        return inner & FULL_DECK
    if isinstance(value, Iterable):
        mask = 0
        for item in value:
            mask |= _cards_named(item)
        return mask
    return 0


def _known_mask(view: PlayerView, held: int, public_seen: int) -> int:
    """The cards whose place ``view``'s seat may know: its hand, the cards it has held
    (``held``), the cards named in the public view so far (``public_seen``) and the cards
    played. (The caller adds the cards named by the deal's actions.) Its ``private``
    part is not a source: a private fact about a card the seat never held and never saw in
    public is a leak."""
    mask = view.hand | held | public_seen
    for trick in view.completed:
        for card in trick.cards:
            mask |= 1 << card
    for card in view.trick:
        mask |= 1 << card
    return mask


def _actions_named(history: Iterable[Action]) -> int:
    """Cards named by the non-deal actions (plays, exchanges): never swapped."""
    mask = 0
    for action in history:
        if isinstance(action, Play):
            mask |= 1 << action.card
        elif not isinstance(action, Deal):
            mask |= _cards_named(action.notation())
    return mask


def _public_part(view: PlayerView) -> tuple[Any, ...]:
    return (
        view.seats,
        view.dealer,
        view.phase,
        view.to_act,
        view.hand_sizes,
        view.trump,
        view.leader,
        view.trick,
        view.tricks,
        view.completed,
        view.public,
        len(view.history),
        view.trick_order,
        view.options,
        view.progress,
    )


class _Checker:
    """Checks deals of one engine, accumulating a report."""

    def __init__(
        self,
        engine: Engine,
        seed: int,
        held_elsewhere: HeldElsewhere | None,
        swaps_per_deal: int,
        views_every: int = 1,
    ) -> None:
        self.engine = engine
        self.variant = engine.variant
        self.seed = seed
        self.seats = engine.seats
        self.swaps_per_deal = swaps_per_deal
        self.views_every = max(1, views_every)
        elsewhere: list[HeldElsewhere] = []
        if held_elsewhere is not None:
            elsewhere.append(held_elsewhere)
        for plugin in (engine.variant.rules, *(h.rules for h in engine.house_rules)):
            if isinstance(plugin, CardsElsewhere):
                elsewhere.append(plugin.conformance_cards_elsewhere)
        self.elsewhere = tuple(elsewhere)
        self.public_cards = tuple(
            plugin.conformance_public_cards
            for plugin in (engine.variant.rules, *(h.rules for h in engine.house_rules))
            if isinstance(plugin, PublicCards)
        )
        self.parties = engine.start_match(0).parties
        self.report = ConformanceReport(variant=engine.variant.name, seed=seed)
        self._deal = 0
        self._history: tuple[Action, ...] = ()
        self._last_public: dict[str, Any] | None = None
        self._last_public_cards = 0
        self.final: DealState[Any] = engine.start_deal(dealer=0)
        self.presentation = engine.variant.match_presentation(engine.house_rules)
        # A variant (and house rules) declaring no fact at all shows its facts by key;
        # once one declares a fact, every key of the views must be declared.
        self.declares = any(
            p.public or p.private
            for p in (engine.variant.presentation, *(h.presentation for h in engine.house_rules))
        )
        problems = check_presentation(self.presentation)
        if problems:
            raise self.error("the presentation: " + "; ".join(problems), deal=0)

    # -- errors ---------------------------------------------------------------------------

    def error(
        self, message: str, deal: int | None = None, action: int | None = None
    ) -> ConformanceError:
        """A `ConformanceError` for the deal being checked."""
        return ConformanceError(
            message,
            variant=self.variant.name,
            seed=self.seed,
            deal=self._deal if deal is None else deal,
            action=action,
            history=[a.notation() for a in self._history],
        )

    # -- one deal -------------------------------------------------------------------------

    def check_deal(self, start: DealState[Any], rng: random.Random, index: int) -> DealScore:
        """Play one random deal from ``start``, checking every step; return its score."""
        engine = self.engine
        self._deal = index
        self._history = ()
        state = start
        states = [start]
        held = [0] * self.seats
        public_seen = 0
        knowledge: list[tuple[tuple[int, ...], int]] = []
        limit = self.variant.max_actions
        step = 0
        while True:
            self._history = state.history
            named_in_public = self.check_state(state, step)
            if self.public_cards:
                # Strict: only what the rules declare public counts as known to all.
                for public_cards in self.public_cards:
                    public_seen |= public_cards(state)
            else:
                public_seen |= named_in_public
            for seat, hand in enumerate(state.hands):
                held[seat] |= hand
            knowledge.append((tuple(held), public_seen))
            actor = state.to_act
            if actor == TERMINAL:
                break
            if step >= limit:
                raise self.error(
                    f"the deal did not end within max_actions={limit} actions", action=step
                )
            if actor == CHANCE:
                action: Action = engine.sample_chance(state, rng)
                self.check_notation(state, (action,), step)
            else:
                legal = engine.legal_actions(state)
                action = legal[rng.randrange(len(legal))]
            try:
                state = engine.apply(state, action)
            except OpenWhistError as exc:
                raise self.error(
                    f"applying the legal action {action.notation()!r} failed: {exc}", action=step
                ) from exc
            if len(state.history) != step + 1 or state.history[-1] != action:
                raise self.error(
                    f"after {action.notation()!r} the history has {len(state.history)} "
                    f"actions ending with {state.history[-1:]!r}: every applied action must "
                    "be appended to state.history",
                    action=step,
                )
            states.append(state)
            step += 1
        score = self.check_end(start, state)
        self.final = state
        self.check_live_deal(states)
        self.check_swaps(start, states, knowledge, rng)
        self.report.deals += 1
        self.report.actions += step
        return score

    def check_live_deal(self, states: list[DealState[Any]]) -> None:
        """The same deal pushed on a `LiveDeal` gives the same state at every step, the
        same views and score, and `pop` takes every action back (hooks given the deal in
        play must read it as they read a state; docs/plugins/hooks.md)."""
        deal = LiveDeal(self.engine, states[0])
        final = states[-1]
        for step, (before, after) in enumerate(itertools.pairwise(states)):
            action = after.history[-1]
            try:
                if deal.legal_actions() != self.engine.legal_actions(before):
                    raise self.error("the deal in play lists other legal actions", action=step)
                deal.push(action)
            except ConformanceError:
                raise
            except Exception as exc:  # a hook that reads the deal as a tuple, or assigns it
                raise self.error(
                    f"playing {action.notation()!r} on the deal in play (LiveDeal) failed: "
                    f"{type(exc).__name__}: {exc} -- per-card hooks must read the deal's "
                    "fields only (docs/plugins/hooks.md)",
                    action=step,
                ) from exc
            if deal.snapshot() != after:
                raise self.error(
                    f"after {action.notation()!r} the deal in play differs from the state "
                    "engine.apply gives",
                    action=step,
                )
        for seat in range(self.seats):
            if deal.observe(seat) != self.engine.observe(final, seat):
                raise self.error(f"seat {seat}'s view of the deal in play differs")
        for step in range(len(states) - 1, 0, -1):
            deal.pop()
            if deal.snapshot() != states[step - 1]:
                raise self.error("taking back an action did not restore the deal", action=step)

    def check_state(self, state: DealState[Any], step: int) -> int:
        """Every per-step invariant of ``state``; returns the cards its public view names."""
        engine = self.engine
        actor = state.to_act
        seats = self.seats
        if not (actor in (CHANCE, TERMINAL) or 0 <= actor < seats):
            raise self.error(f"to_act is {actor!r}: not a seat, CHANCE or TERMINAL", action=step)
        if (actor == TERMINAL) != (state.phase == PHASE_END):
            raise self.error(
                f"to_act is {actor} in phase {state.phase!r}: the deal is over exactly when "
                "the phase is 'end'",
                action=step,
            )
        for seat in range(seats):
            if seat != actor and engine.legal_actions(state, seat):
                raise self.error(
                    f"seat {seat} has legal actions although seat {actor} is to act",
                    action=step,
                )
        if actor < 0:
            if engine.legal_actions(state):
                raise self.error("there are legal actions for chance/terminal", action=step)
            self.check_rejections_no_seat(state, step)
        else:
            legal = engine.legal_actions(state)
            self.check_legal(state, legal, step)
            self.check_notation(state, legal, step)
            self.check_rejections(state, legal, step)
        if not state.history:
            return 0
        self.check_cards(state, step)
        self.check_trick_seats(state, step)
        if step % self.views_every and actor != TERMINAL:
            # Views not checked on this step; still learn what became public.
            return self._public_cards(self.engine.observe(state, 0).public)
        return self.check_views(state, step)

    def check_legal(self, state: DealState[Any], legal: tuple[Action, ...], step: int) -> None:
        """Legal actions: non-empty, strictly sorted, plays from the actor's hand."""
        if not legal:
            raise self.error(f"seat {state.to_act} is to act but has no legal action", action=step)
        if self.engine.legal_actions(state, state.to_act) != legal:
            raise self.error(
                "legal_actions(state) and legal_actions(state, seat=to_act) differ", action=step
            )
        keys = [a.sort_key() for a in legal]
        for i in range(1, len(keys)):
            if not keys[i - 1] < keys[i]:
                raise self.error(
                    f"legal actions are not sorted and duplicate-free: {legal[i - 1]} "
                    f"then {legal[i]}",
                    action=step,
                )
        hand = state.hands[state.to_act]
        for action in legal:
            if isinstance(action, Play) and not hand >> action.card & 1:
                raise self.error(
                    f"{action} is legal for seat {state.to_act} who does not hold it",
                    action=step,
                )

    def check_notation(self, state: DealState[Any], legal: Iterable[Action], step: int) -> None:
        """``parse_action(notation(a)) == a`` for every action."""
        for action in legal:
            text = action.notation()
            try:
                parsed = self.engine.parse_action(state, text)
            except OpenWhistError as exc:
                raise self.error(
                    f"the notation {text!r} of a legal action does not parse: {exc}",
                    action=step,
                ) from exc
            if parsed != action:
                raise self.error(
                    f"the notation {text!r} parses to {parsed!r}, not {action!r}", action=step
                )

    def check_rejections(self, state: DealState[Any], legal: tuple[Action, ...], step: int) -> None:
        """An illegal card, an out-of-turn action and an unfinished score are rejected."""
        engine = self.engine
        actor = state.to_act
        legal_set = set(legal)
        first = (step * 7 + self._deal) % NUM_CARDS
        illegal = next(
            p for i in range(NUM_CARDS) if (p := PLAYS[(first + i) % NUM_CARDS]) not in legal_set
        )
        expected = {a.notation() for a in legal}
        try:
            engine.apply(state, illegal)
        except IllegalActionError as exc:
            if set(exc.legal) != expected:
                raise self.error(
                    f"rejecting {illegal} carried legal={sorted(exc.legal)}, not the legal "
                    f"actions {sorted(expected)}",
                    action=step,
                ) from exc
        else:
            raise self.error(f"the illegal action {illegal} was accepted", action=step)
        if self.seats > 1:
            other = (actor + 1 + step % (self.seats - 1)) % self.seats
            try:
                engine.apply(state, legal[0], seat=other)
            except IllegalActionError:
                pass
            else:
                raise self.error(
                    f"{legal[0]} was accepted from seat {other} although seat {actor} is to act",
                    action=step,
                )
        if step == 1:
            try:
                engine.score(state)
            except IllegalActionError:
                pass
            else:
                raise self.error("an unfinished deal was scored", action=step)

    def check_rejections_no_seat(self, state: DealState[Any], step: int) -> None:
        """At chance a non-permutation and a play are rejected; after the end, anything."""
        engine = self.engine
        if state.to_act == CHANCE:
            bad = Deal((*range(NUM_CARDS - 1), 0))  # the 2C twice, the AS missing
            for action in (bad, PLAYS[0]):
                try:
                    engine.apply(state, action)
                except IllegalActionError:
                    continue
                raise self.error(f"chance accepted {action.notation()!r}", action=step)
            return
        for action in (PLAYS[step % NUM_CARDS], Deal(tuple(range(NUM_CARDS)))):
            try:
                engine.apply(state, action)
            except IllegalActionError:
                continue
            raise self.error(f"{action.notation()!r} was accepted after the end", action=step)

    def check_cards(self, state: DealState[Any], step: int) -> None:
        """Hands, tricks and cards held elsewhere partition the 52 cards."""
        union = 0
        count = 0
        for hand in state.hands:
            union |= hand
            count += hand.bit_count()
        for record in state.completed:
            for card in record.cards:
                union |= 1 << card
            count += len(record.cards)
        for card in state.trick:
            union |= 1 << card
        count += len(state.trick)
        for elsewhere in self.elsewhere:
            held = elsewhere(state)
            union |= held
            count += held.bit_count()
        if union != FULL_DECK or count != NUM_CARDS:
            missing = [card_name(c) for c in iter_cards(FULL_DECK & ~union)]
            hint = (
                ""
                if self.elsewhere
                else " (cards kept outside hands and tricks must be reported by "
                "conformance_cards_elsewhere(state) on the rules object)"
            )
            raise self.error(
                f"cards not conserved: {count} cards counted, {union.bit_count()} distinct; "
                f"missing {' '.join(missing) or 'none'}{hint}",
                action=step,
            )

    def check_trick_seats(self, state: DealState[Any], step: int) -> None:
        """Who played each card: every completed trick names one seat per card, each once,
        its leader first and its winner among them; in trick play the seat to act is the
        next seat of the trick's order, which has room for it."""
        record = state.completed[-1] if state.completed else None
        if record is not None and (
            len(record.seats) != len(record.cards)
            or len(set(record.seats)) != len(record.seats)
            or not record.seats
            or record.seats[0] != record.leader
            or record.winner not in record.seats
            or not all(0 <= s < self.seats for s in record.seats)
        ):
            raise self.error(
                f"trick {len(state.completed)} records seats {record.seats!r} for "
                f"{len(record.cards)} cards led by {record.leader} and won by "
                f"{record.winner}: one seat per card, each once, the leader first, the "
                "winner among them",
                action=step,
            )
        if state.phase != PHASE_PLAY or state.to_act < 0:
            return
        order = trick_order_of(state)
        played = len(state.trick)
        if len(set(order)) != len(order) or played >= len(order):
            raise self.error(
                f"the trick's order {order!r} has no seat left to play after {played} cards",
                action=step,
            )
        if order[played] != state.to_act:
            raise self.error(
                f"seat {state.to_act} is to act, but the trick's order {order!r} says seat "
                f"{order[played]} plays card {played + 1}",
                action=step,
            )

    def check_views(self, state: DealState[Any], step: int) -> int:
        """Own hand, identical public part and non-hidden history for every seat; returns
        the cards the public part names."""
        engine = self.engine
        first: PlayerView | None = None
        for seat in range(self.seats):
            view = engine.observe(state, seat)
            if view.seat != seat or view.hand != state.hands[seat]:
                raise self.error(
                    f"seat {seat}'s view is of seat {view.seat} with hand {view.hand:#x}, "
                    f"not its own hand {state.hands[seat]:#x}",
                    action=step,
                )
            self.check_view_presentation(state, view, step)
            if first is None:
                first = view
                continue
            if _public_part(view) != _public_part(first):
                raise self.error(
                    f"seats {first.seat} and {seat} see different public facts: "
                    f"{_public_part(first)!r} vs {_public_part(view)!r}",
                    action=step,
                )
            if view.history == first.history:
                continue
            for i, (a, b) in enumerate(zip(first.history, view.history, strict=True)):
                if a != b and HIDDEN not in (a, b):
                    raise self.error(
                        f"history entry {i} reads {a!r} for seat {first.seat} but {b!r} for "
                        f"seat {seat}",
                        action=step,
                    )
        assert first is not None
        return self._public_cards(first.public)

    def check_view_presentation(self, state: DealState[Any], view: PlayerView, step: int) -> None:
        """The view against the declared presentation (`view_presentation_problems`), and a
        declared exchange's legal actions (`exchange_problems`)."""
        problems = view_presentation_problems(self.presentation, view, undeclared=self.declares)
        if state.to_act == view.seat and self.presentation.exchanges:
            legal = self.engine.legal_actions(state)
            problems += exchange_problems(self.presentation, view, legal)
        if problems:
            raise self.error(
                f"seat {view.seat}'s view breaks the presentation: " + "; ".join(problems),
                action=step,
            )

    def _public_cards(self, public: dict[str, Any]) -> int:
        """The cards a view's public part names (cached: it rarely changes)."""
        if public != self._last_public:
            self._last_public = public
            self._last_public_cards = _cards_named(public)
        return self._last_public_cards

    # -- the end of a deal ----------------------------------------------------------------

    def check_end(self, start: DealState[Any], final: DealState[Any]) -> DealScore:
        """Score, parties and replay determinism of a finished deal."""
        engine = self.engine
        step = len(final.history)
        try:
            score = engine.score(final)
        except OpenWhistError as exc:
            raise self.error(f"scoring the finished deal failed: {exc}", action=step) from exc
        if not isinstance(score, DealScore):
            raise self.error(f"score() returned {type(score).__name__}, not a DealScore")
        if score.parties != self.parties:
            raise self.error(
                f"the deal's score has parties {score.parties}, the match has {self.parties}"
            )
        if score.winner is not None and not 0 <= score.winner < len(self.parties):
            raise self.error(f"the deal's winner {score.winner!r} is not a party index")
        for line in score.lines:
            if not 0 <= line.party < len(self.parties):
                raise self.error(f"score line {line!r} names no party of {self.parties}")
        replayed = start
        for index, action in enumerate(final.history):
            try:
                parsed = engine.parse_action(replayed, action.notation())
                replayed = engine.apply(replayed, parsed)
            except OpenWhistError as exc:
                raise self.error(
                    f"replaying the deal's own history failed: {exc}", action=index
                ) from exc
        if replayed != final:
            raise self.error("replaying the deal's history gave a different state")
        if engine.score(replayed) != score:
            raise self.error("replaying the deal's history gave a different score")
        return score

    def check_swaps(
        self,
        start: DealState[Any],
        states: list[DealState[Any]],
        knowledge: list[tuple[tuple[int, ...], int]],
        rng: random.Random,
    ) -> None:
        """Views (and the actor's legal actions) do not depend on hidden cards."""
        engine = self.engine
        dealt = [i for i, s in enumerate(states) if s.history and isinstance(s.history[0], Deal)]
        if not dealt or self.swaps_per_deal <= 0:
            return
        for _ in range(self.swaps_per_deal):
            step = dealt[rng.randrange(len(dealt))]
            state = states[step]
            seat = rng.randrange(self.seats)
            view = engine.observe(state, seat)
            held, public_seen = knowledge[step]
            known = _known_mask(view, held[seat], public_seen) | _actions_named(state.history)
            hidden = list(iter_cards(FULL_DECK & ~known))
            if len(hidden) < 2:
                continue
            a, b = rng.sample(hidden, 2)
            deal = state.history[0]
            assert isinstance(deal, Deal)
            order = list(deal.order)
            ia, ib = order.index(a), order.index(b)
            order[ia], order[ib] = b, a
            swapped = start
            try:
                swapped = engine.apply_unchecked(swapped, Deal(tuple(order)))
                for action in state.history[1:]:
                    swapped = engine.apply_unchecked(swapped, action)
                other = engine.observe(swapped, seat)
            except Exception as exc:
                raise self.error(
                    f"replaying with {card_name(a)} and {card_name(b)} (hidden from seat "
                    f"{seat}) swapped failed: {type(exc).__name__}: {exc}",
                    action=step,
                ) from exc
            if other != view:
                raise self.error(
                    f"seat {seat}'s view changes when {card_name(a)} and {card_name(b)}, "
                    f"which it cannot see, swap places in the deck: the view leaks hidden "
                    f"cards ({_view_diff(view, other)})",
                    action=step,
                )
            if state.to_act == seat and engine.legal_actions(swapped) != engine.legal_actions(
                state
            ):
                raise self.error(
                    f"seat {seat}'s legal actions change when {card_name(a)} and "
                    f"{card_name(b)}, which it cannot see, swap places in the deck",
                    action=step,
                )
            self.report.view_swaps += 1

    # -- matches ------------------------------------------------------------------------

    def check_record(
        self,
        record: GameRecord,
        finals: list[DealState[Any]],
        progress: MatchProgress,
        deal: int,
    ) -> None:
        """The match's game record survives JSON and replays to the same deals and result."""
        source = _Source(self.engine)
        try:
            replay = replay_record(load_record(record.to_json()), source)
        except OpenWhistError as exc:
            raise self.error(f"the match's game record does not replay: {exc}", deal) from exc
        states = [d.state for d in replay.deals]
        if states != finals:
            raise self.error("the match's game record replays to different deals", deal)
        if replay.progress != progress:
            raise self.error(
                f"the match's game record replays to {replay.progress.summary!r}, not "
                f"{progress.summary!r}",
                deal,
            )

    def check_progress(
        self, progress: MatchProgress, parties: tuple[str, ...], deals: int, deal: int
    ) -> None:
        """The match progress after ``deals`` deals is well formed."""
        if not isinstance(progress, MatchProgress):
            raise self.error(f"match progress is a {type(progress).__name__}", deal)
        if progress.parties != parties or parties != self.parties:
            raise self.error(
                f"the match parties changed from {parties} to {progress.parties}", deal
            )
        if progress.deals != deals:
            raise self.error(f"the progress counts {progress.deals} deals after {deals}", deal)
        if not 0 <= progress.dealer < self.seats:
            raise self.error(f"the next dealer {progress.dealer!r} is not a seat", deal)
        if len(progress.totals) != len(parties):
            raise self.error(
                f"the progress has {len(progress.totals)} totals for {len(parties)} parties",
                deal,
            )


class _Matches:
    """Seeded whole matches, one deal after another, for `check_variant` and `check_match`.

    Match ``m`` (counted over the check) draws its first dealer from its own generator
    (``"openwhist-match:{seed}:{m}"``); each deal is ``engine.next_deal(progress)``, so its
    dealer, number and ``DealContext.progress`` are the match's. The progress is checked
    after every deal, and a closed match's game record must replay to the same deals and
    result (for the first ``records`` matches; ``None``: all).
    """

    def __init__(self, checker: _Checker, records: int | None = None) -> None:
        self.checker = checker
        self.engine = checker.engine
        self.records = records
        self.recording = True
        self.matches = 0
        self.progress: MatchProgress | None = None
        self.builder: RecordBuilder | None = None
        self.finals: list[DealState[Any]] = []

    def start(self, deal_index: int) -> MatchProgress:
        """A new match, its progress before the first deal checked."""
        match_rng = random.Random(f"openwhist-match:{self.checker.seed}:{self.matches}")
        first_dealer = match_rng.randrange(self.engine.seats)
        progress = self.engine.start_match(first_dealer)
        self.checker.check_progress(progress, progress.parties, 0, deal_index)
        self.progress = progress
        self.recording = self.records is None or self.matches < self.records
        self.builder = RecordBuilder(self.engine, first_dealer=first_dealer, seed=self.checker.seed)
        self.finals = []
        return progress

    def deal(self, deal_index: int) -> DealState[Any]:
        """The match's next deal, dealt by the seat its progress names."""
        assert self.progress is not None
        state = self.engine.next_deal(self.progress)
        if state.context.dealer != self.progress.dealer:
            raise self.checker.error(
                f"next_deal dealt by seat {state.context.dealer}, but the progress says "
                f"seat {self.progress.dealer} deals",
                deal_index,
            )
        return state

    def advance(self, score: DealScore, final: DealState[Any], deal_index: int) -> MatchProgress:
        """The progress after the deal that ended in ``final``, checked."""
        assert self.progress is not None
        assert self.builder is not None
        before = self.progress
        progress = self.engine.advance_match(before, score)
        self.checker.check_progress(progress, before.parties, before.deals + 1, deal_index)
        if self.recording:
            self.builder.add_deal(final, score, progress)
            self.finals.append(final)
        self.progress = progress
        return progress

    def close(self, deal_index: int) -> None:
        """End the match (finished or cut off): its winner is a party, and (when this
        match is recorded) its game record replays."""
        progress, builder = self.progress, self.builder
        assert progress is not None
        assert builder is not None
        checker = self.checker
        if self.recording:
            checker.check_record(builder.build(progress), self.finals, progress, deal_index)
        if progress.winner is not None and not 0 <= progress.winner < len(progress.parties):
            raise checker.error(
                f"match {self.matches} finished with winner {progress.winner!r}, not a party "
                f"index of {progress.parties}",
                deal_index,
            )
        checker.report.matches += 1
        self.matches += 1
        self.progress = None
        self.builder = None


def _play_unchecked(
    engine: Engine, start: DealState[Any], rng: random.Random
) -> tuple[DealState[Any], DealScore]:
    """Play a deal with the same random choices `_Checker.check_deal` makes from ``rng``,
    without the checks (to reach a later deal's match progress when replaying it)."""
    state = start
    while state.to_act != TERMINAL:
        if state.to_act == CHANCE:
            action: Action = engine.sample_chance(state, rng)
        else:
            legal = engine.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
        state = engine.apply_unchecked(state, action)
    return state, engine.score(state)


class _Source:
    """The variant and house rules of one engine, as a record replay source."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def variant(self, name: str) -> Variant:
        if name != self.engine.variant.name:
            raise UnknownVariantError(name)
        return self.engine.variant

    def house_rule(self, name: str) -> HouseRule:
        for rule in self.engine.house_rules:
            if rule.name == name:
                return rule
        raise UnknownVariantError(name, kind="house rule")


def _view_diff(a: PlayerView, b: PlayerView) -> str:
    fields = [f for f in a.__dataclass_fields__ if getattr(a, f) != getattr(b, f)]
    return "; ".join(f"{f}: {getattr(a, f)!r} -> {getattr(b, f)!r}" for f in fields)


# -- the presentation contract (openwhist.game.presentation) ---------------------------------


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_card(value: object) -> bool:
    if isinstance(value, int) and not isinstance(value, bool):
        return 0 <= value < NUM_CARDS
    if isinstance(value, str):
        try:
            parse_card(value)
        except InvalidNotationError:
            return False
        return True
    return False


def _is_card_set(value: object) -> bool:
    if isinstance(value, int) and not isinstance(value, bool):
        return 0 <= value <= FULL_DECK
    return isinstance(value, list | tuple) and all(_is_card(v) for v in value)


def _is_scalar(value: object) -> bool:
    return value is None or (isinstance(value, int | float | str) and not isinstance(value, bool))


def kind_problem(kind: FactKind, value: object, seats: int) -> str | None:
    """Why ``value`` is not of ``kind`` in a view of ``seats`` seats, or ``None`` when it is
    (the value shapes `openwhist.game.presentation.FactKind` documents)."""

    def seat(v: object) -> bool:
        return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < seats

    def listed(check: Callable[[object], bool], count: int | None = None) -> bool:
        if not isinstance(value, list | tuple):
            return False
        return (count is None or len(value) == count) and all(check(v) for v in value)

    ok = {
        FactKind.CARD: value is None or _is_card(value),
        FactKind.CARDS: _is_card_set(value),
        FactKind.CARD_SETS: listed(_is_card_set),
        FactKind.CARDS_PER_SEAT: listed(_is_card_set, seats),
        FactKind.SEAT: value is None or seat(value),
        FactKind.SEATS: listed(seat),
        FactKind.NUMBER: value is None or (_is_scalar(value) and not isinstance(value, str)),
        FactKind.TEXT: value is None or isinstance(value, str),
        FactKind.CALL: value is None or isinstance(value, str),
        FactKind.CALLS: listed(
            lambda v: (
                isinstance(v, list | tuple) and len(v) == 2 and seat(v[0]) and isinstance(v[1], str)
            )
        ),
        FactKind.CALL_ROUNDS: listed(
            lambda auction: (
                isinstance(auction, list | tuple)
                and all(
                    isinstance(v, list | tuple)
                    and len(v) == 2
                    and seat(v[0])
                    and isinstance(v[1], str)
                    for v in auction
                )
            )
        ),
        FactKind.PER_SEAT: listed(_is_scalar, seats),
        FactKind.LIST: listed(_is_scalar),
        FactKind.TABLE: listed(
            lambda row: isinstance(row, list | tuple) and all(map(_is_scalar, row))
        ),
        FactKind.FLAG: isinstance(value, bool),
    }[kind]
    return None if ok else f"{value!r} is not of kind {kind.value}"


def check_presentation(presentation: Presentation) -> list[str]:
    """What is wrong with a presentation itself, whatever the views: a shown fact without a
    label (players would read its key), a label, prompt or sentence that is not a fixed
    ``str.format`` template of plain names (a `Message` template the plugin's catalogue can
    translate). An empty list when nothing is."""
    problems: list[str] = []
    texts: list[tuple[str, str]] = []
    for fact in (*presentation.public, *presentation.private):
        if fact.place is not FactPlace.HIDDEN and not fact.label:
            problems.append(f"fact {fact.key!r} is shown ({fact.place.value}) but has no label")
        texts.append((f"the label of {fact.key!r}", fact.label))
        texts += [(f"the word for {w!r} of {fact.key!r}", t) for w, t in fact.words.items()]
    texts += [(f"the call word {w!r}", t) for w, t in presentation.calls.words.items()]
    texts += [(f"the help of phase {p!r}", t) for p, t in presentation.phase_help.items()]
    texts += [(f"the prompt of exchange {e.phase!r}", e.prompt) for e in presentation.exchanges]
    texts += [(f"what {p.action.__name__} shows", p.shown_as) for p in presentation.private_actions]
    for where, text in texts:
        if not isinstance(text, str):
            problems.append(f"{where} is {text!r}, not a str template")
            continue
        try:
            placeholders(text)
            Message(text).template()
        except (ValueError, TypeError) as exc:
            problems.append(f"{where} is not a message template: {exc}")
    return problems


def view_presentation_problems(
    presentation: Presentation, view: PlayerView, *, undeclared: bool = True
) -> list[str]:
    """Where ``view`` breaks its variant's declared presentation: a declared fact missing
    (unless `Fact.optional`) or not of its kind, a key of ``view.public`` or ``view.private``
    nobody declared (unless ``undeclared`` is false), a fact declared private found among the
    public facts (or the reverse). An empty list when the view keeps the contract.

    The kit passes ``undeclared=False`` for a variant (and house rules) that declares no fact
    at all: screens show its facts labelled by their keys. Once it declares one, it
    declares all.
    """
    problems: list[str] = []
    for facts, values, where, other in (
        (presentation.public, view.public, "public", presentation.private),
        (presentation.private, view.private, "private", presentation.public),
    ):
        declared = {f.key for f in facts}
        elsewhere = {f.key for f in other}
        for fact in facts:
            if fact.key not in values:
                if not fact.optional:
                    problems.append(f"declared {where} fact {fact.key!r} is missing")
                continue
            problem = kind_problem(fact.kind, values[fact.key], view.seats)
            if problem is not None:
                problems.append(f"{where} fact {fact.key!r}: {problem}")
        for key in values:
            if key in elsewhere:
                other_side = "private" if where == "public" else "public"
                problems.append(f"fact {key!r} is declared {other_side} but is in view.{where}")
            elif key not in declared and undeclared:
                problems.append(f"view.{where} key {key!r} is not declared in the presentation")
    return problems


def exchange_problems(
    presentation: Presentation, view: PlayerView, legal: Sequence[Action]
) -> list[str]:
    """Where the legal actions of a declared exchange phase (`Exchange`) break it: every
    one must have an int ``cards`` bitmask of cards in the hand, all of one size."""
    if presentation.exchange(view.phase) is None or not legal:
        return []
    problems: list[str] = []
    sizes: set[int] = set()
    for action in legal:
        cards = getattr(action, "cards", None)
        if not isinstance(cards, int) or isinstance(cards, bool) or cards & ~view.hand:
            problems.append(
                f"exchange phase {view.phase!r}: legal action {action.notation()!r} has no "
                "cards bitmask within the hand"
            )
            break
        sizes.add(cards.bit_count())
    if len(sizes) > 1:
        problems.append(f"exchange phase {view.phase!r}: choices of {sorted(sizes)} cards")
    return problems
