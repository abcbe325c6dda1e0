"""Bot levels (issue 5): a seat takes a bot by name *and level* -- ``bot:expert:3``.

* the built-in experts offer levels 1-3 that vary the sampled deals per decision (level 2,
  the default, is the strength measured in docs/bots.md), and a seat, an arena entrant or a
  simulated seat builds the bot at the level it names;
* an unknown level is refused with the levels the bot has (exit code 2 at the CLI);
* the game record and the ledger store the level, so ``whist resume`` rebuilds the same
  bot at the same level;
* the seat menu lists the bots with their levels and asks for a level;
* a third-party `BotSpec` written before levels existed (``factory(variant, rng)``, no
  levels) still plays, and a plugin's own levels work like the built-in ones.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from openwhist import (
    Action,
    Bot,
    BotLevel,
    BotSpec,
    Play,
    PlayerView,
    UnknownBotLevelError,
    hookimpl,
)
from openwhist.plugins import Catalog, load_catalog
from openwhist.records import load_record
from openwhist.services import UsageError
from openwhist.services.arena import resolve_entrant_bots, run_arena
from openwhist.services.isolation import Isolation
from openwhist.services.ledger import Ledger
from openwhist.services.play import HumanTurn, PlaySession, parse_seat, start_session
from openwhist.services.simulate import simulate
from openwhist_cli.app import app
from openwhist_cli.commands import play as play_command
from openwhist_english import expert as english_expert
from openwhist_german import expert as german_expert
from openwhist_israeli import expert as israeli_expert
from typer.testing import CliRunner

EXPERTS = {"german": german_expert, "english": english_expert, "israeli": israeli_expert}


# -- a third-party plugin: one bot from before levels, one with levels of its own ----------


class _Lowest(Bot):
    """Plays its lowest legal card (or the first legal call)."""

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        return min(legal, key=lambda a: a.card if isinstance(a, Play) else -1)


class _Highest(Bot):
    """Plays its highest legal card (or the last legal call)."""

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        return max(legal, key=lambda a: a.card if isinstance(a, Play) else -1)


class _ThirdParty:
    @hookimpl
    def whist_register_bots(self, register: Callable[[BotSpec], None]) -> None:
        # Written before levels existed: positional arguments, a two-argument factory.
        register(BotSpec("lowcard", "always its lowest card", lambda variant, rng: _Lowest()))
        # A plugin's own levels: the default ("low") is the spec's factory.
        register(
            BotSpec(
                "dial",
                "lowest or highest card, by level",
                lambda variant, rng: _Lowest(),
                levels=(
                    BotLevel("low", "its lowest card"),
                    BotLevel("high", "its highest card", lambda variant, rng: _Highest()),
                ),
            )
        )


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(extra_plugins=[("third-party-bots", _ThirdParty())])


def _first_turn(session: PlaySession) -> HumanTurn:
    while True:
        event = session.next_event()
        if isinstance(event, HumanTurn):
            return event


def _invoke(runner: CliRunner, *args: str, input: str | None = None, db: Path | None = None) -> Any:
    env = {"NO_COLOR": "1", "OPENWHIST_LANG": "en", "OPENWHIST_PAUSE": "0"}
    if db is not None:
        env["OPENWHIST_DB"] = str(db)
    return runner.invoke(app, list(args), input=input, env=env)


# -- the built-in experts' levels -----------------------------------------------------------


@pytest.mark.parametrize("variant", sorted(EXPERTS))
def test_a_seat_builds_the_expert_at_the_level_it_names(catalog: Catalog, variant: str) -> None:
    module = EXPERTS[variant]
    spec = catalog.bot("expert", variant)
    assert spec.level_names == ("1", "2", "3")
    assert spec.default_level == "2"
    # Level 1 samples fewer deals than the default, level 3 more: that is the knob, and
    # the menu's description of each level says how many the bot really samples.
    assert module.QUICK_SAMPLES < module.DEFAULT_SAMPLES < module.STRONG_SAMPLES
    for name, count in zip(
        spec.level_names,
        (module.QUICK_SAMPLES, module.DEFAULT_SAMPLES, module.STRONG_SAMPLES),
        strict=True,
    ):
        assert f": {count} sampled deals per decision" in spec.level(name).description
    for level, samples in (
        ("1", module.QUICK_SAMPLES),
        ("3", module.STRONG_SAMPLES),
        (None, module.DEFAULT_SAMPLES),
    ):
        text = "bot:expert" if level is None else f"bot:expert:{level}"
        session = start_session(catalog, variant, seats={0: "human", 1: text}, seed=1)
        assert session.bots[1].samples == samples  # type: ignore[attr-defined]
        # The seat names the level it plays at, the default when none was asked for, so
        # the record says which strength played.
        assert session.seats[1].level == (level or "2")
        assert session.record().players[1].kind == f"bot:expert:{level or '2'}"
    # Code that calls a registered spec's factory directly gets the default level.
    assert spec.factory(variant, random.Random(0)).samples == module.DEFAULT_SAMPLES  # type: ignore[attr-defined]


def test_the_heuristic_and_random_have_no_levels_and_refuse_one(catalog: Catalog) -> None:
    for name in ("heuristic", "random"):
        spec = catalog.bot(name, "german")
        assert spec.levels == ()
        assert spec.default_level is None
        assert spec.label == name
    with pytest.raises(UnknownBotLevelError, match="'heuristic' has no levels"):
        start_session(catalog, "german", seats=["human", "bot:heuristic:2"])


def test_an_unknown_level_is_refused_naming_the_levels(catalog: Catalog) -> None:
    with pytest.raises(UnknownBotLevelError) as caught:
        start_session(catalog, "german", seats=["human", "bot:expert:9"])
    assert "no level '9'" in str(caught.value)
    assert "1, 2, 3" in str(caught.value)
    assert caught.value.levels == ("1", "2", "3")
    with pytest.raises(UsageError, match="bot:NAME:LEVEL"):
        parse_seat("bot:expert:", "B")


def test_the_cli_refuses_an_unknown_level_with_exit_code_2(runner: CliRunner) -> None:
    bad = _invoke(runner, "play", "german", "--seat", "B=bot:expert:9", "--no-ledger")
    assert bad.exit_code == 2
    assert "bot 'expert' has no level '9' (its levels: 1, 2, 3; default 2)" in bad.stderr
    none = _invoke(runner, "play", "german", "--seat", "B=bot:heuristic:3", "--no-ledger")
    assert none.exit_code == 2
    assert "'heuristic' has no levels" in none.stderr
    arena = _invoke(runner, "arena", "german", "--bots", "expert:hard,heuristic", "--deals", "1")
    assert arena.exit_code == 2
    assert "its levels: 1, 2, 3" in arena.stderr
    # An unknown bot's message shows which bots have levels.
    unknown = _invoke(runner, "play", "german", "--seat", "B=bot:grandmaster", "--no-ledger")
    assert unknown.exit_code == 2
    assert "expert (levels 1, 2, 3)" in unknown.stderr


def test_hints_come_from_the_default_level_whatever_the_opponents_level(
    catalog: Catalog,
) -> None:
    session = start_session(catalog, "german", seats=["human", "bot:expert:1"], seed=8)
    turn = _first_turn(session)
    assert session.hint_bot is not None
    assert session.hint_bot.label == "expert:2"
    advice = session.advise()
    assert advice is not None
    assert advice.action in turn.legal
    assert advice.bot == "expert"
    # The hint's reason counts the default level's sampled deals, not the opponent's 4.
    assert advice.reason is not None
    assert advice.reason.values["samples"] == german_expert.DEFAULT_SAMPLES


# -- arena and simulate ---------------------------------------------------------------------


def test_the_arena_plays_each_entrant_at_its_level(catalog: Catalog) -> None:
    def tricks(entrant: str) -> list[list[int]]:
        # (These test bots are a third-party plugin's, which the arena would isolate by
        # default: a worker could not load this test module's plugin.)
        result = run_arena(
            catalog,
            "german",
            bots=[entrant, "lowcard"],
            deals=4,
            seed=3,
            workers=1,
            isolation=Isolation("none"),
        )
        assert result.summary["entrants"] == [entrant, "lowcard"]
        return [deal["tricks"] for deal in result.summary["deal_results"]]

    # Same seed, same decks: "dial" at its default plays exactly as "lowcard" (lowest
    # cards), so the deals split the tricks as two lowcards do; at "high" it plays
    # otherwise and the tricks come out differently.
    low = tricks("dial")
    assert low == tricks("dial:low")
    assert tricks("dial:high") != low
    (expert_1,) = resolve_entrant_bots(catalog, "german", ["expert:1"])
    assert expert_1.label == "expert:1"
    assert expert_1.factory("german", random.Random(0)).samples == german_expert.QUICK_SAMPLES  # type: ignore[attr-defined]


def test_the_arena_command_accepts_a_level(runner: CliRunner) -> None:
    done = _invoke(
        runner, "arena", "german", "--bots", "expert:1,heuristic", "--deals", "1",
        "--seed", "2", "--workers", "1", "--json",
    )  # fmt: skip
    assert done.exit_code == 0, done.stderr
    assert "expert:1" in done.stdout


def test_simulate_records_the_level_each_seat_played(catalog: Catalog) -> None:
    run = simulate(catalog, "german", bots=["dial:high", "lowcard"], deals=1, seed=4)
    assert [p.kind for p in run.records[0].players] == ["bot:dial:high", "bot:lowcard"]
    assert run.summary["bots"] == ["dial:high", "lowcard"]


# -- a plugin's bots: from before levels, and with levels of their own ----------------------


def test_a_third_party_bot_without_levels_still_plays(catalog: Catalog) -> None:
    spec = catalog.bot("lowcard", "german")
    assert spec.levels == ()
    assert spec.label == "lowcard"
    session = start_session(catalog, "german", seats=["human", "bot:lowcard"], seed=2)
    assert session.seats[1].record_kind == "bot:lowcard"
    assert isinstance(session.bots[1], _Lowest)
    _first_turn(session)


def test_a_plugin_level_changes_how_its_bot_plays(catalog: Catalog) -> None:
    spec = catalog.bot("dial", "german")
    assert spec.default_level == "low"
    high = spec.with_level("high")
    assert high.label == "dial:high"
    assert isinstance(high.factory("german", random.Random(0)), _Highest)
    # Back to the default from another level: the registered factory again.
    assert isinstance(high.with_level("low").factory("german", random.Random(0)), _Lowest)
    assert spec.with_level(None) is spec
    # At the table: the high level plays the top of its legal cards, the default the bottom.
    for level, pick in (("high", max), (None, min)):
        text = "bot:dial" if level is None else f"bot:dial:{level}"
        session = start_session(catalog, "german", seats=["bot:lowcard", text], seed=6)
        engine = session.engine
        while True:
            state = session.state
            if state is not None and state.to_act == 1 and state.phase == "play":
                legal = engine.legal_actions(state, 1)
                expected = pick(a.card for a in legal if isinstance(a, Play))
                event = session.next_event()
                while getattr(event, "seat", None) != 1:
                    event = session.next_event()
                assert event.action == Play(expected)  # type: ignore[union-attr]
                break
            session.next_event()


@pytest.mark.parametrize(
    ("levels", "problem"),
    [
        ((BotLevel("a", "x"), BotLevel("b", "y")), "exactly one level"),
        ((BotLevel("a", "x", lambda v, r: _Lowest()),), "exactly one level"),
        ((BotLevel("a", "x"), BotLevel("a", "y", lambda v, r: _Lowest())), "declared twice"),
        ((BotLevel("very hard", "x"),), "may hold only"),
        ((BotLevel("a:b", "x"),), "may hold only"),
    ],
)
def test_a_plugin_declaring_broken_levels_is_told_at_registration(
    levels: tuple[BotLevel, ...], problem: str
) -> None:
    with pytest.raises(ValueError, match=problem) as caught:
        BotSpec("mybot", "d", lambda v, r: _Lowest(), levels=levels)
    assert "'mybot'" in str(caught.value)


# -- the record, the ledger and resume --------------------------------------------------------


def test_resume_rebuilds_the_bot_at_the_level_it_played(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "levels.sqlite3"
    records = tmp_path / "match.jsonl"
    started = _invoke(
        runner, "play", "german", "--seat", "B=bot:expert:3", "--seed", "4",
        "--records", str(records), input="quit\ny\n", db=db,
    )  # fmt: skip
    assert started.exit_code == 0, started.output
    (record,) = (load_record(line) for line in records.read_text().splitlines())
    assert record.players[1].kind == "bot:expert:3"
    with Ledger(str(db)) as ledger:
        (match,) = ledger.list_matches()
        assert [p["kind"] for p in match["players"]] == ["human", "bot:expert:3"]
        assert [p["name"] for p in match["players"]] == ["A", "B (expert:3)"]

    resumed: list[PlaySession] = []

    def capture(self: Any) -> int:
        resumed.append(self.session)
        return 0

    monkeypatch.setattr(play_command.TableUI, "run", capture)
    again = _invoke(runner, "resume", db=db)
    assert again.exit_code == 0, again.output
    (session,) = resumed
    assert session.seats[1].name == "B"
    assert session.seats[1].record_kind == "bot:expert:3"
    assert session.bots[1].samples == german_expert.STRONG_SAMPLES  # type: ignore[attr-defined]


def test_a_record_from_before_levels_resumes_at_the_default_level(catalog: Catalog) -> None:
    # A match stored as "bot:expert" (no level): the seat comes back at the default level.
    seat = parse_seat("bot:expert", "B")
    assert (seat.bot, seat.level) == ("expert", None)
    session = start_session(catalog, "german", seats=["human", "bot:expert"], seed=1)
    assert session.bots[1].samples == german_expert.DEFAULT_SAMPLES  # type: ignore[attr-defined]


# -- listings and the seat menu ---------------------------------------------------------------


def test_whist_variants_lists_each_bot_with_its_levels(runner: CliRunner) -> None:
    listed = _invoke(runner, "variants", "--json")
    assert listed.exit_code == 0
    german = next(v for v in json.loads(listed.stdout) if v["name"] == "german")
    bots = {b["name"]: b for b in german["bots"]}
    assert [b["name"] for b in german["bots"]] == ["random", "heuristic", "expert"]
    expert = bots["expert"]
    assert expert["default_level"] == "2"
    assert [(lv["name"], lv["default"]) for lv in expert["levels"]] == [
        ("1", False),
        ("2", True),
        ("3", False),
    ]
    assert all(lv["description"] for lv in expert["levels"])
    assert bots["heuristic"]["levels"] == []
    text = _invoke(runner, "variants")
    assert "expert:3  stronger, slower: 36 sampled deals per decision" in text.stdout


def test_the_seat_menu_offers_levels_and_asks_for_one(runner: CliRunner, tmp_path: Path) -> None:
    # german is the 3rd variant; keep the options and seat A; seat B: expert, then a level
    # that does not exist (asked again), then level 1.
    records = tmp_path / "menu.jsonl"
    text = "3\n\n\n\nexpert\n9\n1\nquit\ny\n"
    result = _invoke(runner, "play", "--no-ledger", "--records", str(records), input=text)
    assert result.exit_code == 0, result.output
    assert "expert — solves the play-out exactly" in result.output
    assert "expert:1 — quicker, weaker: 4 sampled deals per decision" in result.output
    assert "expert:2 — balanced: 12 sampled deals per decision (default)" in result.output
    assert "Level of expert (1, 2, 3) [2]: " in result.output
    assert "expert has no level 9: its levels are 1, 2, 3." in result.output
    (record,) = (load_record(line) for line in records.read_text().splitlines())
    assert record.players[1].kind == "bot:expert:1"
