"""Scripted players for ``whist play`` tests.

`make_script` drives a `PlaySession` built exactly as ``whist play VARIANT --seed N
--seat ...`` builds it, deciding each human move, and returns the lines a player would
type -- including a mistyped card, an illegal card, ``?``, ``hint`` and ``undo`` -- with
the actions that must end up in the game record. The session is deterministic given the
same calls, so the CLI fed these lines plays the same match.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from openwhist.game.actions import Play
from openwhist.game.cards import FULL_DECK, card_name, card_symbol, iter_cards
from openwhist.plugins import Catalog
from openwhist.services.play import DealScored, HumanTurn, MatchOver, start_session
from openwhist_cli.render import hand_order


@dataclass
class Script:
    """Input lines for the CLI and what to expect."""

    lines: list[str] = field(default_factory=list)
    human_actions: list[str] = field(default_factory=list)
    turns: list[tuple[int, int]] = field(default_factory=list)
    """(seat, hand mask) of every human turn, in order."""

    @property
    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def make_script(
    catalog: Catalog,
    variant: str,
    *,
    seed: int,
    seats: Mapping[int, str],
    options: Mapping[str, Any] | None = None,
    mistakes: bool = True,
    deals: int = 1,
    bad_call: str | None = None,
    choose: Callable[[HumanTurn], tuple[Any, str] | None] | None = None,
) -> Script:
    """Lines that play ``deals`` deals as the humans of ``seats`` (see the module doc);
    ``bad_call`` (e.g. an Israeli bid below the minimum) is typed once, before the first
    call that is not a card. ``choose`` may pick a turn's action and the text typed for
    it (``None``: the first legal action, typed as below)."""
    session = start_session(
        catalog, variant, options=dict(options or {}), seats=dict(seats), seed=seed
    )
    script = Script()
    hot_seat = len(session.humans) > 1
    shown: int | None = None
    plays = 0
    undone = False
    done = 0
    while True:
        event = session.next_event()
        if isinstance(event, MatchOver):
            break
        if isinstance(event, DealScored):
            done += 1
            if done >= deals or event.progress.finished:
                if not event.progress.finished:
                    break
                continue
            script.lines.append("")  # Enter: the next deal
            continue
        if not isinstance(event, HumanTurn):
            continue
        if hot_seat and event.seat != shown:
            script.lines.append("")  # Enter at the "pass to" screen
        shown = event.seat
        view = event.view
        script.turns.append((event.seat, view.hand))
        legal = event.legal
        is_play = all(isinstance(a, Play) for a in legal)
        if is_play and mistakes:
            plays += 1
            if plays == 1:
                legal_mask = sum(1 << a.card for a in legal if isinstance(a, Play))
                illegal = (view.hand & ~legal_mask) or (FULL_DECK & ~view.hand)
                wrong = next(iter_cards(illegal))
                script.lines += ["zz", card_name(wrong).lower(), "?", "hint"]
            elif plays == 2 and not undone:
                script.lines.append("undo")
                session.undo()
                script.human_actions.pop()  # the undone action never reaches the record
                undone = True
                continue
        if not is_play and bad_call is not None:
            script.lines.append(bad_call)
            bad_call = None
        chosen = choose(event) if choose is not None else None
        action = legal[0] if chosen is None else chosen[0]
        if chosen is not None:
            text = chosen[1]
        elif isinstance(action, Play):
            style = len(script.human_actions) % 3
            if style == 0:
                order = hand_order(view.hand)
                text = str(order.index(action.card) + 1)
            elif style == 1:
                text = card_name(action.card).lower().replace("t", "10")
            else:
                text = card_symbol(action.card)
        else:
            text = action.notation()
        script.lines.append(text)
        script.human_actions.append(action.notation())
        session.act(action)
    return script


__all__ = ["Script", "make_script"]
