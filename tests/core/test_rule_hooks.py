"""Every rule hook, overridden by a small variant and observed through the engine, and the
`Rules` facade's resolution of implementation chains (docs/architecture.md#the-plugin-contract "The
plugin contract").

Each ``test_hook_<name>`` test shows that a variant implementing that hook changes what the
engine does, in the way the hook's docstring promises; tests/core/test_hook_coverage.py
requires one per hook.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest
from openwhist import (
    CHANCE,
    PHASE_END,
    PHASE_PLAY,
    TERMINAL,
    Action,
    CardSet,
    Category,
    Deal,
    DealContext,
    DealScore,
    DealState,
    Engine,
    HouseRule,
    IllegalActionError,
    InvalidNotationError,
    MatchProgress,
    Play,
    PlayerView,
    PluginContractError,
    Rules,
    ScoreLine,
    StandardRules,
    TrickRecord,
    Variant,
    deal_round_robin,
    end_deal,
    hookimpl,
    parse_card,
    standard_view,
)
from openwhist.testing import check_variant
from pydantic import BaseModel, ConfigDict

SEATS = ("N", "E", "S", "W")
IN_ORDER = tuple(range(52))  # deck order 2C 3C ... AS: dealt one at a time from eldest


def variant(rules: object, name: str = "probe", **kwargs: Any) -> Variant:
    return Variant(
        name=name,
        title=name,
        description="a test variant",
        seat_names=SEATS,
        rules=rules,
        partnerships=((0, 2), (1, 3)),
        max_actions=80,
        **kwargs,
    )


def dealt(engine: Engine, order: tuple[int, ...] = IN_ORDER, dealer: int = 0) -> DealState[Any]:
    return engine.apply(engine.start_deal(dealer=dealer), Deal(order))


def play_out(engine: Engine, state: DealState[Any]) -> DealState[Any]:
    while state.to_act >= 0:
        state = engine.apply(state, engine.legal_actions(state)[0])
    return state


def random_deal(engine: Engine, seed: int) -> DealState[Any]:
    rng = random.Random(seed)
    state = engine.start_deal(dealer=0)
    state = engine.apply(state, engine.sample_chance(state, rng))
    while state.to_act >= 0:
        legal = engine.legal_actions(state)
        state = engine.apply(state, legal[rng.randrange(len(legal))])
    return state


# -- setup ---------------------------------------------------------------------------------


def test_hook_whist_start_deal_sets_the_variant_fields() -> None:
    class FreshExtra:
        @hookimpl
        def whist_start_deal(self, context: DealContext) -> DealState[Any]:
            return StandardRules().whist_start_deal(context)._replace(extra=("fresh", 0))

    engine = Engine(variant(FreshExtra()))
    state = engine.start_deal(dealer=2, number=3)
    assert state.extra == ("fresh", 0)
    assert (state.to_act, state.context.dealer, state.context.number) == (CHANCE, 2, 3)


def test_hook_whist_deal_cards_decides_who_gets_which_card() -> None:
    class InBlocks:
        """Deal in blocks of 13 from eldest, and no trump."""

        @hookimpl
        def whist_deal_cards(self, state: DealState[Any], order: tuple[int, ...]) -> DealState[Any]:
            eldest = (state.context.dealer + 1) % 4
            hands = [0] * 4
            for i, card in enumerate(order):
                hands[(eldest + i // 13) % 4] |= 1 << card
            return state._replace(
                phase=PHASE_PLAY, to_act=eldest, leader=eldest, hands=tuple(hands), trump=-1
            )

    engine = Engine(variant(InBlocks()))
    state = dealt(engine)
    # East (eldest of dealer North) receives the first 13 cards of the deck: the clubs.
    assert CardSet(state.hands[1]) == CardSet(range(13))
    assert CardSet(state.hands[0]) == CardSet(range(39, 52))
    assert state.trump == -1


# -- bidding -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Call(Action):
    """A call in the probe's one-round auction: ``pass`` or ``double``."""

    word: str
    kind: ClassVar[int] = 50

    def notation(self) -> str:
        return self.word

    def sort_key(self) -> tuple[int, ...]:
        return (self.kind, ("pass", "double").index(self.word))


class OneRoundAuction:
    """After the deal everybody calls once, from eldest; ``state.extra`` counts doubles."""

    @hookimpl
    def whist_deal_cards(
        self, rules: Rules, state: DealState[Any], order: tuple[int, ...]
    ) -> DealState[Any]:
        hands = deal_round_robin(order, seats=4, first=1, count=52)
        return state._replace(
            phase="auction", to_act=1, leader=1, hands=tuple(hands), trump=-1, extra=(0, 0)
        )

    @hookimpl
    def whist_bidding_actions(self, state: DealState[Any]) -> Sequence[Action]:
        doubles, _calls = state.extra
        calls = [Call("pass")]
        if doubles == 0:  # only one double per deal
            calls.append(Call("double"))
        return calls[::-1]  # deliberately unsorted: the engine sorts

    @hookimpl
    def whist_apply_bid(self, state: DealState[Any], action: Action) -> DealState[Any]:
        assert isinstance(action, Call)
        doubles, calls = state.extra
        extra = (doubles + (action.word == "double"), calls + 1)
        history = (*state.history, action)
        if calls + 1 == 4:
            return state._replace(phase=PHASE_PLAY, to_act=1, extra=extra, history=history)
        return state._replace(to_act=(state.to_act + 1) % 4, extra=extra, history=history)

    @hookimpl
    def whist_parse_action(self, state: DealState[Any], text: str) -> Action | None:
        if state.phase != "auction":
            return None  # the standard rules read deals and cards
        word = text.strip().lower()
        if word not in ("pass", "double"):
            raise InvalidNotationError(f"{text!r} is not a call: say pass or double")
        return Call(word)


def test_hook_whist_bidding_actions_are_sorted_and_only_for_the_caller() -> None:
    engine = Engine(variant(OneRoundAuction()))
    state = dealt(engine)
    assert state.phase == "auction"
    assert engine.legal_actions(state) == (Call("pass"), Call("double"))
    assert [engine.legal_actions(state, seat) for seat in (0, 2, 3)] == [(), (), ()]
    state = engine.apply(state, Call("double"))
    assert engine.legal_actions(state) == (Call("pass"),)


def test_hook_whist_apply_bid_moves_the_auction_and_rejects_illegal_calls() -> None:
    engine = Engine(variant(OneRoundAuction()))
    state = engine.apply(dealt(engine), Call("double"))
    with pytest.raises(IllegalActionError) as info:
        engine.apply(state, Call("double"))  # a second double is not allowed
    assert info.value.legal == ("pass",)
    with pytest.raises(IllegalActionError):
        engine.apply(state, Play(parse_card("AS")))  # no card play during the auction
    for _ in range(3):
        state = engine.apply(state, Call("pass"))
    assert state.phase == PHASE_PLAY
    assert state.extra == (1, 4)
    assert state.to_act == 1
    assert [a.notation() for a in state.history[1:]] == ["double", "pass", "pass", "pass"]


def test_hook_whist_parse_action_reads_the_variants_own_actions() -> None:
    engine = Engine(variant(OneRoundAuction()))
    state = dealt(engine)
    assert engine.parse_action(state, " Double ") == Call("double")
    with pytest.raises(InvalidNotationError, match="say pass or double"):
        engine.parse_action(state, "redouble")
    for _ in range(4):
        state = engine.apply(state, Call("pass"))
    # Back in trick play the standard rules read cards again (the variant returned None).
    assert engine.parse_action(state, "10h") == Play(parse_card("TH"))


def test_a_variant_with_an_auction_passes_the_conformance_kit() -> None:
    report = check_variant(variant(OneRoundAuction()), deals=30, seed=3)
    assert report.deals == 30
    assert report.actions == 30 * (1 + 4 + 52)


# -- legality and trick play ---------------------------------------------------------------


class NoTrumpLeads:
    """Trumps may not be led while the leader holds another suit (a Knockout option)."""

    @hookimpl
    def whist_legal_plays(self, state: DealState[Any]) -> int | None:
        if state.trick:
            return None
        hand = state.hands[state.to_act]
        trumps = hand & (0x1FFF << (13 * state.trump))
        return hand & ~trumps or hand


def test_hook_whist_legal_plays_restricts_the_lead_and_falls_through_when_following() -> None:
    engine = Engine(variant(NoTrumpLeads()))
    # Deck in order, dealer N: card i goes to seat (1 + i) % 4, so East holds the cards
    # 0, 4, 8, ...: 2C 6C TC AC 5D 9D KD 4H 8H QH 3S 7S JS, and North's last card, the AS,
    # is turned: spades are trump.
    state = dealt(engine)
    assert state.trump == 3
    lead = {a.notation() for a in engine.legal_actions(state)}
    assert lead == {"2C", "6C", "TC", "AC", "5D", "9D", "KD", "4H", "8H", "QH"}
    state = engine.apply(state, Play(parse_card("2C")))
    # South (cards 1, 5, 9, ...: 3C 7C JC ...) follows clubs under the standard rule, as
    # the variant answered None.
    south = {a.notation() for a in engine.legal_actions(state)}
    assert south == {"3C", "7C", "JC"}


def test_hook_whist_apply_play_can_extend_the_standard_play() -> None:
    class CountPlays:
        @hookimpl
        def whist_apply_play(
            self, rules: Rules, state: DealState[Any], card: int
        ) -> DealState[Any]:
            after = StandardRules().whist_apply_play(rules, state, card)
            return after._replace(extra=(state.extra or 0) + 1)

    engine = Engine(variant(CountPlays()))
    state = dealt(engine)
    for _ in range(6):
        state = engine.apply(state, engine.legal_actions(state)[0])
    assert state.extra == 6
    assert len(state.completed) == 1  # the standard trick logic still ran


class LowestWins:
    """The lowest card of the led suit wins; trumps have no power."""

    @hookimpl
    def whist_trick_winner(self, state: DealState[Any], trick: tuple[int, ...]) -> int:
        led = trick[0] // 13
        index = min((i for i, c in enumerate(trick) if c // 13 == led), key=lambda i: trick[i])
        return (state.leader + index) % 4


def test_hook_whist_trick_winner_decides_who_takes_the_trick() -> None:
    engine = Engine(variant(LowestWins()))
    state = dealt(engine)
    # East leads 6C, South 3C (the lowest), West 4C, North 5C: South wins and leads;
    # under the standard rule East's 6C would have won.
    for card in ("6C", "3C", "4C", "5C"):
        state = engine.apply(state, Play(parse_card(card)))
    assert state.completed[-1] == TrickRecord(
        1, tuple(parse_card(c) for c in ("6C", "3C", "4C", "5C")), 2, (1, 2, 3, 0)
    )
    assert state.to_act == 2
    assert state.tricks == (0, 0, 1, 0)


def test_hook_whist_after_trick_can_end_the_deal() -> None:
    class OneTrick:
        @hookimpl
        def whist_after_trick(self, state: DealState[Any], record: TrickRecord) -> DealState[Any]:
            return end_deal(state)

    engine = Engine(variant(OneTrick()))
    state = dealt(engine)
    for _ in range(4):
        state = engine.apply(state, engine.legal_actions(state)[0])
    assert (state.phase, state.to_act) == (PHASE_END, TERMINAL)
    assert sum(state.tricks) == 1
    assert engine.legal_actions(state) == ()


# -- scoring and match progression ---------------------------------------------------------


class NorthFacts(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    north: int


class NorthScores:
    """Only North's tricks count: N-S score one point per trick North took."""

    @hookimpl
    def whist_deal_facts(self, state: DealState[Any]) -> BaseModel:
        return NorthFacts(north=state.tricks[0])

    @hookimpl
    def whist_score_facts(self, facts: BaseModel) -> DealScore:
        assert isinstance(facts, NorthFacts)
        lines = (ScoreLine(0, Category.TRICKS, facts.north, f"North took {facts.north}"),)
        return DealScore(("NS", "EW"), lines, 0 if facts.north else None, (facts.north, 0, 0, 0))


def test_hook_whist_deal_facts_feed_the_scoring() -> None:
    engine = Engine(variant(NorthScores(), facts=NorthFacts))
    final = random_deal(engine, 1)
    assert engine.rules.deal_facts(final) == NorthFacts(north=final.tricks[0])


def test_hook_whist_score_facts_scores_played_and_entered_deals_alike() -> None:
    engine = Engine(variant(NorthScores(), facts=NorthFacts))
    final = random_deal(engine, 2)
    score = engine.score(final)
    assert score.points(0) == final.tricks[0]
    assert score.points(1) == 0
    context = final.context
    entered = engine.rules.score_facts(NorthFacts(north=final.tricks[0]), context)
    assert entered == score


def test_hook_whist_score_deal_overrides_the_whole_scoring() -> None:
    class Flat:
        @hookimpl
        def whist_score_deal(self, state: DealState[Any]) -> DealScore:
            return DealScore(
                ("NS", "EW"), (ScoreLine(1, Category.DEAL, 5, "flat"),), 1, state.tricks
            )

    engine = Engine(variant(Flat()))
    score = engine.score(random_deal(engine, 3))
    assert (score.winner, score.points(1), score.points(0)) == (1, 5, 0)


class FirstToTwoDeals:
    """A match of exactly two deals; the dealer passes left; totals add the deal points."""

    @hookimpl
    def whist_start_match(self, first_dealer: int) -> MatchProgress:
        return MatchProgress(("NS", "EW"), 0, first_dealer, (0, 0), detail={"kind": "two"})

    @hookimpl
    def whist_advance_match(self, progress: MatchProgress, score: DealScore) -> MatchProgress:
        totals = (progress.totals[0] + score.points(0), progress.totals[1] + score.points(1))
        deals = progress.deals + 1
        finished = deals == 2
        winner = None
        if finished and totals[0] != totals[1]:
            winner = 0 if totals[0] > totals[1] else 1
        return MatchProgress(
            progress.parties, deals, (progress.dealer + 1) % 4, totals, finished, winner,
            progress.detail,
        )  # fmt: skip


def test_hook_whist_start_match_sets_the_first_dealer_and_detail() -> None:
    engine = Engine(variant(FirstToTwoDeals()))
    progress = engine.start_match(3)
    assert (progress.dealer, progress.deals, progress.detail) == (3, 0, {"kind": "two"})
    first = engine.next_deal(progress)
    assert first.context.dealer == 3
    assert first.context.number == 1
    assert first.context.progress == progress.as_dict()


def test_hook_whist_advance_match_ends_the_match_after_two_deals() -> None:
    engine = Engine(variant(FirstToTwoDeals()))
    progress = engine.start_match(0)
    scores = []
    rng = random.Random(4)
    while not progress.finished:
        state = engine.next_deal(progress)
        state = engine.apply(state, engine.sample_chance(state, rng))
        state = play_out(engine, state)
        scores.append(engine.score(state))
        progress = engine.advance_match(progress, scores[-1])
    assert progress.deals == 2
    assert progress.dealer == 2
    assert progress.totals == (
        sum(s.points(0) for s in scores),
        sum(s.points(1) for s in scores),
    )


# -- observation ---------------------------------------------------------------------------


class ShowTurnUp:
    """The view names the turned-up trump card (the dealer's last card, §2.3)."""

    @hookimpl
    def whist_observe(self, state: DealState[Any], seat: int) -> PlayerView:
        public: dict[str, Any] = {}
        if state.history and isinstance(state.history[0], Deal):
            public["turn_up"] = state.history[0].order[-1]
        return standard_view(state, seat, public=public)


def test_hook_whist_observe_adds_public_facts() -> None:
    engine = Engine(variant(ShowTurnUp()))
    state = dealt(engine)
    views = [engine.observe(state, seat) for seat in range(4)]
    assert all(v.public == {"turn_up": parse_card("AS")} for v in views)
    assert [v.hand for v in views] == list(state.hands)


def test_a_view_naming_the_turn_up_passes_the_kit() -> None:
    report = check_variant(variant(ShowTurnUp()), deals=40, seed=5)
    assert report.view_swaps > 0


# -- the facade ----------------------------------------------------------------------------


def test_a_chain_falls_through_none_to_the_next_plugin_below() -> None:
    calls: list[str] = []

    class VariantLayer:
        @hookimpl
        def whist_trick_winner(self, state: DealState[Any], trick: tuple[int, ...]) -> int | None:
            calls.append("variant")
            return 2 if trick[0] == parse_card("3C") else None

    class House:
        @hookimpl
        def whist_trick_winner(self, trick: tuple[int, ...]) -> int | None:
            calls.append("house")
            return 3 if trick[0] == parse_card("2C") else None

    rule = HouseRule("h", "h", "h", House())
    engine = Engine(variant(VariantLayer()), house_rules=[rule])
    state = dealt(engine)
    cards = tuple(parse_card(c) for c in ("3C", "4C", "5C", "2C"))
    assert engine.rules.trick_winner(state, cards) == 2  # house None -> variant
    assert calls == ["house", "variant"]
    calls.clear()
    assert engine.rules.trick_winner(state, (parse_card("2C"), *cards[1:])) == 3  # house
    assert calls == ["house"]
    calls.clear()
    other = tuple(parse_card(c) for c in ("4C", "AC", "5C", "2C"))
    assert engine.rules.trick_winner(state, other) == 2  # both None -> standard: AC, South
    assert calls == ["house", "variant"]


def test_implementations_may_omit_and_reorder_arguments() -> None:
    seen: list[object] = []

    class Sparse:
        @hookimpl
        def whist_after_trick(self, record: TrickRecord, rules: Rules) -> None:
            seen.append((record.winner, isinstance(rules, Rules)))

        @hookimpl
        def whist_legal_plays(self) -> None:
            seen.append("legal")

    engine = Engine(variant(Sparse()))
    state = dealt(engine)
    for _ in range(4):
        state = engine.apply(state, engine.legal_actions(state)[0])
    assert seen.count("legal") >= 4
    assert (state.completed[0].winner, True) in seen


def test_a_wrapper_implementation_adjusts_the_result_through_pluggy() -> None:
    class PartnerTakesIt:
        @hookimpl(wrapper=True)
        def whist_trick_winner(self) -> Generator[None, int, int]:
            winner = yield
            return (winner + 2) % 4

    engine = Engine(variant(ShowTurnUp()), house_rules=[HouseRule("p", "p", "p", PartnerTakesIt())])
    state = dealt(engine)
    for card in ("2C", "3C", "4C", "5C"):  # East, South, West, North
        state = engine.apply(state, Play(parse_card(card)))
    # Standard winner: North's 5C (seat 0); the wrapper hands it to the partner, South.
    assert state.completed[-1].winner == 2
    assert engine.rules.hook_implementations()["whist_trick_winner"] == [
        "house-rule:p",
        "openwhist.game.standard",
    ]


def test_a_misspelled_hook_is_a_plugin_contract_error() -> None:
    class Typo:
        @hookimpl
        def whist_trick_winer(self, trick: tuple[int, ...]) -> int:
            return 0

    with pytest.raises(PluginContractError, match="whist_trick_winer"):
        Engine(variant(Typo()))


def test_an_unknown_argument_is_a_plugin_contract_error() -> None:
    class BadArgument:
        @hookimpl
        def whist_trick_winner(self, state: DealState[Any], cards: tuple[int, ...]) -> int:
            return 0

    with pytest.raises(PluginContractError, match="cards"):
        Engine(variant(BadArgument()))


def test_a_whist_method_without_the_hookimpl_marker_is_a_plugin_contract_error() -> None:
    class Unmarked:
        def whist_trick_winer(self, state: DealState[Any], trick: tuple[int, ...]) -> int:
            return 0

    with pytest.raises(PluginContractError, match="whist_trick_winer"):
        Engine(variant(Unmarked()))


def test_a_bidding_hook_answering_none_is_a_plugin_contract_error() -> None:
    class SilentApply(OneRoundAuction):
        @hookimpl
        def whist_apply_bid(self, state: DealState[Any], action: Action) -> DealState[Any] | None:
            return None

    engine = Engine(variant(SilentApply()))
    state = dealt(engine)
    with pytest.raises(PluginContractError, match="whist_apply_bid"):
        engine.apply(state, Call("pass"))


def test_no_answer_at_all_is_a_plugin_contract_error() -> None:
    class NoBidding:
        @hookimpl
        def whist_deal_cards(self, state: DealState[Any], order: tuple[int, ...]) -> DealState[Any]:
            return state._replace(
                phase="auction",
                to_act=1,
                hands=tuple(deal_round_robin(order, seats=4, first=1, count=52)),
            )

    engine = Engine(variant(NoBidding()))
    state = dealt(engine)
    with pytest.raises(PluginContractError, match="whist_bidding_actions"):
        engine.legal_actions(state)
