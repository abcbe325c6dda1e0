"""The rule hooks of Knockout Whist (docs/variants/knockout.md; docs/plugins/hooks.md).

A match is at most seven deals, of 7, 6, 5, 4, 3, 2 and 1 cards per player (§1). Between
deals the match's progress (`MatchProgress.detail`, read by each deal through
`DealContext.progress`) carries who is out of the game, who plays the next deal on a dog's
life, whether the dog's life has been used, and who may choose trump:

* ``out``: seats out of the game (dealt nothing, skipped as dealer and in every trick);
* ``dogs``: seats on a dog's life in the next deal (one card; they may knock);
* ``dog_used``: whether the one dog's life of the game has been given;
* ``choosers``: the players who took most tricks in the last deal, clockwise from the next
  dealer's left -- one chooses trump; several cut for it (option ``trump_tie``);
* ``knocked_out``: ``[seat, deal]`` pairs, who went out in which deal (the match result).

Inside a deal, `KnockoutExtra` holds the dog's-life seats, the knocks of the current trick,
the cards nobody was dealt, the cut and the trump chooser.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from openwhist import (
    N_,
    PHASE_END,
    PHASE_PLAY,
    SUIT_LETTERS,
    SUIT_MASKS,
    TERMINAL,
    Action,
    Category,
    DealChanges,
    DealContext,
    DealScore,
    DealState,
    DealView,
    FactsProblemError,
    InvalidNotationError,
    MatchProgress,
    Message,
    Play,
    PlayerView,
    Rules,
    ScoreLine,
    TrickRecord,
    card_name,
    hookimpl,
    initial_state,
    join_messages,
    plural_message,
    standard_view,
)
from pydantic import BaseModel, ConfigDict, Field

from openwhist_knockout.options import KnockoutOptions

DEALS = 7
"""Deals in a game: 7 cards each down to 1 (docs/variants/knockout.md §1)."""
PHASE_TRUMP = "trump"
"""The phase in which the trump chooser names the suit (deals 2-7)."""


def cards_in_deal(number: int) -> int:
    """Cards per player in deal ``number`` (1-based): 7, 6, ..., 1."""
    return max(1, DEALS + 1 - number)


@dataclass(frozen=True, slots=True)
class ChooseTrump(Action):
    """The player who took most tricks names the trump suit (``trump S``)."""

    suit: int
    kind: ClassVar[int] = 30

    def notation(self) -> str:
        return f"trump {SUIT_LETTERS[self.suit]}"

    def sort_key(self) -> tuple[int, ...]:
        return (self.kind, self.suit)


@dataclass(frozen=True, slots=True)
class Knock(Action):
    """A player on a dog's life waits: plays no card to this trick (``knock``)."""

    kind: ClassVar[int] = 40

    def notation(self) -> str:
        return "knock"

    def sort_key(self) -> tuple[int, ...]:
        return (self.kind,)


TRUMPS = tuple(ChooseTrump(s) for s in range(4))
KNOCK = Knock()


class KnockoutExtra(NamedTuple):
    """Knockout Whist's own fields of a deal (immutable).

    Attributes:
        dogs: the seats on a dog's life this deal (public).
        knocked: the seats that knocked in the current trick.
        undealt: the cards nobody was dealt (hidden; the cut and the turn-up are shown).
        cut: per seat, the cards it cut for the choice of trump (a mask, public).
        chooser: the seat that chooses trump this deal, or -1 (deal 1: turned up).
        turn_up: the card turned up for trump in deal 1, or -1.
    """

    dogs: tuple[int, ...] = ()
    knocked: tuple[int, ...] = ()
    undealt: int = 0
    cut: tuple[int, ...] = ()
    chooser: int = -1
    turn_up: int = -1


class KnockoutFacts(BaseModel):
    """What a score-keeper enters for a deal played with real cards: tricks per seat."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    tricks: list[int] = Field(
        description=N_("tricks taken by each seat, in seat order"),
        json_schema_extra={"openwhist": "per_seat"},
    )


# -- the match's state between deals -------------------------------------------------------


def detail_of(progress: dict[str, Any] | None) -> dict[str, Any]:
    """The ``detail`` of a progress dict (``{}`` before the first deal)."""
    return dict((progress or {}).get("detail") or {})


def out_seats(context: DealContext) -> tuple[int, ...]:
    """The seats out of the game before this deal."""
    return tuple(detail_of(context.progress).get("out", ()))


def dog_seats(context: DealContext) -> tuple[int, ...]:
    """The seats on a dog's life in this deal."""
    return tuple(detail_of(context.progress).get("dogs", ()))


def clockwise(first: int, seats: int) -> list[int]:
    """Every seat clockwise from ``first``."""
    return [(first + i) % seats for i in range(seats)]


def next_in(seat: int, seats: int, out: Sequence[int]) -> int:
    """The first seat after ``seat`` (clockwise) that is still in the game."""
    return next(s for s in clockwise(seat + 1, seats) if s not in out)


def options_of(state: DealView | DealState[Any] | DealContext) -> KnockoutOptions:
    """The match's options."""
    options = state.options if isinstance(state, DealContext) else state.context.options
    assert isinstance(options, KnockoutOptions)
    return options


@dataclass(frozen=True)
class Outcome:
    """What a deal's tricks do to the game (docs/variants/knockout.md §5, §6).

    Attributes:
        knocked_out: the seats that go out of the game after this deal.
        dogs: the seats that play the next deal on a dog's life.
        back_in: the dogs whose card took a trick (fully back in).
        dog_used: whether the dog's life has been given, after this deal.
        remaining: the seats still in the game after this deal (dogs included).
        winners: the winner(s) when the game ends with this deal, else ``()``.
        choosers: the remaining players who took most tricks, clockwise from the next
            dealer's left (one of them chooses trump in the next deal).
        next_dealer: the seat that deals next.
    """

    knocked_out: tuple[int, ...]
    dogs: tuple[int, ...]
    back_in: tuple[int, ...]
    dog_used: bool
    remaining: tuple[int, ...]
    winners: tuple[int, ...]
    choosers: tuple[int, ...]
    next_dealer: int


def outcome(
    tricks: Sequence[int],
    *,
    options: KnockoutOptions,
    number: int,
    dealer: int,
    out: Sequence[int],
    dogs: Sequence[int],
    dog_used: bool,
) -> Outcome:
    """The knock-outs, dog's lives and the end of the game after deal ``number``.

    Standard (§5): a player who takes no trick is out, except that while the dog's life is
    unused (and option ``dogs_life`` on), every such player of that deal gets one; a dog
    whose card took a trick is back in, any other dog is out. Misère (§7, option
    ``misere``): two or more tricks put a player out, and in the last deal the taker of its
    trick; a deal that would put every player out spares those with the fewest tricks.
    The game ends when one player remains or after the seventh deal (§6).
    """
    seats = len(tricks)
    playing = [s for s in range(seats) if s not in out]
    last = number >= DEALS
    if options.misere:
        limit = 1 if last else 2
        gone = [s for s in playing if tricks[s] >= limit]
        if len(gone) == len(playing):
            fewest = min(tricks[s] for s in playing)
            gone = [s for s in playing if tricks[s] > fewest]
        new_dogs: list[int] = []
        back: list[int] = []
        used = dog_used
    else:
        back = [d for d in dogs if tricks[d] > 0]
        blank = [s for s in playing if s not in dogs and tricks[s] == 0]
        gone = [d for d in dogs if tricks[d] == 0]
        if last:
            # §6: the seventh deal ends the game; nobody is knocked out by it.
            new_dogs, used, gone = [], dog_used, []
        elif blank and options.dogs_life and not dog_used:
            new_dogs, used = blank, True
        else:
            new_dogs, used = [], dog_used
            gone += blank
    remaining = tuple(s for s in playing if s not in gone)
    out_after = sorted({*out, *gone})
    next_dealer = next_in(dealer, seats, out_after) if remaining else dealer
    winners: tuple[int, ...] = ()
    if len(remaining) == 1:
        winners = remaining
    elif last:
        # §6: the one-card deal's trick winner; §7 (misère): those left share the game.
        winners = remaining if options.misere else tuple(s for s in playing if tricks[s] > 0)
    candidates = [s for s in remaining if s not in new_dogs]
    choosers: tuple[int, ...] = ()
    if candidates and not winners:
        most = max(tricks[s] for s in candidates)
        order = clockwise(next_dealer + 1, seats)
        choosers = tuple(s for s in order if s in candidates and tricks[s] == most)
    return Outcome(
        knocked_out=tuple(sorted(gone)),
        dogs=tuple(sorted(new_dogs)),
        back_in=tuple(back),
        dog_used=used,
        remaining=remaining,
        winners=winners,
        choosers=choosers,
        next_dealer=next_dealer,
    )


class KnockoutRules:
    """The rule hooks of Knockout Whist; the rest are the core's standard rules."""

    # -- the deal, the turn-up, the cut and the trump call ---------------------------------

    @hookimpl
    def whist_start_deal(self, context: DealContext) -> DealState[KnockoutExtra]:
        extra = KnockoutExtra(dogs=dog_seats(context))
        return initial_state(context, extra)

    @hookimpl
    def whist_deal_cards(
        self, state: DealState[KnockoutExtra], order: tuple[int, ...]
    ) -> DealChanges:
        context = state.context
        seats = context.seats
        out = out_seats(context)
        dogs = state.extra.dogs
        n = cards_in_deal(context.number)
        playing = [s for s in clockwise(context.dealer + 1, seats) if s not in out]
        hands = [0] * seats
        pos = 0
        # One card at a time, clockwise from the dealer's left; a dog receives one card.
        for round_ in range(n):
            for seat in playing:
                if round_ and seat in dogs:
                    continue
                hands[seat] |= 1 << order[pos]
                pos += 1
        rest = order[pos:]
        undealt = 0
        for card in rest:
            undealt |= 1 << card
        leader = first_leader(context, dogs)
        extra = state.extra._replace(undealt=undealt, cut=(0,) * seats)
        if context.number <= 1:
            # Deal 1 (§3): the top card of the undealt pack is turned up for trump.
            turned = rest[0]
            return {
                "phase": PHASE_PLAY,
                "to_act": leader,
                "leader": leader,
                "hands": tuple(hands),
                "trump": turned // 13,
                "extra": extra._replace(turn_up=turned),
            }
        tied = [s for s in detail_of(context.progress).get("choosers", []) if s not in out]
        if not tied:  # a hand-built context: the eldest chooses
            tied = [leader]
        chooser = tied[0]
        if len(tied) > 1 and options_of(state).trump_tie == "cut":
            cut = cut_order(tied, rest, seats)
            chooser = cut[1]
            extra = extra._replace(cut=cut[0])
        if options_of(state).lead == "trump_chooser":
            leader = chooser
        return {
            "phase": PHASE_TRUMP,
            "to_act": chooser,
            "leader": leader,
            "hands": tuple(hands),
            "extra": extra._replace(chooser=chooser),
        }

    @hookimpl
    def whist_bidding_actions(self, state: DealState[KnockoutExtra]) -> tuple[Action, ...] | None:
        return TRUMPS if state.phase == PHASE_TRUMP else None

    @hookimpl
    def whist_apply_bid(
        self, state: DealState[KnockoutExtra], action: Action
    ) -> DealChanges | None:
        if state.phase != PHASE_TRUMP or not isinstance(action, ChooseTrump):
            return None
        return {"trump": action.suit, "phase": PHASE_PLAY, "to_act": state.leader}

    # -- legality: trumps must be broken ---------------------------------------------------

    @hookimpl
    def whist_legal_plays(self, state: DealView) -> int | None:
        if state.trick or not options_of(state).trumps_must_be_broken:
            return None
        hand = state.hands[state.to_act]
        if state.trump < 0 or trumps_broken(state):
            return hand
        # §7: no trump lead until a trump has been played, unless the hand holds only trumps.
        return hand & ~SUIT_MASKS[state.trump] or hand

    @hookimpl
    def whist_explain_illegal(
        self, rules: Rules, state: DealState[KnockoutExtra], action: Action
    ) -> Message | None:
        if (
            state.phase == PHASE_PLAY
            and isinstance(action, Play)
            and not state.trick
            and state.hands[state.to_act] >> action.card & 1
            and action.card // 13 == state.trump
            and not rules.legal_plays(state) >> action.card & 1
        ):
            return Message(
                N_("{seat} may not lead a trump before trumps are broken (trumps_must_be_broken)"),
                {"seat": rules.seat_names[state.to_act]},
            )
        if isinstance(action, Knock):
            if state.to_act not in state.extra.dogs:
                return Message(
                    N_("only a player on a dog's life may knock"),
                    {},
                )
            return Message(N_("the dog's-life card must be played in the last trick"), {})
        return None

    # -- who plays to a trick, and the dog's knock -----------------------------------------

    @hookimpl
    def whist_trick_order(self, state: DealView) -> tuple[int, ...]:
        if state.trick_order:
            # A dog knocked: the trick's order without it.
            return tuple(s for s in state.trick_order if s not in state.extra.knocked)
        seats = state.context.seats
        return tuple(s for s in clockwise(state.leader, seats) if state.hands[s])

    @hookimpl
    def whist_trick_actions(self, state: DealState[KnockoutExtra]) -> tuple[Action, ...]:
        seat = state.to_act
        n = cards_in_deal(state.context.number)
        # §5: a dog may knock at each trick but the last, where its card must be played.
        if seat in state.extra.dogs and state.trick and len(state.completed) < n - 1:
            return (KNOCK,)
        return ()

    @hookimpl
    def whist_apply_trick_action(
        self, state: DealState[KnockoutExtra], action: Action
    ) -> DealChanges | None:
        if not isinstance(action, Knock):
            return None
        extra = state.extra
        return {"extra": extra._replace(knocked=(*extra.knocked, state.to_act))}

    @hookimpl
    def whist_after_trick(self, state: DealView, record: TrickRecord) -> DealChanges:
        extra = state.extra._replace(knocked=())
        if not any(state.hands):
            return {"phase": PHASE_END, "to_act": TERMINAL, "extra": extra}
        # The winner leads; a dog whose card won has no card left: the lead passes on
        # clockwise to the next player who is not on a dog's life (they all hold cards).
        seats = state.context.seats
        dogs = extra.dogs
        leader = next(
            s
            for s in clockwise(record.winner, seats)
            if state.hands[s] and (s not in dogs or s == record.winner)
        )
        return {"extra": extra, "leader": leader, "to_act": leader}

    # -- notation and views ----------------------------------------------------------------

    @hookimpl
    def whist_parse_action(self, state: DealState[KnockoutExtra], text: str) -> Action | None:
        word = text.strip().lower()
        if state.phase == PHASE_TRUMP:
            suit = word.removeprefix("trump").strip()[:1].upper()
            if suit and suit in SUIT_LETTERS:
                return TRUMPS[SUIT_LETTERS.index(suit)]
            raise InvalidNotationError(f"name a trump suit: trump C, D, H or S (not {text!r})")
        if state.phase == PHASE_PLAY and word in ("knock", "k"):
            return KNOCK
        return None

    @hookimpl
    def whist_observe(self, state: DealState[KnockoutExtra], seat: int) -> PlayerView:
        return standard_view(state, seat, public=public_facts(state))

    # -- scoring and the match -------------------------------------------------------------

    @hookimpl
    def whist_deal_facts(self, state: DealState[KnockoutExtra]) -> BaseModel:
        return KnockoutFacts(tricks=list(state.tricks))

    @hookimpl
    def whist_score_facts(self, rules: Rules, facts: BaseModel, context: DealContext) -> DealScore:
        assert isinstance(facts, KnockoutFacts)
        tricks = facts.tricks
        seats = context.seats
        if len(tricks) != seats:
            raise FactsProblemError(
                Message(N_("tricks: give {seats} numbers, one per seat"), {"seats": seats})
            )
        out = out_seats(context)
        dogs = dog_seats(context)
        n = cards_in_deal(context.number)
        if any(t < 0 for t in tricks) or any(tricks[s] for s in out):
            raise FactsProblemError(
                Message(N_("tricks: a player out of the game takes no trick, none is negative"))
            )
        if any(tricks[d] > 1 for d in dogs):
            raise FactsProblemError(
                Message(N_("tricks: a player on a dog's life takes at most one trick"))
            )
        if sum(tricks) != n:
            raise FactsProblemError(
                Message(
                    N_("tricks: deal {number} has {count} tricks, not {given}"),
                    {"number": context.number, "count": n, "given": sum(tricks)},
                )
            )
        detail = detail_of(context.progress)
        result = outcome(
            tricks,
            options=options_of(context),
            number=context.number,
            dealer=context.dealer,
            out=out,
            dogs=dogs,
            dog_used=bool(detail.get("dog_used", False)),
        )
        names = rules.seat_names
        lines = tuple(
            ScoreLine.explained(
                seat,
                Category.TRICKS,
                won,
                plural_message("{won} trick", "{won} tricks", "won", {"won": won}),
            )
            for seat, won in enumerate(tricks)
            if won
        )
        return DealScore(
            parties=names,
            lines=lines,
            winner=deal_winner(tricks),
            tricks=tuple(tricks),
            facts={
                "deal": context.number,
                "tricks": list(tricks),
                "out": list(out),
                "dogs": list(dogs),
                "knocked_out": list(result.knocked_out),
                "dogs_next": list(result.dogs),
                "back_in": list(result.back_in),
                "dog_used": result.dog_used,
                "winners": list(result.winners),
                "choosers": list(result.choosers),
                "next_dealer": result.next_dealer,
            },
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
            detail={"out": [], "dogs": [], "dog_used": False, "choosers": [], "knocked_out": []},
            summary="",
        )

    @hookimpl
    def whist_advance_match(
        self, rules: Rules, progress: MatchProgress, score: DealScore, options: BaseModel
    ) -> MatchProgress:
        facts = score.facts
        totals = tuple(t + score.points(p) for p, t in enumerate(progress.totals))
        deals = progress.deals + 1
        out = sorted({*progress.detail.get("out", []), *facts["knocked_out"]})
        knocked = [
            *progress.detail.get("knocked_out", []),
            *([s, deals] for s in facts["knocked_out"]),
        ]
        winners = list(facts["winners"])
        finished = bool(winners)
        names = progress.parties
        message = match_summary(names, knocked, winners, list(facts["dogs_next"]), deals)
        return MatchProgress(
            parties=names,
            deals=deals,
            dealer=int(facts["next_dealer"]),
            totals=totals,
            finished=finished,
            winner=winners[0] if len(winners) == 1 else None,
            detail={
                "out": out,
                "dogs": list(facts["dogs_next"]),
                "dog_used": bool(facts["dog_used"]),
                "choosers": list(facts["choosers"]),
                "knocked_out": knocked,
                "winners": winners,
            },
            **MatchProgress.summarised(message),
        )

    # -- for the conformance kit (not a rule hook) -----------------------------------------

    def conformance_cards_elsewhere(self, state: DealState[KnockoutExtra]) -> int:
        """The cards nobody was dealt."""
        return state.extra.undealt if state.extra is not None else 0


def cut_order(tied: Sequence[int], rest: Sequence[int], seats: int) -> tuple[tuple[int, ...], int]:
    """The cut among ``tied`` from the undealt cards ``rest`` (§3): each in turn takes the
    next card; the highest rank (ace high) chooses; players equal on rank cut again.
    Returns (the cards each seat cut, as masks; the chooser)."""
    cut = [0] * seats
    cards = iter(rest)
    cutting = list(tied)
    while len(cutting) > 1:
        drawn: dict[int, int] = {}
        for seat in cutting:
            card = next(cards, None)
            if card is None:  # pragma: no cover - 52 - 7*6 = 10 cards always remain
                return tuple(cut), cutting[0]
            drawn[seat] = card
            cut[seat] |= 1 << card
        best = max(c % 13 for c in drawn.values())
        cutting = [s for s in cutting if drawn[s] % 13 == best]
    return tuple(cut), cutting[0]


def deal_winner(tricks: Sequence[int]) -> int | None:
    """The deal's winner: the one player who took most tricks (the next trump chooser),
    ``None`` on a tie; the game's winner is the match's (`MatchProgress.winner`)."""
    most = max(tricks)
    top = [s for s, t in enumerate(tricks) if t == most]
    return top[0] if len(top) == 1 else None


def first_leader(context: DealContext, dogs: Sequence[int]) -> int:
    """The player left of the dealer who is in the game and not on a dog's life (§4)."""
    out = out_seats(context)
    seats = context.seats
    return next(s for s in clockwise(context.dealer + 1, seats) if s not in out and s not in dogs)


def trumps_broken(state: DealView) -> bool:
    """Whether a trump has been played in the deal (to a completed or the current trick)."""
    trump = state.trump
    return any(c // 13 == trump for r in state.completed for c in r.cards) or any(
        c // 13 == trump for c in state.trick
    )


def public_facts(state: DealState[KnockoutExtra]) -> dict[str, Any]:
    """What every player knows of the deal and the game (docs/variants/knockout.md,
    "What the table shows")."""
    extra = state.extra
    context = state.context
    public: dict[str, Any] = {
        "deal": context.number,
        "cards": cards_in_deal(context.number),
        "out": list(out_seats(context)),
        "dogs": list(extra.dogs),
        "chooser": extra.chooser if extra.chooser >= 0 else None,
        "cut": list(extra.cut) or [0] * context.seats,
        "turn_up": card_name(extra.turn_up) if extra.turn_up >= 0 else None,
    }
    return public


def match_summary(
    names: Sequence[str],
    knocked: Sequence[Sequence[int]],
    winners: Sequence[int],
    dogs: Sequence[int],
    deals: int,
) -> Message:
    """The match's state in one line: who won (or how many deals were played), who went
    out in which deal, and who plays the next deal on a dog's life."""
    parts: list[Message] = []
    if len(winners) == 1:
        parts.append(Message(N_("{winner} wins the game"), {"winner": names[winners[0]]}))
    elif winners:
        parts.append(
            Message(
                N_("{winners} share the game"),
                {"winners": ", ".join(names[w] for w in winners)},
            )
        )
    else:
        parts.append(Message(N_("after deal {deal} of 7"), {"deal": deals}))
    if knocked:
        parts.append(
            Message(
                N_("knocked out: {list}"),
                {"list": ", ".join(f"{names[s]} ({d})" for s, d in knocked)},
            )
        )
    if dogs:
        parts.append(Message(N_("dog's life: {dogs}"), {"dogs": ", ".join(names[d] for d in dogs)}))
    return join_messages("; ", parts)


__all__ = [
    "DEALS",
    "KNOCK",
    "PHASE_TRUMP",
    "TRUMPS",
    "ChooseTrump",
    "Knock",
    "KnockoutExtra",
    "KnockoutFacts",
    "KnockoutRules",
    "Outcome",
    "cards_in_deal",
    "cut_order",
    "outcome",
]
