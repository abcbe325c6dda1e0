"""Every hook has a test named after it (datasette's ``test_plugin_hooks_have_tests``).

A hook added to `openwhist.game.hookspecs` (rule hooks) or `openwhist.plugins`
(discovery hooks) without a ``test_hook_<name>...`` test function
somewhere under ``tests/`` or ``plugins/*/tests`` fails here.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from openwhist.game.hookspecs import RULE_HOOKS
from openwhist.plugins import DISCOVERY_HOOKS

ROOT = Path(__file__).resolve().parents[2]


def hook_test_names() -> set[str]:
    names: set[str] = set()
    files = [*ROOT.glob("tests/**/test_*.py"), *ROOT.glob("plugins/*/tests/**/test_*.py")]
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
                "test_hook_"
            ):
                names.add(node.name)
    return names


TESTED = hook_test_names()


def test_the_hook_lists_are_complete() -> None:
    assert len(RULE_HOOKS) >= 15
    assert "whist_trick_winner" in RULE_HOOKS
    assert "whist_register_variants" in DISCOVERY_HOOKS


@pytest.mark.parametrize("hook", sorted(RULE_HOOKS + DISCOVERY_HOOKS))
def test_every_hook_has_a_test(hook: str) -> None:
    prefix = f"test_hook_{hook}"
    matching = [n for n in TESTED if n == prefix or n.startswith(prefix + "_")]
    assert matching, f"no test function named {prefix}... under tests/ or plugins/*/tests"
