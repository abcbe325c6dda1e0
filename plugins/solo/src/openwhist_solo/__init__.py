"""Solo Whist for openwhist (docs/variants/solo.md): four players without fixed partners,
an auction of proposal and acceptance, solo, misère, abundance, royal abundance, open
misère and abundance declared, every deal settled in units."""

from openwhist_solo.actions import CALLS, PASS, Call, TrumpChoice, parse_call, parse_trump
from openwhist_solo.options import SoloOptions
from openwhist_solo.plugin import SOLO
from openwhist_solo.rules import SoloExtra, SoloRules
from openwhist_solo.scoring import SoloFacts, score_facts

__all__ = [
    "CALLS",
    "PASS",
    "SOLO",
    "Call",
    "SoloExtra",
    "SoloFacts",
    "SoloOptions",
    "SoloRules",
    "TrumpChoice",
    "parse_call",
    "parse_trump",
    "score_facts",
]
