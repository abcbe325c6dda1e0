"""What every club page shares (openwhist_server.club.web), seen by a visitor: the page in
the language asked for, the translated 404, the security headers, a style sheet that is
the server's own, and no way to change anything without logging in."""

from __future__ import annotations

import re

import pytest

from tests.server.club.conftest import Site


def test_the_front_page_speaks_the_visitors_language(club_site: Site) -> None:
    english = club_site.get("/club/")
    assert english.status == 200
    assert '<html lang="en">' in english.body
    assert "The club&#39;s pages" in english.body
    spanish = club_site.get("/club/", accept_language="es-ES,es;q=0.9,en;q=0.5")
    assert '<html lang="es">' in spanish.body
    assert "Las páginas del club" in spanish.body
    # ?lang= wins over the browser's language, and the links keep it.
    italian = club_site.get("/club/?lang=it", accept_language="es")
    assert "Le pagine del circolo" in italian.body
    assert 'href="/club/matches?lang=it"' in italian.body


def test_the_front_page_links_every_installed_variants_standings(club_site: Site) -> None:
    body = club_site.get("/club/?lang=pt").body
    for name in ("english", "israeli", "german"):
        assert f'href="/club/standings/{name}?lang=pt"' in body


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "There is no such page."),
        ("es", "No existe esa página."),
        ("pt", "Essa página não existe."),
    ],
)
def test_an_unknown_address_is_a_translated_404(club_site: Site, lang: str, words: str) -> None:
    answer = club_site.get(f"/club/no/such/thing?lang={lang}")
    assert answer.status == 404
    assert words in answer.body
    assert answer.headers["content-type"].startswith("text/html")


def test_every_page_carries_the_security_headers_and_no_inline_script(club_site: Site) -> None:
    for path in ("/club/", "/club/nothing-here"):
        answer = club_site.get(path)
        csp = answer.headers["content-security-policy"]
        assert "default-src 'self'" in csp
        assert "'unsafe-inline'" not in csp
        assert answer.headers["x-frame-options"] == "DENY"
        assert answer.headers["referrer-policy"] == "no-referrer"
        # Scripts only by address, from this server.
        for script in re.findall(r"<script[^>]*>", answer.body):
            assert 'src="/static/' in script


def test_the_style_sheet_is_served_and_fits_a_phone(club_site: Site) -> None:
    sheet = club_site.get("/static/club.css")
    assert sheet.status == 200
    assert sheet.headers["content-type"].startswith("text/css")
    assert "@media (max-width" in sheet.body  # the phone's layout
    assert "overflow-x: auto" in sheet.body  # a wide sheet scrolls in its box
    page = club_site.get("/club/").body
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page


def test_a_visitor_cannot_post_to_the_reading_pages(club_site: Site) -> None:
    for path in ("/club/", "/club/anything"):
        answer = club_site.send("POST", path, data=b"x=1")
        assert answer.status == 405
