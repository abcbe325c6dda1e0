"""How Knockout Whist's table is shown (`openwhist.Presentation`, docs/plugins/hooks.md).

The public facts of `KnockoutRules.whist_observe`: the deal and its cards per player, who
chose trump (and the cut when several took most tricks), the turned-up card of deal 1,
who is out of the game and who plays on a dog's life. After a trick that a dog's card won,
a note says the dog is back in.
"""

from __future__ import annotations

from collections.abc import Sequence

from openwhist import (
    N_,
    CallStyle,
    Fact,
    FactKind,
    FactPlace,
    Message,
    Note,
    PlayerView,
    Presentation,
    TrickRecord,
)


def after_trick(view: PlayerView, trick: TrickRecord) -> Sequence[Note]:
    """A dog's card that wins a trick brings its player back (docs/variants/knockout.md §5)."""
    dogs = view.public.get("dogs") or []
    if trick.winner in dogs:
        message = Message(
            N_("{winner}'s dog's-life card takes the trick: back in from the next deal"),
            {"winner": trick.winner},
        )
        return (Note(message, ("winner",), "strong"),)
    return ()


PRESENTATION = Presentation(
    public=(
        Fact("cards", FactKind.NUMBER, N_("Deal {deal} of 7: {cards} cards each")),
        Fact("deal", FactKind.NUMBER, place=FactPlace.HIDDEN),
        Fact("turn_up", FactKind.CARD, N_("Turned-up trump card: {turn_up}"), optional=True),
        Fact("chooser", FactKind.SEAT, N_("Trump chooser: {chooser}")),
        Fact(
            "cut",
            FactKind.CARDS_PER_SEAT,
            N_("{seat} cut {cut} for the choice of trump"),
            place=FactPlace.PER_SEAT,
        ),
        Fact("out", FactKind.SEATS, N_("Out of the game: {out}"), emphasis="dim"),
        Fact(
            "dogs",
            FactKind.SEATS,
            N_("On a dog's life (one card, may knock): {dogs}"),
            emphasis="strong",
        ),
    ),
    calls=CallStyle(words={"knock": N_("knock"), "trump": N_("trump")}, suits=True),
    after_trick=after_trick,
)
"""Knockout Whist's declared table (`KNOCKOUT.presentation`)."""

__all__ = ["PRESENTATION", "after_trick"]
