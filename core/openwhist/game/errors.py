"""The openwhist exception family.

Every error a player, a plugin author or a club secretary can meet derives from
`OpenWhistError`, so the CLI can turn any of them into a clean message and a documented
exit code. Each class says in one line when it is raised.
"""

from __future__ import annotations

from collections.abc import Sequence

from openwhist.game.messages import N_, Message


class OpenWhistError(Exception):
    """Base class of every error openwhist raises on purpose.

    A player reads most of these errors, in their own language: the services and the ledger
    therefore raise them with a translatable `openwhist.game.messages.Message` (``raise
    LedgerError(Message(N_("match {match} is over"), {"match": 3}))``) rather than finished
    English text. The message is `message`; the error's text (``str(exc)``, what logs and
    records show) is its English rendering; an interface renders `message` in the
    player's language instead (the CLI's ``runtime.error_text``). Plain text is still
    accepted (``message`` is then None), for errors no player reads.
    """

    def __init__(self, *args: object) -> None:
        super().__init__(*args)

    @property
    def message(self) -> Message | None:
        """The translatable explanation the error was raised with, if any."""
        first = self.args[0] if self.args else None
        return first if isinstance(first, Message) else None

    def __str__(self) -> str:
        message = self.message
        if message is not None:
            return message.render()
        return super().__str__()


class InvalidNotationError(OpenWhistError, ValueError):
    """Text that does not spell a card, a bid or another action.

    ``reason``, when the parser gives one, is the same explanation as a translatable
    `openwhist.game.messages.Message` (a plugin's catalogue translates it), so that an
    interface shows it in the player's language; the error's text is its English
    rendering.
    """

    def __init__(self, message: str | Message = "", *, reason: Message | None = None) -> None:
        # The reason is the message when none other is given (`OpenWhistError.message`).
        super().__init__(message or (reason if reason is not None else ""))
        self.reason = reason if reason is not None else self.message


LISTED_ALTERNATIVES = 60
"""At most this many legal alternatives are spelled out in an `IllegalActionError`'s text
(a hand of cards, an auction's bids); more -- the 286 three-card selections of an Israeli
Frisch -- are only counted, and the rules' reason says what to choose."""


class IllegalActionError(OpenWhistError, ValueError):
    """A well-formed action that the rules do not allow now.

    Carries the legal alternatives (in notation) so a prompt can show them, and, when the
    rules gave one, the reason as a translatable `openwhist.game.messages.Message`. Its text is
    the reason followed by the alternatives, or by their number when there are more than
    `LISTED_ALTERNATIVES` (``legal`` always holds them all).
    """

    def __init__(
        self, message: str | Message, *, legal: Sequence[str] = (), reason: Message | None = None
    ) -> None:
        super().__init__(message)
        self.legal: tuple[str, ...] = tuple(legal)
        self.reason = reason if reason is not None else self.message

    def __str__(self) -> str:
        base = super().__str__()
        if not self.legal:
            return base
        if len(self.legal) > LISTED_ALTERNATIVES:
            return f"{base}; {len(self.legal)} legal choices, too many to list"
        return f"{base}; legal: {' '.join(self.legal)}"


class UnknownVariantError(OpenWhistError, LookupError):
    """A variant (or house rule, or bot) name that no installed plugin registers."""

    def __init__(
        self, name: str, *, suggestions: Sequence[str] = (), kind: str = "variant"
    ) -> None:
        if kind == "house rule":
            template = (
                N_("unknown house rule '{name}' (did you mean {suggestions}?)")
                if suggestions
                else N_("unknown house rule '{name}'")
            )
        elif kind == "variant":
            template = (
                N_("unknown variant '{name}' (did you mean {suggestions}?)")
                if suggestions
                else N_("unknown variant '{name}'")
            )
        else:  # another kind a plugin names: said in English
            template = (
                "unknown "
                + kind
                + (" '{name}' (did you mean {suggestions}?)" if suggestions else " '{name}'")
            )
        super().__init__(Message(template, {"name": name, "suggestions": ", ".join(suggestions)}))
        self.kind = kind
        self.name = name
        self.suggestions = tuple(suggestions)


class UnknownBotLevelError(OpenWhistError, LookupError):
    """A level that a bot does not offer (``bot:expert:9``); names the levels it has."""

    def __init__(
        self, bot: str, level: str, *, levels: Sequence[str] = (), default: str | None = None
    ) -> None:
        if levels and default is not None:
            template = N_(
                "bot '{bot}' has no level '{level}' (its levels: {levels}; default {default})"
            )
        elif levels:
            template = N_("bot '{bot}' has no level '{level}' (its levels: {levels})")
        else:
            template = N_("bot '{bot}' has no levels: name it without one ('{bot}')")
        values = {"bot": bot, "level": level, "levels": ", ".join(levels), "default": str(default)}
        super().__init__(Message(template, values))
        self.bot = bot
        self.level = level
        self.levels = tuple(levels)


class OptionsError(OpenWhistError, ValueError):
    """Rule options that the variant's options model rejects, field by field."""

    def __init__(
        self, variant: str, problems: Sequence[str], *, messages: Sequence[Message] = ()
    ) -> None:
        self.variant = variant
        self.problems = tuple(problems)
        # The same problems as translatable messages, when the validation gave them.
        self.messages = tuple(messages)
        super().__init__(f"invalid options for {variant}: " + "; ".join(problems))


class SeatCountError(OptionsError):
    """A number of players the variant does not seat (``--players 9``), or that its rules
    cannot deal; names the counts it allows. An `OptionsError`, so every command refuses it
    as it refuses a bad option (exit code 2); its text is the one problem, without the
    "invalid options" frame.

    Attributes:
        seats: the count asked for.
        allowed: the counts the variant seats.
    """

    def __init__(
        self,
        variant: str,
        seats: int,
        allowed: Sequence[int],
        *,
        reason: str | None = None,
        message: Message | None = None,
    ) -> None:
        self.seats = seats
        self.allowed = tuple(allowed)
        problem = (
            reason or f"{variant} is played by {count_range(self.allowed)} players, not {seats}"
        )
        super().__init__(variant, [problem], messages=(message,) if message is not None else ())
        self.args = (problem,)

    def __str__(self) -> str:
        return self.problems[0]


def count_range(counts: Sequence[int]) -> str:
    """``2-7`` for a run of counts, ``2, 4`` otherwise, ``4`` for one."""
    ordered = sorted(counts)
    if len(ordered) > 2 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}-{ordered[-1]}"
    return ", ".join(map(str, ordered))


class VariantError(OpenWhistError):
    """Raised by a variant plugin to tell the user something; shown verbatim."""


class FactsProblemError(VariantError, ValueError):
    """What a variant finds wrong with a real-card deal's facts: one translatable `Message`
    per problem, so that a score-keeper reads each in their own language. Raised from the
    facts model's validators (``raise FactsProblemError(*problems)`` in a
    ``model_validator``) or from ``score_facts`` (it is a `VariantError`). A
    ``ValueError``, so pydantic reports it as a validation error (``value_error``) and
    keeps this error in the error's context, where `openwhist.services.ledger.
    facts_messages` finds the messages again. Its text is the problems in English, one a
    line (the form a plain ``ValueError`` gave before).

    Attributes:
        problems: the problems, in order.
    """

    def __init__(self, *problems: Message) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(problem.render() for problem in self.problems))


class PluginContractError(OpenWhistError):
    """A plugin broke the engine's contract (e.g. cards not conserved, bad hook result)."""


class DuplicateVariantError(PluginContractError):
    """Two distributions register the same variant name."""


class RecordError(OpenWhistError, ValueError):
    """A game record that is malformed, of an unknown format, or does not replay."""

    def __init__(
        self, message: str | Message, *, deal: int | None = None, action: int | None = None
    ) -> None:
        # Where the replay stopped leads the message: "deal 2, action 7: illegal action ...".
        problem = message if isinstance(message, Message) else Message("{text}", {"text": message})
        values: dict[str, int | str | Message] = {"problem": problem}
        if deal is not None and action is not None:
            text = N_("deal {deal}, action {action}: {problem}")
            values.update(deal=deal, action=action)
        elif deal is not None:
            text, values["deal"] = N_("deal {deal}: {problem}"), deal
        elif action is not None:
            text, values["action"] = N_("action {action}: {problem}"), action
        else:
            text = "{problem}"
        super().__init__(Message(text, values) if text != "{problem}" else problem)
        self.deal = deal
        self.action = action
