"""A plugin with a misspelled hook name (``whist_register_variant``, no ``s``)."""

from __future__ import annotations

from collections.abc import Callable

from openwhist import Variant, hookimpl
from owfake_good import FAKE


@hookimpl
def whist_register_variant(register: Callable[[Variant], None]) -> None:
    register(FAKE)
