"""How a variant's table is shown: the declared presentation contract (`Presentation`).

A variant puts its own facts in every `PlayerView` (``view.public``: the German stock, the
Israeli auction; ``view.private``: a seat's Frisch cards). Screens must not know those keys:
the variant *declares* them instead, as boardgame.io games declare their player view and
datasette plugins their renderers, and any screen renders any variant from the declaration.
`Variant.presentation` (and `HouseRule.presentation`, whose facts are added to its
variant's) holds:

* `Fact` -- one named fact: its **kind** (`FactKind`: a card, a card set, a number, a list of
  calls...), a translatable **label** (a `openwhist.game.messages.Message` template: the
  plugin's catalogue translates it; its placeholders name facts, each drawn by its kind)
  and its **place** (`FactPlace`: a line of the table's header, a line per seat, a line under
  each completed trick, or not shown at all -- a fact for bots);
* `CallStyle` -- how a call's notation is shown: ``6C`` as ``6♣``, ``pass`` translated;
* `Exchange` -- a phase whose actions are a choice of cards from the hand (the Israeli
  Frisch): the screen asks for cards instead of listing every combination;
* `PrivateAction` -- actions the other seats must not see, shown to them as a sentence;
* `standing` -- what the table's score line says beside the running totals (`Standing`):
  Israeli Whist's deal count rather than its summary, which repeats the totals;
* `counted_tricks` -- which tricks count toward the deal's result under the options in
  force (German Whist by default: only the last 13), so that "Tricks won" shows those;
* `after_trick` -- what cannot be declared as a fact: a typed hook that says, in `Note`\\ s,
  what a completed trick did (German Whist: who took the face-up card, that the stock ran
  out). It reads public facts only (it gets a view without private facts).

A fact a variant declares nothing about is still shown by screens, labelled by its key
(``dog: -1``); `openwhist.testing.conformance` checks that every key of the views is
declared, of its kind, and that no private fact is public. The presentation is read by
screens and the kit only, never on the engine's per-card path.

>>> p = Presentation(public=(Fact("stock", FactKind.NUMBER, "Stock: {stock} cards"),))
>>> p.fact("stock").placeholders
('stock',)
>>> CallStyle(words={"pass": "pass"}, suits=True).parts("6C")
(CallPart(kind='text', text='6', value=0), CallPart(kind='suit', text='C', value=0))
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal, NamedTuple

from openwhist.game.actions import Action
from openwhist.game.cards import SUIT_LETTERS, parse_card
from openwhist.game.errors import InvalidNotationError
from openwhist.game.messages import N_, Message

if TYPE_CHECKING:
    from openwhist.game.scoring import MatchProgress
    from openwhist.game.state import TrickRecord
    from openwhist.game.views import PlayerView


class FactKind(StrEnum):
    """What a fact's value is, and so how a screen draws it (and the kit checks it)."""

    CARD = "card"
    """A card number 0..51 or a card name (``"9C"``; ``None``: none), drawn in the player's
    card style: ``9♣``."""
    CARDS = "cards"
    """A card set: a bitmask, or a list of card numbers or names (``["KC", "2D"]``); a
    bitmask is drawn in hand order, a list in its own order."""
    CARD_SETS = "card_sets"
    """A list of card sets (say one per Frisch round)."""
    CARDS_PER_SEAT = "cards_per_seat"
    """One card set per seat (German Whist's face-up cards each seat took)."""
    SEAT = "seat"
    """A seat number (``None``: nobody), drawn as the player's name."""
    SEATS = "seats"
    """A list of seat numbers, drawn as names."""
    NUMBER = "number"
    """An int or float (``None``: none)."""
    TEXT = "text"
    """A string (``None``: none); `Fact.words` may translate its values."""
    CALL = "call"
    """One call in the variant's notation (``"6C"``), drawn by `CallStyle`."""
    CALLS = "calls"
    """The calls so far as ``[seat, call]`` pairs: ``Noa 6♣  Eli pass``."""
    CALL_ROUNDS = "call_rounds"
    """A list of earlier auctions, each a `CALLS` list (the auctions before each Frisch):
    ``Noa pass  Eli pass | Noa 5♣  Eli pass``."""
    PER_SEAT = "per_seat"
    """One number, text or ``None`` per seat: ``Noa 0  Eli -  Sara 6``."""
    LIST = "list"
    """A list of numbers or strings (a score per side, say)."""
    TABLE = "table"
    """A small table: a list of rows, each a list of numbers or strings."""
    FLAG = "flag"
    """A bool: its line (its label) shows when true."""


class FactPlace(StrEnum):
    """Where a fact's line goes."""

    HEADER = "header"
    """A line of the table, under the trump (in declaration order)."""
    PER_SEAT = "per_seat"
    """One line per seat (for a per-seat kind; the label's ``{seat}`` is the seat's name)."""
    UNDER_TRICK = "under_trick"
    """A line under each completed trick (the label's ``{winner}`` is the trick's winner)."""
    HIDDEN = "hidden"
    """No line of its own: a fact for bots, or one that only fills another fact's label."""


Emphasis = Literal["plain", "strong", "dim"]
"""How a line stands out: as the table's other lines, bold, or dimmed."""

PLACE_NAMES: Mapping[FactPlace, tuple[str, ...]] = MappingProxyType(
    {FactPlace.PER_SEAT: ("seat",), FactPlace.UNDER_TRICK: ("winner",)}
)
"""Placeholders a label in that place may use besides fact keys."""

_EMPTY: Mapping[str, str] = MappingProxyType({})


def placeholders(template: str) -> tuple[str, ...]:
    """The placeholder names of a ``str.format`` template, in order, each once.

    Raises:
        ValueError: not a valid template, or a placeholder that is not a plain name
            (``{0}``, ``{a.b}``, ``{}``).
    """
    names: list[str] = []
    for _, name, spec, conversion in string.Formatter().parse(template):
        if name is None:
            continue
        if not name.isidentifier() or spec or conversion:
            raise ValueError(f"label {template!r}: placeholder {{{name}}} is not a plain name")
        if name not in names:
            names.append(name)
    return tuple(names)


@dataclass(frozen=True)
class Fact:
    """One fact of ``view.public`` (or ``view.private``) and how it is shown.

    Attributes:
        key: the fact's key in the view.
        kind: what its value is (`FactKind`).
        label: the line's English template, marked ``N_`` so the plugin's catalogue
            translates it (`openwhist.game.messages`): ``N_("Stock: {stock} cards")``. Its
            placeholders name declared facts (this one and others of the same view; a private
            fact's label may also name public facts), each drawn by its kind, and the names
            of its place (`PLACE_NAMES`). Empty: the line is ``key: value``.
        place: where the line goes (`FactPlace`).
        joins: another fact's key: this fact's line is appended to that one's (with
            ``separator``) rather than standing alone, and only when that line shows.
        separator: put between the joined line and this one.
        words: for a `FactKind.TEXT` fact, its values as English words the catalogue translates
            (``{"over": N_("over")}``); other values show as they are.
        hidden_when: keys of facts: this line is not shown while one of them has a value
            (``Highest bid`` is hidden once there is a ``declarer``).
        always: show the line even when this fact is empty (``None``, ``0``, ``False``, an
            empty list or string, a per-seat list without a value), drawn as ``-``. A line
            is otherwise shown only when every fact its label names has a value.
        latest: for a list-valued fact (a history, say one card set per Frisch round), show
            only its last entry.
        own_seat: for `FactPlace.PER_SEAT`, also the viewing seat's line (``False``: the others'
            only, for what the seat's own hand already shows).
        emphasis: how the line stands out.
        optional: the fact may be missing from a view (English Whist's turn-up before the
            deal); otherwise the kit wants it in every view.

    Raises:
        ValueError: a label that is not a template of plain names, ``joins`` with a place
            of its own line, or a per-seat place for a fact that is not per seat.
    """

    key: str
    kind: FactKind
    label: str = ""
    place: FactPlace = FactPlace.HEADER
    joins: str = ""
    separator: str = "   "
    words: Mapping[str, str] = field(default_factory=lambda: _EMPTY)
    hidden_when: tuple[str, ...] = ()
    always: bool = False
    latest: bool = False
    own_seat: bool = True
    emphasis: Emphasis = "plain"
    optional: bool = False

    def __post_init__(self) -> None:
        if not self.key:
            raise ValueError("a fact needs a key")
        placeholders(self.label)  # a bad template fails here, at the plugin's import
        per_seat = (FactKind.CARDS_PER_SEAT, FactKind.PER_SEAT)
        if self.place is FactPlace.PER_SEAT and self.kind not in per_seat:
            raise ValueError(f"fact {self.key!r}: place per_seat needs a per-seat kind")
        if self.joins and self.place is not FactPlace.HEADER:
            raise ValueError(f"fact {self.key!r}: a joined fact goes on its line, place header")
        if self.joins == self.key:
            raise ValueError(f"fact {self.key!r} joins itself")

    def empty(self, value: object, kind: FactKind | None = None) -> bool:
        """Whether ``value``, of this fact's kind (or ``kind``), has nothing to show
        (`is_empty`)."""
        return is_empty(value, kind or self.kind)

    @property
    def placeholders(self) -> tuple[str, ...]:
        """The names the label uses."""
        return placeholders(self.label)

    @property
    def message(self) -> Message:
        """The label as a `Message` (values are filled in by the screen)."""
        return Message(self.label)


class Note(NamedTuple):
    """A sentence an `after_trick` hook says: a `Message` and which of its values are seats.

    Attributes:
        message: the sentence; cards among its values named in ``message.cards``.
        seats: names of values that hold seat numbers, drawn as the players' names.
        emphasis: how the line stands out.
    """

    message: Message
    seats: tuple[str, ...] = ()
    emphasis: Emphasis = "plain"


class TrickCount(NamedTuple):
    """The tricks that count toward a deal's result so far, as a screen shows them under
    "Tricks won" (`Presentation.counted_tricks`).

    Attributes:
        counts: per seat, the tricks it won that count under the options in force.
        note: a sentence said beside them (``only tricks 14 to 26 count``), or ``None``.
    """

    counts: tuple[int, ...]
    note: Message | None = None


CountedTricks = Callable[["PlayerView"], "TrickCount | None"]
"""``counted_tricks(view) -> TrickCount | None``: which of ``view.tricks`` count toward the
deal's result under the options in force (``view.options``); ``None``: all of them (what a
variant that declares nothing gets). Public facts only: the screen shows it to every seat."""


Standing = Callable[["MatchProgress"], "Message | None"]
"""``standing(progress) -> message | None``: what the table's score line says about the
match *beside* each party's running total, which the screen shows itself, each party named
by its players (``Score: Ann 0  Bob 10  Cy -20  Di 0   (1 of 2 deals played)``): the part of
the match's state the totals do not say -- a deal count, a target, the game score. A value of
the message that is a party's name (``"NS"``) is shown as its players. ``None`` says nothing
beside the totals. A variant that declares no standing has its progress's ``summary``
there, which must then not repeat the totals (the summary itself, what ``whist simulate``
and the ledger's lists print, stays whole)."""


AfterTrick = Callable[["PlayerView", "TrickRecord"], Sequence[Note]]
"""``after_trick(view, trick) -> notes``: what a completed ``trick`` did, from a view taken
right after it (public facts only: the screen shows the notes to every seat). An empty
sequence says nothing."""


class CallPart(NamedTuple):
    """One piece of a call as shown: ``kind`` is ``text`` (``text`` as it is), ``word``
    (``text`` is an English word to translate), ``suit`` (``value`` is a suit, drawn as its
    symbol) or ``card`` (``value`` is a card), each separated from the next by nothing;
    ``space`` is a blank between tokens."""

    kind: Literal["text", "word", "suit", "card", "space"]
    text: str
    value: int = 0


_NUMBER_AND_REST = re.compile(r"^(\d+)(\D+)$")


@dataclass(frozen=True)
class CallStyle:
    """How a call's notation is shown (`FactKind.CALL`, `FactKind.CALLS`, the calls players make).

    The notation is split at blanks into tokens; each token is, in this order:

    * a word of ``words`` (``pass``): the English word, translated by the plugin's
      catalogue;
    * with ``suits``, a number and a suit letter (``6C``): the number and the suit's symbol;
      a number and a word of ``words`` (``7NT``): the number and the word;
    * with ``cards``, a card name (``KC``, ``QH``): the card in the player's style;
    * anything else, as it is.

    The default shows the notation as it is.

    Attributes:
        words: tokens and the English words shown for them (marked ``N_``).
        suits: a number and a suit letter show as the number and the suit symbol.
        cards: card names show as cards.
    """

    words: Mapping[str, str] = field(default_factory=lambda: _EMPTY)
    suits: bool = False
    cards: bool = False

    def parts(self, notation: str) -> tuple[CallPart, ...]:
        """The call as `CallPart`\\ s, blanks between tokens as ``space`` parts."""
        out: list[CallPart] = []
        for token in notation.split():
            if out:
                out.append(CallPart("space", " "))
            out.extend(self._token(token))
        return tuple(out)

    def _token(self, token: str) -> tuple[CallPart, ...]:
        if token in self.words:
            return (CallPart("word", self.words[token]),)
        found = _NUMBER_AND_REST.match(token)
        if found is not None:
            number, rest = found.groups()
            if self.suits and rest in SUIT_LETTERS:
                return (CallPart("text", number), CallPart("suit", rest, SUIT_LETTERS.index(rest)))
            if rest in self.words:
                return (CallPart("text", number), CallPart("word", self.words[rest]))
        if self.cards:
            try:
                return (CallPart("card", token, parse_card(token)),)
            except InvalidNotationError:
                pass
        return (CallPart("text", token),)


@dataclass(frozen=True)
class Exchange:
    """A phase whose actions are a choice of cards from the hand (the Israeli Frisch).

    Every legal action in ``phase`` must have a ``cards`` attribute (an int bitmask of the
    chosen cards, all in the hand, as many as in every other legal action); the screen asks
    for that many cards of the hand (by their numbers or names, in any order) and plays
    the legal action with exactly those cards, instead of listing every combination.

    Attributes:
        phase: the deal phase (``view.phase``).
        prompt: the English prompt (``N_``); ``{name}`` is the player's name, ``{count}``
            the number of cards to choose.
    """

    phase: str
    prompt: str

    def __post_init__(self) -> None:
        unknown = set(placeholders(self.prompt)) - {"name", "count"}
        if unknown:
            raise ValueError(f"exchange {self.phase!r}: prompt names {sorted(unknown)}")


@dataclass(frozen=True)
class PrivateAction:
    """Actions of ``action``'s type are private: the other seats see ``shown_as``.

    Attributes:
        action: the `Action` class (``FrischSelection``).
        shown_as: the English sentence (``N_``) shown instead of the action; ``{name}`` is
            the acting player's name: ``N_("{name} puts cards face down for the Frisch")``.
    """

    action: type[Action]
    shown_as: str

    def __post_init__(self) -> None:
        unknown = set(placeholders(self.shown_as)) - {"name"}
        if unknown:
            raise ValueError(f"private action {self.action.__name__}: names {sorted(unknown)}")


@dataclass(frozen=True)
class Presentation:
    """A variant's (or a house rule's) declared table: see the module doc.

    Attributes:
        public: the facts of ``view.public``, in the order their lines show.
        private: the facts of ``view.private``, shown after the public ones, to their seat.
        calls: how calls are shown.
        exchanges: the phases that are a choice of cards from the hand.
        private_actions: the actions other seats must not see.
        after_trick: what a completed trick did (`AfterTrick`), or ``None``.
        counted_tricks: which tricks count under the options in force (`CountedTricks`),
            or ``None``: every trick won counts.
        phase_help: per deal phase (``view.phase``), what a player may call there and how,
            in English marked ``N_`` (the plugin's catalogue translates it): the screen shows
            it when a player asks for help (``?``) in that phase, in place of how to type a
            card.
        standing: what the score line says beside the running totals (`Standing`), or
            ``None``: the progress's summary.

    Raises:
        ValueError: a key declared twice (or both public and private), a label or a
            ``joins``/``hidden_when`` naming an undeclared fact, a joined fact that joins
            a fact that itself joins another.
    """

    public: tuple[Fact, ...] = ()
    private: tuple[Fact, ...] = ()
    calls: CallStyle = field(default_factory=CallStyle)
    exchanges: tuple[Exchange, ...] = ()
    private_actions: tuple[PrivateAction, ...] = ()
    after_trick: AfterTrick | None = None
    counted_tricks: CountedTricks | None = None
    phase_help: Mapping[str, str] = field(default_factory=lambda: _EMPTY)
    standing: Standing | None = None

    def __post_init__(self) -> None:
        public = {f.key: f for f in self.public}
        private = {f.key: f for f in self.private}
        if len(public) != len(self.public) or len(private) != len(self.private):
            raise ValueError("a fact is declared twice")
        both = public.keys() & private.keys()
        if both:
            raise ValueError(f"facts declared both public and private: {sorted(both)}")
        for group, known in ((self.public, public), (self.private, {**public, **private})):
            for fact in group:
                names = set(fact.placeholders) - set(PLACE_NAMES.get(fact.place, ()))
                for name in sorted(names | set(fact.hidden_when)):
                    if name not in known:
                        raise ValueError(f"fact {fact.key!r}: {name!r} is not a declared fact")
                if fact.joins:
                    target = known.get(fact.joins)
                    if target is None or fact.joins not in {f.key for f in group}:
                        raise ValueError(f"fact {fact.key!r} joins undeclared {fact.joins!r}")
                    if target.joins or target.place is not FactPlace.HEADER:
                        raise ValueError(f"fact {fact.key!r} joins {fact.joins!r}, not a line")
        phases = [e.phase for e in self.exchanges]
        if len(set(phases)) != len(phases):
            raise ValueError("an exchange phase is declared twice")

    def fact(self, key: str) -> Fact | None:
        """The declared fact ``key``, public or private, or ``None``."""
        for fact in (*self.public, *self.private):
            if fact.key == key:
                return fact
        return None

    def exchange(self, phase: str) -> Exchange | None:
        """The exchange declared for ``phase``, or ``None``."""
        for exchange in self.exchanges:
            if exchange.phase == phase:
                return exchange
        return None

    def private_action(self, action: Action) -> PrivateAction | None:
        """The declaration that makes ``action`` private, or ``None`` (a public action)."""
        for private in self.private_actions:
            if isinstance(action, private.action):
                return private
        return None

    def extended(self, *others: Presentation) -> Presentation:
        """This presentation with each of ``others`` added (a house rule's, in order): their
        facts after these (a fact re-declared by a house rule replaces the variant's, in
        place), the calls' words merged, exchanges and private actions added, after-trick
        notes of every one, the variant's first."""
        result = self
        for other in others:
            result = _merge(result, other)
        return result


def _merge_facts(base: tuple[Fact, ...], extra: tuple[Fact, ...]) -> tuple[Fact, ...]:
    replaced = {f.key: f for f in extra}
    kept = tuple(replaced.pop(f.key, f) for f in base)
    return kept + tuple(f for f in extra if f.key in replaced)


def _merge(base: Presentation, other: Presentation) -> Presentation:
    hooks = [h for h in (base.after_trick, other.after_trick) if h is not None]

    def both(view: PlayerView, trick: TrickRecord) -> Sequence[Note]:
        return [note for hook in hooks for note in hook(view, trick)]

    calls = CallStyle(
        words={**base.calls.words, **other.calls.words},
        suits=base.calls.suits or other.calls.suits,
        cards=base.calls.cards or other.calls.cards,
    )
    return Presentation(
        public=_merge_facts(base.public, other.public),
        private=_merge_facts(base.private, other.private),
        calls=calls,
        exchanges=base.exchanges
        + tuple(e for e in other.exchanges if base.exchange(e.phase) is None),
        private_actions=base.private_actions + other.private_actions,
        after_trick=hooks[0] if len(hooks) == 1 else (both if hooks else None),
        # A house rule that changes which tricks count declares its own count.
        counted_tricks=other.counted_tricks or base.counted_tricks,
        phase_help={**base.phase_help, **other.phase_help},
        # A house rule that changes the match's format declares its own standing.
        standing=other.standing or base.standing,
    )


def presentation_of(base: Presentation, extra: Iterable[Presentation]) -> Presentation:
    """A match's presentation: the standard facts (`STANDARD_PRESENTATION`), then its
    variant's (``base``), then its house rules' (``extra``)."""
    return STANDARD_PRESENTATION.extended(base, *extra)


def is_empty(value: object, kind: FactKind | None = None) -> bool:
    """Whether a fact's value has nothing to show: ``None``, ``False``, an empty string or
    list, a list of nothing but ``None`` (a per-seat list before any value), and ``0`` for
    a number or a card set (an empty bitmask) -- but never a card or a seat, where ``0`` is
    the two of clubs or the first seat. Without ``kind``, ``0`` is empty."""
    if value is None or value is False:
        return True
    if kind in (FactKind.CARD, FactKind.SEAT, FactKind.CALL, FactKind.TEXT):
        return value == ""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value == 0
    if isinstance(value, str | list | tuple | dict):
        if not value:
            return True
        if isinstance(value, list | tuple) and all(v is None for v in value):
            return True
    return False


NO_PRESENTATION = Presentation()
"""A variant that declares nothing: every fact is shown labelled by its key."""

STANDARD_PRESENTATION = Presentation(
    public=(
        Fact(
            "turn_up",
            FactKind.CARD,
            N_("Turned-up trump card: {turn_up}"),
            optional=True,  # only once a card was turned for trump
        ),
    ),
)
"""The facts of the core's standard view (`openwhist.standard_view` through the standard
``whist_observe``): the card turned for trump, named for everyone. Every match's
presentation starts from it (`Variant.match_presentation`); a variant re-declaring a key
replaces the standard fact."""

__all__ = [
    "NO_PRESENTATION",
    "STANDARD_PRESENTATION",
    "AfterTrick",
    "CallPart",
    "CallStyle",
    "CountedTricks",
    "Emphasis",
    "Exchange",
    "Fact",
    "FactKind",
    "FactPlace",
    "Note",
    "Presentation",
    "PrivateAction",
    "Standing",
    "TrickCount",
    "is_empty",
    "placeholders",
    "presentation_of",
]
