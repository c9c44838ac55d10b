"""Errors in place, in real Chromium on phone screens: a refused form keeps
the page and its style, says why beside its button in the players' words,
and takes the focus there — under DEBUG (django-htmx's debug script loaded)
as without it."""

from __future__ import annotations

import uuid

import pytest

from companion import actions
from companion.forms.stamp import Stamp
from scoring.cards import card_code

NAMES = ["Adam", "Betty", "Christian"]
SCREENS = [
    pytest.param({"width": 360, "height": 780}, True, id="360x780-debug"),
    pytest.param({"width": 412, "height": 915}, False, id="412x915"),
]


def focus_moves_to(page, element_id: str) -> bool:
    """Wait until the element has the focus (htmx focuses [autofocus] once
    the swap has settled); True then, a timeout error else."""
    page.wait_for_function(
        "(id) => document.activeElement && document.activeElement.id === id", arg=element_id
    )
    return True


def on_screen(page, selector: str) -> bool:
    """Whether the element lies wholly inside the viewport."""
    return page.evaluate(
        """(selector) => {
            const box = document.querySelector(selector).getBoundingClientRect();
            return box.top >= 0 && box.bottom <= window.innerHeight;
        }""",
        selector,
    )


def kept_its_style(page) -> bool:
    """The page is still the app's page: its header (the round's own on the
    round screen), and its stylesheet applied."""
    return page.evaluate(
        """() => !!document.querySelector('.site-header, .round-head')
            && !!document.querySelector('link[rel=stylesheet]')
            && getComputedStyle(document.querySelector('.cards')).display === 'grid'"""
    )


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("viewport", "debug"), SCREENS)
def test_refused_forms_are_answered_in_place(
    browser, live_server, settings, viewport, debug, screenshot_dir
):
    settings.DEBUG = debug
    context = browser.new_context(viewport=viewport, base_url=live_server.url)
    page = context.new_page()
    game = actions.create_game(players=NAMES, variant="classic")
    name = f"{viewport['width']}x{viewport['height']}"
    page.goto(f"/g/{game.edit_token}/round/")
    assert (page.locator('script[src*="django-htmx.js"]').count() == 1) is debug

    # A quick entry that does not add up: said beside the numbers, the
    # first of them focused, each pointing to the words.
    page.get_by_text("Quick entry: only the coins").click()
    for seat, coins in enumerate(["40", "30", "20"]):
        page.get_by_label(f"{NAMES[seat]}'s coins").fill(coins)
    page.get_by_label("Imp's Trick coins").fill("30")
    page.get_by_role("button", name="Score this round").click()
    error = page.locator("#id_points_0-error")
    error.wait_for()
    assert error.inner_text() == (
        "The coins entered (Adam 40, Betty 30, Christian 20 and the Imp's Trick 30) make 120, "
        "but the deck holds 126: 6 coins missing."
    )
    assert page.locator("#error-quick").count() == 0
    assert kept_its_style(page)
    assert focus_moves_to(page, "id_points_0")
    assert on_screen(page, "#id_points_0-error")
    for label in ("Adam's coins", "Christian's coins", "Imp's Trick coins"):
        assert page.get_by_label(label).get_attribute("aria-invalid") == "true"
    page.screenshot(path=screenshot_dir / f"error-quick-{name}.png")

    # More coins for one player than the deck holds: said below that
    # player's coins, in the engine's words, and focused there.
    page.get_by_label("Betty's coins").fill("127")
    page.get_by_role("button", name="Score this round").click()
    error = page.locator("#id_points_1-error")
    error.wait_for()
    assert error.inner_text() == "Betty's coins must be between 0 and 126, not 127."
    assert page.locator("#id_points_0-error").count() == 0
    assert kept_its_style(page)
    assert focus_moves_to(page, "id_points_1")
    assert on_screen(page, "#id_points_1-error")
    page.screenshot(path=screenshot_dir / f"error-quick-field-{name}.png")

    # A card entered meanwhile on another phone, before this phone's next
    # poll brought it: the fresh round, said beside the grid, the page still whole.
    page.route("**/round/live/", lambda route: route.abort())
    game.refresh_from_db()
    actions.play_card(game, Stamp(game.version, uuid.uuid4().hex), card_code("24"))
    page.locator("details.quick").evaluate("details => details.open = false")
    page.locator('form.picker button[value="15"]').click()
    error = page.locator("#error-card")
    error.wait_for()
    assert error.inner_text() == "Another phone entered 24 for Betty."
    assert kept_its_style(page)
    assert focus_moves_to(page, "error-card")
    assert on_screen(page, "#error-card")
    assert page.locator(".slot", has_text="Betty").locator(".num").inner_text() == "24"
    page.screenshot(path=screenshot_dir / f"error-conflict-{name}.png")
    context.close()
