"""A plugin that registers one variant, then fails inside ``whist_register_variants``."""

from __future__ import annotations

from collections.abc import Callable

from openwhist import Variant, hookimpl
from owfake_good import FAKE


@hookimpl
def whist_register_variants(register: Callable[[Variant], None]) -> None:
    register(FAKE)
    raise RuntimeError("the plugin is broken")
