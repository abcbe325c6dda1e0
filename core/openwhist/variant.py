"""What a variant plugin registers: `Variant`, `HouseRule` and `BotSpec`.

A plugin's ``whist_register_variants`` hook calls ``register(Variant(...))``. The variant
object is metadata plus a *rules plugin*: an object whose ``whist_*`` rule hooks are stacked
on the core's standard rules for every match of that variant (see hookspecs.py).
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from openwhist.actions import Play
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
    """

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


@dataclass(frozen=True)
class BotSpec:
    """A registered bot factory.

    Attributes:
        name: the id used in ``--seat S=bot:NAME``.
        description: one line.
        factory: builds a bot for a variant name and a random generator.
        variants: the variants it can play (empty: any).
        strength: how well it plays, on an open scale (higher is stronger); ``None``
            takes the default for its name from `DEFAULT_STRENGTHS` (``random`` 0,
            ``heuristic`` 10, ``expert`` 20; any other name 0). Terminal play asks the
            strongest bot of the variant for hints; a bot of strength 0 never gives hints.
            A plugin whose bot plays better than its ``expert`` says so here.
    """

    name: str
    description: str
    factory: Callable[[str, Random], Bot]
    variants: tuple[str, ...] = ()
    strength: int | None = None

    @property
    def playing_strength(self) -> int:
        """``strength``, or the default for the bot's name (see ``strength``)."""
        if self.strength is not None:
            return self.strength
        return DEFAULT_STRENGTHS.get(self.name, 0)


DEFAULT_STRENGTHS: Mapping[str, int] = {"random": 0, "heuristic": 10, "expert": 20}
"""The strength of a registered bot that does not declare one, by name (`BotSpec`)."""
