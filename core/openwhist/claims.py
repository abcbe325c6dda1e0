"""Claims: a player claims the remaining tricks (or a number of them), and the solver checks.

`check_claim` accepts a claim when the double-dummy solver proves it against **every**
distribution of the cards the claimant cannot see that is consistent with the claimant's
view (`openwhist.bots.rating.all_other_hands`: hand sizes and shown voids) -- so a claim is
checked from what the claimant knew, never from the real hands. When every hand is known
(German Whist's phase 2: one distribution) that is exact for the real deal too; when too
many distributions remain (more than `CLAIM_DISTRIBUTIONS`), or one of them does not
solve within `CLAIM_NODES` nodes, the claim is refused with that reason ("play on").

What "proves" means: for each distribution the claimant's side takes at least the claimed
number of the remaining tricks with best play by everyone from here (the solver's value).
The line of play may differ from one distribution to another, as it does when a bridge
director rules on a claim that holds "however the cards lie"; the partner is assumed to
play along, as a partner does.

A claim is possible only where the solver's model is the deal's: standard trick play
(follow suit, highest trump or card of the led suit wins: the engine's trick-play hooks
answer as the standard rules do), every unplayed card in a hand (no stock to draw from),
and two seats or two partnerships (a variant where each of four seats plays alone is not a
contest of two sides). Elsewhere the claim is refused, saying why.

An accepted claim ends the interaction; `claim_playout` plays the rest of the deal with
best play by every seat on the real hands, so the record still holds every card and its
score is the engine's. The claimant's side takes at least its claim (the real deal is one
of the distributions checked). Claims are recorded in the game record (`ClaimRecord`,
format ``openwhist.record/2``) and `openwhist.records.replay_record` checks them again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from openwhist.bots.heuristic import played_mask, shown_voids
from openwhist.bots.rating import all_other_hands
from openwhist.game.actions import PLAYS, Action
from openwhist.game.cards import card_name, iter_cards
from openwhist.game.engine import Engine
from openwhist.game.messages import N_, Message
from openwhist.game.state import PHASE_PLAY, TERMINAL, DealState
from openwhist.solver import SearchLimitError, Solver

CLAIM_DISTRIBUTIONS: Final = 2_000
"""The most distributions of the unseen cards a claim is checked against."""
CLAIM_NODES: Final = 1_000_000
"""Node budget of the solver for one distribution (about two CPU seconds; a German phase-2
position needs about 20,000 at its median, docs/solver.md)."""

C_ACCEPTED = N_(
    "claim accepted: your side takes at least {tricks} of the {remaining} remaining tricks "
    "however the {distributions} possible hands lie"
)
C_ACCEPTED_KNOWN = N_(
    "claim accepted: every hand is known, and your side takes at least {tricks} of the "
    "{remaining} remaining tricks with best play"
)
C_REFUSED = N_(
    "claim refused: if {holder} holds {cards}, best defence holds your side to {best} of "
    "the {remaining} remaining tricks"
)
C_NOT_PLAY = N_("claim refused: claims are made during trick play")
C_NOT_TURN = N_("claim refused: a claim is made when it is your turn to play")
C_RANGE = N_("claim refused: there are {remaining} tricks left to claim, not {tricks}")
C_STOCK = N_("claim refused: cards are still to be drawn from the stock; play on")
C_RULES = N_("claim refused: this deal's trick play is not the standard one the solver checks")
C_SIDES = N_("claim refused: every seat plays for itself here, which the solver does not check")
C_TOO_MANY = N_(
    "claim refused: the unseen cards can lie in more than {limit} ways, too many to check "
    "now; play on and claim later"
)
C_TOO_BIG = N_("claim refused: the position is too big to check within the budget; play on")


@dataclass(frozen=True)
class ClaimVerdict:
    """The answer to a claim.

    Attributes:
        seat: the claimant.
        tricks: tricks claimed for the claimant's side, of the remaining ones.
        remaining: tricks still to be decided, the current one included.
        accepted: whether the claim is proved.
        reason: why, in one translatable sentence.
        distributions: how many distributions of the unseen cards were checked (0 when
            the claim was refused before any check).
    """

    seat: int
    tricks: int
    remaining: int
    accepted: bool
    reason: Message
    distributions: int = 0

    def as_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {
            "seat": self.seat,
            "tricks": self.tricks,
            "remaining": self.remaining,
            "accepted": self.accepted,
            "reason": self.reason.render(card_name),
            "distributions": self.distributions,
        }


def remaining_tricks(state: DealState[Any]) -> int:
    """Tricks still to be decided in trick play, the current one included."""
    if state.phase != PHASE_PLAY or state.to_act < 0:
        return 0
    return state.hands[state.to_act].bit_count()


def _refuse(seat: int, claimed: int, left: int, text: str, **values: int | str) -> ClaimVerdict:
    return ClaimVerdict(seat, claimed, left, False, Message(text, values))


def check_claim(
    engine: Engine,
    state: DealState[Any],
    seat: int,
    tricks: int | None = None,
    *,
    limit: int = CLAIM_DISTRIBUTIONS,
    max_nodes: int = CLAIM_NODES,
) -> ClaimVerdict:
    """Check ``seat``'s claim of ``tricks`` of the remaining tricks for its side (``None``:
    all of them) in ``state``, from the claimant's view only (module docstring).

    The claimant must be the seat to play. Never raises for a claim that cannot be
    checked: the verdict refuses it, with the reason.
    """
    remaining = remaining_tricks(state)
    claimed = remaining if tricks is None else tricks
    if state.phase != PHASE_PLAY or state.to_act < 0:
        return _refuse(seat, claimed, remaining, C_NOT_PLAY)
    if state.to_act != seat:
        return _refuse(seat, claimed, remaining, C_NOT_TURN)
    if not 0 <= claimed <= remaining:
        return _refuse(seat, claimed, remaining, C_RANGE, remaining=remaining, tricks=claimed)
    variant = engine.variant
    standard = engine.rules.standard_steps(engine.options)
    if not {"whist_legal_plays", "whist_trick_winner"} <= standard:
        return _refuse(seat, claimed, remaining, C_RULES)
    if variant.seats not in (2, 4) or (
        variant.seats == 4 and sorted(map(sorted, variant.partnerships)) != [[0, 2], [1, 3]]
    ):
        return _refuse(seat, claimed, remaining, C_SIDES)
    view = engine.observe(state, seat)
    unseen = ((1 << 52) - 1) & ~view.hand & ~played_mask(view)
    if sum(view.hand_sizes[s] for s in range(view.seats) if s != seat) != unseen.bit_count():
        return _refuse(seat, claimed, remaining, C_STOCK)
    # A shown void is certain only if no card can have reached the hand since: when the
    # after-trick step is the standard one (nothing is drawn). Where a variant's hook may
    # give cards after a trick (German Whist's draws), the voids are not used: more deals
    # are checked, never fewer (with two seats there is one deal anyway).
    voids = shown_voids(view) if "whist_after_trick" in standard else None
    every = all_other_hands(view, voids=voids, limit=limit)
    if every is None:
        return _refuse(seat, claimed, remaining, C_TOO_MANY, limit=limit)
    solver = Solver(seats=variant.seats, trump=view.trump, max_nodes=max_nodes)
    worst: tuple[int, list[int]] | None = None
    for hands in every:
        try:
            taken = solver.solve(hands, view.leader, trick=view.trick).tricks_for(seat)
        except SearchLimitError:
            return _refuse(seat, claimed, remaining, C_TOO_BIG)
        if worst is None or taken < worst[0]:
            worst = (taken, hands)
    if worst is None:  # pragma: no cover - the real deal is always among them
        return _refuse(seat, claimed, remaining, C_TOO_BIG)
    if worst[0] >= claimed:
        template = C_ACCEPTED_KNOWN if len(every) == 1 else C_ACCEPTED
        reason = Message(
            template, {"tricks": claimed, "remaining": remaining, "distributions": len(every)}
        )
        return ClaimVerdict(seat, claimed, remaining, True, reason, len(every))
    # A distribution that defeats the claim: name the hand of an opponent that holds the key.
    taken, hands = worst
    opponents = [s for s in range(variant.seats) if (s - seat) % 2 == 1 and hands[s]]
    holder = opponents[0] if opponents else (seat + 1) % variant.seats
    cards = " ".join(card_name(c) for c in sorted(iter_cards(hands[holder]), reverse=True))
    reason = Message(
        C_REFUSED,
        {
            "holder": variant.seat_names[holder],
            "cards": cards,
            "best": taken,
            "remaining": remaining,
        },
    )
    return ClaimVerdict(seat, claimed, remaining, False, reason, len(every))


def claim_playout(engine: Engine, state: DealState[Any]) -> tuple[DealState[Any], list[Action]]:
    """Play the rest of the deal from ``state`` with best play by every seat on the real
    hands (the lowest best card each time): the end of a deal after an accepted claim.
    Returns the final state and the actions played (each through the checked
    `Engine.apply`)."""
    solver = Solver(seats=engine.variant.seats, trump=state.trump)
    actions: list[Action] = []
    while state.to_act != TERMINAL:
        solution = solver.solve(state.hands, state.leader, trick=state.trick)
        action = PLAYS[solution.best_moves[0]]
        state = engine.apply(state, action)
        actions.append(action)
    return state, actions


__all__ = [
    "CLAIM_DISTRIBUTIONS",
    "CLAIM_NODES",
    "ClaimVerdict",
    "check_claim",
    "claim_playout",
    "remaining_tricks",
]
