"""German Whist for openwhist (docs/variants/german.md §1): two players drawing from the stock."""

from openwhist_german.options import GermanOptions
from openwhist_german.plugin import GERMAN
from openwhist_german.rules import GermanExtra, GermanRules
from openwhist_german.scoring import GermanFacts

__all__ = ["GERMAN", "GermanExtra", "GermanFacts", "GermanOptions", "GermanRules"]
