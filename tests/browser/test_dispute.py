"""The dispute page on a phone in real Chromium (issue 11): the trick's cards
are tapped in the round screen's card grid; opened from a game it starts from
that game's deck, price and bottle owner; the answer appears just above the
button, with the focus on it, without scrolling, at 360×780 and 412×915."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

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
        # a tap that leaves a place empty does not move the page
        assert page.evaluate("scrollY") == 0 or in_view(page, ".actions button")
        page.screenshot(path=screenshot_dir / f"dispute-trick-{phone['width']}.png")

        # the tap that fills the trick answers it: no "Who wins?" tap (pressing
        # it now would only ask again, and race the answer already coming); the
        # answer is brought into view with the focus on it, once it has come
        tap(page, "14")
        page.locator("#result h2").wait_for()
        page.wait_for_function("() => document.activeElement.id === 'result'")
        page.wait_for_function(
            """() => [document.querySelector('#result'), document.querySelector('.actions button')]
                     .every(el => { const box = el.getBoundingClientRect();
                                    return box.top >= 0 && box.bottom <= innerHeight; })"""
        )
        heading = page.locator("#result h2").inner_text()

        assert heading == "Christian wins with the 14"
        answer = page.locator("#result").inner_text()
        assert "14 is the highest card below the price 17" in answer
        assert "The bottle is sold to Christian, from Adam: the price goes from 17 to 14." in (
            answer
        )
        assert "New price: 14" in answer
        expect(page.locator("#result")).to_be_focused()  # in htmx's settle, after the swap
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
    assert "has 5 or 6 cards, one a player" in page.locator("#result").inner_text()
    expect(page.locator("#result")).to_be_focused()  # in htmx's settle, after the swap
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


# --- the answer as soon as the trick is whole (issue 20) ------------------------------

WHOLE = {
    "en": ("Doris wins with the 15", "Deck and players: Classic, 36 cards", "New price: 15"),
    "de": ("Doris gewinnt mit der 15", "Kartenspiel und Spieler: Klassisch, 36 Karten", "15"),
}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "de"])
def test_the_last_card_of_a_four_player_trick_shows_the_ruling(
    browser, live_server, screenshot_dir, language
):
    # Adam deals, Betty leads trick 1: the places are Betty, Christian, Doris, Adam.
    game = make_game(("Adam", "Betty", "Christian", "Doris"))
    context = browser.new_context(
        viewport=PHONES[0], base_url=live_server.url, locale="de-DE" if language == "de" else "en"
    )
    page = context.new_page()
    heading, deck, price = WHOLE[language]
    try:
        page.goto(f"/g/{game.view_token}/dispute/")
        assert page.locator(".places .slot").count() == 4
        assert page.locator(".deck summary").inner_text() == deck
        assert page.locator(".places .slot-name").all_inner_texts() == [
            "Betty",
            "Christian",
            "Doris",
            "Adam",
        ]
        for card in ("24", "12", "15"):
            tap(page, card)
        assert page.locator("#result h2").count() == 0  # a place is still empty

        page.locator('.cards button[value="32"]').click()  # the last card: no other tap
        page.locator("#result h2").wait_for()

        assert page.locator("#result h2").inner_text() == heading
        assert price in page.locator("#result .price-after").inner_text()
        assert page.locator(".slot.wins .slot-name").inner_text() == "Doris"
        page.wait_for_function(
            """() => { const box = document.querySelector('#result').getBoundingClientRect();
                       return box.top >= 0 && box.bottom <= innerHeight; }"""
        )
        assert in_view(page, "#result")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONES[0]["width"]
        page.screenshot(path=screenshot_dir / f"dispute-whole-trick-{language}-360.png")
    finally:
        context.close()
