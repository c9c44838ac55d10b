"""The dispute page on a phone in real Chromium (issue 11): the trick's cards
are tapped in the round screen's card grid; opened from a game it starts from
that game's deck, price and bottle owner; the answer appears just above the
button, with the focus on it, without scrolling, at 360×780 and 412×915."""

from __future__ import annotations

import pytest

from tests.browser.test_accessibility import AXE, run_axe
from tests.companion.app_routes import make_game
from tests.companion.crawl import play

PHONES = [{"width": 360, "height": 780}, {"width": 412, "height": 915}]


def in_view(page, selector: str) -> bool:
    """Whether the element's whole box lies inside the viewport."""
    return page.evaluate(
        """selector => {
             const box = document.querySelector(selector).getBoundingClientRect();
             return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight
                    && box.right <= innerWidth;
           }""",
        selector,
    )


def tap(page, card: str) -> None:
    """Tap a card of the grid and wait until it stands in the trick."""
    page.locator(f'.cards button[value="{card}"]').click()
    page.locator(f'.places button.place:has-text("{card}")').first.wait_for()


def ask(page) -> str:
    """Press "Who wins?" and wait for the answer's heading."""
    page.get_by_role("button", name="Who wins?").click()
    page.locator("#result h2").wait_for()
    return page.locator("#result h2").inner_text()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("phone", PHONES, ids=lambda phone: f"{phone['width']}x{phone['height']}")
def test_a_game_s_trick_tapped_in_the_card_grid(browser, live_server, screenshot_dir, phone):
    # Adam deals, Betty leads: Betty 24, Christian 15, Adam 17; Adam wins
    # trick 1 with the 17, owns the bottle at 17 and leads trick 2.
    game = play(make_game(), "24", "15", "17")
    context = browser.new_context(viewport=phone, base_url=live_server.url)
    page = context.new_page()
    try:
        page.goto(f"/g/{game.edit_token}/round/")
        page.get_by_role("link", name="Who wins this trick?").click()
        page.wait_for_url(f"**/g/{game.view_token}/dispute/")

        # the game's deck, the bottle's price and owner, the players in the
        # order of the trick being played (Adam leads trick 2)
        summary = page.locator(".deck summary").inner_text()
        assert summary.startswith("Deck and players: Classic, 36 cards")
        assert page.input_value("#id_price") == "17"
        assert page.locator("label[for=id_price]").inner_text() == "Price (Adam's)"
        names = page.locator(".places .slot-name").all_inner_texts()
        assert names[:3] == ["Adam", "Betty", "Christian"]
        # the cards under the bottle cannot be added; the 19 is no card
        assert page.locator('.cards button[value="17"]').is_disabled()
        assert page.locator('.cards button[value="19"]').count() == 0
        assert run_axe(page, AXE.read_text(encoding="utf-8")) == []

        for card in ("32", "12", "9"):
            tap(page, card)
        assert page.locator('.cards button[value="12"]').count() == 0  # in the trick now
        # a wrong card is taken back with one tap on its place
        page.locator(".places button.place", has_text="Christian").click()
        page.locator('.cards button[value="9"]').wait_for()
        tap(page, "14")
        assert page.evaluate("scrollY") == 0 or in_view(page, ".actions button")
        page.screenshot(path=screenshot_dir / f"dispute-trick-{phone['width']}.png")

        heading = ask(page)

        assert heading == "Christian wins with the 14"
        answer = page.locator("#result").inner_text()
        assert "14 is the highest card below the price 17" in answer
        assert "The bottle is sold to Christian, from Adam: the price goes from 17 to 14." in (
            answer
        )
        assert "New price: 14" in answer
        assert page.evaluate("document.activeElement.id") == "result"
        assert in_view(page, "#result")
        assert in_view(page, ".actions button")
        assert page.evaluate("document.documentElement.scrollWidth") <= phone["width"]
        page.screenshot(path=screenshot_dir / f"dispute-answer-{phone['width']}.png")
    finally:
        context.close()


@pytest.mark.django_db(transaction=True)
def test_without_a_game_the_54_card_deck_and_an_error_in_place(page, screenshot_dir):
    page.set_viewport_size(PHONES[0])
    page.goto("/dispute/")
    page.locator(".deck summary").click()
    page.select_option("#id_edition", "matagot")
    page.check("#id_half_cards")
    page.get_by_role("button", name="Show this deck's cards").click()
    page.locator('.cards button[value="2.5"]').wait_for()
    assert page.locator(".cards button").count() == 54

    tap(page, "24")
    heading = ask(page)

    assert heading == "The trick cannot be ruled"
    assert "A trick has 2 to 6 cards" in page.locator("#result").inner_text()
    assert page.evaluate("document.activeElement.id") == "result"
    assert in_view(page, "#result")
    page.screenshot(path=screenshot_dir / "dispute-error-360.png")


@pytest.mark.django_db(transaction=True)
def test_without_javascript_a_tap_and_the_answer_are_full_pages(browser, live_server):
    context = browser.new_context(
        viewport=PHONES[0], base_url=live_server.url, java_script_enabled=False
    )
    page = context.new_page()
    try:
        page.goto("/dispute/")
        for card in ("24", "15", "17"):
            page.locator(f'.cards button[value="{card}"]').click()
            page.wait_for_load_state()
        assert "draft=1" in page.url  # a reload enters nothing twice
        page.reload()
        assert page.locator(".places button.place").count() == 3

        page.get_by_role("button", name="Who wins?").click()

        assert page.locator("#result h2").inner_text() == "Player 3 wins with the 17"
        assert in_view(page, "#result")
    finally:
        context.close()
