"""Rule options: every variant declares a pydantic model of its options.

The model is frozen, forbids unknown keys, and gives every field a default and a
description, so ``whist variants`` can list options with their defaults and the CLI can
validate ``-o key=value`` pairs field by field.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from openwhist.game.errors import FactsProblemError, OptionsError
from openwhist.game.messages import N_, Message, Value, join_messages

M = TypeVar("M", bound=BaseModel)


class VariantOptions(BaseModel):
    """Base class for a variant's (or house rule's) options model."""

    model_config = ConfigDict(frozen=True, extra="forbid")


def validate_options(
    model: type[M], raw: Mapping[str, Any], *, variant: str, preset: Mapping[str, Any] = {}
) -> M:
    """Build ``model`` from a preset overlaid with ``raw`` values (strings from a CLI are fine).

    Raises:
        OptionsError: one readable problem per bad field, unknown keys included.
    """
    data = {**preset, **raw}
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = [_problem(model, dict(err)) for err in exc.errors()]
        raise OptionsError(variant, [p.render() for p in problems], messages=problems) from None


# The wording of the option problems a player meets most, by pydantic error type; any
# other error keeps pydantic's (English) message inside a translatable frame.
_PROBLEMS = {
    "literal_error": N_("{key}: should be one of {choices} (got {input})"),
    "enum": N_("{key}: should be one of {choices} (got {input})"),
    "int_parsing": N_("{key}: should be a whole number (got {input})"),
    "int_type": N_("{key}: should be a whole number (got {input})"),
    "int_from_float": N_("{key}: should be a whole number (got {input})"),
    "bool_parsing": N_("{key}: should be true or false (got {input})"),
    "bool_type": N_("{key}: should be true or false (got {input})"),
    "greater_than_equal": N_("{key}: should be at least {limit} (got {input})"),
    "less_than_equal": N_("{key}: should be at most {limit} (got {input})"),
    "greater_than": N_("{key}: should be more than {limit} (got {input})"),
    "less_than": N_("{key}: should be less than {limit} (got {input})"),
}


def _problem(model: type[BaseModel], err: dict[str, Any]) -> Message:
    """One field's problem, as a translatable message."""
    key = ".".join(str(p) for p in err["loc"]) or "(options)"
    if err["type"] == "extra_forbidden":
        return Message(
            N_("unknown option {key} (known: {known})"),
            {"key": repr(key), "known": ", ".join(model.model_fields)},
        )
    ctx = err.get("ctx") or {}
    values: dict[str, Value] = {"key": key, "input": repr(err.get("input"))}
    error = ctx.get("error")
    if err["type"] == "value_error" and isinstance(error, FactsProblemError) and error.problems:
        # A validator's own translatable reasons (a model validator's concern no one field).
        reason = join_messages("; ", list(error.problems))
        if not err["loc"]:
            return reason
        return Message(N_("{key}: {reason} (got {input})"), {**values, "reason": reason})
    template = _PROBLEMS.get(err["type"])
    if template is not None and "expected" in ctx:
        # pydantic spells the choices as English ("'a', 'b' or 'c'"): keep only the values.
        values["choices"] = ", ".join(re.findall(r"'[^']*'", str(ctx["expected"])))
    limit = next((ctx[k] for k in ("ge", "le", "gt", "lt") if k in ctx), None)
    if limit is not None:
        values["limit"] = str(limit)
    if template is None or ("{choices}" in template and "choices" not in values):
        return Message(N_("{key}: {reason} (got {input})"), {**values, "reason": err["msg"]})
    return Message(template, values)


def parse_option_pairs(pairs: list[str], *, variant: str = "the variant") -> dict[str, str]:
    """Turn ``["key=value", ...]`` into a dict.

    Raises:
        OptionsError: for an item without ``=`` (naming ``variant``).
    """
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionsError(variant, [f"{pair!r} is not key=value"])
        out[key.strip()] = value.strip()
    return out


def describe_options(model: type[BaseModel]) -> list[dict[str, Any]]:
    """Name, default and description of every option, for listings."""
    out = []
    for name, info in model.model_fields.items():
        default = info.get_default(call_default_factory=True)
        out.append(
            {
                "name": name,
                "default": default.value if isinstance(default, enum.Enum) else default,
                "description": info.description or "",
            }
        )
    return out
