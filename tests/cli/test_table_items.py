"""Issue 18's table, item by item, over a whole hot-seat match of every built-in variant, in
English and in Spanish, at 80x24 through a real terminal.

Two players share the keyboard (Ann and Bob; the other seats of a four-seat game are
heuristic bots, which decide instantly), and the match is recorded in a throwaway ledger, so
its end shows the sheet and says how to see it again. pexpect runs the venv's ``whist`` in a
pseudo-terminal of 24 rows and 80 columns and types, at each prompt, the moves
`play_script.make_script` computed for the seeded match: ``?`` at the first call of an
auction, the Frisch as card numbers of the shown hand, ``tricks`` before the match's last
card.

Each item of the issue (1-7) is one named assertion below, written against the words of the
language played (the catalogues'), so that a screen that loses an item fails here in either
language. The golden file keeps the screens that show the items (the first table, the
Frisch where there is one, the ``tricks`` review, the end of the match) for a reader to
see. After a deliberate change of the screens: ``OPENWHIST_UPDATE_GOLDEN=1 uv run pytest
tests/cli/test_table_items.py`` and review the diff.
"""

from __future__ import annotations

import gettext
import importlib.util
import io
import itertools
import os
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import openwhist
import openwhist_cli
import pytest
from openwhist.plugins import Catalog, load_catalog
from rich.cells import cell_len

from tests.script_support import load_script

pexpect = pytest.importorskip("pexpect")

WHIST = Path(sys.executable).with_name("whist")
GOLDEN = Path(__file__).with_name("golden_screens")
ROWS, COLUMNS = 24, 80
# A prompt is a line the program leaves open for typing (every other line ends in a newline):
# "Ann, your card: ", "Pass to Bob, press Enter when ready. ".
PROMPT = re.compile(r"[:.?] $")
SUITS = "♣♦♥♠"


script_helper = load_script(Path(__file__).with_name("play_script.py"))


@dataclass(frozen=True)
class Game:
    variant: str
    seed: int
    seats: dict[str, str]
    """Seat letter -> spec (``human:Ann``, ``heuristic``)."""
    options: dict[str, str] = field(default_factory=dict)

    @property
    def humans(self) -> list[str]:
        return [spec.split(":", 1)[1] for spec in self.seats.values() if spec.startswith("human")]


BOTS = {"E": "human:Bob", "S": "bot:heuristic", "W": "bot:heuristic"}
GAMES = [
    Game("german", 7, {"A": "human:Ann", "B": "human:Bob"}),
    # A rubber of English Whist (5-point games, honours): won 2-0 here, in two deals.
    Game("english", 4, {"N": "human:Ann", **BOTS}),
    # American (7-point games, no honours) played for one game, so the match is short.
    Game("american", 2, {"N": "human:Ann", **BOTS}, {"rubber": "false"}),
    # An evening of two deals, with Frisch rounds before the first contract.
    Game("israeli", 10, {"N": "human:Ann", **BOTS}, {"match": "fixed_deals:2"}),
]


def _package_dirs() -> Iterator[Path]:
    """Where each installed package keeps its catalogue (the CLI's, the core's, each
    variant's): a player's screen mixes the three."""
    yield Path(openwhist_cli.__file__).parent / "locale"
    yield Path(openwhist.__file__).parent / "locale"
    for name in ("openwhist_german", "openwhist_english", "openwhist_israeli"):
        found = importlib.util.find_spec(name)
        assert found is not None
        assert found.origin is not None
        yield Path(found.origin).parent / "locale"


def translator(lang: str) -> Callable[[str], str]:
    """``msgid -> the text the player reads in ``lang``: the first catalogue that has it."""
    books = [
        gettext.translation("messages", str(d), languages=[lang], fallback=True)
        for d in _package_dirs()
    ]

    def tr(msgid: str) -> str:
        for book in books:
            text = book.gettext(msgid)
            if text != msgid:
                return text
        return msgid

    return tr


def pattern(text: str) -> re.Pattern[str]:
    """A translated message as a regular expression, each ``{placeholder}`` any text."""
    parts = re.split(r"\{[^}]*\}", text)
    return re.compile(".+?".join(re.escape(part) for part in parts))


def fixed(text: str) -> str:
    """The longest run of ``text`` between its ``{placeholders}``: what every rendering of
    the message contains."""
    return max(re.split(r"\{[^}]*\}", text), key=len).strip()


@dataclass
class Played:
    text: str
    screens: list[str]
    """The transcript cut at each prompt: what was on the terminal when it asked."""


def _choose(turn: Any) -> tuple[Any, str] | None:
    """The Frisch (an exchange of cards) typed as the cards' numbers in the shown hand."""
    from openwhist_cli.render import hand_order

    action = turn.legal[0]
    cards = getattr(action, "cards", None)
    if not isinstance(cards, int):
        return None
    order = hand_order(turn.view.hand)
    picked = [order.index(c) + 1 for c in range(52) if cards >> c & 1]
    return action, " ".join(map(str, picked))


def play(catalog: Catalog, game: Game, lang: str, db: Path) -> Played:
    names = catalog.variant(game.variant).seat_names
    script = script_helper.make_script(
        catalog,
        game.variant,
        seed=game.seed,
        seats={names.index(seat): spec for seat, spec in game.seats.items()},
        options=game.options,
        mistakes=False,
        deals=10_000,
        choose=_choose,
    )
    lines = list(script.lines)
    if catalog.variant(game.variant).presentation.phase_help:
        first_call = next(i for i, line in enumerate(lines) if line)
        lines.insert(first_call, "?")  # the auction explained, before the first call
    lines.insert(len(lines) - 1, "tricks")  # every trick of the deal, before the last card
    env = {
        **os.environ,
        "NO_COLOR": "1",
        "TERM": "dumb",
        "OPENWHIST_LANG": lang,
        "OPENWHIST_PAUSE": "0",
        "OPENWHIST_BOT_DELAY": "0",
        "COLUMNS": str(COLUMNS),
        "LINES": str(ROWS),
    }
    # The ledger beside the test, by a short relative name: the line announcing it fits.
    args = ["play", game.variant, "--seed", str(game.seed), "--db", db.name]
    for seat, spec in game.seats.items():
        args += ["--seat", f"{seat}={spec}"]
    for key, value in game.options.items():
        args += ["-o", f"{key}={value}"]
    child = pexpect.spawn(
        str(WHIST),
        args,
        env=env,
        cwd=str(db.parent),
        encoding="utf-8",
        timeout=90,
        dimensions=(ROWS, COLUMNS),
    )
    transcript = io.StringIO()
    child.logfile_read = transcript
    screens: list[str] = []
    try:
        for line in lines:
            child.expect(PROMPT)
            screens.append(_clean(transcript.getvalue()))
            child.sendline(line)
        child.expect(pexpect.EOF)
    finally:
        child.close()
    text = _clean(transcript.getvalue())
    assert child.exitstatus == 0, text[-3000:]
    return Played(text, screens)


def _clean(raw: str) -> str:
    text = raw.replace("\r\n", "\n").replace("\r", "\n")
    return "\n".join(line.rstrip() for line in text.split("\n"))


def _since(text: str, marker: str) -> str:
    return text[text.rindex(marker) :]


def _last_screen(screens: list[str], before: int | None = None) -> str:
    """The last prompt's screen (up to ``before``), from the previous prompt on."""
    i = len(screens) - 1 if before is None else before
    previous = screens[i - 1] if i else ""
    return screens[i][len(previous) :]


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


@pytest.mark.skipif(not WHIST.exists(), reason="the whist console script is not installed")
@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game", GAMES, ids=[g.variant for g in GAMES])
def test_a_whole_hot_seat_match_shows_every_item_of_the_table(
    catalog: Catalog, game: Game, lang: str, tmp_path: Path
) -> None:
    tr = translator(lang)
    played = play(catalog, game, lang, tmp_path / "ledger.sqlite3")
    text, screens = played.text, played.screens
    all_lines = text.split("\n")
    humans = game.humans
    four = len(catalog.variant(game.variant).seat_names) == 4
    partnerships = bool(catalog.variant(game.variant).partnerships)

    # Every line fits 80 columns, and every table a player is asked at fits 24 rows.
    # (The ledger's URL is a path of any length: the line that names it may wrap.)
    wide = [line for line in all_lines if cell_len(line) > COLUMNS and "sqlite:" not in line]
    assert not wide, f"lines wider than {COLUMNS} columns: {wide}"
    your_hand = fixed(tr("Your hand ({name}):"))
    for i in range(len(screens)):
        screen = _last_screen(screens, i)
        if your_hand in screen:
            title = tr(catalog.variant(game.variant).title)
            start = screen.rfind(title)
            table = screen[start if start >= 0 else screen.rindex(tr("Trump: ").strip()) :]
            rows = table.strip("\n").split("\n")
            assert len(rows) <= ROWS, f"a table of {len(rows)} rows:\n{table}"

    # -- item 1: the score during the deal -------------------------------------------------
    score = tr("Score: ").strip()
    asking = [_last_screen(screens, i) for i in range(len(screens))]
    mid_deal = [s for s in asking if your_hand in s]
    assert mid_deal, "no table was shown at a prompt"
    assert all(score in s for s in mid_deal), (
        "issue 18 item 1 (the score during the deal): a table without its score line"
    )
    score_lines = [line for line in all_lines if line.startswith(score)]
    assert all(any(h in line for h in humans) for line in score_lines), (
        "issue 18 item 1/2 (the score by the players' names)"
    )

    # -- item 2: names, not seat letters ---------------------------------------------------
    prompts = [s.rsplit("\n", 1)[-1] for s in screens]
    at_table = [s.rsplit("\n", 1)[-1] for s in mid_deal]
    assert all(any(p.startswith(f"{h},") for h in humans) for p in at_table), (
        "issue 18 item 2 (names): a prompt at the table that does not name the player asked"
    )
    over = _since(text, tr("Match over"))
    assert any(h in over.split("\n")[1] for h in humans), (
        "issue 18 item 2 (names): the match's result names no player"
    )

    # -- item 3: a picture of the table ----------------------------------------------------
    you = tr("you")
    dealer = tr("dealer")
    first = mid_deal[0]
    compass = [line for line in first.split("\n") if line.startswith(" ") and line.strip()]
    you_row = next(i for i, line in enumerate(compass) if f"({you}" in line)
    assert dealer in first, "issue 18 item 3 (the compass): the dealer is not marked"
    assert you_row > 0, "issue 18 item 3 (the compass): no seat sits above you"
    if partnerships:
        partner = tr("partner")
        with_partner = [s for s in mid_deal if f"({partner}" in s]
        assert with_partner, "issue 18 item 3 (the compass): the partner is never marked"
        rows = [line for line in with_partner[0].split("\n") if line.strip()]
        top = next(i for i, line in enumerate(rows) if f"({partner}" in line)
        bottom = next(i for i, line in enumerate(rows) if f"({you}" in line)
        assert top < bottom, "issue 18 item 3 (the compass): the partner is not opposite"
    if four:
        # Cards on the table sit where their seats sit: the left and right seats' cards on
        # one row, beside the seats' names.
        seat = re.compile(r"\b(?:" + "|".join([*humans, "N", "E", "S", "W", "O"]) + r")\b")
        sides = [line for s in mid_deal for line in s.split("\n")
                 if len(re.findall(rf"(?:10|[2-9JQKA])[{SUITS}]", line)) == 2
                 and len(seat.findall(line)) >= 2]  # fmt: skip
        assert sides, "issue 18 item 3 (the compass): no trick shows its cards by the seats"

    # -- item 4: tricks that count ---------------------------------------------------------
    tricks_won = fixed(tr("Tricks won: "))
    tricks_lines = [line for line in all_lines if line.startswith(tricks_won)]
    assert tricks_lines, "issue 18 item 4 (tricks): the tricks won are never shown"
    if partnerships:
        assert all(" & " in line for line in tricks_lines), (
            "issue 18 item 4 (tricks per partnership): tricks counted per seat"
        )
        assert all(len(re.findall(r"\d+", line)) == 2 for line in tricks_lines)
    if game.variant == "german":
        assert all("14" in line and "26" in line for line in tricks_lines), (
            "issue 18 item 4 (German: which tricks count) is not said"
        )
        empty = pattern(
            tr(
                "{winner} takes the last face-up card, {loser} the last card of "
                "the stock: the stock is empty, the last 13 tricks are played out"
            )
        )
        assert len(empty.findall(text.replace("\n", " "))) == 1, (
            "issue 18 item 4 (German: the empty stock) is not announced once"
        )

    # -- item 5: a real end of deal and of match -------------------------------------------
    results = text.count(tr("Deal result"))
    deals = len(pattern(tr("{title} — deal {number}, dealer {name}")).findall(text))
    assert deals >= 1
    assert results == deals, "issue 18 item 5 (the end of a deal): a deal ended without its result"
    points = tr("Points")
    assert points in _since(text, tr("Deal result")), "issue 18 item 5: the result has no points"
    assert re.search(r"whist scores \d+", over), (
        "issue 18 item 5 (the end of the match): it does not say how to see the sheet again"
    )
    assert over.count("\n") >= 4, "issue 18 item 5: the match ends with a bare line"
    over_lines = over.split("\n")
    wrapped = [a for a, b in itertools.pairwise(over_lines)
               if a == "-" * COLUMNS and re.fullmatch(r"-+", b)]  # fmt: skip
    assert not wrapped, "issue 18 items 5 and 11: the sheet at the match's end is wider than 80"

    # -- item 6: Israeli Whist at the table ------------------------------------------------
    if game.variant == "israeli":
        lowest = fixed(tr("Lowest bid now: {lowest_bid}"))
        asks = pattern(tr("{name}, your call: ").strip())
        call_screens = [s for s in mid_deal if asks.search(s.rsplit("\n", 1)[-1])]
        assert call_screens, "no call was asked"
        assert all(lowest in s for s in call_screens if not re.search(
            rf"\d+[{SUITS}]|NT", s.split(your_hand)[0].split(score)[0])), (
            "issue 18 item 6 (the minimum bid before a seat bids) is not shown"
        )  # fmt: skip
        history = fixed(tr("Auctions before the Frisch: {earlier_auctions}"))
        assert history in text, "issue 18 item 6 (the auction across Frisch rounds) is missing"
        auction_lines = [line for line in all_lines if history in line]
        assert not any(re.search(r"\b\d+[CDHS]\b", line) for line in auction_lines), (
            "issue 18 item 6 (bids with suit symbols): a bid written with a letter"
        )
        bids = [line for line in all_lines if re.search(rf"\b\d+[{SUITS}]", line)]
        assert bids, "issue 18 item 6: no bid is ever shown with its suit symbol"
        phase_help = catalog.variant(game.variant).presentation.phase_help
        explained = [tr(t) for t in phase_help.values()]
        assert any(fixed(e)[:40] in text.replace("\n", " ") for e in explained), (
            "issue 18 item 6 (? during the auction explains bidding)"
        )
        # The Frisch typed as three numbers of the shown hand, and taken as those cards.
        face_down = pattern(tr("{name} puts cards face down for the Frisch"))
        typed = [i for i, line in enumerate(all_lines) if re.search(r": \d+ \d+ \d+$", line)]
        assert typed, "the Frisch was never asked"
        assert all(face_down.match(all_lines[i + 1]) for i in typed), (
            "issue 18 item 6 (the Frisch chosen as cards of the hand, by their numbers)"
        )

    # -- item 7: reviewing earlier tricks --------------------------------------------------
    review = text[text.rindex(": tricks\n") :]
    # The review ends where the player is asked again.
    asked_again = re.search(r"\n(?:" + "|".join(humans) + r"), [^\n]*: ", review)
    review = review[: asked_again.start()] if asked_again else review
    trick = pattern(tr("Trick {number}: ").strip())
    reviewed = [line for line in review.split("\n") if trick.match(line)]
    per_deal = 26 if game.variant == "german" else 13
    assert len(reviewed) >= per_deal - 1, (
        "issue 18 item 7 (tricks): the review does not show every completed trick"
    )
    assert all(any(h in line for h in humans) for line in reviewed), (
        "issue 18 item 7: the review does not say who played what"
    )
    since = fixed(tr("Since your last turn:"))
    assert since in text, "issue 18 item 7 (hot-seat: how your card was beaten) is missing"

    golden = GOLDEN / f"items-{game.variant}-{lang}.txt"
    frisch = ""
    if game.variant == "israeli":
        frisch_prompt = pattern(tr("{name}, the cards you pass in the Frisch: ").strip())
        at = next(i for i, p in enumerate(prompts) if frisch_prompt.search(p))
        frisch = _last_screen(screens, at)
    shown = "\n[...]\n".join(
        part.strip("\n") for part in (mid_deal[0], frisch, review, over) if part
    ) + "\n"  # fmt: skip
    if os.environ.get("OPENWHIST_UPDATE_GOLDEN"):
        golden.write_text(shown, encoding="utf-8")
    assert shown == golden.read_text(encoding="utf-8"), f"the screens of {golden.name} changed"
