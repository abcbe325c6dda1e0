"""How German Whist's table is shown (`openwhist.Presentation`, docs/plugins/hooks.md).

The public facts of `GermanRules.whist_observe`: the stock's size with the face-up card on
one line, the face-up cards the other seat took and still holds, and the phase (for bots:
the screen says when the stock runs out instead). The private ``drawn_blind`` cards are
in the seat's hand already, so they get no line. After each trick of the first phase,
`after_trick` says who took the face-up card and who drew, then what is left
(docs/variants/german.md §1.6), and after trick 13 that the stock is empty;
`counted_tricks` says which tricks count under the scoring profile in force.
"""

from __future__ import annotations

from collections.abc import Sequence

from openwhist import (
    N_,
    Fact,
    FactKind,
    FactPlace,
    Message,
    Note,
    PlayerView,
    Presentation,
    TrickCount,
    TrickRecord,
)

from openwhist_german.scoring import TRICKS_PER_PHASE, standing


def after_trick(view: PlayerView, trick: TrickRecord) -> Sequence[Note]:
    """What a trick did to the stock, from public facts only: its winner took the face-up
    card and the other seat drew the next one face down; then the cards left and the new
    face-up card, or, after the last drawing trick, that the stock is empty."""
    stock = view.public.get("stock")
    if not isinstance(stock, int) or view.seats != 2:
        return ()
    seats = {"winner": trick.winner, "loser": 1 - trick.winner}
    face_up = view.public.get("face_up")
    if stock and isinstance(face_up, int):
        message = Message(
            N_("{winner} takes the face-up card, {loser} draws from the stock: {count} cards "
               "left; face up: {card}"),
            {**seats, "count": stock, "card": face_up},
            cards=("card",),
        )  # fmt: skip
        return (Note(message, ("winner", "loser")),)
    # The stock runs out with the last drawing trick; later tricks leave it alone.
    if stock == 0 and len(view.completed) == TRICKS_PER_PHASE:
        message = Message(
            N_("{winner} takes the last face-up card, {loser} the last card of the stock: "
               "the stock is empty, the last 13 tricks are played out"),
            seats,
        )  # fmt: skip
        return (Note(message, ("winner", "loser"), "strong"),)
    return ()


def counted_tricks(view: PlayerView) -> TrickCount | None:
    """The tricks that count under the scoring profile in force (docs/variants/german.md
    §1.8): with ``last13`` (the default) only those of the second phase, tricks 14 to 26;
    with ``all26`` every trick (``None``: nothing to say)."""
    profile = getattr(view.options, "scoring_profile", "last13")
    if profile == "all26":
        return None
    counts = [0] * view.seats
    for trick in view.completed[TRICKS_PER_PHASE:]:
        counts[trick.winner] += 1
    note = Message(N_("only tricks 14 to 26 count"))
    return TrickCount(tuple(counts), note)


PRESENTATION = Presentation(
    public=(
        Fact("stock", FactKind.NUMBER, N_("Stock: {stock} cards"), emphasis="strong"),
        Fact("face_up", FactKind.CARD, N_("Face-up card: {face_up}"), joins="stock"),
        Fact(
            "known",
            FactKind.CARDS_PER_SEAT,
            N_("{seat} holds, taken face up: {known}"),
            place=FactPlace.PER_SEAT,
            own_seat=False,  # the seat's own hand shows them
        ),
        Fact("phase", FactKind.NUMBER, place=FactPlace.HIDDEN),
    ),
    private=(Fact("drawn_blind", FactKind.CARDS, place=FactPlace.HIDDEN),),
    after_trick=after_trick,
    counted_tricks=counted_tricks,
    # The score line shows each player's total; beside it, what the match is played to
    # (the summary repeats the totals by seat letter, for the lists that show nothing else).
    standing=standing,
)
"""German Whist's declared table (`GERMAN.presentation`)."""

__all__ = ["PRESENTATION", "after_trick", "counted_tricks"]
