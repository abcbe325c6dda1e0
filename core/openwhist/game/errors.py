"""The openwhist exception family.

Every error a player, a plugin author or a club secretary can meet derives from
`OpenWhistError`, so the CLI can turn any of them into a clean message and a documented
exit code. Each class says in one line when it is raised.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from openwhist.game.messages import Message


class OpenWhistError(Exception):
    """Base class of every error openwhist raises on purpose."""


class InvalidNotationError(OpenWhistError, ValueError):
    """Text that does not spell a card, a bid or another action.

    ``reason``, when the parser gives one, is the same explanation as a translatable
    `openwhist.game.messages.Message` (a plugin's catalogue translates it), so that an
    interface shows it in the player's language; the error's text is its English
    rendering.
    """

    def __init__(self, message: str = "", *, reason: Message | None = None) -> None:
        super().__init__(message or (reason.render() if reason is not None else ""))
        self.reason = reason


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
        self, message: str, *, legal: Sequence[str] = (), reason: Message | None = None
    ) -> None:
        super().__init__(message)
        self.legal: tuple[str, ...] = tuple(legal)
        self.reason = reason

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
        hint = f" (did you mean {', '.join(suggestions)}?)" if suggestions else ""
        super().__init__(f"unknown {kind} {name!r}{hint}")
        self.kind = kind
        self.name = name
        self.suggestions = tuple(suggestions)


class UnknownBotLevelError(OpenWhistError, LookupError):
    """A level that a bot does not offer (``bot:expert:9``); names the levels it has."""

    def __init__(
        self, bot: str, level: str, *, levels: Sequence[str] = (), default: str | None = None
    ) -> None:
        if levels:
            shown = ", ".join(levels)
            tail = f"; default {default}" if default is not None else ""
            message = f"bot {bot!r} has no level {level!r} (its levels: {shown}{tail})"
        else:
            message = f"bot {bot!r} has no levels: name it without one ({bot!r})"
        super().__init__(message)
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


class PluginContractError(OpenWhistError):
    """A plugin broke the engine's contract (e.g. cards not conserved, bad hook result)."""


class DuplicateVariantError(PluginContractError):
    """Two distributions register the same variant name."""


class RecordError(OpenWhistError, ValueError):
    """A game record that is malformed, of an unknown format, or does not replay."""

    def __init__(self, message: str, *, deal: int | None = None, action: int | None = None) -> None:
        where = []
        if deal is not None:
            where.append(f"deal {deal}")
        if action is not None:
            where.append(f"action {action}")
        prefix = f"{', '.join(where)}: " if where else ""
        super().__init__(prefix + message)
        self.deal = deal
        self.action = action
