"""A scripted human for ``whist play knockout`` (the golden screens, resume tests).

`script_for` drives a `PlaySession` built exactly as ``whist play knockout --players N
--seed S --seat ...`` builds it and returns the lines a player types: the first legal
action at each turn, typed in notation -- except that a player on a dog's life knocks while
it may (the last legal action), to show the knock -- and Enter between deals.
"""

from __future__ import annotations

from collections.abc import Mapping

from openwhist.plugins import Catalog
from openwhist.services.play import DealScored, HumanTurn, MatchOver, start_session


def script_for(
    catalog: Catalog,
    *,
    players: int,
    seed: int,
    seats: Mapping[int, str],
    options: Mapping[str, str] | None = None,
) -> list[str]:
    """The lines a human types to play the whole match (see the module doc)."""
    session = start_session(
        catalog, "knockout", options=dict(options or {}), seats=dict(seats), seed=seed,
        players=players,
    )  # fmt: skip
    lines: list[str] = []
    while True:
        event = session.next_event()
        if isinstance(event, MatchOver):
            return lines
        if isinstance(event, DealScored):
            if not event.progress.finished:
                lines.append("")
            continue
        if not isinstance(event, HumanTurn):
            continue
        legal = event.legal
        action = legal[-1] if legal[-1].notation() == "knock" else legal[0]
        lines.append(action.notation())
        session.act(action)
