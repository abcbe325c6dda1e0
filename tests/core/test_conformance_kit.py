"""The conformance kit catches broken variants (and passes correct ones).

Each test below builds a variant with one deliberate defect and checks that
`check_variant` / `check_match` reports it as a `ConformanceError` that names the variant,
the seed and the deal -- a kit that passes everything would be worthless.
"""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any

import pytest
from openwhist import (
    FULL_DECK,
    Category,
    DealScore,
    DealState,
    MatchProgress,
    PlayerView,
    PluginContractError,
    ScoreLine,
    TrickRecord,
    Variant,
    hookimpl,
    standard_view,
)
from openwhist.testing import (
    ConformanceError,
    ConformanceReport,
    check_match,
    check_variant,
    option_samples,
)
from openwhist.testing.toy import TOY


class NamesTheTurnUp:
    """Correct observation for the standard deal: the turned-up card is public (§2.3)."""

    @hookimpl
    def whist_observe(self, state: DealState[Any], seat: int) -> PlayerView:
        public: dict[str, Any] = {}
        if state.history:
            public["turn_up"] = state.history[0].order[-1]  # type: ignore[attr-defined]
        return standard_view(state, seat, public=public)


def make(rules: object, name: str = "probe", **kwargs: Any) -> Variant:
    kwargs.setdefault("max_actions", 53)
    return Variant(
        name=name,
        title=name,
        description="a test variant",
        seat_names=("N", "E", "S", "W"),
        rules=rules,
        partnerships=((0, 2), (1, 3)),
        **kwargs,
    )


def broken(base: type, **kwargs: Any) -> Variant:
    """A variant whose rules are ``base`` on top of a correct observation."""
    rules = type(base.__name__, (base, NamesTheTurnUp), {})()
    return make(rules, **kwargs)


def expect_failure(variant: Variant, match: str, **kwargs: Any) -> ConformanceError:
    kwargs.setdefault("deals", 30)
    kwargs.setdefault("seed", 11)
    with pytest.raises(ConformanceError, match=match) as info:
        check_variant(variant, **kwargs)
    error = info.value
    assert isinstance(error, PluginContractError)
    assert error.variant == variant.name
    assert error.seed == kwargs["seed"]
    assert error.deal is not None
    assert f"variant {variant.name!r}, seed {kwargs['seed']}, deal {error.deal}" in str(error)
    return error


# -- a correct variant passes ---------------------------------------------------------------


def test_a_correct_variant_passes_and_the_report_counts_what_was_checked() -> None:
    report = check_variant(make(NamesTheTurnUp()), deals=25, seed=2)
    assert isinstance(report, ConformanceReport)
    assert (report.deals, report.actions) == (25, 25 * 53)
    assert report.view_swaps > 25
    assert sum(report.winners) == 25
    assert "25 deals" in str(report)


def test_the_same_seed_plays_the_same_deals() -> None:
    first = check_variant(make(NamesTheTurnUp()), deals=10, seed=4)
    again = check_variant(make(NamesTheTurnUp()), deals=10, seed=4)
    assert first.winners == again.winners
    assert first.view_swaps == again.view_swaps


def test_the_core_toy_variant_passes() -> None:
    check_variant(TOY, deals=50, seed=0)


# -- defects it must catch -------------------------------------------------------------------


def test_catches_a_view_that_shows_another_seats_hand() -> None:
    class PeeksLeft:
        @hookimpl
        def whist_observe(self, state: DealState[Any], seat: int) -> PlayerView:
            view = NamesTheTurnUp().whist_observe(state, seat)
            return standard_view(
                state,
                seat,
                public=view.public,
                private={"left": state.hands[(seat + 1) % 4]},
            )

    expect_failure(make(PeeksLeft()), "leaks hidden cards")


class DeclaresTheTurnUp(NamesTheTurnUp):
    """The same rules, declaring the public cards: the kit's strict hidden-card check."""

    def conformance_public_cards(self, state: DealState[Any]) -> int:
        return 1 << state.history[0].order[-1] if state.history else 0  # type: ignore[attr-defined]


def test_strict_mode_passes_a_correct_variant() -> None:
    report = check_variant(make(DeclaresTheTurnUp()), deals=20, seed=4)
    assert report.view_swaps > 0


def test_strict_mode_catches_a_hand_published_in_the_public_view() -> None:
    """A view that names a hidden hand in ``public`` would approve its own leak if every
    card named in public counted as known; with the rules' declared public cards it does
    not."""

    class PublishesNorth(DeclaresTheTurnUp):
        @hookimpl
        def whist_observe(self, state: DealState[Any], seat: int) -> PlayerView:
            view = super().whist_observe(state, seat)
            return standard_view(state, seat, public={**view.public, "north": state.hands[0]})

    expect_failure(make(PublishesNorth()), "leaks hidden cards", swaps_per_deal=6)


def test_catches_a_view_that_counts_another_seats_suit() -> None:
    class CountsHearts:
        @hookimpl
        def whist_observe(self, state: DealState[Any], seat: int) -> PlayerView:
            view = NamesTheTurnUp().whist_observe(state, seat)
            hearts = (state.hands[(seat + 2) % 4] >> 26 & 0x1FFF).bit_count()
            return standard_view(state, seat, public=view.public, private={"hearts": [hearts]})

    expect_failure(make(CountsHearts()), "leaks hidden cards", swaps_per_deal=6)


def test_catches_public_facts_that_differ_between_seats() -> None:
    class SaysWhoYouAre:
        @hookimpl
        def whist_observe(self, state: DealState[Any], seat: int) -> PlayerView:
            return standard_view(state, seat, public={"me": seat})

    expect_failure(make(SaysWhoYouAre()), "different public facts")


def test_catches_a_lost_card() -> None:
    class DropsACard:
        @hookimpl
        def whist_after_trick(self, state: DealState[Any]) -> DealState[Any] | None:
            if len(state.completed) == 3:
                hands = list(state.hands)
                low = hands[state.to_act] & -hands[state.to_act]
                hands[state.to_act] ^= low
                return state._replace(hands=tuple(hands))
            return None

    error = expect_failure(broken(DropsACard), "cards not conserved")
    assert error.action == 13  # the deal (0) and three tricks of four cards


def test_catches_a_legal_card_the_seat_does_not_hold() -> None:
    class AnythingGoes:
        @hookimpl
        def whist_legal_plays(self, state: DealState[Any]) -> int:
            return FULL_DECK

    expect_failure(broken(AnythingGoes), "does not hold it")


def test_catches_a_deal_that_does_not_end_in_time() -> None:
    expect_failure(make(NamesTheTurnUp(), max_actions=40), "did not end within max_actions=40")


def test_catches_a_nondeterministic_rule() -> None:
    counter = itertools.count()

    class Moody:
        @hookimpl
        def whist_trick_winner(self, state: DealState[Any], trick: tuple[int, ...]) -> int:
            return (state.leader + next(counter)) % 4  # depends on how often it was called

    expect_failure(broken(Moody), "replaying the deal's")


def test_catches_a_score_for_the_wrong_parties() -> None:
    class WrongParties:
        @hookimpl
        def whist_score_deal(self, state: DealState[Any]) -> DealScore:
            return DealScore(("A", "B"), (ScoreLine(0, Category.DEAL, 1),), 0, state.tricks)

    expect_failure(broken(WrongParties), "parties")


def test_catches_a_deal_that_ends_without_the_end_phase() -> None:
    class StopsEarly:
        @hookimpl
        def whist_after_trick(self, state: DealState[Any]) -> DealState[Any] | None:
            if len(state.completed) == 2:
                return state._replace(to_act=-2)  # TERMINAL, but phase still "play"
            return None

    expect_failure(broken(StopsEarly), "the deal is over exactly when the phase is 'end'")


def test_catches_a_rule_that_raises() -> None:
    class Crashes:
        @hookimpl
        def whist_after_trick(
            self, state: DealState[Any], record: TrickRecord
        ) -> DealState[Any] | None:
            if len(state.completed) == 5:
                raise PluginContractError("boom")
            return None

    expect_failure(broken(Crashes), "applying the legal action .* failed: boom")


def test_a_failure_can_be_replayed_on_its_own() -> None:
    class ForgetsTheEndAfterASpade:
        @hookimpl
        def whist_after_trick(self, state: DealState[Any]) -> DealState[Any] | None:
            first_card = state.history[0].order[0]  # type: ignore[attr-defined]
            if not any(state.hands) and first_card // 13 == 3:
                return state  # never ends the deal: the winner must lead with no cards
            return None

    variant = broken(ForgetsTheEndAfterASpade)
    error = expect_failure(variant, "no legal action", deals=40)
    assert error.action == 53
    # Each deal draws from its own generator, so the failing deal replays on its own.
    with pytest.raises(ConformanceError) as again:
        check_variant(variant, deals=1, seed=11, first_deal=error.deal or 0)
    assert (again.value.deal, again.value.history) == (error.deal, error.history)
    assert len(error.history) == 53


# -- matches ---------------------------------------------------------------------------------


class FirstToThree:
    """A match won by the first side to win three deals (ties count for nobody)."""

    @hookimpl
    def whist_start_match(self, first_dealer: int) -> MatchProgress:
        return MatchProgress(("NS", "EW"), 0, first_dealer, (0, 0))

    @hookimpl
    def whist_advance_match(self, progress: MatchProgress, score: DealScore) -> MatchProgress:
        wins = list(progress.totals)
        if score.winner is not None:
            wins[score.winner] += 1
        winner = next((p for p in (0, 1) if wins[p] == 3), None)
        return MatchProgress(
            progress.parties,
            progress.deals + 1,
            (progress.dealer + 1) % 4,
            (wins[0], wins[1]),
            finished=winner is not None,
            winner=winner,
        )


def test_whole_matches_are_played_to_the_end() -> None:
    report = check_match(broken(FirstToThree), matches=4, seed=1)
    assert report.matches == 4
    assert 4 * 3 <= report.deals <= 4 * 5


def test_catches_a_match_that_never_ends() -> None:
    class Endless(FirstToThree):
        @hookimpl
        def whist_advance_match(self, progress: MatchProgress, score: DealScore) -> MatchProgress:
            return MatchProgress(progress.parties, progress.deals + 1, progress.dealer, (0, 0))

    with pytest.raises(ConformanceError, match="did not finish within 7 deals"):
        check_match(broken(Endless), matches=1, max_deals=7)


def test_catches_a_match_that_miscounts_deals() -> None:
    class Miscounts(FirstToThree):
        @hookimpl
        def whist_advance_match(self, progress: MatchProgress, score: DealScore) -> MatchProgress:
            return MatchProgress(progress.parties, progress.deals + 2, progress.dealer, (0, 0))

    with pytest.raises(ConformanceError, match="counts 2 deals after 1"):
        check_match(broken(Miscounts), matches=1)


# -- option samples ----------------------------------------------------------------------------


def test_option_samples_cover_every_choice_and_respect_cross_field_rules() -> None:
    from typing import Literal

    from openwhist import VariantOptions
    from pydantic import model_validator

    class Options(VariantOptions):
        fast: bool = False
        mode: Literal["a", "b", "c"] = "a"
        count: int = 3

        @model_validator(mode="after")
        def _c_needs_fast(self) -> Options:
            if self.mode == "c" and not self.fast:
                raise ValueError("mode c needs fast")
            return self

    variant = make(NamesTheTurnUp(), options=Options)
    assert option_samples(variant) == [{"fast": True}, {"mode": "b"}, {"mode": "c", "fast": True}]


# -- whole matches: a leak that only later deals show (issue 12, deliverable 7) ----------


class LeaksFromTheSecondDeal(NamesTheTurnUp):
    """Three-deal matches whose views, from deal 2 on, tell each seat how many spades its
    left-hand opponent holds: a hidden-card leak that a lone first deal never shows."""

    @hookimpl
    def whist_advance_match(self, progress: MatchProgress, score: DealScore) -> MatchProgress:
        totals = tuple(t + score.points(p) for p, t in enumerate(progress.totals))
        deals = progress.deals + 1
        return MatchProgress(
            parties=progress.parties,
            deals=deals,
            dealer=(progress.dealer + 1) % 4,
            totals=totals,
            finished=deals == 3,
            winner=None,
        )

    @hookimpl
    def whist_observe(self, state: DealState[Any], seat: int) -> PlayerView:
        view = NamesTheTurnUp.whist_observe(self, state, seat)
        if state.context.number < 2 or not state.history:
            return view
        left = state.hands[(seat + 1) % 4]
        private = {"left_spades": (left >> 39 & 0x1FFF).bit_count()}
        return dataclasses.replace(view, private=private)


def test_a_leak_in_a_later_deal_fails_the_kit_over_whole_matches(
    whist_conformance: Any,
) -> None:
    variant = make(LeaksFromTheSecondDeal(), name="late-leak")
    # Lone first deals (the kit before issue 12) never meet deal 2: the leak passed.
    assert check_variant(variant, deals=30, seed=11, match_deals=1).deals == 30
    # Deals of whole matches reach it, in check_variant and in the plugin authors' fixture.
    for check in (check_variant, whist_conformance):
        with pytest.raises(ConformanceError, match="leaks hidden cards") as info:
            check(variant, deals=30, seed=11)
        assert info.value.deal is not None
        assert info.value.deal % 3 != 0  # deal 2 or 3 of its match, never a first deal


def test_a_failing_later_deal_replays_alone_with_its_match_progress() -> None:
    variant = make(LeaksFromTheSecondDeal(), name="late-leak")
    with pytest.raises(ConformanceError) as info:
        check_variant(variant, deals=30, seed=11)
    failing = info.value.deal
    assert failing is not None
    # first_deal=D replays the deals before it unchecked, so deal D meets the same match
    # progress and fails the same way, on its own.
    with pytest.raises(ConformanceError) as again:
        check_variant(variant, deals=1, seed=11, first_deal=failing)
    assert again.value.deal == failing
    assert str(again.value) == str(info.value)


def test_deals_of_whole_matches_meet_the_progress_and_the_dealer_rotation() -> None:
    seen: dict[object, tuple[int, int, int | None]] = {}  # by deck order, in deal order

    class Watches(LeaksFromTheSecondDeal):
        @hookimpl
        def whist_observe(self, state: DealState[Any], seat: int) -> PlayerView:
            if state.history:
                progress = state.context.progress
                seen.setdefault(
                    state.history[0],
                    (
                        state.context.number,
                        state.context.dealer,
                        None if progress is None else progress["deals"],
                    ),
                )
            return NamesTheTurnUp.whist_observe(self, state, seat)

    report = check_variant(make(Watches(), name="watch"), deals=6, seed=2, swaps_per_deal=0)
    assert report.matches == 2
    deals = list(seen.values())
    assert [number for number, _, _ in deals] == [1, 2, 3, 1, 2, 3]
    # Deal n of a match is dealt by the seat after deal n-1's dealer, with n-1 deals done.
    for (n1, d1, _), (n2, d2, done) in itertools.pairwise(deals):
        if n2 > 1:
            assert n2 == n1 + 1
            assert d2 == (d1 + 1) % 4
            assert done == n2 - 1
