"""Lopaka's hand is entered first, in one grid, before any trick (issue 11):
in real Chromium at 360×780 and 412×915, the play shows the hand's grid in
place of the card picker, its count follows the taps, a wrong count is
refused beside Save in the engine's words with the taps kept, and once
saved the round asks for the first card — every tap on screen without
scrolling."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_accessibility import AXE, run_axe
from tests.factories import LopakaGameFactory

PHONES = [{"width": 360, "height": 780}, {"width": 412, "height": 915}]
LOPAKA_HAND = ["1", "2", "3", "5", "7", "9", "12", "17", "18", "32", "36"]


def in_view(page, selector: str) -> bool:
    """Whether the (first) element's whole box lies inside the viewport."""
    return page.evaluate(
        """selector => {
             const box = document.querySelector(selector).getBoundingClientRect();
             return box.top >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
           }""",
        selector,
    )


def all_in_view(page, selector: str) -> bool:
    return page.evaluate(
        """selector => Array.from(document.querySelectorAll(selector)).every(el => {
             const box = el.getBoundingClientRect();
             return box.top >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
           })""",
        selector,
    )


def tap(page, card: str) -> None:
    page.locator(f'#lopaka-first label.pick:has(input[value="{card}"])').click()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("phone", PHONES, ids=lambda phone: f"{phone['width']}x{phone['height']}")
def test_lopaka_s_hand_first_in_one_grid(browser, live_server, screenshot_dir, phone):
    game = LopakaGameFactory()
    context = browser.new_context(viewport=phone, base_url=live_server.url)
    page = context.new_page()
    width = phone["width"]
    try:
        page.goto(f"/g/{game.edit_token}/round/")

        # one grid of the 36 cards, in place of the card picker
        assert page.locator("#lopaka-first h2").inner_text() == "Lopaka's hand first"
        assert page.locator("label.pick.toggle").count() == 36
        assert page.locator("form.picker").count() == 0
        assert page.locator("details.known-hand").count() == 0
        assert page.locator(".chosen").inner_text() == "0 of 11 chosen"
        # every card and Save on screen, nothing to scroll
        assert all_in_view(page, "#lopaka-first label.pick")
        assert in_view(page, "#lopaka-first button[type=submit]")
        page.screenshot(path=screenshot_dir / f"lopaka-first-{width}.png")
        assert run_axe(page, AXE.read_text(encoding="utf-8")) == []

        for card in LOPAKA_HAND[:10]:
            tap(page, card)
        assert page.locator(".chosen").inner_text() == "10 of 11 chosen"
        page.get_by_role("button", name="Save Lopaka's hand").click()

        # refused beside Save, in the engine's words, the ten taps kept
        error = page.locator("#error-hand-2")
        error.wait_for()
        assert error.inner_text() == "Lopaka's hand holds 11 cards, but 10 are entered."
        expect(error).to_be_focused()  # in htmx's settle, after the swap
        assert in_view(page, "#error-hand-2")
        assert page.locator("#lopaka-first input:checked").count() == 10
        assert page.locator(".chosen").inner_text() == "10 of 11 chosen"
        page.screenshot(path=screenshot_dir / f"lopaka-first-refused-{width}.png")
        assert run_axe(page, AXE.read_text(encoding="utf-8")) == []
        game.refresh_from_db()
        assert game.rounds.get(number=1).lopaka_hand is None

        tap(page, LOPAKA_HAND[10])
        assert page.locator(".chosen").inner_text() == "11 of 11 chosen"
        page.get_by_role("button", name="Save Lopaka's hand").click()

        # the round begins: the picker asks for the leader's card
        page.locator("form.picker").wait_for()
        assert page.locator("h2.asks").inner_text() == "Betty's card"
        assert page.locator("#lopaka-first").count() == 0
        summary = page.locator("details.known-hand summary").inner_text()
        assert summary == "Lopaka's face-up hand (11 cards) ✓"  # to correct it later
        assert page.evaluate("scrollY") == 0  # not one scroll from first tap to Save
        assert game.rounds.get(number=1).lopaka_hand == sorted(LOPAKA_HAND, key=float)
        page.screenshot(path=screenshot_dir / f"lopaka-first-saved-{width}.png")
    finally:
        context.close()
