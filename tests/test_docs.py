"""The documentation cannot fall behind the code.

* docs/plugins/hooks.md documents every hook of ``openwhist.game.hookspecs`` with its exact
  signature, and nothing that is not a hook (datasette's ``test_docs`` in spirit: the
  signatures come from ``inspect``, not from a copy in this file);
* every relative link of README.md and of the pages under docs/ leads to a file that exists,
  and a ``#fragment`` to a heading of that page;
* the plugin author guide shows every file of the example plugin, exactly as it is in
  docs/plugins/example/ (which tests/test_example_plugin.py installs and runs);
* the rules are cited inside the repository: no file refers to the old out-of-repository
  rules and design files (tools/rules_refs.py rewrites such references), and every
  ``docs/variants/<page>.md §n.m`` reference -- in code, docs and catalogues -- finds a section of
  that page (a heading numbered n.m, or item m of the numbered list of section n).
"""

from __future__ import annotations

import inspect
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from openwhist import plugins
from openwhist.game import hookspecs
from openwhist.plugins import load_catalog

from tests.script_support import load_script

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
HOOKS_MD = DOCS / "plugins" / "hooks.md"
GUIDE_MD = DOCS / "plugins" / "writing-a-variant.md"
EXAMPLE = DOCS / "plugins" / "example"

SPEC_CLASSES = (plugins.DiscoverySpecs, hookspecs.RuleSpecs)


def hook_names() -> list[str]:
    return [*plugins.DISCOVERY_HOOKS, *hookspecs.RULE_HOOKS]


def spec_function(name: str) -> object:
    for cls in SPEC_CLASSES:
        if name in vars(cls):
            return vars(cls)[name]
    raise AssertionError(f"{name} is in neither spec class")


def documented_signature(name: str) -> str:
    """``def name(arg: Type, ...) -> Return`` as the spec classes declare it, without ``self``."""
    signature = inspect.signature(spec_function(name))  # type: ignore[arg-type]
    params = [p for p in signature.parameters.values() if p.name != "self"]
    args = ", ".join(f"{p.name}: {p.annotation}" for p in params)
    return f"def {name}({args}) -> {signature.return_annotation}"


def test_the_spec_classes_declare_hooks() -> None:
    # Guards the tests below against passing vacuously on an empty hook list.
    assert "whist_register_variants" in plugins.DISCOVERY_HOOKS
    assert "whist_legal_plays" in hookspecs.RULE_HOOKS
    assert len(hook_names()) == len(set(hook_names()))


@pytest.mark.parametrize("name", hook_names())
def test_every_hook_is_documented_with_its_exact_signature(name: str) -> None:
    text = HOOKS_MD.read_text(encoding="utf-8")
    assert re.search(rf"^#+ `{name}`$", text, re.MULTILINE), (
        f"docs/plugins/hooks.md has no heading for {name}"
    )
    expected = documented_signature(name)
    assert expected in text, f"docs/plugins/hooks.md lacks the signature:\n    {expected}"


def test_hooks_md_documents_no_hook_that_does_not_exist() -> None:
    text = HOOKS_MD.read_text(encoding="utf-8")
    headed = set(re.findall(r"^#+ `(whist_\w+)`$", text, re.MULTILINE))
    mentioned = set(re.findall(r"\bwhist_[a-z_]+\b", text))
    assert headed == set(hook_names())
    assert mentioned <= set(hook_names()), (
        f"unknown hooks mentioned: {mentioned - set(hook_names())}"
    )


# -- the layers of docs/architecture.md ----------------------------------------------------


def test_the_architecture_lists_the_import_linter_layers_in_order() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = [c for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "layers"]
    declared = []
    for contract in contracts:
        prefix = (contract["containers"][0] + ".") if contract.get("containers") else ""
        declared.append(
            [sorted(prefix + m.strip() for m in layer.split("|")) for layer in contract["layers"]]
        )
    text = (DOCS / "architecture.md").read_text(encoding="utf-8")
    section = text.split("## Rooms and layers", 1)[1].split("\n## ", 1)[0]
    documented = []
    for table in section.split("\n### ")[1:]:
        rows = re.findall(r"^\| \d+ \| (.+?) \|", table, re.MULTILINE)
        documented.append([sorted(re.findall(r"`([\w.]+)`", row)) for row in rows])
    assert len(declared) >= 4  # the CLI over the core, and the three rooms inside it
    assert documented == declared, (
        "docs/architecture.md's layer tables differ from [tool.importlinter] in pyproject.toml"
    )


# -- links --------------------------------------------------------------------------------

LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)


def markdown_pages() -> list[Path]:
    return [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """The fragments a link may name: heading slugs and explicit ``<a id="...">`` anchors."""
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    headings = {slug(h) for h in re.findall(r"^#+ (.+)$", text, re.MULTILINE)}
    return headings | set(re.findall(r'<a id="([^"]+)"></a>', text))


def relative_links(page: Path) -> list[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    return [
        target
        for target in LINK.findall(text)
        if not re.match(r"^[a-z][a-z0-9+.-]*:", target)  # http:, https:, mailto:
    ]


def test_the_readme_links_into_the_docs() -> None:
    links = relative_links(ROOT / "README.md")
    for page in ("docs/architecture.md", "docs/plugins/writing-a-variant.md", "docs/club.md"):
        assert page in links, f"README.md should link to {page}"


@pytest.mark.parametrize("page", markdown_pages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_leads_somewhere(page: Path) -> None:
    broken = []
    for target in relative_links(page):
        path_part, _, fragment = target.partition("#")
        destination = (page.parent / path_part).resolve() if path_part else page
        if not destination.exists():
            broken.append(f"{target}: no such file")
        elif fragment and destination.suffix == ".md" and fragment not in anchors(destination):
            broken.append(f"{target}: no heading #{fragment} in {destination.name}")
    assert not broken, f"{page.relative_to(ROOT)} has broken links: {broken}"


# -- the example plugin in the guide ------------------------------------------------------

TITLED_BLOCK = re.compile(r'^```\w* title="([^"]+)"\n(.*?)^```$', re.MULTILINE | re.DOTALL)


def guide_blocks() -> dict[str, str]:
    return dict(TITLED_BLOCK.findall(GUIDE_MD.read_text(encoding="utf-8")))


def example_files() -> list[str]:
    """The example's source files (caches, the empty py.typed marker and the generated
    gettext catalogues in ``locale/`` left out)."""
    return sorted(
        str(p.relative_to(EXAMPLE))
        for p in EXAMPLE.rglob("*")
        if p.is_file()
        and p.name != "py.typed"
        and not any(
            part.startswith(".") or part in ("__pycache__", "locale")
            for part in p.relative_to(EXAMPLE).parts
        )
    )


def test_the_guide_shows_every_file_of_the_example_plugin() -> None:
    assert "pyproject.toml" in example_files()
    assert sorted(guide_blocks()) == example_files()


@pytest.mark.parametrize("name", example_files())
def test_the_guide_shows_the_example_file_as_it_is(name: str) -> None:
    shown = guide_blocks().get(name)
    assert shown is not None, f"writing-a-variant.md does not show {name}"
    assert shown == (EXAMPLE / name).read_text(encoding="utf-8"), (
        f"writing-a-variant.md shows an outdated {name}: copy the file into the guide"
    )


# -- the rules are cited inside the repository ---------------------------------------------


def _rules_refs() -> Any:
    """tools/rules_refs.py, loaded from its file (tools/ is not a package)."""
    return load_script(ROOT / "tools" / "rules_refs.py")


rules_refs = _rules_refs()
VARIANTS = DOCS / "variants"
NUMBERED_HEADING = re.compile(r"^#+ (\d+(?:\.\d+)*)\s", re.MULTILINE)
CONFLICT_ROW = re.compile(r"^\| (?:<a id=\"[^\"]+\"></a>)?(C-[GEIX]\d+) \|", re.MULTILINE)
PAGE_REF = re.compile(
    r"docs/variants/(?P<page>[\w-]+)\.md(?P<refs>(?:(?:\s|#)+§\d+(?:\.\d+)*"
    r"(?:(?:,\s|;\s|\s?[–-]\s?|/|\sand\s|\sor\s)(?:#\s)?§\d+(?:\.\d+)*)*)?)"
    r"(?:\s+(?P<conflict>C-[GEIX]\d+))?"
)
ARCHITECTURE_REF = re.compile(r"docs/architecture\.md#(?P<anchor>[\w-]+)")
SECTION_NUMBER = re.compile(r"§(\d+(?:\.\d+)*)")
ALLOWED_OLD_REFERENCES = {"docs/architecture.md": 1}
"""Files that may name the old rules and design files, and on how many lines (marked
``rules_refs: keep``): the architecture's note on where the design and the rules came from."""


def sections(page: Path) -> dict[str, str]:
    """Section number -> its text (up to the next numbered heading) of a docs/variants page."""
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    found: dict[str, str] = {}
    matches = list(NUMBERED_HEADING.finditer(text))
    for index, match in enumerate(matches):
        end = matches[index + 1].start() if index + 1 < len(matches) else len(text)
        found[match.group(1)] = text[match.end() : end]
    return found


def resolves(page: Path, number: str) -> bool:
    """Is §``number`` a heading of ``page``, or item k of section n's numbered list (n.k)?"""
    heads = sections(page)
    if number in heads:
        return True
    parent, _, item = number.rpartition(".")
    return parent in heads and re.search(rf"^\s*{item}\. ", heads[parent], re.MULTILINE) is not None


def repository_files() -> list[Path]:
    return list(rules_refs.files([ROOT]))


def test_no_file_cites_the_old_rules_or_design_files() -> None:
    """Neither file is in the repository, so a reference to one leads nowhere; run
    ``python tools/rules_refs.py`` to point them at docs/variants/ and docs/architecture.md."""
    left = rules_refs.left([ROOT])
    assert not left, "references to files outside the repository:\n" + "\n".join(left)


def test_the_allow_list_of_old_references_is_short_and_explained() -> None:
    kept: dict[str, int] = {}
    for path in repository_files():
        relative = path.relative_to(ROOT).as_posix()
        if relative.startswith(rules_refs.SELF):
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if rules_refs.KEEP in line and rules_refs.LEFT.search(line):
                kept[relative] = kept.get(relative, 0) + 1
    assert kept == ALLOWED_OLD_REFERENCES


def test_every_numbered_section_has_its_stable_anchor() -> None:
    """A ``<a id="sN">`` stands right above heading N, so links such as german.md#s1.6
    survive a change of the heading's words."""
    pages = sorted(VARIANTS.glob("*.md"))
    assert {p.name for p in pages} >= set(rules_refs.PAGE_BY_SECTION.values())
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for number in sections(page):
            if number.count(".") <= 1:
                escaped = re.escape(number)
                assert re.search(rf'<a id="s{escaped}"></a>\n#+ {escaped}\s', text), (
                    f'{page.name}: section {number} has no <a id="s{number}"></a> above it'
                )
        for anchor in re.findall(r'<a id="s([\d.]+)"></a>', text):
            assert anchor in sections(page), f"{page.name}: anchor s{anchor} has no heading"


def test_every_old_section_number_has_its_page() -> None:
    """The numbering is the old rules contract's, page by page (§1.x German, §4.x Israeli)."""
    for top, page in rules_refs.PAGE_BY_SECTION.items():
        assert resolves(VARIANTS / page, top) or any(
            n.startswith(f"{top}.") for n in sections(VARIANTS / page)
        ), f"{page} has no section §{top}"


def test_a_section_resolves_only_if_the_page_has_it() -> None:
    german = VARIANTS / "german.md"
    assert resolves(german, "1.6")  # a heading
    assert resolves(german, "1.2.5")  # item 5 of the numbered list of §1.2
    assert not resolves(german, "1.2.9")
    assert not resolves(german, "1.99")
    assert not resolves(german, "4.4")  # Israeli Whist's Frisch is not on the German page


def test_every_section_reference_in_the_repository_resolves() -> None:
    checked = 0
    broken = []
    for path in repository_files():
        relative = path.relative_to(ROOT).as_posix()
        if relative.startswith(rules_refs.SELF):
            continue
        text = path.read_text(encoding="utf-8")
        for match in PAGE_REF.finditer(text):
            page = VARIANTS / f"{match.group('page')}.md"
            where = f"{relative}: {match.group(0)!r}"
            if not page.exists():
                broken.append(f"{where}: no such page")
                continue
            for number in SECTION_NUMBER.findall(match.group("refs")):
                checked += 1
                # A chain may move on to another part (english.md §2.5, §3): each number
                # resolves on the page that holds its part.
                owner = VARIANTS / rules_refs.PAGE_BY_SECTION.get(number.split(".")[0], page.name)
                if not resolves(page if resolves(page, number) else owner, number):
                    broken.append(f"{where}: no §{number} in {page.name}")
            conflict = match.group("conflict")
            if conflict:
                checked += 1
                if conflict not in CONFLICT_ROW.findall(page.read_text(encoding="utf-8")):
                    broken.append(f"{where}: no row {conflict}")
        for match in ARCHITECTURE_REF.finditer(text):
            checked += 1
            if match.group("anchor") not in anchors(DOCS / "architecture.md"):
                broken.append(f"{relative}: docs/architecture.md has no #{match.group('anchor')}")
    assert checked > 20  # the pages are cited, so the check has something to check
    assert not broken, "references that find no section:\n" + "\n".join(broken)


@pytest.mark.parametrize("page", sorted(VARIANTS.glob("*.md")), ids=lambda p: p.name)
def test_the_bare_section_numbers_of_the_rules_pages_resolve(page: Path) -> None:
    """Inside docs/variants/, a bare ``§n.m`` names a section of the page that holds part n
    (§1.x German, §7.x the decisions), so every one must exist there."""
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    text = PAGE_REF.sub("", re.sub(r"\]\([^)]*\)", "]", text))
    missing = []
    for number in SECTION_NUMBER.findall(text):
        owner = rules_refs.PAGE_BY_SECTION.get(number.split(".")[0])
        if owner is None or not resolves(VARIANTS / owner, number):
            missing.append(f"§{number}")
    assert not missing, f"{page.name} cites sections that do not exist: {missing}"


def test_the_design_anchors_of_the_rewrite_exist() -> None:
    for anchor in set(rules_refs.DESIGN_ANCHORS.values()):
        assert anchor in anchors(DOCS / "architecture.md"), f"no #{anchor} in architecture.md"


@pytest.mark.parametrize("name", ["german", "english", "israeli"])
def test_every_option_is_in_its_page_s_table_with_its_default(name: str) -> None:
    """The rules page documents every option the variant validates, with the default it has."""
    variant = load_catalog().variant(name)
    defaults = variant.make_options()
    text = (VARIANTS / f"{name}.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| `(\w+)` \| ([^|]+) \|", text, re.MULTILINE))
    wrong = []
    for option in variant.options.model_fields:
        value = getattr(defaults, option)
        shown = rows.get(option)
        if shown is None:
            wrong.append(f"{option}: not in the options table")
            continue
        shown = shown.strip().strip("`").lower()
        if value is None:
            expected = "unset"
        elif isinstance(value, tuple):
            expected = ",".join(value)
        else:
            expected = str(value).lower()
        if not shown.startswith(expected):
            wrong.append(f"{option}: the page says {shown!r}, the default is {expected!r}")
    assert not wrong, f"docs/variants/{name}.md: {wrong}"


def test_the_american_preset_table_matches_the_preset() -> None:
    english = load_catalog().variant("english").make_options()
    american = load_catalog().variant("american").make_options()
    text = (VARIANTS / "american.md").read_text(encoding="utf-8")
    rows = {
        option: (shown_en.strip(" `*").lower(), shown_am.strip(" `*").lower())
        for option, shown_en, shown_am in re.findall(
            r"^\| `(\w+)` \| ([^|]+) \| ([^|]+) \|", text, re.MULTILINE
        )
    }
    changed = {
        option
        for option in type(english).model_fields
        if getattr(english, option) != getattr(american, option)
    }
    assert set(rows) == changed
    for option, (shown_en, shown_am) in rows.items():
        assert shown_en == str(getattr(english, option)).lower(), option
        assert shown_am == str(getattr(american, option)).lower(), option


# -- the seat example of the guide ---------------------------------------------------------

SEATS_EXAMPLE = re.compile(r"^```python\n(# seats-example.*?)^```$", re.MULTILINE | re.DOTALL)


def test_the_guides_seat_example_plays_at_every_count_through_the_kit() -> None:
    """The sketch in "Seats per match, and who plays each trick" is a working variant: whole
    matches at each of its counts pass the conformance kit, and its knock leaves a seat out
    of a trick (some trick has fewer cards than players)."""
    from openwhist import Engine
    from openwhist.testing.conformance import check_match

    (source,) = SEATS_EXAMPLE.findall(GUIDE_MD.read_text(encoding="utf-8"))
    namespace: dict[str, object] = {}
    exec(compile(source, "writing-a-variant.md", "exec"), namespace)
    variant = namespace["KNOCKING"]
    assert variant.allowed_seats == (3, 4, 5, 6, 7)  # type: ignore[attr-defined]
    for seats in variant.allowed_seats:  # type: ignore[attr-defined]
        report = check_match(variant, seats=seats, matches=2, seed=seats)  # type: ignore[arg-type]
        assert report.deals == 2
    engine = Engine(variant, seats=5)  # type: ignore[arg-type]
    import random

    rng = random.Random(1)
    short = 0
    for dealer in range(10):
        state = engine.start_deal(dealer=dealer % 5)
        state = engine.apply(state, engine.sample_chance(state, rng))
        while not state.is_terminal:
            legal = engine.legal_actions(state)
            state = engine.apply(state, legal[-1] if rng.random() < 0.2 else legal[0])
        short += sum(len(r.seats) < 5 for r in state.completed)
    assert short > 0


# -- docs/review.md's example, run --------------------------------------------------------


def test_the_review_example_runs_as_documented(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/review.md shows a seeded deal and its review: the commands give that output."""
    import shlex

    from openwhist_cli.app import app
    from typer.testing import CliRunner

    text = (DOCS / "review.md").read_text(encoding="utf-8")
    block = re.search(r"```console\n(.*?)```", text, re.DOTALL)
    assert block is not None, "docs/review.md has no console example"
    steps: list[tuple[str, list[str]]] = []
    for line in block.group(1).splitlines():
        if line.startswith("$ "):
            steps.append((line[2:], []))
        else:
            steps[-1][1].append(line)
    assert [command.split()[:2] for command, _ in steps] == [
        ["whist", "simulate"],
        ["whist", "review"],
    ]
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    for command, shown in steps:
        result = runner.invoke(app, shlex.split(command)[1:])
        assert result.exit_code == 0, (command, result.output)
        if shown:
            assert result.stdout.rstrip("\n").splitlines() == shown, command
