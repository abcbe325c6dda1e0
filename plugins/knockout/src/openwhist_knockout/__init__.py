"""Knockout Whist for openwhist, written against the public plugin API only
(docs/variants/knockout.md)."""

from openwhist_knockout.options import KnockoutOptions
from openwhist_knockout.plugin import KNOCKOUT
from openwhist_knockout.rules import KNOCK, TRUMPS, ChooseTrump, Knock, KnockoutRules

__all__ = [
    "KNOCK",
    "KNOCKOUT",
    "TRUMPS",
    "ChooseTrump",
    "Knock",
    "KnockoutOptions",
    "KnockoutRules",
]
