"""A toy variant for the core's own tests and doctests: plain four-handed whist.

It registers a rules plugin with no hooks at all, so every rule comes from the core's
standard rules -- the smallest possible variant.
"""

from __future__ import annotations

from openwhist.game.variant import Variant


class _NoOverrides:
    """A rules plugin that overrides nothing."""


TOY = Variant(
    name="standard",
    title="Standard whist (core rules only)",
    description="four seats, two partnerships, one deal; the core's rules and nothing else",
    seat_names=("N", "E", "S", "W"),
    rules=_NoOverrides(),
    partnerships=((0, 2), (1, 3)),
    max_actions=53,
)
