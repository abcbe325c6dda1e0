"""The documentation cannot fall behind the code.

* docs/plugins/hooks.md documents every hook of ``openwhist.game.hookspecs`` with its exact
  signature, and nothing that is not a hook (datasette's ``test_docs`` in spirit: the
  signatures come from ``inspect``, not from a copy in this file);
* every relative link of README.md and of the pages under docs/ leads to a file that exists,
  and a ``#fragment`` to a heading of that page;
* the plugin author guide shows every file of the example plugin, exactly as it is in
  docs/plugins/example/ (which tests/test_example_plugin.py installs and runs).
"""

from __future__ import annotations

import inspect
import re
import tomllib
from pathlib import Path

import pytest
from openwhist import plugins
from openwhist.game import hookspecs

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
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    return {slug(h) for h in re.findall(r"^#+ (.+)$", text, re.MULTILINE)}


def relative_links(page: Path) -> list[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    return [
        target
        for target in LINK.findall(text)
        if not re.match(r"^[a-z][a-z0-9+.-]*:", target)  # http:, https:, mailto:
    ]


def test_the_readme_links_into_the_docs() -> None:
    links = relative_links(ROOT / "README.md")
    for page in ("docs/architecture.md", "docs/plugins/writing-a-variant.md"):
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
