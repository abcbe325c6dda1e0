"""openwhist: a plugin-based platform for playing and scoring the Whist family of card games.

The names exported here are the public plugin API: a variant plugin imports only these.
"""

from openwhist.actions import PLAYS, Action, Deal, Play
from openwhist.cards import (
    FULL_DECK,
    NUM_CARDS,
    SUIT_MASKS,
    CardSet,
    Rank,
    Suit,
    card_name,
    card_symbol,
    cards_of,
    iter_cards,
    make_card,
    mask_of,
    parse_card,
    rank_of,
    suit_of,
)
from openwhist.deal import LiveDeal
from openwhist.engine import Engine, shuffled_deck
from openwhist.errors import (
    DuplicateVariantError,
    IllegalActionError,
    InvalidNotationError,
    OpenWhistError,
    OptionsError,
    PluginContractError,
    RecordError,
    UnknownBotLevelError,
    UnknownVariantError,
    VariantError,
)
from openwhist.hookspecs import hookimpl
from openwhist.messages import N_, Message, join_messages, plural_message
from openwhist.options import VariantOptions
from openwhist.rules import Rules
from openwhist.scoring import Category, DealScore, MatchProgress, ScoreLine
from openwhist.standard import (
    StandardRules,
    collect_trick,
    deal_round_robin,
    end_deal,
    initial_state,
    side_of,
)
from openwhist.state import (
    CHANCE,
    NO_TRUMP,
    PHASE_DEAL,
    PHASE_END,
    PHASE_PLAY,
    TERMINAL,
    DealChanges,
    DealContext,
    DealState,
    DealView,
    TrickRecord,
    next_seat,
    with_changes,
)
from openwhist.tricks import follow_suit, winning_index
from openwhist.variant import Bot, BotLevel, BotSpec, CardBot, HouseRule, Reason, Variant
from openwhist.views import HIDDEN, PlayerView, public_history, standard_view

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "FULL_DECK",
    "HIDDEN",
    "NO_TRUMP",
    "NUM_CARDS",
    "N_",
    "PHASE_DEAL",
    "PHASE_END",
    "PHASE_PLAY",
    "PLAYS",
    "SUIT_MASKS",
    "TERMINAL",
    "Action",
    "Bot",
    "BotLevel",
    "BotSpec",
    "CardBot",
    "CardSet",
    "Category",
    "Deal",
    "DealChanges",
    "DealContext",
    "DealScore",
    "DealState",
    "DealView",
    "DuplicateVariantError",
    "Engine",
    "HouseRule",
    "IllegalActionError",
    "InvalidNotationError",
    "LiveDeal",
    "MatchProgress",
    "Message",
    "OpenWhistError",
    "OptionsError",
    "Play",
    "PlayerView",
    "PluginContractError",
    "Rank",
    "Reason",
    "RecordError",
    "Rules",
    "ScoreLine",
    "StandardRules",
    "Suit",
    "TrickRecord",
    "UnknownBotLevelError",
    "UnknownVariantError",
    "Variant",
    "VariantError",
    "VariantOptions",
    "__version__",
    "card_name",
    "card_symbol",
    "cards_of",
    "collect_trick",
    "deal_round_robin",
    "end_deal",
    "follow_suit",
    "hookimpl",
    "initial_state",
    "iter_cards",
    "join_messages",
    "make_card",
    "mask_of",
    "next_seat",
    "parse_card",
    "plural_message",
    "public_history",
    "rank_of",
    "shuffled_deck",
    "side_of",
    "standard_view",
    "suit_of",
    "winning_index",
    "with_changes",
]
