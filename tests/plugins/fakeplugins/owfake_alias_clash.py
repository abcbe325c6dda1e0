"""A plugin whose variant's alias is another variant's alias (``german-whist``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from openwhist import Variant, hookimpl
from owfake_good import FAKE

CLASH = dataclasses.replace(FAKE, name="other-german", aliases=("german-whist",))


@hookimpl
def whist_register_variants(register: Callable[[Variant], None]) -> None:
    register(CLASH)
