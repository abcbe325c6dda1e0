"""The bot contract: `Bot` and `CardBot`, and what a plugin registers, `BotSpec` (with `BotLevel`).

A plugin's ``whist_register_bots`` hook calls ``register(BotSpec(...))``. A bot sees only
its seat's view and the legal actions (see docs/bots.md).
"""

from __future__ import annotations

import abc
import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from openwhist.game.actions import Play
from openwhist.game.errors import UnknownBotLevelError
from openwhist.game.messages import Message

if TYPE_CHECKING:
    from openwhist.game.actions import Action
    from openwhist.game.views import PlayerView


BOT_STREAM = "openwhist.bot"
"""The name of the bots' random streams (see `bot_rng`)."""


def bot_rng(seed: int, seat: int, *, stream: str = "") -> random.Random:
    """The generator of the bot at ``seat`` in a match (or an arena board) seeded ``seed``.

    It is ``random.Random("openwhist.bot:SEED:SEAT")`` (``...:SEAT:STREAM`` with a
    ``stream``, e.g. an arena rotation): a string seed is hashed (SHA-512) into the
    generator's state, so a bot's stream neither consumes nor follows the deck's -- the
    deck generator is seeded from ``random.Random(seed)`` -- and no bot can work out the
    seed, the deck or another seat's stream from its own.
    """
    key = f"{BOT_STREAM}:{seed}:{seat}" + (f":{stream}" if stream else "")
    return random.Random(key)


Reason = Message
"""Why a bot chose an action, for a hint screen: a `Message` (an English template and its
values, cards named in ``cards``), which an interface translates through the plugin's
catalogue (see `openwhist.game.messages`). Keep the template fixed, the same for every decision."""


class Bot(abc.ABC):
    """A computer player. Sees only its seat's view and the legal actions.

    `choose` is the whole contract. A bot may also say *why* it chose (for hints):
    override `explain`; the default explains nothing.

    A bot whose `choose` never reads its view (a random player) says so with the class
    attribute ``reads_view = False``; the tables (``whist simulate``, ``whist arena``,
    bot seats of ``whist play``) then build no view for it, and pass it instead a
    `openwhist.game.views.BlindView`: a `PlayerView` that holds nothing, on which reading any
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
    factory: Callable[[str, random.Random], Bot] | None = None


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
    factory: Callable[[str, random.Random], Bot]
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
