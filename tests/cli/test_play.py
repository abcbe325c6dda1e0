"""``whist play`` by scripted input: whole deals of every built-in variant, mistakes
included; hot-seat privacy; the play service's records, undo and persistence hook."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

import pytest
from openwhist.game.engine import Engine
from openwhist.game.errors import IllegalActionError
from openwhist.plugins import Catalog, load_catalog
from openwhist.records import load_record, replay_record
from openwhist.services.play import (
    ActionPlayed,
    DealStarted,
    HumanTurn,
    MatchOver,
    Undone,
    start_session,
)
from openwhist.services.simulate import play_match
from openwhist_cli.app import app
from typer.testing import CliRunner

from tests.script_support import load_script

script_helper = load_script(Path(__file__).with_name("play_script.py"))


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


# Israeli Whist's default match is open-ended: one scored deal ends a fixed_deals:1 match.
CASES = [
    ("german", {}, {"A": "human"}, 7),
    ("english", {}, {"N": "human"}, 11),
    ("israeli", {"match": "fixed_deals:1"}, {"N": "human"}, 4),
]


def _play(runner: CliRunner, args: list[str], text: str) -> Any:
    result = runner.invoke(app, ["play", *args], input=text, env={"NO_COLOR": "1"})
    assert "Traceback" not in result.output, result.output
    return result


@pytest.mark.parametrize(("variant", "options", "seats", "seed"), CASES)
def test_a_scripted_human_plays_a_whole_deal_with_mistakes(
    catalog: Catalog,
    runner: CliRunner,
    tmp_path: Path,
    variant: str,
    options: dict[str, str],
    seats: dict[str, str],
    seed: int,
) -> None:
    names = catalog.variant(variant).seat_names
    script = script_helper.make_script(
        catalog,
        variant,
        seed=seed,
        seats={names.index(k): v for k, v in seats.items()},
        options=options,
    )
    records = tmp_path / "game.jsonl"
    args = [variant, "--seed", str(seed), "--deals", "1", "--records", str(records)]
    for key, value in options.items():
        args += ["-o", f"{key}={value}"]
    for key, value in seats.items():
        args += ["--seat", f"{key}={value}"]
    result = _play(runner, args, script.text)
    out = result.output
    assert result.exit_code == 0, out
    # Every mistake is answered with its reason and the legal choices, then re-prompted.
    assert "'zz' is not a card" in out
    # The illegal card is explained by the rules' own reason (whist_explain_illegal).
    assert "Not allowed: " in out
    assert "must follow suit" in out or "does not hold" in out or "is not legal for" in out
    assert out.count("Legal now:") >= 3  # after the typo, the illegal card, and `?`
    assert "Hint: " in out
    assert "Taken back." in out
    # The deal was played to its end and scored line by line.
    assert "Deal result" in out
    assert "Score: " in out
    # The record holds exactly the human's final moves (not the undone one) and replays.
    record = load_record(records.read_text(encoding="utf-8").splitlines()[0])
    replay_record(record, catalog)
    human = names.index(next(iter(seats)))
    assert record.players[human].kind == "human"
    deal = record.deals[0]
    assert deal.score is not None
    assert _actions_of(catalog, variant, record, human) == script.human_actions


def _actions_of(catalog: Catalog, variant: str, record: Any, seat: int) -> list[str]:
    """The actions ``seat`` made in deal 1, found by replaying the record."""
    from openwhist.game.actions import Deal

    engine = Engine(catalog.variant(variant), record.options)
    state = engine.next_deal(engine.start_match(record.first_dealer))
    mine = []
    for text in record.deals[0].actions:
        action = engine.parse_action(state, text)
        if not isinstance(action, Deal) and state.to_act == seat:
            mine.append(action.notation())
        state = engine.apply(state, action)
    return mine


def test_hot_seat_hides_each_hand_between_players(catalog: Catalog, runner: CliRunner) -> None:
    script = script_helper.make_script(
        catalog, "german", seed=21, seats={0: "human:Ann", 1: "human:Bob"}, mistakes=False
    )
    args = ["german", "--seed", "21", "--seat", "A=human:Ann", "--seat", "B=human:Bob"]
    result = _play(runner, args, script.text)
    assert result.exit_code == 0, result.output
    out = result.output
    before, *screens = re.split(r"Pass to (Ann|Bob), press Enter when ready\.", out)
    assert "Your hand" not in before  # nobody's hand before the first pass screen
    names = screens[0::2]
    bodies = screens[1::2]
    assert set(names) == {"Ann", "Bob"}
    # Each screen after "pass to X" shows X's hand only (X may lead again after winning a
    # trick: no pass screen is needed then), and the next pass screen names the other.
    for name, body in zip(names, bodies, strict=True):
        shown = set(re.findall(r"Your hand \((\w+)\)", body))
        assert shown == {name}, (name, shown)
    assert all(a != b for a, b in itertools.pairwise(names))
    # The screen is cleared (a separator when not a terminal) right before each pass screen.
    assert out.count("=" * 40) >= 2 * len(names)


def test_quit_asks_first_and_end_of_input_never_hangs(runner: CliRunner) -> None:
    result = _play(runner, ["german", "--seed", "3"], "quit\nn\nquit\ny\n")
    assert result.exit_code == 0
    assert result.output.count("Really leave the game?") == 2
    assert "You left the game." in result.output
    ended = _play(runner, ["german", "--seed", "3"], "")
    assert ended.exit_code == 1
    assert "Input ended" in ended.output


def test_bad_flags_are_usage_errors(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "german", "--seat", "Z=human"])
    assert result.exit_code == 2
    assert "unknown seat 'Z'" in result.stderr
    result = runner.invoke(app, ["play", "german", "--seat", "B=bot:nosuchbot"])
    assert result.exit_code == 2
    assert "no bot 'nosuchbot'" in result.stderr
    result = runner.invoke(app, ["play", "german", "-o", "match_format=nonsense"])
    assert result.exit_code == 2
    assert "match_format" in result.stderr


def test_menu_by_scripted_input_validates_options_field_by_field(runner: CliRunner) -> None:
    # german is the 3rd variant by name (american, english, german, israeli); a bad option
    # value is refused with the field's message, then the defaults are kept.
    text = "9\n3\nmatch_format=nonsense\n\n\n\n\nquit\ny\n"
    result = runner.invoke(app, ["play"], input=text, env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    assert "German Whist (german)" in result.output
    assert "Type a number from 1 to" in result.output
    assert "match_format:" in result.output
    assert "Your hand (A)" in result.output


# -- the service ----------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["german", "english"])
def test_a_session_of_bots_gives_the_same_record_as_simulate(
    catalog: Catalog, variant: str
) -> None:
    the_variant = catalog.variant(variant)
    session = start_session(catalog, variant, seats=["bot:random"] * the_variant.seats, seed=9)
    event: Any = None
    while not isinstance(event, MatchOver):
        event = session.next_event()
    entry = catalog.variants[variant]
    simulated = play_match(
        Engine(the_variant, the_variant.make_options({})),
        [catalog.bot("random", variant)] * the_variant.seats,
        seed=9,
        max_deals=10_000,
        distribution=entry.distribution,
        version=entry.version,
    )
    assert event.record == simulated.record


def test_undo_takes_back_the_humans_move_and_reports_it(catalog: Catalog) -> None:
    changes: list[Any] = []
    session = start_session(catalog, "german", seats={0: "human"}, seed=5, on_change=changes.append)
    turn = session.next_event()
    while not isinstance(turn, HumanTurn):
        turn = session.next_event()
    with pytest.raises(IllegalActionError, match=r"no action of yours"):
        session.undo()
    first = turn
    session.act(turn.legal[-1])
    turn = session.next_event()
    while not isinstance(turn, HumanTurn):
        turn = session.next_event()
    undone = session.undo()
    again = session.next_event()
    assert isinstance(again, HumanTurn)
    assert again.view == first.view  # back where the human was before the move
    assert isinstance(changes[0], DealStarted)
    assert any(isinstance(c, ActionPlayed) and not c.by_bot for c in changes)
    assert changes[-1] == undone
    assert isinstance(undone, Undone)
    assert undone.keep == len(first.view.history)


def test_undo_off_and_no_undo_of_another_humans_move(catalog: Catalog) -> None:
    session = start_session(catalog, "german", seats={0: "human"}, seed=5, undo=False)
    turn = session.next_event()
    while not isinstance(turn, HumanTurn):
        turn = session.next_event()
    session.act(turn.legal[0])
    turn = session.next_event()
    while not isinstance(turn, HumanTurn):
        turn = session.next_event()
    with pytest.raises(IllegalActionError, match="undo is off"):
        session.undo()
    # The table setting travels with the game record (issue 5: "recorded in the record").
    assert session.record().table == {"undo": False, "autoplay": False}
    hot = start_session(catalog, "german", seats=["human", "human"], seed=5)
    turn = hot.next_event()
    while not isinstance(turn, HumanTurn):
        turn = hot.next_event()
    hot.act(turn.legal[0])
    nxt = hot.next_event()
    while not isinstance(nxt, HumanTurn):
        nxt = hot.next_event()
    assert nxt.seat != turn.seat
    assert not hot.can_undo(nxt.seat)  # the other human's card is not ours to take back
    assert hot.record().table == {"undo": True, "autoplay": False}


def test_autoplay_plays_a_single_legal_card(catalog: Catalog) -> None:
    session = start_session(catalog, "german", seats={0: "human"}, seed=2, autoplay=True)
    autos = 0
    while True:
        event = session.next_event()
        if isinstance(event, ActionPlayed) and event.auto:
            autos += 1
        if isinstance(event, HumanTurn):
            assert len(event.legal) > 1  # a single legal card is never asked for
            session.act(event.legal[0])
        if isinstance(event, MatchOver):
            break
    assert autos >= 1  # the last trick of a deal always has one card left


def test_an_unseeded_match_shuffles_from_the_os_and_stores_no_seed(catalog: Catalog) -> None:
    """Without --seed the cards come from the OS CSPRNG and no seed is kept anywhere (a
    stored seed would let a player at the table compute the deals still to come); the
    record still replays, because it holds every deck order."""
    decks = set()
    for _ in range(3):
        session = start_session(catalog, "german", seats=["bot:random", "bot:random"])
        assert session.seed is None
        event = session.next_event()
        while not isinstance(event, MatchOver):
            event = session.next_event()
        record = session.record()
        assert record.seed is None
        decks.add(record.deals[0].actions[0])
        replay_record(record, catalog)
    assert len(decks) == 3  # three different shuffles (a repeat has odds 1 in 52! squared)
