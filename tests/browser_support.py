"""Headless Chromium for the browser tests (Debian's ``/usr/bin/chromium`` and
``/usr/bin/chromedriver`` through Selenium): the browser table's
(tests/server/test_browser.py, tests/server/test_done_when.py) and the club pages'
(tests/server/club/), and where their artefacts go.

Without Chromium the tests skip -- except under ``CI`` (``bash .ci/run`` sets it and
installs ``chromium`` and ``chromium-driver``), where they fail: a CI run that never
opened a browser must not look green.

Artefacts (screenshots, axe reports) go to ``$OPENWHIST_ARTIFACTS/<area>/``, by default
``test-artifacts/<area>/`` in the checkout (ignored by git; docs/club.md, "Tests"): the
club's to ``club/``, the browser table's to ``browser/`` and ``done-when/``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.remote.webdriver import WebDriver

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
PHONE = (390, 844)
"""A phone's viewport (CSS pixels): the club's pages are read on phones first."""


def artifacts(area: str = "club") -> Path:
    """The directory this run's artefacts of ``area`` go to (created)."""
    root = os.environ.get("OPENWHIST_ARTIFACTS") or str(
        Path(__file__).resolve().parents[1] / "test-artifacts"
    )
    path = Path(root) / area
    path.mkdir(parents=True, exist_ok=True)
    return path


def require_chromium() -> None:
    """Skip (fail under ``CI``) when Chromium or its driver is missing."""
    missing = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.exists()]
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"CI is set but {', '.join(missing)} is missing: the browser test must run")
        pytest.skip(
            f"the browser test needs {', '.join(missing)} (apt install chromium chromium-driver)"
        )


@contextmanager
def chromium(size: tuple[int, int] = PHONE, *, lang: str = "en") -> Iterator[webdriver.Chrome]:
    """One headless Chromium window of ``size``, its browser language ``lang``; quit at
    the end."""
    require_chromium()
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in (
        "--headless=new",
        "--no-sandbox",  # CI runs as root
        "--disable-dev-shm-usage",
        "--disable-gpu",
        f"--window-size={size[0]},{size[1]}",
        f"--lang={lang}",
    ):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": lang})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    driver.set_window_size(*size)
    driver.set_page_load_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()


def screenshot(driver: WebDriver, name: str, *, area: str = "club", whole: bool = True) -> Path:
    """Save the page as ``<artefacts of area>/<name>.png``; ``whole``: the whole page's
    height from its top, not only the window's (the window is put back afterwards)."""
    path = artifacts(area) / f"{name}.png"
    size = driver.get_window_size()
    if whole:
        height = int(driver.execute_script("return document.documentElement.scrollHeight"))
        driver.set_window_size(size["width"], min(max(height, size["height"]), 8000))
        driver.execute_script("window.scrollTo(0, 0)")
    try:
        driver.save_screenshot(str(path))
    finally:
        if whole:
            driver.set_window_size(size["width"], size["height"])
    return path


def console_errors(driver: WebDriver) -> list[str]:
    """The browser console's errors since the last call (a page's script that failed)."""
    entries: list[dict[str, Any]] = driver.get_log("browser")  # type: ignore[attr-defined]
    return [e["message"] for e in entries if e.get("level") == "SEVERE"]


__all__ = ["PHONE", "artifacts", "chromium", "console_errors", "require_chromium", "screenshot"]
