"""The table on screen: cards, hands, tricks, variant facts and scores as Rich text.

Everything here is pure: functions take a seat's `PlayerView` (never a deal state) and
return Rich renderables; `openwhist_cli.commands.play` prints them. What is particular to
a variant comes only from the `openwhist.Presentation` it declares (docs/plugins/hooks.md,
"Presentation"): its facts' kinds, labels and places (`variant_facts`), how its calls look
(`call_text`), what a completed trick did (`after_trick_text`). Nothing here knows a
variant's keys: a fact the variant declares nothing about is shown dimmed as
``key: value``, and everything else of the table (hand, trick, tricks won) is generic.

Colours: red hearts and diamonds, black (default colour) spades and clubs; with
``four_color`` diamonds are blue and clubs green. ``ascii`` writes suit letters instead of
symbols. Whether colour is emitted at all is the console's business (`NO_COLOR`, not a
terminal).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from openwhist import (
    NO_TRUMP,
    PHASE_PLAY,
    PLAYS,
    SUIT_LETTERS,
    SUIT_SYMBOLS,
    Action,
    CallStyle,
    DealScore,
    FactKind,
    MatchProgress,
    Message,
    Note,
    Play,
    PlayerView,
    Presentation,
    ScoreCategory,
    TrickRecord,
    category_label,
    parse_card,
    rank_of,
    suit_of,
)
from openwhist.services.shown import (
    DISPLAY_SUITS,
    Draw,
    FactLine,
    call_parts,
    hand_order,
    header_lines,
    tricks_won,
    under_trick_lines,
)
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from openwhist_cli import i18n
from openwhist_cli.i18n import _

if TYPE_CHECKING:
    from openwhist.game.messages import Value

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


_ASCII = str.maketrans({"—": "-", "–": "-", "→": "->", "…": "...", "×": "x"})
_ASCII_DASHES = str.maketrans({"—": "-", "–": "-", "×": "x"})


def ascii_safe(text: str, style: CardStyle) -> str:
    """``text`` with dashes, arrows and ellipses in ASCII when ``style.ascii`` (``--ascii``:
    a terminal that shows no symbols shows no em dash either)."""
    return text.translate(_ASCII) if style.ascii else text


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


_EMPHASIS = {"plain": "", "strong": "bold", "dim": "dim"}


def parts_text(parts: Sequence[Mapping[str, str]], style: CardStyle) -> Text:
    """Parts drawn by `openwhist.services.shown` (``{"text": ...}``, ``{"card": "QH"}``,
    ``{"suit": "H"}``) as coloured text: cards and suit symbols in ``style``."""
    out = Text()
    for part in parts:
        if "card" in part:
            out.append_text(card_text(parse_card(part["card"]), style))
        elif "suit" in part:
            suit = SUIT_LETTERS.index(part["suit"])
            out.append(style.suit_mark(suit), style=style.suit_style(suit))
        else:
            out.append(part["text"])
    return out


def call_text(notation: str, style: CardStyle, calls: CallStyle | None = None) -> Text:
    """A call as its variant declares it shown (`CallStyle`): ``6C`` as ``6♣``, ``pass``
    translated, card names as cards; the notation as it is when nothing is declared
    (`openwhist.services.shown.call_parts`, as the browser table draws it)."""
    return parts_text(call_parts(notation, calls or _NO_CALLS, i18n.translations()), style)


_NO_CALLS = CallStyle()
_NO_PRESENTATION = Presentation()


def _draw(names: Sequence[str], calls: CallStyle | None = None) -> Draw:
    """The services' drawing of values in the chosen language (`Draw`)."""
    return Draw(i18n.translations(), i18n.language(), names, calls or _NO_CALLS)


def fact_value_text(
    kind: FactKind,
    value: object,
    names: Sequence[str],
    style: CardStyle,
    calls: CallStyle | None = None,
    words: Mapping[str, str] | None = None,
) -> Text:
    """One fact's value drawn by its kind (`FactKind`); ``None`` as ``-``
    (`openwhist.services.shown.Draw.value`, as the browser table draws it)."""
    return parts_text(_draw(names, calls).value(kind, value, words), style)


def _fact_line_text(line: FactLine, style: CardStyle) -> Text:
    """A line of facts drawn by the services (`openwhist.services.shown.FactLine`, as the
    browser table draws it) as coloured text: each labelled fact's piece in its own
    emphasis, a separator plain, a fact nobody declared dimmed."""
    out = Text(style="dim") if line.fact is None else Text()
    for fact, parts in line.pieces:
        piece = parts_text(parts, style)
        if fact is not None and fact.label:
            piece.stylize(_EMPHASIS[fact.emphasis])
        out.append_text(piece)
    return out


def variant_facts(
    view: PlayerView,
    names: Sequence[str],
    style: CardStyle,
    presentation: Presentation | None = None,
) -> list[Text]:
    """The lines above the table for the variant's public facts, then this seat's private
    ones, as `Presentation` declares them (`FactPlace.HEADER`, and a line per seat for
    `FactPlace.PER_SEAT`), in declaration order; facts nobody declared follow, dimmed:
    ``key: value`` (`openwhist.services.shown.header_lines`, as the browser table draws
    them)."""
    presentation = presentation or _NO_PRESENTATION
    draw = _draw(names, presentation.calls)
    return [_fact_line_text(line, style) for line in header_lines(view, presentation, draw)]


def note_text(note: Note, names: Sequence[str], style: CardStyle) -> Text:
    """An `after_trick` hook's `Note`: its message translated, seats as names."""
    values = dict(note.message.values)
    for key in note.seats:
        values[key] = _draw(names).seat(values.get(key))
    out = message_text(note.message._replace(values=values), style)
    out.stylize(_EMPHASIS[note.emphasis])
    return out


def after_trick_text(
    view: PlayerView,
    trick: TrickRecord,
    names: Sequence[str],
    style: CardStyle,
    presentation: Presentation | None = None,
) -> list[Text]:
    """What a completed trick left on the table for everyone, from a view taken right after
    it, public facts only: the lines of `FactPlace.UNDER_TRICK` facts (``{winner}`` is the
    trick's winner; `openwhist.services.shown.under_trick_lines`) and the notes of the
    variant's `after_trick` hook."""
    presentation = presentation or _NO_PRESENTATION
    draw = _draw(names, presentation.calls)
    lines = [
        _fact_line_text(line, style) for line in under_trick_lines(view, trick, presentation, draw)
    ]
    if presentation.after_trick is not None:
        public = replace(view, private={})  # shown to every seat: nothing private
        lines.extend(note_text(n, names, style) for n in presentation.after_trick(public, trick))
    return lines


COMPASS_WIDTH = 64
"""The compass picture's width: it fits an 80-column terminal with room to spare."""


def _seat_label(seat: int, view: PlayerView, names: Sequence[str], partners: Sequence[int]) -> Text:
    """A seat's name with what marks it: you, your partner, the dealer, who led."""
    marks: list[str] = []
    if seat == view.seat:
        marks.append(_("you"))
    elif seat in partners:
        marks.append(_("partner"))
    if seat == view.dealer:
        marks.append(_("dealer"))
    if view.trick and view.trick_seats[0] == seat:
        marks.append(_("led"))
    elif not view.trick and view.phase == PHASE_PLAY and seat == view.leader:
        marks.append(_("to lead"))
    out = Text(names[seat], style="bold cyan")
    if marks:
        out.append(" (" + ", ".join(marks) + ")", style="dim")
    return out


def _centred(text: Text, width: int) -> Text:
    if not text:
        return Text("")
    out = Text(" " * max(0, (width - text.cell_len) // 2))
    out.append_text(text)
    return out


def partners_of(seat: int, partnerships: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """The other seats of ``seat``'s side (none without partnerships)."""
    for side in partnerships:
        if seat in side:
            return tuple(s for s in side if s != seat)
    return ()


def compass(
    view: PlayerView,
    names: Sequence[str],
    style: CardStyle,
    partnerships: Sequence[Sequence[int]] = (),
    *,
    width: int = COMPASS_WIDTH,
) -> list[Text]:
    """The table seen from ``view.seat``: the player at the bottom, the others clockwise
    (in play order) to the left, across and to the right -- a partner opposite -- each
    seat's card of the current trick beside it, the dealer and the leader marked.

    Two seats sit across, three at the bottom, left and right, four around the compass.
    More seats do not fit a compass: then one line per seat, in play order from the
    player (``Ann (you, led): 10♣``)."""
    seats = view.seats
    partners = partners_of(view.seat, partnerships)
    played = dict(zip(view.trick_seats, view.trick, strict=True))
    blank = Text("")

    def card(seat: int) -> Text:
        return card_text(played[seat], style) if seat in played else blank

    def label(seat: int) -> Text:
        return _seat_label(seat, view, names, partners)

    around = [(view.seat + i) % seats for i in range(seats)]  # clockwise from the player
    if seats > 4:
        lines = []
        for seat in around:
            line = Text("  ")
            line.append_text(label(seat))
            if seat in played:
                line.append(": ")
                line.append_text(card(seat))
            lines.append(line)
        return lines
    lines = []
    if seats in (2, 4):
        top = around[1] if seats == 2 else around[2]
        lines += [_centred(label(top), width), _centred(card(top), width)]
    if seats in (3, 4):
        left, right = around[1], around[-1]
        west = label(left) + Text("  ") + card(left)
        east = card(right) + Text("  ") + label(right)
        gap = width - west.cell_len - east.cell_len
        middle = west + Text(" " * max(2, gap)) + east
        lines.append(middle)
    lines += [_centred(card(view.seat), width), _centred(label(view.seat), width)]
    return lines


def tricks_won_text(
    view: PlayerView,
    names: Sequence[str],
    presentation: Presentation | None = None,
    partnerships: Sequence[Sequence[int]] = (),
    sides: Sequence[str] | None = None,
) -> Text:
    """``Tricks won:`` per seat, or per partnership (``Ann & Cy 3  Bob & Dan 2``; ``sides``
    names them, as `party_labels` does), counting only the tricks that count under the
    options in force when the variant declares which (`Presentation.counted_tricks`), with
    its note."""
    won = tricks_won(view, presentation or _NO_PRESENTATION, partnerships)
    out = Text(_("Tricks won: "), style="bold")
    if won.sides is not None:
        if sides is None or len(sides) != len(partnerships):
            sides = [" & ".join(names[s] for s in side) for side in partnerships]
        out.append(
            "  ".join(f"{label} {total}" for label, total in zip(sides, won.sides, strict=True))
        )
    else:
        out.append("  ".join(f"{names[s]} {n}" for s, n in enumerate(won.counts)))
    if won.note is not None:
        out.append("   (", style="dim")
        out.append_text(message_text(won.note))
        out.append(")", style="dim")
    return out


def table(
    view: PlayerView,
    names: Sequence[str],
    style: CardStyle,
    *,
    title: str = "",
    legal_mask: int = -1,
    show_hand: bool = True,
    presentation: Presentation | None = None,
    partnerships: Sequence[Sequence[int]] = (),
    score: Text | None = None,
    sides: Sequence[str] | None = None,
) -> RenderableType:
    """The whole table as ``view.seat`` sees it: the title (when given: the deal's heading
    already names the variant), trump, the variant's facts as its ``presentation``
    declares them (`variant_facts`), the match ``score`` line, the compass of the seats with
    the current trick (`compass`), tricks won (`tricks_won_text`), and (``show_hand``) the
    numbered hand."""
    parts: list[RenderableType] = []
    if title:
        parts.append(Text(title, style="bold underline"))
    if view.phase == "play" or view.trump != NO_TRUMP:
        parts.append(trump_text(view.trump, style))
    parts.extend(variant_facts(view, names, style, presentation))
    if score is not None:
        parts.append(score)
    parts.extend(compass(view, names, style, partnerships))
    parts.append(tricks_won_text(view, names, presentation, partnerships, sides))
    if show_hand:
        parts.append(
            Text(_("Your hand ({name}):").format(name=names[view.seat]), style="bold yellow")
        )
        parts.append(hand_text(view.hand, style, legal=legal_mask))
    return Group(*parts)


def message_text(
    message: Message, style: CardStyle | None = None, calls: CallStyle | None = None
) -> Text:
    """A plugin's `Message` for the screen: its template in the chosen language (our
    catalogue, then the plugins' -- `i18n.use_plugin_catalogues`), nested messages alike,
    cards drawn in ``style``, numbers with one decimal (a decimal comma in Spanish,
    Portuguese and Italian). With ``calls`` (the variant's `CallStyle`), a value that is a
    bid with a suit (``5S``) is drawn as the call (``5♠``). A message the plugin filled
    wrongly (a placeholder without a value) shows in its source-language template rather
    than failing."""
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
                out.append_text(message_text(value, style, calls))
            elif (
                calls is not None
                and isinstance(value, str)
                and any(part.kind == "suit" for part in calls.parts(value))
            ):
                out.append_text(call_text(value, style or CardStyle(), calls))
            elif piece in message.cards:
                out.append_text(card_text(int(value), style or CardStyle()))
            elif isinstance(value, float):
                number = f"{value:.1f}"
                out.append(number.replace(".", ",") if comma else number)
            else:
                out.append(str(value))
    except (KeyError, ValueError, TypeError):
        return Text(message.text)
    if style is not None and style.ascii:
        out.plain = out.plain.translate(_ASCII_DASHES)  # same length: the colours stay
    return out


def category_name(category: str, declared: Iterable[ScoreCategory] = ()) -> str:
    """A score category (``tricks``, ``zero_bid``, ...) as a player reads it, in the
    chosen language (``zero bid``, ``apuesta cero``): a core category by the core's label,
    one the variant declares (``declared``: `Variant.categories`) by its own label,
    translated by the plugin's catalogue; any other by its name."""
    return _(category_label(category, declared))


def party_labels(
    parties: Sequence[str],
    names: Sequence[str],
    partnerships: Sequence[Sequence[int]] = (),
) -> list[str]:
    """The scoring parties as players read them: a party per seat is that seat's player
    (``Ann``), a party per partnership its players (``Ann & Cy``); parties of another shape
    keep the variant's name for them (``NS``), as does a partnership whose players are
    named by their seats (``N`` and ``S``: ``NS``)."""
    if len(parties) == len(names):
        return list(names)
    # A side named by its seats reads as the language writes them (EW: EO in Spanish).
    if partnerships and len(parties) == len(partnerships):
        return [
            i18n.seat_letters(party)
            if "".join(names[s] for s in side) in (party, i18n.seat_letters(party))
            else " & ".join(names[s] for s in side)
            for party, side in zip(parties, partnerships, strict=True)
        ]
    return [i18n.seat_letters(party) for party in parties]


def named(message: Message, parties: Sequence[str], labels: Sequence[str]) -> Message:
    """``message`` with every value that is a party's name (``"NS"``, ``"A"``) replaced by
    that party's label (`party_labels`), nested messages alike: a variant's summary
    (``A wins 7-6``) then reads ``Ann wins 7-6``."""
    swap = dict(zip(parties, labels, strict=True))

    def one(value: Value) -> Value:
        if isinstance(value, Message):
            return named(value, parties, labels)
        if isinstance(value, str) and value in swap:
            return swap[value]
        return value

    return message._replace(values={k: one(v) for k, v in message.values.items()})


def score_table(
    score: DealScore,
    style: CardStyle | None = None,
    labels: Sequence[str] | None = None,
    categories: Iterable[ScoreCategory] = (),
) -> Table:
    """Each score line of a deal, explained: party (its players, `party_labels`), category
    (`category_name`; ``categories``: the variant's own, `Variant.categories`), points, and
    the line in words."""
    from rich import box

    plain = style is not None and style.ascii
    shown = list(labels) if labels is not None else list(score.parties)
    declared = tuple(categories)
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
            shown[line.party],
            category_name(str(line.category), declared),
            f"{line.points:+d}",
            message_text(named(line.message, score.parties, shown), style)
            if line.message is not None
            else line.note,
        )
    if not score.lines:
        grid.add_row("-", "-", "0", _("no points scored"))
    return grid


def standing_message(
    progress: MatchProgress, presentation: Presentation | None = None
) -> Message | None:
    """What the score line (`progress_text`) says beside the totals: the variant's declared
    standing (`Presentation.standing`), else the progress's summary message; ``None`` where
    the standing says nothing, or there is only the summary's plain text."""
    standing = presentation.standing if presentation is not None else None
    return standing(progress) if standing is not None else progress.summary_message


def says(message: Message, part: Message) -> bool:
    """Whether ``message`` says ``part``: it is ``part``, or holds it among its values (a
    standing made of the last deal's events and where the match stands)."""
    if message == part:
        return True
    return any(isinstance(v, Message) and says(v, part) for v in message.values.values())


def progress_text(
    progress: MatchProgress,
    labels: Sequence[str] | None = None,
    style: CardStyle | None = None,
    presentation: Presentation | None = None,
) -> Text:
    """The running score: each party's total (its players, `party_labels`), and beside it
    what the variant declares about the match (`Presentation.standing`: ``1 of 2 deals
    played``), else its summary line, with the parties named alike."""
    shown = list(labels) if labels is not None else list(progress.parties)
    out = Text(_("Score: "), style="bold")
    out.append("  ".join(f"{p} {t}" for p, t in zip(shown, progress.totals, strict=True)))
    summary = Text(progress.summary)
    said = standing_message(progress, presentation)
    if presentation is not None and presentation.standing is not None and said is None:
        summary = Text()
    elif said is not None:
        summary = message_text(named(said, progress.parties, shown), style)
    if summary:
        out.append("   (", style="dim")
        out.append_text(summary)
        out.append(")", style="dim")
    # A summary that writes a party as the variant names it in its template ("NS 0 – EW
    # 3"), where the players have names: a legend, rather than a line too long for 80
    # columns.
    # The side as the language writes it in the translated template (EW: EO in Spanish).
    letters = [i18n.seat_letters(party) for party in progress.parties]
    legend = [
        f"{party} = {label}"
        for party, label in zip(letters, shown, strict=True)
        if party != label and re.search(rf"\b{re.escape(party)}\b", summary.plain)
    ]
    if legend:
        out.append("\n" + ", ".join(legend), style="dim")
    return out


def legal_text(
    actions: Sequence[Action],
    style: CardStyle,
    *,
    limit: int = 30,
    calls: CallStyle | None = None,
) -> Text:
    """The legal actions: cards coloured, calls as ``calls`` declares them (`call_text`); a
    long list shortened to its first ``limit`` with the count."""
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
            out.append_text(call_text(action.notation(), style, calls))
    if len(actions) > limit:
        out.append("  … " + _("({count} choices in all)").format(count=len(actions)))
    return out


__all__ = [
    "DISPLAY_SUITS",
    "CardStyle",
    "after_trick_text",
    "ascii_safe",
    "call_text",
    "card_text",
    "cards_text",
    "category_name",
    "compass",
    "completed_trick_text",
    "fact_value_text",
    "hand_order",
    "hand_text",
    "legal_text",
    "message_text",
    "named",
    "note_text",
    "partners_of",
    "parts_text",
    "party_labels",
    "progress_text",
    "rank_text",
    "says",
    "score_table",
    "standing_message",
    "suit_name",
    "table",
    "trick_text",
    "tricks_won_text",
    "trump_text",
    "variant_facts",
]
