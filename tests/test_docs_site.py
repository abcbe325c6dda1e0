"""The docs site builds strictly, covers every page and public name, and its links resolve.

``uv run mkdocs build --strict`` (mkdocs.yml; decision (ab) in docs/architecture.md) renders
every page of docs/ and the API reference of docs/reference/. These tests build it once into
a temporary folder and check what a reader of the site would notice:

* the build passes with no warning at all (``--strict``; never ``--quiet``, which hides the
  warnings that strict counts);
* every page of docs/ is in the nav and on the site, and a page missing from the nav is named
  with the line to add and the section to add it to;
* every public name a plugin author uses -- ``openwhist.__all__``, every hook, the bot
  toolkits' and the solver's ``__all__``, the conformance kit and its pytest fixtures -- has
  an entry in the reference, and a missing one is named with the ``:::`` line to add;
* every link and anchor of the built site leads to a file and an element that exist;
* anchors are GitHub's, so a link means the same on the site and in a repository browser;
* and the check can fail: a copy of the docs with planted mistakes (a missing page, a missing
  anchor, a page outside the nav, an absolute link, a bad cross-reference, a link to a
  repository file that does not exist, a missing heading of a repository file) must fail the
  strict build, each mistake named in its output.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import openwhist
import pytest
from mkdocs.utils import yaml_load
from openwhist import plugins
from openwhist.game import hookspecs

from tests.script_support import load_script

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
MKDOCS_YML = ROOT / "mkdocs.yml"
REFERENCE = DOCS / "reference"
EXCLUDED = ("plugins/example/",)  # mkdocs.yml's exclude_docs: a plugin's source, not pages

# Where a page missing from the nav goes, by its folder under docs/.
NAV_SECTIONS = {
    "": "Using openwhist",
    "variants": "Variants",
    "plugins": "Writing plugins",
    "reference": "API reference",
}

# The modules whose `__all__` is documented in the reference, and the page for each.
TOOLKITS = {
    "openwhist.bots.heuristic": "toolkits.md",
    "openwhist.bots.sampling": "toolkits.md",
    "openwhist.bots.rating": "toolkits.md",
    "openwhist.solver": "solver.md",
    "openwhist.solver.dds": "solver.md",
    "openwhist.testing": "testing.md",
}


def _hooks_module() -> Any:
    """tools/mkdocs_hooks.py, loaded from its file (tools/ is not a package)."""
    return load_script(ROOT / "tools" / "mkdocs_hooks.py")


mkdocs_hooks = _hooks_module()


def build(config: Path, site: Path) -> subprocess.CompletedProcess[str]:
    """``mkdocs build --strict`` of ``config`` into ``site``, as .ci/run runs it."""
    env = {**os.environ, "NO_COLOR": "1", "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(site)],
        cwd=config.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The site, built once for this module's tests, and the build's output."""
    out = tmp_path_factory.mktemp("site")
    result = build(MKDOCS_YML, out)
    log = result.stdout + result.stderr
    assert result.returncode == 0, f"uv run mkdocs build --strict failed:\n{log}"
    return out, log


@pytest.fixture(scope="module")
def site(built: tuple[Path, str]) -> Path:
    return built[0]


# -- the build ----------------------------------------------------------------------------


def test_the_site_builds_strictly_without_a_warning(built: tuple[Path, str]) -> None:
    # The fixture fails on a failed build; a warning that --strict let through (or a log
    # level that hid it) would still be a broken page, so none may be printed at all.
    site, log = built
    assert "WARNING" not in log, log
    assert (site / "index.html").is_file()
    assert (site / "objects.inv").is_file()  # the reference's inventory: mkdocstrings ran


# -- pages and the nav --------------------------------------------------------------------


def nav_pages() -> list[str]:
    """Every page mkdocs.yml's nav names, in order (paths relative to docs/)."""
    found: list[str] = []

    def walk(item: Any) -> None:
        if isinstance(item, str):
            found.append(item)
        elif isinstance(item, list):
            for entry in item:
                walk(entry)
        elif isinstance(item, dict):
            for entry in item.values():
                walk(entry)

    with MKDOCS_YML.open(encoding="utf-8") as stream:
        walk(yaml_load(stream)["nav"])
    return found


def docs_pages() -> list[str]:
    """Every Markdown page under docs/ that is on the site."""
    return sorted(
        path.relative_to(DOCS).as_posix()
        for path in DOCS.rglob("*.md")
        if not path.relative_to(DOCS).as_posix().startswith(EXCLUDED)
    )


def nav_advice(page: str) -> str:
    """What to add to mkdocs.yml for a page the nav lacks."""
    folder = page.rsplit("/", 1)[0] if "/" in page else ""
    section = NAV_SECTIONS.get(folder.split("/")[0], "the section it belongs to")
    title = (DOCS / page).read_text(encoding="utf-8")
    heading = re.search(r"^# (.+)$", title, re.MULTILINE)
    label = heading.group(1).replace("`", "") if heading else page
    if re.search(r"[:#\[\]{}&*!|>'\"%@]", label):
        label = '"' + label.replace('"', '\\"') + '"'  # YAML: a colon would end the key
    return (
        f"docs/{page} is not in the docs site's nav: add the line\n"
        f"      - {label}: {page}\n"
        f"under `  - {section}:` in mkdocs.yml's `nav:` (where it reads best), or list it in "
        "`exclude_docs` if it is not a page"
    )


def test_every_docs_page_is_in_the_nav() -> None:
    # The strict build fails on this too; this test says exactly what to add where.
    listed = set(nav_pages())
    missing = [page for page in docs_pages() if page not in listed]
    assert len(docs_pages()) >= 20  # guards against a glob that finds nothing
    assert not missing, "\n\n".join(nav_advice(page) for page in missing)


def test_the_nav_names_only_pages_that_exist_once() -> None:
    pages = nav_pages()
    assert sorted(set(pages)) == sorted(pages), "a page is in mkdocs.yml's nav twice"
    gone = [page for page in pages if not (DOCS / page).is_file()]
    assert not gone, f"mkdocs.yml's nav names pages that docs/ does not have: {gone}"


def test_every_page_is_on_the_site(site: Path) -> None:
    missing = [p for p in docs_pages() if not (site / p).with_suffix(".html").is_file()]
    assert not missing, f"pages not built: {missing}"


def test_the_reference_pages_hold_only_directives() -> None:
    # The reference is the code's own text: a page of docs/reference/ (but its index) holds a
    # title and `:::` directives with their options, no prose that could fall behind.
    for page in sorted(REFERENCE.glob("*.md")):
        if page.name == "index.md":
            continue
        lines = page.read_text(encoding="utf-8").splitlines()
        assert lines[0].startswith("# "), f"{page.name}: no title"
        prose = [
            line for line in lines[1:] if line.strip() and not line.startswith(("::: ", "    "))
        ]
        assert not prose, f"docs/reference/{page.name} has lines that are not directives: {prose}"


# -- the reference covers every public name -----------------------------------------------


class _Ids(HTMLParser):
    """The element ids and link targets of one HTML page."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(str(values["id"]))
        if tag == "a" and values.get("name"):
            self.ids.add(str(values["name"]))
        if tag in ("a", "link") and values.get("href"):
            self.links.append(str(values["href"]))


def parse(page: Path) -> _Ids:
    parser = _Ids()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


@pytest.fixture(scope="module")
def reference_ids(site: Path) -> dict[str, str]:
    """Every id of the reference's pages -> the page it is on."""
    found: dict[str, str] = {}
    for page in sorted((site / "reference").glob("*.html")):
        for anchor in parse(page).ids:
            found.setdefault(anchor, page.name)
    return found


def fixtures_of(module: str) -> list[str]:
    """The pytest fixtures a module defines (functions decorated with ``pytest.fixture``)."""
    spec = importlib.util.find_spec(module)
    assert spec is not None
    assert spec.origin is not None
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    names = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            for decorator in node.decorator_list:
                target = decorator.func if isinstance(decorator, ast.Call) else decorator
                if ast.unparse(target) in ("pytest.fixture", "fixture"):
                    names.append(node.name)
    return names


def expected_entries() -> dict[str, str]:
    """Every name the reference must have -> the page of docs/reference/ it belongs on."""
    entries = {f"openwhist.{name}": "the page of its subject" for name in openwhist.__all__}
    for hook in hookspecs.RULE_HOOKS:
        entries[f"openwhist.game.hookspecs.RuleSpecs.{hook}"] = "hookspecs.md"
    for hook in plugins.DISCOVERY_HOOKS:
        entries[f"openwhist.plugins.DiscoverySpecs.{hook}"] = "hookspecs.md"
    for module, page in TOOLKITS.items():
        for name in importlib.import_module(module).__all__:
            entries[f"{module}.{name}"] = page
    for fixture in fixtures_of("openwhist.testing.pytest_plugin"):
        entries[f"openwhist.testing.pytest_plugin.{fixture}"] = "testing.md"
    return entries


def test_the_expected_names_are_not_vacuous() -> None:
    entries = expected_entries()
    assert "openwhist.CardSet" in entries
    assert "openwhist.game.hookspecs.RuleSpecs.whist_legal_plays" in entries
    assert "openwhist.plugins.DiscoverySpecs.whist_register_variants" in entries
    assert "openwhist.solver.Solver" in entries
    assert "openwhist.testing.check_conformance" in entries
    assert "openwhist.testing.pytest_plugin.whist_conformance" in entries


def test_every_public_name_has_an_entry_in_the_reference(reference_ids: dict[str, str]) -> None:
    missing = {name: page for name, page in expected_entries().items() if name not in reference_ids}
    advice = []
    for name, page in sorted(missing.items()):
        module = name.rpartition(".")[0]
        if name.startswith("openwhist.") and module == "openwhist":
            advice.append(
                f"{name}: add the line `::: {name}` to the page of its subject in "
                "docs/reference/ (cards, state, variants, scoring, presentation, messages, "
                "bots or errors .md)"
            )
        elif page == "hookspecs.md":
            advice.append(f"{name}: docs/reference/hookspecs.md must render `::: {module}`")
        else:
            advice.append(
                f"{name}: docs/reference/{page} must render `::: {module}` (with "
                "`filters: public`, which shows the module's `__all__`)"
            )
    assert not missing, "names without an entry in the API reference:\n" + "\n".join(advice)


# -- links and anchors --------------------------------------------------------------------


def test_every_link_of_the_site_resolves(site: Path) -> None:
    pages = {page: parse(page) for page in site.rglob("*.html")}
    broken = []
    for page, parsed in pages.items():
        for href in parsed.links:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc:
                continue  # other sites (the theme's fonts, mkdocstrings' home page)
            where = page.relative_to(site).as_posix()
            base = page.parent
            if parts.path.startswith("/"):
                # Only the error page, served at any path, links from the site's root.
                if where != "404.html":
                    broken.append(f"{where}: {href} is an absolute link")
                    continue
                base = site
            target = (base / unquote(parts.path).lstrip("/")).resolve() if parts.path else page
            if not target.is_relative_to(site.resolve()):
                broken.append(f"{where}: {href} leaves the site")
            elif not target.exists():
                broken.append(f"{where}: {href}: no such file on the site")
            elif parts.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else parse(target).ids
                if unquote(parts.fragment) not in ids:
                    broken.append(f"{where}: {href}: no element #{parts.fragment}")
    assert len(pages) >= 30
    assert not broken, "broken links on the site:\n" + "\n".join(sorted(set(broken)))


FENCE = re.compile(r"^(```+|~~~+).*?^\1[ \t]*$", re.MULTILINE | re.DOTALL)
HEADING = re.compile(r"^#{1,6} (.+?)[ \t#]*$", re.MULTILINE)


def test_anchors_are_githubs(site: Path) -> None:
    # Every heading of every page has, on the site, the anchor GitHub gives it, so a link
    # written against a repository browser works on the site and the other way round.
    checked = 0
    wrong = []
    for page in docs_pages():
        if page.startswith("reference/"):
            continue  # directives: their headings are the code's names
        text = FENCE.sub("", (DOCS / page).read_text(encoding="utf-8"))
        ids = parse((site / page).with_suffix(".html")).ids
        for heading in HEADING.findall(text):
            checked += 1
            slug = mkdocs_hooks.github_slug(heading)
            if slug not in ids:
                wrong.append(f"{page}: heading {heading!r} has no anchor #{slug}")
    assert checked > 300
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize(
    ("heading", "slug"),
    [
        ("The `whist` command", "the-whist-command"),
        ("3.2 Misère and *open* misère", "32-misère-and-open-misère"),
        ("`whist_legal_plays`", "whist_legal_plays"),
        (
            "(ab) Docs site: mkdocs strict, GitHub's anchors",
            "ab-docs-site-mkdocs-strict-githubs-anchors",
        ),
        ("A -- B", "a----b"),
    ],
)
def test_the_github_slug(heading: str, slug: str) -> None:
    assert mkdocs_hooks.github_slug(heading) == slug


# -- the check can fail -------------------------------------------------------------------


PLANTED = """
# Planted mistakes

[a page that does not exist](no-such-page.md)

[an anchor that does not exist](cli.md#no-such-heading)

[an absolute link](/cli.md)

[a name the reference does not have][openwhist.NoSuchName]

[a repository file that does not exist](../core/openwhist/no_such_module.py)

[a heading the README does not have](../README.md#no-such-readme-heading)

## Twice

## Twice

[the second heading, as GitHub names it](#twice-1)

[a repository file that exists](../core/openwhist/plugins.py)
"""


def planted_copy(root: Path) -> Path:
    """A copy of the repository's docs and mkdocs.yml under ``root`` (the rest linked), with
    mistakes planted; returns the copy's mkdocs.yml."""
    root.mkdir()
    for entry in ROOT.iterdir():
        if entry.name in ("docs", "mkdocs.yml", "site") or entry.name.startswith("."):
            continue
        (root / entry.name).symlink_to(entry)
    shutil.copytree(DOCS, root / "docs")
    shutil.copy(MKDOCS_YML, root / "mkdocs.yml")
    config = root / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    # The planted page is in the nav; an orphan page is not.
    text = text.replace("  - Home: index.md\n", "  - Home: index.md\n  - Planted: planted.md\n")
    assert "planted.md" in text
    config.write_text(text, encoding="utf-8")
    (root / "docs" / "planted.md").write_text(PLANTED, encoding="utf-8")
    (root / "docs" / "orphan.md").write_text("# Not in the nav\n", encoding="utf-8")
    return config


def test_a_copy_with_planted_mistakes_fails_the_strict_build(tmp_path: Path) -> None:
    config = planted_copy(tmp_path / "repo")
    result = build(config, tmp_path / "site")
    log = result.stdout + result.stderr
    assert result.returncode != 0, f"the strict build passed a copy with planted mistakes:\n{log}"
    warnings = [line for line in log.splitlines() if line.startswith("WARNING")]
    expected = {
        "a missing page": "no-such-page.md",
        "a missing anchor": "#no-such-heading",
        "an absolute link": "'/cli.md'",
        "a bad cross-reference": "openwhist.NoSuchName",
        "a missing repository file": "no_such_module.py",
        "a missing heading of a repository file": "#no-such-readme-heading",
        "a page outside the nav": 'not included in the "nav"',
    }
    for mistake, mark in expected.items():
        assert any(mark in line for line in warnings), f"{mistake} was not reported:\n{log}"
    assert "  - orphan.md" in log, log  # the page outside the nav is named
    # GitHub's suffix for a repeated heading, and a repository file that exists, are fine.
    assert not [w for w in warnings if "twice-1" in w or "plugins.py" in w], log
    assert len(warnings) == len(expected), log


def test_ci_builds_the_site_strictly_and_never_quietly() -> None:
    # `mkdocs build --quiet --strict` exits 0 on the planted copy above (mkdocs 1.6's quiet
    # logger drops the warnings strict counts), so .ci/run must build without it.
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    steps = re.findall(r"^.*\bmkdocs build\b.*(?:\\\n.*)*$", script, re.MULTILINE)
    assert steps, ".ci/run does not build the docs site"
    for step in steps:
        assert "--strict" in step, step
        assert not re.search(r"\s(--quiet|-q)\b", step), step
