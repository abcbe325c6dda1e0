"""A plain, idiomatic pure-Python bitmask whist engine: the reference of bench_engine.py.

This is what the issue calls "a straightforward pure-Python bitmask engine behind the same
``legal_actions()``/``apply()`` API": one mutable deal object per variant, hands as 52-bit
ints, the legal cards as a mask, every pushed action checked for legality, the trick winner
computed inline, one score per deal. No hooks, no history, no views, no immutable states:
the cost of the rules themselves, written plainly, so the engine's ratio to it measures the
price of the engine's design and nothing else.

It is deliberately *not* clumsy (a slow reference would flatter every ratio): legal actions
come from four per-suit tables, as the engine's do, and nothing is allocated per card but
the legal tuple the caller asks for. It is not a shortcut either: it plays exactly the
engine's rules for the default options (German ``last13``, English and American with and
without honours, Israeli with its auction, Frisch rounds, redeals and contracts), its legal
actions are listed in the engine's order, and fed the same random numbers it plays the very
same deals -- ``tests/core/test_reference_engine.py`` checks that against the engine.

Simplified where it does not change the work done per deal: scores are numbers, not
explained lines; English honours are scored without the match's "at the score of four" rule
(the benchmark plays every deal without match progress, as the engine loop does).

Run alone it is the whole-process reference of ``whist simulate``:
``python bench/reference_engine.py german 2000 1`` plays 2,000 random deals of seed 1.
"""

from __future__ import annotations

import random
import sys
from itertools import combinations

CHANCE = -1
TERMINAL = -2
SUIT = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39)


def _suit_tables() -> tuple[list[tuple[int, ...]], ...]:
    tables = []
    for suit in range(4):
        table: list[tuple[int, ...]] = [()] * 8192
        for bits in range(1, 8192):
            top = bits.bit_length() - 1
            table[bits] = (*table[bits ^ (1 << top)], 13 * suit + top)
        tables.append(table)
    return tuple(tables)


_C, _D, _H, _S = _suit_tables()


def cards_of(mask: int) -> tuple[int, ...]:
    """The cards of ``mask``, lowest first."""
    return _C[mask & 0x1FFF] + _D[mask >> 13 & 0x1FFF] + _H[mask >> 26 & 0x1FFF] + _S[mask >> 39]


class IllegalMoveError(ValueError):
    """An action the rules do not allow now."""


class GermanDeal:
    """German Whist (docs/variants/german.md §1): 13 cards each, the stock of 26 drawn from after
    each of the first 13 tricks (winner the face-up card, loser the next), then 13 tricks of
    play-out; the face-up card's suit is trump; scored on the last 13 tricks."""

    seats = 2
    __slots__ = ("hands", "lead", "leader", "stock", "to_act", "tricks", "trump", "won2")

    def __init__(self, order: list[int], dealer: int) -> None:
        first = 1 - dealer
        a = b = 0
        for i in range(0, 26, 2):
            a |= 1 << order[i]
            b |= 1 << order[i + 1]
        self.hands = [a, b] if first == 0 else [b, a]
        self.stock = order[26:]
        self.trump = self.stock[0] // 13
        self.to_act = self.leader = first
        self.lead = -1  # the card led to the current trick, -1 before the lead
        self.tricks = 0
        self.won2 = [0, 0]  # tricks won in the play-out (what last13 scores)

    def legal_mask(self) -> int:
        hand = self.hands[self.to_act]
        lead = self.lead
        if lead < 0:
            return hand
        return hand & SUIT[lead // 13] or hand

    def legal_actions(self) -> tuple[int, ...]:
        hand = self.hands[self.to_act]
        lead = self.lead
        mask = hand if lead < 0 else hand & SUIT[lead // 13] or hand
        return (
            _C[mask & 0x1FFF] + _D[mask >> 13 & 0x1FFF] + _H[mask >> 26 & 0x1FFF] + _S[mask >> 39]
        )

    def push(self, card: int) -> None:
        seat = self.to_act
        hands = self.hands
        hand = hands[seat]
        lead = self.lead
        legal = hand if lead < 0 else hand & SUIT[lead // 13] or hand
        if not legal >> card & 1:
            raise IllegalMoveError(card)
        hands[seat] = hand ^ (1 << card)
        if lead < 0:
            self.lead = card
            self.to_act = 1 - seat
            return
        suit = card // 13
        if suit == lead // 13:
            winner = seat if card > lead else 1 - seat
        else:
            winner = seat if suit == self.trump else 1 - seat
        k = self.tricks = self.tricks + 1
        if k <= 13:
            stock = self.stock
            hands[winner] |= 1 << stock[2 * k - 2]
            hands[1 - winner] |= 1 << stock[2 * k - 1]
        else:
            self.won2[winner] += 1
        self.lead = -1
        self.leader = winner
        self.to_act = winner if k < 26 else TERMINAL

    def score(self) -> tuple[int, int]:
        """(winner, points): the seat with more play-out tricks wins one point."""
        a, b = self.won2
        return (0 if a > b else 1, 1)


class EnglishDeal:
    """English / American Whist (docs/variants/english.md §2, docs/variants/american.md §3): four
    seats in two partnerships, 13 cards each from the dealer's left, the dealer's last card turned
    for trump, eldest leads; tricks over six score, and with ``honours`` the trump A K Q J held by a
    side as dealt."""

    seats = 4
    __slots__ = (
        "best",
        "best_seat",
        "hands",
        "honours",
        "leader",
        "led",
        "to_act",
        "trick",
        "tricks",
        "trump",
    )  # fmt: skip

    def __init__(self, order: list[int], dealer: int, honours: bool = True) -> None:
        first = (dealer + 1) % 4
        hands = [0, 0, 0, 0]
        for i in range(52):
            hands[(first + i) % 4] |= 1 << order[i]
        self.hands = hands
        self.trump = order[51] // 13
        self.to_act = self.leader = first
        self.trick = 0  # cards played to the current trick
        self.best = -1  # the card winning the current trick so far
        self.tricks = [0, 0, 0, 0]
        self.honours = [0, 0]
        if honours:
            top = (0xF << 9) << (13 * self.trump)  # J Q K A of trumps
            for side in (0, 1):
                self.honours[side] = ((hands[side] | hands[side + 2]) & top).bit_count()

    def legal_mask(self) -> int:
        hand = self.hands[self.to_act]
        if not self.trick:
            return hand
        return hand & SUIT[self.led] or hand

    def legal_actions(self) -> tuple[int, ...]:
        return cards_of(self.legal_mask())

    def push(self, card: int) -> None:
        seat = self.to_act
        hand = self.hands[seat]
        legal = hand & SUIT[self.led] or hand if self.trick else hand
        if not legal >> card & 1:
            raise IllegalMoveError(card)
        self.hands[seat] = hand & ~(1 << card)
        best = self.best
        if not self.trick:
            self.led = card // 13
            self.best, self.best_seat = card, seat
        elif card // 13 == best // 13:
            if card > best:
                self.best, self.best_seat = card, seat
        elif card // 13 == self.trump:
            self.best, self.best_seat = card, seat
        self.trick += 1
        if self.trick < 4:
            self.to_act = (seat + 1) % 4
            return
        winner = self.best_seat
        self.tricks[winner] += 1
        self.trick = 0
        self.to_act = self.leader = winner if self.hands[winner] else TERMINAL

    def score(self) -> tuple[int, int]:
        """(side, points): the side over book scores its odd tricks, plus honours."""
        t = self.tricks
        ns, ew = t[0] + t[2], t[1] + t[3]
        side, over = (0, ns - 6) if ns > ew else (1, ew - 6)
        points = over
        for s, held in enumerate(self.honours):
            if held >= 3:
                points += (4 if held == 4 else 2) * (1 if s == side else -1)
        return side, points


AUCTION, FRISCH, CONTRACTS, PLAY, END, DEAL = range(6)
PASS = 0  # a bid's code is number * 5 + denomination (5..69); 0 is free for the pass
NT = 4
CALLS_FROM = tuple((PASS, *range(max(low, 5), 70)) for low in range(71))
CONTRACT_CHOICES: dict[tuple[int, int], tuple[int, ...]] = {}


def contract_choices(low: int, forbidden: int) -> tuple[int, ...]:
    key = (low, forbidden)
    choices = CONTRACT_CHOICES.get(key)
    if choices is None:
        choices = tuple(n for n in range(low, 14) if n != forbidden) or tuple(range(low, 14))
        CONTRACT_CHOICES[key] = choices
    return choices


class IsraeliDeal:
    """Israeli Whist (docs/variants/israeli.md §4) with its default options: an auction opened left
    of the dealer (a bid then three passes wins; four passes with no bid is a Frisch: each seat
    passes three cards to its left and the minimum bid rises by one; after the third
    passed-out Frisch the same dealer redeals), the contract round (the declarer at least
    his bid, the last contract may not make the total 13), play with the bid's trump, and
    scoring per seat: made n² + 10, missed −10 per trick, zero +50/+25, failed zero
    −50 + 10 per further trick."""

    seats = 4
    __slots__ = (
        "best",
        "best_seat",
        "bid",
        "contracts",
        "dealer",
        "declarer",
        "frisch",
        "hands",
        "high",
        "high_seat",
        "leader",
        "led",
        "min_bid",
        "passes",
        "phase",
        "placed",
        "redeals",
        "selections",
        "to_act",
        "trick",
        "tricks",
        "trump",
    )  # fmt: skip

    def __init__(self, order: list[int], dealer: int) -> None:
        self.dealer = dealer
        self.redeals = 0
        self.deal(order)

    def deal(self, order: list[int]) -> None:
        """The chance action: deal ``order`` (first deal or a redeal) and open the auction."""
        first = (self.dealer + 1) % 4
        hands = [0, 0, 0, 0]
        for i in range(52):
            hands[(first + i) % 4] |= 1 << order[i]
        self.hands = hands
        self.phase = AUCTION
        self.to_act = self.leader = first
        self.trump = -1
        self.trick = 0
        self.tricks = [0, 0, 0, 0]
        self.min_bid = 5
        self.high = -1
        self.high_seat = -1
        self.passes = 0
        self.frisch = 0
        self.selections = [0, 0, 0, 0]
        self.contracts = [-1, -1, -1, -1]
        self.placed = 0

    def legal_actions(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == PLAY:
            return cards_of(self.legal_mask())
        if phase == AUCTION:
            return CALLS_FROM[max(self.min_bid * 5, self.high + 1)]
        if phase == CONTRACTS:
            return contract_choices(*self._contract_limits())
        if phase == FRISCH:
            bits = [1 << c for c in cards_of(self.hands[self.to_act])]
            return tuple(sorted(a | b | c for a, b, c in combinations(bits, 3)))
        return ()

    def legal_mask(self) -> int:
        hand = self.hands[self.to_act]
        if not self.trick:
            return hand
        return hand & SUIT[self.led] or hand

    def _contract_limits(self) -> tuple[int, int]:
        low = self.bid // 5 if self.to_act == self.declarer else 0
        forbidden = -1
        if self.placed == 3:
            rest = 13 - sum(c for c in self.contracts if c >= 0)
            if rest >= 0:
                forbidden = rest
        return low, forbidden

    def push(self, action: int) -> None:
        phase = self.phase
        if phase == PLAY:
            self._play(action)
        elif phase == AUCTION:
            if not (action == PASS or max(self.min_bid * 5, self.high + 1) <= action < 70):
                raise IllegalMoveError(action)
            self._call(action)
        elif phase == CONTRACTS:
            low, forbidden = self._contract_limits()
            if not low <= action <= 13 or (action == forbidden and low < 13):
                raise IllegalMoveError(action)
            self._contract(action)
        elif phase == FRISCH:
            hand = self.hands[self.to_act]
            if action & ~hand or action.bit_count() != 3:
                raise IllegalMoveError(action)
            self._select(action)
        else:
            raise IllegalMoveError(action)

    def _call(self, code: int) -> None:
        seat = self.to_act
        if code != PASS:
            self.high, self.high_seat, self.passes = code, seat, 0
            self.to_act = (seat + 1) % 4
            return
        self.passes += 1
        if self.high < 0:
            if self.passes == 4:
                if self.frisch < 3:
                    self.phase = FRISCH
                    self.to_act = (self.dealer + 1) % 4
                else:
                    self.phase, self.to_act = DEAL, CHANCE  # cancelled: the same dealer redeals
                    self.redeals += 1
                return
        elif self.passes == 3:
            self.declarer = self.high_seat
            self.bid = self.high
            denomination = self.high % 5
            self.trump = -1 if denomination == NT else denomination
            self.phase = CONTRACTS
            self.to_act = self.declarer
            return
        self.to_act = (seat + 1) % 4

    def _select(self, cards: int) -> None:
        seat = self.to_act
        self.hands[seat] &= ~cards
        self.selections[seat] = cards
        if not all(self.selections):
            self.to_act = (seat + 1) % 4
            return
        for giver in range(4):
            self.hands[(giver + 1) % 4] |= self.selections[giver]
        self.selections = [0, 0, 0, 0]
        self.frisch += 1
        self.min_bid += 1
        self.high = self.high_seat = -1
        self.passes = 0
        self.phase = AUCTION
        self.to_act = (self.dealer + 1) % 4

    def _contract(self, number: int) -> None:
        seat = self.to_act
        self.contracts[seat] = number
        self.placed += 1
        if self.placed < 4:
            self.to_act = (seat + 1) % 4
            return
        self.phase = PLAY
        self.to_act = self.leader = self.declarer

    def _play(self, card: int) -> None:
        seat = self.to_act
        hand = self.hands[seat]
        legal = hand & SUIT[self.led] or hand if self.trick else hand
        if not legal >> card & 1:
            raise IllegalMoveError(card)
        self.hands[seat] = hand & ~(1 << card)
        if not self.trick:
            self.led = card // 13
            self.best, self.best_seat = card, seat
        else:
            best = self.best
            if card // 13 == best // 13:
                if card > best:
                    self.best, self.best_seat = card, seat
            elif card // 13 == self.trump:
                self.best, self.best_seat = card, seat
        self.trick += 1
        if self.trick < 4:
            self.to_act = (seat + 1) % 4
            return
        winner = self.best_seat
        self.tricks[winner] += 1
        self.trick = 0
        if self.hands[winner]:
            self.to_act = self.leader = winner
        else:
            self.phase, self.to_act = END, TERMINAL

    def score(self) -> list[int]:
        """Points per seat."""
        total = sum(self.contracts)
        points = []
        for bid, took in zip(self.contracts, self.tricks, strict=True):
            if bid >= 1:
                points.append(bid * bid + 10 if took == bid else -10 * abs(took - bid))
            elif took == 0:
                points.append(50 if total < 13 else 25)
            else:
                points.append(-50 + 10 * (took - 1))
        return points


def play(variant: str, count: int, seed: int) -> None:
    """``count`` random deals of ``variant`` (german, english, american, israeli): a
    uniformly random legal action at every step, the deck shuffled as the engine does."""
    rng = random.Random(seed)
    randrange = rng.randrange
    shuffle = rng.shuffle
    for n in range(count):
        order = list(range(52))
        shuffle(order)
        deal: GermanDeal | EnglishDeal | IsraeliDeal
        if variant == "german":
            deal = GermanDeal(order, n % 2)
        elif variant == "israeli":
            deal = IsraeliDeal(order, n % 4)
        else:
            deal = EnglishDeal(order, n % 4, honours=variant == "english")
        while deal.to_act != TERMINAL:
            if deal.to_act == CHANCE:
                order = list(range(52))
                shuffle(order)
                deal.deal(order)  # type: ignore[union-attr]
                continue
            actions = deal.legal_actions()
            deal.push(actions[randrange(len(actions))])
        deal.score()


if __name__ == "__main__":
    play(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
