"""Game records (openwhist.record/1): writing, reading and checked replay.

The matches here are played by this test's own loop through the public engine API, keeping
every state, so "replays to the identical state" is checked against the original play, not
against another replay.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from openwhist import (
    CHANCE,
    TERMINAL,
    Action,
    DealScore,
    Engine,
    RecordError,
    card_name,
    iter_cards,
)
from openwhist.game.state import DealState
from openwhist.plugins import Catalog, load_catalog
from openwhist.records import (
    RECORD_FORMAT,
    GameRecord,
    PlayerRecord,
    RecordBuilder,
    load_record,
    replay_record,
)


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def play(
    catalog: Catalog, options: dict[str, Any], seed: int
) -> tuple[GameRecord, list[DealState[Any]], list[DealScore]]:
    """Play a German match with random legal moves; return its record, states and scores."""
    variant = catalog.variant("german")
    engine = Engine(variant, options)
    rng = random.Random(seed)
    builder = RecordBuilder(
        engine,
        first_dealer=1,
        seed=seed,
        players=[
            PlayerRecord(seat=0, name="Ann", kind="human"),
            PlayerRecord(seat=1, name="Bob", kind="bot:random"),
        ],
    )
    progress = engine.start_match(1)
    states, scores = [], []
    while not progress.finished:
        state = engine.next_deal(progress)
        while state.to_act != TERMINAL:
            action: Action
            if state.to_act == CHANCE:
                action = engine.sample_chance(state, rng)
            else:
                legal = engine.legal_actions(state)
                action = legal[rng.randrange(len(legal))]
            state = engine.apply(state, action)
        score = engine.score(state)
        progress = engine.advance_match(progress, score)
        builder.add_deal(state, score, progress)
        states.append(state)
        scores.append(score)
    return builder.build(progress), states, scores


@pytest.fixture(scope="module")
def best_of_3(catalog: Catalog) -> tuple[GameRecord, list[DealState[Any]], list[DealScore]]:
    return play(catalog, {"match_format": "best_of_3"}, seed=11)


def as_data(record: GameRecord) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(record.to_json())
    return data


def test_record_replays_to_the_identical_states_scores_and_result(
    catalog: Catalog, best_of_3: tuple[GameRecord, list[DealState[Any]], list[DealScore]]
) -> None:
    record, states, scores = best_of_3
    # A best-of-3 match needs at least two deals.
    assert len(record.deals) >= 2
    replay = replay_record(load_record(record.to_json()), catalog)
    assert [d.state for d in replay.deals] == states
    assert [d.score for d in replay.deals] == scores
    assert replay.progress.finished
    assert replay.progress.winner == record.result.winner
    # Two deal wins decide a best of three.
    assert max(replay.progress.totals) == 2


def test_record_document_holds_the_match(
    best_of_3: tuple[GameRecord, list[DealState[Any]], list[DealScore]],
) -> None:
    record, states, _ = best_of_3
    data = as_data(record)
    assert data["format"] == "openwhist.record/1" == RECORD_FORMAT
    assert data["variant"] == "german"
    # Every option is stored, defaults included, so a later change of defaults cannot
    # change what the record means.
    assert data["options"]["match_format"] == "best_of_3"
    assert data["options"]["scoring_profile"] == "last13"
    assert [p["name"] for p in data["players"]] == ["Ann", "Bob"]
    assert data["players"][1]["kind"] == "bot:random"
    assert data["first_dealer"] == 1
    first = data["deals"][0]
    assert first["number"] == 1
    assert first["dealer"] == 1
    # The chance action lists the deck, then German Whist has 26 tricks of 2 cards.
    assert first["actions"][0].startswith("deal ")
    assert len(first["actions"][0].split()) == 53
    assert len(first["actions"]) == 1 + 52
    # The dealer alternates every deal (docs/variants/german.md §1.9).
    assert [d["dealer"] for d in data["deals"]] == [(1 + i) % 2 for i in range(len(states))]
    assert data["result"]["finished"] is True


def _state_before(catalog: Catalog, record: GameRecord, deal: int, action: int) -> Any:
    """The state of deal ``deal`` just before its 1-based action ``action``."""
    replay = replay_record(record, catalog)
    engine = replay.engine
    state = engine.next_deal(
        engine.start_match(record.first_dealer) if deal == 1 else replay.deals[deal - 2].progress  # type: ignore[arg-type]
    )
    for text in record.deals[deal - 1].actions[: action - 1]:
        state = engine.apply(state, engine.parse_action(state, text))
    return state


def test_a_card_the_seat_does_not_hold_is_rejected_with_its_index(
    catalog: Catalog, best_of_3: tuple[GameRecord, list[DealState[Any]], list[DealScore]]
) -> None:
    record = best_of_3[0]
    # Action 2 of deal 2 is the first lead; replace it with a card of the other hand.
    state = _state_before(catalog, record, deal=2, action=2)
    other = 1 - state.to_act
    stolen = card_name(next(iter_cards(state.hands[other])))
    data = as_data(record)
    data["deals"][1]["actions"][1] = stolen
    with pytest.raises(RecordError) as info:
        replay_record(load_record(data), catalog)
    assert (info.value.deal, info.value.action) == (2, 2)
    assert "illegal" in str(info.value)
    assert str(info.value).startswith("deal 2, action 2: ")


def test_a_revoke_is_rejected(
    catalog: Catalog, best_of_3: tuple[GameRecord, list[DealState[Any]], list[DealScore]]
) -> None:
    """Following with another suit while holding the led suit is illegal
    (docs/variants/core.md §0.3.6)."""
    record = best_of_3[0]
    data = as_data(record)
    replay = replay_record(record, catalog)
    engine = replay.engine
    state = engine.next_deal(engine.start_match(record.first_dealer))
    for j, text in enumerate(record.deals[0].actions, start=1):
        if state.to_act >= 0 and len(state.trick) == 1:
            led_suit = state.trick[0] // 13
            hand = state.hands[state.to_act]
            holds_led = [c for c in iter_cards(hand) if c // 13 == led_suit]
            off_suit = [c for c in iter_cards(hand) if c // 13 != led_suit]
            if holds_led and off_suit:
                data["deals"][0]["actions"][j - 1] = card_name(off_suit[0])
                with pytest.raises(RecordError) as info:
                    replay_record(load_record(data), catalog)
                assert (info.value.deal, info.value.action) == (1, j)
                assert "illegal" in str(info.value)
                return
        state = engine.apply(state, engine.parse_action(state, text))
    pytest.fail("no reply that could revoke in deal 1")  # pragma: no cover


@pytest.mark.parametrize(
    ("deal", "action", "text", "reason"),
    [
        (1, 5, "ZZ", "malformed"),
        (1, 1, "deal AS KS", "malformed"),
        (2, 3, "deal " + " ".join(card_name(c) for c in range(52)), "malformed"),
    ],
)
def test_malformed_actions_are_reported_with_their_index(
    catalog: Catalog,
    best_of_3: tuple[GameRecord, list[DealState[Any]], list[DealScore]],
    deal: int,
    action: int,
    text: str,
    reason: str,
) -> None:
    data = as_data(best_of_3[0])
    data["deals"][deal - 1]["actions"][action - 1] = text
    with pytest.raises(RecordError) as info:
        replay_record(load_record(data), catalog)
    assert (info.value.deal, info.value.action) == (deal, action)
    assert reason in str(info.value)


def test_an_action_after_the_end_of_a_deal_is_rejected(
    catalog: Catalog, best_of_3: tuple[GameRecord, list[DealState[Any]], list[DealScore]]
) -> None:
    data = as_data(best_of_3[0])
    data["deals"][0]["actions"].append("AS")
    with pytest.raises(RecordError) as info:
        replay_record(load_record(data), catalog)
    assert (info.value.deal, info.value.action) == (1, 54)
    assert "after the end of the deal" in str(info.value)


def test_a_tampered_score_progress_or_result_is_an_error(
    catalog: Catalog, best_of_3: tuple[GameRecord, list[DealState[Any]], list[DealScore]]
) -> None:
    record = best_of_3[0]
    data = as_data(record)
    data["deals"][0]["score"]["winner"] = 1 - data["deals"][0]["score"]["winner"]
    with pytest.raises(RecordError, match=r"deal 1: recorded score differs.*winner"):
        replay_record(load_record(data), catalog)

    data = as_data(record)
    data["deals"][0]["progress"]["totals"] = [5, 5]
    with pytest.raises(RecordError, match=r"deal 1: recorded match progress differs.*totals"):
        replay_record(load_record(data), catalog)

    data = as_data(record)
    data["result"]["winner"] = 1 - data["result"]["winner"]
    with pytest.raises(RecordError, match="recorded result differs") as info:
        replay_record(load_record(data), catalog)
    assert info.value.deal is None


def test_a_deal_after_the_end_of_the_match_is_rejected(catalog: Catalog) -> None:
    record, _, _ = play(catalog, {}, seed=5)  # single deal: the match ends after deal 1
    data = as_data(record)
    data["deals"].append(dict(data["deals"][0], number=2, dealer=0))
    with pytest.raises(RecordError, match="already over after deal 1") as info:
        replay_record(load_record(data), catalog)
    assert info.value.deal == 2


def test_the_wrong_dealer_is_rejected(
    catalog: Catalog, best_of_3: tuple[GameRecord, list[DealState[Any]], list[DealScore]]
) -> None:
    data = as_data(best_of_3[0])
    data["deals"][1]["dealer"] = data["deals"][0]["dealer"]
    with pytest.raises(RecordError, match="dealer") as info:
        replay_record(load_record(data), catalog)
    assert info.value.deal == 2


def test_an_unfinished_last_deal_replays_and_an_unfinished_earlier_deal_does_not(
    catalog: Catalog, best_of_3: tuple[GameRecord, list[DealState[Any]], list[DealScore]]
) -> None:
    record, states, _ = best_of_3
    data = as_data(record)
    last = data["deals"][-1]
    last["actions"] = last["actions"][:10]
    last["score"] = last["progress"] = None
    # The result is where the match stood after the last finished deal.
    data["result"] = dict(data["deals"][-2]["progress"])
    for key in ("dealer", "detail", "awards"):
        del data["result"][key]
    replay = replay_record(load_record(data), catalog)
    assert replay.deals[-1].score is None
    assert replay.deals[-1].state.history == states[-1].history[:10]
    assert not replay.progress.finished

    data = as_data(record)
    data["deals"][0]["actions"] = data["deals"][0]["actions"][:10]
    with pytest.raises(RecordError, match="stop before the end") as info:
        replay_record(load_record(data), catalog)
    assert info.value.deal == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "malformed JSON"),
        ("[1, 2]", "must be a JSON object"),
        ('{"variant": "german"}', "no 'format' field"),
        ('{"format": "openwhist.record/3"}', "unsupported record format version '3'"),
        ('{"format": "pbn/2.1"}', "unknown record format 'pbn/2.1'"),
    ],
)
def test_documents_that_are_not_records(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        load_record(text)


def test_wrong_shapes_are_listed_field_by_field(
    best_of_3: tuple[GameRecord, list[DealState[Any]], list[DealScore]],
) -> None:
    data = as_data(best_of_3[0])
    del data["players"]
    data["first_dealer"] = "north"
    data["colour"] = "red"
    with pytest.raises(RecordError) as info:
        load_record(data)
    message = str(info.value)
    assert "players is missing: give it" in message
    assert "first_dealer: 'north' is not a whole number" in message
    assert "colour is not a field of a game record" in message


def test_records_for_missing_variants_or_bad_options_do_not_replay(
    catalog: Catalog, best_of_3: tuple[GameRecord, list[DealState[Any]], list[DealScore]]
) -> None:
    data = as_data(best_of_3[0])
    data["variant"] = "klaberjass"
    with pytest.raises(RecordError, match="unknown variant 'klaberjass'"):
        replay_record(load_record(data), catalog)

    data = as_data(best_of_3[0])
    data["options"]["match_format"] = "best_of_7"
    with pytest.raises(RecordError, match=r"options: .*match_format"):
        replay_record(load_record(data), catalog)

    data = as_data(best_of_3[0])
    data["house_rules"] = ["no-such-rule"]
    with pytest.raises(RecordError, match="house rule 'no-such-rule' is not installed"):
        replay_record(load_record(data), catalog)

    data = as_data(best_of_3[0])
    data["players"] = data["players"][:1]
    with pytest.raises(RecordError, match="2 seats"):
        replay_record(load_record(data), catalog)


def test_the_example_in_docs_records_md_replays(catalog: Catalog) -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "records.md").read_text("utf-8")
    block = text.split("```json\n", 1)[1].split("\n```", 1)[0]
    replay = replay_record(load_record(block), catalog)
    # As the page says: a best-of-three match that seat A won 2-0.
    assert replay.record.options["match_format"] == "best_of_3"
    assert replay.progress.finished
    assert replay.progress.winner == 0
    assert replay.progress.totals == (2, 0)
