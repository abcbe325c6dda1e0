"""No-Trump Whist, the example variant plugin of openwhist's plugin author guide."""

from openwhist_notrump.plugin import NOTRUMP
from openwhist_notrump.rules import NotrumpFacts, NotrumpOptions, NotrumpRules

__all__ = ["NOTRUMP", "NotrumpFacts", "NotrumpOptions", "NotrumpRules"]
