"""Real-browser tests: Playwright driving Debian's Chromium at /usr/bin/chromium.

Every test under tests/browser is marked ``browser``; run only them with
``pytest -m browser``, or leave them out with ``pytest -m "not browser"``.
Without Chromium they are skipped, unless CI_REQUIRE_BROWSER=1 (set by
.ci/run), in which case they fail. Never run ``playwright install``.
"""

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in this thread; Django would then
# refuse database access from it. Safe here: tests are single-threaded.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VIEWPORT = {"width": 390, "height": 844}  # a common phone
SCREENSHOTS = Path(__file__).parent / "screenshots"
MISSING = f"Chromium not found at {CHROMIUM}: apt-get install chromium"
HERE = Path(__file__).parent


def _browser_required() -> bool:
    return os.environ.get("CI_REQUIRE_BROWSER", "") == "1"


def pytest_collection_modifyitems(config, items):
    for item in items:
        if HERE not in item.path.parents:
            continue
        item.add_marker(pytest.mark.browser)
        if not CHROMIUM.exists() and not _browser_required():
            item.add_marker(pytest.mark.skip(reason=MISSING))


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        pytest.fail(f"{MISSING} (CI_REQUIRE_BROWSER=1)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


@pytest.fixture
def page(browser, live_server) -> Iterator:
    """A fresh phone-sized page whose relative URLs go to the live server."""
    context = browser.new_context(viewport=VIEWPORT, base_url=live_server.url)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def pushed(settings) -> Iterator[str]:
    """The events server (companion.events, a process of its own), named by
    the app's pages (another origin here, as in the load bench; behind a
    proxy in production it is the same); its origin."""
    from tests.servers import events_server

    with events_server() as port:
        origin = f"http://127.0.0.1:{port}"
        settings.IMP_EVENTS_URL = f"{origin}/events/"
        settings.SECURE_CSP = {**settings.SECURE_CSP, "connect-src": ["'self'", origin]}
        yield origin


@pytest.fixture
def screenshot_dir() -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS
