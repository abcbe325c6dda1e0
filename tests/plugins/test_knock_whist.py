"""Seats per match and who played each card, shown by a variant written from the docs
(issue 12, deliverable 3 and "Done when").

Knock Whist (tests/plugins/fakeplugins/owfake_knockwhist.py) is played by 3 to 7 players;
the eldest hand names trump; a player may knock instead of playing to a trick; a player who
takes no trick in a deal is knocked out of the match. So a trick's seats are not "every
seat clockwise from the leader": the terminal once printed ``Trick 1: D A♠ E 6♠ Ann 4♠
B 9♠`` when D, E, B and C played those cards.

* each rule on a hand-built deal: a seat out of the match, a knock, a knock that ends the
  trick, a refused seat count;
* whole matches at every count through ``whist play``, ``simulate``, ``arena`` and the
  conformance kit; the name beside every trick card is the seat that played it;
* the count is part of the match: game records, the ledger, export and replay;
* what it declares reaches every screen: its facts labelled at the table, its sheet in
  ``whist scores``, its statistic in ``standings`` and ``arena``, and the whole kit
  (presentation checks included) over whole matches.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from openwhist import (
    PLAYS,
    Deal,
    Engine,
    IllegalActionError,
    MatchProgress,
    OptionsError,
    PlayerView,
    TrickRecord,
    card_name,
    parse_card,
)
from openwhist.game.deal import LiveDeal
from openwhist.game.errors import SeatCountError
from openwhist.records import load_record, replay_record
from openwhist.testing.conformance import check_match
from openwhist_cli import runtime
from openwhist_cli.app import app
from typer.testing import CliRunner

FAKE = Path(__file__).parent / "fakeplugins"
A, B, C, D, E = range(5)


@pytest.fixture
def knock(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """``whist`` with the installed plugins and owfake_knockwhist."""
    monkeypatch.syspath_prepend(str(FAKE))
    import owfake_knockwhist

    monkeypatch.setattr(runtime, "catalog_loader", owfake_knockwhist.catalog)
    return owfake_knockwhist


def _invoke(*args: str, input: str | None = None, db: Path | None = None) -> Any:
    env = {"NO_COLOR": "1", "OPENWHIST_LANG": "en", "OPENWHIST_PAUSE": "0"}
    if db is not None:
        env["OPENWHIST_DB"] = str(db)
    return CliRunner().invoke(app, list(args), input=input, env=env)


# -- a hand-built deal ---------------------------------------------------------------------


def _cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def _issue_deal(knock: ModuleType) -> tuple[Engine, Any]:
    """Five players, Ann (seat A) knocked out of the match in an earlier deal, C deals: D,
    E, B and C are dealt seven cards each (one at a time from D) and D names hearts."""
    engine = Engine(knock.KNOCK_WHIST, seats=5)
    progress = MatchProgress(
        parties=engine.seat_names, deals=1, dealer=C, totals=(0,) * 5, detail={"out": [A]}
    )
    state = engine.start_deal(dealer=C, number=2, progress=progress)
    hands = {
        D: _cards("AS KS 2H 3H 4H 5H 6H"),
        E: _cards("6S 5S 7H 8H 9H TH JH"),
        B: _cards("4S 3S 2C 3C 4C 5C 6C"),
        C: _cards("9S 8S 7C 8C 9C TC JC"),
    }
    order = [hands[seat][i] for i in range(7) for seat in (D, E, B, C)]
    order += [c for c in range(52) if c not in order]
    state = engine.apply(state, Deal(tuple(order)))
    assert state.phase == knock.PHASE_TRUMP
    assert state.to_act == D
    state = engine.apply(state, knock.TRUMPS[2])  # D names hearts
    return engine, state


def _play(engine: Engine, state: Any, *moves: str) -> Any:
    for move in moves:
        state = engine.apply(state, engine.parse_action(state, move))
    return state


def test_hook_whist_trick_order_leaves_out_a_seat_knocked_out_of_the_match(
    knock: ModuleType,
) -> None:
    engine, state = _issue_deal(knock)
    assert state.trick_order == (D, E, B, C)  # Ann is out: dealt nothing, skipped
    state = _play(engine, state, "AS", "6S", "4S", "9S")
    assert state.completed[0] == TrickRecord(D, tuple(_cards("AS 6S 4S 9S")), D, (D, E, B, C))
    assert state.hands[A] == 0
    assert state.to_act == D


def test_the_terminal_names_the_seat_that_played_each_card(knock: ModuleType) -> None:
    """The issue's bug: the trick was printed as ``D A♠ E 6♠ Ann 4♠ B 9♠``."""
    from openwhist_cli.render import CardStyle, completed_trick_text, trick_text

    engine, state = _issue_deal(knock)
    names = ["Ann", "B", "C", "D", "E"]
    half = _play(engine, state, "AS", "6S", "4S")
    view = engine.observe(half, C)
    assert view.trick_seats == (D, E, B)
    assert trick_text(view.trick_seats, view.trick, names, CardStyle()).plain == (
        "D A♠   E 6♠   B 4♠"
    )
    done = _play(engine, half, "9S")
    line = completed_trick_text(1, done.completed[0], names, CardStyle())
    assert line.plain == "Trick 1: D A♠   E 6♠   B 4♠   C 9♠  → D wins the trick"


def test_hook_whist_trick_actions_offer_a_knock_to_a_seat_that_did_not_lead(
    knock: ModuleType,
) -> None:
    engine, state = _issue_deal(knock)
    assert knock.KNOCK not in engine.legal_actions(state)  # D leads: no knock
    after_lead = _play(engine, state, "AS")
    legal = engine.legal_actions(after_lead)
    assert legal[-1] == knock.KNOCK
    assert PLAYS[parse_card("6S")] in legal
    used = _play(engine, after_lead, "knock", "4S", "9S", "KS")
    # E knocked in trick 1 (one knock per deal): in trick 2 it can only play.
    assert used.to_act == E
    assert knock.KNOCK not in engine.legal_actions(used)
    with pytest.raises(IllegalActionError, match=r"legal: 5S 6S$"):
        engine.apply(used, knock.KNOCK)


def test_hook_whist_apply_trick_action_leaves_the_seat_out_of_the_trick(
    knock: ModuleType,
) -> None:
    engine, state = _issue_deal(knock)
    state = _play(engine, state, "AS", "knock")
    assert state.trick_order == (D, B, C)
    assert state.to_act == B
    assert state.extra.knocks == (0, 0, 0, 0, 1)
    state = _play(engine, state, "4S", "9S")
    record = state.completed[0]
    assert record.seats == (D, B, C)
    assert record.cards == tuple(_cards("AS 4S 9S"))
    assert state.hands[E].bit_count() == 7  # E kept its cards
    assert engine.observe(state, A).public["knocks"] == [0, 0, 0, 0, 1]


def test_a_knock_by_the_last_seat_of_the_trick_completes_it(knock: ModuleType) -> None:
    engine, state = _issue_deal(knock)
    # C knocks last: the trick is D, E, B's; the highest spade, D's ace, wins it.
    state = _play(engine, state, "AS", "6S", "4S", "knock")
    assert state.completed[0].seats == (D, E, B)
    assert state.completed[0].winner == D
    assert state.to_act == D
    assert state.trick == ()
    assert state.trick_order == (D, E, B, C)


def test_the_deal_in_play_agrees_with_the_pure_api_and_takes_a_knock_back(
    knock: ModuleType,
) -> None:
    engine, state = _issue_deal(knock)
    live = LiveDeal(engine, state)
    pure = state
    for move in ("AS", "knock", "4S", "9S", "KS", "5S", "3S", "knock"):
        action = engine.parse_action(pure, move)
        assert live.legal_actions() == engine.legal_actions(pure)
        live.push(action)
        pure = engine.apply(pure, action)
        assert live.snapshot() == pure
    assert [r.seats for r in pure.completed] == [(D, B, C), (D, E, B)]
    for _ in range(8):
        live.pop()
    assert live.snapshot() == state


def test_a_seat_count_the_variant_does_not_allow_is_refused(knock: ModuleType) -> None:
    with pytest.raises(SeatCountError) as refused:
        Engine(knock.KNOCK_WHIST, seats=8)
    assert str(refused.value) == "knock-whist is played by 3-7 players, not 8"
    assert refused.value.allowed == (3, 4, 5, 6, 7)
    assert isinstance(refused.value, OptionsError)  # refused as a bad option is


# -- whole matches -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_whole_matches_pass_the_conformance_kit_at_every_count(
    knock: ModuleType, players: int
) -> None:
    report = check_match(knock.KNOCK_WHIST, seats=players, matches=4, seed=players)
    assert report.matches == 4
    assert report.deals == 12


_PLAYS = re.compile(r"^(\w+) plays (\S+)$")
_TRICK = re.compile(r"^Trick (\d+): (.*?)  → (\w+) wins the trick$")


def _check_trick_lines(output: str) -> tuple[int, int]:
    """Every ``Trick N:`` line names, beside each card, the seat the table said played it
    (the ``X plays CARD`` lines since the last trick). Returns (tricks, short tricks)."""
    played: list[tuple[str, str]] = []
    tricks = short = 0
    seats = set()
    previous = ""
    for line in output.splitlines():
        line = line.strip()
        if found := _PLAYS.match(line):
            played.append((found.group(1), found.group(2)))
            seats.add(found.group(1))
            continue
        if line == previous:
            continue  # the last trick shown again (the `last` command)
        if found := _TRICK.match(line):
            previous = line
            shown = [tuple(pair.split(" ")) for pair in found.group(2).split("   ")]
            assert shown == played, line
            tricks += 1
            short += len(shown) < len(seats)
            played = []
    return tricks, short


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_whist_play_seats_the_count_and_names_every_trick_card(
    knock: ModuleType, players: int, tmp_path: Path
) -> None:
    records = tmp_path / "match.jsonl"
    seats = [f"--seat={name}=bot:random" for name in "ABCDEFG"[:players]]
    played = _invoke(
        "play", "knock-whist", "--players", str(players), *seats, "--seed", str(players),
        "--no-ledger", "--records", str(records),
    )  # fmt: skip
    assert played.exit_code == 0, played.output
    tricks, short = _check_trick_lines(played.output)
    assert tricks >= 7 * 3
    assert short > 0
    record = load_record(records.read_text(encoding="utf-8"))
    assert len(record.players) == players
    assert record.model_dump().get("seats") == (None if players == 4 else players)
    replay = replay_record(record, knock.catalog())
    assert replay.engine.seats == players
    assert replay.progress.finished


def test_the_last_command_names_the_seats_that_played(knock: ModuleType) -> None:
    seats = [f"--seat={name}=bot:random" for name in "BCDE"]
    # At each of A's turns: show the last trick, then try every card (those A may not
    # play are refused and asked again) -- and name clubs when A has to call trump.
    every_card = "".join(f"{card_name(c)}\n" for c in range(52))
    answers = ("last\n" + every_card + "trump C\n") * 12
    played = _invoke(
        "play", "knock-whist", "--players", "5", *seats, "--seed", "11", "--no-ledger",
        "--deals", "1", input=answers,
    )  # fmt: skip
    assert played.exit_code == 0, played.output
    lines = [line.strip() for line in played.output.splitlines()]
    shown = [line for line in lines if line.startswith("Trick ")]
    # Each trick is printed when it ends and again by `last`: identical lines, and each
    # names the players the table announced.
    assert len(shown) > len(set(shown))
    tricks, _ = _check_trick_lines("\n".join(lines))
    assert tricks >= 7


@pytest.mark.parametrize("players", [3, 5, 7])
def test_whist_simulate_and_arena_play_every_count(knock: ModuleType, players: int) -> None:
    simulated = _invoke(
        "simulate", "knock-whist", "--players", str(players), "--deals", "6", "--seed", "2",
        "--json",
    )  # fmt: skip
    assert simulated.exit_code == 0, simulated.output
    summary = json.loads(simulated.stdout)
    assert summary["seats"] == list("ABCDEFG"[:players])
    assert summary["deals"] == 6
    arena = _invoke(
        "arena", "knock-whist", "--players", str(players), "--bots", "random,random",
        "--deals", "4", "--seed", "2", "--workers", "1", "--json",
    )  # fmt: skip
    assert arena.exit_code == 0, arena.output
    result = json.loads(arena.stdout)
    assert list(result["seats"]) == list("ABCDEFG"[:players])


@pytest.mark.parametrize(
    "command",
    [
        ["play", "knock-whist", "--no-ledger"],
        ["simulate", "knock-whist", "--deals", "1"],
        ["arena", "knock-whist", "--bots", "random,random", "--workers", "1"],
        ["record", "start", "knock-whist", "-p", "a", "-p", "b"],
    ],
)
def test_a_count_the_variant_does_not_seat_is_refused_with_exit_code_2(
    knock: ModuleType, command: list[str], tmp_path: Path
) -> None:
    refused = _invoke(*command, "--players", "2", db=tmp_path / "ledger.sqlite3")
    assert refused.exit_code == 2, refused.output
    assert "error: Knock Whist is played by 3-7 players, not 2" in refused.output
    assert "Traceback" not in refused.output


def test_german_whist_refuses_a_third_player(tmp_path: Path) -> None:
    refused = _invoke("simulate", "german", "--players", "3", "--deals", "1")
    assert refused.exit_code == 2
    assert "error: German Whist is played by 2 players, not 3" in refused.output


# -- the count in the ledger ---------------------------------------------------------------


def test_the_ledger_keeps_the_count_and_exports_a_record_that_replays(
    knock: ModuleType, tmp_path: Path
) -> None:
    db = tmp_path / "ledger.sqlite3"
    seats = [f"--seat={name}=bot:random" for name in "ABCDEF"]
    played = _invoke(
        "play", "knock-whist", "--players", "6", *seats, "--seed", "5", "--deals", "2", db=db
    )
    assert played.exit_code == 0, played.output
    exported = _invoke("export", "1", "--format", "record", db=db)
    assert exported.exit_code == 0, exported.output
    record = load_record(exported.stdout)
    assert record.seats == 6
    assert len(record.players) == 6
    assert replay_record(record, knock.catalog()).engine.seats == 6
    checked = _invoke("ledger", "check", "--json", db=db)  # every deal replays at six seats
    assert checked.exit_code == 0, checked.output
    assert json.loads(checked.stdout)["replayed"] == 1
    resumed = _invoke("resume", "1", db=db)  # deal 3 onwards, six seats again
    assert resumed.exit_code == 0, resumed.output
    assert "Trick 1: " in resumed.output
    _check_trick_lines(resumed.output)


def test_record_start_takes_the_count_from_the_players(knock: ModuleType, tmp_path: Path) -> None:
    db = tmp_path / "ledger.sqlite3"
    started = _invoke(
        "record", "start", "knock-whist", "-p", "Ann", "-p", "Bo", "-p", "Cy", "--json", db=db
    )
    assert started.exit_code == 0, started.output
    assert [p["name"] for p in json.loads(started.stdout)["players"]] == ["Ann", "Bo", "Cy"]
    entered = _invoke("record", "deal", "1", "tricks=3,2,2", db=db)
    assert entered.exit_code == 0, entered.output
    mismatch = _invoke(
        "record", "start", "knock-whist", "--players", "4", "-p", "Ann", "-p", "Bo", "-p", "Cy",
        db=db,
    )  # fmt: skip
    assert mismatch.exit_code == 2
    assert "--players 4, but 3 players are named" in mismatch.output


def test_whist_variants_lists_the_counts_a_variant_is_played_by(knock: ModuleType) -> None:
    listing = {item["name"]: item for item in json.loads(_invoke("variants", "--json").stdout)}
    item = listing["knock-whist"]
    assert item["players"] == 4
    assert item["seat_counts"]["3"] == ["A", "B", "C"]
    assert sorted(item["seat_counts"]) == ["3", "4", "5", "6", "7"]
    assert listing["german"]["seat_counts"] == {"2": ["A", "B"]}
    text = _invoke("variants").stdout
    assert "knock-whist -- Knock Whist, 3-7 players (--players N, default 4)," in text
    assert "german (also: german-whist) -- German Whist, 2 players," in text


# -- what it declares: the table, the sheet, the statistic ---------------------------------


def test_the_table_shows_its_declared_facts_with_their_labels(knock: ModuleType) -> None:
    seats = [f"--seat={name}=bot:random" for name in "BCDE"]
    every_card = "".join(f"{card_name(c)}\n" for c in range(52))
    answers = (every_card + "trump S\nknock\n") * 12
    played = _invoke(
        "play", "knock-whist", "--players", "5", *seats, "--seed", "11", "--no-ledger",
        "--deals", "3", input=answers,
    )  # fmt: skip
    assert played.exit_code == 0, played.output
    lines = [line.strip() for line in played.output.splitlines()]
    knocks = [line for line in lines if line.startswith("Knocks: ")]
    assert knocks, played.output
    # One value per seat, by the seat's name: "Knocks: A 0  B 1  C 0  D 0  E 0".
    assert all(re.fullmatch(r"Knocks:( +[A-E] \d){5}", line) for line in knocks), knocks
    assert not any(line.startswith(("knocks:", "out:")) for line in lines)  # no raw keys
    # A knock is said as what it is, not as a call.
    assert any(re.fullmatch(r"[A-E]: knock", line) for line in lines), played.output
    assert not any("calls knock" in line for line in lines)


def test_a_seat_out_of_the_match_is_shown_by_name() -> None:
    from openwhist_cli.render import CardStyle, variant_facts

    view = PlayerView(
        seat=0, seats=5, dealer=2, phase="play", to_act=3, hand=0, hand_sizes=(0, 7, 7, 7, 7),
        trump=2, leader=3, trick=(), tricks=(0,) * 5, completed=(), history=(),
        public={"knocks": [0, 1, 0, 0, 0], "out": [0]},
    )  # fmt: skip
    import owfake_knockwhist as knock

    names = ["Ann", "Bo", "Cy", "Di", "Ed"]
    shown = [line.plain for line in variant_facts(view, names, CardStyle(), knock.PRESENTATION)]
    assert "Knocks: Ann 0  Bo 1  Cy 0  Di 0  Ed 0" in shown
    assert "Out of the match: Ann" in shown


def test_scores_standings_and_arena_report_what_it_declares(
    knock: ModuleType, tmp_path: Path
) -> None:
    db = tmp_path / "ledger.sqlite3"
    seats = [f"--seat={name}=bot:random" for name in "ABCDE"]
    played = _invoke(
        "play", "knock-whist", "--players", "5", *seats, "--seed", "3", "--deals", "3", db=db
    )
    assert played.exit_code == 0, played.output
    sheet = _invoke("scores", "1", db=db)
    assert sheet.exit_code == 0, sheet.output
    assert "knocked out" in sheet.stdout  # the declared description column
    assert "x when out of the match" in sheet.stdout
    # A deal row: the deal, who was out, then per player MARK/TRICKS POINTS, where the
    # mark is "x" for a player out of the match ("-/2 +2   x/0 .").
    rows = [re.findall(r"([x-])/(\d+)", line) for line in sheet.stdout.splitlines()]
    rows = [cells for cells in rows if len(cells) == 5]
    assert len(rows) == 3, sheet.stdout
    out_before: set[int] = set()
    for cells in rows:
        out_now = {seat for seat, (mark, _) in enumerate(cells) if mark == "x"}
        assert out_now >= out_before  # once out, out for the rest of the match
        assert all(cells[seat][1] == "0" for seat in out_now)  # and takes no trick
        out_before = out_now
    standings = _invoke("standings", "--json", db=db)
    assert standings.exit_code == 0, standings.output
    survived = {r["name"][0]: r["statistics"]["survived"] for r in json.loads(standings.stdout)}
    expected = {
        name: sum(1 for cells in rows if cells[seat][0] == "-" and int(cells[seat][1]) > 0)
        for seat, name in enumerate("ABCDE")
    }
    assert survived == expected
    assert "deals survived" in _invoke("standings", db=db).stdout
    arena = _invoke(
        "arena", "knock-whist", "--players", "5", "--bots", "random,random", "--deals", "6",
        "--seed", "2", "--workers", "1",
    )  # fmt: skip
    assert arena.exit_code == 0, arena.output
    assert "deals survived" in arena.stdout
    measured = _invoke(
        "arena", "knock-whist", "--players", "5", "--bots", "random,random", "--deals", "6",
        "--seed", "2", "--workers", "1", "--json",
    )  # fmt: skip
    rows: dict[str, str] = {}
    for line in arena.stdout.splitlines():  # each bot's row comes before the differences
        if line.strip():
            rows.setdefault(line.split()[0], line)
    for result in json.loads(measured.stdout)["results"]:
        figure = result["statistics"]["survived"]
        assert 0 <= figure["value"] <= figure["out_of"]
        assert figure["out_of"] > 0  # every entrant played deals in the match
        assert f"{figure['value']}/{figure['out_of']}" in rows[result["bot"]]


def test_whole_matches_pass_the_whole_kit_with_its_declarations(knock: ModuleType) -> None:
    from openwhist.testing.conformance import check_conformance

    for players in (3, 7):
        report = check_conformance(knock.KNOCK_WHIST, deals=12, seed=players, seats=players)
        assert report.deals >= 12


def test_a_card_is_chosen_by_its_number_while_a_knock_is_also_legal(knock: ModuleType) -> None:
    seats = [f"--seat={name}=bot:random" for name in "BCDE"]
    answers = ("1\n2\n3\n4\n5\n6\n7\ntrump S\n") * 30  # the card numbers, and trump at A's call
    played = _invoke(
        "play", "knock-whist", "--players", "5", *seats, "--seed", "11", "--no-ledger",
        "--deals", "1", input=answers,
    )  # fmt: skip
    assert played.exit_code == 0, played.output
    assert not re.search(r"'\d' is not a card", played.output)  # a number is a card's number
    assert "Knocks: " in played.output
    assert re.search(r"^A plays ", played.output, re.MULTILINE), played.output


def test_whist_review_reviews_every_seat_of_a_match_at_a_count_above_the_default(
    knock: ModuleType, tmp_path: Path
) -> None:
    """A review reads the match's seat count, not the variant's default: the sixth seat of a
    six-player match is a seat to review (Knock Whist's bots rate no cards, so it is listed
    as not rated), and a seventh is refused by name."""
    db = tmp_path / "ledger.sqlite3"
    seats = [f"--seat={name}=bot:random" for name in "ABCDEF"]
    played = _invoke(
        "play", "knock-whist", "--players", "6", *seats, "--seed", "5", "--deals", "1", db=db
    )
    assert played.exit_code == 0, played.output
    for seat in ("F", "6"):  # by name and by 1-based number
        reviewed = _invoke("review", "1", "1", "--seat", seat, "--json", db=db)
        assert reviewed.exit_code == 0, reviewed.output
        review = json.loads(reviewed.stdout)
        assert review["seats"] == [{"seat": 5, "name": "F"}]
    refused = _invoke("review", "1", "1", "--seat", "7", db=db)
    assert refused.exit_code == 2, refused.output
    assert "the seats are A, B, C, D, E, F" in refused.output
