"""Installable, and opens offline: Chromium finds the app installable (its
manifest and an active service worker), and a game page reloaded without a
connection shows its last state, marked as not live."""

from __future__ import annotations

import pytest

from companion.transfer import import_record
from tests.browser.conftest import CHROMIUM
from tests.companion.test_play_again import FINISHED
from tests.factories import GameFactory

pytestmark = pytest.mark.django_db(transaction=True)

ACTIVE = """async () => {
  const worker = (await navigator.serviceWorker.ready).active;
  if (worker.state !== "activated") {
    await new Promise((done) => worker.addEventListener("statechange", () => {
      if (worker.state === "activated") done();
    }));
  }
  return worker.state;
}"""


@pytest.fixture
def profile_page(browser, chromium_args, live_server, tmp_path):
    """A page of a browser with a profile of its own: Chromium never offers
    to install an app in an incognito context (every context of `browser`)."""
    context = browser.browser_type.launch_persistent_context(
        tmp_path / "profile",
        executable_path=str(CHROMIUM),
        args=chromium_args,
        viewport={"width": 360, "height": 780},
        base_url=live_server.url,
    )
    yield context.pages[0] if context.pages else context.new_page()
    context.close()


def test_installable_and_the_last_state_offline(profile_page, screenshot_dir):
    page = profile_page
    game = GameFactory(players=["Ann", "Ben", "Cleo"], first_round__tricks=[["24", "15", "17"]])
    page.goto(f"/g/{game.view_token}/")
    assert page.evaluate(ACTIVE) == "activated"
    page.reload()  # now the worker controls the page, and keeps a copy of it
    assert page.evaluate("navigator.serviceWorker.controller !== null")

    session = page.context.new_cdp_session(page)
    errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == []
    manifest = session.send("Page.getAppManifest")
    assert manifest["url"].endswith("/manifest.webmanifest") and not manifest["errors"]

    page.context.set_offline(True)
    try:
        page.reload()
        note = page.locator("#not-live")
        assert note.inner_text().startswith("Not live: no connection.")
        assert "Ann, Ben, Cleo" in page.locator("main").inner_text()
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") != ""  # styled
        page.screenshot(path=screenshot_dir / "offline-360.png")
    finally:
        page.context.set_offline(False)


def test_a_finished_game_opens_offline_too(page):
    game = import_record(FINISHED)
    page.goto(f"/g/{game.edit_token}/")
    page.evaluate(ACTIVE)
    page.reload()

    page.context.set_offline(True)
    try:
        page.reload()
        assert page.locator("h1").first.inner_text() == "Adam wins!"
        assert page.locator("#not-live").is_visible()
    finally:
        page.context.set_offline(False)
