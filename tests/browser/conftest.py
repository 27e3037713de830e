"""A real Chromium (Debian's, driven by Playwright) against Django's live server.

Without /usr/bin/chromium the tests are skipped, except under CI=true, where a missing
browser fails the run: CI installs it (.ci/run) and must not pass by skipping.
"""

import os
from pathlib import Path

import pytest

CHROMIUM = Path(os.environ.get("AIMP_CHROMIUM", "/usr/bin/chromium"))
SCREENSHOTS = Path(__file__).parent / "screenshots"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
DESKTOP = {"width": 1400, "height": 900}
PHONE = {"width": 390, "height": 844}


def _missing(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(
            f"CI=true but {reason}: install it (apt-get install -y chromium)", pytrace=False
        )
    pytest.skip(f"browser tests need a real Chromium: {reason}")


@pytest.fixture(scope="session")
def chromium():
    """One headless Chromium for the session."""
    if not CHROMIUM.exists():
        _missing(f"{CHROMIUM} is absent")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("the playwright package is not installed (pip install -e '.[dev]')")
    # Playwright's sync API runs an event loop in this thread; Django's ORM refuses to be
    # called from a thread with a running loop unless told the calls are synchronous.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def shoot():
    """Save a full-page screenshot under tests/browser/screenshots/ (git-ignored)."""
    SCREENSHOTS.mkdir(exist_ok=True)

    def save(page, name: str) -> Path:
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return save
