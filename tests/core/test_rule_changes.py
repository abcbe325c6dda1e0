"""A variant's declared rule changes (`Variant.rule_changes`) and what replay does with them.

A plugin that changes how some matches score bumps its distribution's version and declares
the change; a record written by an older version of such a match is refused by replay with
the change named (docs/records.md, "Rule changes"), while records the change does not touch,
and records whose version is unknown, replay as before.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from openwhist import Engine, RecordError, RuleChange, Variant
from openwhist.game.variant import release_number
from openwhist.records import RecordBuilder, load_record, replay_record
from openwhist.testing.toy import TOY
from pydantic import BaseModel


def _never(options: BaseModel) -> bool:
    return False


def _always(options: BaseModel) -> bool:
    return True


CHANGED = dataclasses.replace(
    TOY,
    rule_changes=(
        RuleChange("0.3", _never, "an untouched rule"),
        RuleChange("0.5.0", _always, "tricks now score double"),
    ),
)


@pytest.mark.parametrize(
    ("version", "expected"),
    [
        ("0.1.0", (0, 1)),
        ("0.2", (0, 2)),
        ("0.2.0", (0, 2)),
        ("1.10.3", (1, 10, 3)),
        ("0.5.0rc1", (0, 5)),
        ("2.0.0+local", (2,)),
        ("dev", None),
        ("", None),
    ],
)
def test_release_numbers_compare_as_releases(version: str, expected: tuple[int, ...]) -> None:
    """0.2 and 0.2.0 are one release; 0.10 comes after 0.9 (not text order)."""
    assert release_number(version) == expected


def test_a_change_applies_to_versions_before_it_and_options_it_affects() -> None:
    options = CHANGED.make_options()
    assert CHANGED.changed_rules(options, "0.4.9") is CHANGED.rule_changes[1]
    assert CHANGED.changed_rules(options, "0.1.0") is CHANGED.rule_changes[1]  # 0.3 skipped
    assert CHANGED.changed_rules(options, "0.5.0") is None
    assert CHANGED.changed_rules(options, "0.10") is None  # after 0.5, not before it
    assert CHANGED.changed_rules(options, None) is None  # unknown: nothing can be said
    assert CHANGED.changed_rules(options, "nightly") is None
    assert TOY.changed_rules(options, "0.0.1") is None  # nothing declared


def _toy_record(version: str | None) -> str:
    engine = Engine(TOY)
    builder = RecordBuilder(
        engine, first_dealer=0, seed=None, distribution="toy-dist", version=version
    )
    progress = engine.start_match(0)
    state = engine.next_deal(progress)
    rng = random.Random(1)
    while not state.is_terminal:
        legal = engine.legal_actions(state)
        state = engine.apply(state, engine.sample_chance(state, rng) if not legal else legal[0])
    score = engine.score(state)
    progress = engine.advance_match(progress, score)
    builder.add_deal(state, score, progress)
    return builder.build(progress).to_json()


def test_replay_refuses_an_older_record_the_change_touches_and_says_why() -> None:
    variants: dict[str, Variant] = {"standard": CHANGED}
    with pytest.raises(RecordError) as refused:
        replay_record(load_record(_toy_record("0.4")), variants)
    message = str(refused.value)
    assert "this record was written by toy-dist 0.4" in message
    assert "since 0.5.0 tricks now score double" in message
    assert "check it with toy-dist older than 0.5.0" in message
    # The same match recorded by the new version, or with no version, replays.
    assert replay_record(load_record(_toy_record("0.5.0")), variants).deals
    assert replay_record(load_record(_toy_record(None)), variants).deals
