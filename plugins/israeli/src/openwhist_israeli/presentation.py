"""How Israeli Whist's table is shown (`openwhist.Presentation`, docs/plugins/hooks.md).

The public facts of `openwhist_israeli.rules.public_facts`: the auction, the highest bid
until there is a declarer, the Frisch rounds, and the contracts with their total and, once
all are made, whether the deal is over or under (docs/variants/israeli.md §4); privately, the seat's
Frisch selection and the cards it received in the last Frisch. Bids show with suit symbols
(``6♣``), Frisch cards as cards. The Frisch is a card exchange: the terminal asks for the
cards to pass instead of listing every combination, and the other seats only learn that
the cards were put face down (docs/variants/israeli.md §4.4).
"""

from __future__ import annotations

from openwhist import (
    N_,
    CallStyle,
    Exchange,
    Fact,
    FactKind,
    FactPlace,
    Presentation,
    PrivateAction,
)

from openwhist_israeli.actions import FrischSelection
from openwhist_israeli.rules import PHASE_AUCTION, PHASE_CONTRACTS, PHASE_FRISCH
from openwhist_israeli.scoring import standing

HIDDEN = FactPlace.HIDDEN

PRESENTATION = Presentation(
    public=(
        Fact(
            "earlier_auctions",
            FactKind.CALL_ROUNDS,
            N_("Auctions before the Frisch: {earlier_auctions}"),
        ),
        Fact("auction", FactKind.CALLS, N_("Auction: {auction}"), emphasis="strong"),
        Fact("declarer", FactKind.SEAT, N_("Declarer: {declarer}, bid {bid}"), emphasis="strong"),
        Fact(
            "high_bidder",
            FactKind.SEAT,
            N_("Highest bid: {high_bid} by {high_bidder}"),
            hidden_when=("declarer",),
        ),
        Fact("frisch_rounds", FactKind.NUMBER, N_("Frisch rounds: {frisch_rounds}")),
        Fact(
            "lowest_bid",
            FactKind.CALL,
            N_("Lowest bid now: {lowest_bid}"),
            emphasis="strong",
            hidden_when=("declarer",),
        ),
        Fact(
            "lowest_contract",
            FactKind.NUMBER,
            N_("Your contract: at least {lowest_contract} (your bid)"),
            emphasis="strong",
        ),
        Fact(
            "forbidden_contract",
            FactKind.TEXT,
            N_("Forbidden now: contract {forbidden_contract} (the total may not be 13)"),
            emphasis="strong",
        ),
        Fact("contracts", FactKind.PER_SEAT, N_("Contracts: {contracts}"), emphasis="strong"),
        Fact(
            "contract_total",
            FactKind.NUMBER,
            N_("total {contract_total}"),
            joins="contracts",
            always=True,
        ),
        Fact(
            "deal_type",
            FactKind.TEXT,
            N_("({deal_type})"),
            joins="contracts",
            separator=" ",
            words={"over": N_("over"), "under": N_("under"), "exact": N_("exact")},
        ),
        Fact("bid", FactKind.CALL, place=HIDDEN),
        Fact("high_bid", FactKind.CALL, place=HIDDEN),
        Fact("min_bid", FactKind.NUMBER, place=HIDDEN),
        Fact("frisch_committed", FactKind.SEATS, place=HIDDEN),
        Fact("redeals", FactKind.NUMBER, place=HIDDEN),
        Fact("passed_out", FactKind.FLAG, place=HIDDEN),
    ),
    private=(
        Fact("frisch_selected", FactKind.CARDS, N_("Your Frisch selection: {frisch_selected}")),
        Fact(
            "frisch_received",
            FactKind.CARD_SETS,
            N_("Received in the last Frisch: {frisch_received}"),
            latest=True,
        ),
        Fact("frisch_given", FactKind.CARD_SETS, place=HIDDEN),
    ),
    calls=CallStyle(
        words={"pass": N_("pass"), "contract": N_("contract"), "frisch": N_("Frisch")},
        suits=True,
        cards=True,
    ),
    phase_help={
        PHASE_AUCTION: N_(
            "Bidding: call a number of tricks (at least the lowest bid shown) and a trump, "
            "e.g. 5S, 6H or 5NT (no trump), higher than the highest bid so far (NT > S > H > "
            "D > C at the same number); or pass. When everyone passes, a Frisch follows. The "
            "last bid left standing makes its bidder the declarer, its suit trump."
        ),
        PHASE_CONTRACTS: N_(
            "Contracts: say how many tricks you will take, 0 to 13 (e.g. 4 or contract 4). "
            "The declarer bids at least the number of the winning bid; the last seat may not "
            "make the total exactly 13."
        ),
    },
    exchanges=(Exchange(PHASE_FRISCH, N_("{name}, the cards you pass in the Frisch: ")),),
    private_actions=(
        PrivateAction(FrischSelection, N_("{name} puts cards face down for the Frisch")),
    ),
    # The score line shows each player's total; beside it, the deal count (the summary
    # repeats the totals by seat letter, for lists that show nothing else).
    standing=standing,
)
"""Israeli Whist's declared table (`ISRAELI.presentation`)."""

__all__ = ["PRESENTATION"]
