"""Israeli Whist for openwhist (docs/variants/israeli.md §4): a trump auction with Frisch rounds,
exact contracts and over/under scoring, four players each for himself."""

from openwhist_israeli.actions import (
    CONTRACTS,
    PASS,
    Bid,
    Contract,
    FrischSelection,
    Pass,
    parse_call,
    parse_contract,
    parse_frisch,
)
from openwhist_israeli.bots import PassingRandomBot
from openwhist_israeli.explain import explain_illegal, illegal_reason
from openwhist_israeli.options import IsraeliOptions
from openwhist_israeli.plugin import ISRAELI
from openwhist_israeli.rules import IsraeliExtra, IsraeliRules
from openwhist_israeli.scoring import IsraeliFacts, score_facts

__all__ = [
    "CONTRACTS",
    "ISRAELI",
    "PASS",
    "Bid",
    "Contract",
    "FrischSelection",
    "IsraeliExtra",
    "IsraeliFacts",
    "IsraeliOptions",
    "IsraeliRules",
    "Pass",
    "PassingRandomBot",
    "explain_illegal",
    "illegal_reason",
    "parse_call",
    "parse_contract",
    "parse_frisch",
    "score_facts",
]
