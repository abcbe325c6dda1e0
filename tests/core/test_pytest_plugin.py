"""The ``openwhist`` pytest plugin, as a plugin author uses it: in a fresh pytest run
(a subprocess in a temporary directory, so it loads through the ``pytest11`` entry point
exactly as in an author's project)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

AUTHOR_TEST = """
from openwhist.testing import ConformanceReport


def test_my_variant_conforms(whist_conformance, whist_catalog, whist_deals):
    german = whist_catalog.variant("german")
    report = whist_conformance(german, seed=1, match_formats=False)
    assert isinstance(report, ConformanceReport)
    assert report.deals == whist_deals
    print("DEALS", report.deals)
    # By default the fixture also plays whole matches of every finite match format
    # (best of 3, best of 5, to a target): more deals, more matches.
    full = whist_conformance(german, seed=1)
    assert full.deals > report.deals
    assert full.matches > report.matches
"""


def run_pytest(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "test_author.py").write_text(AUTHOR_TEST, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider", *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_whist_deals_option_reaches_the_conformance_fixture(tmp_path: Path) -> None:
    result = run_pytest(tmp_path, "--whist-deals", "3")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "DEALS 3" in result.stdout
    assert "1 passed" in result.stdout


def test_the_ini_value_sets_the_default(tmp_path: Path) -> None:
    (tmp_path / "pytest.ini").write_text("[pytest]\nwhist_deals = 2\n", encoding="utf-8")
    result = run_pytest(tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "DEALS 2" in result.stdout


def test_a_bad_deal_count_is_a_usage_error(tmp_path: Path) -> None:
    result = run_pytest(tmp_path, "--whist-deals", "0")
    assert result.returncode == 4  # pytest's usage-error exit code: no test ran
    assert "--whist-deals must be at least 1" in result.stdout + result.stderr
