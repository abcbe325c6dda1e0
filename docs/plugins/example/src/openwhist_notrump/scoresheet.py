"""How No-Trump Whist is kept on paper and what standings and the arena count of it."""

from __future__ import annotations

from openwhist import N_, DealScore, ScoreSheet, Statistic, Tally


def last_tricks(score: DealScore) -> list[Tally | None]:
    """Per side: 1 of 1 when it won the 13th trick, 0 of 1 when it did not."""
    seat = score.facts.get("last_trick")
    if not isinstance(seat, int):
        return [None] * len(score.parties)
    return [Tally(int(seat % 2 == side), 1) for side in range(len(score.parties))]


# A column per side with its points and the running total (the default layout, spelt out).
SHEET = ScoreSheet(layout="parties")

STATISTICS = (
    Statistic(
        "last_tricks",
        N_("last tricks won"),
        per_deal=last_tricks,
        description="deals in which the side won the 13th trick, of the deals played",
    ),
)
