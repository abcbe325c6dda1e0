"""axe-core in a real browser: the accessibility check of the web pages' tests.

axe-core (Deque, MPL-2.0) is vendored in ``tests/a11y/axe-core/``: ``axe.min.js`` as the
npm registry publishes it, its licences, and ``PROVENANCE`` (version, the registry's
integrity hash, the file's SHA-256). `axe_source` refuses a file whose SHA-256 is not the
pinned one, so a hand-edited or truncated engine never passes a page. Refresh it with
``bash tools/refresh_axe.sh [VERSION]`` (docs/architecture.md, decision (al)).

Use::

    violations = audit(driver)               # the page loaded in `driver`, as a visitor sees it
    assert not blocking(violations), describe(blocking(violations), page="the standings")

`audit` runs axe's WCAG 2.0/2.1 A and AA rules and its best practices over the whole
document; the pages' tests fail on any violation of impact "serious" or "critical"
(`BLOCKING`) and keep the rest in their artefacts (`save`).
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

AXE_DIR = Path(__file__).resolve().parent / "axe-core"
BLOCKING = frozenset({"serious", "critical"})
"""The impacts that fail a page."""
RULE_TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice")


def provenance() -> dict[str, str]:
    """The ``PROVENANCE`` file's fields (``version``, ``axe.min.js-sha256``, ...)."""
    fields = {}
    for line in (AXE_DIR / "PROVENANCE").read_text(encoding="utf-8").splitlines():
        key, _, value = line.partition(" ")
        fields[key] = value.strip()
    return fields


@cache
def axe_source() -> str:
    """The vendored ``axe.min.js``, checked against its pinned SHA-256.

    Raises:
        AssertionError: the file is not the one ``PROVENANCE`` pins.
    """
    data = (AXE_DIR / "axe.min.js").read_bytes()
    pinned = provenance()["axe.min.js-sha256"]
    found = hashlib.sha256(data).hexdigest()
    assert found == pinned, (
        f"tests/a11y/axe-core/axe.min.js has SHA-256 {found}, PROVENANCE pins {pinned}: "
        "restore it, or refresh both with bash tools/refresh_axe.sh"
    )
    return data.decode("utf-8")


_RUN = """
const done = arguments[arguments.length - 1];
window.axe
  .run(document, {runOnly: {type: "tag", values: arguments[0]}, resultTypes: ["violations"]})
  .then((results) => done({violations: results.violations, version: results.testEngine.version}))
  .catch((error) => done({error: String(error)}));
"""


def audit(driver: Any, *, tags: tuple[str, ...] = RULE_TAGS) -> list[dict[str, Any]]:
    """axe's violations on the page loaded in ``driver`` (a Selenium WebDriver), each as
    axe reports it: ``id``, ``impact``, ``help``, ``helpUrl``, ``nodes`` (``target``,
    ``html``, ``failureSummary``). The engine is injected into the page first when it is
    not there yet (injection through the driver, so the pages' content security policy,
    which allows no script from elsewhere, does not have to make room for it).

    Raises:
        AssertionError: axe itself failed on the page.
    """
    if not driver.execute_script("return typeof window.axe === 'object'"):
        driver.execute_script(axe_source())
    driver.set_script_timeout(60)
    answer = driver.execute_async_script(_RUN, list(tags))
    assert "error" not in answer, f"axe-core failed on {driver.current_url}: {answer['error']}"
    violations: list[dict[str, Any]] = answer["violations"]
    return violations


def blocking(violations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The violations that fail a page (impact "serious" or "critical")."""
    return [v for v in violations if v.get("impact") in BLOCKING]


def describe(violations: list[dict[str, Any]], *, page: str = "the page") -> str:
    """The violations as a reader fixes them: rule, impact, what is wrong, where (each
    element's CSS path and markup), and axe's advice."""
    if not violations:
        return f"{page}: no accessibility violations"
    lines = [f"{page}: {len(violations)} accessibility violation(s) (axe-core):"]
    for violation in violations:
        lines.append(
            f"- [{violation.get('impact')}] {violation['id']}: {violation['help']} "
            f"({violation['helpUrl']})"
        )
        for node in violation["nodes"][:8]:
            target = " ".join(str(t) for t in node.get("target", []))
            lines.append(f"    at {target}: {node.get('html', '')[:160]}")
            summary = " ".join(str(node.get("failureSummary", "")).split())
            if summary:
                lines.append(f"       {summary[:300]}")
        if len(violation["nodes"]) > 8:
            lines.append(f"    ... and {len(violation['nodes']) - 8} more elements")
    return "\n".join(lines)


def save(violations: list[dict[str, Any]], path: Path) -> None:
    """Keep every violation (whatever its impact) as JSON, for the artefacts."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(violations, indent=2, ensure_ascii=False), encoding="utf-8")


__all__ = ["AXE_DIR", "BLOCKING", "audit", "axe_source", "blocking", "describe", "provenance"]
