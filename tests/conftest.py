"""Shared test configuration.

* Hypothesis runs without a per-example deadline: the machines are shared, and a slow
  example is not a failing one.
* ``tests/plugins/fakeplugins`` holds small (and some deliberately broken) plugin modules
  that the plugin-loading tests point entry points at; they are not test modules, and one
  of them fails on import by design, so pytest must not import them while collecting.
* `hidden_twin` (a fixture) builds, for the bot honesty tests, a state that differs from a
  given one only in cards hidden from the seat to act.
* Every test gets its own ledger: ``whist play`` records to the ledger by default, and a
  test run must never write into the user's real one (``OPENWHIST_DB`` is inherited by the
  ``whist`` subprocesses the terminal tests start).
* Every test gets its own cache directory (``OPENWHIST_CACHE_DIR``): ``whist --help`` caches
  the commands plugins add, and a test must neither see an entry another test (or the
  user) wrote nor leave one behind.
* Every test ends in English: a command run with ``--lang es`` sets the language for the
  whole process, and a later test's English screen must not come out in Spanish.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from openwhist import DealState

settings.register_profile("openwhist", deadline=None)
settings.load_profile("openwhist")

collect_ignore = ["plugins/fakeplugins"]


@pytest.fixture(autouse=True)
def _private_ledger(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENWHIST_DB", str(tmp_path / "ledger.sqlite3"))


@pytest.fixture(autouse=True)
def _private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENWHIST_CACHE_DIR", str(tmp_path / "cache"))


def same_suit_swap(
    hands: tuple[int, ...], seats: Sequence[int], protected: int, rng: random.Random
) -> tuple[int, ...] | None:
    """``hands`` with one card of a seat swapped for a card of the same suit of another
    (both in ``seats``, neither in ``protected``), or None if no such pair exists."""
    options = []
    for a in seats:
        for b in seats:
            if a >= b:
                continue
            for suit in range(4):
                mask = 0x1FFF << (13 * suit)
                xs = [c for c in range(52) if (hands[a] & ~protected & mask) >> c & 1]
                ys = [c for c in range(52) if (hands[b] & ~protected & mask) >> c & 1]
                if xs and ys:
                    options.append((a, b, xs, ys))
    if not options:
        return None
    a, b, xs, ys = options[rng.randrange(len(options))]
    x, y = xs[rng.randrange(len(xs))], ys[rng.randrange(len(ys))]
    out = list(hands)
    out[a] ^= (1 << x) | (1 << y)
    out[b] ^= (1 << x) | (1 << y)
    return tuple(out)


def hidden_twin_state(variant: str, state: DealState[Any], rng: random.Random) -> Any | None:
    """A state differing from ``state`` only in cards hidden from the seat to act."""
    seat = state.to_act
    if variant == "german":
        from openwhist_german.rules import current_stock, taken_from_stock

        stock = current_stock(state)
        if len(stock) < 2:
            return None  # phase 2: every card is known to both players
        opponent = 1 - seat
        up, _ = taken_from_stock(state)
        hidden = [c for c in range(52) if (state.hands[opponent] & ~up[opponent]) >> c & 1]
        if not hidden:
            return None
        x = hidden[rng.randrange(len(hidden))]
        y = stock[1 + rng.randrange(len(stock) - 1)]  # a face-down stock card
        hands = list(state.hands)
        hands[opponent] ^= (1 << x) | (1 << y)
        full = list(state.extra.stock)
        full[full.index(y)] = x
        return state._replace(hands=tuple(hands), extra=state.extra._replace(stock=tuple(full)))
    others = [s for s in range(4) if s != seat]
    protected = 0
    if variant == "english":
        from openwhist_english.rules import turned_up_card

        card = turned_up_card(state)
        protected = 0 if card is None else 1 << card  # public: the dealer's turn-up
    else:
        for given in state.extra.given:
            protected |= given[seat]  # the actor knows where its Frisch cards went
    swapped = same_suit_swap(state.hands, others, protected, rng)
    return None if swapped is None else state._replace(hands=swapped)


@pytest.fixture
def hidden_twin() -> Callable[[str, DealState[Any], random.Random], Any]:
    """`hidden_twin(variant, state, rng)`: a twin of ``state`` differing only in cards hidden
    from the seat to act (``None`` when the seat knows every card)."""
    return hidden_twin_state


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Any:
    """Put the CLI's language back to English after a test that chose another."""
    yield
    from openwhist_cli import i18n

    if i18n.language() != "en":
        i18n.setup("en")
