"""Reading a player's input: lines from stdin, the table commands, yes/no questions.

Input is read line by line from ``sys.stdin`` (a terminal, a pipe or CliRunner's scripted
input alike), so a non-interactive run never opens a prompt library and never hangs: at the
end of input `InputEndedError` is raised and the game stops cleanly.

At a turn a player types a card (``qh``, ``10d``, ``Q♥``), the card's number in the shown
hand, a call in the variant's notation, or one of the commands of `COMMANDS` (as written
there, or their translation in the chosen language).
"""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.text import Text

from openwhist_cli.i18n import N_, _


class InputEndedError(Exception):
    """The input ended (end of file, or Ctrl-D / Ctrl-C at a terminal).

    Attributes:
        cancelled: the player pressed Ctrl-C (rather than the input running out).
    """

    def __init__(self, cancelled: bool = False) -> None:
        super().__init__("cancelled" if cancelled else "input ended")
        self.cancelled = cancelled


COMMANDS: dict[str, tuple[str, ...]] = {
    "help": ("?", N_("help")),
    "hint": (N_("hint"),),
    "undo": (N_("undo"),),
    "last": (N_("last"),),
    "tricks": (N_("tricks"),),
    "table": (N_("table"),),
    "quit": (N_("quit"),),
}
"""Command name -> the words that invoke it (each also accepted in translation)."""


YES = (N_("y"), N_("yes"))
"""The answers that mean yes (each also in the chosen language)."""


@dataclass(frozen=True)
class Entry:
    """What a player typed at a turn: a command, a hand position, or a move's text."""

    command: str | None = None
    number: int | None = None
    text: str = ""


def is_number(word: str) -> bool:
    """True for a number written with the digits 0-9 only.

    ``str.isdigit`` is also true for ``²``, ``①`` or ``٣``, which ``int`` then refuses or
    reads as another number: a card or a hand position is typed in ASCII digits.
    """
    return word.isascii() and word.isdigit()


def picked_cards(text: str, hand: int) -> list[int]:
    """The cards of ``text`` for an exchange (``whist play``'s and ``whist join``'s):
    numbers in the shown hand or card names, every one in ``hand`` (a card mask); ``[]``
    when a word is neither (then it is the variant's notation)."""
    from openwhist import InvalidNotationError, parse_card

    from openwhist_cli.render import hand_order

    order = hand_order(hand)
    cards: list[int] = []
    for word in text.replace(",", " ").split():
        if is_number(word):
            number = int(word)
            if not 1 <= number <= len(order):
                return []
            cards.append(order[number - 1])
            continue
        try:
            card = parse_card(word)
        except InvalidNotationError:
            return []
        if not hand >> card & 1:
            return []
        cards.append(card)
    return cards


def exchange_count(legal: Sequence[Any]) -> int:
    """How many cards a declared exchange chooses: as many as each legal choice holds."""
    cards = getattr(legal[0], "cards", 0) if legal else 0
    return int(cards).bit_count() if isinstance(cards, int) else 0


def has_other_digits(text: str) -> bool:
    """True when ``text`` holds a digit that is not 0-9 (``²``, ``①``, ``٣``, ``３``):
    refused with a message (`OTHER_DIGITS`) rather than guessed at."""
    return any(c.isdigit() and not c.isascii() for c in text)


OTHER_DIGITS = N_("{text!r}: type numbers with the digits 0 to 9.")
"""The answer to `has_other_digits` input."""


def fold(word: str) -> str:
    """``word`` as typed words are compared: case and accents ignored (``Última`` and
    ``ultima``, ``SÍ`` and ``si`` are the same word), since a keyboard may lack them."""
    decomposed = unicodedata.normalize("NFKD", word.strip().casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def is_word(typed: str, words: Iterable[str]) -> bool:
    """True when ``typed`` is one of the untranslated ``words`` or its translation in the chosen
    language (the catalogues say it), compared by `fold`."""
    folded = fold(typed)
    return any(folded in (fold(w), fold(_(w))) for w in words)


def call_notation(text: str, words: Mapping[str, str]) -> str:
    """``text`` with each word of the player's language spelled as the variant's notation.

    ``words`` maps notation tokens to the untranslated words shown for them
    (`openwhist.CallStyle.words`: ``{"pass": "pass", "contract": "contract"}``); a typed
    word that is the translation of one (``paso``, ``passo``, ``contrato``) becomes its token,
    so a player types the words the screen shows. Untranslated words, and everything else, are
    left as they are for the variant's parser.
    """
    if not words:
        return text
    tokens: dict[str, str] = {}
    for token, shown in words.items():
        tokens.setdefault(fold(_(shown)), token)
    out = []
    for word in text.split():
        found = tokens.get(fold(word))
        out.append(word if found is None or fold(word) == fold(found) else found)
    return " ".join(out)


def as_typed(error: Exception, spelled: str, typed: str) -> Exception:
    """``error``, raised for the `call_notation` spelling ``spelled`` of what the player
    typed, quoting ``typed`` instead: a message says ``'contrato 99' is not a contract``,
    not ``'contract 99'``. The variant's reason (`openwhist.InvalidNotationError.reason`)
    names the text in its ``text`` value; an error that does not is returned as it is."""
    from openwhist import InvalidNotationError

    reason = getattr(error, "reason", None)
    if spelled == typed or reason is None or reason.values.get("text") != repr(spelled):
        return error
    quoted = reason._replace(values={**reason.values, "text": repr(typed)})
    return InvalidNotationError(quoted.render(), reason=quoted)


def classify(line: str) -> Entry:
    """Sort one input line into a command, a number, or text for the variant's parser."""
    text = line.strip()
    for command, words in COMMANDS.items():
        if is_word(text, words):
            return Entry(command=command, text=text)
    if is_number(text):
        return Entry(number=int(text), text=text)
    return Entry(text=text)


class Prompter:
    """Asks questions on the console and reads the answers from stdin."""

    def __init__(self, console: Console) -> None:
        self.console = console

    def ask(self, question: str | Text) -> str:
        """Show ``question`` and read one line (without its newline).

        Raises:
            InputEndedError: the input ended.
        """
        self.console.print(question, end="", markup=False, highlight=False)
        self.console.file.flush()
        stream = sys.stdin
        try:
            if stream.isatty():
                line = input()
            else:
                line = stream.readline()
                if not line:
                    raise InputEndedError
                if not self.console.is_terminal:
                    # Echo scripted input so a transcript reads like a session.
                    self.console.print(line.rstrip("\n"), markup=False, highlight=False)
        except EOFError:
            self.console.print()
            raise InputEndedError from None
        except KeyboardInterrupt:
            self.console.print()
            raise InputEndedError(cancelled=True) from None
        return line.rstrip("\r\n")

    def confirm(self, question: str) -> bool:
        """A yes/no question; anything but a yes (``y``/``yes`` or the chosen language's) is
        no."""
        answer = self.ask(question + " " + _("[y/N] "))
        return is_word(answer, YES)

    def pause(self, message: str) -> str:
        """Show ``message`` and wait for Enter; returns what was typed."""
        return self.ask(message)


__all__ = [
    "COMMANDS",
    "OTHER_DIGITS",
    "YES",
    "Entry",
    "InputEndedError",
    "Prompter",
    "as_typed",
    "call_notation",
    "classify",
    "fold",
    "has_other_digits",
    "is_number",
    "is_word",
]
