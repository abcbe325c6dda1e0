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

**The opponents accept** (`opponents_accept`): a claim the solver cannot prove -- a
distribution that defeats it, too many distributions, or too big a position -- may still be
accepted by the claimant's opponents, each of them. A bot opponent accepts only when the
claim holds on its *own* evaluation, from its own view (`bot_accepts`): against every
distribution of the cards *it* has not seen consistent with *its* view, or, when there are
more than `CLAIM_DISTRIBUTIONS`, on `BOT_SAMPLES` deals sampled consistently with its view
(seeded from that view only), each solved within `BOT_NODES`; a position it cannot solve
within that budget is not accepted. It never reads the claimant's hand or any other hidden
card. A human opponent is asked (the front end's ``ask``). A claim refused for any other
reason (cards still in the stock, a claim out of turn, a variant the solver does not model)
is not offered to the opponents. A consented claim is recorded as such (``by``
``"opponents"``); replay does not prove it again, it replays the play-out that followed.

The play-out after a consented claim (`concession_playout`) gives the claimant's side the
tricks it claimed and the opponents the rest, as the opponents agreed: a line of play on
the real cards, found by search, where the claimant's side takes exactly its claim. Where
the cards make that impossible -- an opponent's card that wins whatever is played, say the
ace of trumps -- the line comes as close as the cards allow (a trick that cannot be lost is
not conceded, as under the bridge laws' rule on impossible concessions).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from openwhist.bots.heuristic import played_mask, shown_voids
from openwhist.bots.rating import all_other_hands
from openwhist.bots.sampling import deal_other_hands, view_rng
from openwhist.game.actions import PLAYS, Action
from openwhist.game.cards import card_name, iter_cards
from openwhist.game.engine import Engine
from openwhist.game.messages import N_, Message
from openwhist.game.state import PHASE_PLAY, TERMINAL, DealState
from openwhist.solver import SearchLimitError, Solver
from openwhist.solver.brute import legal_cards, trick_winner

CLAIM_DISTRIBUTIONS: Final = 2_000
"""The most distributions of the unseen cards a claim is checked against."""
CLAIM_NODES: Final = 1_000_000
"""Node budget of the solver for one distribution (about two CPU seconds; a German phase-2
position needs about 20,000 at its median, docs/solver.md)."""
BOT_SAMPLES: Final = 8
"""Deals a bot opponent samples from its view when the distributions are too many to list."""
BOT_NODES: Final = 200_000
"""Node budget of a bot opponent's solver for one deal (a few tenths of a second)."""
CONCEDE_NODES: Final = 200_000
"""Node budget of the search for the play-out of a consented claim (`concession_playout`)."""
SOLVER: Final = "solver"
"""A claim the solver proved (or refused)."""
OPPONENTS: Final = "opponents"
"""A claim the solver could not prove, accepted (or refused) by the claimant's opponents."""

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
C_CONSENTED = N_("claim accepted by {opponents}, though not proved ({reason})")
C_DECLINED = N_("{reason}; {seat} does not accept it")
C_DECLINED_BOT = N_("{reason}; {seat} does not accept it: on its own cards the claim can fail")
C_DECLINED_UNSURE = N_(
    "{reason}; {seat} does not accept it: it cannot check the claim within its budget"
)
CONSENT_REFUSALS: Final = frozenset({C_REFUSED, C_TOO_MANY, C_TOO_BIG})
"""The refusals the opponents may overrule by accepting the claim: the solver could not prove
it. Any other refusal stands."""


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
        by: `SOLVER` (proved or refused by the solver) or `OPPONENTS` (the solver could not
            prove it; the opponents accepted or refused it).
    """

    seat: int
    tricks: int
    remaining: int
    accepted: bool
    reason: Message
    distributions: int = 0
    by: str = SOLVER

    @property
    def opponents_may_accept(self) -> bool:
        """True for a refusal the opponents may overrule (`CONSENT_REFUSALS`)."""
        return not self.accepted and self.by == SOLVER and self.reason.text in CONSENT_REFUSALS

    def as_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {
            "seat": self.seat,
            "tricks": self.tricks,
            "remaining": self.remaining,
            "accepted": self.accepted,
            "reason": self.reason.render(card_name),
            "distributions": self.distributions,
            "by": self.by,
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
    if engine.seats not in (2, 4) or (
        engine.seats == 4 and sorted(map(sorted, variant.partnerships)) != [[0, 2], [1, 3]]
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
    solver = Solver(seats=engine.seats, trump=view.trump, max_nodes=max_nodes)
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
    opponents = [s for s in range(engine.seats) if (s - seat) % 2 == 1 and hands[s]]
    holder = opponents[0] if opponents else (seat + 1) % engine.seats
    held = sorted(iter_cards(hands[holder]), reverse=True)
    # The cards as a nested message of cards, so each front end writes them its own way
    # (``K♠`` at the table, ``KS`` in a record's English reason).
    cards = Message(
        " ".join(f"{{c{i}}}" for i in range(len(held))),
        {f"c{i}": card for i, card in enumerate(held)},
        cards=tuple(f"c{i}" for i in range(len(held))),
    )
    reason = Message(
        C_REFUSED,
        {
            "holder": engine.seat_names[holder],
            "cards": cards,
            "best": taken,
            "remaining": remaining,
        },
    )
    return ClaimVerdict(seat, claimed, remaining, False, reason, len(every))


def opponents_of(engine: Engine, seat: int) -> tuple[int, ...]:
    """The claimant's opponents: the seats of the other side (one of two, or a partnership
    of four)."""
    return tuple(s for s in range(engine.seats) if (s - seat) % 2 == 1)


def bot_accepts(
    engine: Engine,
    state: DealState[Any],
    opponent: int,
    verdict: ClaimVerdict,
    *,
    seed: int = 0,
    limit: int = CLAIM_DISTRIBUTIONS,
    samples: int = BOT_SAMPLES,
    max_nodes: int = BOT_NODES,
) -> bool | None:
    """Whether the bot in seat ``opponent`` accepts the claim of ``verdict`` (module
    docstring): True when the claimant's side takes at least the claimed tricks against
    every distribution of the cards ``opponent`` cannot see consistent with *its* view (or
    on every deal it samples from that view, seeded by ``seed`` and the view); False when
    one defeats it; ``None`` when it cannot tell within its budget (not accepted either).
    Reads ``engine.observe(state, opponent)`` only."""
    view = engine.observe(state, opponent)
    standard = engine.rules.standard_steps(engine.options)
    voids = shown_voids(view) if "whist_after_trick" in standard else None
    every = all_other_hands(view, voids=voids, limit=limit)
    if every is None:
        rng = view_rng(seed, view)
        dealt = (deal_other_hands(view, rng, voids=voids) for _ in range(samples))
        every = [hands for hands in dealt if hands is not None]
        if not every:
            return None
    solver = Solver(seats=engine.seats, trump=view.trump, max_nodes=max_nodes)
    for hands in every:
        try:
            taken = solver.solve(hands, view.leader, trick=view.trick).tricks_for(verdict.seat)
        except SearchLimitError:
            return None
        if taken < verdict.tricks:
            return False
    return True


def opponents_accept(
    engine: Engine,
    state: DealState[Any],
    verdict: ClaimVerdict,
    *,
    bots: Sequence[int],
    ask: Callable[[int, ClaimVerdict], bool] | None,
    seed: int = 0,
) -> ClaimVerdict:
    """Offer a claim the solver refused (``verdict``, `ClaimVerdict.opponents_may_accept`)
    to the claimant's opponents, bots (the seats in ``bots``: `bot_accepts`) first, then
    humans (``ask(seat, verdict)``: their answer; ``None``: humans are not asked, so they do
    not accept). The answer: accepted by `OPPONENTS` when every opponent accepts, else the
    refusal with who did not accept and why. A verdict the opponents may not overrule is
    returned as it is."""
    if not verdict.opponents_may_accept:
        return verdict
    names = engine.seat_names
    seats = opponents_of(engine, verdict.seat)
    ordered = [s for s in seats if s in bots] + [s for s in seats if s not in bots]
    for seat in ordered:
        if seat in bots:
            answer = bot_accepts(engine, state, seat, verdict, seed=seed)
            why = C_DECLINED_BOT if answer is False else C_DECLINED_UNSURE
            accepted = answer is True
        else:
            accepted = ask is not None and ask(seat, verdict)
            why = C_DECLINED
        if not accepted:
            return replace(
                verdict,
                reason=Message(why, {"reason": verdict.reason, "seat": names[seat]}),
                by=OPPONENTS,
            )
    who = " ".join(names[s] for s in seats)
    return replace(
        verdict,
        accepted=True,
        reason=Message(C_CONSENTED, {"opponents": who, "reason": verdict.reason}),
        by=OPPONENTS,
    )


class _BudgetError(Exception):
    """The concession search ran out of nodes: keep the closest line found."""


def concession_playout(
    engine: Engine,
    state: DealState[Any],
    seat: int,
    tricks: int,
    *,
    max_nodes: int = CONCEDE_NODES,
) -> tuple[DealState[Any], list[Action]]:
    """The rest of the deal after a consented claim of ``tricks`` of the remaining tricks
    by ``seat``: a line of play on the real hands where the claimant's side takes exactly
    ``tricks`` of them, or, when the cards allow no such line (or none is found within
    ``max_nodes``), the line found closest to it. Deterministic (a depth-first search,
    cards tried in a fixed order). Returns the final state and the actions, each played
    through the checked `Engine.apply`. Assumes the standard trick play `check_claim`
    requires."""
    seats = engine.seats
    trump = state.trump
    best: list[tuple[int, list[int]]] = []
    nodes = 0

    def ours(s: int) -> bool:
        return (s - seat) % 2 == 0

    def search(
        hands: list[int],
        leader: int,
        trick: tuple[int, ...],
        taken: int,
        left: int,
        line: list[int],
    ) -> bool:
        nonlocal nodes
        if len(trick) == seats:
            winner = (leader + trick_winner(trick, trump)) % seats
            taken += ours(winner)
            left -= 1
            leader, trick = winner, ()
        gap = (
            0
            if taken <= tricks <= taken + left
            else min(abs(taken - tricks), abs(taken + left - tricks))
        )
        if best and gap >= best[0][0]:
            return False
        if left == 0:
            best[:] = [(gap, list(line))]
            return gap == 0
        nodes += 1
        if nodes > max_nodes:
            raise _BudgetError
        to = (leader + len(trick)) % seats
        # Cards that help the side still short of its share first: high ones for the side
        # that should win tricks now, low ones for the side that should lose them.
        win_now = ours(to) == (taken < tricks)
        cards = sorted(
            legal_cards(hands[to], trick),
            key=lambda c: (c // 13 == trump, c % 13),
            reverse=win_now,
        )
        for card in cards:
            hands[to] &= ~(1 << card)
            line.append(card)
            done = search(hands, leader, (*trick, card), taken, left, line)
            line.pop()
            hands[to] |= 1 << card
            if done:
                return True
        return False

    with contextlib.suppress(_BudgetError):  # keep the closest line found
        search(list(state.hands), state.leader, tuple(state.trick), 0, remaining_tricks(state), [])
    actions: list[Action] = []
    for card in best[0][1] if best else []:
        action = PLAYS[card]
        state = engine.apply(state, action)
        actions.append(action)
    if state.to_act != TERMINAL:  # pragma: no cover - the search always reaches a leaf
        state, rest = claim_playout(engine, state)
        actions.extend(rest)
    return state, actions


def claim_playout(engine: Engine, state: DealState[Any]) -> tuple[DealState[Any], list[Action]]:
    """Play the rest of the deal from ``state`` with best play by every seat on the real
    hands (the lowest best card each time): the end of a deal after an accepted claim.
    Returns the final state and the actions played (each through the checked
    `Engine.apply`)."""
    solver = Solver(seats=engine.seats, trump=state.trump)
    actions: list[Action] = []
    while state.to_act != TERMINAL:
        solution = solver.solve(state.hands, state.leader, trick=state.trick)
        action = PLAYS[solution.best_moves[0]]
        state = engine.apply(state, action)
        actions.append(action)
    return state, actions


__all__ = [
    "BOT_NODES",
    "BOT_SAMPLES",
    "CLAIM_DISTRIBUTIONS",
    "CLAIM_NODES",
    "CONCEDE_NODES",
    "CONSENT_REFUSALS",
    "OPPONENTS",
    "SOLVER",
    "ClaimVerdict",
    "bot_accepts",
    "check_claim",
    "claim_playout",
    "concession_playout",
    "opponents_accept",
    "opponents_of",
    "remaining_tricks",
]
