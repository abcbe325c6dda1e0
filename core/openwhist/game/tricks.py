"""Pure trick arithmetic on bitmasks (docs/variants/core.md §0.3): following suit and the trick
winner.

>>> from openwhist.game.cards import CardSet, parse_card
>>> hand = CardSet.parse("AS 3S KH 2C").mask
>>> CardSet(follow_suit(hand, 3)), CardSet(follow_suit(hand, 1))
(CardSet('3S AS'), CardSet('2C KH 3S AS'))
>>> trick = tuple(parse_card(c) for c in ("KS", "3S", "2D", "AS"))
>>> winning_index(trick, 1), winning_index(trick, -1)
(2, 3)
"""

from __future__ import annotations

from openwhist.game.cards import SUIT_MASKS


def follow_suit(hand: int, led_suit: int) -> int:
    """The cards of ``hand`` that may follow ``led_suit``: that suit, or all if void."""
    same = hand & SUIT_MASKS[led_suit]
    return same or hand


def winning_index(trick: tuple[int, ...], trump: int) -> int:
    """Index in ``trick`` of the winning card: the highest trump, else the highest of the led
    suit. A card neither of the led suit nor trump never wins. ``trump`` < 0: no trump."""
    if len(trick) == 2:
        # German Whist's every trick: no loop needed.
        first, second = trick
        suit = second // 13
        if suit == first // 13:
            return 1 if second > first else 0
        return 1 if suit == trump else 0
    led = trick[0] // 13
    best = 0
    best_card = trick[0]
    best_trump = led == trump
    for i in range(1, len(trick)):
        card = trick[i]
        suit = card // 13
        if suit == trump:
            if not best_trump or card > best_card:
                best, best_card, best_trump = i, card, True
        elif suit == led and not best_trump and card > best_card:
            best, best_card = i, card
    return best
