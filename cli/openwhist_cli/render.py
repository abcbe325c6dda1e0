"""The table on screen: cards, hands, tricks, variant facts and scores as Rich text.

Everything here is pure: functions take a seat's `PlayerView` (never a deal state) and
return Rich renderables; `openwhist_cli.commands.play` prints them. Variant-specific parts
are driven by the data a variant puts in ``view.public`` / ``view.private``:

* German Whist: ``face_up`` (card), ``stock`` (count), ``known`` (per seat, face-up cards
  taken from the stock and still held);
* English/American Whist: ``turn_up`` (the dealer's turned-up trump card),
  ``turn_up_on_table``, ``game_target``;
* Israeli Whist: ``auction`` (``[seat, call]`` pairs), ``high_bid``/``high_bidder``,
  ``declarer``/``bid``, ``contracts`` (per seat, ``None`` until made), ``contract_total``,
  ``deal_type``, ``frisch_rounds``; privately ``frisch_selected``/``frisch_received``.

A variant with other keys still renders: its scalar public facts are listed as
``key: value``, and everything else of the table (hand, trick, tricks won) is generic.

Colours: red hearts and diamonds, black (default colour) spades and clubs; with
``four_color`` diamonds are blue and clubs green. ``ascii`` writes suit letters instead of
symbols. Whether colour is emitted at all is the console's business (`NO_COLOR`, not a
terminal).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openwhist import (
    NO_TRUMP,
    PLAYS,
    SUIT_LETTERS,
    SUIT_SYMBOLS,
    Action,
    DealScore,
    MatchProgress,
    Message,
    Play,
    PlayerView,
    TrickRecord,
    cards_of,
    rank_of,
    suit_of,
)
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from openwhist_cli import i18n
from openwhist_cli.i18n import _

DISPLAY_SUITS = (3, 2, 0, 1)
"""Suits in display order: spades, hearts, clubs, diamonds (colours alternate)."""
_RANKS = {11: "J", 12: "Q", 13: "K", 14: "A"}


@dataclass(frozen=True)
class CardStyle:
    """How cards look: suit letters instead of symbols, and a four-colour deck."""

    ascii: bool = False
    four_color: bool = False

    def suit_style(self, suit: int) -> str:
        """The Rich style of a suit."""
        if self.four_color:
            return ("green", "blue", "red", "bold")[suit]
        return ("bold", "red", "red", "bold")[suit]

    def suit_mark(self, suit: int) -> str:
        """The suit's symbol (or letter with ``ascii``)."""
        return SUIT_LETTERS[suit] if self.ascii else SUIT_SYMBOLS[suit]


def rank_text(card: int) -> str:
    """The rank as a player reads it: ``A``, ``K``, ``10``, ``2``."""
    rank = rank_of(card)
    return _RANKS.get(rank, str(rank))


def card_text(card: int, style: CardStyle) -> Text:
    """One card, coloured: ``Q♥`` (``QH`` with ``ascii``)."""
    suit = suit_of(card)
    return Text(rank_text(card) + style.suit_mark(suit), style=style.suit_style(suit))


def cards_text(cards: Sequence[int], style: CardStyle, sep: str = " ") -> Text:
    """Several cards in the given order."""
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(card_text(card, style))
    return out


def suit_name(suit: int) -> str:
    """The suit's name in the chosen language."""
    return (_("clubs"), _("diamonds"), _("hearts"), _("spades"))[suit]


def hand_order(mask: int) -> list[int]:
    """A hand in display order: by suit (``DISPLAY_SUITS``), highest rank first. The
    numbers a player may type for a card are the 1-based positions in this list."""
    cards = cards_of(mask)
    out: list[int] = []
    for suit in DISPLAY_SUITS:
        out.extend(sorted((c for c in cards if suit_of(c) == suit), reverse=True))
    return out


def hand_text(mask: int, style: CardStyle, *, numbered: bool = True, legal: int = -1) -> Text:
    """The hand grouped by suit, one line per suit, each card with its number.

    Cards not in the ``legal`` mask are dimmed (``-1``: all legal).
    """
    out = Text()
    number = 0
    order = hand_order(mask)
    for suit in DISPLAY_SUITS:
        cards = [c for c in order if suit_of(c) == suit]
        if not cards:
            continue
        if out:
            out.append("\n")
        out.append("  ")
        out.append(style.suit_mark(suit), style=style.suit_style(suit))
        out.append("  ")
        for card in cards:
            number = order.index(card) + 1
            piece = card_text(card, style)
            if legal != -1 and not legal >> card & 1:
                piece.stylize("dim")
            if numbered:
                out.append(f"{number}:", style="dim")
            out.append_text(piece)
            out.append("  ")
        out.rstrip()
    return out


def trick_text(
    played_by: Sequence[int], cards: Sequence[int], names: Sequence[str], style: CardStyle
) -> Text:
    """Who played what: ``A Q♥  B 3♥``, in play order. ``played_by`` is the seat of each
    card (`TrickRecord.seats`, `PlayerView.trick_seats`): the engine's, never counted from
    the leader, since a seat out of the deal or one that knocked plays no card."""
    out = Text()
    for i, (seat, card) in enumerate(zip(played_by, cards, strict=True)):
        if i:
            out.append("   ")
        out.append(names[seat] + " ", style="cyan")
        out.append_text(card_text(card, style))
    return out


def completed_trick_text(
    number: int, trick: TrickRecord, names: Sequence[str], style: CardStyle
) -> Text:
    """A completed trick, each card beside the name of the seat that played it, and its
    winner."""
    out = Text(_("Trick {number}: ").format(number=number), style="bold")
    out.append_text(trick_text(trick.seats, trick.cards, names, style))
    out.append("  -> " if style.ascii else "  → ")
    out.append(_("{name} wins the trick").format(name=names[trick.winner]), style="bold cyan")
    return out


def trump_text(trump: int, style: CardStyle) -> Text:
    """``Trump: ♥ hearts`` or ``No trump``."""
    if trump == NO_TRUMP:
        return Text(_("No trump"), style="bold")
    out = Text(_("Trump: "), style="bold")
    out.append(style.suit_mark(trump) + " " + suit_name(trump), style=style.suit_style(trump))
    return out


def _call_text(call: str) -> str:
    return _("pass") if call == "pass" else call


def stock_text(view: PlayerView, style: CardStyle) -> Text | None:
    """German Whist's stock as the players count it (RULES.md §1.6): ``Stock: 24 cards
    Face-up card: 9♣`` while cards are left, ``None`` when the view has no stock or it is
    empty (the play-out)."""
    stock = view.public.get("stock")
    if not isinstance(stock, int) or isinstance(stock, bool) or not stock:
        return None
    line = Text(_("Stock: {count} cards").format(count=stock), style="bold")
    face_up = view.public.get("face_up")
    if isinstance(face_up, int):
        line.append("   " + _("Face-up card: "))
        line.append_text(card_text(face_up, style))
    return line


def after_trick_text(
    view: PlayerView, trick: TrickRecord, names: Sequence[str], style: CardStyle
) -> Text | None:
    """What a German Whist trick did to the stock (RULES.md §1.6), from public facts only:
    its winner took the face-up card and the loser drew the next one face down; then the
    cards left and the new face-up card, or, after the last drawing trick (13), that the
    stock is empty. ``None`` when the view has no stock, or no longer had one."""
    stock = view.public.get("stock")
    if not isinstance(stock, int) or isinstance(stock, bool) or len(names) != 2:
        return None
    winner, loser = names[trick.winner], names[1 - trick.winner]
    face_up = view.public.get("face_up")
    if stock and isinstance(face_up, int):
        line = Text(
            _("{winner} takes the face-up card, {loser} draws from the stock: {count} cards "
              "left; face up: ").format(winner=winner, loser=loser, count=stock)
        )  # fmt: skip
        line.append_text(card_text(face_up, style))
        return line
    # The stock runs out with the last drawing trick, trick 13, where the public phase
    # turns to 2; later tricks leave it alone.
    if stock == 0 and view.public.get("phase") == 2 and len(view.completed) == 13:
        return Text(
            _("{winner} takes the last face-up card, {loser} the last card of the stock: the "
              "stock is empty, the last 13 tricks are played out").format(
                winner=winner, loser=loser
            ),
            style="bold",
        )  # fmt: skip
    return None


def variant_facts(view: PlayerView, names: Sequence[str], style: CardStyle) -> list[Text]:
    """The variant's public (and this seat's private) facts as lines of text."""
    public = dict(view.public)
    private = dict(view.private)
    lines: list[Text] = []
    # German Whist (RULES.md §1): the face-up stock card and the stock's size.
    if "stock" in public:
        stock_line = stock_text(view, style)
        public.pop("stock")
        public.pop("face_up", None)
        if stock_line is not None:
            lines.append(stock_line)
        known = public.pop("known", None)
        if isinstance(known, list):
            for seat, mask in enumerate(known):
                if seat != view.seat and isinstance(mask, int) and mask:
                    line = Text(_("{name} holds, taken face up: ").format(name=names[seat]))
                    line.append_text(cards_text(hand_order(mask), style))
                    lines.append(line)
        public.pop("phase", None)
    # English / American Whist (RULES.md §2.3): the dealer's turned-up card.
    if "turn_up" in public:
        card = public.pop("turn_up")
        on_table = public.pop("turn_up_on_table", False)
        public.pop("turn_up_name", None)
        public.pop("turn_up_held", None)
        if isinstance(card, int):
            line = Text(_("Turned-up trump card: "))
            line.append_text(card_text(card, style))
            if on_table:
                line.append(" " + _("(still on the table)"), style="dim")
            lines.append(line)
    if isinstance(public.get("game_target"), int):
        lines.append(Text(_("Game is {target} points").format(target=public.pop("game_target"))))
    # Israeli Whist (RULES.md §4): the auction, the declarer's bid and the contracts.
    if "auction" in public:
        lines.extend(_israeli(public, private, view, names, style))
    for key, value in sorted(public.items()):
        if isinstance(value, str | int | float) and not isinstance(value, bool):
            lines.append(Text(f"{key}: {value}", style="dim"))
    return lines


def _israeli(
    public: dict[str, Any],
    private: dict[str, Any],
    view: PlayerView,
    names: Sequence[str],
    style: CardStyle,
) -> list[Text]:
    lines: list[Text] = []
    auction = public.pop("auction", [])
    if auction:
        line = Text(_("Auction: "), style="bold")
        line.append(
            "  ".join(f"{names[int(seat)]} {_call_text(str(call))}" for seat, call in auction)
        )
        lines.append(line)
    high, bidder = public.pop("high_bid", None), public.pop("high_bidder", None)
    declarer, bid = public.pop("declarer", None), public.pop("bid", None)
    if declarer is not None and bid is not None:
        lines.append(
            Text(_("Declarer: {name}, bid {bid}").format(name=names[declarer], bid=bid), "bold")
        )
    elif high is not None and bidder is not None:
        lines.append(Text(_("Highest bid: {bid} by {name}").format(bid=high, name=names[bidder])))
    frisch = public.pop("frisch_rounds", 0)
    if frisch:
        lines.append(Text(_("Frisch rounds: {count}").format(count=frisch)))
    contracts = public.pop("contracts", None)
    total = public.pop("contract_total", None)
    deal_type = public.pop("deal_type", None)
    if isinstance(contracts, list) and any(c is not None for c in contracts):
        line = Text(_("Contracts: "), style="bold")
        line.append(
            "  ".join(f"{names[s]} {'-' if c is None else c}" for s, c in enumerate(contracts))
        )
        if total is not None:
            line.append("   " + _("total {total}").format(total=total))
        if deal_type in ("over", "under", "exact"):
            kinds = {"over": _("over"), "under": _("under"), "exact": _("exact")}
            line.append(f" ({kinds[deal_type]})")
        lines.append(line)
    for key in ("min_bid", "frisch_committed", "redeals", "passed_out"):
        public.pop(key, None)
    selected = private.get("frisch_selected")
    if selected:
        lines.append(Text(_("Your Frisch selection: {cards}").format(cards=_names(selected))))
    received = private.get("frisch_received")
    if isinstance(received, list) and received and received[-1]:
        lines.append(
            Text(_("Received in the last Frisch: {cards}").format(cards=_names(received[-1])))
        )
    return lines


def _names(value: object) -> str:
    if isinstance(value, list | tuple):
        return " ".join(str(v) for v in value)
    return str(value)


def table(
    view: PlayerView,
    names: Sequence[str],
    style: CardStyle,
    *,
    title: str,
    legal_mask: int = -1,
    show_hand: bool = True,
) -> RenderableType:
    """The whole table as ``view.seat`` sees it: title, trump, variant facts, tricks won,
    the current trick, and (``show_hand``) the numbered hand."""
    parts: list[RenderableType] = [Text(title, style="bold underline")]
    if view.phase == "play" or view.trump != NO_TRUMP:
        parts.append(trump_text(view.trump, style))
    parts.extend(variant_facts(view, names, style))
    won = Text(_("Tricks won: "), style="bold")
    won.append("  ".join(f"{names[s]} {n}" for s, n in enumerate(view.tricks)))
    parts.append(won)
    if view.trick:
        line = Text(_("On the table: "), style="bold")
        line.append_text(trick_text(view.trick_seats, view.trick, names, style))
        parts.append(line)
    if show_hand:
        parts.append(
            Text(_("Your hand ({name}):").format(name=names[view.seat]), style="bold yellow")
        )
        parts.append(hand_text(view.hand, style, legal=legal_mask))
    return Group(*parts)


def message_text(message: Message, style: CardStyle | None = None) -> Text:
    """A plugin's `Message` for the screen: its template in the chosen language (our
    catalogue, then the plugins' -- `i18n.use_plugin_catalogues`), nested messages alike,
    cards drawn in ``style``, numbers with one decimal (a decimal comma in Spanish,
    Portuguese and Italian). A message the plugin filled wrongly (a placeholder without a
    value) shows in its English template rather than failing."""
    import re

    comma = i18n.language() in ("es", "pt", "it")
    out = Text()
    try:
        pieces = re.split(r"\{(\w+)\}", message.template(i18n.translations()))
        for index, piece in enumerate(pieces):
            if index % 2 == 0:
                out.append(piece)
                continue
            value = message.values[piece]
            if isinstance(value, Message):
                out.append_text(message_text(value, style))
            elif piece in message.cards:
                out.append_text(card_text(int(value), style or CardStyle()))
            elif isinstance(value, float):
                number = f"{value:.1f}"
                out.append(number.replace(".", ",") if comma else number)
            else:
                out.append(str(value))
    except (KeyError, ValueError, TypeError):
        return Text(message.text)
    return out


def category_name(category: str) -> str:
    """A score category (``tricks``, ``honours``, ...) in the chosen language."""
    return _(category)


def score_table(score: DealScore, style: CardStyle | None = None) -> Table:
    """Each score line of a deal, explained: party, category, points, note."""
    from rich import box

    plain = style is not None and style.ascii
    grid = Table(
        title=_("Deal result"),
        show_edge=False,
        title_justify="left",
        box=box.ASCII if plain else box.HEAVY_HEAD,
    )
    grid.add_column(_("Party"))
    grid.add_column(_("For"))
    grid.add_column(_("Points"), justify="right")
    grid.add_column(_("Explanation"))
    for line in score.lines:
        grid.add_row(
            score.parties[line.party],
            category_name(str(line.category)),
            f"{line.points:+d}",
            message_text(line.message, style) if line.message is not None else line.note,
        )
    if not score.lines:
        grid.add_row("-", "-", "0", _("no points scored"))
    return grid


def progress_text(progress: MatchProgress) -> Text:
    """The running score: each party's total, and the variant's summary line."""
    out = Text(_("Score: "), style="bold")
    out.append(
        "  ".join(f"{p} {t}" for p, t in zip(progress.parties, progress.totals, strict=True))
    )
    if progress.summary_message is not None:
        out.append("   (", style="dim")
        out.append_text(message_text(progress.summary_message))
        out.append(")", style="dim")
    elif progress.summary:
        out.append(f"   ({progress.summary})", style="dim")
    return out


def legal_text(actions: Sequence[Action], style: CardStyle, *, limit: int = 30) -> Text:
    """The legal actions: cards coloured; a long list (Frisch selections) shortened to its
    first ``limit`` with the count."""
    out = Text()
    cards = [a.card for a in actions if isinstance(a, Play)]
    if len(cards) == len(actions):
        # Cards in the order the hand shows them.
        actions = [PLAYS[c] for c in hand_order(sum(1 << c for c in cards))]
    shown = list(actions)[:limit]
    for i, action in enumerate(shown):
        if i:
            out.append("  ")
        if isinstance(action, Play):
            out.append_text(card_text(action.card, style))
        else:
            out.append(_call_text(action.notation()))
    if len(actions) > limit:
        out.append("  … " + _("({count} choices in all)").format(count=len(actions)))
    return out


__all__ = [
    "DISPLAY_SUITS",
    "CardStyle",
    "card_text",
    "cards_text",
    "category_name",
    "completed_trick_text",
    "hand_order",
    "hand_text",
    "legal_text",
    "message_text",
    "progress_text",
    "rank_text",
    "score_table",
    "suit_name",
    "table",
    "trick_text",
    "trump_text",
    "variant_facts",
]
