"""English Whist for openwhist (docs/variants/english.md §2), with American Whist as a preset
(§3)."""

from openwhist_english.facts import DeclaredRevoke, EnglishFacts, deal_facts, honours_as_dealt
from openwhist_english.match import (
    advance_match,
    choose_first_dealer,
    cut_for_deal,
    game_value,
    start_match,
)
from openwhist_english.options import AMERICAN_PRESET, EnglishOptions
from openwhist_english.plugin import AMERICAN, ENGLISH
from openwhist_english.rules import EnglishRules, turn_up_on_table, turned_up_card
from openwhist_english.scoring import PARTIES, score_facts

__all__ = [
    "AMERICAN",
    "AMERICAN_PRESET",
    "ENGLISH",
    "PARTIES",
    "DeclaredRevoke",
    "EnglishFacts",
    "EnglishOptions",
    "EnglishRules",
    "advance_match",
    "choose_first_dealer",
    "cut_for_deal",
    "deal_facts",
    "game_value",
    "honours_as_dealt",
    "score_facts",
    "start_match",
    "turn_up_on_table",
    "turned_up_card",
]
