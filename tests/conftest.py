"""Shared test configuration.

* Hypothesis runs without a per-example deadline: the machines are shared, and a slow
  example is not a failing one.
* ``tests/plugins/fakeplugins`` holds small (and some deliberately broken) plugin modules
  that the plugin-loading tests point entry points at; they are not test modules, and one
  of them fails on import by design, so pytest must not import them while collecting.
"""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("openwhist", deadline=None)
settings.load_profile("openwhist")

collect_ignore = ["plugins/fakeplugins"]
