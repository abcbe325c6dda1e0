"""Usage errors (``No such option``, ``Missing argument``, a bad value) in the reader's language.

Typer's copy of Click builds its usage errors as finished, untranslated sentences and prints
them itself (``Error: ...`` after the usage line and ``Try ... for help.``). The errors still
carry what went wrong as data -- the parameter, the option typed, the possible options, and
for a value that does not convert the pydantic error it came from -- so `localised` rebuilds
the sentence from that data through the catalogue, and `WhistGroup` (`openwhist_cli.app`)
raises the result in place of Click's error. Its ``show`` writes the same three parts in the
chosen language; the exit code stays 2 (docs/cli.md).

A message Click builds that this module does not recognise is shown as Click wrote it:
better untranslated than wrongly translated. A command's own ``typer.BadParameter`` text is
written by the command (translated there) and only framed here.
"""

from __future__ import annotations

import re
from typing import IO, Any

from typer._click import exceptions as click_exceptions
from typer._click.utils import echo

from openwhist_cli.i18n import N_, _, ngettext

_OPTION_NEEDS_VALUES = re.compile(
    r"^Option '(?P<name>[^']+)' requires (?:an argument|(?P<n>\d+) arguments)\.$"
)
_OPTION_TAKES_NO_VALUE = re.compile(r"^Option '(?P<name>[^']+)' does not take a value\.$")
_EXTRA_ARGUMENTS = re.compile(r"^Got unexpected extra argument(?:\(s\)|s)? \((?P<args>.*)\)$", re.S)
_ARGUMENT_TAKES = re.compile(r"^Argument '(?P<name>[^']+)' takes (?P<n>\d+) values\.$")
_NOT_VALID = re.compile(r"^Value (?P<value>.+) is not a valid (?P<type>\w+)\.$")
_DID_YOU_MEAN = re.compile(r"^(?P<message>.*)\. Did you mean (?P<names>.+)\?$", re.S)

# What a value that does not convert is told, by pydantic's error type (the cause of
# Typer's BadParameter); the value typed is {input}, the limit {limit}.
_VALUE_PROBLEMS = {
    "int_parsing": N_("{input} is not a whole number"),
    "int_type": N_("{input} is not a whole number"),
    "int_from_float": N_("{input} is not a whole number"),
    "float_parsing": N_("{input} is not a number"),
    "float_type": N_("{input} is not a number"),
    "bool_parsing": N_("{input} is not yes or no"),
    "greater_than_equal": N_("{input} is less than {limit}"),
    "greater_than": N_("{input} is not more than {limit}"),
    "less_than_equal": N_("{input} is more than {limit}"),
    "less_than": N_("{input} is not less than {limit}"),
    "enum": N_("{input} is not one of {choices}"),
    "literal_error": N_("{input} is not one of {choices}"),
    "missing": N_("a value is needed"),
}
_LIMITS = {
    "greater_than_equal": "ge",
    "greater_than": "gt",
    "less_than_equal": "le",
    "less_than": "lt",
}


def _value_problem(exc: BaseException) -> str | None:
    """The reason a typed value was refused, from the pydantic error behind ``exc``, in the
    reader's language; None when there is none this module knows."""
    cause = exc.__cause__
    errors = getattr(cause, "errors", None)
    if not callable(errors):
        return None
    try:
        found = errors()
    except Exception:  # not pydantic's: Click's own message is shown
        return None
    if not found:
        return None
    first = found[0]
    template = _VALUE_PROBLEMS.get(str(first.get("type")))
    if template is None:
        return None
    context = first.get("ctx") or {}
    limit = context.get(_LIMITS.get(str(first.get("type")), ""), "")
    choices = str(context.get("expected", "")).replace(" or ", ", ")
    return _(template).format(input=repr(first.get("input")), limit=limit, choices=choices)


def _parameter_hint(exc: Any) -> str:
    """How ``exc`` names its parameter (``'--deals'``, ``'MATCH'``), as Click would."""
    hint = getattr(exc, "param_hint", None)
    if hint is None and getattr(exc, "param", None) is not None:
        hint = exc.param.get_error_hint()
    if hint is not None and not isinstance(hint, str):
        hint = " / ".join(repr(x) for x in hint)
    return str(hint or "")


def message(exc: click_exceptions.ClickException) -> str:
    """``exc``'s message in the reader's language (see the module docstring)."""
    if isinstance(exc, click_exceptions.MissingParameter):
        hint = _parameter_hint(exc)
        kind = exc.param_type or (exc.param.param_type_name if exc.param is not None else "")
        if kind == "argument":
            return _("Missing argument {name}.").format(name=hint)
        if kind == "option":
            return _("Missing option {name}.").format(name=hint)
        return _("Missing parameter {name}.").format(name=hint)
    if isinstance(exc, click_exceptions.NoSuchOption):
        text = _("No such option: {name}").format(name=exc.option_name)
        if exc.possibilities:
            text += " " + _("(Possible options: {options})").format(
                options=", ".join(sorted(exc.possibilities))
            )
        return text
    if isinstance(exc, click_exceptions.BadParameter):
        reason = _value_problem(exc)
        if reason is None:
            found = _NOT_VALID.match(exc.message)
            reason = (
                _("{input} is not a valid {type}").format(input=found["value"], type=found["type"])
                if found
                else exc.message
            )
        hint = _parameter_hint(exc)
        if not hint:
            return _("Invalid value: {reason}").format(reason=reason)
        return _("Invalid value for {name}: {reason}").format(name=hint, reason=reason)
    return _usage_message(exc.message)


def _usage_message(text: str) -> str:
    """A plain usage error's message, recognised by its untranslated wording."""
    found = _DID_YOU_MEAN.match(text)
    if found:
        return (
            _usage_message(found["message"] + ".")
            + " "
            + _("Did you mean {names}?").format(names=found["names"])
        )
    found = _OPTION_NEEDS_VALUES.match(text)
    if found:
        count = int(found["n"] or 1)
        return ngettext(
            "Option {name} needs {count} value.", "Option {name} needs {count} values.", count
        ).format(name=repr(found["name"]), count=count)
    found = _OPTION_TAKES_NO_VALUE.match(text)
    if found:
        return _("Option {name} does not take a value.").format(name=repr(found["name"]))
    found = _EXTRA_ARGUMENTS.match(text)
    if found:
        return _("Unexpected extra arguments: {arguments}").format(arguments=found["args"])
    found = _ARGUMENT_TAKES.match(text)
    if found:
        count = int(found["n"])
        return ngettext(
            "Argument {name} takes {count} value.", "Argument {name} takes {count} values.", count
        ).format(name=repr(found["name"]), count=count)
    # Typer's own ("No such command 'x'.", "Missing command.") are already translated
    # through the catalogue (`openwhist_cli.helptext.LIBRARY_TEXT`).
    return text


class LocalisedUsageError(click_exceptions.UsageError):
    """A Click usage error shown in the reader's language: the usage line, the hint to ask
    for help, then the error. Exit code 2, as Click's."""

    def __init__(self, original: click_exceptions.UsageError) -> None:
        super().__init__(message(original), original.ctx)
        self.original = original

    def format_message(self) -> str:
        return self.message

    def show(self, file: IO[Any] | None = None) -> None:
        ctx = self.ctx
        if ctx is not None:
            lines = [ctx.get_usage()]
            if ctx.command.get_help_option(ctx) is not None:
                lines.append(
                    _("Try '{command}' for help.").format(
                        command=f"{ctx.command_path} {ctx.help_option_names[0]}"
                    )
                )
            echo("\n".join(lines) + "\n", file=file, err=file is None, color=ctx.color)
        echo(
            _("Error: {message}").format(message=self.message),
            file=file,
            err=file is None,
            color=ctx.color if ctx is not None else None,
        )


def localised(exc: click_exceptions.UsageError) -> click_exceptions.UsageError:
    """``exc`` as a `LocalisedUsageError` (``exc`` itself when it already is one)."""
    if isinstance(exc, LocalisedUsageError):
        return exc
    return LocalisedUsageError(exc)


__all__ = ["LocalisedUsageError", "localised", "message"]
