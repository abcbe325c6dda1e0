"""Text a plugin shows to players, kept translatable: `Message` and the `N_` marker.

A variant's score lines, match summaries and rejection reasons, and a bot's reasons for a
hint, are read by players in their own language. A plugin therefore never hands over
finished English prose for them but a `Message`: a fixed English ``str.format`` template
(the gettext *msgid*) and the values to fill in. An interface translates the template,
then fills it in; the English rendering is what records and the ledger store.

**Catalogues.** A plugin ships its translations as gettext catalogues in a ``locale``
directory inside its top-level package (``openwhist_german/locale/es/LC_MESSAGES/
messages.mo``), as Django apps do; `openwhist.plugins.Catalog.locale_dirs` lists them and
the CLI consults them after its own. A template the catalogues do not know shows in
English, never as an error. Option descriptions and a variant's title and description are
plain strings marked with `N_` so that ``pybabel extract -k N_`` finds them; a sentence
that depends on a count is built with `plural_message` (``-k plural_message:1,2``).

Templates must be fixed strings (the same for every call): put everything that varies in
``values``. Keep numbers as numbers (an interface may format them for its language) and
cards as card numbers named in ``cards`` (an interface draws them in its card style).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, NamedTuple, Protocol, Union

from openwhist.game.faces import card_symbol

Value = Union[int, float, str, "Message"]
"""What may fill a placeholder: a number, a string, or a nested `Message`."""


_NO_VALUES: Mapping[str, Any] = MappingProxyType({})


class Translations(Protocol):
    """What `Message.render` needs to translate: `gettext.NullTranslations` and
    `gettext.GNUTranslations` satisfy it."""

    def gettext(self, message: str, /) -> str:
        """``message`` translated."""

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        """The form of ``singular``/``plural`` for ``n``, translated."""


def N_(message: str) -> str:  # noqa: N802 - the gettext convention
    """Mark ``message`` for extraction only (``pybabel extract -k N_``); it is translated
    where it is shown."""
    return message


class Message(NamedTuple):
    """An English ``str.format`` template and its values: text for players, translatable.

    Attributes:
        text: the template (the gettext msgid), e.g. ``"contract {bid} made: {points}"``.
            Fixed: the same string for every call.
        values: fills the placeholders: ints, floats (shown with one decimal), strings and
            nested messages (translated and rendered in turn). Every placeholder of
            ``text`` (and ``plural``) must have a value.
        cards: the names in ``values`` that hold card numbers (0..51); they are rendered
            by the interface's card style (default ``K♠``).
        plural: the plural template, when the sentence depends on a count; ``count_name`` names
            the int value that chooses between ``text`` (singular) and ``plural`` through
            ``ngettext``, so languages with other plural rules translate it correctly.
        count_name: see ``plural``.
    """

    # A NamedTuple rather than a frozen dataclass: plugins build several per deal, and a
    # tuple is built in a third of the time (docs/architecture.md (a) measured the same).
    text: str
    values: Mapping[str, Value] = _NO_VALUES
    cards: tuple[str, ...] = ()
    plural: str = ""
    count_name: str = ""

    def template(self, translations: Translations | None = None) -> str:
        """The template to fill in: singular or plural for ``count_name``, translated through
        ``translations`` when given."""
        if not self.text:
            return ""  # gettext("") would be the catalogue's header
        if self.plural:
            number = int(self.values[self.count_name])  # type: ignore[arg-type]
            if translations is None:
                return self.text if number == 1 else self.plural
            return translations.ngettext(self.text, self.plural, number)
        return self.text if translations is None else translations.gettext(self.text)

    def render(
        self,
        card: Callable[[int], str] | None = None,
        *,
        translations: Translations | None = None,
        number: Callable[[float], str] | None = None,
    ) -> str:
        """The message as plain text: the template (translated through ``translations``
        when given) filled in; cards through ``card`` (default `card_symbol`, ``K♠``),
        floats through ``number`` (default: one decimal), nested messages rendered alike.

        Raises:
            KeyError: a placeholder without a value.
        """
        template = self.template(translations)
        if not self.cards and number is None:
            # The common case (numbers and words only): nothing to convert first.
            simple = all(type(v) is int or type(v) is str for v in self.values.values())
            if simple:
                return template.format_map(self.values)
        show = card or card_symbol
        filled: dict[str, str] = {}
        for key, value in self.values.items():
            if isinstance(value, Message):
                filled[key] = value.render(card, translations=translations, number=number)
            elif key in self.cards:
                filled[key] = show(int(value))
            elif isinstance(value, float):
                filled[key] = number(value) if number is not None else f"{value:.1f}"
            else:
                filled[key] = str(value)
        return template.format_map(filled)

    def __str__(self) -> str:
        return self.render()

    def as_dict(self) -> dict[str, Any]:
        """JSON-safe form (nested messages included), as records store it."""
        data: dict[str, Any] = {
            "text": self.text,
            "values": {
                k: v.as_dict() if isinstance(v, Message) else v for k, v in self.values.items()
            },
        }
        if self.cards:
            data["cards"] = list(self.cards)
        if self.plural:
            data["plural"], data["count"] = self.plural, self.count_name
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Message:
        """Rebuild from `as_dict` output.

        Raises:
            KeyError, TypeError, ValueError: ``data`` is not a message.
        """
        values: dict[str, Value] = {}
        for key, value in dict(data.get("values", {})).items():
            if isinstance(value, Mapping):
                values[str(key)] = cls.from_dict(value)
            elif isinstance(value, int | float | str) and not isinstance(value, bool):
                values[str(key)] = value
            else:
                raise TypeError(f"message value {key!r} is not a number, string or message")
        return cls(
            text=str(data["text"]),
            values=values,
            cards=tuple(str(c) for c in data.get("cards", ())),
            plural=str(data.get("plural", "")),
            count_name=str(data.get("count", "")),
        )


def plural_message(
    singular: str,
    plural: str,
    count: str,
    values: Mapping[str, Value],
    *,
    cards: tuple[str, ...] = (),
) -> Message:
    """A message whose wording depends on the int value named ``count``:
    ``plural_message("{n} revoke", "{n} revokes", "n", {"n": 2})``. Written as one call so
    that ``pybabel extract -k plural_message:1,2`` finds the pair, which a catalogue then
    translates with its language's plural rules."""
    return Message(singular, values, cards, plural=plural, count_name=count)


def join_messages(separator: str, parts: list[Message]) -> Message:
    """One message made of ``parts`` separated by ``separator`` (punctuation such as
    ``"; "``, kept as it is in every language)."""
    names = [f"p{i}" for i in range(len(parts))]
    text = separator.join("{" + name + "}" for name in names)
    return Message(text, dict(zip(names, parts, strict=True)))


__all__ = ["N_", "Message", "Translations", "Value", "join_messages"]
