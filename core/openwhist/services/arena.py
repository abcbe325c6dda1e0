"""The arena: registered bots play each other deal by deal; statistics with 95 % intervals.

`run_arena` plays ``deals`` **boards**. A board is one deck sequence (a seeded generator
draws every deck the board needs, redeals included) and one dealer (board ``i`` is dealt by
seat ``i mod seats``). Each board is played as the **first deal of a fresh match**
(``engine.start_match(dealer)`` then ``engine.next_deal``), so it is scored by the variant's
own scoring with a real match context (a partnership game's honours and game points at love
all), and no
deal's result depends on another's: that is what makes boards independent statistical
trials, lets duplicate mode replay a board exactly and lets the work be split freely between
processes.

Entrants and seats (``--bots``). Each name in ``bots`` is one *entrant*: a bot's name, or
``NAME:LEVEL`` for a bot at one of its levels (``expert:1,expert:3`` compares two levels of
one bot); a name given twice is two entrants, the second labelled ``NAME#2`` (so
``random,random`` compares a bot with itself). At least two entrants are needed.

* Partnership variants: two names, one per side -- N-S the first, E-W the second
  -- or one name per seat.
* Individual seats: one name per seat, or fewer names repeated in seat order (seat ``s``
  gets entrant ``s mod k``): at four seats N, E, S, W, ``expert,random`` puts ``expert`` at
  N and S, ``random`` at E and W.

Results are reported per entrant, aggregated over every seat it holds, **per seat**: an
entrant that holds several scoring parties in a deal (``expert,heuristic`` at five
individual seats holds A, C and E) counts each of its seats' deals on its own -- a seat wins
when it alone has the top, ties when it shares the top -- so its win rate is the share of
its seats that won, never "a deal any of its seats won". Its points and tricks are the mean
over its seats. Its win rate is its seats' wins out of its seats' deals with a Wilson interval
(at most one seat wins a deal alone, so the interval errs on the wide side); its tie rate,
since its seats may tie together, the mean per-deal share of its seats that tied, with a t
interval. The pairwise differences are of the per-deal shares of seats won. ``by_seat``
breaks each entrant's figures down by the seat it sat in. With one party per entrant (two seats, two
partnerships, one name per seat) nothing changes.

Duplicate mode plays every board ``R`` times with the same dealer and the same decks and the
seats rotated, so each entrant plays every hand of the same cards. Rotation ``r`` seats at
seat ``s`` the entrant of seat ``(s - r) mod seats``; ``R`` is the smallest shift that gives
the starting seating back: 2 at two seats (the seats swap), 2 for two partnerships (the
sides swap), 4 at four individual seats with four entrants (each sits in all four seats)
but 2 with ``expert,random`` (N-S and E-W swap). Rotation 0 is the board as a plain run
plays it (the same decks and bot generators).

Whole matches (``matches``, ``whist arena --matches N``). Each board is instead a whole match
in the variant's match format under the chosen options -- a rubber, a best-of or point
match, an evening of a fixed number of deals -- started by seat ``i mod seats`` and played
until ``MatchProgress.finished`` (or cut short after `MAX_MATCH_DEALS` deals). Deal ``k`` of the
match is dealt from a generator seeded by the board and ``k``, so in duplicate mode every
rotation of a match board is dealt the same cards deal by deal (as long as both matches
last), with the seats rotated as above. An entrant wins a match when the match's winning
party is one it holds -- per seat: of three seats one match is one win and two losses, a
win share of 1/3 -- and a tied match, or one cut short, is a tie for every seat. Match
wins get Wilson intervals and the pairwise differences are paired by match board; every
deal of every match also feeds the per-deal figures (paired by match board in duplicate
mode).

Determinism: board ``i``'s seed is the ``i``-th 63-bit draw of ``random.Random(seed)``; a
board's generator draws the deck generator's seed. Each seat's bot has a stream of its own,
`openwhist.bots.bot_rng` of the board's seed and the seat (and the rotation, after the
first), which neither consumes nor follows the deck's. Boards are grouped in chunks (at most
`CHUNK_BOARDS`, fewer for short runs so that every worker gets several) and played in worker
processes (`concurrent.futures.ProcessPoolExecutor`) or in-process (``workers=1``); a
board's play depends only on its own seed, and the results are put back in board order, so
the same seed gives an identical result for any worker count and any chunking.

Winning a deal. The deal's winning party is the variant's ``DealScore.winner`` when it names
one; otherwise (a tie, or a variant whose deals have no winner) the
party with strictly the most points wins, and several parties sharing the top score tie. A
seat's party *wins* a deal when it alone has the top, *ties* when it shares it, and loses
otherwise; an entrant's outcome is its seats' (one outcome per party it holds: with
``expert,random`` at four individual seats N and S, a deal whose top N and S share is a
tie for each of the two, not a win).

Every deal is played by `simulate.play_deal`, on the mutable deal (`openwhist.LiveDeal`).
Bots receive only ``engine.observe(state, seat)`` and the legal actions (a bot that
declares ``reads_view = False`` a `BlindView`: no view is built for it); an action not among
them is a `PluginContractError` naming the bot. Bots from third-party distributions run in
worker processes by default (``isolation``; `openwhist.services.isolation`), each seat's in its own;
``Isolation("all")`` isolates every bot, ``Isolation("none")`` none. Results do not change.
The one exception to "only the view" is measurement mode (``measurement=True``): the entrant
named ``perfect`` is then the perfect-information bot (`openwhist.services.ceiling`), built in
the arena's process and shown the live deal; no registered bot is ever shown it.
"""

from __future__ import annotations

import hashlib
import math
import os
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from dataclasses import replace as _replace
from itertools import chain, combinations, repeat
from typing import Any

from openwhist.bots import bot_rng
from openwhist.bots.base import Bot, BotSpec
from openwhist.game.engine import Engine
from openwhist.game.errors import PluginContractError
from openwhist.game.messages import N_, Message
from openwhist.game.scoresheet import Statistic
from openwhist.game.variant import Variant
from openwhist.plugins import Catalog, load_catalog
from openwhist.services import UsageError
from openwhist.services.ceiling import PERFECT, ROLLOUT_BOT, PerfectInformationBot
from openwhist.services.isolation import Isolation, SeatBots
from openwhist.services.simulate import MAX_DEALS, play_deal, resolve_bot, resolve_house_rules
from openwhist.services.spool import Spool

CONFIDENCE = 0.95
"""The confidence level of every interval the arena reports."""

Z95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95 % interval."""

CHUNK_BOARDS = 10
"""The most boards in one unit of work handed to a process (results never depend on it)."""

MAX_WORKERS = 64
"""A sanity cap on ``workers``."""

_T975 = (
    12.706205,
    4.302653,
    3.182446,
    2.776445,
    2.570582,
    2.446912,
    2.364624,
    2.306004,
    2.262157,
    2.228139,
    2.200985,
    2.178813,
    2.160369,
    2.144787,
    2.131450,
    2.119905,
    2.109816,
    2.100922,
    2.093024,
    2.085963,
    2.079614,
    2.073873,
    2.068658,
    2.063899,
    2.059539,
    2.055529,
    2.051831,
    2.048407,
    2.045230,
    2.042272,
)
"""Student's t 97.5 % quantiles for 1..30 degrees of freedom (standard tables)."""


# -- statistics ---------------------------------------------------------------------------


def t_quantile_975(df: int) -> float:
    """Student's t quantile for a two-sided 95 % interval with ``df`` degrees of freedom.

    Exact table values up to 30 degrees of freedom; beyond, the Cornish-Fisher expansion
    around the normal quantile (error below 1e-6 there).

    Raises:
        ValueError: ``df < 1``.
    """
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, got {df}")
    if df <= len(_T975):
        return _T975[df - 1]
    z, v = Z95, float(df)
    return (
        z
        + (z**3 + z) / (4 * v)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * v**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * v**3)
        + (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / (92160 * v**4)
    )


@dataclass(frozen=True)
class Estimate:
    """A point estimate with its 95 % interval over ``n`` observations.

    ``value`` is ``None`` without observations; ``low``/``high`` are ``None`` when the
    interval is undefined (no observation, or a mean of a single one).
    """

    value: float | None
    low: float | None
    high: float | None
    n: int

    def as_dict(self) -> dict[str, Any]:
        """JSON-safe form, rounded to 6 decimals."""
        return {
            "value": _round(self.value),
            "low": _round(self.low),
            "high": _round(self.high),
            "n": self.n,
        }

    def contains(self, x: float) -> bool:
        """True when ``x`` lies inside the interval (False when it is undefined)."""
        return self.low is not None and self.high is not None and self.low <= x <= self.high


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 6)


def wilson_interval(successes: int, n: int, z: float = Z95) -> Estimate:
    """The proportion ``successes / n`` with its Wilson score interval.

    Raises:
        ValueError: counts out of range.
    """
    if n < 0 or not 0 <= successes <= max(n, 0):
        raise ValueError(f"need 0 <= successes <= n, got {successes} of {n}")
    if n == 0:
        return Estimate(None, None, None, 0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), n)


def mean_interval(values: Sequence[float], bounds: tuple[float, float] | None = None) -> Estimate:
    """The mean of ``values`` with its Student-t 95 % interval (sample standard deviation).

    ``bounds``, when given, is the range the mean cannot leave (a difference of two rates
    lies in [-1, 1]); the interval is clipped to it.
    """
    return _interval(len(values), lambda: iter(values), bounds)


def _interval(
    n: int, values: Callable[[], Iterator[float]], bounds: tuple[float, float] | None
) -> Estimate:
    """`mean_interval` of the ``n`` values that each call of ``values`` iterates."""
    if n == 0:
        return Estimate(None, None, None, 0)
    mean = math.fsum(values()) / n
    if n == 1:
        return Estimate(mean, None, None, 1)
    var = math.fsum((v - mean) ** 2 for v in values()) / (n - 1)
    half = t_quantile_975(n - 1) * math.sqrt(var / n)
    low, high = mean - half, mean + half
    if bounds is not None:
        low, high = max(bounds[0], low), min(bounds[1], high)
    return Estimate(mean, low, high, n)


# -- entrants and seats -------------------------------------------------------------------


@dataclass(frozen=True)
class Lineup:
    """Who sits where.

    Attributes:
        labels: one label per entrant (the bot as given, ``NAME`` or ``NAME:LEVEL``;
            ``NAME#2`` for a repeated name).
        bots: the bot of each entrant as given (``NAME`` or ``NAME:LEVEL``).
        seats: the entrant index of each seat in rotation 0.
        rotations: how many times each board is played (1, or the duplicate rotations).
    """

    labels: tuple[str, ...]
    bots: tuple[str, ...]
    seats: tuple[int, ...]
    rotations: int

    def at(self, rotation: int) -> tuple[int, ...]:
        """The entrant index of each seat in ``rotation`` (seats shifted by ``rotation``)."""
        n = len(self.seats)
        return tuple(self.seats[(s - rotation) % n] for s in range(n))


def make_lineup(
    variant: Variant, names: Sequence[str], *, duplicate: bool, seats: int | None = None
) -> Lineup:
    """Seat the entrants named by ``names`` at a table of ``seats`` (``None``: the
    variant's default count; see the module docstring for the rule).

    Raises:
        UsageError: fewer than two names, or a count that does not fit the table.
        SeatCountError: a number of seats the variant does not allow.
    """
    names = [n.strip() for n in names]
    if any(not n for n in names):
        raise UsageError(Message(N_("--bots: empty bot name (give names separated by commas)")))
    seat_names = variant.names_for(seats)
    seats = len(seat_names)
    # Partnerships belong to the default count only (`Variant` refuses them otherwise).
    sides = variant.partnerships if seats == variant.seats else ()
    if len(names) < 2:
        raise UsageError(
            Message(
                N_(
                    "--bots: give at least two bots to compare, separated by commas, e.g. "
                    "--bots heuristic,random"
                )
            )
        )
    if sides:
        if len(names) == len(sides):
            seat_entrant = [
                next(i for i, side in enumerate(sides) if s in side) for s in range(seats)
            ]
        elif len(names) == seats:
            seat_entrant = list(range(seats))
        else:
            raise UsageError(
                Message(
                    N_(
                        "--bots: {variant} is played in {count} partnerships: give {count} "
                        "bots (one per side: {sides}) or {seats} (one per seat), not "
                        "{given}"
                    ),
                    {
                        "variant": variant.name,
                        "count": len(sides),
                        "sides": ", ".join("-".join(seat_names[s] for s in side) for side in sides),
                        "seats": seats,
                        "given": len(names),
                    },
                )
            )
    else:
        if len(names) > seats:
            template = (
                N_("--bots: {variant} has {seats} seats: give one bot per seat, not {count}")
                if seats == 2
                else N_("--bots: {variant} has {seats} seats: give 2 to {seats} bots, not {count}")
            )
            raise UsageError(
                Message(template, {"variant": variant.name, "seats": seats, "count": len(names)})
            )
        seat_entrant = [s % len(names) for s in range(seats)]
    labels: list[str] = []
    seen: dict[str, int] = {}
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        labels.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    rotations = 1
    if duplicate:
        if sides and not _shift_keeps_sides(sides, seats):
            raise UsageError(
                Message(
                    N_("--duplicate: {variant}'s partnerships do not swap by moving one seat"),
                    {"variant": variant.name},
                )
            )
        # The period of the seating under a one-seat shift: every entrant then holds every
        # seat once (two seats: swap; two sides: swap sides; four players: all four seats).
        rotations = next(
            r
            for r in range(1, seats + 1)
            if all(seat_entrant[(s - r) % seats] == seat_entrant[s] for s in range(seats))
        )
    return Lineup(tuple(labels), tuple(names), tuple(seat_entrant), rotations)


def _shift_keeps_sides(sides: Sequence[Sequence[int]], seats: int) -> bool:
    as_sets = {frozenset(side) for side in sides}
    for shift in range(1, len(sides)):
        moved = {frozenset((s + shift) % seats for s in side) for side in sides}
        if moved != as_sets or any(
            frozenset((s + shift) % seats for s in side) == frozenset(side) for side in sides
        ):
            return False
    return True


def resolve_entrant_bots(catalog: Catalog, variant: str, names: Sequence[str]) -> list[BotSpec]:
    """The bot spec of each name: ``NAME`` or ``NAME:LEVEL`` (`simulate.resolve_bot`).

    Raises:
        UsageError: an unknown bot, naming the bots that can play ``variant``.
        UnknownBotLevelError: a level the bot does not have, naming its levels.
    """
    return [resolve_bot(catalog, variant, name) for name in names]


# -- playing boards -----------------------------------------------------------------------


@dataclass(frozen=True)
class PlayResult:
    """One board played in one rotation.

    Attributes:
        board: the board index (0-based).
        rotation: the rotation (0 in a plain run).
        dealer: the dealing seat.
        seats: the entrant index of each seat.
        decks: every deck order dealt, in order (more than one after a redeal).
        parties: the scoring parties' names.
        points: the deal's points per party (the sum of its score lines).
        winner: the variant's ``DealScore.winner``.
        top: the winning parties by the arena's rule (one party, or the tied top scorers).
        tricks: tricks won per seat.
        statistics: per statistic the variant declares for the arena (`Variant.statistics`,
            in order), per party its ``(value, out_of)`` for this deal.
        deal: in a whole-match run (``matches``), the deal's number in its match (1-based);
            ``None`` when every board is one deal.
    """

    board: int
    rotation: int
    dealer: int
    seats: tuple[int, ...]
    decks: tuple[tuple[int, ...], ...]
    parties: tuple[str, ...]
    points: tuple[int, ...]
    winner: int | None
    top: tuple[int, ...]
    tricks: tuple[int, ...]
    statistics: tuple[tuple[tuple[int, int], ...], ...] = ()
    deal: int | None = None

    def deck_digest(self) -> str:
        """A short fingerprint of the decks dealt (equal decks, equal digest)."""
        data = ";".join(",".join(map(str, deck)) for deck in self.decks)
        return hashlib.sha256(data.encode()).hexdigest()[:16]

    def as_dict(
        self,
        labels: Sequence[str],
        seat_names: Sequence[str],
        statistics: Sequence[str] = (),
    ) -> dict[str, Any]:
        """JSON-safe form, entrants by label; ``statistics``: the names of `statistics`.
        A deal of a whole-match run also names its number in the match (``"deal"``)."""
        out: dict[str, Any] = {
            "board": self.board,
            "rotation": self.rotation,
            "dealer": seat_names[self.dealer],
            "seats": {seat_names[s]: labels[e] for s, e in enumerate(self.seats)},
            "deck": self.deck_digest(),
            "points": dict(zip(self.parties, self.points, strict=True)),
            "winner": None if self.winner is None else self.parties[self.winner],
            "top": [self.parties[p] for p in self.top],
            "tricks": list(self.tricks),
            "statistics": {
                name: {
                    party: list(tally) for party, tally in zip(self.parties, per_party, strict=True)
                }
                for name, per_party in zip(statistics, self.statistics, strict=True)
            },
        }
        if self.deal is not None:
            out["deal"] = self.deal
        return out


@dataclass(frozen=True)
class MatchPlay:
    """One whole match (``matches`` runs) played on one board in one rotation.

    Attributes:
        board: the match board's index (0-based).
        rotation: the rotation (0 in a plain run).
        first_dealer: the seat that dealt the first deal.
        seats: the entrant index of each seat.
        parties: the scoring parties' names.
        deals: the deals played.
        finished: whether the match ended (``False``: cut short at `MAX_MATCH_DEALS`).
        winner: the winning party (``MatchProgress.winner``); ``None`` for a tie or a match
            cut short.
        totals: the match's totals per party when it ended (``MatchProgress.totals``: the
            variant's running points, e.g. rubber points).
        summary: the variant's one-line summary of the match (untranslated).
    """

    board: int
    rotation: int
    first_dealer: int
    seats: tuple[int, ...]
    parties: tuple[str, ...]
    deals: int
    finished: bool
    winner: int | None
    totals: tuple[int, ...]
    summary: str = ""

    def as_dict(self, labels: Sequence[str], seat_names: Sequence[str]) -> dict[str, Any]:
        """JSON-safe form, entrants by label."""
        return {
            "board": self.board,
            "rotation": self.rotation,
            "first_dealer": seat_names[self.first_dealer],
            "seats": {seat_names[s]: labels[e] for s, e in enumerate(self.seats)},
            "deals": self.deals,
            "finished": self.finished,
            "winner": None if self.winner is None else self.parties[self.winner],
            "totals": dict(zip(self.parties, self.totals, strict=True)),
            "summary": self.summary,
        }


MAX_MATCH_DEALS = 200
"""A whole match still running after this many deals is cut short (it wins nobody
anything): a guard against a match format that never ends between two bots."""


@dataclass(frozen=True)
class _Job:
    """A chunk of boards for one process: everything needed, by name (picklable)."""

    variant: str
    options: tuple[tuple[str, Any], ...]
    house_rules: tuple[str, ...]
    lineup: Lineup
    boards: tuple[tuple[int, int], ...]
    """``(index, seed)`` of each board."""
    isolation: Isolation | None = None
    players: int | None = None
    """The number of seats (``None``: the variant's default count)."""
    matches: bool = False
    """Whether each board is a whole match (else the first deal of one)."""
    measurement: bool = False
    """Whether the entrant name `PERFECT` is the perfect-information bot."""


class _Table:
    """An engine and the entrants' bot specs, built once per process and job setup."""

    def __init__(self, catalog: Catalog, job: _Job) -> None:
        variant = catalog.variant(job.variant)
        rules = resolve_house_rules(catalog, variant.name, job.house_rules)
        self.engine = Engine(
            variant,
            variant.make_options(dict(job.options)),
            house_rules=rules,
            seats=job.players,
        )
        self.measurement = job.measurement
        self.specs = [
            _perfect_spec(catalog, variant.name)
            if name == PERFECT and job.measurement
            else _resolve_or_refuse_perfect(catalog, variant.name, name)
            for name in job.lineup.bots
        ]
        self.rollout_spec = (
            _rollout_spec(catalog, variant.name) if PERFECT in job.lineup.bots else None
        )
        self.party_of = _party_map(variant, self.engine)
        self.statistics = arena_statistics(variant)
        self.seat_bots = SeatBots(catalog, variant.name, self.engine.seat_names, job.isolation)

    def play_board(self, lineup: Lineup, index: int, seed: int) -> list[PlayResult]:
        """Every rotation of board ``index`` (seeded by ``seed``)."""
        seats = self.engine.seats
        rng = random.Random(seed)
        deck_seed = rng.getrandbits(64)
        dealer = index % seats
        return [
            self.play(
                index,
                r,
                dealer,
                lineup.at(r),
                deck_seed,
                [bot_rng(seed, s, stream=f"rotation{r}" if r else "") for s in range(seats)],
            )
            for r in range(lineup.rotations)
        ]

    def play_match_board(
        self, lineup: Lineup, index: int, seed: int
    ) -> list[PlayResult | MatchPlay]:
        """Every rotation of match board ``index``: each a whole match, its deals first
        (`PlayResult` with ``deal`` set), then the match (`MatchPlay`). Deal ``k`` of the
        match is dealt from a generator of its own (the board's deck seed and ``k``), so
        every rotation deals the same cards as long as its match lasts."""
        seats = self.engine.seats
        rng = random.Random(seed)
        deck_seed = rng.getrandbits(64)
        dealer = index % seats
        out: list[PlayResult | MatchPlay] = []
        for r in range(lineup.rotations):
            out.extend(
                self.play_match(
                    index,
                    r,
                    dealer,
                    lineup.at(r),
                    deck_seed,
                    [bot_rng(seed, s, stream=f"rotation{r}" if r else "") for s in range(seats)],
                )
            )
        return out

    def play_match(
        self,
        board: int,
        rotation: int,
        dealer: int,
        seats: tuple[int, ...],
        deck_seed: int,
        bot_rngs: Sequence[random.Random],
    ) -> list[PlayResult | MatchPlay]:
        """Play one whole match (at most `MAX_MATCH_DEALS` deals); its deals, then itself."""
        engine = self.engine
        specs = [self.specs[e] for e in seats]
        players = self._players(specs, bot_rngs)
        progress = engine.start_match(dealer)
        out: list[PlayResult | MatchPlay] = []
        while not progress.finished and progress.deals < MAX_MATCH_DEALS:
            number = progress.deals + 1
            chance = random.Random(f"{deck_seed}:{number}")
            play, score = self._play_deal(
                board,
                rotation,
                progress.dealer,
                seats,
                specs,
                players,
                chance,
                engine.next_deal(progress),
                label=Message(
                    N_("match board {board}, deal {number}"), {"board": board, "number": number}
                ),
                number=number,
            )
            out.append(play)
            progress = engine.advance_match(progress, score)
        out.append(
            MatchPlay(
                board=board,
                rotation=rotation,
                first_dealer=dealer,
                seats=seats,
                parties=tuple(progress.parties),
                deals=progress.deals,
                finished=progress.finished,
                winner=progress.winner if progress.finished else None,
                totals=tuple(progress.totals),
                summary=progress.summary or "",
            )
        )
        return out

    def play(
        self,
        board: int,
        rotation: int,
        dealer: int,
        seats: tuple[int, ...],
        deck_seed: int,
        bot_rngs: Sequence[random.Random],
    ) -> PlayResult:
        """Play one deal as the first deal of a fresh match."""
        engine = self.engine
        specs = [self.specs[e] for e in seats]
        players = self._players(specs, bot_rngs)
        chance = random.Random(deck_seed)
        return self._play_deal(
            board,
            rotation,
            dealer,
            seats,
            specs,
            players,
            chance,
            engine.next_deal(engine.start_match(dealer)),
            label=Message(N_("board {board}"), {"board": board}),
        )[0]

    def _players(self, specs: Sequence[BotSpec], bot_rngs: Sequence[random.Random]) -> list[Bot]:
        """The bot of each seat: built by the seat bots (isolated where they say so), the
        perfect-information bot in-process (measurement mode only)."""
        players: list[Bot] = []
        for s, (spec, r) in enumerate(zip(specs, bot_rngs, strict=True)):
            if self.measurement and spec.name == PERFECT and self.rollout_spec is not None:
                bot: Bot = PerfectInformationBot(self.engine, self.rollout_spec, self.party_of, r)
            else:
                bot = self.seat_bots.build(s, spec, r)
            players.append(bot)
        return players

    def _play_deal(
        self,
        board: int,
        rotation: int,
        dealer: int,
        seats: tuple[int, ...],
        specs: Sequence[BotSpec],
        players: Sequence[Bot],
        chance: random.Random,
        start: Any,
        *,
        label: Message,
        number: int | None = None,
    ) -> tuple[PlayResult, Any]:
        """Play the deal ``start`` to its end; its result and its `DealScore`."""
        engine = self.engine
        decks: list[tuple[int, ...]] = []
        state = play_deal(
            engine,
            start,
            players,
            [spec.label for spec in specs],
            chance,
            label=label,
            on_chance=lambda deal: decks.append(tuple(deal.order)),
            on_deal=_show_deal(players) if self.measurement else None,
        )
        score = engine.score(state)
        points = tuple(score.points(p) for p in range(len(score.parties)))
        if score.winner is not None:
            top: tuple[int, ...] = (score.winner,)
        else:
            best = max(points)
            top = tuple(p for p, x in enumerate(points) if x == best)
        statistics = tuple(
            tuple((t.value, t.out_of) for t in stat.of_deal(score)) for stat in self.statistics
        )
        play = PlayResult(
            board=board,
            rotation=rotation,
            dealer=dealer,
            seats=seats,
            decks=tuple(decks),
            parties=tuple(score.parties),
            points=points,
            winner=score.winner,
            top=top,
            tricks=tuple(score.tricks),
            statistics=statistics,
            deal=number,
        )
        return play, score

    def run(self, job: _Job) -> list[PlayResult | MatchPlay]:
        out: list[PlayResult | MatchPlay] = []
        for index, seed in job.boards:
            if job.matches:
                out.extend(self.play_match_board(job.lineup, index, seed))
            else:
                out.extend(self.play_board(job.lineup, index, seed))
        return out


def _show_deal(players: Sequence[Bot]) -> Callable[[Any], None]:
    """Measurement mode: show each new deal to the perfect-information bots among
    ``players`` (and to nobody else)."""
    peeking = [p for p in players if isinstance(p, PerfectInformationBot)]

    def show(deal: Any) -> None:
        for bot in peeking:
            bot.watch(deal)

    return show


def _perfect_spec(catalog: Catalog, variant: str) -> BotSpec:
    """The spec the arena labels the perfect-information bot with (its factory is never
    called: `_Table._players` builds the bot, which needs the engine)."""
    _rollout_spec(catalog, variant)  # the variant must have a bot to play its play-outs

    def refuse(name: str, rng: random.Random) -> Bot:  # pragma: no cover - never called
        raise PluginContractError(
            Message(N_("the perfect-information bot is built by the arena only"))
        )

    return BotSpec(PERFECT, "sees all cards; measurement only", refuse, variants=(variant,))


def _rollout_spec(catalog: Catalog, variant: str) -> BotSpec:
    """The bot the perfect-information bot plays its play-outs with."""
    return resolve_bot(catalog, variant, ROLLOUT_BOT)


def _resolve_or_refuse_perfect(catalog: Catalog, variant: str, name: str) -> BotSpec:
    """``name``'s registered spec; for `PERFECT` without the measurement flag, a usage
    error that says how to ask for the perfect-information bot (unless a plugin registers
    a bot of that name, which is then the one meant)."""
    if name != PERFECT:
        return resolve_bot(catalog, variant, name)
    try:
        return resolve_bot(catalog, variant, name)
    except UsageError:
        raise UsageError(
            Message(
                N_(
                    "--bots: '{perfect}' is the perfect-information bot, for "
                    "measurement only: add --measurement to seat it in the arena "
                    "(no match can seat it)"
                ),
                {"perfect": PERFECT},
            )
        ) from None


def arena_statistics(variant: Variant) -> tuple[Statistic, ...]:
    """The statistics ``variant`` declares for the arena (`Statistic.reports`), in order."""
    return tuple(s for s in variant.statistics if s.reported_in("arena"))


def _party_map(variant: Variant, engine: Engine) -> tuple[int, ...]:
    """The scoring party of each seat: the seat itself, or its side."""
    parties = engine.start_match(0).parties
    if len(parties) == engine.seats:
        return tuple(range(engine.seats))
    if variant.partnerships and len(parties) == len(variant.partnerships):
        return tuple(
            next(i for i, side in enumerate(variant.partnerships) if s in side)
            for s in range(engine.seats)
        )
    raise PluginContractError(
        Message(
            N_("{variant}: cannot tell which of the parties {parties} each seat belongs to"),
            {"variant": variant.name, "parties": str(parties)},
        )
    )


# Worker-process state. Under the "fork" start method the parent's catalog is inherited
# through _PARENT_CATALOG (set only while the pool starts); otherwise the worker loads
# its own with the picklable factory handed to the initializer.
_PARENT_CATALOG: Catalog | None = None
_WORKER_CATALOG: Catalog | None = None
_WORKER_TABLES: dict[tuple[Any, ...], _Table] = {}


def _init_worker(factory: Callable[[], Catalog]) -> None:
    global _WORKER_CATALOG
    _WORKER_CATALOG = _PARENT_CATALOG if _PARENT_CATALOG is not None else factory()
    _WORKER_TABLES.clear()


def _job_key(job: _Job) -> tuple[Any, ...]:
    return (
        job.variant,
        repr(job.options),
        job.house_rules,
        job.lineup,
        job.isolation,
        job.players,
        job.matches,
        job.measurement,
    )


def _run_job(job: _Job) -> list[PlayResult | MatchPlay]:
    """Entry point in a worker process."""
    key = _job_key(job)
    table = _WORKER_TABLES.get(key)
    if table is None:
        catalog = _WORKER_CATALOG if _WORKER_CATALOG is not None else load_catalog()
        table = _WORKER_TABLES[key] = _Table(catalog, job)
    return table.run(job)


# -- the run ------------------------------------------------------------------------------


@dataclass
class ArenaResult:
    """The outcome of `run_arena`: every play, in board then rotation order, and the summary.

    When the run was streamed (``stream=True``) ``plays`` is empty and the summary's
    ``deal_results`` is a `Spool` (on disk) instead of a list; close it when done.
    """

    seed: int
    plays: list[PlayResult] = field(default_factory=list)
    summary: dict[str, Any] = field(default_factory=dict)


def default_workers() -> int:
    """``min(2, os.cpu_count())``."""
    return max(1, min(2, os.cpu_count() or 1))


def run_arena(
    catalog: Catalog,
    variant: str,
    *,
    bots: Sequence[str],
    deals: int = 100,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    house_rules: Sequence[str] = (),
    duplicate: bool = False,
    workers: int | None = None,
    on_progress: Callable[[int, int], None] | None = None,
    catalog_factory: Callable[[], Catalog] = load_catalog,
    isolation: Isolation | None = None,
    stream: bool = False,
    players: int | None = None,
    matches: int | None = None,
    measurement: bool = False,
) -> ArenaResult:
    """Play ``deals`` boards of ``variant`` between the bots named in ``bots`` -- or, with
    ``matches``, that many whole-match boards (see "Whole matches" in the module docstring).

    The plays are taken in board order as they come back from the workers and folded into
    running statistics (`summarise`), so memory does not grow with ``deals`` except for what
    the caller asks to keep: the plays and the summary's ``deal_results`` list, or with
    ``stream=True`` neither (``deal_results`` is then a `Spool` on disk).

    Args:
        catalog: the plugin catalog (used in-process and to check the request).
        variant: a variant name or alias.
        bots: one bot per entrant, ``NAME`` or ``NAME:LEVEL`` (see the module docstring for
            the seating rule).
        deals: how many boards (each played once, or once per rotation in duplicate mode).
        seed: the run's seed; ``None`` draws one from the OS CSPRNG (reported).
        options: raw option values, validated by the variant's model.
        house_rules: names of house rules to enable.
        duplicate: replay every board with the seats rotated.
        workers: processes to play in (default `default_workers`); 1 plays in-process.
        on_progress: called with ``(boards done, boards in all)`` as work completes.
        catalog_factory: how a worker process that does not inherit ``catalog`` (a start
            method other than fork) loads one; must be picklable (a module-level function).
            It also loads the plugins of isolated bots' workers, unless ``isolation`` names
            its own factory.
        isolation: which bots run in worker processes (`openwhist.services.isolation`); ``None``
            (the default): the bots of third-party distributions.
        stream: keep nothing per deal in memory (see above).
        players: the number of seats at every board (``--players N``, one of
            `Variant.allowed_seats`; ``None``: the variant's default count).
        matches: play this many whole matches per rotation instead of ``deals`` first
            deals (``deals`` is then ignored); the summary gains ``"matches"`` (match wins
            with intervals) and ``"match_results"``, and every deal of every match feeds
            the per-deal figures.
        measurement: let the entrant name ``perfect`` be the perfect-information bot
            (`openwhist.services.ceiling`), which sees every card -- the ladder's ceiling;
            without it that name is refused.

    Raises:
        UnknownVariantError: with suggestions.
        OptionsError: field by field.
        UsageError: bad counts, an unknown bot (with the bots that can play the variant) or
            house rule.
        UnknownBotLevelError: a level a bot does not have (with its levels).
        PluginContractError: a bot chose an illegal action (`BotFailedError`: an isolated
            bot crashed, hung or chose an illegal action).
    """
    if isolation is None:
        isolation = Isolation("third-party")
    if isolation.catalog_factory is load_catalog:
        isolation = _replace(isolation, catalog_factory=catalog_factory)
    if matches is not None:
        if not 1 <= matches <= MAX_DEALS:
            raise UsageError(
                Message(
                    N_("--matches must be between 1 and {max_deals}, got {matches}"),
                    {"max_deals": MAX_DEALS, "matches": matches},
                )
            )
        deals = matches
    if not 1 <= deals <= MAX_DEALS:
        raise UsageError(
            Message(
                N_("--deals must be between 1 and {max_deals}, got {deals}"),
                {"max_deals": MAX_DEALS, "deals": deals},
            )
        )
    if workers is None:
        workers = default_workers()
    if not 1 <= workers <= MAX_WORKERS:
        raise UsageError(
            Message(
                N_("--workers must be between 1 and {max_workers}, got {workers}"),
                {"max_workers": MAX_WORKERS, "workers": workers},
            )
        )
    seed_given = seed is not None
    if seed is None:
        seed = random.SystemRandom().getrandbits(63)
    elif seed < 0:
        raise UsageError(Message(N_("--seed must be 0 or more, got {seed}"), {"seed": seed}))
    the_variant = catalog.variant(variant)
    entry = catalog.variants[the_variant.name]
    lineup = make_lineup(the_variant, bots, duplicate=duplicate, seats=players)
    raw_options = tuple(sorted((options or {}).items()))
    job_base = _Job(
        the_variant.name,
        raw_options,
        tuple(house_rules),
        lineup,
        boards=(),
        isolation=isolation,
        players=players,
        matches=matches is not None,
        measurement=measurement,
    )
    table = _Table(catalog, job_base)  # validates options, house rules and bots here
    seat_names = table.engine.seat_names

    # About four chunks per worker at least, so slow bots keep every process busy.
    size = max(1, min(CHUNK_BOARDS, -(-deals // (4 * workers))))
    n_jobs = -(-deals // size)
    master = random.Random(seed)
    # Board i's seed is the i-th draw, made as the chunks are handed out (not all at once).
    jobs = (
        _Job(
            the_variant.name,
            raw_options,
            tuple(house_rules),
            lineup,
            tuple((i, master.getrandbits(63)) for i in range(start, min(start + size, deals))),
            isolation,
            players,
            matches is not None,
            measurement,
        )
        for start in range(0, deals, size)
    )
    result = ArenaResult(seed)
    stats = _Stats(lineup, table.party_of, seat_names, table.statistics)
    match_stats = _MatchStats(lineup, table.party_of, seat_names)
    match_results: list[dict[str, Any]] = []
    names = [stat.name for stat in table.statistics]
    deal_results: list[dict[str, Any]] | Spool = Spool() if stream else []

    def take(chunk: list[PlayResult | MatchPlay]) -> None:
        for play in chunk:
            if isinstance(play, MatchPlay):
                match_stats.add(play)
                match_results.append(play.as_dict(lineup.labels, seat_names))
                continue
            stats.add(play)
            deal_results.append(play.as_dict(lineup.labels, seat_names, names))
            if not stream:
                result.plays.append(play)

    try:
        if workers == 1 or n_jobs == 1:
            done = 0
            if on_progress is not None:
                on_progress(0, deals)
            for job in jobs:
                take(table.run(job))
                done += len(job.boards)
                if on_progress is not None:
                    on_progress(done, deals)
        else:
            _run_in_pool(
                catalog, catalog_factory, jobs, min(workers, n_jobs), deals, on_progress, take
            )
    except BaseException:
        if isinstance(deal_results, Spool):
            deal_results.close()
        raise
    result.summary = {
        "variant": the_variant.name,
        "title": the_variant.title,
        "distribution": entry.distribution,
        "version": entry.version,
        "options": table.engine.options.model_dump(mode="json"),
        "house_rules": [rule.name for rule in table.engine.house_rules],
        "bots": list(lineup.bots),
        "entrants": list(lineup.labels),
        "isolated": [
            label
            for label, spec in zip(lineup.labels, table.specs, strict=True)
            if not (measurement and spec.name == PERFECT) and table.seat_bots.isolates(spec)
        ],
        **({"measurement": True} if measurement else {}),
        "seats": {seat_names[s]: lineup.labels[e] for s, e in enumerate(lineup.seats)},
        "seed": seed,
        "seed_given": seed_given,
        "duplicate": duplicate,
        "rotations": lineup.rotations,
        "boards": deals,
        "plays": stats.plays,
        "statistics": [
            {"name": stat.name, "label": stat.label, "description": stat.description}
            for stat in table.statistics
        ],
        "confidence": CONFIDENCE,
        **stats.summary(),
        "deal_results": deal_results,
    }
    if matches is not None:
        result.summary["matches"] = match_stats.summary()
        result.summary["match_results"] = match_results
    return result


def _run_in_pool(
    catalog: Catalog,
    factory: Callable[[], Catalog],
    jobs: Iterator[_Job],
    workers: int,
    total: int,
    on_progress: Callable[[int, int], None] | None,
    take: Callable[[list[PlayResult | MatchPlay]], None],
) -> None:
    """Play ``jobs`` in ``workers`` processes and hand each chunk's plays to ``take`` in job
    order. At most four chunks per worker are submitted or waiting for an earlier one, so
    neither the jobs nor their results pile up in memory however many boards there are."""
    global _PARENT_CATALOG
    window = 4 * workers
    pending: dict[Future[list[PlayResult | MatchPlay]], tuple[int, int]] = {}
    ready: dict[int, list[PlayResult | MatchPlay]] = {}
    submitted = 0

    def submit_more(executor: ProcessPoolExecutor) -> None:
        nonlocal submitted
        while len(pending) + len(ready) < window:
            job = next(jobs, None)
            if job is None:
                return
            pending[executor.submit(_run_job, job)] = (submitted, len(job.boards))
            submitted += 1

    _PARENT_CATALOG = catalog
    try:
        executor = ProcessPoolExecutor(
            max_workers=workers, initializer=_init_worker, initargs=(factory,)
        )
        # Under fork every worker starts at the first submit and inherits the catalog.
        submit_more(executor)
    finally:
        _PARENT_CATALOG = None
    done = taken = 0
    try:
        if on_progress is not None:
            on_progress(0, total)
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in sorted(finished, key=lambda f: pending[f][0]):
                k, boards = pending.pop(future)
                ready[k] = future.result()  # a worker's error is raised here
                done += boards
                if on_progress is not None:
                    on_progress(done, total)
            while taken in ready:
                take(ready.pop(taken))
                taken += 1
            submit_more(executor)
    finally:
        executor.shutdown(wait=True, cancel_futures=True)


# -- statistics of a run ------------------------------------------------------------------


def _held(play: PlayResult, entrant: int, party_of: Sequence[int]) -> list[int]:
    """The parties ``entrant`` holds in ``play``, in order."""
    return sorted({party_of[s] for s, e in enumerate(play.seats) if e == entrant})


def _party_outcome(top: Sequence[int], party: int) -> str:
    """``"win"`` (``party`` alone has the top), ``"tie"`` (it shares the top) or ``"loss"``."""
    if party not in top:
        return "loss"
    return "win" if len(top) == 1 else "tie"


def _outcomes(play: PlayResult, entrant: int, party_of: Sequence[int]) -> tuple[int, int, int]:
    """How many of the parties ``entrant`` holds in ``play`` won, tied and lost, each on its
    own (`_party_outcome`): one party, one outcome; several, one each."""
    counts = {"win": 0, "tie": 0, "loss": 0}
    for party in _held(play, entrant, party_of):
        counts[_party_outcome(play.top, party)] += 1
    return counts["win"], counts["tie"], counts["loss"]


def _score(play: PlayResult, entrant: int, party_of: Sequence[int]) -> float:
    """The mean points of the parties ``entrant`` holds in ``play``."""
    held = _held(play, entrant, party_of)
    return sum(play.points[p] for p in held) / len(held)


def _tricks(play: PlayResult, entrant: int, party_of: Sequence[int]) -> float:
    """The mean tricks of the parties ``entrant`` holds (a side's tricks are its seats')."""
    held = _held(play, entrant, party_of)
    per_party = [sum(t for s, t in enumerate(play.tricks) if party_of[s] == p) for p in held]
    return sum(per_party) / len(held)


class _Sample:
    """The observations of one series as counts of each distinct value, so memory grows
    with the distinct values (a few dozen scores), not with the deals.

    `estimate` gives exactly what `mean_interval` gives for the list of observations in any
    order: it computes the same ``math.fsum`` sums over the same multiset of floats, and
    ``fsum`` is correctly rounded, so the order of its terms does not change its result.
    """

    def __init__(self) -> None:
        self.counts: dict[float, int] = {}
        self.n = 0

    def add(self, value: float) -> None:
        self.counts[value] = self.counts.get(value, 0) + 1
        self.n += 1

    def estimate(self, bounds: tuple[float, float] | None = None) -> Estimate:
        """`mean_interval` of the observations."""
        return _interval(self.n, self._values, bounds)

    def _values(self) -> Iterator[float]:
        return chain.from_iterable(repeat(v, c) for v, c in self.counts.items())


class _SeatFigures:
    """One entrant's running figures from one seat (``by_seat``)."""

    def __init__(self) -> None:
        self.deals = self.wins = self.ties = 0
        self.score = _Sample()


class _Entrant:
    """One entrant's running counts and samples. The counts are per seat held (`_outcomes`);
    ``tie_share`` is its per-deal share of seats tied."""

    def __init__(self, statistics: int) -> None:
        self.wins = self.ties = self.losses = 0
        self.seat_deals = 0
        self.most_parties = 0
        self.tie_share = _Sample()
        self.by_seat: dict[int, _SeatFigures] = {}
        # Per declared statistic: the sums of value and out_of over the parties it held.
        self.values = [0] * statistics
        self.out_of = [0] * statistics
        self.score = _Sample()
        self.tricks = _Sample()
        self.board_win = _Sample()
        self.board_score = _Sample()


class _Stats:
    """The running statistics of a run: plays are added one by one, in board then rotation
    order (a board's rotations one after another), and `summary` gives `summarise`'s dict.

    Per-play figures are folded into `_Sample`s at once; per-board means (duplicate mode)
    when the board's last rotation has been added. The sums over a board's rotations are
    made in rotation order, as the list-based computation made them.
    """

    def __init__(
        self,
        lineup: Lineup,
        party_of: Sequence[int],
        seat_names: Sequence[str],
        statistics: Sequence[Statistic] = (),
    ):
        self.lineup = lineup
        self.statistics = tuple(statistics)
        self.party_of = party_of
        self.seat_names = seat_names
        self.duplicate = lineup.rotations > 1
        self.plays = 0
        k = len(lineup.labels)
        self.entrants = [_Entrant(len(self.statistics)) for _ in range(k)]
        self.pairs = list(combinations(range(k), 2))
        self.d_win = [_Sample() for _ in self.pairs]
        self.d_score = [_Sample() for _ in self.pairs]
        # Per pair, per declared statistic with an ``out_of``: the paired difference of the
        # two entrants' rates (a deal's, or a board's over its rotations), counted only
        # where both had something to count (a board where both bots played a
        # contract).
        self.d_stat = [[_Sample() for _ in self.statistics] for _ in self.pairs]
        # The board being added (duplicate mode): its index, rotations seen, and the sums
        # over them of each entrant's win and score and of each pair's differences.
        self.board: int | None = None
        self.board_plays = 0
        self.sum_win = [0.0] * k
        self.sum_score = [0.0] * k
        self.sum_d_win = [0.0] * len(self.pairs)
        self.sum_d_score = [0.0] * len(self.pairs)
        self.sum_stat = [[[0, 0] for _ in self.statistics] for _ in range(k)]

    def add(self, play: PlayResult) -> None:
        party_of = self.party_of
        self.plays += 1
        win: list[float] = []
        score: list[float] = []
        for e, entrant in enumerate(self.entrants):
            won, tied, lost = _outcomes(play, e, party_of)
            count = won + tied + lost
            entrant.wins += won
            entrant.ties += tied
            entrant.losses += lost
            entrant.seat_deals += count
            entrant.most_parties = max(entrant.most_parties, count)
            # One party: 1 or 0, as ever; several: the share of its seats that won.
            win.append(won / count)
            entrant.tie_share.add(tied / count)
            score.append(_score(play, e, party_of))
            for s, who in enumerate(play.seats):
                if who != e:
                    continue
                at = entrant.by_seat.setdefault(s, _SeatFigures())
                outcome = _party_outcome(play.top, party_of[s])
                at.deals += 1
                at.wins += outcome == "win"
                at.ties += outcome == "tie"
                at.score.add(float(play.points[party_of[s]]))
            entrant.score.add(score[e])
            entrant.tricks.add(_tricks(play, e, party_of))
            if play.statistics:
                # Each party the entrant held counts once (partners are one party).
                held = {party_of[s] for s, who in enumerate(play.seats) if who == e}
                for i, per_party in enumerate(play.statistics):
                    for party in held:
                        value, out_of = per_party[party]
                        entrant.values[i] += value
                        entrant.out_of[i] += out_of
                        self.sum_stat[e][i][0] += value
                        self.sum_stat[e][i][1] += out_of
        d_win = [win[a] - win[b] for a, b in self.pairs]
        d_score = [score[a] - score[b] for a, b in self.pairs]
        if not self.duplicate:
            for i in range(len(self.pairs)):
                self.d_win[i].add(d_win[i])
                self.d_score[i].add(d_score[i])
            self._add_stat_differences()
            return
        if play.board != self.board:
            self._end_board()
            self.board = play.board
        self.board_plays += 1
        for e in range(len(self.entrants)):
            self.sum_win[e] += win[e]
            self.sum_score[e] += score[e]
        for i in range(len(self.pairs)):
            self.sum_d_win[i] += d_win[i]
            self.sum_d_score[i] += d_score[i]

    def _end_board(self) -> None:
        """Fold the board being added into the per-board samples, and start afresh."""
        c = self.board_plays
        if not c:
            return
        for e, entrant in enumerate(self.entrants):
            entrant.board_win.add(self.sum_win[e] / c)
            entrant.board_score.add(self.sum_score[e] / c)
        for i in range(len(self.pairs)):
            self.d_win[i].add(self.sum_d_win[i] / c)
            self.d_score[i].add(self.sum_d_score[i] / c)
        self._add_stat_differences()
        self.board_plays = 0
        self.sum_win = [0.0] * len(self.sum_win)
        self.sum_score = [0.0] * len(self.sum_score)
        self.sum_d_win = [0.0] * len(self.sum_d_win)
        self.sum_d_score = [0.0] * len(self.sum_d_score)

    def _add_stat_differences(self) -> None:
        """Fold the statistics' sums of the deal (plain run) or board (duplicate) into the
        pairs' rate differences, and start the sums afresh."""
        for p, (a, b) in enumerate(self.pairs):
            for i in range(len(self.statistics)):
                va, oa = self.sum_stat[a][i]
                vb, ob = self.sum_stat[b][i]
                if oa and ob:
                    self.d_stat[p][i].add(va / oa - vb / ob)
        for sums in self.sum_stat:
            for pair in sums:
                pair[0] = pair[1] = 0

    def summary(self) -> dict[str, Any]:
        """`summarise`'s dict for the plays added so far."""
        self._end_board()
        lineup, n = self.lineup, self.plays
        results = []
        for e, entrant in enumerate(self.entrants):
            several = entrant.most_parties > 1
            item: dict[str, Any] = {
                "bot": lineup.labels[e],
                "name": lineup.bots[e],
                "seats": [self.seat_names[s] for s, who in enumerate(lineup.seats) if who == e],
                "deals": n,
                "seat_deals": entrant.seat_deals,
                "per_seat": several,
                "wins": entrant.wins,
                "ties": entrant.ties,
                "losses": entrant.losses,
                # Per seat: the seats' wins out of the seats' deals, Wilson interval (one
                # party a deal: as ever). At most one seat wins a deal alone, so its seats'
                # wins are negatively correlated and the interval errs on the wide side.
                # Its seats may tie together, so the tie rate of several is the mean share
                # of seats tied, with a t interval.
                "win_rate": wilson_interval(entrant.wins, entrant.seat_deals).as_dict(),
                "tie_rate": (
                    entrant.tie_share.estimate((0.0, 1.0))
                    if several
                    else wilson_interval(entrant.ties, n)
                ).as_dict(),
                "by_seat": [
                    {
                        "seat": self.seat_names[s],
                        "deals": at.deals,
                        "wins": at.wins,
                        "ties": at.ties,
                        "win_rate": wilson_interval(at.wins, at.deals).as_dict(),
                        "score": at.score.estimate().as_dict(),
                    }
                    for s, at in sorted(entrant.by_seat.items())
                ],
                "score": entrant.score.estimate().as_dict(),
                "tricks": entrant.tricks.estimate().as_dict(),
                "statistics": {
                    stat.name: {
                        "value": entrant.values[i],
                        "out_of": entrant.out_of[i],
                        "rate": (
                            wilson_interval(entrant.values[i], entrant.out_of[i]).as_dict()
                            if entrant.out_of[i]
                            else None
                        ),
                    }
                    for i, stat in enumerate(self.statistics)
                },
            }
            if self.duplicate:
                histogram = [0] * (lineup.rotations + 1)
                for share, count in entrant.board_win.counts.items():
                    histogram[round(share * lineup.rotations)] += count
                item["board_win_share"] = entrant.board_win.estimate((0.0, 1.0)).as_dict()
                item["board_score"] = entrant.board_score.estimate().as_dict()
                item["boards_by_rotations_won"] = histogram
            results.append(item)
        comparisons = [
            {
                "a": lineup.labels[a],
                "b": lineup.labels[b],
                "paired_by": "board" if self.duplicate else "deal",
                "win_rate_difference": self.d_win[i].estimate((-1.0, 1.0)).as_dict(),
                "score_difference": self.d_score[i].estimate().as_dict(),
                "statistics": {
                    stat.name: (
                        self.d_stat[i][j].estimate((-1.0, 1.0)).as_dict()
                        if self.d_stat[i][j].n
                        else None
                    )
                    for j, stat in enumerate(self.statistics)
                },
            }
            for i, (a, b) in enumerate(self.pairs)
        ]
        return {"results": results, "comparisons": comparisons}


class _MatchStats:
    """The running match figures of a whole-match run: per entrant its matches won, tied
    (a tied match, or one cut short) and lost, with Wilson intervals, and the mean match
    totals it held; per pair of entrants the difference of match wins, paired by match
    board (averaged over its rotations) in duplicate mode, by match otherwise."""

    def __init__(self, lineup: Lineup, party_of: Sequence[int], seat_names: Sequence[str]):
        self.lineup = lineup
        self.party_of = party_of
        self.seat_names = seat_names
        k = len(lineup.labels)
        self.n = 0
        self.cut_short = 0
        self.wins = [0] * k
        self.ties = [0] * k
        self.losses = [0] * k
        self.totals = [_Sample() for _ in range(k)]
        self.seat_matches = [0] * k
        self.most_parties = [0] * k
        self.deals = _Sample()
        self.pairs = list(combinations(range(k), 2))
        self.d_win = [_Sample() for _ in self.pairs]
        self.board: int | None = None
        self.board_sums = [0.0] * len(self.pairs)
        self.board_plays = 0

    def add(self, play: MatchPlay) -> None:
        self.n += 1
        self.deals.add(float(play.deals))
        if not play.finished:
            self.cut_short += 1
        won: list[float] = []
        for e in range(len(self.lineup.labels)):
            held = {self.party_of[s] for s, who in enumerate(play.seats) if who == e}
            # Per seat, as for deals: of several seats only the winner's wins the match.
            self.seat_matches[e] += len(held)
            self.most_parties[e] = max(self.most_parties[e], len(held))
            if play.winner is None:
                self.ties[e] += len(held)
                won.append(0.0)
            elif play.winner in held:
                self.wins[e] += 1
                self.losses[e] += len(held) - 1
                won.append(1.0 / len(held))
            else:
                self.losses[e] += len(held)
                won.append(0.0)
            self.totals[e].add(sum(play.totals[p] for p in held) / len(held))
        diffs = [won[a] - won[b] for a, b in self.pairs]
        if self.lineup.rotations == 1:
            for i, d in enumerate(diffs):
                self.d_win[i].add(d)
            return
        if play.board != self.board:
            self._end_board()
            self.board = play.board
        self.board_plays += 1
        for i, d in enumerate(diffs):
            self.board_sums[i] += d

    def _end_board(self) -> None:
        if self.board_plays:
            for i in range(len(self.pairs)):
                self.d_win[i].add(self.board_sums[i] / self.board_plays)
        self.board_plays = 0
        self.board_sums = [0.0] * len(self.pairs)

    def summary(self) -> dict[str, Any]:
        """The ``"matches"`` part of `run_arena`'s summary."""
        self._end_board()
        lineup = self.lineup
        return {
            "matches": self.n,
            "cut_short": self.cut_short,
            "max_deals": MAX_MATCH_DEALS,
            "deals_per_match": self.deals.estimate().as_dict(),
            "results": [
                {
                    "bot": lineup.labels[e],
                    "name": lineup.bots[e],
                    "matches": self.n,
                    "seat_matches": self.seat_matches[e],
                    "per_seat": self.most_parties[e] > 1,
                    "wins": self.wins[e],
                    "ties": self.ties[e],
                    "losses": self.losses[e],
                    # Per seat (one winner a match: the interval errs on the wide side).
                    "win_rate": wilson_interval(self.wins[e], self.seat_matches[e]).as_dict(),
                    "totals": self.totals[e].estimate().as_dict(),
                }
                for e in range(len(lineup.labels))
            ],
            "comparisons": [
                {
                    "a": lineup.labels[a],
                    "b": lineup.labels[b],
                    "paired_by": "board" if lineup.rotations > 1 else "match",
                    "win_rate_difference": self.d_win[i].estimate((-1.0, 1.0)).as_dict(),
                }
                for i, (a, b) in enumerate(self.pairs)
            ],
        }


def summarise(
    plays: Iterable[PlayResult],
    lineup: Lineup,
    party_of: Sequence[int],
    boards: int,
    seat_names: Sequence[str],
    statistics: Sequence[Statistic] = (),
) -> dict[str, Any]:
    """Per-entrant results, pairwise comparisons and (duplicate) per-board figures;
    ``statistics``: the variant's arena statistics, whose tallies the plays carry.

    Every interval is 95 %: Wilson for rates, Student t for means. Comparisons are paired:
    per deal in a plain run, per board (averaged over its rotations) in duplicate mode.
    ``plays`` come in board then rotation order (as `run_arena` plays them), each board's
    rotations together; they are read once and not kept.

    Raises:
        ValueError: a play of a board outside ``range(boards)``.
    """
    stats = _Stats(lineup, party_of, seat_names, statistics)
    for play in plays:
        if not 0 <= play.board < boards:
            raise ValueError(f"play of board {play.board}, outside the {boards} boards")
        stats.add(play)
    return stats.summary()


__all__ = [
    "CHUNK_BOARDS",
    "CONFIDENCE",
    "MAX_MATCH_DEALS",
    "ArenaResult",
    "Estimate",
    "Lineup",
    "MatchPlay",
    "PlayResult",
    "default_workers",
    "make_lineup",
    "mean_interval",
    "resolve_entrant_bots",
    "run_arena",
    "summarise",
    "t_quantile_975",
    "wilson_interval",
]
