"""`openwhist.services.simulate`: determinism, what bots see, and every installed variant."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from openwhist import Action, Bot, BotSpec, PlayerView, PluginContractError, hookimpl
from openwhist.plugins import Catalog, load_catalog
from openwhist.records import replay_record
from openwhist.services import UsageError
from openwhist.services.simulate import simulate

SEEN: list[tuple[Any, tuple[Action, ...]]] = []


class SpyBot(Bot):
    """Records what it is given, then plays the first legal action."""

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        SEEN.append((view, legal))
        return legal[0]


class CheatBot(Bot):
    """Always plays the ace of spades, legal or not."""

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        from openwhist import PLAYS, parse_card

        return PLAYS[parse_card("AS")]


class _TestBots:
    @hookimpl
    def whist_register_bots(self, register: Callable[[BotSpec], None]) -> None:
        register(BotSpec("spy", "records its inputs", lambda variant, rng: SpyBot()))
        register(BotSpec("cheat", "plays AS", lambda variant, rng: CheatBot()))
        register(BotSpec("english-only", "plays English", lambda v, rng: SpyBot(), ("english",)))


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(extra_plugins=[("test-bots", _TestBots())])


def test_same_seed_same_records_and_summary(catalog: Catalog) -> None:
    one = simulate(catalog, "german", options={"match_format": "best_of_3"}, deals=12, seed=99)
    two = simulate(catalog, "german", options={"match_format": "best_of_3"}, deals=12, seed=99)
    assert [r.to_json() for r in one.records] == [r.to_json() for r in two.records]
    assert one.summary == two.summary
    # Exactly the requested number of deals, in whole matches.
    assert sum(len(r.deals) for r in one.records) == 12
    # Only the last match may be unfinished.
    assert all(r.result.finished for r in one.records[:-1])
    assert one.summary["matches_cut_short"] == (0 if one.records[-1].result.finished else 1)


def test_each_match_record_replays_and_carries_its_own_seed(catalog: Catalog) -> None:
    run = simulate(catalog, "german", deals=4, seed=5)
    seeds = [r.seed for r in run.records]
    assert len(set(seeds)) == 4
    for record in run.records:
        assert replay_record(record, catalog).progress.finished


def test_bots_see_only_their_view_and_the_legal_actions(catalog: Catalog) -> None:
    SEEN.clear()
    run = simulate(catalog, "german", bots=["spy"], deals=1, seed=1)
    # One deal of German Whist is 52 card plays, all by bots.
    assert len(SEEN) == 52
    for view, legal in SEEN:
        assert type(view) is PlayerView
        assert view.to_act == view.seat
        assert legal
        assert list(legal) == sorted(legal, key=lambda a: a.sort_key())
    assert run.records[0].players[0].kind == "bot:spy"


def test_a_bot_that_plays_an_illegal_card_is_named(catalog: Catalog) -> None:
    with pytest.raises(PluginContractError, match="bot 'cheat' chose"):
        simulate(catalog, "german", bots=["cheat"], deals=1, seed=1)


def test_bot_choice_errors(catalog: Catalog) -> None:
    with pytest.raises(UsageError, match="one bot for all, or one per seat"):
        simulate(catalog, "german", bots=["random", "random", "random"], deals=1, seed=1)
    with pytest.raises(UsageError, match="no bot 'english-only' can play german"):
        simulate(catalog, "german", bots=["english-only"], deals=1, seed=1)
    mixed = simulate(catalog, "german", bots=["random", "spy"], deals=1, seed=1)
    assert [p.kind for p in mixed.records[0].players] == ["bot:random", "bot:spy"]


def test_no_seed_draws_one_and_reports_it(catalog: Catalog) -> None:
    run = simulate(catalog, "german", deals=2)
    assert run.summary["seed_given"] is False
    again = simulate(catalog, "german", deals=2, seed=run.summary["seed"])
    assert [r.to_json() for r in again.records] == [r.to_json() for r in run.records]


def test_the_first_dealer_varies_with_the_seed(catalog: Catalog) -> None:
    run = simulate(catalog, "german", deals=40, seed=3)
    assert {r.first_dealer for r in run.records} == {0, 1}


def _installed_variants() -> list[str]:
    return sorted(load_catalog().variants)


@pytest.mark.parametrize("variant", _installed_variants())
def test_every_installed_variant_simulates_and_replays(catalog: Catalog, variant: str) -> None:
    run = simulate(catalog, variant, deals=6, seed=random.Random(variant).randrange(1000))
    assert run.summary["deals"] == 6
    for record in run.records:
        replay = replay_record(record, catalog)
        assert len(replay.deals) == len(record.deals)
