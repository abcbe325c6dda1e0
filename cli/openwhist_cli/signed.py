"""Negative numbers as arguments: ``whist adjust 1 W -50 --note "slow play"``.

Click reads every word that starts with ``-`` as an option, so ``-50`` was refused with
"No such option: -5". `SignedArgsCommand` is the command class of the commands whose
arguments are points: before Click parses, each word that is a negative whole number and
is neither an option's value nor after ``--`` is moved behind a ``--`` together with the
other arguments, in their order, so Click reads it as the argument it is. Options keep
their meaning wherever they stand (``--note -5`` is still the note ``-5``), and a misspelt
option (``--nte``) is still "No such option".
"""

from __future__ import annotations

import re
from typing import Any

from typer.core import TyperCommand

NEGATIVE_NUMBER = re.compile(r"-\d+")
"""A negative whole number, as typed (``-50``)."""


def _takes_value(command: Any, ctx: Any) -> dict[str, bool]:
    """Each option name of ``command`` and whether it takes the next word as its value."""
    names: dict[str, bool] = {}
    for param in command.get_params(ctx):
        # By its kind, not its class: Typer ships its own copy of Click's classes.
        if getattr(param, "param_type_name", "") != "option":
            continue
        value = not getattr(param, "is_flag", False) and not getattr(param, "count", False)
        secondary = tuple(getattr(param, "secondary_opts", ()))
        for name in (*param.opts, *secondary):
            names[name] = value and name not in secondary
    return names


def separate_negative_numbers(args: list[str], takes_value: dict[str, bool]) -> list[str]:
    """``args`` with the arguments after a ``--`` when one of them is a negative number.

    Words are options (and their values) or arguments; an unknown word that starts with
    ``-`` stays an option, so Click reports it. Without a negative-number argument the
    words are returned unchanged.
    """
    options: list[str] = []
    arguments: list[str] = []
    index = 0
    while index < len(args):
        word = args[index]
        index += 1
        if word == "--":
            arguments.extend(args[index:])
            break
        if NEGATIVE_NUMBER.fullmatch(word) and word not in takes_value:
            arguments.append(word)
        elif word.startswith("-") and len(word) > 1:
            options.append(word)
            if "=" not in word and takes_value.get(word, False) and index < len(args):
                options.append(args[index])
                index += 1
        else:
            arguments.append(word)
    if not any(NEGATIVE_NUMBER.fullmatch(word) for word in arguments):
        return args
    return [*options, "--", *arguments]


class SignedArgsCommand(TyperCommand):
    """A Typer command whose arguments may be negative numbers (see the module docstring)."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        return super().parse_args(ctx, separate_negative_numbers(args, _takes_value(self, ctx)))


__all__ = ["NEGATIVE_NUMBER", "SignedArgsCommand", "separate_negative_numbers"]
