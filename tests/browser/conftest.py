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
QUIET_FEATURES = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")
"""Chromium's address-bar popup, a page of its own drawn for every window,
headless too, though no test has an address bar: with it off, two files of
browser tests took 19% less CPU (110 -> 89 s) and 15% less time."""
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


def command_line(browser) -> list[str]:
    """The switches a running Chromium was started with (chrome://version)."""
    page = browser.new_page()
    try:
        page.goto("chrome://version")
        return page.locator("#command_line").inner_text().split()
    finally:
        page.close()


def disabled_features(switches: list[str]) -> list[str]:
    """The features a command line disables: Chromium reads only the last
    --disable-features."""
    switch = "--disable-features="
    lists = [given.removeprefix(switch) for given in switches if given.startswith(switch)]
    return lists[-1].split(",") if lists else []


def launch_args(playwright) -> list[str]:
    """CHROMIUM_ARGS, with QUIET_FEATURES disabled besides those Playwright
    disables itself. A --disable-features of ours replaces Playwright's (the
    last one counts), so it names Playwright's too, as read off a browser
    Playwright started."""
    plain = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    try:
        features = disabled_features(command_line(plain))
    finally:
        plain.close()
    quiet = [name for name in QUIET_FEATURES if name not in features]
    return [*CHROMIUM_ARGS, "--disable-features=" + ",".join([*features, *quiet])]


@pytest.fixture(scope="session")
def playwright():
    if not CHROMIUM.exists():
        pytest.fail(f"{MISSING} (CI_REQUIRE_BROWSER=1)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def chromium_args(playwright) -> list[str]:
    """What every browser of the tests is started with (:func:`launch_args`)."""
    return launch_args(playwright)


@pytest.fixture(scope="session")
def browser(playwright, chromium_args):
    browser = playwright.chromium.launch(
        executable_path=str(CHROMIUM), headless=True, args=chromium_args
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
