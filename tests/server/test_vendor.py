"""The vendored charting library is exactly the version tools/vendor.sh pins: a file edited
by hand, or left behind by a version change, fails here (docs/architecture.md, (an))."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tools" / "vendor.sh"
VENDOR = ROOT / "server" / "openwhist_server" / "static" / "vendor" / "chart.js"


def _pin(name: str) -> str:
    found = re.search(rf"^{name}=(\S+)$", SCRIPT.read_text(encoding="utf-8"), re.MULTILINE)
    assert found, f"tools/vendor.sh pins no {name}"
    return found.group(1)


def test_the_committed_chart_js_is_the_pinned_build() -> None:
    data = (VENDOR / "chart.umd.min.js").read_bytes()
    assert hashlib.sha256(data).hexdigest() == _pin("CHART_JS_SHA256")
    # The build's own banner names the pinned version and its licence.
    assert f"Chart.js v{_pin('CHART_JS_VERSION')}".encode() in data[:200]
    assert b"Released under the MIT License" in data[:200]


def test_its_licence_ships_beside_it() -> None:
    licence = (VENDOR / "LICENSE.md").read_text(encoding="utf-8")
    assert licence.startswith("The MIT License (MIT)")
    assert "Chart.js Contributors" in licence


def test_the_pin_is_a_registry_integrity() -> None:
    # npm's dist.integrity: SRI form of the tarball's SHA-512 (88 base64 characters).
    assert re.fullmatch(r"sha512-[A-Za-z0-9+/]{86}==", _pin("CHART_JS_INTEGRITY"))
