"""Hints at the table (issue 7 item 7): the strongest bot answers, and says why.

* `hint_spec` picks the variant's strongest registered bot -- ``expert``, else
  ``heuristic``, else none (``random`` gives no advice) -- and a plugin's bot may declare
  itself stronger (`BotSpec.strength`);
* in German Whist's phase 2 every card is known (docs/variants/german.md §1.6 "Information model":
  the opponent holds exactly the cards neither in our hand nor played), and the hint is one of
  the exactly best cards with the number of tricks it takes -- checked against the solver
  and, on a small ending, against plain exhaustive minimax on the *true* hands of the deal;
* the hint sees only the human seat's view: two deals differing only in cards hidden from
  that seat get the same hint and the same reason;
* typing ``hint`` at ``whist play`` shows the card and the reason (in the chosen language).
"""

from __future__ import annotations

import dataclasses
import random
import re
from typing import Any

import pytest
from openwhist.bots.base import Bot, BotSpec, Reason
from openwhist.game.actions import Action, Play
from openwhist.game.cards import FULL_DECK, card_symbol
from openwhist.game.engine import Engine
from openwhist.game.state import DealState
from openwhist.game.views import PlayerView
from openwhist.plugins import Catalog, load_catalog
from openwhist.services.play import (
    Hint,
    HumanTurn,
    PlaySession,
    hint_spec,
    start_session,
    suggest,
)
from openwhist.solver import solve
from openwhist.solver.brute import brute_move_values
from openwhist_cli.app import app
from typer.testing import CliRunner

VARIANTS = ("german", "english", "american", "israeli")


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def _without(catalog: Catalog, *names: str) -> Catalog:
    """The catalog with the bots called ``names`` uninstalled."""
    return dataclasses.replace(catalog, bots=[b for b in catalog.bots if b.name not in names])


# -- which bot gives hints -----------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_expert_gives_hints_then_the_heuristic_then_nobody(
    catalog: Catalog, variant: str
) -> None:
    spec = hint_spec(catalog, variant)
    assert spec is not None
    assert spec.name == "expert"
    assert start_session(catalog, variant, seed=1).hint_bot == spec
    fallback = hint_spec(_without(catalog, "expert"), variant)
    assert fallback is not None
    assert fallback.name == "heuristic"
    # Only strength-0 bots left (random; Israeli's passing bot): no hint at all.
    bare = _without(catalog, "expert", "heuristic")
    assert hint_spec(bare, variant) is None


def _first_turn(session: PlaySession) -> HumanTurn:
    while True:
        event = session.next_event()
        if isinstance(event, HumanTurn):
            return event


def test_no_hint_without_a_bot_that_gives_advice(catalog: Catalog) -> None:
    bare = _without(catalog, "expert", "heuristic")
    session = start_session(
        bare, "german", seats=["human", "bot:random"], seed=3, undo=False, autoplay=False
    )
    _first_turn(session)
    assert session.hint_bot is None
    assert session.advise() is None
    assert session.hint() is None


class _Oracle(Bot):
    """A third-party bot: always the highest legal card, with a fixed reason."""

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        return max(legal, key=lambda a: a.card if isinstance(a, Play) else -1)

    def explain(self, view: PlayerView, legal: tuple[Action, ...], action: Action) -> Reason:
        assert isinstance(action, Play)
        return Reason("{card} is my highest", {"card": action.card}, cards=("card",))


def test_a_plugin_bot_that_declares_more_strength_gives_the_hints(catalog: Catalog) -> None:
    oracle = BotSpec("oracle", "highest card", lambda v, r: _Oracle(), strength=30)
    weak = BotSpec("dabbler", "highest card", lambda v, r: _Oracle())  # strength 0
    bigger = dataclasses.replace(catalog, bots=[*catalog.bots, weak, oracle])
    spec = hint_spec(bigger, "german")
    assert spec is not None
    assert spec.name == "oracle"
    assert hint_spec(dataclasses.replace(catalog, bots=[*catalog.bots, weak]), "german") == (
        hint_spec(catalog, "german")
    )
    session = start_session(bigger, "german", seats=["human", "bot:random"], seed=5)
    turn = _first_turn(session)
    advice = session.advise()
    assert advice is not None
    assert advice.bot == "oracle"
    highest = max(a.card for a in turn.legal if isinstance(a, Play))
    assert advice.action == Play(highest)
    assert advice.reason is not None
    assert advice.reason.render() == f"{card_symbol(highest)} is my highest"


def test_a_bot_without_explain_still_hints_a_card(catalog: Catalog) -> None:
    """The default `Bot.explain` says nothing: the hint is the card alone."""
    session = start_session(_without(catalog, "expert"), "english", seats={0: "human"}, seed=2)
    turn = _first_turn(session)
    advice = session.advise()
    assert advice is not None
    assert advice.bot == "heuristic"
    assert advice.action in turn.legal
    assert advice.reason is None


# -- German phase 2: the solver's line ------------------------------------------------------


def _to_phase2_turn(
    catalog: Catalog, seed: int, *, cards_left: int = 13
) -> tuple[PlaySession, HumanTurn]:
    """A German session whose human (seat A) is to act in phase 2 with at most
    ``cards_left`` cards and a real choice (two legal cards that are not equal)."""
    session = start_session(catalog, "german", seats=["human", "bot:heuristic"], seed=seed)
    while True:
        event = session.next_event()
        if not isinstance(event, HumanTurn):
            continue
        view = event.view
        cards = [a.card for a in event.legal if isinstance(a, Play)]
        in_phase2 = len(view.completed) >= 13
        spread = max(cards) - min(cards) > 1 or len({c // 13 for c in cards}) > 1
        if in_phase2 and view.hand.bit_count() <= cards_left and spread:
            return session, event
        session.act(event.legal[0])


def _true_hands(session: PlaySession) -> tuple[int, ...]:
    state: DealState[Any] | None = session.state
    assert state is not None
    return tuple(state.hands)


@pytest.mark.parametrize("seed", [1, 8])
def test_a_phase2_hint_is_a_solver_best_card_with_the_solver_count(
    catalog: Catalog, seed: int
) -> None:
    session, turn = _to_phase2_turn(catalog, seed)
    view = turn.view
    hands = _true_hands(session)
    # The opponent's hand is deducible from the view alone (docs/variants/german.md §1.6).
    played = 0
    for record in view.completed:
        for card in record.cards:
            played |= 1 << card
    for card in view.trick:
        played |= 1 << card
    assert hands[1 - view.seat] == FULL_DECK & ~view.hand & ~played
    truth = solve(hands, view.trump, view.leader, trick=view.trick)
    advice = session.advise()
    assert advice is not None
    assert advice.bot == "expert"
    assert isinstance(advice.action, Play)
    assert advice.action.card in truth.best_moves
    reason = advice.reason
    assert reason is not None
    assert reason.values["tricks"] == truth.tricks
    assert reason.values["remaining"] == view.hand.bit_count()
    text = reason.render()
    assert text.startswith(f"with {card_symbol(advice.action.card)} you take {truth.tricks} of")
    assert f"the remaining {view.hand.bit_count()} tricks" in text
    assert session.hint() == advice.action


def test_a_late_phase2_hint_matches_exhaustive_minimax(catalog: Catalog) -> None:
    """On a 4-card ending the count and the card are checked against brute force (no
    solver code involved): the hinted card takes the most tricks any card can take."""
    session, turn = _to_phase2_turn(catalog, 4, cards_left=4)
    view = turn.view
    values = brute_move_values(_true_hands(session), view.trump, view.leader, view.trick)
    advice = session.advise()
    assert advice is not None
    assert isinstance(advice.action, Play)
    assert advice.reason is not None
    assert values[advice.action.card] == max(values.values())
    assert advice.reason.values["tricks"] == max(values.values())


# -- honesty: hidden cards never change a hint ------------------------------------------------


def _phase1_twin(state: DealState[Any], rng: random.Random) -> DealState[Any]:
    """``state`` with one of the opponent's hidden cards swapped for a face-down stock card
    (docs/variants/german.md §1.6: neither is seen by the seat to act)."""
    from openwhist_german.rules import current_stock, taken_from_stock

    seat = state.to_act
    opponent = 1 - seat
    stock = current_stock(state)
    up, _ = taken_from_stock(state)
    hidden = [c for c in range(52) if (state.hands[opponent] & ~up[opponent]) >> c & 1]
    x = hidden[rng.randrange(len(hidden))]
    y = stock[1 + rng.randrange(len(stock) - 1)]
    hands = list(state.hands)
    hands[opponent] ^= (1 << x) | (1 << y)
    full = list(state.extra.stock)
    full[full.index(y)] = x
    return state._replace(hands=tuple(hands), extra=state.extra._replace(stock=tuple(full)))


def _english_twin(state: DealState[Any], rng: random.Random) -> DealState[Any] | None:
    """``state`` with two same-suit cards swapped between two other seats (no void shown
    in play is contradicted; never the turned-up trump, docs/variants/english.md §2.3)."""
    from openwhist_english.rules import turned_up_card

    turned = turned_up_card(state)
    protected = 0 if turned is None else 1 << turned
    seats = [s for s in range(4) if s != state.to_act]
    for a in seats:
        for b in seats:
            for suit in range(4):
                mask = 0x1FFF << (13 * suit)
                xs = [c for c in range(52) if (state.hands[a] & ~protected & mask) >> c & 1]
                ys = [c for c in range(52) if (state.hands[b] & ~protected & mask) >> c & 1]
                if a < b and xs and ys:
                    x, y = rng.choice(xs), rng.choice(ys)
                    hands = list(state.hands)
                    hands[a] ^= (1 << x) | (1 << y)
                    hands[b] ^= (1 << x) | (1 << y)
                    return state._replace(hands=tuple(hands))
    return None


@pytest.mark.parametrize(("variant", "seed", "plays"), [("german", 6, 3), ("english", 9, 2)])
def test_the_hint_never_depends_on_hidden_cards(
    catalog: Catalog, variant: str, seed: int, plays: int
) -> None:
    # The opponents are named (not the default table), so the position reached stays the
    # one this test was written for whichever bot fills seats by default.
    count = catalog.variant(variant).seats
    opponents = {seat: "bot:heuristic" for seat in range(1, count)}
    session = start_session(catalog, variant, seats={0: "human", **opponents}, seed=seed)
    turn = _first_turn(session)
    for _ in range(plays):  # a few tricks in, so the bots have something to sample from
        session.act(turn.legal[0])
        turn = _first_turn(session)
    state = session.state
    assert state is not None
    rng = random.Random(seed)
    twin = _phase1_twin(state, rng) if variant == "german" else _english_twin(state, rng)
    assert twin is not None
    assert twin.hands != state.hands
    engine: Engine = session.engine
    view, twin_view = engine.observe(state, turn.seat), engine.observe(twin, turn.seat)
    assert view == twin_view == turn.view
    legal = engine.legal_actions(twin, turn.seat)
    assert legal == turn.legal
    spec = hint_spec(catalog, variant)
    assert spec is not None
    first = suggest(spec.factory(variant, random.Random(0)), spec.name, view, legal)
    second = suggest(spec.factory(variant, random.Random(0)), spec.name, twin_view, legal)
    assert first is not None
    assert first == second
    assert first.reason is not None  # the sampling bots explain their choice
    # The session's hint is exactly that: the bot asked with the seat's view only.
    assert session.advise() == first


# -- the reasons are translatable -------------------------------------------------------------


@pytest.mark.parametrize("lang", ["es", "pt", "it"])
def test_every_built_in_expert_reason_is_translated_by_its_plugin(lang: str) -> None:
    from openwhist_cli import i18n
    from openwhist_english import expert as english
    from openwhist_german import expert as german
    from openwhist_israeli import expert as israeli

    templates = {
        german.SOLVER_REASON,
        german.SAMPLED_REASON,
        german.TAKE_REASON,
        german.LET_GO_REASON,
        english.SAMPLED_REASON,
        english.SOLVED_REASON,
        israeli.PLAY_REASON,
    }
    # Each plugin's own catalogue (found through the catalog) translates its bot's reasons.
    i18n.use_plugin_catalogues(load_catalog().locale_dirs())
    try:
        i18n.setup(lang)
        untranslated = sorted(t for t in templates if i18n._(t) == t)
    finally:
        i18n.setup("en")
    assert not untranslated


# -- at the terminal ---------------------------------------------------------------------------


def _phase2_script(catalog: Catalog, seed: int) -> tuple[list[str], Hint]:
    """Lines playing the human's cards up to its first real phase-2 choice, and the hint
    the session gives there (``whist play`` with the same seed plays the same match)."""
    session = start_session(catalog, "german", seats=["human", "bot:heuristic"], seed=seed)
    lines: list[str] = []
    while True:
        event = session.next_event()
        if not isinstance(event, HumanTurn):
            continue
        cards = [a.card for a in event.legal if isinstance(a, Play)]
        if len(event.view.completed) >= 13 and max(cards) - min(cards) > 1:
            advice = session.advise()
            assert advice is not None
            return lines, advice
        lines.append(event.legal[0].notation())
        session.act(event.legal[0])


def _shown(text: str) -> str:
    return re.sub(r"\s+", " ", text)


@pytest.mark.parametrize(
    ("lang", "why", "take"),
    [("en", "Why (expert): ", "you take"), ("es", "Por qué (expert): ", "ganas")],
)
def test_typing_hint_shows_the_card_and_the_solver_line(
    catalog: Catalog, lang: str, why: str, take: str
) -> None:
    seed = 1
    lines, advice = _phase2_script(catalog, seed)
    assert isinstance(advice.action, Play)
    assert advice.reason is not None
    result = CliRunner().invoke(
        app,
        [
            *("play", "german", "--seed", str(seed), "--seat", "A=human"),
            *("--seat", "B=bot:heuristic", "--lang", lang, "--no-ledger"),
        ],
        input="\n".join([*lines, "hint", "quit", "y"]) + "\n",
        env={"NO_COLOR": "1", "OPENWHIST_PAUSE": "0"},
    )
    out = _shown(result.output)
    assert "Traceback" not in out, result.output
    assert result.exit_code == 0, result.output
    card = card_symbol(advice.action.card)
    hint_word = "Hint: " if lang == "en" else "Pista: "
    assert f"{hint_word}{card}" in out
    tricks, remaining = advice.reason.values["tricks"], advice.reason.values["remaining"]
    assert f"{why}" in out
    line = out[out.index(why) :]
    assert f"{take} {tricks} " in line
    assert f" {remaining} " in line
    assert card in line
