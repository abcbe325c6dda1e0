"""What a bot is shown at each decision (docs/bots.md): its seat's view -- the same view the
pure API gives for that state -- or, for a bot that declares ``reads_view = False``, a
`BlindView` that holds nothing, and then no view is built for it at all (the tables' loops
spent about half their time building views the random bots never read)."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from openwhist.bots.base import Bot, BotSpec
from openwhist.game.actions import Action
from openwhist.game.engine import Engine
from openwhist.game.errors import PluginContractError
from openwhist.game.state import CHANCE
from openwhist.game.views import BlindView, PlayerView
from openwhist.plugins import Catalog, load_catalog
from openwhist.records import load_record, replay_record
from openwhist.services.arena import run_arena
from openwhist.services.play import MatchOver, start_session
from openwhist.services.simulate import play_match, resolve_bots


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def _count_views(monkeypatch: pytest.MonkeyPatch, engine: Engine) -> list[int]:
    """Count the views ``engine``'s rules build (a list, to be read after the run)."""
    built = [0]
    observe = engine.rules.observe

    def counting(state: Any, seat: int) -> PlayerView:
        built[0] += 1
        return observe(state, seat)

    monkeypatch.setattr(engine.rules, "observe", counting)
    return built


class _Recorder(Bot):
    """Reads its view (the default): keeps every view it is shown, plays the first action."""

    def __init__(self) -> None:
        self.views: list[PlayerView] = []

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        self.views.append(view)
        return legal[0]


class _Peeker(Bot):
    """Declares that it reads no view, then reads it: a bug the table must not hide."""

    reads_view = False

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        return legal[view.hand % len(legal)]


@pytest.mark.parametrize("variant", ["german", "english", "israeli"])
def test_the_random_bots_are_shown_no_view_and_play_the_same(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch, variant: str
) -> None:
    the_variant = catalog.variant(variant)
    engine = Engine(the_variant)
    built = _count_views(monkeypatch, engine)
    bots = resolve_bots(catalog, variant, the_variant.seats, [])  # random / israeli-random
    assert all(not spec.factory(variant, random.Random(0)).reads_view for spec in bots)
    outcome = play_match(engine, bots, seed=21, max_deals=3)
    assert built[0] == 0
    # The record replays: the deals are legal and score as recorded.
    replay_record(load_record(outcome.record.to_json()), {variant: the_variant})


def test_a_bot_that_reads_its_view_sees_what_the_pure_api_shows_its_seat(
    catalog: Catalog,
) -> None:
    variant = catalog.variant("german")
    engine = Engine(variant)
    seats = [_Recorder(), _Recorder()]
    specs = [BotSpec(f"recorder{s}", "test", lambda v, r, b=b: b) for s, b in enumerate(seats)]
    outcome = play_match(engine, specs, seed=8, max_deals=1)
    # Replay the record through the immutable API and compare view for view.
    expected: list[list[PlayerView]] = [[], []]
    state = engine.next_deal(engine.start_match(outcome.record.first_dealer))
    for text in outcome.record.deals[0].actions:
        if state.to_act != CHANCE:
            expected[state.to_act].append(engine.observe(state, state.to_act))
        state = engine.apply(state, engine.parse_action(state, text))
    assert [bot.views for bot in seats] == expected
    assert all(not isinstance(v, BlindView) for bot in seats for v in bot.views)
    assert len(expected[0]) == len(expected[1]) == 26


def test_a_bot_that_declares_it_reads_no_view_and_reads_it_fails_naming_itself(
    catalog: Catalog,
) -> None:
    engine = Engine(catalog.variant("german"))
    peeker = BotSpec("peeker", "test", lambda v, r: _Peeker())
    with pytest.raises(PluginContractError) as failure:
        play_match(engine, [peeker, catalog.bot("random", "german")], seed=2, max_deals=1)
    assert str(failure.value) == "bot 'peeker' declares reads_view = False but read view.hand"


def test_a_blind_view_holds_nothing_of_the_deal() -> None:
    view = BlindView("bot 'x'")
    assert isinstance(view, PlayerView)  # a bot's type annotations stay true
    for name in ("seat", "hand", "hand_sizes", "history", "public", "private", "trick_seats"):
        with pytest.raises(PluginContractError, match=rf"read view\.{name}$"):
            getattr(view, name)


def test_the_arena_shows_views_only_to_the_bots_that_read_them(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[Engine] = []
    built = [0]
    real_init = Engine.__init__

    def init(self: Engine, *args: Any, **kwargs: Any) -> None:
        real_init(self, *args, **kwargs)
        seen.append(self)
        observe = self.rules.observe

        def counting(state: Any, seat: int) -> PlayerView:
            built[0] += 1
            return observe(state, seat)

        self.rules.observe = counting  # type: ignore[misc]

    monkeypatch.setattr(Engine, "__init__", init)
    run_arena(catalog, "german", bots=["random", "random"], deals=4, seed=1, workers=1)
    assert seen  # the arena's engine was counted
    assert built[0] == 0
    result = run_arena(catalog, "german", bots=["heuristic", "random"], deals=4, seed=1, workers=1)
    # Seat A's heuristic bot decides 26 times a deal and is shown each time; B never.
    assert result.summary["plays"] == 4
    assert built[0] == 4 * 26


def test_a_session_of_random_bots_builds_no_view(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = start_session(catalog, "german", seats=["bot:random"] * 2, seed=9)
    built = _count_views(monkeypatch, session.engine)
    event: Any = None
    while not isinstance(event, MatchOver):
        event = session.next_event()
    assert built[0] == 0
    assert event.record.deals


def test_the_example_in_bots_md_plays_blind(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = (Path(__file__).parent.parent / "docs" / "bots.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)
    example = next(block for block in blocks if "class FirstLegalBot" in block)
    namespace: dict[str, Any] = {"__name__": "bots_md_example"}
    exec(compile(example, "docs/bots.md", "exec"), namespace)
    spec = BotSpec("first", "test", lambda v, rng: namespace["FirstLegalBot"](rng))
    engine = Engine(catalog.variant("german"))
    built = _count_views(monkeypatch, engine)
    outcome = play_match(engine, [spec, spec], seed=4, max_deals=1)
    assert built[0] == 0
    assert outcome.scores[0].tricks[0] + outcome.scores[0].tricks[1] == 26


def test_every_view_carries_the_options_in_force_and_the_match_progress(
    catalog: Catalog,
) -> None:
    """Bots decide under the rules in force: a German match played without following suit
    in the draw phase shows that option in every view a bot is given, and English views
    carry the match's progress (the game score) before the deal."""
    engine = Engine(catalog.variant("german"), {"phase1_must_follow_suit": False})
    seats = [_Recorder(), _Recorder()]
    specs = [BotSpec(f"recorder{s}", "test", lambda v, r, b=b: b) for s, b in enumerate(seats)]
    play_match(engine, specs, seed=8, max_deals=1)
    views = [v for bot in seats for v in bot.views]
    assert views
    assert all(v.options is not None for v in views)
    assert all(v.options.phase1_must_follow_suit is False for v in views)

    english = Engine(catalog.variant("english"))
    recorders = [_Recorder() for _ in range(4)]
    specs = [BotSpec(f"recorder{s}", "test", lambda v, r, b=b: b) for s, b in enumerate(recorders)]
    play_match(english, specs, seed=3, max_deals=2)
    second_deal = [v for bot in recorders for v in bot.views[13:]]
    assert second_deal
    assert all(v.progress for v in second_deal)
