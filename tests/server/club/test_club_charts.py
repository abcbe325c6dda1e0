"""The club's charts against a running server: the data a chart is drawn from agrees with
the score sheet (its last point is the sheet's totals, a correction moves the line), each
chart has a stable canvas id and its figures as a table, and a variant's declared
breakdown is charted where it declares one (docs/club.md, "Charts")."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from openwhist import TERMINAL

from tests.server.club.conftest import Site

PLAYERS = ["Ann", "Bob", "Cid", "Dan"]


def _play(site: Site, match_id: int, rng: random.Random) -> None:
    ledger = site.ledger
    resumed = ledger.resume(match_id)
    engine, state = resumed.engine, resumed.state
    assert state is not None
    while state.to_act != TERMINAL:
        legal = engine.legal_actions(state)
        action = engine.sample_chance(state, rng) if not legal else rng.choice(legal)
        state = engine.apply(state, action)
        ledger.record_action(match_id, len(state.history), action.notation())
    score = engine.score(state)
    ledger.complete_deal(match_id, score, engine.advance_match(resumed.point.progress, score))


def chart_data(body: str, ident: str) -> dict[str, Any]:
    """The JSON a chart is drawn from (``<script type="application/json" id=ident-data>``)."""
    found = re.search(
        rf'<script type="application/json" id="{re.escape(ident)}-data">(.*?)</script>',
        body,
        re.S,
    )
    assert found, f"no data for chart {ident}"
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def test_the_score_chart_ends_at_the_sheets_totals_and_follows_a_correction(
    club_site: Site,
) -> None:
    ledger = club_site.ledger
    match_id = ledger.start_match("english", PLAYERS, seed=9)
    rng = random.Random(9)
    for _ in range(4):
        if not ledger.resume_point(match_id).finished:
            _play(club_site, match_id, rng)
    page = club_site.get(f"/club/matches/{match_id}/chart")
    assert page.status == 200
    assert '<canvas id="score-chart"' in page.body
    assert 'id="score-chart-table"' in page.body  # the text alternative
    assert '<script src="/static/vendor/chart.js/chart.umd.min.js"></script>' in page.body
    data = chart_data(page.body, "score-chart")
    sheet = ledger.score_sheet(match_id)
    assert len(sheet["deals"]) >= 3
    assert data["labels"] == ["start", *[str(d["number"]) for d in sheet["deals"]]]
    lines = data["datasets"]
    assert [d["label"] for d in lines] == ["NS (Ann & Cid)", "EW (Bob & Dan)"]
    assert [line["data"][-1] for line in lines] == sheet["totals"]
    for n, deal in enumerate(sheet["deals"], start=1):
        assert [line["data"][n] for line in lines] == deal["totals"]
    # A correction of deal 2 moves the line from deal 2 on, and marks that point.
    entry = sheet["deals"][1]["lines"][0]
    ledger.correct(entry["id"], entry["points"] + 10, "a trick miscounted")
    after = chart_data(club_site.get(f"/club/matches/{match_id}/chart").body, "score-chart")
    party = entry["party"]
    moved = after["datasets"][party]["data"]
    assert moved[:2] == lines[party]["data"][:2]
    assert moved[2:] == [v + 10 for v in lines[party]["data"][2:]]
    assert moved[-1] == ledger.score_sheet(match_id)["totals"][party]
    assert after["datasets"][party]["marks"] == [2]


def test_the_score_chart_is_translated_and_its_table_links_each_deal(club_site: Site) -> None:
    match_id = club_site.ledger.start_match("english", PLAYERS, seed=1)
    _play(club_site, match_id, random.Random(1))
    body = club_site.get(f"/club/matches/{match_id}/chart?lang=es").body
    data = chart_data(body, "score-chart")
    assert data["labels"][0] == "inicio"
    assert data["datasets"][1]["label"] == "EO (Bob & Dan)"  # West is Oeste
    assert f'href="/club/matches/{match_id}/deals/1?lang=es"' in body
    assert "La puntuación a lo largo de la partida" in body


def test_israeli_contracts_made_by_size_are_charted_for_the_variant(club_site: Site) -> None:
    ledger = club_site.ledger
    match_id = ledger.start_match("israeli", PLAYERS)
    for contracts, tricks in (([5, 3, 2, 1], [5, 3, 2, 3]), ([5, 3, 2, 1], [4, 4, 2, 3])):
        ledger.record_real_deal(
            match_id,
            {"declarer": 0, "bid": "5S", "contracts": contracts, "tricks": tricks},
        )
    page = club_site.get("/club/standings/israeli/charts")
    assert page.status == 200
    assert '<canvas id="contracts-by-size-chart"' in page.body
    data = chart_data(page.body, "contracts-by-size-chart")
    assert data["type"] == "bar"
    assert data["labels"] == [str(n) for n in range(14)]
    rates = dict(zip(data["labels"], data["datasets"][0]["data"], strict=True))
    assert rates["5"] == 50.0
    assert rates["2"] == 100.0
    assert rates["1"] == 0.0
    assert rates["7"] is None  # never contracted: no bar, not a 0 % one
    assert "contracts made by contract size" in page.body
    # In Portuguese, from the plugin's own catalogue.
    assert (
        "contratos cumpridos por tamanho do contrato"
        in club_site.get("/club/standings/israeli/charts?lang=pt").body
    )


def test_a_variant_that_declares_no_chart_shows_none(club_site: Site) -> None:
    page = club_site.get("/club/standings/english/charts")
    assert page.status == 200
    assert "<canvas" not in page.body
    assert "chart.umd.min.js" not in page.body
    # The chart pages' 404s say what the standings and match pages say (web.no_variant,
    # web.no_match), in the page's language.
    unknown = club_site.get("/club/standings/no-such-variant/charts?lang=es")
    assert unknown.status == 404
    assert "No existe la variante no-such-variant." in unknown.body
    missing = club_site.get("/club/matches/999/chart?lang=pt")
    assert missing.status == 404
    assert "Não existe a partida 999." in missing.body


def test_the_chart_files_are_served_as_scripts(club_site: Site) -> None:
    for path in ("/static/vendor/chart.js/chart.umd.min.js", "/static/club-charts.js"):
        answer = club_site.get(path)
        assert answer.status == 200
        assert answer.headers["content-type"].startswith("text/javascript")
    assert club_site.get("/static/vendor/chart.js/LICENSE.md").body.startswith("The MIT License")
    assert club_site.get("/static/vendor/../page.py").status == 404


def test_the_match_standings_and_player_pages_show_their_charts(
    club_site: Site, monkeypatch: Any
) -> None:
    ledger = club_site.ledger
    played = ledger.start_match("german", PLAYERS[:2], options={"match_format": "best_of_3"})
    rng = random.Random(4)
    while not ledger.resume_point(played).finished:
        _play(club_site, played, rng)
    evening = ledger.start_match("israeli", PLAYERS)
    ledger.record_real_deal(
        evening, {"declarer": 0, "bid": "5S", "contracts": [5, 3, 2, 1], "tricks": [5, 3, 2, 3]}
    )
    ledger.finish_match(evening)
    match_page = club_site.get(f"/club/matches/{played}").body
    assert '<canvas id="score-chart"' in match_page
    assert f'href="/club/matches/{played}/deals/1"' in match_page  # the deal viewer
    assert f'href="/club/matches/{played}/record.jsonl"' in match_page
    assert (
        chart_data(match_page, "score-chart")["datasets"][0]["data"][-1]
        == (ledger.score_sheet(played)["totals"][0])
    )
    # A real-card evening has a chart but no cards to view.
    evening_page = club_site.get(f"/club/matches/{evening}").body
    assert '<canvas id="score-chart"' in evening_page
    assert "record.jsonl" not in evening_page
    # The Israeli standings chart the declared breakdown; the German ones have none.
    israeli = club_site.get("/club/standings/israeli").body
    assert '<canvas id="contracts-by-size-chart"' in israeli
    assert "chart.umd.min.js" in israeli
    assert "<canvas" not in club_site.get("/club/standings/german").body
    # Ann's page: her results over time (both matches), and her own contracts by size.
    ann = club_site.get("/club/players/Ann").body
    results = chart_data(ann, "player-chart")
    assert len(results["labels"]) == 2
    assert '<canvas id="contracts-by-size-chart-ann"' in ann
    # A variant of many deals links its charts instead of summing them on the standings.
    monkeypatch.setattr("openwhist.services.charts.BREAKDOWN_DEALS", 0)
    busy = club_site.get("/club/standings/israeli").body
    assert "<canvas" not in busy
    assert 'href="/club/standings/israeli/charts"' in busy
