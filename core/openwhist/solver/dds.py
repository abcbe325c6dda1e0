"""Four-hand double-dummy solving by DDS (Bo Haglund's bridge solver, through ``endplay``).

Whist's trick play with four seats is bridge's card play: follow suit if able, the highest
trump wins, else the highest card of the suit led, the winner leads (docs/variants/core.md
§0.3), partners opposite (seats 0 and 2 against 1 and 3). DDS solves such positions in a few
milliseconds where the pure-Python `openwhist.solver.Solver` cannot finish a 13-card deal, so
the four-hand experts ask this module. It is a thin adapter from our raw bitmask positions
(a card is ``suit * 13 + rank - 2``; suits clubs, diamonds, hearts, spades) to DDS's
``deal`` structure (suits spades, hearts, diamonds, clubs; ranks as bits ``1 << rank``; seats
north, east, south, west -- our seats 0..3 in the same clockwise order) and back.

`FourHandSolver.move_values` answers, for every legal card of the seat to move, the tricks
its side takes of the remaining ones (the current trick included) if it plays that card and
everybody plays perfectly afterwards -- the same contract as `Solver.move_values`, which is
its test oracle (tests/solver/test_dds.py) and its **fallback**: when ``endplay`` is not
installed or its library does not load, one notice is logged (``openwhist.solver``) and the
pure solver answers instead, within a node budget (`SearchLimitError` past it, so a caller
can fall back further, e.g. to rollouts).

Spades trump, seat 0 to lead with the only trumps left; it takes every trick:

>>> from openwhist.game.cards import CardSet
>>> hands = [CardSet.parse(h).mask for h in ("AS KS", "AH KH", "QH JH", "AD KD")]
>>> sorted(FourHandSolver(trump=3).move_values(hands, leader=0).values())
[2, 2]
"""

from __future__ import annotations

import importlib.util
import logging
import os
from collections.abc import Sequence
from types import ModuleType
from typing import Any, Final

from openwhist.solver.search import NO_TRUMP, Solver, check_position

__all__ = [
    "DDS_FALLBACK_NOTICE",
    "FourHandSolver",
    "dds_available",
]

LOG = logging.getLogger("openwhist.solver")

DDS_FALLBACK_NOTICE: Final = (
    "the DDS double-dummy solver (the endplay package) is not available ({reason}); the "
    "four-hand experts fall back to the slower pure-Python solver and rollouts"
)
"""The one notice logged when ``endplay`` cannot be used."""

FALLBACK_NODES: Final = 60_000
"""Node budget of one pure-Python question when DDS is missing (13-card deals are out of
reach: past it `SearchLimitError` is raised and the caller plays on without an exact value)."""

_dds: ModuleType | None = None
_checked = False
_reason = ""


def _fill(deal: Any, hands: Sequence[int], trump: int, leader: int, trick: Sequence[int]) -> None:
    """Write one position into a DDS ``deal`` structure."""
    deal.trump = 4 if trump < 0 else 3 - trump
    deal.first = leader
    for i in range(3):
        if i < len(trick):
            card = trick[i]
            deal.currentTrickSuit[i] = 3 - card // 13
            deal.currentTrickRank[i] = card % 13 + 2
        else:
            deal.currentTrickSuit[i] = 0
            deal.currentTrickRank[i] = 0
    for seat in range(4):
        row = deal.remainCards[seat]
        hand = hands[seat]
        for suit in range(4):
            row[3 - suit] = ((hand >> (13 * suit)) & 0x1FFF) << 2


def _read(fut: Any) -> dict[int, int]:
    """Every legal card (equal cards expanded) and its score from a DDS ``futureTricks``."""
    out: dict[int, int] = {}
    for i in range(fut.cards):
        score = fut.score[i]
        base = 13 * (3 - fut.suit[i])
        holding = (1 << fut.rank[i]) | fut.equals[i]
        for rank in range(2, 15):
            if holding >> rank & 1:
                out[base + rank - 2] = score
    return dict(sorted(out.items()))


class _Board:
    """The DDS structures one process reuses for its questions (one at a time: DDS's thread
    0; the four-hand experts ask one position after another, so CPU time is what a decision
    costs, and nothing depends on the scheduling of threads)."""

    def __init__(self, dds: ModuleType) -> None:
        self.dds = dds
        self.deal = dds.deal()
        self.fut = dds.futureTricks()

    def solve(
        self, hands: Sequence[int], trump: int, leader: int, trick: Sequence[int]
    ) -> dict[int, int]:
        _fill(self.deal, hands, trump, leader, trick)
        # target -1, solutions 3: the exact value of every legal card; mode 1: always search.
        self.dds.SolveBoard(self.deal, -1, 3, 1, self.fut, 0)
        return _read(self.fut)


_board: _Board | None = None


def _import_binding() -> ModuleType:
    """Load endplay's ctypes binding of DDS (``endplay/_dds/__init__.py``) *by itself*.

    Importing ``endplay`` runs its package ``__init__``, which imports its dealer tools and
    with them matplotlib: seconds of start-up, and UI libraries the solver layer must not
    pull in. The binding itself needs only ctypes and the bundled ``libdds.so`` next to it, so
    it is located with `importlib.util.find_spec` (which does not run the package) and
    executed from its file, under a private name.

    Raises:
        ImportError: endplay is not installed.
        RuntimeError, OSError: its library does not load (the binding's own errors).
    """
    spec = importlib.util.find_spec("endplay")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("No module named 'endplay'")
    folder = os.path.join(next(iter(spec.submodule_search_locations)), "_dds")
    binding = importlib.util.spec_from_file_location(
        "openwhist.solver._endplay_dds",
        os.path.join(folder, "__init__.py"),
        submodule_search_locations=[folder],
    )
    if binding is None or binding.loader is None:
        raise ImportError("endplay's DDS binding (endplay/_dds) is missing")
    module = importlib.util.module_from_spec(binding)
    binding.loader.exec_module(module)
    return module


def _load() -> ModuleType | None:
    """``endplay._dds`` (the ctypes binding of DDS), or ``None`` with the notice logged once."""
    global _dds, _board, _checked, _reason
    if _checked:
        return _dds
    _checked = True
    try:
        module = _import_binding()
        # A trial solve: a library that loads but does not answer is as good as missing.
        board = _Board(module)
        if board.solve((1 << 12, 1 << 25, 1 << 38, 1 << 51), NO_TRUMP, 0, ()) != {12: 1}:
            raise RuntimeError("a trial solve gave a wrong answer")
    except Exception as error:  # ImportError, the library's RuntimeError/OSError, DDSError
        _reason = f"{type(error).__name__}: {error}"
        LOG.warning(DDS_FALLBACK_NOTICE.format(reason=_reason))
        _dds = None
    else:
        _dds, _board = module, board
    return _dds


def dds_available() -> bool:
    """True if DDS answers (``endplay`` installed and its library loads)."""
    return _load() is not None


def _reset_for_tests() -> None:
    """Forget the outcome of loading DDS (tests simulate a missing ``endplay``)."""
    global _dds, _board, _checked, _reason
    _dds, _board, _checked, _reason = None, None, False, ""


Position = tuple[Sequence[int], int, int, Sequence[int]]
"""``(hands, trump, leader, trick)``: four hand masks, 0..3 or `NO_TRUMP`, the seat that led
the current trick, and its cards so far."""


class FourHandSolver:
    """Exact four-hand card values for one trump suit: DDS where it loads, else `Solver`.

    ``backend`` says which answers: ``"dds"`` or ``"python"`` (the fallback, which raises
    `SearchLimitError` past ``fallback_nodes`` nodes per question).
    """

    def __init__(self, *, trump: int, fallback_nodes: int | None = FALLBACK_NODES) -> None:
        if not -1 <= trump <= 3:
            raise ValueError(f"trump must be a suit 0..3 or NO_TRUMP (-1), not {trump}")
        self.trump = trump
        self._dds = _load()
        self.backend = "dds" if self._dds is not None else "python"
        self._python: Solver | None = None
        self._fallback_nodes = fallback_nodes

    def _fallback(self) -> Solver:
        if self._python is None:
            self._python = Solver(seats=4, trump=self.trump, max_nodes=self._fallback_nodes)
        return self._python

    def move_values(
        self, hands: Sequence[int], leader: int, *, trick: Sequence[int] = ()
    ) -> dict[int, int]:
        """For every legal card of the seat to move (``(leader + len(trick)) % 4``): the
        tricks its side takes of those remaining (the current trick included) after it, with
        best play by all; ascending by card. Empty when no card is left.

        Raises:
            ValueError: for an impossible position (`openwhist.solver.check_position`).
            SearchLimitError: the fallback solver's node budget is spent.
        """
        return self.move_values_many([(hands, leader, trick)])[0]

    def move_values_many(
        self, positions: Sequence[tuple[Sequence[int], int, Sequence[int]]]
    ) -> list[dict[int, int]]:
        """`move_values` for several ``(hands, leader, trick)`` positions."""
        for hands, leader, trick in positions:
            check_position(hands, leader, trick, seats=4, trump=self.trump)
        if self._dds is None:
            solver = self._fallback()
            return [solver.move_values(h, ld, trick=t) for h, ld, t in positions]
        board = _board
        assert board is not None  # loaded with _dds
        out: list[dict[int, int]] = []
        for hands, leader, trick in positions:
            if hands[(leader + len(trick)) % 4] == 0:
                out.append({})  # the deal is over: nothing to ask DDS
            else:
                out.append(board.solve(hands, self.trump, leader, trick))
        return out
