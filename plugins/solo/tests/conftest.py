"""Puts this directory on ``sys.path`` so the tests can share ``solo_helpers``
(pytest runs with ``--import-mode=importlib``, which does not)."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = str(Path(__file__).parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
