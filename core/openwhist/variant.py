"""What a variant plugin registers: `Variant`, `HouseRule` and `BotSpec` (with `BotLevel`).

A plugin's ``whist_register_variants`` hook calls ``register(Variant(...))``. The variant
object is metadata plus a *rules plugin*: an object whose ``whist_*`` rule hooks are stacked
on the core's standard rules for every match of that variant (see hookspecs.py).
"""

from __future__ import annotations

import abc
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel

from openwhist.actions import Play
from openwhist.errors import UnknownBotLevelError
from openwhist.messages import Message
from openwhist.options import VariantOptions, validate_options

if TYPE_CHECKING:
    from random import Random

    from openwhist.actions import Action
    from openwhist.views import PlayerView


@dataclass(frozen=True)
class Variant:
    """A playable variant.

    Attributes:
        name: the unique id used on the command line and in the ledger (``german``).
        title: the display name (``German Whist``).
        description: one line for menus and listings.
        seat_names: one short name per seat (``("A", "B")``, ``("N", "E", "S", "W")``).
        rules: the rules plugin object (its ``whist_*`` methods are rule hookimpls).
        options: the options model (a `VariantOptions` subclass).
        preset: option values that differ from the model's defaults (a preset variant
            such as ``american`` reuses ``english``'s rules and model).
        partnerships: the sides as tuples of seats, or ``()`` when each plays alone.
        max_actions: an upper bound on actions in one deal (termination check).
        aliases: other accepted names.
        default_bot: the bot that fills seats when none is named (``whist simulate``): a
            variant whose uniformly random calls would almost never pass (Israeli) names
            a better-behaved random bot here.
        facts: the deal-facts model a score-keeper fills in for a real-card deal (what the
            variant's ``whist_deal_facts`` returns and ``whist_score_facts`` reads).
        rule_changes: the changes of this variant's rules that make a match recorded by an
            older version of its distribution score differently now (`RuleChange`), oldest
            first. Replay refuses such a record, and the ledger refuses to add deals to such
            a match, naming the change, instead of mixing two scorings (see
            `Variant.changed_rules`).
    """

    name: str
    title: str
    description: str
    seat_names: tuple[str, ...]
    rules: object
    options: type[BaseModel] = VariantOptions
    preset: Mapping[str, Any] = field(default_factory=dict)
    partnerships: tuple[tuple[int, ...], ...] = ()
    max_actions: int = 200
    aliases: tuple[str, ...] = ()
    facts: type[BaseModel] | None = None
    default_bot: str = "random"
    rule_changes: tuple[RuleChange, ...] = ()

    @property
    def seats(self) -> int:
        """Number of seats."""
        return len(self.seat_names)

    def make_options(self, raw: Mapping[str, Any] | None = None) -> BaseModel:
        """The validated options: model defaults, then the preset, then ``raw``.

        Raises:
            OptionsError: field by field.
        """
        return validate_options(self.options, raw or {}, variant=self.name, preset=self.preset)

    def changed_rules(self, options: BaseModel, version: str | None) -> RuleChange | None:
        """The first of `rule_changes` that a match with ``options`` (validated), recorded by
        version ``version`` of this variant's distribution, falls under: a change made in a
        later version whose ``affects(options)`` is true. ``None`` when nothing changed for
        these options since that version, or when the version is unknown (``None``, empty)
        or not a plain release number (``0.1.0``, ``2.0``) -- then nothing can be said.
        """
        recorded = release_number(version) if version else None
        if recorded is None:
            return None
        for change in self.rule_changes:
            since = release_number(change.version)
            if since is not None and recorded < since and change.affects(options):
                return change
        return None


@dataclass(frozen=True)
class RuleChange:
    """A change of a variant's rules after which older records of some matches no longer
    replay to their stored scores (`Variant.rule_changes`).

    Attributes:
        version: the first version of the variant's distribution with the new rule
            (a release number: ``0.2.0``).
        affects: whether a match with these validated options scores differently since
            the change (``lambda o: o.scoring_profile == "all26"``).
        description: what changed and why, one English sentence for the refusal message
            (``points_per_trick counts all 26 tricks under all26 (RULES.md "Decisions")``).
    """

    version: str
    affects: Callable[[BaseModel], bool]
    description: str


_RELEASE = re.compile(r"(\d+(?:\.\d+)*)")


def release_number(version: str) -> tuple[int, ...] | None:
    """``"0.2.0"`` as ``(0, 2)``: the release part of a version, trailing zeros dropped so
    ``0.2`` equals ``0.2.0``; a suffix (``0.2.0rc1``, ``0.2.0+local``) counts as its release.
    ``None`` for text that does not start with a number."""
    found = _RELEASE.match(version.strip())
    if found is None:
        return None
    parts = [int(p) for p in found.group(1).split(".")]
    while len(parts) > 1 and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


@dataclass(frozen=True)
class HouseRule:
    """A house rule: a small rules plugin stacked above a variant's rules.

    Attributes:
        name: unique id (``--house-rule NAME``).
        title: display name.
        description: one line.
        rules: the rules plugin object; its hooks run before the variant's.
        variants: names of the variants it applies to (empty: any).
    """

    name: str
    title: str
    description: str
    rules: object
    variants: tuple[str, ...] = ()


Reason = Message
"""Why a bot chose an action, for a hint screen: a `Message` (an English template and its
values, cards named in ``cards``), which an interface translates through the plugin's
catalogue (see `openwhist.messages`). Keep the template fixed, the same for every decision."""


class Bot(abc.ABC):
    """A computer player. Sees only its seat's view and the legal actions.

    `choose` is the whole contract. A bot may also say *why* it chose (for hints):
    override `explain`; the default explains nothing.

    A bot whose `choose` never reads its view (a random player) says so with the class
    attribute ``reads_view = False``; the tables (``whist simulate``, ``whist arena``,
    bot seats of ``whist play``) then build no view for it, and pass it instead a
    `openwhist.views.BlindView`: a `PlayerView` that holds nothing, on which reading any
    field raises `PluginContractError` naming the bot. So the declaration costs nothing to
    trust -- a bot that declares it and reads anyway fails at once, it never sees stale or
    someone else's information -- and a bot that leaves it at the default ``True`` always
    gets its seat's view. `explain` (hints) is always given the real view.
    """

    reads_view: ClassVar[bool] = True
    """Whether `choose` reads its ``view``; ``False`` lets the table skip building it."""

    @abc.abstractmethod
    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        """Pick one of ``legal`` (never empty)."""

    def explain(self, view: PlayerView, legal: tuple[Action, ...], action: Action) -> Reason | None:
        """Why ``action`` -- what `choose` returned for this ``view`` and ``legal`` -- is
        this bot's choice, or ``None`` when it cannot say (the default).

        Called right after `choose` with the same arguments, so a bot may reuse what it
        computed there. It sees what `choose` sees and nothing more: the seat's view and
        the legal actions. It must not change what `choose` returns later.
        """
        return None


class CardBot(Bot):
    """A bot whose decisions are cards: it implements `choose_card` on a bitmask of the
    legal cards, and `choose` turns that into the matching `Play` (a lone legal action, or
    a phase without cards, is answered at once with the first legal action). A bot with
    calls as well (an auction) overrides `choose` and calls `play` in the card phases."""

    @abc.abstractmethod
    def choose_card(self, view: PlayerView, legal: int) -> int:
        """The card to play from ``legal``, a bitmask of at least one legal card."""

    def play(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        """The `Play` among ``legal`` for `choose_card`'s card."""
        mask = 0
        for action in legal:
            if isinstance(action, Play):
                mask |= 1 << action.card
        card = self.choose_card(view, mask)
        for action in legal:
            if isinstance(action, Play) and action.card == card:
                return action
        raise ValueError(f"{type(self).__name__} chose a card that is not legal")

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        if len(legal) == 1 or not any(isinstance(a, Play) for a in legal):
            return legal[0]
        return self.play(view, legal)


LEVEL_NAME = re.compile(r"[A-Za-z0-9_.\-]+")
"""What a level's name may hold (it follows the bot's name: ``bot:expert:3``, and game
records store it so)."""


@dataclass(frozen=True)
class BotLevel:
    """One playing level of a bot (see `BotSpec.levels`).

    Attributes:
        name: the level's id, written after the bot's name (``--seat E=bot:expert:3``):
            letters, digits, ``_``, ``.`` and ``-``.
        description: one line for menus and listings: what the level does differently
            (and, when it matters, how long it thinks).
        factory: builds the bot at this level, called as ``factory(variant_name, rng)``
            like `BotSpec.factory`; ``None`` for the bot's default level, which the spec's
            own ``factory`` builds.
    """

    name: str
    description: str
    factory: Callable[[str, Random], Bot] | None = None


@dataclass(frozen=True)
class BotSpec:
    """A registered bot factory.

    Attributes:
        name: the id used in ``--seat S=bot:NAME``.
        description: one line.
        factory: builds a bot for a variant name and a random generator -- at the bot's
            default level when it has levels.
        variants: the variants it can play (empty: any).
        strength: how well it plays, on an open scale (higher is stronger); ``None``
            takes the default for its name from `DEFAULT_STRENGTHS` (``random`` 0,
            ``heuristic`` 10, ``expert`` 20; any other name 0). Terminal play asks the
            strongest bot of the variant for hints; a bot of strength 0 never gives hints.
            A plugin whose bot plays better than its ``expert`` says so here. It is the
            strength of the default level (hints use that level).
        levels: the levels a player may choose (``--seat S=bot:NAME:LEVEL``), weakest
            first by convention; empty (the default): the bot plays at one strength only.
            Exactly one level, the default, has no factory of its own: the spec's
            ``factory`` builds it, so code that calls ``factory`` directly gets the default
            level. Level names are unique.

    Raises:
        ValueError: levels that break these rules (at registration, naming the bot).
    """

    name: str
    description: str
    factory: Callable[[str, Random], Bot]
    variants: tuple[str, ...] = ()
    strength: int | None = None
    levels: tuple[BotLevel, ...] = ()

    def __post_init__(self) -> None:
        if not self.levels:
            return
        seen: set[str] = set()
        for level in self.levels:
            if not isinstance(level, BotLevel):
                raise ValueError(f"bot {self.name!r}: levels must be BotLevel, not {level!r}")
            if not LEVEL_NAME.fullmatch(level.name):
                raise ValueError(
                    f"bot {self.name!r}: level name {level.name!r} may hold only letters, "
                    "digits, '_', '.' and '-'"
                )
            if level.name in seen:
                raise ValueError(f"bot {self.name!r}: level {level.name!r} is declared twice")
            seen.add(level.name)
        defaults = [level.name for level in self.levels if level.factory is None]
        if len(defaults) != 1:
            raise ValueError(
                f"bot {self.name!r}: exactly one level (the default, built by the spec's "
                f"factory) must have no factory of its own; found {len(defaults)}"
            )

    @property
    def playing_strength(self) -> int:
        """``strength``, or the default for the bot's name (see ``strength``)."""
        if self.strength is not None:
            return self.strength
        return DEFAULT_STRENGTHS.get(self.name, 0)

    @property
    def level_names(self) -> tuple[str, ...]:
        """The names of the levels, in declared order (empty: the bot has none)."""
        return tuple(level.name for level in self.levels)

    @property
    def default_level(self) -> str | None:
        """The level ``factory`` builds (``None`` for a bot without levels)."""
        for level in self.levels:
            if level.factory is None:
                return level.name
        return None

    @property
    def label(self) -> str:
        """The bot as a seat or a record names it: ``NAME``, or ``NAME:LEVEL`` for a bot
        with levels (the level ``factory`` builds)."""
        level = self.default_level
        return self.name if level is None else f"{self.name}:{level}"

    def level(self, name: str) -> BotLevel:
        """The level called ``name``.

        Raises:
            UnknownBotLevelError: the bot has no such level (the error names its levels).
        """
        for level in self.levels:
            if level.name == name:
                return level
        raise UnknownBotLevelError(
            self.name, name, levels=self.level_names, default=self.default_level
        )

    def with_level(self, name: str | None) -> BotSpec:
        """This bot set to level ``name``: the same spec, except that its ``factory`` builds
        that level, which becomes its `default_level` (so its `label` names it). ``None``,
        or the default level's name, returns this spec unchanged.

        Raises:
            UnknownBotLevelError: the bot has no such level (the error names its levels).
        """
        if name is None:
            return self
        chosen = self.level(name)
        if chosen.factory is None:
            return self
        levels = tuple(
            replace(level, factory=None)
            if level is chosen
            else replace(level, factory=self.factory)
            if level.factory is None
            else level
            for level in self.levels
        )
        return replace(self, factory=chosen.factory, levels=levels)


DEFAULT_STRENGTHS: Mapping[str, int] = {"random": 0, "heuristic": 10, "expert": 20}
"""The strength of a registered bot that does not declare one, by name (`BotSpec`)."""
