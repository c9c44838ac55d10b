"""Live for everyone: one phone enters a round's cards on the edit link
while another watches the round on the view link; each card watched (the
first trick, the next lead, the last trick) arrives on the watching phone
within 3 s, the result too, and it never shows an edit control."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.companion.tables import cards_of, game_for, simulated

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def watcher(browser, live_server):
    context = browser.new_context(viewport={"width": 360, "height": 780}, base_url=live_server.url)
    yield context.new_page()
    context.close()


def test_the_view_link_watches_the_cards_arrive(page, watcher, screenshot_dir):
    record = simulated("classic", 3, seed=7)
    game = game_for(record)
    cards = cards_of(record["rounds"][0])  # the whole round
    page.goto(f"/g/{game.edit_token}/round/")
    watcher.goto(f"/g/{game.view_token}/round/")

    # Watched card by card: the first trick and the next trick's lead, then
    # the last trick (each arrival waits for a 2 s poll, so the middle of
    # the round is entered without waiting for the watching phone).
    watched = {*range(4), *range(len(cards) - 4, len(cards) - 1)}
    for index, card in enumerate(cards[:-1]):
        page.locator(f'button[name="card"][value="{card}"]').click()
        # stored (the phone shows a tapped card at once, before it is stored)
        page.wait_for_function("() => document.getElementById('play').dataset.idle === 'yes'")
        if index not in watched:
            continue
        version = page.locator("#play").get_attribute("data-version")
        entered = time.monotonic()
        expect(watcher.locator("#play")).to_have_attribute("data-version", version, timeout=10000)
        assert time.monotonic() - entered <= 3.0
        expect(watcher.locator("h2.asks")).to_have_text(page.locator("h2.asks").inner_text())
        assert watcher.locator("#round form, #round button").count() == 0

    page.locator(f'button[name="card"][value="{cards[-1]}"]').click()
    result = page.locator("#result-title")
    expect(result).to_have_text("Round 1: the result")
    entered = time.monotonic()
    expect(watcher.locator("#result-title")).to_have_text("Round 1: the result", timeout=10000)
    assert time.monotonic() - entered <= 3.0
    assert watcher.locator("#round form, #round button").count() == 0
    assert watcher.url.endswith(f"/g/{game.view_token}/round/")  # updated in place
    watcher.screenshot(path=screenshot_dir / "live-round-viewer.png", full_page=True)
