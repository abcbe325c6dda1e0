"""No variant's name outside its plugin (issue 12, deliverable 8;
docs/architecture.md#rooms-and-layers "Layers").

The CLI, the services and the ledger must work for any variant, so none of them may know
a built-in one: this test fails when a Python file under ``cli/``,
``core/openwhist/services/`` or ``core/openwhist/ledger/`` holds

* a built-in variant's **name or alias** (``german``, ``english-whist``, ...; any case, as a
  whole word: in code, strings, comments and docstrings alike -- ``israeli-random``, a bot
  named after its variant, counts too), or
* one of the built-in variants' **view or fact keys**, collected at test time from the
  plugins themselves: the keys their views put in ``public`` and ``private`` over seeded
  deals (every option choice, whole matches), their deal scores' ``facts`` and their
  real-card facts models' fields. A key with an underscore (``face_up``, ``frisch_rounds``)
  is a hit anywhere, as a whole word; a one-word key (``stock``, ``contracts``) is a hit
  only as a string literal of its own or quoted inside one (``facts["contracts"]``,
  ``"... IN ('contract', ...)"``), since as prose it is an ordinary word.

`GENERIC_KEYS` excludes the words the core itself owns (its standard deal facts and score
categories). `ALLOWED` is the short allow-list of docstrings and examples that may name a
variant, each ``(file, line text)`` with its reason; an entry that no longer matches fails,
so the list cannot go stale.
Catalogues (``.po``) are generated from these files and are not scanned.
"""

from __future__ import annotations

import io
import random
import re
import tokenize
from pathlib import Path
from typing import Any

import pytest
from openwhist import Engine
from openwhist.plugins import load_catalog
from openwhist.testing import match_samples, option_samples

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("cli", "core/openwhist/services", "core/openwhist/ledger")
BUILT_IN_DISTRIBUTIONS = ("openwhist-german", "openwhist-english", "openwhist-israeli")

GENERIC_KEYS = {
    # the standard rules' deal facts (`TrickFacts.tricks`), and with "honours" a score
    # category of the core's own `Category`
    "tricks",
    "honours",
    # `DealState.phase`, `ScoreLine.points`: core fields every variant has
    "phase",
    "points",
    # the ledger's own marker of a voided deal (docs/ledger.md, decision (n))
    "void",
    # the `DealScore.facts` convention `whist simulate` counts for any variant
    "events",
    # the arena's own outcome of a deal for an entrant ("win", "tie", "loss"), which German
    # Whist's match detail happens to use as a key too
    "tie",
    # `whist review --json`'s own field: "honest" or "double_dummy"
    "mode",
}
"""Keys that the built-in variants use but the core owns: not a sign of knowing a variant."""

ALLOWED: dict[tuple[str, str], str] = {
    (
        "core/openwhist/services/ledger.py",
        'match_id = ledger.start_match("german", ["Ann", "Bob"], options={...}, seed=7)',
    ): "the module docstring's usage example needs a real variant name",
    (
        "core/openwhist/services/ledger.py",
        'outcome = ledger.record_real_deal(match_id, {"phase1_tricks": [7, 6], ...})',
    ): "the same example's real-card facts need that variant's real fact",
}
"""Docstrings and examples that may name a variant: ``(file, stripped line) -> reason``."""


def _built_ins() -> list[Any]:
    catalog = load_catalog()
    return [
        entry.variant
        for entry in catalog.variants.values()
        if entry.distribution in BUILT_IN_DISTRIBUTIONS
    ]


def _play_keys(variant: Any, options: dict[str, Any], seed: int) -> set[str]:
    """The view and fact keys of a few seeded random deals of whole matches."""
    engine = Engine(variant, options)
    rng = random.Random(seed)
    keys: set[str] = set()
    progress = engine.start_match(0)
    for _ in range(4):
        state = engine.next_deal(progress)
        while state.phase != "end":
            if state.to_act < 0:
                action = engine.sample_chance(state, rng)
            else:
                legal = engine.legal_actions(state)
                action = legal[rng.randrange(len(legal))]
            state = engine.apply_unchecked(state, action)
            for seat in range(variant.seats):
                view = engine.observe(state, seat)
                keys.update(view.public, view.private)
        score = engine.score(state)
        keys.update(score.facts)
        progress = engine.advance_match(progress, score)
        if progress.finished:
            progress = engine.start_match(progress.dealer)
    return keys


def _vocabulary() -> tuple[set[str], set[str]]:
    """The built-in variants' names and aliases; their view and fact keys."""
    names: set[str] = set()
    keys: set[str] = set()
    for variant in _built_ins():
        names.update(n.lower() for n in (variant.name, *variant.aliases))
        for options in [{}, *option_samples(variant), *match_samples(variant)]:
            keys |= _play_keys(variant, options, seed=3)
        if variant.facts is not None:
            keys.update(variant.facts.model_fields)
    return names, keys - GENERIC_KEYS


NAMES, KEYS = _vocabulary()


def _docstring_lines(source: str) -> set[int]:
    """Line numbers of docstrings (module, class and function)."""
    import ast

    lines: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                first = body[0]
                lines.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return lines


def hits(path: Path) -> list[tuple[int, str, str]]:
    """``(line, word, line text)`` for every variant name or key in ``path``."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    docstrings = _docstring_lines(source)
    name_re = re.compile(
        r"(?<![\w-])(" + "|".join(map(re.escape, sorted(NAMES))) + r")(?![\w-]*\w)",
        re.IGNORECASE,
    )
    snake = sorted(k for k in KEYS if "_" in k)
    plain = sorted(k for k in KEYS if "_" not in k)
    snake_re = re.compile(r"\b(" + "|".join(map(re.escape, snake)) + r")\b")
    quoted_re = re.compile(r"""['"](""" + "|".join(map(re.escape, plain)) + r""")['"]""")
    found: list[tuple[int, str, str]] = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type not in (tokenize.NAME, tokenize.STRING, tokenize.COMMENT):
            continue
        first = token.start[0]
        matches = [*name_re.finditer(token.string), *snake_re.finditer(token.string)]
        if token.type == tokenize.STRING and first not in docstrings:
            matches += quoted_re.finditer(token.string)
        for match in matches:
            row = first + token.string.count("\n", 0, match.start())
            found.append((row, match.group(1), lines[row - 1].strip()))
    return sorted(set(found))


def _files() -> list[Path]:
    return sorted(p for d in SCANNED for p in (ROOT / d).rglob("*.py"))


def _relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def test_the_vocabulary_is_collected_from_the_plugins() -> None:
    # A collection that found nothing would make the test below pass on anything.
    assert {"german", "english", "american", "israeli"} <= NAMES
    assert {"stock", "face_up", "turn_up", "auction", "contracts", "frisch_rounds"} <= KEYS
    assert not GENERIC_KEYS & KEYS


@pytest.mark.parametrize("path", _files(), ids=_relative)
def test_no_variant_name_or_key_outside_its_plugin(path: Path) -> None:
    name = _relative(path)
    tolerated = set(ALLOWED)
    found = [(row, word, text) for row, word, text in hits(path) if (name, text) not in tolerated]
    assert found == [], "\n".join(f"{name}:{row}: {word!r} in {text}" for row, word, text in found)


def test_the_lists_match_real_hits() -> None:
    """Every allowed or pending line is still a hit: the lists cannot go stale."""
    for name, text in ALLOWED:
        path = ROOT / name
        texts = {hit_text for _, _, hit_text in hits(path)} if path.exists() else set()
        assert text in texts, f"{name}: {text!r} is no hit any more: delete its entry"
    assert all(ALLOWED.values()), "every allowed line says why"


def test_the_scan_catches_a_name_and_a_key(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        "def f(facts):\n"
        '    """Sums the contracts of every seat."""\n'
        '    if facts.variant == "israeli":\n'
        '        return facts["contracts"]\n'
        "    return facts.face_up  # German Whist's card\n",
        encoding="utf-8",
    )
    words = [word for _, word, _ in hits(probe)]
    # The prose word "contracts" in the docstring is no hit; the literal key is.
    assert words == ["israeli", "contracts", "German", "face_up"]
