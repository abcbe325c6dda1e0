"""A golden playthrough: a seeded Israeli Whist match as a readable transcript.

The transcript (``playthroughs/israeli_match_seed_11.txt``) shows every deal: the hands, each
auction call, every Frisch (all selections: the transcript is the omniscient record, not a
seat's view), the hands after the exchange, the contracts with the forbidden value, every
trick, and the explained score lines with the running totals. The test regenerates it and
compares it with the file, so any change in the rules shows up as a readable diff. After an
intended change, regenerate with
``OPENWHIST_REGENERATE=1 pytest plugins/israeli/tests/test_playthrough.py`` and review the diff.
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path
from typing import Any

import pytest
from openwhist import CHANCE, TERMINAL, Deal, DealState, Engine, card_name, cards_of
from openwhist_israeli import ISRAELI, Bid, Contract, FrischSelection, Pass, PassingRandomBot
from openwhist_israeli.rules import frisch_step

SEED = 11
DEALS = 4
GOLDEN = Path(__file__).parent / "playthroughs" / f"israeli_match_seed_{SEED}.txt"
NAMES = ("N", "E", "S", "W")
DIRECTIONS = {1: "to the left", 2: "across", 3: "to the right"}
SUITS = (("S", 3), ("H", 2), ("D", 1), ("C", 0))


def hand_text(mask: int) -> str:
    parts = []
    for letter, suit in SUITS:
        ranks = [card_name(c)[0] for c in reversed(cards_of(mask)) if c // 13 == suit]
        parts.append(f"{letter}: {' '.join(ranks) or '-'}")
    return "  ".join(parts)


def hands_block(state: DealState[Any], title: str) -> list[str]:
    out = [f"  {title}"]
    out.extend(f"    {NAMES[s]}  {hand_text(state.hands[s])}" for s in range(4))
    return out


def transcript() -> str:
    rng = random.Random(SEED)
    bot = PassingRandomBot(rng)
    engine = Engine(ISRAELI, {"match": f"fixed_deals:{DEALS}"})
    progress = engine.start_match(first_dealer=0)
    out = [
        f"Israeli Whist: a match of {DEALS} deals, seed {SEED}, the israeli-random bot "
        "(passes 3 calls in 4) in every seat",
        "Options: defaults (min_bid 5, three passes end the auction, Frisch 3 cards to the "
        "left, at most 3), match=fixed_deals:4",
    ]
    while not progress.finished:
        state = engine.next_deal(progress)
        out.append("")
        out.append(f"== Deal {progress.deals + 1}: dealer {NAMES[state.dealer]}")
        line: list[str] = []
        while state.to_act != TERMINAL:
            seat = state.to_act
            phase = state.phase
            if seat == CHANCE:
                action: Any = engine.sample_chance(state, rng)
            else:
                action = bot.pick(engine.legal_actions(state))
            before = state
            state = engine.apply(state, action)
            if isinstance(action, Deal):
                if before.extra.redeals:
                    out.append(f"  Redeal {before.extra.redeals} by the same dealer")
                out.extend(hands_block(state, "Hands:"))
            elif isinstance(action, (Pass, Bid)):
                if not before.extra.calls:
                    line = []
                line.append(f"{NAMES[seat]} {action.notation()}")
                if state.phase != phase:
                    if state.phase == "contracts":
                        bid = Bid(state.extra.bid // 5, state.extra.bid % 5)
                        end = f"{NAMES[state.extra.declarer]} declares {bid.describe()}"
                    elif state.phase == "frisch":
                        end = "all passed: Frisch"
                    else:
                        end = "passed out again: the deal is cancelled"
                    out.append(f"  Auction (minimum {before.extra.min_bid}): {', '.join(line)}")
                    out.append(f"    -> {end}")
            elif isinstance(action, FrischSelection):
                if state.phase == "auction":  # the fourth selection: the exchange happened
                    rnd = state.extra.frisch
                    step = frisch_step(engine.options, rnd - 1)
                    gives = state.extra.given[-1]
                    out.append(f"  Frisch {rnd} ({DIRECTIONS[step]}):")
                    for giver in range(4):
                        names = " ".join(card_name(c) for c in cards_of(gives[giver]))
                        out.append(
                            f"    {NAMES[giver]} gives {names} to {NAMES[(giver + step) % 4]}"
                        )
                    out.extend(hands_block(state, "Hands after the exchange:"))
            elif isinstance(action, Contract):
                contracts = state.extra.contracts
                if min(contracts) >= 0:
                    order = [(state.extra.declarer + i) % 4 for i in range(4)]
                    total = sum(contracts)
                    kind = "over" if total > 13 else "under"
                    out.append(
                        "  Contracts: "
                        + ", ".join(f"{NAMES[s]} {contracts[s]}" for s in order)
                        + f" (total {total}: {kind})"
                    )
                    out.append(f"  {NAMES[state.to_act]} leads")
            elif state.completed and len(state.completed) > len(before.completed):
                trick = state.completed[-1]
                plays = ", ".join(
                    f"{NAMES[(trick.leader + i) % 4]} {card_name(c)}"
                    for i, c in enumerate(trick.cards)
                )
                out.append(f"  Trick {len(state.completed):2}: {plays} -> {NAMES[trick.winner]}")
        score = engine.score(state)
        out.append("  Tricks: " + ", ".join(f"{NAMES[s]} {state.tricks[s]}" for s in range(4)))
        for score_line in score.lines:
            out.append(
                f"  Score: {NAMES[score_line.party]} {score_line.points:+} "
                f"{score_line.category}: {score_line.note}"
            )
        progress = engine.advance_match(progress, score)
        out.append(f"  => {progress.summary}")
    winner = "none (tie)" if progress.winner is None else NAMES[progress.winner]
    out.append("")
    out.append(f"Match winner: {winner}")
    return "\n".join(out) + "\n"


def test_golden_playthrough_with_a_frisch() -> None:
    text = transcript()
    if os.environ.get("OPENWHIST_REGENERATE") == "1":
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8")
        pytest.fail(f"regenerated {GOLDEN.name}; review the diff and run the tests again")
    assert GOLDEN.exists(), f"the golden transcript {GOLDEN} is missing"
    expected = GOLDEN.read_text(encoding="utf-8")
    assert text == expected, (
        f"the seeded match no longer plays as {GOLDEN.name} records; review the difference "
        "and regenerate with OPENWHIST_REGENERATE=1 if the change is intended"
    )
    # The transcript must contain what it is for: a Frisch and a finished match.
    assert "Frisch 1 (to the left):" in text
    assert "Auction (minimum 6):" in text
    assert "Match winner:" in text


# -- an independent check of the golden transcript against docs/variants/israeli.md
# ---------------------------
#
# The comparison above only says the transcript has not changed. The check below reads the
# transcript as a referee would, with nothing from the plugin but the file: it re-derives
# every Frisch exchange, auction ending, contract total, trick winner, score line and
# running total from docs/variants/core.md §0.3 and docs/variants/israeli.md §4.2-§4.7, so a wrong
# golden file cannot be blessed.

RANKS = "23456789TJQKA"
SEAT_OF = {name: seat for seat, name in enumerate(NAMES)}
DENOMINATIONS = {"C": 0, "D": 1, "H": 2, "S": 3, "NT": None}


def parse_hand(text: str) -> set[str]:
    """``"S: A 2  H: -  D: ..."`` as a set of cards in notation (``"AS"``, ``"2S"``)."""
    hand = set()
    for part in text.split("  "):
        suit, ranks = part.split(": ")
        hand.update(rank + suit for rank in ranks.split() if rank != "-")
    return hand


def trick_winner(plays: list[tuple[int, str]], trump: str | None) -> int:
    """§0.3.4: the highest trump wins, else the highest card of the led suit; NT: no trump."""
    led = plays[0][1][1]

    def strength(card: str) -> tuple[int, int]:
        suit_rank = 2 if card[1] == trump else 1 if card[1] == led else 0
        return suit_rank, RANKS.index(card[0])

    return max(plays, key=lambda play: strength(play[1]))[0]


def expected_points(bid: int, took: int, over: bool) -> int:
    """§4.7 with the default options: b² + 10 made, −10·|t − b| missed; a zero made scores
    50 in an under deal and 25 in an over deal, a zero missed −50 + 10·(t − 1)."""
    if bid == 0:
        return (25 if over else 50) if took == 0 else -50 + 10 * (took - 1)
    return bid * bid + 10 if took == bid else -10 * abs(took - bid)


def read_hands(lines: list[str], at: int) -> dict[int, set[str]]:
    """The four ``    N  S: ...`` lines following line ``at``."""
    hands = {}
    for offset, name in enumerate(NAMES, start=1):
        label, text = lines[at + offset].strip().split("  ", 1)
        assert label == name, lines[at + offset]
        hands[SEAT_OF[name]] = parse_hand(text)
    assert sorted(c for h in hands.values() for c in h) == sorted(
        r + s for r in RANKS for s in "CDHS"
    ), "the four hands must hold the 52 cards once each"
    return hands


def check_transcript(text: str) -> int:
    """Check ``text`` against the rules; return the number of tricks checked."""
    lines = text.splitlines()
    totals = [0, 0, 0, 0]
    dealer = -1
    checked = 0
    deals = 0
    for index, line in enumerate(lines):
        if match := re.fullmatch(r"== Deal (\d+): dealer (\w)", line):
            deals += 1
            assert int(match[1]) == deals
            new_dealer = SEAT_OF[match[2]]
            # §4.2: the dealer moves one seat to the left after each deal.
            assert dealer < 0 or new_dealer == (dealer + 1) % 4, line
            dealer = new_dealer
        elif line == "  Hands:":
            hands = read_hands(lines, index)
            min_bid, frisch = 5, 0  # §4.3.3: 5 in the first auction of a deal
        elif match := re.fullmatch(r"  Auction \(minimum (\d+)\): (.*)", line):
            # §4.4: the minimum rises by one per Frisch; §4.3: eldest calls first, clockwise.
            assert int(match[1]) == min_bid, line
            calls = [call.split() for call in match[2].split(", ")]
            assert [SEAT_OF[s] for s, _ in calls] == [
                (dealer + 1 + i) % 4 for i in range(len(calls))
            ]
            high: tuple[int, int] | None = None
            high_seat = -1
            for position, (seat, call) in enumerate(calls):
                if call != "pass":
                    number = int(re.match(r"\d+", call)[0])  # type: ignore[index]
                    denomination = list(DENOMINATIONS).index(call[len(str(number)) :])
                    assert min_bid <= number <= 13, line
                    assert high is None or (number, denomination) > high, line
                    high, high_seat = (number, denomination), SEAT_OF[seat]
                    last_bid_at = position
            ending = lines[index + 1].strip()
            if high is None:
                # §4.3.6: four passes mean a Frisch; after the third, a cancelled deal (§4.4).
                assert len(calls) == 4, line
                assert ending == (
                    "-> all passed: Frisch"
                    if frisch < 3
                    else "-> passed out again: the deal is cancelled"
                ), line
            else:
                # §4.3.5: a bid followed by three passes ends the auction.
                assert len(calls) == last_bid_at + 4, line
                assert ending.startswith(f"-> {NAMES[high_seat]} declares {high[0]} "), ending
                declarer, bid_number = high_seat, high[0]
                trump = "CDHS"[high[1]] if high[1] < 4 else None
        elif match := re.fullmatch(r"  Frisch (\d+) \(to the left\):", line):
            # §4.4: each gives three cards face down to the player on the left.
            frisch += 1
            assert int(match[1]) == frisch <= 3
            moved = {seat: set(hand) for seat, hand in hands.items()}
            for offset in range(1, 5):
                gives = re.fullmatch(r"    (\w) gives (.*) to (\w)", lines[index + offset])
                assert gives, lines[index + offset]
                giver, receiver = SEAT_OF[gives[1]], SEAT_OF[gives[3]]
                cards = set(gives[2].split())
                assert receiver == (giver + 1) % 4
                assert len(cards) == 3
                assert cards <= hands[giver], lines[index + offset]
                moved[giver] -= cards
                moved[receiver] |= cards
            assert lines[index + 5] == "  Hands after the exchange:"
            assert read_hands(lines, index + 5) == moved
            hands = moved
            min_bid += 1
        elif match := re.fullmatch(r"  Contracts: (.*) \(total (\d+): (over|under)\)", line):
            # §4.5: declarer first, clockwise; declarer ≥ his bid; the total is never 13.
            entries = [entry.split() for entry in match[1].split(", ")]
            order = [SEAT_OF[s] for s, _ in entries]
            assert order == [(declarer + i) % 4 for i in range(4)], line
            contracts = {SEAT_OF[s]: int(n) for s, n in entries}
            assert bid_number <= contracts[declarer] <= 13
            total = sum(contracts.values())
            assert int(match[2]) == total != 13
            over = total > 13
            assert match[3] == ("over" if over else "under")
            # §4.6: the declarer leads to the first trick.
            assert lines[index + 1] == f"  {NAMES[declarer]} leads"
            leader = declarer
            tricks = [0, 0, 0, 0]
        elif match := re.fullmatch(r"  Trick +(\d+): (.*) -> (\w)", line):
            plays = [(SEAT_OF[s], c) for s, c in (p.split() for p in match[2].split(", "))]
            assert [s for s, _ in plays] == [(leader + i) % 4 for i in range(4)], line
            led = plays[0][1][1]
            for seat, card in plays:
                assert card in hands[seat], line
                # §0.3.3: follow suit when able.
                assert card[1] == led or all(c[1] != led for c in hands[seat]), line
                hands[seat].discard(card)
            winner = trick_winner(plays, trump)
            assert SEAT_OF[match[3]] == winner, line
            tricks[winner] += 1
            leader = winner
            checked += 1
        elif line.startswith("  Tricks: "):
            assert all(not hand for hand in hands.values())
            assert line == "  Tricks: " + ", ".join(f"{NAMES[s]} {tricks[s]}" for s in range(4))
            for seat in range(4):
                points = expected_points(contracts[seat], tricks[seat], over)
                score = re.fullmatch(r"  Score: (\w) ([+-]\d+) (\w+): .*", lines[index + 1 + seat])
                assert score, lines[index + 1 + seat]
                assert (SEAT_OF[score[1]], int(score[2])) == (seat, points), score[0]
                assert score[3] == ("zero_bid" if contracts[seat] == 0 else "contract")
                totals[seat] += points
        elif line.startswith("  => "):
            assert line.startswith(
                "  => " + ", ".join(f"{NAMES[s]} {totals[s]}" for s in range(4))
            ), (line, totals)
        elif line.startswith("Match winner: "):
            # §4.9 / docs: the highest total wins; none if the top is shared.
            best = [s for s in range(4) if totals[s] == max(totals)]
            assert line == f"Match winner: {NAMES[best[0]] if len(best) == 1 else 'none (tie)'}"
    assert deals == DEALS
    return checked


def test_golden_transcript_follows_the_rules() -> None:
    """Every trick, exchange, contract and score of the golden file re-derived from
    docs/variants/israeli.md."""
    assert check_transcript(GOLDEN.read_text(encoding="utf-8")) == 13 * DEALS


@pytest.mark.parametrize(
    ("right", "wrong"),
    [
        ("  Trick  1: W KS, N 2S, E 5S, S 8S -> W", "  Trick  1: W KS, N 2S, E 5S, S 8S -> N"),
        ("  Score: E +59 contract", "  Score: E +49 contract"),
        ("  Score: N -30 zero_bid", "  Score: N -40 zero_bid"),
        ("    N gives 5C 2D 9S to E", "    N gives 5C 2D 9S to S"),
        ("  Contracts: W 10, N 0, E 1, S 10 (total 21: over)",
         "  Contracts: W 10, N 0, E 1, S 10 (total 21: under)"),
        ("Match winner: E", "Match winner: N"),
    ],
)  # fmt: skip
def test_transcript_check_catches_a_broken_line(right: str, wrong: str) -> None:
    """The referee above is not vacuous: one wrong winner, score, exchange, deal type or
    match winner in the transcript fails it."""
    text = GOLDEN.read_text(encoding="utf-8")
    assert right in text
    with pytest.raises(AssertionError):
        check_transcript(text.replace(right, wrong, 1))
