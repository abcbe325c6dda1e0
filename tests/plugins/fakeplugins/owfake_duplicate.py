"""A plugin that registers a second variant called ``german``."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from openwhist import Variant, hookimpl
from owfake_good import FAKE

IMPOSTOR = dataclasses.replace(FAKE, name="german", aliases=())


@hookimpl
def whist_register_variants(register: Callable[[Variant], None]) -> None:
    register(IMPOSTOR)
