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


class Bot(abc.ABC):
    """A computer player. Sees only its seat's view and the legal actions."""

    @abc.abstractmethod
    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        """Pick one of ``legal`` (never empty)."""


@dataclass(frozen=True)
class BotSpec:
    """A registered bot factory.

    Attributes:
        name: the id used in ``--seat S=bot:NAME``.
        description: one line.
        factory: builds a bot for a variant name and a random generator.
        variants: the variants it can play (empty: any).
    """

    name: str
    description: str
    factory: Callable[[str, Random], Bot]
    variants: tuple[str, ...] = ()
