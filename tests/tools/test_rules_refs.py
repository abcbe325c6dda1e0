"""tools/rules_refs.py: references to the old rules and design files point inside the repo.

What a reader of the code or the docs notices: a reference names the page and the section
that hold the rule (the old numbers kept), the rewrite never touches code, and running it
twice changes nothing.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.script_support import load_script

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tools" / "rules_refs.py"


rr: Any = load_script(SCRIPT)


def rewrite(text: str, where: str = "core/openwhist/game/example.py") -> str:
    return str(rr.rewrite_text(text, where))


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("(RULES.md §1.6)", "(docs/variants/german.md §1.6)"),
        ("RULES.md §0.3.6: legal", "docs/variants/core.md §0.3.6: legal"),
        ("(RULES §4.3.3)", "(docs/variants/israeli.md §4.3.3)"),
        ("RULES.md §3: game to 7", "docs/variants/american.md §3: game to 7"),
        ("RULES.md §5.1", "docs/variants/candidates.md §5.1"),
        ("RULES.md §6", "docs/variants/core.md §6"),
        ("RULES.md §7", "docs/variants/decisions.md §7"),
        # A chain names the page once per run of sections on it.
        ("(RULES.md §1.2, §1.8, §1.9)", "(docs/variants/german.md §1.2, §1.8, §1.9)"),
        ("RULES.md §1.2–§1.7", "docs/variants/german.md §1.2–§1.7"),
        (
            "RULES.md §2.5, §2.6, §3",
            "docs/variants/english.md §2.5, §2.6, docs/variants/american.md §3",
        ),
        ('(RULES.md "Decisions", 2026-12-01)', "(docs/variants/decisions.md §7.0, 2026-12-01)"),
        ('RULES "Decisions": all26', "docs/variants/decisions.md §7.0: all26"),
        ("(RULES.md C-G1)", "(docs/variants/decisions.md C-G1)"),
        ("(RULES C-I8)", "(docs/variants/decisions.md C-I8)"),
        ("re-derived from RULES.md.", "re-derived from docs/variants/."),
        ('(DESIGN.md "Quality bar")', '(docs/architecture.md#quality-bar "Quality bar")'),
        ("the design (DESIGN.md)", "the design (docs/architecture.md)"),
    ],
)
def test_a_reference_names_the_page_and_section_that_hold_the_rule(before: str, after: str) -> None:
    assert rewrite(before) == after


def test_a_bare_reference_in_a_plugin_means_that_plugin_s_page() -> None:
    assert rewrite("the defaults of RULES.md", "plugins/israeli/src/x.py") == (
        "the defaults of docs/variants/israeli.md"
    )
    assert rewrite("RULES.md marks them", "plugins/german/tests/t.py") == (
        "docs/variants/german.md marks them"
    )


def test_python_names_and_other_sections_are_left_alone() -> None:
    code = 'RULES = EnglishRules()\nrules=RULES,\n# notes/ecosystem.md §3, cli.md "Exit codes"\n'
    assert rewrite(code) == code


def test_the_rewrite_is_idempotent_and_leaves_nothing_to_report() -> None:
    text = 'x = 1  # RULES.md §2.6 item 2\n"""RULES.md "Decisions" and DESIGN.md "Loading"."""\n'
    once = rewrite(text)
    assert rewrite(once) == once
    assert not rr.LEFT.search(once)


def test_a_kept_line_is_neither_rewritten_nor_reported(tmp_path: Path) -> None:
    line = "the old file (`RULES.md §1.6`) <!-- rules_refs: keep -->\n"
    assert rewrite(line, "docs/architecture.md") == line


def test_markdown_under_docs_gets_relative_links_to_the_stable_anchors() -> None:
    assert rewrite("(RULES.md §1.6)", "docs/bots.md") == (
        "([german.md §1.6](variants/german.md#s1.6))"
    )
    assert rewrite("RULES.md §0.3.4", "docs/plugins/hooks.md") == (
        "[core.md §0.3.4](../variants/core.md#s0.3)"
    )
    assert rewrite("see RULES.md C-G1", "docs/variants/german.md") == (
        "see [decisions.md C-G1](decisions.md#c-g1)"
    )


def test_a_long_comment_is_rewrapped_without_changing_the_code() -> None:
    before = (
        "def f() -> int:\n"
        '    """Score the deal in the order of RULES.md §2.6: revoke penalties, tricks, honours,\n'
        "    and stop at game."
        '"""\n'
        "    # RULES.md §2.3: one at a time clockwise from eldest hand; the dealer's last card\n"
        "    # (the 52nd) is turned up and fixes trump; eldest hand leads.\n"
        '    return len("RULES.md §1")  # a string is code: never rewrapped\n'
    )
    after = rr.wrap_long_lines(before, rewrite(before))
    assert all(len(line) <= rr.LINE_LENGTH for line in after.splitlines())
    assert "# docs/variants/english.md §2.3: one at a time" in after
    assert "# card (the 52nd) is turned up" in after  # carried into the next comment line
    assert after.count("\n") == before.count("\n")  # no ragged extra lines here

    def code(source: str) -> str:
        tree = ast.parse(source)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef):
                node.body = node.body[1:]  # the docstring's words may move, nothing else
        return ast.dump(tree)

    assert code(after) == code(rewrite(before))


def test_a_section_is_never_split_from_its_page() -> None:
    body = "    # " + "x" * 80 + " docs/variants/german.md §1.6 and more words here"
    cut = rr._cut(body, 6, rr.LINE_LENGTH)
    assert body[cut + 1] != "§"


def test_every_page_of_the_mapping_exists() -> None:
    for page in set(rr.PAGE_BY_SECTION.values()) | {rr.CONFLICTS_PAGE}:
        assert (ROOT / rr.VARIANTS / page).is_file(), page


def test_the_whole_repository_rewrites_cleanly(tmp_path: Path) -> None:
    """What the coordinator's run will do, in memory: every file rewritten twice is stable,
    nothing is left to report, and every Python file still parses to the same code."""
    for path in rr.files([ROOT]):
        relative = path.relative_to(ROOT).as_posix()
        if relative.startswith(rr.SELF):
            continue
        before = path.read_text(encoding="utf-8")
        after = rr.rewrite_text(before, relative)
        if path.suffix in (".py", ".md"):
            after = rr.wrap_long_lines(before, after, markdown=path.suffix == ".md")
        assert rr.rewrite_text(after, relative) == after, relative
        left = [line for line in after.splitlines() if rr.LEFT.search(line) and rr.KEEP not in line]
        assert not left, f"{relative}: {left}"
        if path.suffix == ".py" and after != before:
            assert _without_docstrings(after) == _without_docstrings(before), relative
            longer = [
                line
                for line in after.splitlines()
                if len(line) > rr.LINE_LENGTH and line not in before.splitlines()
            ]
            assert not longer, f"{relative}: lines over {rr.LINE_LENGTH}: {longer}"


def _without_docstrings(source: str) -> str:
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                body[0].value.value = ""
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            node.value.value = ""
    return ast.dump(tree)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, check=False
    )


def test_check_lists_what_is_left_and_says_so_by_its_exit_code(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / "docs").mkdir(parents=True)
    stale = repo / "docs" / "notes.md"
    stale.write_text("See RULES.md §1.6.\n", encoding="utf-8")
    found = run("--root", str(repo), "--check")
    assert found.returncode == 1
    assert "docs/notes.md:1: See RULES.md §1.6." in found.stdout
    fixed = run("--root", str(repo))
    assert fixed.returncode == 0
    assert stale.read_text(encoding="utf-8") == "See [german.md §1.6](variants/german.md#s1.6).\n"
    assert run("--root", str(repo), "--check").returncode == 0
    assert run("--root", str(repo)).stdout == ""  # idempotent: nothing rewritten again
    bad = run("--root", str(repo), "--check", str(tmp_path / "nowhere"))
    assert bad.returncode == 2
    assert "not a path inside" in bad.stderr
