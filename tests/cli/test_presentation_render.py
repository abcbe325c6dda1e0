"""The terminal draws a variant's table only from its declared `Presentation`: labels and
kinds, places, joined lines, conditions, calls, after-trick notes -- on hand-built views of
a variant the CLI has never heard of -- and a fact nobody declared still shows by its key."""

from __future__ import annotations

from typing import Any

import pytest
from openwhist import (
    CallStyle,
    Fact,
    FactKind,
    FactPlace,
    Message,
    Note,
    PlayerView,
    Presentation,
    TrickRecord,
)
from openwhist_cli import i18n
from openwhist_cli.render import (
    CardStyle,
    after_trick_text,
    call_text,
    legal_text,
    variant_facts,
)
from rich.console import Console

NAMES = ["Ann", "Bob", "Cy"]
STYLE = CardStyle()


def view(
    public: dict[str, Any], private: dict[str, Any] | None = None, seat: int = 0
) -> PlayerView:
    return PlayerView(
        seat=seat,
        seats=3,
        dealer=2,
        phase="play",
        to_act=0,
        hand=0,
        hand_sizes=(0, 0, 0),
        trump=0,
        leader=0,
        trick=(),
        tricks=(0, 0, 0),
        completed=(),
        history=(),
        public=public,
        private=private or {},
    )


def lines(v: PlayerView, presentation: Presentation | None = None) -> list[str]:
    return [t.plain for t in variant_facts(v, NAMES, STYLE, presentation)]


@pytest.fixture(autouse=True)
def english() -> Any:
    i18n.setup("en")
    yield
    i18n.setup("en")


KNOCKOUT = Presentation(
    public=(
        Fact("pot", FactKind.NUMBER, "Pot: {pot} chips", emphasis="strong"),
        Fact("open", FactKind.CARD, "open card {open}", joins="pot"),
        Fact("knocked", FactKind.SEATS, "Knocked: {knocked}"),
        Fact("lives", FactKind.PER_SEAT, "{seat} has {lives} lives", place=FactPlace.PER_SEAT),
        Fact("leader", FactKind.SEAT, "Leader: {leader}, asking {ask}", hidden_when=("winner",)),
        Fact("winner", FactKind.SEAT, "Winner: {winner}"),
        Fact("ask", FactKind.CALL, place=FactPlace.HIDDEN),
        Fact("doubled", FactKind.FLAG, "(doubled)", joins="pot", separator=" "),
        Fact("mood", FactKind.TEXT, "Mood: {mood}", words={"calm": "calm"}),
        Fact("bot_only", FactKind.NUMBER, place=FactPlace.HIDDEN),
    ),
    private=(Fact("secret", FactKind.CARDS, "Your secret cards: {secret}"),),
    calls=CallStyle(words={"pass": "pass"}, suits=True),
)


def test_declared_facts_show_labelled_in_declaration_order() -> None:
    v = view(
        {
            "pot": 12,
            "open": 12,  # A♣
            "knocked": [1],
            "lives": [3, None, 1],
            "leader": 2,
            "ask": "6C",
            "winner": None,
            "doubled": True,
            "mood": "calm",
            "bot_only": 99,
        },
        {"secret": ["KH", "2S"]},
    )
    assert lines(v, KNOCKOUT) == [
        "Pot: 12 chips   open card A♣ (doubled)",
        "Knocked: Bob",
        "Ann has 3 lives",
        "Cy has 1 lives",
        "Leader: Cy, asking 6♣",
        "Mood: calm",
        "Your secret cards: K♥ 2♠",
    ]


def test_empty_facts_and_their_joined_lines_are_not_shown_and_hidden_when_holds() -> None:
    v = view(
        {"pot": 0, "open": 5, "knocked": [], "lives": [None] * 3, "leader": 1, "ask": "pass"}
        | {"winner": 0, "doubled": False, "mood": None, "bot_only": 1}
    )
    # No pot: its line and what joins it are gone; a winner hides the leader's line.
    assert lines(v, KNOCKOUT) == ["Winner: Ann"]


def test_a_fact_nobody_declared_still_shows_by_its_key() -> None:
    v = view({"dog": -1, "hands": [1, 2], "table": {"a": 1}, "nothing": None}, {"peek": "QS"})
    assert lines(v) == ["dog: -1", "hands: 1, 2", "table: a=1", "peek: QS"]
    # Undeclared keys of a variant that declares some still show, after its own lines.
    assert lines(view({"pot": 3, "extra": "x"}), KNOCKOUT)[-1] == "extra: x"


def test_labels_and_words_are_translated_by_the_catalogues(monkeypatch: pytest.MonkeyPatch) -> None:
    class Spanish:
        def gettext(self, text: str) -> str:
            return {"Pot: {pot} chips": "Bote: {pot} fichas", "calm": "tranquilo"}.get(text, text)

        def ngettext(self, one: str, many: str, n: int) -> str:
            return one if n == 1 else many

    monkeypatch.setattr(i18n, "translations", lambda: Spanish())
    v = view({"pot": 2, "mood": "calm"})
    assert lines(v, KNOCKOUT)[:2] == ["Bote: 2 fichas", "Mood: tranquilo"]


def test_a_translation_naming_an_unknown_fact_falls_back_to_english(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Broken:
        def gettext(self, text: str) -> str:
            return "Bote: {bote}" if text == "Pot: {pot} chips" else text

        def ngettext(self, one: str, many: str, n: int) -> str:
            return one

    monkeypatch.setattr(i18n, "translations", lambda: Broken())
    assert lines(view({"pot": 2}), KNOCKOUT)[0] == "Pot: 2 chips"


def test_calls_are_drawn_as_declared_in_the_players_card_style() -> None:
    calls = CallStyle(words={"pass": "pass"}, suits=True, cards=True)
    assert call_text("6C", STYLE, calls).plain == "6♣"
    assert call_text("6C", CardStyle(ascii=True), calls).plain == "6C"
    assert call_text("give KH QS", STYLE, calls).plain == "give K♥ Q♠"
    assert call_text("6C", STYLE).plain == "6C"  # nothing declared: as it is
    red = call_text("7H", STYLE, calls)
    assert any("red" in str(span.style) for span in red.spans)


def test_legal_calls_use_the_declared_call_style() -> None:
    from openwhist_israeli.actions import PASS, parse_call

    calls = CallStyle(suits=True)
    shown = legal_text([PASS, parse_call("6C")], STYLE, calls=calls)
    assert shown.plain == "pass  6♣"


UNDER_TRICK = FactPlace.UNDER_TRICK


def test_under_the_trick_facts_and_the_after_trick_hook_see_public_facts_only() -> None:
    seen: list[PlayerView] = []

    def hook(v: PlayerView, trick: TrickRecord) -> list[Note]:
        seen.append(v)
        message = Message("{who} keeps {card}", {"who": trick.winner, "card": 0}, cards=("card",))
        return [Note(message, seats=("who",))]

    presentation = Presentation(
        public=(
            Fact("bonus", FactKind.NUMBER, "{winner} earns {bonus}", place=FactPlace.UNDER_TRICK),
        ),
        private=(Fact("secret", FactKind.CARDS, place=FactPlace.HIDDEN),),
        after_trick=hook,
    )
    trick = TrickRecord(leader=0, cards=(0, 1, 2), winner=1, seats=(0, 1, 2))
    v = view({"bonus": 2}, {"secret": 5})
    texts = [t.plain for t in after_trick_text(v, trick, NAMES, STYLE, presentation)]
    assert texts == ["Bob earns 2", "Bob keeps 2♣"]
    assert seen[0].private == {}  # shown to every seat: the hook never sees private facts
    # Under-the-trick facts are not header lines.
    assert lines(v, presentation) == []


def test_the_table_shows_the_declared_lines() -> None:
    from openwhist_cli.render import table

    console = Console(width=100, no_color=True, record=True)
    console.print(table(view({"pot": 4}), NAMES, STYLE, title="Knockout", presentation=KNOCKOUT))
    assert "Pot: 4 chips" in console.export_text()


def test_the_standard_turn_up_is_declared_by_the_core_for_every_variant() -> None:
    from openwhist import Variant

    plain = Variant(name="plain", title="Plain", description="d", seat_names=("A", "B", "C"),
                    rules=object())  # fmt: skip
    presentation = plain.match_presentation()
    assert lines(view({"turn_up": "AS"}), presentation) == ["Turned-up trump card: A♠"]
