"""Two phones at one table (issue 5): an editor and a viewer open the same
game; after the editor's change the viewer's screen shows it within 5 s,
without reloading (htmx polls the live standings every 2 s)."""

from __future__ import annotations

import time
import uuid

import pytest
from playwright.sync_api import expect

from companion import actions
from scoring.cards import card_code
from tests.browser.conftest import VIEWPORT
from tests.factories import GameFactory


@pytest.fixture
def viewer_page(browser, live_server):
    context = browser.new_context(viewport=VIEWPORT, base_url=live_server.url)
    page = context.new_page()
    yield page
    context.close()


def play(game, card: str) -> None:
    game.refresh_from_db()
    actions.play_card(game, actions.Stamp(game.version, uuid.uuid4().hex), card_code(card))


def test_viewer_sees_the_editors_change_within_5_seconds(page, viewer_page, screenshot_dir):
    game = GameFactory()
    page.goto(f"/g/{game.edit_token}/")
    viewer_page.goto(f"/g/{game.view_token}/")
    expect(viewer_page.locator("#game")).to_contain_text("0 of 11 tricks")
    expect(viewer_page.locator("#game")).to_contain_text("view only")

    play(game, "24")
    play(game, "15")
    play(game, "17")
    changed = time.monotonic()

    for screen in (viewer_page, page):
        expect(screen.locator("#game")).to_contain_text("price 17, owned by Adam", timeout=10000)
        expect(screen.locator("#game")).to_contain_text("1 of 11 tricks", timeout=10000)
    assert time.monotonic() - changed < 5
    # The page was updated in place, not reloaded: the viewer is still on the view link.
    assert viewer_page.url.endswith(f"/g/{game.view_token}/")
    viewer_page.screenshot(path=screenshot_dir / "live-viewer.png", full_page=True)


def test_an_unchanged_game_leaves_the_standings_as_they_are(viewer_page):
    """The poll of a game nobody changed swaps nothing in: the 304 reaches
    htmx (the page asks with the game's ETag itself), where the browser's
    own revalidation would hand it the same page as a 200, swapped in every
    2 s (focus and an open disclosure lost each time). A change still is."""
    game = GameFactory()
    polls: list[int] = []
    viewer_page.on("response", lambda r: "/live/" in r.url and polls.append(r.status))
    viewer_page.goto(f"/g/{game.view_token}/")
    viewer_page.evaluate(
        "window.swaps = 0; document.body.addEventListener('htmx:afterSwap', () => window.swaps++)"
    )
    deadline = time.monotonic() + 10
    while len(polls) < 3 and time.monotonic() < deadline:
        viewer_page.wait_for_timeout(200)
    assert polls[:3] == [304, 304, 304]
    assert viewer_page.evaluate("window.swaps") == 0

    for card in ("24", "15", "17"):
        play(game, card)
    expect(viewer_page.locator("#game")).to_contain_text("1 of 11 tricks", timeout=10000)
    assert viewer_page.evaluate("window.swaps") >= 1


def test_share_page_shows_a_qr_code_no_wider_than_300px(page):
    game = GameFactory()

    page.goto(f"/g/{game.edit_token}/share/?edit=1")

    boxes = [page.locator(".qr svg").nth(i).bounding_box() for i in range(2)]
    assert all(box is not None and 100 <= box["width"] <= 300 for box in boxes)
    assert page.locator("#view-url").input_value().endswith(f"/g/{game.view_token}/")
    assert page.locator("#edit-url").input_value().endswith(f"/g/{game.edit_token}/")
    assert page.evaluate("document.documentElement.scrollWidth") <= VIEWPORT["width"]
