"""Solo Whist's own actions: the calls of the auction and the declarer's choice of trump.

Canonical notation (what records and transcripts show), all readable and typable:

* a call: ``pass``, ``prop`` (proposal), ``cop`` (acceptance), ``solo``, ``misere``,
  ``abundance``, ``royal-abundance``, ``open-misere``, ``abundance-declared`` (input also
  ``p``, ``proposal``, ``accept``, ``misère``, ``abondance``, ``royal``, ``open``,
  ``declared``, with blanks or hyphens);
* the trump an abundance names: ``trump S`` (input also ``S``, ``spades``, ``♠``), and in
  abundance declared also ``trump NT``.

Calls rank in their code order (docs/variants/solo.md §3): a call outranks another iff its
code is higher; the acceptance is no overcall but joins the proposal.

>>> parse_call("Royal Abundance"), parse_call("misère"), parse_call("accept")
(Call(code=6), Call(code=4), Call(code=2))
>>> " ".join(c.notation() for c in CALLS[:6])
'pass prop cop solo misere abundance'
>>> " ".join(c.notation() for c in CALLS[6:])
'royal-abundance open-misere abundance-declared'
>>> parse_trump("trump nt").notation(), parse_trump("♥").notation()
('trump NT', 'trump H')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from openwhist import NO_TRUMP, Action, InvalidNotationError

PASS_CODE: Final = 0
PROP: Final = 1
COP: Final = 2
SOLO: Final = 3
MISERE: Final = 4
ABUNDANCE: Final = 5
ROYAL: Final = 6
OPEN_MISERE: Final = 7
DECLARED: Final = 8
GENERAL_MISERE: Final = 9
"""Not a call: the contract played when all pass under ``all_pass = general_misere``."""

NOTATIONS: Final = (
    "pass",
    "prop",
    "cop",
    "solo",
    "misere",
    "abundance",
    "royal-abundance",
    "open-misere",
    "abundance-declared",
)
"""Call notation by code."""
CONTRACT_NAMES: Final = (
    "",
    "prop",
    "prop",
    "solo",
    "misere",
    "abundance",
    "royal_abundance",
    "open_misere",
    "declared",
    "general_misere",
)
"""The contract a winning call plays (facts and statistics), by code: an acceptance plays
the proposal."""
CONTRACT_CODES: Final = {name: code for code, name in enumerate(CONTRACT_NAMES) if name}
TARGETS: Final = {
    "prop": 8,
    "solo": 5,
    "misere": 0,
    "abundance": 9,
    "royal_abundance": 9,
    "open_misere": 0,
    "declared": 13,
}
"""Tricks the declaring side must take (misères: none at all)."""
MISERES: Final = frozenset({"misere", "open_misere"})
WITH_TRICK_UNITS: Final = frozenset({"prop", "solo", "abundance", "royal_abundance"})
"""Contracts scored with over- and undertricks (docs/variants/solo.md §6)."""

_CALL_INPUT: Final = {
    "pass": 0, "p": 0, "no": 0,
    "prop": 1, "proposal": 1, "propose": 1, "proposition": 1,
    "cop": 2, "accept": 2, "acceptance": 2,
    "solo": 3,
    "misere": 4, "misère": 4, "mis": 4,
    "abundance": 5, "abondance": 5, "abund": 5,
    "royal-abundance": 6, "royal": 6, "royal-abondance": 6,
    "open-misere": 7, "open-misère": 7, "open": 7, "misere-ouverte": 7, "misère-ouverte": 7,
    "abundance-declared": 8, "declared": 8, "declared-abundance": 8,
    "abondance-declaree": 8, "abondance-déclarée": 8,
}  # fmt: skip
_SUIT_INPUT: Final = {
    "c": 0, "club": 0, "clubs": 0, "♣": 0, "♧": 0,
    "d": 1, "diamond": 1, "diamonds": 1, "♦": 1, "♢": 1,
    "h": 2, "heart": 2, "hearts": 2, "♥": 2, "♡": 2,
    "s": 3, "spade": 3, "spades": 3, "♠": 3, "♤": 3,
    "nt": NO_TRUMP, "n": NO_TRUMP, "notrump": NO_TRUMP, "notrumps": NO_TRUMP,
    "no-trump": NO_TRUMP, "no-trumps": NO_TRUMP,
}  # fmt: skip
SUIT_LETTERS: Final = ("C", "D", "H", "S")


@dataclass(frozen=True, slots=True)
class Call(Action):
    """A call of the auction: ``code`` 0 (pass) to 8 (abundance declared)."""

    code: int
    kind: ClassVar[int] = 40

    def notation(self) -> str:
        return NOTATIONS[self.code]

    def sort_key(self) -> tuple[int, ...]:
        return (40, self.code)


@dataclass(frozen=True, slots=True)
class TrumpChoice(Action):
    """The trump an abundance names: a suit 0..3, or `NO_TRUMP` in abundance declared."""

    suit: int
    kind: ClassVar[int] = 41

    def notation(self) -> str:
        return "trump " + ("NT" if self.suit == NO_TRUMP else SUIT_LETTERS[self.suit])

    def sort_key(self) -> tuple[int, ...]:
        return (41, 4 if self.suit == NO_TRUMP else self.suit)


CALLS: Final = tuple(Call(code) for code in range(len(NOTATIONS)))
"""Every call by code, interned."""
PASS: Final = CALLS[PASS_CODE]
TRUMPS: Final = {suit: TrumpChoice(suit) for suit in (0, 1, 2, 3, NO_TRUMP)}
"""Every trump choice by suit, interned."""


def parse_call(text: str) -> Call:
    """Read an auction call (see the module docstring for the words).

    Raises:
        InvalidNotationError: anything else.
    """
    word = "-".join(text.strip().lower().replace("_", " ").split())
    code = _CALL_INPUT.get(word)
    if code is None:
        raise InvalidNotationError(
            f"{text!r} is not a call: write pass, prop, cop, solo, misere, abundance, "
            "royal-abundance, open-misere or abundance-declared"
        )
    return CALLS[code]


def parse_trump(text: str) -> TrumpChoice:
    """Read a trump choice: ``trump S``, ``S``, ``spades``, ``♠``, ``NT``.

    Raises:
        InvalidNotationError: anything else.
    """
    words = text.strip().lower().split()
    if words and words[0] == "trump":
        words = words[1:]
    suit = _SUIT_INPUT.get("-".join(words)) if words else None
    if suit is None:
        raise InvalidNotationError(
            f"{text!r} is not a trump: name a suit (C D H S), e.g. trump S, or NT where no "
            "trump is allowed"
        )
    return TRUMPS[suit]


__all__ = [
    "ABUNDANCE",
    "CALLS",
    "CONTRACT_CODES",
    "CONTRACT_NAMES",
    "COP",
    "DECLARED",
    "GENERAL_MISERE",
    "MISERE",
    "MISERES",
    "NOTATIONS",
    "OPEN_MISERE",
    "PASS",
    "PASS_CODE",
    "PROP",
    "ROYAL",
    "SOLO",
    "TARGETS",
    "TRUMPS",
    "WITH_TRICK_UNITS",
    "Call",
    "TrumpChoice",
    "parse_call",
    "parse_trump",
]
