"""How No-Trump Whist's table is shown: the facts its views carry, declared for screens.

A screen shows a variant's facts only as the variant declares them (`openwhist.Presentation`):
each with a kind, a translatable label and a place. No-Trump Whist has one public fact, a
flag whose line shows while it is true; a fact it did not declare would still be shown,
labelled by its key, and the conformance kit would fail it.
"""

from __future__ import annotations

from openwhist import N_, Fact, FactKind, Presentation

PRESENTATION = Presentation(
    public=(
        Fact(
            "last_trick_bonus",
            FactKind.FLAG,
            N_("The side that wins the 13th trick scores one extra point"),
        ),
    ),
)
"""No-Trump Whist's declared table (`NOTRUMP.presentation`)."""
