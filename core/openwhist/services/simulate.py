"""Bots play whole matches: one game record per match and a summary of the run.

`simulate` plays at least one deal and exactly ``deals`` deals in all: whole matches, one
after another, as many as needed. The last match is **cut short** when the deal budget runs
out before the match ends: its record holds the deals played so far and its result says
``"finished": false``; the summary counts it under ``matches_cut_short`` and it wins nothing.
(With a single-deal match format every match is one deal, so nothing is ever cut.)

Determinism: every random choice derives from one ``random.Random(seed)`` -- the run's
generator draws one 63-bit seed per match; a match's generator draws, in this order, the
first dealer and the seed of the deck generator (used through `Engine.sample_chance`). Each
seat's bot has a stream of its own, `openwhist.bots.bot_rng` of the match's seed and the
seat, which neither consumes nor follows the deck's. So the same seed, variant, options,
house rules and bots give identical records and an identical summary (nothing in them
depends on the clock), and `play_match` with a record's ``seed`` plays that match again by
itself.

Without a seed, the run's seed is drawn from the operating system's CSPRNG
(`random.SystemRandom`) and reported in the summary (``"seed"``, with
``"seed_given": false``), so any run -- including one that found a bug -- can be repeated.

The deals are played on the mutable deal (`openwhist.LiveDeal`), which checks every action.
Bots receive only their seat's view (``deal.observe(seat)``, the same as
``engine.observe(state, seat)``) and the legal actions; a bot that declares
``reads_view = False`` (`Bot`; the random bots) is given a `BlindView` instead, and no view
is built for it. An action that is not legal is a `PluginContractError` naming the bot.
In-process bots are trusted code; with ``isolation`` each bot seat's bot runs in a worker
process of its own (`openwhist.services.isolation`; it is always sent its view), with the same
results.

Memory. Each match's record is built when it ends, only if it is asked for (`MatchOutcome`:
``on_record``, or the ``records`` of a run that is not streamed), and handed to
``on_record`` at once; the summary is kept as running counts. With ``stream=True`` nothing per
match stays in memory: the records are not kept (``on_record`` is the only way to get them)
and the summary's ``results`` (one line per match) is a `Spool` on disk, so a run of
100,000 deals needs the memory of one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from openwhist.bots import bot_rng
from openwhist.bots.base import Bot, BotSpec
from openwhist.game.actions import Action, Deal, Play
from openwhist.game.deal import LiveDeal
from openwhist.game.engine import Engine
from openwhist.game.errors import IllegalActionError, PluginContractError
from openwhist.game.messages import N_, Message, Value
from openwhist.game.options import parse_option_pairs
from openwhist.game.scoring import DealScore, MatchProgress
from openwhist.game.state import CHANCE, TERMINAL, DealState
from openwhist.game.variant import HouseRule
from openwhist.game.views import BlindView
from openwhist.plugins import Catalog
from openwhist.records import GameRecord, PlayerRecord, RecordBuilder
from openwhist.services import UsageError
from openwhist.services.failures import PlayFailureError, failure_context
from openwhist.services.isolation import Isolation, SeatBots
from openwhist.services.spool import Spool

DEFAULT_BOT = "random"
MAX_DEALS = 10_000_000
"""A sanity cap on ``deals`` (a typo such as ``--deals 1e12`` fails fast instead)."""


def parse_options(variant: str, pairs: Sequence[str]) -> dict[str, str]:
    """``["key=value", ...]`` as a dict (values stay strings; the options model converts).

    Raises:
        OptionsError: an item without ``=``, naming the variant.
    """
    return parse_option_pairs(list(pairs), variant=variant)


INPUT_NAMES: Mapping[str, str] = {
    "played": "cards played through the engine (whist play, simulate, arena)",
    "facts": "real-card deals entered with whist record",
}
"""How a refusal names each `HouseRule.inputs` kind."""


def resolve_house_rules(
    catalog: Catalog, variant: str, names: Sequence[str], *, inputs: str = "played"
) -> list[HouseRule]:
    """The named house rules, checked to apply to ``variant`` and to support ``inputs``
    (`HouseRule.inputs`: ``"played"`` for a match played through the engine, ``"facts"``
    for a real-card match score-kept with ``whist record``).

    Raises:
        UsageError: an unknown house rule (with the installed ones), one that does not
            apply to ``variant`` (naming the variants it applies to), or one that does not
            support ``inputs`` (naming what it supports).
    """
    rules = []
    for name in names:
        rule = catalog.house_rules.get(name)
        if rule is None:
            known = ", ".join(sorted(catalog.house_rules)) or "none installed"
            raise UsageError(
                Message(
                    N_("unknown house rule '{name}' (known: {rules})"),
                    {"name": name, "rules": known},
                )
            )
        rules.append(check_house_rule(rule, variant, inputs))
    return rules


def check_house_rule(rule: HouseRule, variant: str, inputs: str | None = "played") -> HouseRule:
    """``rule``, checked to apply to ``variant`` and (unless ``inputs`` is ``None``) to
    support ``inputs`` (`HouseRule.inputs`).

    Raises:
        UsageError: it does not, naming the variants it applies to or what it supports.
    """
    if not rule.applies_to(variant):
        raise UsageError(
            Message(
                N_("house rule '{rule}' applies to {variants}, not {variant}"),
                {"rule": rule.name, "variants": ", ".join(rule.variants), "variant": variant},
            )
        )
    if inputs is not None and not rule.supports(inputs):
        supported = "; ".join(INPUT_NAMES.get(kind, kind) for kind in rule.inputs)
        raise UsageError(
            Message(
                N_(
                    "house rule '{rule}' cannot be used with {inputs}: it supports only {supported}"
                ),
                {
                    "rule": rule.name,
                    "inputs": INPUT_NAMES.get(inputs, inputs),
                    "supported": supported,
                },
            )
        )
    return rule


def describe_bots(catalog: Catalog, variant: str) -> str:
    """The bots that can play ``variant``, for an error message, weakest first as every
    listing orders them (`BotSpec.playing_strength`, then name): ``random, heuristic,
    expert (levels 1, 2, 3)`` (``none`` when there are none)."""
    shown = []
    for spec in sorted(catalog.bots_for(variant), key=lambda s: (s.playing_strength, s.name)):
        levels = f" (levels {', '.join(spec.level_names)})" if spec.levels else ""
        shown.append(spec.name + levels)
    return ", ".join(shown) or "none"


def resolve_bot(catalog: Catalog, variant: str, text: str) -> BotSpec:
    """The bot that ``text`` names for ``variant``: ``NAME`` (at its default level) or
    ``NAME:LEVEL``, as a spec whose ``factory`` builds that level and whose ``label`` names
    it (`BotSpec.with_level`).

    Raises:
        UsageError: an empty name or level, or a bot that cannot play ``variant`` (the
            message lists the ones that can, with their levels).
        UnknownBotLevelError: a level the bot does not have (the message lists its levels).
    """
    name, sep, level = (part.strip() for part in text.strip().partition(":"))
    if not name or (sep and not level):
        raise UsageError(
            Message(
                N_("'{text}' is not a bot: write NAME or NAME:LEVEL (e.g. expert:3)"),
                {"text": text},
            )
        )
    spec = next((s for s in catalog.bots_for(variant) if s.name == name), None)
    if spec is None:
        raise UsageError(
            Message(
                N_("no bot '{name}' can play {variant} (available: {bots})"),
                {"name": name, "variant": variant, "bots": describe_bots(catalog, variant)},
            )
        )
    return spec.with_level(level or None)


def resolve_bots(catalog: Catalog, variant: str, seats: int, names: Sequence[str]) -> list[BotSpec]:
    """One bot spec per seat: ``names`` has one bot (every seat) or one per seat, each
    ``NAME`` or ``NAME:LEVEL`` (`resolve_bot`).

    Raises:
        UsageError: a wrong number of names, an unknown bot, or one that cannot play
            ``variant``.
        UnknownBotLevelError: a level the bot does not have.
    """
    if not names:
        names = [catalog.variant(variant).default_bot or DEFAULT_BOT]
    if len(names) == 1:
        names = list(names) * seats
    if len(names) != seats:
        raise UsageError(
            Message(
                N_("{variant} has {seats} seats: give one bot for all, or one per seat"),
                {"variant": variant, "seats": seats},
            )
        )
    return [resolve_bot(catalog, variant, name) for name in names]


def play_deal(
    engine: Engine,
    state: DealState[Any],
    players: Sequence[Bot],
    names: Sequence[str],
    chance: random.Random,
    *,
    label: Message,
    on_chance: Callable[[Deal], None] | None = None,
    on_deal: Callable[[LiveDeal], None] | None = None,
) -> DealState[Any]:
    """Play ``state`` to its end with one bot per seat; return the finished deal.

    The deal is played on the mutable deal (`LiveDeal`), which checks every action. Each
    bot sees only its seat's view and the legal actions -- or, for a bot that declares
    ``reads_view = False``, a `BlindView` (no view is built for it). A bot's illegal choice
    is a contract error naming the bot (a bot is third-party code). Chance actions are drawn
    from ``chance`` and passed to ``on_chance`` (the arena keeps the deck orders).
    ``on_deal`` is given the live deal before the first action: only the arena's
    measurement mode uses it, to show the deal to its perfect-information bot
    (`openwhist.services.ceiling`); no player's bot is ever shown it.

    Raises:
        PluginContractError: a bot chose an illegal action, or the deal ran past the
            variant's ``max_actions`` (``label`` names the deal in the message).
    """
    variant = engine.variant
    deal = LiveDeal(engine, state)
    if on_deal is not None:
        on_deal(deal)
    push, legal_actions = deal.push, deal.legal_actions
    # Per seat: None (build the seat's view at each decision), or the bot's blind view.
    blind = [
        None if bot.reads_view else BlindView(f"bot {names[seat]!r}")
        for seat, bot in enumerate(players)
    ]
    limit = variant.max_actions
    steps = 0
    while (actor := deal.to_act) != TERMINAL:
        steps += 1
        if steps > limit:
            raise PluginContractError(
                Message(
                    N_("{variant}: {label} still running after {limit} actions (max_actions)"),
                    {"variant": variant.name, "label": label, "limit": limit},
                )
            )
        if actor == CHANCE:
            dealt = engine.sample_chance(deal, chance)
            if on_chance is not None:
                on_chance(dealt)
            push(dealt)
            continue
        legal = legal_actions()
        view = blind[actor]
        action = players[actor].choose(deal.observe(actor) if view is None else view, legal)
        try:
            # `type` first: the ABC's isinstance costs about 1 µs a card (timeit, loaded
            # machine: 1.2 against 0.26 µs), a tenth of a random deal.
            if type(action) is not Play and not isinstance(action, Action):
                raise IllegalActionError(
                    Message(N_("'{action}' is not an action"), {"action": action})
                )
            push(action)
        except IllegalActionError:
            raise PluginContractError(
                Message(
                    N_("bot '{bot}' chose {action}, which is not legal (legal: {legal})"),
                    {
                        "bot": names[actor],
                        "action": str(action),
                        "legal": " ".join(a.notation() for a in legal),
                    },
                )
            ) from None
    return deal.snapshot()


class MatchOutcome:
    """One simulated match: the scores of its finished deals, where the match stands after
    them (``progress``), and its game record.

    The record is built when it is first asked for (then kept): a run that keeps no
    records (``whist simulate`` without ``--records``) never pays for building them.
    """

    def __init__(
        self,
        build: Callable[[], RecordBuilder],
        deals: list[tuple[DealState[Any], DealScore, MatchProgress]],
        progress: MatchProgress,
    ) -> None:
        self.scores: list[DealScore] = [score for _, score, _ in deals]
        self.progress = progress
        self._build: Callable[[], RecordBuilder] | None = build
        self._deals = deals
        self._record: GameRecord | None = None

    @property
    def record(self) -> GameRecord:
        """The match's game record (built on first use)."""
        if self._record is None:
            assert self._build is not None
            builder = self._build()
            for state, score, after in self._deals:
                builder.add_deal(state, score, after)
            self._record = builder.build(self.progress)
            self._build, self._deals = None, []
        return self._record


def play_match(
    engine: Engine,
    bots: Sequence[BotSpec],
    *,
    seed: int,
    max_deals: int,
    distribution: str | None = None,
    version: str | None = None,
    seat_bots: SeatBots | None = None,
) -> MatchOutcome:
    """Play one match with ``bots`` (one per seat) until it ends or ``max_deals`` are played.

    All randomness derives from ``seed`` (see the module docstring). ``seat_bots`` builds
    the bots (in worker processes where it isolates them); default: in-process.

    Raises:
        PluginContractError: a bot chose an action that is not legal, or a deal ran past the
            variant's ``max_actions``.
    """
    variant = engine.variant
    rng = random.Random(seed)
    first_dealer = engine.choose_first_dealer(rng)
    chance = random.Random(rng.getrandbits(64))
    players: list[Bot] = [
        spec.factory(variant.name, bot_rng(seed, s))
        if seat_bots is None
        else seat_bots.build(s, spec, bot_rng(seed, s))
        for s, spec in enumerate(bots)
    ]
    names = [spec.label for spec in bots]

    def builder() -> RecordBuilder:
        return RecordBuilder(
            engine,
            first_dealer=first_dealer,
            seed=seed,
            players=[
                PlayerRecord(seat=s, name=engine.seat_names[s], kind=f"bot:{label}")
                for s, label in enumerate(names)
            ],
            distribution=distribution,
            version=version,
        )

    progress = engine.start_match(first_dealer)
    deals: list[tuple[DealState[Any], DealScore, MatchProgress]] = []
    provider = f"{distribution} {version}" if distribution else None
    # A bot's or a rule hook's exception names the plugin, the variant, seed and deal.
    with failure_context(
        variant=variant.name, provider=provider, seed=seed, deal=lambda: progress.deals + 1
    ):
        while not progress.finished and len(deals) < max_deals:
            state = play_deal(
                engine,
                engine.next_deal(progress),
                players,
                names,
                chance,
                label=Message(N_("deal {number}"), {"number": progress.deals + 1}),
            )
            score = engine.score(state)
            progress = engine.advance_match(progress, score)
            deals.append((state, score, progress))
    return MatchOutcome(builder, deals, progress)


@dataclass
class Simulation:
    """The outcome of `simulate`: the run's summary, and one record per match unless the
    run was streamed (``stream=True``: ``records`` is empty and ``summary["results"]`` is a
    `Spool` of the per-match lines instead of a list)."""

    seed: int
    records: list[GameRecord] = field(default_factory=list)
    summary: dict[str, Any] = field(default_factory=dict)
    result_messages: list[dict[str, Any]] | Spool = field(default_factory=list)
    """``summary["results"]`` as translatable messages (`Message.as_dict`), one per match in
    the same order, for a front end that shows them in its reader's language (a `Spool`
    when the run was streamed; not part of the summary, which stays as scripts read it)."""


def simulate(
    catalog: Catalog,
    variant: str,
    *,
    options: Mapping[str, Any] | None = None,
    house_rules: Sequence[str] = (),
    bots: Sequence[str] = (),
    deals: int = 100,
    seed: int | None = None,
    on_record: Callable[[GameRecord], None] | None = None,
    isolation: Isolation | None = None,
    stream: bool = False,
    players: int | None = None,
) -> Simulation:
    """Play ``deals`` deals of ``variant`` in whole matches with bots.

    Args:
        catalog: the plugin catalog.
        variant: a variant name or alias.
        options: raw option values (strings are fine), validated by the variant's model.
        house_rules: names of house rules to enable.
        bots: one bot for every seat, or one per seat (default ``random``): ``NAME`` or
            ``NAME:LEVEL`` (`resolve_bot`).
        deals: how many deals to play in all (>= 1).
        seed: the run's seed; ``None`` draws one from the OS CSPRNG (reported).
        on_record: called with each match record as soon as the match is over (or cut),
            before the next match starts.
        isolation: which bots run in worker processes (`openwhist.services.isolation`); ``None``:
            every bot in-process (trusted code).
        stream: keep nothing per match in memory: no ``records`` (use ``on_record``), and
            ``summary["results"]`` is a `Spool` (see the module docstring).
        players: the number of seats of every match (``--players N``, one of
            `Variant.allowed_seats`; ``None``: the variant's default count).

    Raises:
        UnknownVariantError: with suggestions.
        OptionsError: field by field; `SeatCountError` for a count the variant does not
            seat.
        UsageError: bad ``deals``, unknown house rule or bot.
        UnknownBotLevelError: a level a bot does not have.
        BotFailedError: an isolated bot crashed, hung or chose an illegal action.
    """
    if not 1 <= deals <= MAX_DEALS:
        raise UsageError(
            Message(
                N_("--deals must be between 1 and {max_deals}, got {deals}"),
                {"max_deals": MAX_DEALS, "deals": deals},
            )
        )
    seed_given = seed is not None
    if seed is None:
        seed = random.SystemRandom().getrandbits(63)
    the_variant = catalog.variant(variant)
    entry = catalog.variants[the_variant.name]
    rules = resolve_house_rules(catalog, the_variant.name, house_rules)
    engine = Engine(
        the_variant, the_variant.make_options(options or {}), house_rules=rules, seats=players
    )
    specs = resolve_bots(catalog, the_variant.name, engine.seats, bots)

    master = random.Random(seed)
    result = Simulation(seed)
    tally = _Tally(engine.seats, Spool() if stream else [], Spool() if stream else [])
    result.result_messages = tally.messages
    played = 0
    seats = SeatBots(catalog, the_variant.name, engine.seat_names, isolation)
    while played < deals:
        try:
            outcome = play_match(
                engine,
                specs,
                seed=master.getrandbits(63),
                max_deals=deals - played,
                distribution=entry.distribution,
                version=entry.version,
                seat_bots=seats,
            )
        except PlayFailureError as failure:
            raise failure.within(seed=seed, match=tally.matches + 1) from failure.cause
        if not outcome.scores:
            raise PluginContractError(
                Message(
                    N_("{variant}: a new match is already finished"),
                    {"variant": the_variant.name},
                )
            )
        played += len(outcome.scores)
        tally.add(outcome)
        if not stream:
            result.records.append(outcome.record)
        if on_record is not None:
            on_record(outcome.record)
        # Nothing of this match outlives the loop when streaming (the tally keeps counts).
        del outcome
    seats.close()  # (on an error, the workers stop when `seats` is collected)
    result.summary = {
        "variant": the_variant.name,
        "title": the_variant.title,
        "distribution": entry.distribution,
        "version": entry.version,
        "options": engine.options.model_dump(mode="json"),
        "house_rules": [rule.name for rule in rules],
        "bots": [spec.label for spec in specs],
        "seed": seed,
        "seed_given": seed_given,
        **tally.summary(engine.seat_names),
    }
    return result


class _Tally:
    """Running counts for the summary; the per-match result lines go to ``results`` (a
    list, or a `Spool` when the run is streamed)."""

    def __init__(
        self,
        seats: int,
        results: list[str] | Spool,
        messages: list[dict[str, Any]] | Spool,
    ) -> None:
        self.seats = seats
        self.parties: tuple[str, ...] = ()
        self.deals = 0
        self.matches = 0
        self.finished = 0
        self.cut_short = 0
        self.match_wins: list[int] = []
        self.match_ties = 0
        self.deal_wins: list[int] = []
        self.deal_ties = 0
        self.points: list[int] = []
        self.tricks = [0] * seats
        self.results = results
        self.messages = messages
        self.events: dict[str, int] = {}
        self.deals_with: dict[str, int] = {}

    def add(self, outcome: MatchOutcome) -> None:
        result = outcome.progress  # what the record's result says, without building it
        if not self.parties:
            self.parties = tuple(result.parties)
            zeros = [0] * len(self.parties)
            self.match_wins, self.deal_wins, self.points = zeros[:], zeros[:], zeros[:]
        self.matches += 1
        summary: Value = (
            result.summary_message if result.summary_message is not None else result.summary
        )
        line = Message(
            N_("match {number}: {summary}")
            if result.finished
            else N_("match {number}: {summary} (cut short)"),
            {"number": self.matches, "summary": summary},
        )
        self.results.append(line.render())
        self.messages.append(line.as_dict())
        if not result.finished:
            self.cut_short += 1
        else:
            self.finished += 1
            if result.winner is None:
                self.match_ties += 1
            else:
                self.match_wins[result.winner] += 1
        for score in outcome.scores:
            self.deals += 1
            if score.winner is None:
                self.deal_ties += 1
            else:
                self.deal_wins[score.winner] += 1
            for party in range(len(self.parties)):
                self.points[party] += score.points(party)
            for seat, won in enumerate(score.tricks):
                self.tricks[seat] += won
            events = score.facts.get("events") or {}
            for name, count in sorted(events.items()):
                self.events[name] = self.events.get(name, 0) + int(count)
                self.deals_with[name] = self.deals_with.get(name, 0) + (1 if count else 0)

    def summary(self, seat_names: Sequence[str]) -> dict[str, Any]:
        per_deal = max(self.deals, 1)
        return {
            "deals": self.deals,
            "matches": self.matches,
            "matches_finished": self.finished,
            "matches_cut_short": self.cut_short,
            "parties": list(self.parties),
            "match_wins": self.match_wins,
            "match_ties": self.match_ties,
            "deal_wins": self.deal_wins,
            "deal_ties": self.deal_ties,
            "points": self.points,
            "points_per_deal": [round(p / per_deal, 3) for p in self.points],
            "seats": list(seat_names),
            "average_tricks": [round(t / per_deal, 3) for t in self.tricks],
            "results": self.results,
            "events": {
                name: {"total": total, "deals": self.deals_with[name]}
                for name, total in sorted(self.events.items())
            },
        }


__all__ = [
    "DEFAULT_BOT",
    "INPUT_NAMES",
    "MatchOutcome",
    "Simulation",
    "check_house_rule",
    "describe_bots",
    "parse_options",
    "play_deal",
    "play_match",
    "resolve_bot",
    "resolve_bots",
    "resolve_house_rules",
    "simulate",
]
