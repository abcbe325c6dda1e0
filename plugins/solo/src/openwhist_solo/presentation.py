"""How Solo Whist's table is shown (`openwhist.Presentation`, docs/plugins/hooks.md).

The public facts of `openwhist_solo.rules.public_facts`: the turned-up card (every seat saw
it, docs/variants/solo.md §2), the auction, the highest call until the auction ends, then
the contract with its declarer, the partner of a proposal and the tricks the declaring
side needs, and -- in an open misère from the end of the first trick -- the declarer's
hand, face up on the table (§5.2). There are no private facts and no private actions:
every call is made aloud.
"""

from __future__ import annotations

from openwhist import N_, CallStyle, Fact, FactKind, FactPlace, Presentation

from openwhist_solo.scoring import standing

HIDDEN = FactPlace.HIDDEN

CONTRACT_WORDS = {
    "prop": N_("proposal and acceptance"),
    "solo": N_("solo"),
    "misere": N_("misère"),
    "abundance": N_("abundance"),
    "royal_abundance": N_("royal abundance"),
    "open_misere": N_("open misère"),
    "declared": N_("abundance declared"),
    "general_misere": N_("general misère"),
}

PRESENTATION = Presentation(
    public=(
        Fact("turn_up", FactKind.CARD, N_("Turned-up card: {turn_up}")),
        Fact("auction", FactKind.CALLS, N_("Auction: {auction}"), emphasis="strong"),
        Fact(
            "high_call",
            FactKind.CALL,
            N_("Highest call: {high_call} by {high_caller}"),
            hidden_when=("contract",),
        ),
        Fact(
            "contract",
            FactKind.TEXT,
            N_("Contract: {contract}"),
            words=CONTRACT_WORDS,
            emphasis="strong",
        ),
        Fact("declarer", FactKind.SEAT, N_("by {declarer}"), joins="contract", separator=" "),
        Fact("partner", FactKind.SEAT, N_("with {partner}"), joins="contract", separator=" "),
        Fact(
            "target",
            FactKind.NUMBER,
            N_("to take {target} tricks"),
            joins="contract",
            separator=", ",
        ),
        Fact(
            "open_hand",
            FactKind.CARDS,
            N_("Open misère, the declarer's cards face up: {open_hand}"),
            emphasis="strong",
        ),
        Fact("passed_out", FactKind.FLAG, N_("All passed: the deal is void")),
        Fact("high_caller", FactKind.SEAT, place=HIDDEN),
        Fact("acceptor", FactKind.SEAT, place=HIDDEN),
    ),
    calls=CallStyle(
        words={
            "pass": N_("pass"),
            "prop": N_("prop"),
            "cop": N_("cop"),
            "solo": N_("solo"),
            "misere": N_("misère"),
            "abundance": N_("abundance"),
            "royal-abundance": N_("royal abundance"),
            "open-misere": N_("open misère"),
            "abundance-declared": N_("abundance declared"),
            "trump": N_("trump"),
            "NT": N_("no trump"),
        },
        suits=True,
    ),
    # The score line shows each player's units; beside it, the deal count (the summary
    # repeats the units by seat letter, for lists that show nothing else).
    standing=standing,
)
"""Solo Whist's declared table (`SOLO.presentation`)."""

__all__ = ["CONTRACT_WORDS", "PRESENTATION"]
