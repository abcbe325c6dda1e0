"""Israeli Whist's own actions: auction calls, Frisch selections and contracts.

Canonical notation (what records and transcripts show), all readable and typable:

* a pass: ``pass`` (input also ``p``);
* a trump bid: the number of tricks then the denomination, ``5S``, ``7NT``, ``6C``
  (input also ``7nt``, ``7N``, ``5♠``, ``5 spades``);
* a Frisch selection: ``frisch`` then the cards, lowest first, ``frisch 2C 7D QH``
  (input also the cards alone, in any order and notation);
* a contract: ``contract 4`` (input also ``4`` or ``c4``).

Denominations rank NT > S > H > D > C (docs/variants/israeli.md §4.1): a bid's ``code`` is
``number * 5 + denomination`` with C=0, D=1, H=2, S=3, NT=4, so "higher bid" is "higher code".

>>> parse_call("7nt"), parse_call("5♠"), parse_call("P")
(Bid(number=7, denomination=4), Bid(number=5, denomination=3), Pass())
>>> parse_call("6H").code > parse_call("5NT").code > parse_call("5S").code
True
>>> parse_frisch("QH 2c 7♦", 3).notation()
'frisch 2C 7D QH'
>>> parse_contract("c4") == parse_contract("contract 4") == CONTRACTS[4]
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar, Final

from openwhist import N_, Action, InvalidNotationError, Message, card_name, cards_of, parse_card

from openwhist_israeli.options import MAX_TRICKS

NT: Final = 4
"""The no-trump denomination."""
DENOMINATIONS: Final = ("C", "D", "H", "S", "NT")
"""Denomination letters, lowest first (docs/variants/israeli.md §4.1)."""
DENOMINATION_NAMES: Final = ("clubs", "diamonds", "hearts", "spades", "no trump")

_DENOMINATION_INPUT: Final = {
    "c": 0, "club": 0, "clubs": 0, "♣": 0, "♧": 0,
    "d": 1, "diamond": 1, "diamonds": 1, "♦": 1, "♢": 1,
    "h": 2, "heart": 2, "hearts": 2, "♥": 2, "♡": 2,
    "s": 3, "spade": 3, "spades": 3, "♠": 3, "♤": 3,
    "nt": 4, "n": 4, "notrump": 4, "notrumps": 4, "no trump": 4, "no trumps": 4,
}  # fmt: skip
_BID_RE: Final = re.compile(r"^\s*(\d+)\s*([a-z♣♧♦♢♥♡♠♤ ]+?)\s*$")
_CONTRACT_RE: Final = re.compile(r"^\s*(?:contract|c)?\s*(\d+)\s*$")


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """A pass in the trump auction."""

    kind: ClassVar[int] = 20

    def notation(self) -> str:
        return "pass"

    def sort_key(self) -> tuple[int, ...]:
        return (20,)


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """A trump bid: take at least ``number`` tricks with ``denomination`` as trump (4 = NT)."""

    number: int
    denomination: int
    kind: ClassVar[int] = 21

    @property
    def code(self) -> int:
        """The bid's rank: a bid outranks another iff its code is larger
        (docs/variants/israeli.md §4.3.3)."""
        return self.number * 5 + self.denomination

    def notation(self) -> str:
        return f"{self.number}{DENOMINATIONS[self.denomination]}"

    def sort_key(self) -> tuple[int, ...]:
        return (21, self.number * 5 + self.denomination)

    def describe(self) -> str:
        """Words for messages: ``7 spades``, ``6 no trump``."""
        return f"{self.number} {DENOMINATION_NAMES[self.denomination]}"


@dataclass(frozen=True, slots=True)
class FrischSelection(Action):
    """The cards (a bitmask) one seat puts face down in a Frisch (docs/variants/israeli.md §4.4)."""

    cards: int
    kind: ClassVar[int] = 22

    def notation(self) -> str:
        return "frisch " + " ".join(card_name(c) for c in cards_of(self.cards))

    def sort_key(self) -> tuple[int, ...]:
        # By bitmask: selections whose highest card is lower come first ("2C 3C 4C" first).
        return (22, self.cards)


@dataclass(frozen=True, slots=True)
class Contract(Action):
    """A contract: exactly ``number`` tricks (docs/variants/israeli.md §4.5)."""

    number: int
    kind: ClassVar[int] = 23

    def notation(self) -> str:
        return f"contract {self.number}"

    def sort_key(self) -> tuple[int, ...]:
        return (23, self.number)


PASS: Final = Pass()
"""The pass, interned."""
BIDS: Final[tuple[Bid | None, ...]] = tuple(
    Bid(code // 5, code % 5) if code >= 5 else None for code in range(5 * (MAX_TRICKS + 1))
)
"""Every bid indexed by its code (codes 0–4 are no bid: numbers start at 1)."""
CONTRACTS: Final = tuple(Contract(n) for n in range(MAX_TRICKS + 1))
"""The contracts 0..13, interned."""


def bid_of(code: int) -> Bid:
    """The bid with ``code`` (5..69)."""
    bid = BIDS[code]
    assert bid is not None
    return bid


def _refused(template: str, **values: int | str | Message) -> InvalidNotationError:
    """The error for text that is not a call, with its reason as a translatable message
    (this plugin's catalogue translates ``template``)."""
    reason = Message(template, values)
    return InvalidNotationError(reason.render(), reason=reason)


def parse_call(text: str) -> Pass | Bid:
    """Read an auction call: ``pass`` or a bid such as ``5S``, ``7NT``, ``6 hearts``.

    Raises:
        InvalidNotationError: anything else, or a number of tricks outside 1..13.
    """
    lowered = text.strip().lower()
    if lowered in ("pass", "p"):
        return PASS
    found = _BID_RE.match(lowered)
    denomination = _DENOMINATION_INPUT.get(found.group(2)) if found else None
    if found is None or denomination is None:
        raise _refused(
            N_(
                "{text} is not an auction call: write pass, or a number of tricks and a "
                "denomination (C D H S NT), e.g. 5S, 6H, 7NT"
            ),
            text=repr(text),
        )
    number = int(found.group(1))
    if not 1 <= number <= MAX_TRICKS:
        raise _refused(
            N_("{text} is not a bid: the number of tricks must be 1 to {max}"),
            text=repr(text),
            max=MAX_TRICKS,
        )
    return bid_of(number * 5 + denomination)


def parse_frisch(text: str, count: int, *, seat: str | None = None) -> FrischSelection:
    """Read a Frisch selection of ``count`` distinct cards: ``frisch 2C 7D QH`` or ``2C 7D QH``.

    ``seat``, when given, is named in the messages ("N's hand") instead of "your hand".

    Raises:
        InvalidNotationError: a bad card, a repeated card or the wrong number of cards.
    """
    hand = Message(N_("{seat}'s hand"), {"seat": seat}) if seat else Message(N_("your hand"))
    words = text.replace(",", " ").split()
    if words and words[0].lower() == "frisch":
        words = words[1:]
    if not words:
        raise _refused(
            N_("a Frisch selection names {count} cards from {hand}, e.g. frisch 2C 7D QH"),
            count=count,
            hand=hand,
        )
    cards = []
    for word in words:
        try:
            cards.append(parse_card(word))
        except InvalidNotationError as exc:
            raise _refused(
                N_(
                    "{text} is not a Frisch selection: a Frisch is due, so name {count} "
                    "cards from {hand}, e.g. frisch 2C 7D QH ({problem})"
                ),
                text=repr(text),
                count=count,
                hand=hand,
                problem=exc.reason if exc.reason is not None else str(exc),
            ) from None
    mask = 0
    for card in cards:
        if mask >> card & 1:
            raise _refused(
                N_("{card} is named twice in {text}"), card=card_name(card), text=repr(text)
            )
        mask |= 1 << card
    if len(cards) != count:
        raise _refused(
            N_("a Frisch passes exactly {count} cards; {text} names {named}"),
            count=count,
            text=repr(text),
            named=len(cards),
        )
    return FrischSelection(mask)


def parse_contract(text: str) -> Contract:
    """Read a contract: ``contract 4``, ``c4`` or ``4``.

    Raises:
        InvalidNotationError: not a whole number of tricks 0..13.
    """
    found = _CONTRACT_RE.match(text.lower())
    if found is None:
        raise _refused(
            N_("{text} is not a contract: write the number of tricks, e.g. 4 or contract 4"),
            text=repr(text),
        )
    number = int(found.group(1))
    if number > MAX_TRICKS:
        raise _refused(
            N_("{text} is not a contract: a contract is 0 to {max} tricks"),
            text=repr(text),
            max=MAX_TRICKS,
        )
    return CONTRACTS[number]


__all__ = [
    "BIDS",
    "CONTRACTS",
    "DENOMINATIONS",
    "NT",
    "PASS",
    "Bid",
    "Contract",
    "FrischSelection",
    "Pass",
    "bid_of",
    "parse_call",
    "parse_contract",
    "parse_frisch",
]
