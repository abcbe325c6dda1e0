"""The table server's own refusals, as translatable messages (docs/server.md, "Errors").

`openwhist_server` sends every error with its source-language ``message`` and, always, its
``message_document`` (`Message.as_dict`); the texts live here, in the core's catalogue,
so that the server (which renders them for a connection that named its language) and
every client (``whist join`` translates the document with its own catalogues) read them
from the same place. `explanation` turns any openwhist error into such a message.
"""

from __future__ import annotations

from openwhist.game.errors import OpenWhistError, OptionsError
from openwhist.game.messages import N_, Message

VERBATIM = "{text}"
"""The template of an error raised with plain text (a plugin's): shown as it is."""


def request_too_big(limit: int) -> Message:
    return Message(N_("a table request is at most {limit} bytes"), {"limit": limit})


def body_not_json() -> Message:
    return Message(N_("the request body is not JSON"))


def request_not_object() -> Message:
    return Message(N_("a table request is a JSON object"))


def needs_field(kind: object, name: str, types: str) -> Message:
    """``'act' needs 'action' as str`` (the message's type and field as the client sent)."""
    return Message(
        N_("{kind} needs {name} as {types}"),
        {"kind": repr(kind), "name": repr(name), "types": types},
    )


def list_of_strings(name: str) -> Message:
    return Message(N_("{name} is a list of strings"), {"name": repr(name)})


def needs_create_token() -> Message:
    return Message(N_("creating a table needs the create token"))


def wrong_create_token() -> Message:
    return Message(N_("that is not the create token"))


def only_this_machine() -> Message:
    return Message(N_("only this machine may create tables (the server has no create token)"))


def too_many_tables(live: int, most: int) -> Message:
    return Message(
        N_("the server has {live} open tables, its most ({most})"), {"live": live, "most": most}
    )


def rate_limited(rate: float) -> Message:
    return Message(N_("at most {rate} messages a second"), {"rate": f"{rate:g}"})


def hello_again() -> Message:
    return Message(N_("hello was said already"))


def hello_first() -> Message:
    return Message(N_("say hello (table and token) first"))


def unknown_type(kind: object) -> Message:
    return Message(N_("unknown message type {kind}"), {"kind": repr(kind)})


def binary() -> Message:
    return Message(N_("messages are JSON text, not binary"))


def message_too_big(limit: int) -> Message:
    return Message(N_("a message is at most {limit} bytes"), {"limit": limit})


def not_json() -> Message:
    return Message(N_("that is not JSON"))


def not_object() -> Message:
    return Message(N_("a message is a JSON object with a 'type'"))


def explanation(error: OpenWhistError) -> Message:
    """The translatable message an error was raised with: its rules reason or `Message`;
    an `OptionsError`'s problems one by one; else its text as it is (`VERBATIM`)."""
    message = getattr(error, "reason", None) or error.message
    if isinstance(message, Message):
        return message
    if isinstance(error, OptionsError) and error.messages:
        problems = error.messages[-1]
        for earlier in reversed(error.messages[:-1]):
            problems = Message("{first}; {rest}", {"first": earlier, "rest": problems})
        if len(error.problems) == 1 and str(error) == error.problems[0]:
            return problems  # a seat count: said as it is, without the options frame
        return Message(
            N_("invalid options for {variant}: {problems}"),
            {"variant": error.variant, "problems": problems},
        )
    return Message(VERBATIM, {"text": str(error)})


def legal_tail(legal: tuple[str, ...] | list[str], listed: int) -> Message:
    """What an illegal action's text adds after its reason (the legal choices)."""
    if len(legal) > listed:
        return Message(N_("{count} legal choices, too many to list"), {"count": len(legal)})
    return Message(N_("legal: {legal}"), {"legal": " ".join(legal)})
