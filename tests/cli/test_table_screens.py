"""Golden table screens at 80x24 through a real terminal: what a player sees of each
built-in variant, in English and in Spanish.

pexpect runs the venv's ``whist`` console script in a pseudo-terminal of 24 rows and 80
columns and types, at each prompt, the moves `play_script.make_script` computed for the
seeded game (``?`` at the first call of an auction, ``tricks`` before the last card). The
golden file keeps two parts of the transcript, small enough to read: the first screen (the
table with the match score, the compass of the seats with the dealer and leader marked,
tricks per side) and the end (every trick of the deal with who played what, the deal's
result in words with the players' names, where the match stands). Every line fits 80
columns and the first screen fits 24 rows.

After a deliberate change of the screens: ``OPENWHIST_UPDATE_GOLDEN=1 uv run pytest
tests/cli/test_table_screens.py`` and review the diff.
"""

from __future__ import annotations

import io
import os
import re
import sys
from pathlib import Path

import pytest
from openwhist.plugins import Catalog, load_catalog
from rich.cells import cell_len

from tests.script_support import load_script

pexpect = pytest.importorskip("pexpect")

WHIST = Path(sys.executable).with_name("whist")
GOLDEN = Path(__file__).with_name("golden_screens")
PROMPT = re.compile(r"Ann, [^\r\n]*: ")
ROWS, COLUMNS = 24, 80


script_helper = load_script(Path(__file__).with_name("play_script.py"))

# (variant, the human's seat, seed, options)
GAMES = [
    ("german", "A", 7, {}),
    ("english", "N", 11, {}),
    ("american", "N", 3, {}),
    ("israeli", "N", 4, {"match": "fixed_deals:1"}),
]


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def _transcript(catalog: Catalog, variant: str, seat: str, seed: int, options: dict[str, str],
                lang: str) -> str:  # fmt: skip
    names = catalog.variant(variant).seat_names
    script = script_helper.make_script(
        catalog,
        variant,
        seed=seed,
        seats={names.index(seat): "human:Ann"},
        options=options,
        mistakes=False,
    )
    lines = list(script.lines)
    calls = catalog.variant(variant).presentation.phase_help
    if calls:
        lines.insert(0, "?")  # the auction explained, before the first call
    lines.insert(len(lines) - 1, "tricks")  # every trick so far, before the last card
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
    args = ["play", variant, "--seed", str(seed), "--deals", "1", "--no-ledger",
            "--seat", f"{seat}=human:Ann"]  # fmt: skip
    for key, value in options.items():
        args += ["-o", f"{key}={value}"]
    child = pexpect.spawn(
        str(WHIST), args, env=env, encoding="utf-8", timeout=60, dimensions=(ROWS, COLUMNS)
    )
    transcript = io.StringIO()
    child.logfile_read = transcript
    try:
        for line in lines:
            child.expect(PROMPT)
            child.sendline(line)
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0, transcript.getvalue()
    text = transcript.getvalue().replace("\r\n", "\n").replace("\r", "\n")
    return "\n".join(line.rstrip() for line in text.split("\n"))


def _parts(text: str) -> tuple[str, str]:
    """The first screen (to the first prompt, with what ``?`` says when asked) and the
    end (from the ``tricks`` command)."""
    lines = text.split("\n")
    prompts = [i for i, line in enumerate(lines) if PROMPT.match(line + " ")]
    first_end = prompts[1] if lines[prompts[0]].endswith("?") else prompts[0]
    start = next(i for i, line in enumerate(lines) if line.endswith(": tricks"))
    return "\n".join(lines[: first_end + 1]), "\n".join(lines[start:])


@pytest.mark.skipif(not WHIST.exists(), reason="the whist console script is not installed")
@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(("variant", "seat", "seed", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_the_table_at_80x24_shows_score_compass_tricks_and_the_end(
    catalog: Catalog, variant: str, seat: str, seed: int, options: dict[str, str], lang: str
) -> None:
    text = _transcript(catalog, variant, seat, seed, options, lang)
    wide = [line for line in text.split("\n") if cell_len(line) > COLUMNS]
    assert not wide, f"lines wider than {COLUMNS} columns: {wide}"
    first, end = _parts(text)
    screen = first.split("\n")
    table_rows = screen[1 : next(i for i, line in enumerate(screen) if PROMPT.match(line + " "))]
    assert len(table_rows) + 1 <= ROWS, "the first table and its prompt do not fit 24 rows"
    # The player's name, not the seat's letter, and the compass marks the player.
    assert "Ann" in first
    golden = GOLDEN / f"table-{variant}-{lang}.txt"
    shown = f"{first}\n[...]\n{end}".rstrip() + "\n"
    if os.environ.get("OPENWHIST_UPDATE_GOLDEN"):
        golden.write_text(shown, encoding="utf-8")
    assert shown == golden.read_text(encoding="utf-8"), f"the screens of {golden.name} changed"
