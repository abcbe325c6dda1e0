"""What a table screen shows, in one language: a seat's view as translated lines of parts.

The browser table (``GET /t/<table>``, docs/server.md "The browser table") must show any
variant without knowing it, in the player's language, with suit symbols coloured and cards
drawn as cards. `screen` renders one `PlayerView` from the match's declared presentation
(`openwhist.Presentation`) into that form, as the terminal's screens render the same view:

* every line is ``{"emphasis": "plain"|"strong"|"dim", "parts": [...]}`` and every part
  is ``{"text": "..."}``, ``{"card": "QH"}`` or ``{"suit": "H"}`` -- a page draws a card or a
  suit in its own style (red hearts and diamonds) and never parses text;
* ``header`` holds the trump and the declared facts of `FactPlace.HEADER` and
  `FactPlace.PER_SEAT` (public ones, then the seat's private ones) with their labels
  translated by the plugins' catalogues, `Fact.joins`, `Fact.hidden_when`, `Fact.always`,
  `Fact.latest` and `Fact.own_seat` honoured; a fact nobody declared shows as
  ``key: value``, dimmed;
* ``after_trick`` holds, right after a trick (the current trick empty), the lines under
  it: `FactPlace.UNDER_TRICK` facts and the variant's `Presentation.after_trick` notes;
* ``tricks_won`` counts only the tricks that count (`Presentation.counted_tricks`), by
  partnership when the variant has them;
* ``plays`` names the cards the seat may play now; ``calls`` draws each other legal
  action's notation (`CallStyle`; a bid of ``5S`` is no card, though it reads as one);
  ``exchange`` turns a choice of cards (`Exchange`: cards passed face down) into a
  prompt, a count and each legal action's cards, so the page plays the action whose
  cards the player chose;
* ``summary`` is the match's standing line (`MatchProgress.summary_message`, cards as
  cards), ``score`` its parties and totals.

The lines of facts come from `header_lines` and `under_trick_lines` (`FactLine`: each
fact's piece beside its declaration), which the terminal's screens draw too
(`openwhist_cli.render`, in colour): one set of rules for which facts show, and how.

`said` tells one update (`openwhist.services.hosting.Update`) as a sentence for a seat:
another seat's private action (a `PrivateAction`) as its declared sentence ("Ann puts cards
face down for the Frisch"), never as a bare "acted". `page_text` is every fixed word of the
page, translated.

Nothing here reads a `DealState`: the input is always a view the engine made for a seat
(or `openwhist.services.wire.spectator_view`), so nothing hidden from that seat is drawn.
"""

from __future__ import annotations

import functools
import gettext
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from openwhist.game.actions import Action, Play
from openwhist.game.cards import SUIT_LETTERS, cards_of, parse_card
from openwhist.game.errors import InvalidNotationError
from openwhist.game.faces import card_name
from openwhist.game.messages import N_, Message, Translations
from openwhist.game.presentation import CallStyle, Fact, FactKind, FactPlace, Presentation
from openwhist.game.scoring import MatchProgress
from openwhist.game.state import NO_TRUMP, TrickRecord
from openwhist.game.views import HIDDEN, PlayerView

LANGUAGES = ("en", "es", "pt", "it")
"""The languages the catalogues translate completely (``en``, the source, first)."""

Part = dict[str, str]
Line = dict[str, Any]

SUIT_NAMES = (N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"))
"""The suits' names, in suit order (for the trump line)."""

PAGE_TEXT: Mapping[str, str] = {
    "title": N_("openwhist table"),
    "connecting": N_("Connecting…"),
    "connected": N_("Connected."),
    "reconnecting": N_("Connection lost. Trying again in {seconds} s…"),
    "no_table": N_("There is no table {table}."),
    "bad_link": N_("This link opens no seat of this table. Ask the host for your invite."),
    "your_hand": N_("Your hand"),
    "your_turn": N_("Your turn."),
    "turn_of": N_("{name} to play."),
    "spectator": N_("You are watching."),
    "host": N_("You are the host."),
    "seat_of": N_("You play {name}."),
    "waiting": N_("Waiting for the host to start the table."),
    "paused": N_("The table is paused."),
    "closed": N_("The table is closed."),
    "held": N_("a bot plays for now"),
    "bot": N_("bot"),
    "you": N_("you"),
    "partner": N_("partner"),
    "dealer": N_("dealer"),
    "deal": N_("Deal {number}"),
    "trick": N_("Current trick"),
    "last_trick": N_("Last trick"),
    "completed": N_("Tricks of this deal"),
    "trick_won_by": N_("Trick {number}, won by {name}:"),
    "calls": N_("Your calls"),
    "type_action": N_("Type a card or a call"),
    "send": N_("Send"),
    "choose": N_("Choose {count} cards, then pass them."),
    "chosen": N_("{chosen} of {count} chosen"),
    "pass_cards": N_("Pass the chosen cards"),
    "score": N_("Score"),
    "summary": N_("Match"),
    "winner": N_("{name} wins the match."),
    "tie": N_("The match is tied."),
    "host_controls": N_("Host"),
    "start": N_("Start"),
    "pause": N_("Pause"),
    "unpause": N_("Resume"),
    "close": N_("Close the table"),
    "seat_bot": N_("A bot plays this seat"),
    "seat_back": N_("Give the seat back"),
    "played": N_("Played"),
    "log": N_("What happened"),
    "error": N_("Refused: {message}"),
}
"""Every fixed word of the browser table, by the key its script uses (``N_``: the core's
catalogue translates them)."""

SAID: Mapping[str, str] = {
    "play": N_("{name} plays {card}"),
    "call": N_("{name} calls {call}"),
    "in_trick": N_("{name}: {call}"),
    "deal": N_("Deal {number}: {name} deals."),
    "scored": N_("The deal is scored."),
    "playing": N_("The table is playing."),
    "paused": N_("The table is paused."),
    "closed": N_("The table is closed."),
    "waiting": N_("The table waits for its host."),
    "seat": N_("A bot plays {name}'s seat now."),
    "held": N_("{name} is away: a bot plays the seat meanwhile."),
    "returned": N_("{name} is back."),
    "undo": N_("{name} took back an action."),
    "sync": N_("The table changed on another server."),
}
"""The sentences `said` tells updates with (``N_``)."""


# -- languages -------------------------------------------------------------------------------


def language_code(text: str) -> str | None:
    """The catalogue language ``text`` asks for (``es``, ``pt-PT``, ``it_IT.UTF-8``), or
    ``None`` when no catalogue has it."""
    code = text.strip().split(";")[0].split(".")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


def choose_language(requested: str | None, accept: str | None) -> str:
    """The page's language: ``requested`` (the ``?lang=`` of its address) when a catalogue
    has it, else the first language of an ``Accept-Language`` header a catalogue has (in
    the header's order of preference), else ``en``."""
    if requested:
        chosen = language_code(requested)
        if chosen is not None:
            return chosen
    if accept:
        ranked: list[tuple[float, int, str]] = []
        for index, item in enumerate(accept.split(",")):
            tag, _, params = item.partition(";")
            weight = 1.0
            found = re.search(r"q=([0-9.]+)", params)
            if found is not None:
                try:
                    weight = float(found.group(1))
                except ValueError:
                    weight = 0.0
            code = language_code(tag)
            if code is not None and weight > 0:
                ranked.append((-weight, index, code))
        if ranked:
            return min(ranked)[2]
    return "en"


@functools.lru_cache(maxsize=32)
def _translations(lang: str, directories: tuple[Path, ...]) -> gettext.NullTranslations:
    if lang == "en":
        return gettext.NullTranslations()
    out = gettext.NullTranslations()
    for directory in directories:
        path = directory / lang / "LC_MESSAGES" / "messages.mo"
        try:
            with path.open("rb") as handle:
                found = gettext.GNUTranslations(handle)
        except (OSError, ValueError, UnicodeDecodeError):
            continue  # no catalogue for the language, or a broken one: the source text
        out.add_fallback(found)
    return out


def translations(lang: str, directories: Sequence[Path]) -> gettext.NullTranslations:
    """The core's and the plugins' catalogues for ``lang`` (``directories``:
    `openwhist.plugins.Catalog.locale_dirs`), each consulted in turn; the source language, or a text
    no catalogue knows, is the source text."""
    return _translations(lang, tuple(directories))


def page_text(tr: Translations) -> dict[str, str]:
    """`PAGE_TEXT` translated (templates keep their ``{placeholders}`` for the page)."""
    return {key: tr.gettext(text) for key, text in PAGE_TEXT.items()}


DISPLAY_SUITS = (3, 2, 0, 1)
"""Suits in display order, as the terminal shows a hand: spades, hearts, clubs, diamonds
(the colours alternate)."""


def hand_order(mask: int) -> list[int]:
    """A card set in display order: by `DISPLAY_SUITS`, highest rank first."""
    cards = cards_of(mask)
    return [c for suit in DISPLAY_SUITS for c in sorted(cards, reverse=True) if c // 13 == suit]


# -- parts -----------------------------------------------------------------------------------


def _text(text: str) -> Part:
    return {"text": text}


def _card_part(card: int) -> Part:
    return {"card": card_name(card)}


def _fill(template: str, values: Mapping[str, list[Part]]) -> list[Part]:
    """``template`` with each ``{name}`` replaced by its parts (KeyError: one missing)."""
    out: list[Part] = []
    for index, piece in enumerate(re.split(r"\{(\w+)\}", template)):
        if index % 2 == 0:
            if piece:
                out.append(_text(piece))
        else:
            out.extend(values[piece])
    return out


def _translated_fill(
    tr: Translations, template: str, values: Mapping[str, list[Part]]
) -> list[Part]:
    """The template translated and filled; a translation naming what is not there falls
    back to the source template (as the terminal does)."""
    try:
        return _fill(tr.gettext(template), values)
    except KeyError:
        return _fill(template, values)


def call_parts(notation: str, calls: CallStyle, tr: Translations) -> list[Part]:
    """A call as its variant declares it shown (`CallStyle`), in ``tr``'s language:
    ``6C`` as 6 and the club symbol, ``pass`` translated, card names as cards; the
    notation as it is where nothing is declared."""
    out: list[Part] = []
    for part in calls.parts(notation):
        if part.kind == "word":
            out.append(_text(tr.gettext(part.text)))
        elif part.kind == "card":
            out.append(_card_part(part.value))
        elif part.kind == "suit":
            out.append({"suit": SUIT_LETTERS[part.value]})
        else:
            out.append(_text(part.text))
    return out


class Draw:
    """Draws the values of one view for one language as parts: numbers (a decimal comma
    in Spanish, Portuguese and Italian), seats as names, card sets in hand order, calls as
    ``calls`` declares them, each fact's value by its kind. The browser table's screens
    and the terminal's (`openwhist_cli.render`, which turns the parts into coloured text)
    draw with it, so a value reads the same on both."""

    def __init__(self, tr: Translations, lang: str, names: Sequence[str], calls: CallStyle) -> None:
        self.tr = tr
        self.lang = lang
        self.names = names
        self.calls = calls

    def number(self, value: float) -> str:
        if isinstance(value, float):
            text = f"{value:.1f}"
            return text.replace(".", ",") if self.lang in ("es", "pt", "it") else text
        return str(value)

    def plain(self, value: object) -> str:
        if value is None:
            return "-"
        if isinstance(value, list | tuple):
            return ", ".join(self.plain(v) for v in value)
        if isinstance(value, dict):
            return ", ".join(f"{k}={self.plain(v)}" for k, v in value.items())
        if isinstance(value, float):
            return self.number(value)
        return str(value)

    def seat(self, value: object) -> str:
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(self.names):
            return self.names[value]
        return self.plain(value)

    def card_set(self, value: object) -> list[Part]:
        """A bitmask in hand order (suits as dealt, high to low), a list in its order."""
        cards: list[int] = []
        if isinstance(value, int) and not isinstance(value, bool):
            cards = hand_order(value)
        elif isinstance(value, list | tuple):
            for item in value:
                if isinstance(item, int) and not isinstance(item, bool):
                    cards.append(item)
                else:
                    try:
                        cards.append(parse_card(str(item)))
                    except InvalidNotationError:
                        return [_text(" ".join(str(v) for v in value))]
        else:
            return [_text(str(value))]
        out: list[Part] = []
        for index, card in enumerate(cards):
            if index:
                out.append(_text(" "))
            out.append(_card_part(card))
        return out

    def call(self, notation: str) -> list[Part]:
        """A call as its variant declares it shown (`call_parts`)."""
        return call_parts(notation, self.calls, self.tr)

    def joined(self, pieces: Sequence[list[Part]], separator: str) -> list[Part]:
        out: list[Part] = []
        for index, piece in enumerate(pieces):
            if index:
                out.append(_text(separator))
            out.extend(piece)
        return out

    def value(
        self, kind: FactKind | None, value: object, words: Mapping[str, str] | None = None
    ) -> list[Part]:
        """One fact's value drawn by its kind (`FactKind`); ``None`` as ``-``."""
        if value is None:
            return [_text("-")]
        listed = isinstance(value, list | tuple)
        if kind is FactKind.CARD:
            return self.card_set([value])
        if kind is FactKind.CARDS:
            return self.card_set(value)
        if kind is FactKind.CARD_SETS and isinstance(value, list | tuple):
            return self.joined([self.card_set(v) for v in value], "; ")
        if kind is FactKind.CARDS_PER_SEAT and isinstance(value, list | tuple):
            return self.joined(
                [[_text(self.seat(s) + " "), *self.card_set(v)] for s, v in enumerate(value)], "  "
            )
        if kind is FactKind.SEAT:
            return [_text(self.seat(value))]
        if kind is FactKind.SEATS and isinstance(value, list | tuple):
            return [_text(", ".join(self.seat(v) for v in value))]
        if kind is FactKind.CALL:
            return self.call(str(value))
        if kind is FactKind.CALL_ROUNDS and isinstance(value, list | tuple):
            return self.joined([self.value(FactKind.CALLS, a) for a in value], " | ")
        if kind is FactKind.CALLS and isinstance(value, list | tuple):
            pieces = []
            for entry in value:
                if isinstance(entry, list | tuple) and len(entry) == 2:
                    pieces.append([_text(self.seat(entry[0]) + " "), *self.call(str(entry[1]))])
                else:
                    pieces.append([_text(self.plain(entry))])
            return self.joined(pieces, "  ")
        if kind is FactKind.PER_SEAT and listed:
            assert isinstance(value, list | tuple)
            return [
                _text("  ".join(f"{self.seat(s)} {self.plain(v)}" for s, v in enumerate(value)))
            ]
        if kind is FactKind.TEXT and words and str(value) in words:
            return [_text(self.tr.gettext(words[str(value)]))]
        if kind is FactKind.TABLE and isinstance(value, list | tuple):
            return [_text("; ".join(self.plain(row).replace(", ", " ") for row in value))]
        if isinstance(value, int | float) and not isinstance(value, bool):
            return [_text(self.number(value))]
        return [_text(self.plain(value))]

    def message(self, message: Message, seats: Sequence[str] = ()) -> list[Part]:
        """A plugin's `Message` translated and filled: cards as cards, seats as names,
        nested messages alike."""
        values: dict[str, list[Part]] = {}
        for key, value in message.values.items():
            if isinstance(value, Message):
                values[key] = self.message(value)
            elif key in message.cards:
                values[key] = [_card_part(int(value))]
            elif key in seats:
                values[key] = [_text(self.seat(value))]
            elif isinstance(value, float):
                values[key] = [_text(self.number(value))]
            else:
                values[key] = [_text(str(value))]
        template = message.template(self.tr)
        try:
            return _fill(template, values)
        except KeyError:
            return _fill(message.template(), values)


def latest(fact: Fact, value: object) -> tuple[FactKind, object]:
    """The value a fact's line shows, and its kind: with `Fact.latest`, a list's last entry
    (of `FactKind.CALLS`, the last call, still a pair)."""
    if not fact.latest:
        return fact.kind, value
    last = value[-1] if isinstance(value, list | tuple) and value else None
    if fact.kind is FactKind.CALLS:
        return fact.kind, None if last is None else [last]
    one = {FactKind.CARD_SETS: FactKind.CARDS, FactKind.SEATS: FactKind.SEAT}
    kind = one.get(fact.kind, FactKind.TEXT if fact.kind is FactKind.LIST else fact.kind)
    return kind, last


class FactValues:
    """The facts a label may name (the view's public ones, and the seat's private ones),
    with their declarations: which have something to show. A screen's lines are drawn
    from it (here and in `openwhist_cli.render`), so both show the same lines."""

    def __init__(self, view: PlayerView, presentation: Presentation) -> None:
        self.values: dict[str, Any] = {**view.public, **view.private}
        self.presentation = presentation

    def empty(self, key: str) -> bool:
        """Whether the fact ``key`` has nothing to show (`Fact.empty`; never, with
        `Fact.always`; an undeclared fact, when it is None)."""
        fact = self.presentation.fact(key)
        value = self.values.get(key)
        if fact is None:
            return value is None
        if fact.always:
            return False
        kind, value = latest(fact, value)
        return fact.empty(value, kind)

    def shows(self, fact: Fact, own: Sequence[str] = ()) -> bool:
        """Whether the fact has something to show: it (unless `Fact.always`) and every
        fact its label names have a value (``own``: values the line brings itself), and
        none of `Fact.hidden_when` has one."""
        if fact.key not in own and self.empty(fact.key):
            return False
        for name in fact.placeholders:
            if name not in own and self.empty(name):
                return False
        return all(self.empty(key) for key in fact.hidden_when)


class _Facts(FactValues):
    """The facts a label may name, with their declarations, drawn for one screen."""

    def __init__(self, view: PlayerView, presentation: Presentation, draw: Draw) -> None:
        super().__init__(view, presentation)
        self.draw = draw

    def value_parts(self, key: str) -> list[Part]:
        fact = self.presentation.fact(key)
        value = self.values.get(key)
        if fact is None:
            return [_text(self.draw.plain(value))]
        kind, value = latest(fact, value)
        return self.draw.value(kind, value, fact.words)

    def line(self, fact: Fact, extra: Mapping[str, list[Part]]) -> list[Part]:
        """The fact's label translated and filled in (``key: value`` without one)."""
        if not fact.label:
            return [_text(fact.key + ": "), *(extra.get(fact.key) or self.value_parts(fact.key))]
        names = set(fact.placeholders) | set(extra)
        values = {name: extra[name] if name in extra else self.value_parts(name) for name in names}
        return _translated_fill(self.draw.tr, fact.label, values)


def _line(parts: list[Part], emphasis: str = "plain") -> Line:
    return {"emphasis": emphasis, "parts": parts}


@dataclass(frozen=True)
class FactLine:
    """One line of a screen's facts, as both screens draw it (the browser's, and the
    terminal's in `openwhist_cli.render`, which colours each piece itself).

    ``pieces`` are, in order, each fact's label filled in beside its `Fact` (the line's
    own fact, then those that join it) and, between them, each joined fact's separator
    beside ``None``. ``fact`` is the line's own fact; ``None`` for a fact nobody declared
    (``key: value``, dimmed)."""

    fact: Fact | None
    pieces: tuple[tuple[Fact | None, list[Part]], ...]

    @property
    def emphasis(self) -> str:
        """How the whole line stands out: its own fact's emphasis (``dim``: undeclared)."""
        return "dim" if self.fact is None else self.fact.emphasis

    def line(self) -> Line:
        """The line as the browser table's document holds it (one emphasis for all)."""
        return _line([part for _, parts in self.pieces for part in parts], self.emphasis)


def header_lines(view: PlayerView, presentation: Presentation, draw: Draw) -> list[FactLine]:
    """The lines of the view's facts above the table, in declaration order (public, then
    the seat's private ones): each `FactPlace.HEADER` fact that shows with the facts that
    join it, a line per seat for each `FactPlace.PER_SEAT` fact, then each fact nobody
    declared that has a value, by key."""
    facts = _Facts(view, presentation, draw)
    lines: list[FactLine] = []
    for group in (presentation.public, presentation.private):
        for fact in group:
            if fact.joins:
                continue
            if fact.place is FactPlace.PER_SEAT:
                lines.extend(_per_seat(view, fact, facts))
            elif fact.place is FactPlace.HEADER and facts.shows(fact):
                pieces: list[tuple[Fact | None, list[Part]]] = [(fact, facts.line(fact, {}))]
                for joined in group:
                    if joined.joins == fact.key and facts.shows(joined):
                        pieces.append((None, [_text(joined.separator)]))
                        pieces.append((joined, facts.line(joined, {})))
                lines.append(FactLine(fact, tuple(pieces)))
    for values in (view.public, view.private):
        for key in sorted(values):
            if presentation.fact(key) is None and values[key] is not None:
                text = f"{key}: {draw.plain(values[key])}"
                lines.append(FactLine(None, ((None, [_text(text)]),)))
    return lines


def _per_seat(view: PlayerView, fact: Fact, facts: _Facts) -> list[FactLine]:
    """A `FactPlace.PER_SEAT` fact: a line per seat with a value (``{seat}`` its name)."""
    values = facts.values.get(fact.key)
    if not isinstance(values, list | tuple):
        return []
    kind = FactKind.CARDS if fact.kind is FactKind.CARDS_PER_SEAT else FactKind.NUMBER
    lines: list[FactLine] = []
    for seat, value in enumerate(values):
        if seat == view.seat and not fact.own_seat:
            continue
        empty = value is None or (kind is FactKind.CARDS and not value)
        if empty and not fact.always:
            continue
        extra = {
            "seat": [_text(facts.draw.seat(seat))],
            fact.key: facts.draw.value(kind, value, fact.words),
        }
        if facts.shows(fact, own=(fact.key, "seat")):
            lines.append(FactLine(fact, ((fact, facts.line(fact, extra)),)))
    return lines


def under_trick_lines(
    view: PlayerView, trick: TrickRecord, presentation: Presentation, draw: Draw
) -> list[FactLine]:
    """The `FactPlace.UNDER_TRICK` facts' lines under a completed ``trick``, from a view
    taken right after it, public facts only (shown to every seat): ``{winner}`` is the
    trick's winner. The variant's `Presentation.after_trick` notes are not among them."""
    facts = _Facts(replace(view, private={}), presentation, draw)
    winner = {"winner": [_text(draw.seat(trick.winner))]}
    return [
        FactLine(fact, ((fact, facts.line(fact, winner)),))
        for fact in presentation.public
        if fact.place is FactPlace.UNDER_TRICK and facts.shows(fact, own=("winner",))
    ]


def _after_trick(
    view: PlayerView, trick: TrickRecord, presentation: Presentation, draw: Draw
) -> list[Line]:
    lines = [line.line() for line in under_trick_lines(view, trick, presentation, draw)]
    if presentation.after_trick is not None:
        public = replace(view, private={})  # shown to every seat: nothing private
        for note in presentation.after_trick(public, trick):
            lines.append(_line(draw.message(note.message, note.seats), note.emphasis))
    return lines


@dataclass(frozen=True)
class TricksWon:
    """The ``Tricks won:`` line's content, for every screen that draws it.

    Attributes:
        counts: per seat, the tricks that count under the options in force
            (`Presentation.counted_tricks`; every trick won when the variant declares none).
        sides: per partnership, its tricks (the sums of ``counts``), or ``None`` when the
            line is per seat (no partnerships, or partnerships the counts do not cover).
        note: the variant's note on what is counted, or ``None``.
    """

    counts: Sequence[int]
    sides: tuple[int, ...] | None
    note: Message | None


def tricks_won(
    view: PlayerView,
    presentation: Presentation,
    partnerships: Sequence[Sequence[int]] = (),
) -> TricksWon:
    """What the ``Tricks won:`` line says for ``view``: the counted tricks per seat, per
    partnership when there are partnerships, and the variant's note (the terminal's
    `tricks_won_text` and the browser's screen both draw this)."""
    counts: Sequence[int] = view.tricks
    note: Message | None = None
    if presentation.counted_tricks is not None:
        counted = presentation.counted_tricks(replace(view, private={}))
        if counted is not None:
            counts, note = counted.counts, counted.note
    sides = None
    if partnerships and all(s < len(counts) for side in partnerships for s in side):
        sides = tuple(sum(counts[s] for s in side) for side in partnerships)
    return TricksWon(counts, sides, note)


def _tricks_won(
    view: PlayerView,
    presentation: Presentation,
    draw: Draw,
    partnerships: Sequence[Sequence[int]],
) -> Line:
    won = tricks_won(view, presentation, partnerships)
    counts, note = won.counts, won.note
    if won.sides is not None:
        text = "  ".join(
            f"{' & '.join(draw.seat(s) for s in side)} {total}"
            for side, total in zip(partnerships, won.sides, strict=True)
        )
    else:
        text = "  ".join(f"{draw.seat(s)} {n}" for s, n in enumerate(counts))
    parts = [_text(draw.tr.gettext(N_("Tricks won: ")) + text)]
    if note is not None:
        parts.append(_text("   ("))
        parts.extend(draw.message(note))
        parts.append(_text(")"))
    return _line(parts)


def _trump(view: PlayerView, draw: Draw) -> Line | None:
    if view.trump == NO_TRUMP:
        return (
            _line([_text(draw.tr.gettext(N_("No trump")))], "strong")
            if view.phase == "play"
            else None
        )
    if not 0 <= view.trump < len(SUIT_LETTERS):
        return None
    return _line(
        [
            _text(draw.tr.gettext(N_("Trump: "))),
            {"suit": SUIT_LETTERS[view.trump]},
            _text(" " + draw.tr.gettext(SUIT_NAMES[view.trump])),
        ],
        "strong",
    )


def screen(
    view: PlayerView,
    presentation: Presentation,
    *,
    names: Sequence[str],
    tr: Translations,
    lang: str,
    legal: Sequence[Action] = (),
    partnerships: Sequence[Sequence[int]] = (),
) -> dict[str, Any]:
    """The deal as ``view``'s seat sees it, in lines of parts (see the module doc).

    ``legal`` are the seat's legal actions when it is to act; ``partnerships`` the
    variant's sides (tricks are counted by side when every seat has one)."""
    draw = Draw(tr, lang, names, presentation.calls)
    header: list[Line] = []
    trump = _trump(view, draw)
    if trump is not None:
        header.append(trump)
    header.extend(line.line() for line in header_lines(view, presentation, draw))
    after: list[Line] = []
    if view.completed and not view.trick:
        after = _after_trick(view, view.completed[-1], presentation, draw)
    exchange = presentation.exchange(view.phase)
    chooses = exchange is not None and bool(legal) and all(hasattr(a, "cards") for a in legal)
    document: dict[str, Any] = {
        "header": header,
        "after_trick": after,
        "tricks_won": _tricks_won(view, presentation, draw, partnerships),
        "calls": {a.notation(): draw.call(a.notation()) for a in legal if not isinstance(a, Play)},
        "plays": [card_name(a.card) for a in legal if isinstance(a, Play)],
        "exchange": None,
    }
    if chooses and exchange is not None:
        choices = {
            a.notation(): [card_name(c) for c in cards_of(int(getattr(a, "cards", 0)))]
            for a in legal
        }
        count = len(next(iter(choices.values())))
        name = names[view.seat] if 0 <= view.seat < len(names) else ""
        prompt = tr.gettext(exchange.prompt)
        try:
            text = prompt.format(name=name, count=count)
        except (KeyError, IndexError, ValueError):
            text = exchange.prompt.format(name=name, count=count)
        document["exchange"] = {"prompt": text.strip(), "count": count, "choices": choices}
    return document


def standing(
    progress: MatchProgress,
    *,
    names: Sequence[str],
    tr: Translations,
    lang: str,
    partnerships: Sequence[Sequence[int]] = (),
) -> dict[str, Any]:
    """The match's standing for a screen: ``summary`` (the standing line, translated, with
    cards as cards), ``score`` (each party as players read it, with its total) and
    ``winner`` (that party's label, or ``None``)."""
    draw = Draw(tr, lang, names, CallStyle())
    parties = list(progress.parties)
    if len(parties) == len(names):
        labels = list(names)
    elif partnerships and len(parties) == len(partnerships):
        labels = [
            party
            if "".join(names[s] for s in side) == party
            else " & ".join(names[s] for s in side)
            for party, side in zip(parties, partnerships, strict=True)
        ]
    else:
        labels = parties
    if progress.summary_message is not None:
        summary = draw.message(progress.summary_message)
    else:
        summary = [_text(progress.summary)] if progress.summary else []
    winner = progress.winner
    return {
        "summary": _line(summary) if summary else None,
        "score": [
            {"party": label, "total": draw.number(total)}
            for label, total in zip(labels, progress.totals, strict=False)
        ],
        "winner": labels[winner] if winner is not None and 0 <= winner < len(labels) else None,
        "finished": progress.finished,
    }


def said(
    event: Mapping[str, Any],
    *,
    names: Sequence[str],
    tr: Translations,
    lang: str,
    calls: CallStyle,
    card_play: bool = False,
    in_trick: bool = False,
    shown_as: str | None = None,
    status: str | None = None,
    number: int | None = None,
) -> Line | None:
    """One update (`openwhist.services.hosting.Update.event_for`) as a sentence for its
    receiver: a card played, a call drawn as its variant shows calls, another seat's
    private action as its declared sentence (``shown_as``), a deal, a status change, a
    seat given to a bot or back. ``None``: nothing worth saying."""
    draw = Draw(tr, lang, names, calls)
    kind = event.get("kind")
    seat = event.get("seat")
    name = [_text(draw.seat(seat))] if seat is not None else [_text("")]
    if kind == "action":
        action = event.get("action")
        if action == HIDDEN or action is None:
            if shown_as is not None:
                return _line(_translated_fill(tr, shown_as, {"name": name}))
            return None
        if card_play:
            try:
                card = [_card_part(parse_card(str(action)))]
            except InvalidNotationError:
                card = [_text(str(action))]
            return _line(_translated_fill(tr, SAID["play"], {"name": name, "card": card}))
        template = SAID["in_trick"] if in_trick else SAID["call"]
        return _line(_translated_fill(tr, template, {"name": name, "call": draw.call(str(action))}))
    if kind == "deal":
        shown = [_text(str(number))] if number is not None else [_text("")]
        return _line(_translated_fill(tr, SAID["deal"], {"name": name, "number": shown}))
    if kind == "status" and status is not None and status in SAID:
        return _line(_translated_fill(tr, SAID[status], {}), "strong")
    if kind in ("scored", "seat", "held", "returned", "undo", "sync"):
        return _line(_translated_fill(tr, SAID[str(kind)], {"name": name}))
    return None


__all__ = [
    "DISPLAY_SUITS",
    "LANGUAGES",
    "PAGE_TEXT",
    "SAID",
    "SUIT_NAMES",
    "Draw",
    "FactLine",
    "FactValues",
    "TricksWon",
    "call_parts",
    "choose_language",
    "hand_order",
    "header_lines",
    "language_code",
    "latest",
    "page_text",
    "refusal",
    "said",
    "screen",
    "standing",
    "translations",
    "tricks_won",
    "under_trick_lines",
]


def refusal(message: Message, *, tr: Translations, lang: str) -> Line:
    """An error the server sends (`openwhist.services.refusals`) as the line a screen shows
    for it in ``lang``: translated and filled in, cards as cards."""
    return _line(Draw(tr, lang, (), CallStyle()).message(message))
