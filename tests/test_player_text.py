"""Players read the rule, never a section reference.

The rules pages (docs/variants/) are cited by number in code and docs; a player at the table
or a club secretary reading `whist variants` should see the rule itself. This checks what
they can see: every translatable message of every package (all catalogues, all languages),
the option descriptions and rule changes `whist variants` and `whist replay` show, and the
messages of seeded deals of every built-in variant -- illegal-action reasons, notation
errors, score lines and match summaries.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from openwhist import CHANCE, TERMINAL, Engine, IllegalActionError, InvalidNotationError, Play
from openwhist.plugins import load_catalog
from openwhist_cli.app import app
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = re.compile(r"§|\bRULES\b|RULES\.md|DESIGN\.md|docs/variants|\bC-[GEIX]\d+\b")
"""A section sign, the old rules or design file, a rules page, or a conflict id (C-I8)."""
BUILT_INS = ("german", "english", "american", "israeli")
LANGS = ("en", "es", "pt", "it")


def catalogues() -> list[Path]:
    found = [
        *ROOT.glob("core/openwhist/locale/**/*.po*"),
        *ROOT.glob("cli/openwhist_cli/locale/**/*.po*"),
        *ROOT.glob("plugins/*/src/*/locale/**/*.po*"),
        *ROOT.glob("docs/plugins/example/src/*/locale/**/*.po*"),
    ]
    return sorted(p for p in found if p.suffix in (".po", ".pot"))


def test_the_catalogues_are_found() -> None:
    # Six packages, each with a template and three translations.
    assert len(catalogues()) >= 24


@pytest.mark.parametrize("path", catalogues(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_translatable_message_carries_a_section_reference(path: Path) -> None:
    with path.open("rb") as handle:
        catalog = read_po(handle)
    found = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [text for text in (*ids, *strings) if text and REFERENCE.search(text)]
    assert not found, f"{path.relative_to(ROOT)}: {found}"


@pytest.mark.parametrize("lang", LANGS)
def test_whist_variants_shows_rules_not_references(lang: str) -> None:
    runner = CliRunner()
    for args in (["variants"], ["variants", "--json"]):
        result = runner.invoke(app, args, env={"OPENWHIST_LANG": lang})
        assert result.exit_code == 0, result.output
        # The listing really shows the option descriptions being checked.
        assert "scoring_profile" in result.stdout
        assert "frisch_direction" in result.stdout
        hits = [line for line in result.stdout.splitlines() if REFERENCE.search(line)]
        assert not hits, f"whist {' '.join(args)} ({lang}): {hits}"


def test_option_descriptions_and_rule_changes_name_no_section() -> None:
    catalog = load_catalog()
    texts = []
    for name in BUILT_INS:
        variant = catalog.variant(name)
        for field in variant.options.model_fields.values():
            assert field.description, f"{name}: an option without a description"
            texts.append(field.description)
        texts += [change.description for change in variant.rule_changes]
    assert any("points_per_trick" in t for t in texts)  # German Whist's rule change is here
    assert not [t for t in texts if REFERENCE.search(t)]


def seeded_messages(name: str, seed: int) -> Iterator[str]:
    """Everything one seeded deal of ``name`` says to a player: the reason for each of a
    sample of illegal cards and calls, notation errors, score lines, the match summary."""
    variant = load_catalog().variant(name)
    engine = Engine(variant)
    rng = random.Random(seed)
    progress = engine.start_match(first_dealer=0)
    state = engine.start_deal(dealer=0)
    steps = 0
    while (actor := engine.actor(state)) != TERMINAL:
        if actor == CHANCE:
            state = engine.apply(state, engine.sample_chance(state, rng))
            continue
        legal = engine.legal_actions(state)
        if steps % 3 == 0:
            for card in rng.sample(range(52), 12):
                if Play(card) not in legal:
                    try:
                        engine.apply(state, Play(card))
                    except IllegalActionError as error:
                        yield str(error)
            for text in ("5C", "13NT", "4", "contract 0", "frisch 2C 3C", "pass", "1S", "zz"):
                try:
                    action = engine.parse_action(state, text)
                except InvalidNotationError as error:
                    yield str(error)
                    continue
                if action not in legal:
                    try:
                        engine.apply(state, action)
                    except IllegalActionError as error:
                        yield str(error)
        state = engine.apply(state, rng.choice(legal))
        steps += 1
    score = engine.score(state)
    for line in score.lines:
        yield line.note
        if line.message is not None:
            yield line.message.render()
    progress = engine.advance_match(progress, score)
    yield progress.summary
    if progress.summary_message is not None:
        yield progress.summary_message.render()


@pytest.mark.parametrize("name", BUILT_INS)
def test_seeded_deals_say_nothing_a_player_cannot_read(name: str) -> None:
    said: list[str] = []
    for seed in (1, 2, 3):
        said += list(seeded_messages(name, seed))
    assert len(said) > 30  # reasons, score lines and summaries were really produced
    assert any("must follow suit" in s or "does not hold" in s for s in said)
    assert not [s for s in said if REFERENCE.search(s)], name
