"""The table a card player reads: the compass of the seats (partner opposite, dealer and
leader marked, each card where its seat sits) for 2, 3 and 4 seats and a list beyond; the
scoring parties by the players' names; "Tricks won" per side, counting only the tricks the
variant declares counting (`Presentation.counted_tricks`); the match score on the table.
All on hand-built views: the CLI knows no variant."""

from __future__ import annotations

from typing import Any

import pytest
from openwhist import (
    MatchProgress,
    Message,
    PlayerView,
    Presentation,
    TrickCount,
    TrickRecord,
    parse_card,
)
from openwhist_cli import i18n
from openwhist_cli.render import (
    CardStyle,
    compass,
    named,
    party_labels,
    progress_text,
    tricks_won_text,
)
from rich.cells import cell_len

STYLE = CardStyle()
NAMES4 = ["Ann", "Bob", "Cy", "Dan"]


@pytest.fixture(autouse=True)
def english() -> Any:
    i18n.setup("en")
    yield
    i18n.setup("en")


def view(seats: int, *, seat: int = 0, trick: tuple[str, ...] = (), leader: int = 1,
         dealer: int = 3, tricks: tuple[int, ...] | None = None,
         completed: tuple[TrickRecord, ...] = ()) -> PlayerView:  # fmt: skip
    return PlayerView(
        seat=seat,
        seats=seats,
        dealer=dealer % seats,
        phase="play",
        to_act=(leader + len(trick)) % seats,
        hand=0,
        hand_sizes=(0,) * seats,
        trump=0,
        leader=leader % seats,
        trick=tuple(parse_card(c) for c in trick),
        tricks=tricks or (0,) * seats,
        completed=completed,
        history=(),
    )


def test_four_seats_sit_around_the_compass_partner_opposite_each_card_at_its_seat() -> None:
    # Bob (seat 1) led the 5 of clubs, Cy (2, the partner) played the queen.
    lines = [t.plain for t in compass(view(4, trick=("5C", "QC")), NAMES4, STYLE, ((0, 2), (1, 3)))]
    assert len(lines) == 5
    top, top_card, middle, bottom_card, bottom = lines
    assert top.strip() == "Cy (partner)"
    assert top_card.strip() == "Q♣"
    # Play goes clockwise: the seat after the player sits on the left.
    assert middle.startswith("Bob (led)  5♣")
    assert middle.rstrip().endswith("Dan (dealer)")
    assert bottom_card.strip() == ""
    assert bottom.strip() == "Ann (you)"
    assert all(cell_len(line) <= 80 for line in lines)


def test_two_seats_face_each_other_and_the_leader_to_play_is_marked() -> None:
    lines = [t.plain.strip() for t in compass(view(2, leader=0, dealer=1), ["Ann", "Bob"], STYLE)]
    assert lines == ["Bob (dealer)", "", "", "Ann (you, to lead)"]


def test_three_seats_left_right_and_bottom() -> None:
    lines = [
        t.plain for t in compass(view(3, trick=("2H",), leader=2), ["Ann", "Bob", "Cy"], STYLE)
    ]
    assert len(lines) == 3
    assert lines[0].startswith("Bob")
    assert lines[0].rstrip().endswith("2♥  Cy (led)")


@pytest.mark.parametrize("seats", [5, 6, 7])
def test_more_seats_than_a_compass_holds_are_listed_in_play_order(seats: int) -> None:
    names = [f"P{i}" for i in range(seats)]
    lines = [
        t.plain.strip()
        for t in compass(view(seats, seat=2, trick=("AS",), leader=3, dealer=1), names, STYLE)
    ]
    assert len(lines) == seats
    assert lines[0] == "P2 (you)"
    assert lines[1] == "P3 (led): A♠"


def test_parties_read_as_the_players_names() -> None:
    assert party_labels(("A", "B"), ["Ann", "Bob"]) == ["Ann", "Bob"]
    sides = ((0, 2), (1, 3))
    assert party_labels(("NS", "EW"), NAMES4, sides) == ["Ann & Cy", "Bob & Dan"]
    # Players named by their seats keep the variant's name of the side.
    assert party_labels(("NS", "EW"), ["N", "E", "S", "W"], sides) == ["NS", "EW"]
    message = Message("{winner} wins {score}", {"winner": "A", "score": "7-6"})
    assert named(message, ("A", "B"), ["Ann", "Bob"]).render() == "Ann wins 7-6"


def test_the_score_line_names_the_players() -> None:
    progress = MatchProgress(
        parties=("A", "B"),
        deals=1,
        dealer=1,
        totals=(1, 0),
        **MatchProgress.summarised(Message("{p} leads", {"p": "A"})),
    )
    assert progress_text(progress, ["Ann", "Bob"]).plain == "Score: Ann 1  Bob 0   (Ann leads)"


def test_tricks_won_per_side_and_only_those_that_count() -> None:
    sides = ((0, 2), (1, 3))
    v = view(4, tricks=(2, 1, 3, 0))
    assert tricks_won_text(v, NAMES4, None, sides).plain == "Tricks won: Ann & Cy 5  Bob & Dan 1"

    def last_only(seen: PlayerView) -> TrickCount:
        counts = [0] * seen.seats
        for trick in seen.completed[1:]:
            counts[trick.winner] += 1
        return TrickCount(tuple(counts), Message("only the last tricks count"))

    counting = Presentation(counted_tricks=last_only)
    tricks = tuple(TrickRecord(0, (0, 1), w, (0, 1)) for w in (0, 1, 1))
    two = view(2, tricks=(1, 2), completed=tricks)
    text = tricks_won_text(two, ["Ann", "Bob"], counting).plain
    assert text == "Tricks won: Ann 0  Bob 2   (only the last tricks count)"

    # The browser's screen reads the same count (`openwhist.services.shown.tricks_won`).
    from openwhist.services.shown import tricks_won

    won = tricks_won(two, counting)
    assert (tuple(won.counts), won.sides) == ((0, 2), None)
    assert won.note == Message("only the last tricks count")
    assert tricks_won(v, Presentation(), sides).sides == (5, 1)


def test_a_bid_in_a_rules_message_is_drawn_with_its_suit_symbol() -> None:
    from openwhist import CallStyle
    from openwhist_cli.render import message_text

    reason = Message("not higher than {high} ({by}'s bid)", {"high": "5S", "by": "S"})
    calls = CallStyle(words={"pass": "pass"}, suits=True)
    assert message_text(reason, STYLE, calls).plain == "not higher than 5♠ (S's bid)"
    assert message_text(reason, STYLE).plain == "not higher than 5S (S's bid)"
