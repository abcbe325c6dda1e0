"""The deal viewer and the record download against a running server: a visitor steps
through a finished deal trick by trick and sees every card where it was played; a deal in
play is never shown; the downloaded record replays (docs/club.md, "The deal viewer")."""

from __future__ import annotations

import html
import itertools
import random
import re

from openwhist import TERMINAL, card_symbol, parse_card
from openwhist.plugins import Catalog
from openwhist.services.deals import view_deal
from openwhist.services.replay import check_text

from tests.server.club.conftest import Site

PLAYERS = ["Ann", "Bob", "Cid", "Dan"]


def _play(site: Site, match_id: int, rng: random.Random, *, stop_after: int | None = None) -> None:
    """Play the match's current deal with random legal actions (all of it, or only its
    first ``stop_after`` actions, leaving it in progress)."""
    ledger = site.ledger
    resumed = ledger.resume(match_id)
    engine, state = resumed.engine, resumed.state
    assert state is not None
    while state.to_act != TERMINAL:
        if stop_after is not None and len(state.history) >= stop_after:
            return
        legal = engine.legal_actions(state)
        action = engine.sample_chance(state, rng) if not legal else rng.choice(legal)
        state = engine.apply(state, action)
        ledger.record_action(match_id, len(state.history), action.notation())
    score = engine.score(state)
    ledger.complete_deal(match_id, score, engine.advance_match(resumed.point.progress, score))


def _rows(body: str) -> list[list[str]]:
    """The cells of the ``#tricks`` table's body rows, as text."""
    table = body.split('<table id="tricks"', 1)[1].split("</table>", 1)[0]
    tbody = table.split("<tbody>", 1)[1]
    rows = []
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", tbody, re.S):
        cells = re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)
        rows.append([html.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in cells])
    return rows


def test_a_finished_deal_shows_each_tricks_cards_in_the_order_played(club_site: Site) -> None:
    match_id = club_site.ledger.start_match("english", PLAYERS, seed=7)
    rng = random.Random(7)
    _play(club_site, match_id, rng)
    _play(club_site, match_id, rng)
    record = club_site.ledger.deal_records(match_id, first=2, last=2)[0]["record"]
    played = record["actions"][1:]  # after the deal: the 52 cards
    page = club_site.get(f"/club/matches/{match_id}/deals/2")
    assert page.status == 200
    rows = _rows(page.body)
    assert len(rows) == 13
    seen: list[str] = []
    for number, (trick, leader, plays, winner) in enumerate(rows, start=1):
        assert trick == str(number)
        # Every card beside the player who played it, in play order.
        pairs = re.findall(r"(\w+) \((\w)\) ([^\s,]+)", plays)
        assert len(pairs) == 4
        assert f"{pairs[0][0]} ({pairs[0][1]})" == leader
        # Who played each card: clockwise from the leader, each at their own seat.
        first = PLAYERS.index(pairs[0][0])
        assert [(n, s) for n, s, _card in pairs] == [
            (PLAYERS[(first + k) % 4], "NESW"[(first + k) % 4]) for k in range(4)
        ]
        seen.extend(card for _name, _seat, card in pairs)
        assert winner.split(" ")[0] in PLAYERS
    assert seen == [card_symbol(parse_card(a)) for a in played]
    # Each trick's leader is the previous trick's winner.
    for before, after in itertools.pairwise(rows):
        assert after[1] == before[3]
    # The hands when play began: 13 cards each; after trick 5, 8 each, and trick 5 shown.
    assert page.body.count('class="card suit-') >= 52
    step = club_site.get(f"/club/matches/{match_id}/deals/2?trick=5")
    assert "The hands after trick 5" in step.body
    assert 'id="current-trick"' in step.body
    hands = re.findall(r'<div class="hand" id="hand-\d">(.*?)</div>', step.body, re.S)
    assert [h.count('class="card') for h in hands] == [8, 8, 8, 8]
    assert 'aria-current="step"' in step.body
    # Its neighbours and the match are linked; no script on the page.
    assert f'href="/club/matches/{match_id}/deals/1"' in page.body
    assert f'href="/club/matches/{match_id}/record.jsonl"' in page.body
    assert "<script" not in page.body


def test_a_deal_in_play_is_never_shown(club_site: Site) -> None:
    match_id = club_site.ledger.start_match("english", PLAYERS, seed=3)
    rng = random.Random(3)
    _play(club_site, match_id, rng)
    _play(club_site, match_id, rng, stop_after=10)  # deal 2: nine cards played
    dealt = club_site.ledger.deal_records(match_id, first=2, last=2)[0]
    assert dealt["status"] == "in_progress"
    answer = club_site.get(f"/club/matches/{match_id}/deals/2")
    assert answer.status == 409
    assert "still being played" in answer.body
    assert 'class="card' not in answer.body
    # Nor are its cards in the game record while the match is open.
    record = club_site.get(f"/club/matches/{match_id}/record.jsonl")
    assert record.status == 200
    assert record.body.count("\n") == 1
    assert '"number":2' not in record.body.replace(" ", "")
    # The finished deal before it is shown.
    assert club_site.get(f"/club/matches/{match_id}/deals/1").status == 200


def test_a_deal_without_cards_or_that_does_not_exist_is_refused_in_the_readers_language(
    club_site: Site,
) -> None:
    match_id = club_site.ledger.start_match("israeli", PLAYERS)
    club_site.ledger.record_real_deal(
        match_id, {"declarer": 0, "bid": "5S", "contracts": [5, 3, 2, 1], "tricks": [5, 3, 2, 3]}
    )
    real = club_site.get(f"/club/matches/{match_id}/deals/1")
    assert real.status == 409
    assert "entered from real cards" in real.body
    missing = club_site.get(f"/club/matches/{match_id}/deals/9?lang=es")
    assert missing.status == 404
    assert '<html lang="es">' in missing.body
    assert "deal 9" not in missing.body  # translated, not the English sentence
    assert club_site.get("/club/matches/999/deals/1").status == 404
    assert club_site.get(f"/club/matches/{match_id}/record.jsonl").status == 409


def test_the_downloaded_record_replays(club_site: Site, catalog: Catalog) -> None:
    match_id = club_site.ledger.start_match(
        "german", PLAYERS[:2], options={"match_format": "best_of_3"}, seed=5
    )
    rng = random.Random(5)
    while not club_site.ledger.resume_point(match_id).finished:
        _play(club_site, match_id, rng)
    answer = club_site.get(f"/club/matches/{match_id}/record.jsonl")
    assert answer.status == 200
    assert answer.headers["content-disposition"] == f'attachment; filename="match-{match_id}.jsonl"'
    (verdict,) = check_text(catalog, answer.body)
    assert verdict.ok, verdict.error
    assert verdict.deals == len(club_site.ledger.deal_records(match_id))


def test_the_viewer_is_translated(club_site: Site) -> None:
    match_id = club_site.ledger.start_match("english", PLAYERS, seed=2)
    _play(club_site, match_id, random.Random(2))
    words = {
        "es": "Cada baza",
        "pt": "Cada vaza",
        "it": "Ogni presa",
    }
    for lang, heading in words.items():
        body = club_site.get(f"/club/matches/{match_id}/deals/1?lang={lang}").body
        assert heading in body, lang
        # Stepping keeps the language.
        assert f'href="/club/matches/{match_id}/deals/1?trick=1&amp;lang={lang}"' in body


def _calls(body: str) -> str:
    """The deal's calls as a reader sees them (the ``#deal-calls`` line, as text)."""
    line = body.split('id="deal-calls">', 1)[1].split("</dd>", 1)[0]
    return html.unescape(re.sub(r"<[^>]+>", "", line))


def test_the_calls_read_as_at_the_table_suits_as_symbols_and_words_translated(
    club_site: Site,
) -> None:
    match_id = club_site.ledger.start_match("israeli", PLAYERS, seed=3)
    rng = random.Random(3)
    _play(club_site, match_id, rng)
    stored = [call for _seat, call in view_deal(club_site.ledger, match_id, 1).calls]
    bids = [c for c in stored if re.fullmatch(r"\d+[CDHS]", c)]
    assert bids
    assert "pass" in stored
    symbols = dict(zip("CDHS", "\u2663\u2666\u2665\u2660", strict=True))
    page = club_site.get(f"/club/matches/{match_id}/deals/1?lang=es")
    assert page.status == 200
    calls = _calls(page.body)
    for bid in bids:
        assert f"{bid[:-1]}{symbols[bid[-1]]}" in calls  # 8C reads 8♣, as the table shows it
    assert not re.search(r"\d[CDHS]\b", calls)  # no bid in its stored notation
    assert "paso" in calls
    assert "pass" not in calls
    # The suit symbol is coloured as the cards are (hearts and diamonds red).
    assert re.search(r'<span class="suit-[0-3]">[\u2660-\u2666]</span>', page.body)
