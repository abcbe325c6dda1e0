"""The declared presentation contract (`openwhist.Presentation`): what a plugin author
declares is checked when it is built, merged for house rules, and held against the views
by the conformance kit -- each rule on hand-built views, then through `check_variant`."""

from __future__ import annotations

from typing import Any

import pytest
from openwhist import (
    CallStyle,
    Deal,
    DealState,
    Engine,
    Exchange,
    Fact,
    FactKind,
    FactPlace,
    HouseRule,
    Message,
    Note,
    PlayerView,
    Presentation,
    PrivateAction,
    Variant,
    hookimpl,
    parse_card,
    standard_view,
)
from openwhist.game.actions import Play
from openwhist.testing.conformance import (
    ConformanceError,
    check_presentation,
    check_variant,
    exchange_problems,
    kind_problem,
    view_presentation_problems,
)

SEATS = ("N", "E", "S", "W")


def view(public: dict[str, Any], private: dict[str, Any] | None = None, **kw: Any) -> PlayerView:
    base: dict[str, Any] = dict(
        seat=0,
        seats=4,
        dealer=3,
        phase="play",
        to_act=0,
        hand=0b1111,
        hand_sizes=(4, 4, 4, 4),
        trump=0,
        leader=0,
        trick=(),
        tricks=(0, 0, 0, 0),
        completed=(),
        history=(),
    )
    base.update(kw)
    return PlayerView(**base, public=public, private=private or {})


# -- building a presentation ------------------------------------------------------------


def test_a_label_may_only_name_declared_facts() -> None:
    with pytest.raises(ValueError, match="'dog' is not a declared fact"):
        Presentation(public=(Fact("cat", FactKind.NUMBER, "Cats: {cat}, dogs: {dog}"),))
    # A private label may name public facts; a public one may not name private facts.
    Presentation(
        public=(Fact("pot", FactKind.NUMBER, "Pot: {pot}"),),
        private=(Fact("mine", FactKind.NUMBER, "{mine} of {pot}"),),
    )
    with pytest.raises(ValueError, match="'mine' is not a declared fact"):
        Presentation(
            public=(Fact("pot", FactKind.NUMBER, "Pot: {pot} {mine}"),),
            private=(Fact("mine", FactKind.NUMBER),),
        )


def test_a_key_is_declared_once_public_or_private() -> None:
    with pytest.raises(ValueError, match="declared twice"):
        Presentation(public=(Fact("a", FactKind.FLAG), Fact("a", FactKind.FLAG)))
    with pytest.raises(ValueError, match="both public and private"):
        Presentation(public=(Fact("a", FactKind.FLAG),), private=(Fact("a", FactKind.FLAG),))


def test_bad_labels_and_places_fail_at_declaration() -> None:
    with pytest.raises(ValueError, match="not a plain name"):
        Fact("a", FactKind.NUMBER, "A: {0}")
    with pytest.raises(ValueError, match="per-seat kind"):
        Fact("a", FactKind.NUMBER, "{seat}: {a}", place=FactPlace.PER_SEAT)
    with pytest.raises(ValueError, match="joins undeclared"):
        Presentation(public=(Fact("a", FactKind.NUMBER, "a {a}", joins="b"),))
    with pytest.raises(ValueError, match="prompt names"):
        Exchange("swap", "{name} gives {cards}")


def test_calls_show_suit_symbols_translated_words_and_cards() -> None:
    calls = CallStyle(words={"pass": "pass", "NT": "NT"}, suits=True, cards=True)
    assert [p.kind for p in calls.parts("6C")] == ["text", "suit"]
    assert calls.parts("13S")[1].value == 3  # spades
    assert [p.kind for p in calls.parts("7NT")] == ["text", "word"]
    assert [p.kind for p in calls.parts("pass")] == ["word"]
    assert [p.kind for p in calls.parts("give KC QH")] == ["text", "space", "card", "space", "card"]
    # Nothing declared: the notation as it is.
    assert [(p.kind, p.text) for p in CallStyle().parts("6C")] == [("text", "6C")]


def test_a_house_rule_adds_its_facts_and_may_replace_the_variants() -> None:
    base = Presentation(
        public=(Fact("a", FactKind.NUMBER, "A {a}"), Fact("b", FactKind.NUMBER, "B {b}")),
        calls=CallStyle(words={"pass": "pass"}),
    )
    rule = Presentation(
        public=(Fact("c", FactKind.FLAG, "C"), Fact("a", FactKind.NUMBER, "New A {a}")),
        calls=CallStyle(words={"double": "double"}, suits=True),
    )
    merged = base.extended(rule)
    assert [(f.key, f.label) for f in merged.public] == [
        ("a", "New A {a}"),
        ("b", "B {b}"),
        ("c", "C"),
    ]
    assert dict(merged.calls.words) == {"pass": "pass", "double": "double"}
    assert merged.calls.suits


def test_both_after_trick_hooks_speak_after_a_house_rule_is_added() -> None:
    def says(text: str) -> Any:
        return lambda view, trick: [Note(Message(text))]

    merged = Presentation(after_trick=says("variant")).extended(
        Presentation(after_trick=says("house"))
    )
    assert merged.after_trick is not None
    assert [n.message.text for n in merged.after_trick(view({}), None)] == ["variant", "house"]  # type: ignore[arg-type]


def test_private_actions_are_found_by_their_type() -> None:
    presentation = Presentation(private_actions=(PrivateAction(Play, "{name} plays blind"),))
    assert presentation.private_action(Play(3)) is not None
    assert presentation.private_action(Deal(tuple(range(52)))) is None


# -- the kit's checks, on hand-built views ------------------------------------------------

PRESENTATION = Presentation(
    public=(
        Fact("face_up", FactKind.CARD, "Face up: {face_up}"),
        Fact("bids", FactKind.CALLS, "Bids: {bids}"),
        Fact("points", FactKind.PER_SEAT, "Points: {points}"),
        Fact("turn_up", FactKind.CARD, "Turn-up: {turn_up}", optional=True),
    ),
    private=(Fact("blind", FactKind.CARDS, place=FactPlace.HIDDEN),),
)
GOOD = {"face_up": 7, "bids": [[0, "pass"], [1, "6C"]], "points": [0, None, 2, 1]}


def test_a_view_keeping_the_contract_has_no_problems() -> None:
    assert view_presentation_problems(PRESENTATION, view(GOOD, {"blind": 0b100})) == []


def test_a_declared_fact_missing_from_a_view_is_a_problem_unless_optional() -> None:
    public = {k: v for k, v in GOOD.items() if k != "points"}
    problems = view_presentation_problems(PRESENTATION, view(public, {"blind": 0}))
    assert problems == ["declared public fact 'points' is missing"]


def test_a_fact_of_the_wrong_kind_is_a_problem() -> None:
    public = {**GOOD, "face_up": "QX", "points": [0, 1]}
    problems = view_presentation_problems(PRESENTATION, view(public, {"blind": 0}))
    assert any("'face_up'" in p and "kind card" in p for p in problems)
    assert any("'points'" in p and "kind per_seat" in p for p in problems)  # 2 of 4 seats


def test_an_undeclared_key_is_a_problem() -> None:
    problems = view_presentation_problems(PRESENTATION, view({**GOOD, "dog": -1}, {"blind": 0}))
    assert problems == ["view.public key 'dog' is not declared in the presentation"]


def test_a_private_fact_among_the_public_ones_is_a_problem() -> None:
    problems = view_presentation_problems(PRESENTATION, view({**GOOD, "blind": 5}, {"blind": 5}))
    assert problems == ["fact 'blind' is declared private but is in view.public"]


def test_a_variant_that_declares_nothing_passes_its_facts_show_by_key() -> None:
    undeclared = view_presentation_problems(Presentation(), view({"dog": -1}))
    assert undeclared == ["view.public key 'dog' is not declared in the presentation"]
    assert view_presentation_problems(Presentation(), view({"dog": -1}), undeclared=False) == []


@pytest.mark.parametrize(
    ("kind", "good", "bad"),
    [
        (FactKind.CARD, 51, 52),
        (FactKind.CARDS, ["KC", 3], ["XX"]),
        (FactKind.CARDS_PER_SEAT, [0, 1, 2, 3], [0, 1]),
        (FactKind.SEAT, 3, 4),
        (FactKind.SEATS, [0, 2], [0, 9]),
        (FactKind.NUMBER, 2.5, "2"),
        (FactKind.TEXT, "over", 3),
        (FactKind.CALLS, [[0, "pass"]], [["N", "pass"]]),
        (FactKind.TABLE, [[1, "a"], []], [1]),
        (FactKind.FLAG, False, 0),
    ],
)
def test_each_kind_accepts_its_shape_only(kind: FactKind, good: object, bad: object) -> None:
    assert kind_problem(kind, good, 4) is None
    assert kind_problem(kind, bad, 4) is not None


def test_a_shown_fact_needs_a_label_and_every_text_must_be_a_template() -> None:
    unlabelled = Presentation(public=(Fact("a", FactKind.NUMBER),))
    assert check_presentation(unlabelled) == ["fact 'a' is shown (header) but has no label"]
    assert check_presentation(Presentation(public=(Fact("a", FactKind.NUMBER, "A {a}"),))) == []
    worded = Presentation(public=(Fact("a", FactKind.TEXT, "A {a}", words={"x": "{0}"}),))
    assert check_presentation(worded)  # a word that is not a template


def test_an_exchange_needs_legal_actions_with_their_cards() -> None:
    presentation = Presentation(exchanges=(Exchange("swap", "{name}: {count} cards"),))
    in_swap = view({}, phase="swap")

    class Give(Play):
        __slots__ = ()

        @property
        def cards(self) -> int:
            return 1 << self.card

    assert exchange_problems(presentation, in_swap, [Give(0), Give(1)]) == []
    assert exchange_problems(presentation, in_swap, [Give(9)])  # not in the hand
    assert exchange_problems(presentation, in_swap, [Play(0)])  # no cards at all
    assert exchange_problems(presentation, view({}), [Play(9)]) == []  # not the phase


# -- the kit, through check_variant ---------------------------------------------------------


class Leaky:
    """Puts each seat's first card in ``view.public`` under a key declared private."""

    @hookimpl
    def whist_observe(self, state: DealState[Any], seat: int) -> PlayerView:
        dealt = bool(state.history) and isinstance(state.history[0], Deal)
        facts = {"first": min(state.hands[seat].bit_length() - 1, 51)} if dealt else {}
        return standard_view(state, seat, private=facts, public=dict(facts))


def probe(rules: object, presentation: Presentation) -> Variant:
    return Variant(
        name="probe",
        title="probe",
        description="a test variant",
        seat_names=SEATS,
        rules=rules,
        partnerships=((0, 2), (1, 3)),
        max_actions=80,
        presentation=presentation,
    )


def test_the_kit_fails_a_variant_whose_private_fact_is_public() -> None:
    declared = Presentation(private=(Fact("first", FactKind.CARD, place=FactPlace.HIDDEN),))
    with pytest.raises(
        ConformanceError, match=r"'first' is declared private but is in view\.public"
    ):
        check_variant(probe(Leaky(), declared), deals=3, seed=1, swaps_per_deal=0)


def test_the_kit_fails_an_undeclared_key_and_a_house_rules_declaration_fixes_it() -> None:
    class LastCard:
        """Names the dealer's last card, as a house rule's own public fact ``last``."""

        @hookimpl
        def whist_observe(self, state: DealState[Any], seat: int) -> PlayerView:
            dealt = bool(state.history) and isinstance(state.history[0], Deal)
            public = {"last": state.history[0].order[-1]} if dealt else {}  # type: ignore[attr-defined]
            return standard_view(state, seat, public=public)

    score = Fact("score", FactKind.LIST, place=FactPlace.HIDDEN, optional=True)
    other = Presentation(public=(score,))
    rule = HouseRule("last-card", "last card", "names the dealer's last card", LastCard())
    with pytest.raises(ConformanceError, match="'last' is not declared"):
        check_variant(probe(object(), other), deals=2, seed=1, house_rules=[rule])
    declared = Presentation(public=(Fact("last", FactKind.CARD, "Last: {last}", optional=True),))
    rule = HouseRule(
        "last-card", "last card", "names the dealer's last card", LastCard(), presentation=declared
    )
    report = check_variant(probe(object(), other), deals=2, seed=1, house_rules=[rule])
    assert report.deals == 2
    # The standard view's own turn-up is declared by the core for every variant.
    assert probe(object(), other).match_presentation().fact("turn_up") is not None


def test_the_built_in_presentations_declare_labels_for_every_shown_fact() -> None:
    from openwhist.plugins import load_catalog

    catalog = load_catalog()
    for name in ("german", "english", "american", "israeli"):
        presentation = catalog.variant(name).presentation
        assert presentation.public, name
        assert check_presentation(presentation) == [], name
    assert Engine(catalog.variant("israeli")).variant.presentation.exchange("frisch")
    assert parse_card("KC") >= 0


def test_a_house_rule_replaces_which_tricks_count_and_a_phases_help() -> None:
    from openwhist import TrickCount

    def variant_count(view: Any) -> TrickCount:
        return TrickCount((1, 0))

    def house_count(view: Any) -> TrickCount:
        return TrickCount((0, 1))

    base = Presentation(
        counted_tricks=variant_count, phase_help={"auction": "bid", "contracts": "say"}
    )
    kept = base.extended(Presentation())
    assert kept.counted_tricks is variant_count
    assert dict(kept.phase_help) == {"auction": "bid", "contracts": "say"}
    changed = base.extended(
        Presentation(counted_tricks=house_count, phase_help={"auction": "bid higher"})
    )
    assert changed.counted_tricks is house_count
    assert dict(changed.phase_help) == {"auction": "bid higher", "contracts": "say"}


def test_the_kit_checks_the_shape_of_earlier_auctions() -> None:
    from openwhist.game.presentation import FactKind as K
    from openwhist.testing.conformance import kind_problem

    assert kind_problem(K.CALL_ROUNDS, [[[0, "pass"], [1, "6S"]], []], 4) is None
    assert kind_problem(K.CALL_ROUNDS, [[[7, "pass"]]], 4) is not None  # no seat 7
    assert kind_problem(K.CALL_ROUNDS, [[0, "pass"]], 4) is not None  # one auction, not a list
