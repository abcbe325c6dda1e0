"""`openwhist.game.messages.Message`: plugin text that players read in their own language."""

from __future__ import annotations

import gettext
from typing import ClassVar

import pytest
from openwhist import Category, MatchProgress, Message, ScoreLine, join_messages
from openwhist.game.cards import card_name, parse_card


class _Spanish(gettext.NullTranslations):
    """A tiny catalogue, as a plugin's ``messages.mo`` would give."""

    TEXT: ClassVar[dict[str, str]] = {
        "{count} revoke x {fine}": "{count} renuncia x {fine}",
        "{seat} does not hold {card}": "{seat} no tiene {card}",
        "one deal": "una mano",
        "{summary}: tied": "{summary}: empate",
    }
    PLURAL: ClassVar[dict[str, str]] = {"{count} revoke x {fine}": "{count} renuncias x {fine}"}

    def gettext(self, message: str) -> str:
        return self.TEXT.get(message, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        if singular in self.TEXT:
            return self.TEXT[singular] if n == 1 else self.PLURAL[singular]
        return singular if n == 1 else plural


def _revokes(count: int) -> Message:
    return Message(
        "{count} revoke x {fine}",
        {"count": count, "fine": 10},
        plural="{count} revokes x {fine}",
        count_name="count",
    )


def test_a_message_renders_in_english_without_a_catalogue() -> None:
    assert _revokes(1).render() == "1 revoke x 10"
    assert _revokes(3).render() == "3 revokes x 10"


def test_a_message_translates_its_template_and_plural_form() -> None:
    assert _revokes(1).render(translations=_Spanish()) == "1 renuncia x 10"
    assert _revokes(2).render(translations=_Spanish()) == "2 renuncias x 10"


def test_cards_are_drawn_by_the_interface_and_nested_messages_are_translated() -> None:
    card = parse_card("QH")
    held = Message("{seat} does not hold {card}", {"seat": "B", "card": card}, cards=("card",))
    assert held.render() == "B does not hold Q♥"
    assert held.render(card_name) == "B does not hold QH"
    nested = Message("{summary}: tied", {"summary": Message("one deal")})
    assert nested.render(translations=_Spanish()) == "una mano: empate"


def test_floats_show_one_decimal_or_the_interfaces_format() -> None:
    average = Message("{tricks} tricks on average", {"tricks": 6.4567})
    assert average.render() == "6.5 tricks on average"
    assert average.render(number=lambda x: f"{x:.2f}".replace(".", ",")) == (
        "6,46 tricks on average"
    )


def test_a_missing_value_is_an_error_not_a_silent_gap() -> None:
    with pytest.raises(KeyError):
        Message("{tricks} tricks", {}).render()


def test_messages_round_trip_through_json() -> None:
    message = join_messages(
        "; ",
        [_revokes(2), Message("{seat} holds {card}", {"seat": "N", "card": 5}, cards=("card",))],
    )
    again = Message.from_dict(message.as_dict())
    assert again == message
    assert again.render() == "2 revokes x 10; N holds 7♣"
    with pytest.raises(TypeError):
        Message.from_dict({"text": "{x}", "values": {"x": [1, 2]}})


def test_a_score_line_keeps_its_english_note_and_its_message() -> None:
    line = ScoreLine.explained(1, Category.PENALTY, -20, _revokes(2))
    assert line.note == "2 revokes x 10"  # what records and the ledger store
    assert line.message == _revokes(2)
    assert ScoreLine.from_dict(line.as_dict()).message == _revokes(2)
    # The message is a presentation of the note: lines saying the same are equal.
    assert line == ScoreLine(1, Category.PENALTY, -20, "2 revokes x 10")


def test_a_match_summary_survives_a_resume_with_its_message() -> None:
    progress = MatchProgress(
        parties=("A", "B"),
        deals=0,
        dealer=0,
        totals=(0, 0),
        **MatchProgress.summarised(Message("one deal")),
    )
    assert progress.summary == "one deal"
    again = MatchProgress.from_dict(progress.as_dict())
    assert again.summary_message == Message("one deal")
    assert again.summary_message.render(translations=_Spanish()) == "una mano"
