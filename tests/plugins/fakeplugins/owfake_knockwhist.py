"""Knock Whist: a third-party variant written from docs/plugins/ alone (issue 12, "Done when").

The rules, as a table would explain them:

* 3 to 7 players (``--players N``; 4 when none is asked), seats A, B, C, ... clockwise.
* Seven cards each, dealt one at a time clockwise from the dealer's left; the rest of the
  pack is not used (nobody sees it).
* **Trump is chosen**: after looking at their cards, the eldest hand (the first player in
  the game left of the dealer) names the trump suit (``trump S``).
* Trick play as in whist -- follow suit if you can; highest trump, else highest card of the
  suit led, wins; the winner leads -- except that **a player may knock instead of playing**
  to a trick someone else led (``knock``): they play no card to that trick and keep their
  cards. Each player may knock once per deal (option ``knocks``). A player whose cards
  are all played sits out the tricks that remain; the deal ends when fewer than two
  players hold cards (cards still held are not played).
* Each trick scores one point to its winner.
* **Knockout**: a player who takes no trick in a deal is out of the match -- dealt no cards
  from then on, and skipped as dealer and in every trick -- as long as two players stay in.
  The match is ``deals`` deals (option); the highest total wins.

Public facts: ``knocks``, per seat, how many times each player has knocked this deal, and
``out``, the seats knocked out of the match.

What it declares for the table and the score-keeping side, from docs/plugins/hooks.md
("Presentation", "Score sheet and statistics"): both public facts, labelled (``Knocks: A 0
B 1 ...`` and ``Out of the match: B``), its calls (``knock``, ``trump S`` with the suit's
symbol); a sheet of a column per player whose marks say who was out of the match; and a
statistic, ``survived`` (deals a player took a trick in, of the deals they played), that
standings and the arena report.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from openwhist import (
    N_,
    PHASE_END,
    PHASE_PLAY,
    TERMINAL,
    Action,
    CallStyle,
    Category,
    DealChanges,
    DealContext,
    DealDetail,
    DealScore,
    DealState,
    DealView,
    Fact,
    FactKind,
    InvalidNotationError,
    MatchProgress,
    Message,
    PlayerView,
    Presentation,
    Rules,
    ScoreLine,
    ScoreSheet,
    Statistic,
    Tally,
    TrickRecord,
    Variant,
    VariantOptions,
    hookimpl,
    initial_state,
    standard_view,
)
from openwhist.plugins import Catalog, load_catalog
from pydantic import BaseModel, ConfigDict, Field

SEATS = ("A", "B", "C", "D", "E", "F", "G")
COUNTS = range(3, 8)
CARDS = 7
PHASE_TRUMP = "trump"
SUITS = "CDHS"


class KnockOptions(VariantOptions):
    """The options of Knock Whist."""

    deals: int = Field(3, ge=1, le=20, description="deals in a match")
    knocks: int = Field(1, ge=0, le=3, description="knocks each player may make per deal")


class KnockFacts(BaseModel):
    """What a score-keeper enters for a deal played with real cards: tricks per seat."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    tricks: list[int] = Field(description="tricks won by each seat, in seat order")


@dataclass(frozen=True, slots=True)
class NameTrump(Action):
    """The eldest hand names the trump suit."""

    suit: int
    kind: ClassVar[int] = 30

    def notation(self) -> str:
        return f"trump {SUITS[self.suit]}"

    def sort_key(self) -> tuple[int, ...]:
        return (self.kind, self.suit)


@dataclass(frozen=True, slots=True)
class Knock(Action):
    """Play no card to this trick."""

    kind: ClassVar[int] = 40

    def notation(self) -> str:
        return "knock"

    def sort_key(self) -> tuple[int, ...]:
        return (self.kind,)


TRUMPS = tuple(NameTrump(s) for s in range(4))
KNOCK = Knock()


class KnockExtra(NamedTuple):
    """Knock Whist's own fields of a deal (immutable).

    Attributes:
        knocks: knocks made this deal, per seat (public).
        knocked: the seats that knocked in the current trick.
        undealt: the cards nobody was dealt (hidden from everyone).
    """

    knocks: tuple[int, ...]
    knocked: tuple[int, ...] = ()
    undealt: int = 0


def out_seats(context: DealContext) -> tuple[int, ...]:
    """The seats knocked out of the match before this deal."""
    progress = context.progress or {}
    return tuple(progress.get("detail", {}).get("out", ()))


def clockwise(first: int, seats: int) -> list[int]:
    """Every seat clockwise from ``first``."""
    return [(first + i) % seats for i in range(seats)]


def next_in(seat: int, seats: int, out: tuple[int, ...] | list[int]) -> int:
    """The first seat after ``seat`` (clockwise) that is still in the match."""
    return next(s for s in clockwise(seat + 1, seats) if s not in out)


def options_of(state: DealView | DealState[Any]) -> KnockOptions:
    options = state.context.options
    assert isinstance(options, KnockOptions)
    return options


class KnockRules:
    """The rule hooks of Knock Whist (docs/plugins/hooks.md); the rest are standard."""

    # -- the deal and the trump call -------------------------------------------------------

    @hookimpl
    def whist_start_deal(self, context: DealContext) -> DealState[KnockExtra]:
        seats = context.seats
        eldest = next_in(context.dealer, seats, out_seats(context))
        state: DealState[KnockExtra] = initial_state(context, KnockExtra((0,) * seats))
        return state._replace(leader=eldest)

    @hookimpl
    def whist_deal_cards(self, state: DealState[KnockExtra], order: tuple[int, ...]) -> DealChanges:
        seats = state.context.seats
        out = out_seats(state.context)
        playing = [s for s in clockwise(state.leader, seats) if s not in out]
        dealt = order[: CARDS * len(playing)]
        hands = [0] * seats
        for i, seat in enumerate(playing):
            for card in dealt[i :: len(playing)]:
                hands[seat] |= 1 << card
        undealt = 0
        for card in order[len(dealt) :]:
            undealt |= 1 << card
        return {
            "phase": PHASE_TRUMP,
            "to_act": state.leader,
            "hands": tuple(hands),
            "extra": state.extra._replace(undealt=undealt),
        }

    @hookimpl
    def whist_bidding_actions(self, state: DealState[KnockExtra]) -> tuple[Action, ...] | None:
        return TRUMPS if state.phase == PHASE_TRUMP else None

    @hookimpl
    def whist_apply_bid(self, state: DealState[KnockExtra], action: Action) -> DealChanges | None:
        if state.phase != PHASE_TRUMP or not isinstance(action, NameTrump):
            return None
        return {"trump": action.suit, "phase": PHASE_PLAY, "to_act": state.leader}

    # -- who plays to a trick, and knocking ------------------------------------------------

    @hookimpl
    def whist_trick_order(self, state: DealView) -> tuple[int, ...]:
        if state.trick_order:
            # A seat knocked: the trick's order without it.
            return tuple(s for s in state.trick_order if s not in state.extra.knocked)
        # A new trick: every seat that holds cards, clockwise from the leader.
        seats = state.context.seats
        return tuple(s for s in clockwise(state.leader, seats) if state.hands[s])

    @hookimpl
    def whist_trick_actions(self, state: DealState[KnockExtra]) -> tuple[Action, ...]:
        seat = state.to_act
        if state.trick and state.extra.knocks[seat] < options_of(state).knocks:
            return (KNOCK,)
        return ()

    @hookimpl
    def whist_apply_trick_action(
        self, state: DealState[KnockExtra], action: Action
    ) -> DealChanges | None:
        if not isinstance(action, Knock):
            return None
        seat = state.to_act
        extra = state.extra
        knocks = list(extra.knocks)
        knocks[seat] += 1
        return {"extra": extra._replace(knocks=tuple(knocks), knocked=(*extra.knocked, seat))}

    @hookimpl
    def whist_after_trick(self, state: DealView, record: TrickRecord) -> DealChanges:
        extra = state.extra._replace(knocked=())
        holding = [s for s, hand in enumerate(state.hands) if hand]
        if len(holding) < 2:
            return {"phase": PHASE_END, "to_act": TERMINAL, "extra": extra}
        # The winner leads; a winner with no cards left passes the lead on clockwise.
        seats = state.context.seats
        leader = next(s for s in clockwise(record.winner, seats) if state.hands[s])
        return {"extra": extra, "leader": leader, "to_act": leader}

    # -- notation and views ----------------------------------------------------------------

    @hookimpl
    def whist_parse_action(self, state: DealState[KnockExtra], text: str) -> Action | None:
        word = text.strip().lower()
        if state.phase == PHASE_TRUMP:
            suit = word.removeprefix("trump").strip()[:1].upper()
            if suit and suit in SUITS:
                return TRUMPS[SUITS.index(suit)]
            raise InvalidNotationError(f"name a trump suit: trump C, D, H or S (not {text!r})")
        if state.phase == PHASE_PLAY and word in ("knock", "k"):
            return KNOCK
        return None

    @hookimpl
    def whist_observe(self, state: DealState[KnockExtra], seat: int) -> PlayerView:
        public = {
            "knocks": list(state.extra.knocks),
            "out": list(out_seats(state.context)),
        }
        return standard_view(state, seat, public=public)

    # -- scoring and the match -------------------------------------------------------------

    @hookimpl
    def whist_deal_facts(self, state: DealState[KnockExtra]) -> BaseModel:
        return KnockFacts(tricks=list(state.tricks))

    @hookimpl
    def whist_score_facts(self, rules: Rules, facts: BaseModel, context: DealContext) -> DealScore:
        assert isinstance(facts, KnockFacts)
        tricks = facts.tricks
        if len(tricks) != context.seats:
            raise ValueError(f"tricks: give {context.seats} numbers, one per seat")
        out = out_seats(context)
        if any(n < 0 for n in tricks) or any(tricks[s] for s in out):
            raise ValueError("tricks: a seat out of the match takes no trick, none is negative")
        most = CARDS * (context.seats - len(out))  # a trick of one card when all others knock
        if sum(tricks) > most:
            raise ValueError(f"tricks: at most {most} tricks in a deal")
        lines = tuple(
            ScoreLine.explained(seat, Category.TRICKS, won, Message("{won} tricks", {"won": won}))
            for seat, won in enumerate(tricks)
            if won
        )
        best = max(tricks)
        top = [s for s, n in enumerate(tricks) if n == best]
        return DealScore(
            parties=rules.seat_names,
            lines=lines,
            winner=top[0] if len(top) == 1 else None,
            tricks=tuple(tricks),
            facts={"tricks": list(tricks), "out": list(out)},
        )

    @hookimpl
    def whist_start_match(
        self, rules: Rules, options: BaseModel, first_dealer: int
    ) -> MatchProgress:
        parties = rules.seat_names
        return MatchProgress(
            parties=parties,
            deals=0,
            dealer=first_dealer,
            totals=(0,) * len(parties),
            detail={"out": []},
            summary="",
        )

    @hookimpl
    def whist_advance_match(
        self, rules: Rules, progress: MatchProgress, score: DealScore, options: BaseModel
    ) -> MatchProgress:
        assert isinstance(options, KnockOptions)
        seats = rules.seats
        totals = tuple(t + score.points(p) for p, t in enumerate(progress.totals))
        out = list(progress.detail.get("out", []))
        playing = [s for s in range(seats) if s not in out]
        blanked = [s for s in playing if score.tricks[s] == 0]
        if len(playing) - len(blanked) >= 2:
            out = sorted([*out, *blanked])
        deals = progress.deals + 1
        finished = deals >= options.deals
        best = max(totals)
        top = [p for p, t in enumerate(totals) if t == best]
        summary = ", ".join(f"{n} {t}" for n, t in zip(progress.parties, totals, strict=True))
        if out:
            summary += " (out: " + ", ".join(progress.parties[s] for s in out) + ")"
        return MatchProgress(
            parties=progress.parties,
            deals=deals,
            dealer=next_in(progress.dealer, seats, out),
            totals=totals,
            finished=finished,
            winner=top[0] if finished and len(top) == 1 else None,
            detail={"out": out},
            summary=summary,
        )

    # -- for the conformance kit (not a rule hook) -----------------------------------------

    def conformance_cards_elsewhere(self, state: DealState[KnockExtra]) -> int:
        """The cards nobody was dealt."""
        return state.extra.undealt if state.extra is not None else 0


# -- what the table and the score sheet show ------------------------------------------------

PRESENTATION = Presentation(
    public=(
        Fact("knocks", FactKind.PER_SEAT, N_("Knocks: {knocks}")),
        Fact("out", FactKind.SEATS, N_("Out of the match: {out}"), emphasis="strong"),
    ),
    calls=CallStyle(words={"knock": N_("knock"), "trump": N_("trump")}, suits=True),
)


def deal_detail(facts: Mapping[str, Any], parties: Sequence[str]) -> DealDetail:
    """Who was out of the match in the deal; per player ``x`` (out) or ``-``."""
    out = facts.get("out") or []
    return DealDetail(
        "out: " + (" ".join(parties[p] for p in out) or "-"),
        tuple("x" if p in out else "-" for p in range(len(parties))),
    )


def survivals(score: DealScore) -> list[Tally | None]:
    """Per player still in the match: 1 of 1 when they took a trick, else 0 of 1."""
    out = score.facts.get("out") or []
    return [None if p in out else Tally(int(t > 0), 1) for p, t in enumerate(score.tricks)]


SHEET = ScoreSheet(
    layout="parties",
    deal_detail=deal_detail,
    detail_heading=N_("knocked out"),
    detail_note=N_("(each player: x when out of the match / tricks taken and the points)"),
)
STATISTICS = (
    Statistic(
        "survived",
        N_("deals survived"),
        per_deal=survivals,
        description=N_("deals in which the player took a trick, of those they played"),
    ),
)

KNOCK_WHIST = Variant(
    name="knock-whist",
    title="Knock Whist",
    description="3-7 players, seven cards each, the eldest names trump, knock to sit out a trick",
    seat_names=SEATS[:4],
    seat_counts={n: SEATS[:n] for n in COUNTS},
    rules=KnockRules(),
    options=KnockOptions,
    facts=KnockFacts,
    max_actions=1 + 1 + CARDS * 7 + 3 * 7,
    presentation=PRESENTATION,
    sheet=SHEET,
    statistics=STATISTICS,
)


class Plugin:
    @hookimpl
    def whist_register_variants(self, register: Callable[[Variant], None]) -> None:
        register(KNOCK_WHIST)


PLUGIN = Plugin()


def catalog() -> Catalog:
    """The installed plugins and this one."""
    return load_catalog(extra_plugins=[("owfake-knockwhist", PLUGIN)])
