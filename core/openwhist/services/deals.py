"""A finished played deal, trick by trick, for a viewer: the club's deal viewer (docs/club.md).

`view_deal` replays one stored deal of a match with the match's own engine -- from the
progress stored after the deal before it, so a deal of a long match costs what one deal
costs -- and gives the hands when play began and after every trick, each trick's cards with
the seat that played it, the calls before play, the trump, and the stored score.

**Only a finished deal is shown.** A deal in progress would show hands still in play, so it
is refused (`LedgerStateError`), as is a deal entered from real cards, which holds no
cards. A finished deal's cards hide nothing any more, whether or not its match goes on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from openwhist.game.errors import IllegalActionError, InvalidNotationError
from openwhist.game.messages import N_, Message
from openwhist.game.presentation import CallStyle
from openwhist.game.scoresheet import DealDetail
from openwhist.game.scoring import DealScore, MatchProgress
from openwhist.game.state import CHANCE, PHASE_PLAY, TERMINAL, DealState
from openwhist.ledger.errors import LedgerError, LedgerNotFoundError, LedgerStateError
from openwhist.services.shown import hand_order

if TYPE_CHECKING:
    from openwhist.services.ledger import Ledger


@dataclass(frozen=True)
class TrickView:
    """One completed trick: ``plays`` are ``(seat, card)`` in play order."""

    number: int
    leader: int
    plays: tuple[tuple[int, int], ...]
    winner: int


@dataclass(frozen=True)
class DealView:
    """A finished played deal as a viewer shows it.

    Attributes:
        match_id, number, variant, dealer: the deal.
        seat_names: the match's seat names (``N``, ``E``...); ``players``: who sat there.
        calls: ``(seat, notation)`` of every call before the first card (bids, passes,
            exchanges), in order.
        trump: the trump suit when play began (0..3) or `openwhist.NO_TRUMP`.
        hands: per trick boundary -- ``hands[0]`` when play began, ``hands[k]`` after trick
            ``k`` -- each seat's cards in display order.
        tricks: the completed tricks.
        tricks_won: per seat.
        score: the stored score (its lines' notes say the result).
        detail: the sheet's description of the deal (declarer and contract), if the
            variant declares one (`ScoreSheet.deal_detail`).
        summary: the match's state after the deal (the progress summary).
        deals: how many deals the match has (for the viewer's links).
        call_style: how the variant shows its calls (its `Presentation.calls`): a viewer
            draws ``calls`` with it as the table screens do (`openwhist.services.shown.call_parts`).
    """

    match_id: int
    number: int
    variant: str
    dealer: int
    seat_names: tuple[str, ...]
    players: tuple[str, ...]
    calls: tuple[tuple[int, str], ...]
    trump: int
    hands: tuple[tuple[tuple[int, ...], ...], ...]
    tricks: tuple[TrickView, ...]
    tricks_won: tuple[int, ...]
    score: DealScore
    detail: DealDetail | None
    summary: str
    deals: int
    call_style: CallStyle = field(default_factory=CallStyle)


def view_deal(ledger: Ledger, match_id: int, number: int) -> DealView:
    """Deal ``number`` of match ``match_id``, replayed from its stored record.

    Raises:
        LedgerNotFoundError: no such match or deal.
        LedgerStateError: the deal is still being played, or was entered from real cards.
        LedgerError: its stored actions no longer replay (the plugin changed).
        UnknownVariantError: the match's variant is not installed.
    """
    rows = ledger.deal_records(match_id, first=max(number - 1, 1), last=number)
    found = [r for r in rows if r["number"] == number]
    if not found:
        raise LedgerNotFoundError(
            Message(N_("match {match} has no deal {number}"), {"match": match_id, "number": number})
        )
    deal = found[0]
    values = {"match": match_id, "number": number}
    if deal["status"] != "complete":
        raise LedgerStateError(
            Message(
                N_(
                    "deal {number} of match {match} is still being played: its cards are "
                    "shown once it is finished"
                ),
                values,
            )
        )
    if deal["source"] != "played":
        raise LedgerStateError(
            Message(
                N_(
                    "deal {number} of match {match} was entered from real cards: the ledger "
                    "holds its result, not its cards"
                ),
                values,
            )
        )
    sheet = ledger.score_sheet(match_id, first=number, last=number)
    summary = sheet["match"]
    engine = ledger.engine_of(match_id)
    before = [r for r in rows if r["number"] == number - 1]
    if before and before[0]["record"].get("progress"):
        progress = MatchProgress.from_dict(before[0]["record"]["progress"])
    else:
        progress = engine.start_match(int(summary["first_dealer"]))
    state: DealState[Any] = engine.next_deal(progress)
    record = deal["record"]
    calls: list[tuple[int, str]] = []
    hands: list[tuple[tuple[int, ...], ...]] = []
    trump = state.trump
    for text in record.get("actions") or []:
        if state.to_act == TERMINAL:
            break
        seat = state.to_act
        try:
            action = engine.parse_action(state, text)
            state = engine.apply(state, action)
        except (InvalidNotationError, IllegalActionError) as exc:
            raise LedgerError(
                Message(
                    N_("deal {number} of match {match} no longer replays: {problem}"),
                    {**values, "problem": str(exc)},
                )
            ) from None
        if seat != CHANCE and not hands and state.phase != PHASE_PLAY:
            calls.append((seat, text))
        if not hands and state.phase == PHASE_PLAY and state.trick == () and not state.completed:
            hands.append(_hands(state))
            trump = state.trump
        elif hands and len(state.completed) == len(hands) and state.trick == ():
            hands.append(_hands(state))
    if state.to_act != TERMINAL:
        raise LedgerError(
            Message(
                N_("deal {number} of match {match} no longer replays: {problem}"),
                {**values, "problem": "its actions stop before its end"},
            )
        )
    while len(hands) <= len(state.completed):  # a deal that ended without play (passed out)
        hands.append(_hands(state))
    score = DealScore.from_dict(record.get("score") or {})
    layout = ledger.declared_sheet(str(summary["variant"]))
    parties = [str(p) for p in sheet["parties"]]
    detail = layout.deal_detail(score.facts, parties) if layout.deal_detail else None
    players = [""] * len(state.hands)
    for player in summary["players"]:
        if 0 <= player["seat"] < len(players):
            players[player["seat"]] = str(player["name"])
    return DealView(
        match_id=match_id,
        number=number,
        variant=str(summary["variant"]),
        dealer=int(deal["dealer"]),
        seat_names=tuple(engine.rules.seat_names),
        players=tuple(players),
        calls=tuple(calls),
        trump=trump,
        hands=tuple(hands),
        tricks=tuple(
            TrickView(i, t.leader, tuple(zip(t.seats, t.cards, strict=True)), t.winner)
            for i, t in enumerate(state.completed, start=1)
        ),
        tricks_won=tuple(state.tricks),
        score=score,
        detail=detail,
        summary=str(sheet["deals"][0]["summary"]) if sheet["deals"] else "",
        deals=int(sheet["page"]["deals"]),
        call_style=engine.variant.match_presentation(engine.house_rules).calls,
    )


def _hands(state: DealState[Any]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(hand_order(mask)) for mask in state.hands)


__all__ = ["DealView", "TrickView", "view_deal"]
