"""Rule options: every variant declares a pydantic model of its options.

The model is frozen, forbids unknown keys, and gives every field a default and a
description, so ``whist variants`` can list options with their defaults and the CLI can
validate ``-o key=value`` pairs field by field.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from openwhist.errors import OptionsError

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
        problems = []
        for err in exc.errors():
            key = ".".join(str(p) for p in err["loc"]) or "(options)"
            if err["type"] == "extra_forbidden":
                known = ", ".join(model.model_fields)
                problems.append(f"unknown option {key!r} (known: {known})")
            else:
                problems.append(f"{key}: {err['msg']} (got {err.get('input')!r})")
        raise OptionsError(variant, problems) from None


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
