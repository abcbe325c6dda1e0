"""The score sheet of German Whist (docs/variants/german.md §1.10): a column per player with each
deal's points and the running result. Deals won are a core figure of every standings table, so
German Whist declares no statistic of its own."""

from __future__ import annotations

from openwhist import ScoreSheet

SHEET = ScoreSheet(layout="parties")
"""A column per player: the deal's points, the running totals, the deal's result."""

STATISTICS = ()
"""None beyond the core's matches, wins, deals, deals won and points."""
