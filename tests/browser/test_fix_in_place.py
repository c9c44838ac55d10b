"""Fixing a trick in place, in real Chromium on phone screens: a card two
tricks ago is fixed in three taps (the trick, whose card, the right card)
without a page load or a scroll; a card used elsewhere shows where it lies
and swaps places; one Undo takes the fix back. A revoke opens its trick
with the player chosen (two taps); deleting a trick asks first and can be
undone."""

from __future__ import annotations

import uuid

import pytest
from playwright.sync_api import expect

from companion import actions
from companion.forms.stamp import Stamp
from companion.models import Game
from scoring.cards import card_code
from tests.browser.test_accessibility import AXE, run_axe

NAMES = ["Adam", "Betty", "Christian"]
# Betty leads blue: Christian plays yellow 15, Adam's 17 wins; Adam leads
# blue again, and Christian plays red 11 (no revoke) or blue 8 (a revoke).
TRICKS = [["24", "15", "17"], ["4", "6", "11"]]
REVOKE = [["24", "15", "17"], ["4", "6", "8"]]
SCREENS = [
    pytest.param({"width": 360, "height": 780}, id="360x780"),
    pytest.param({"width": 412, "height": 915}, id="412x915"),
]


def game_with(*cards: str) -> Game:
    game = actions.create_game(players=NAMES, variant="classic")
    for card in cards:
        game.refresh_from_db()
        actions.play_card(game, Stamp(game.version, uuid.uuid4().hex), card_code(card))
    return game


def tricks_of(game: Game) -> list[list[str]]:
    return Game.objects.get(pk=game.pk).rounds.get(number=1).tricks


class Taps:
    """Taps on the phone, each checked to be on screen as it is (no
    scroll), and the page never loaded again (a mark set on its window)."""

    def __init__(self, page) -> None:
        self.page = page
        self.count = 0
        page.evaluate("window.stillThisPage = true")

    def tap(self, locator) -> None:
        box = locator.bounding_box()
        height = self.page.viewport_size["height"]
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, box
        locator.click()
        self.count += 1

    def no_page_load_nor_scroll(self) -> bool:
        return self.page.evaluate("window.stillThisPage === true && window.scrollY === 0")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("viewport", SCREENS)
def test_a_card_two_tricks_ago_is_fixed_in_three_taps_and_a_trick_deleted(
    browser, live_server, viewport, screenshot_dir
):
    context = browser.new_context(viewport=viewport, base_url=live_server.url)
    page = context.new_page()
    name = f"{viewport['width']}x{viewport['height']}"
    game = game_with(*TRICKS[0], *TRICKS[1], "33")  # trick 3 begun: trick 1 is two tricks ago
    page.goto(f"/g/{game.edit_token}/round/")
    page.screenshot(path=screenshot_dir / f"fix-0-play-{name}.png")
    taps = Taps(page)

    taps.tap(page.get_by_role("link", name="Fix trick 1"))
    page.get_by_role("heading", name="Fix trick 1").wait_for()
    grid = page.locator("form.fixer")
    assert grid.locator('button[value="6"] + .where').inner_text() == "Betty\ntrick 2"
    label = grid.locator('button[value="6"]').get_attribute("aria-label")
    assert label.endswith(", blue; now Betty, trick 2")
    assert grid.locator('button[value="15"] + .where').inner_text() == "Christian\nthis trick"
    page.screenshot(path=screenshot_dir / f"fix-1-trick-{name}.png")
    assert run_axe(page, AXE.read_text(encoding="utf-8")) == []

    taps.tap(page.locator("label.fix-slot", has_text="Christian"))
    page.screenshot(path=screenshot_dir / f"fix-2-chosen-{name}.png")
    taps.tap(grid.locator('button[value="11"]'))
    undo = page.get_by_role(
        "button",
        name="↶ Undo: Swapped Christian's 15 in trick 1 and Christian's 11 in trick 2 of round 1",
    )
    undo.wait_for()
    page.screenshot(path=screenshot_dir / f"fix-3-fixed-{name}.png")

    assert taps.count == 3
    assert taps.no_page_load_nor_scroll()
    assert tricks_of(game) == [["24", "11", "17"], ["4", "6", "15"], ["33"]]

    undo.click()
    page.get_by_text("Undone: Swapped Christian's 15 in trick 1").wait_for()
    assert tricks_of(game) == [*TRICKS, ["33"]]

    # Deleting the trick asks first, on screen, and can be undone.
    page.get_by_role("link", name="Fix trick 1").click()
    page.get_by_text("Delete trick 1…").click()
    confirm = page.get_by_role("button", name="Yes, delete trick 1")
    confirm.wait_for()
    question = page.locator(".delete-trick form").bounding_box()  # on screen, by the thumb
    assert question["x"] >= 0 and question["x"] + question["width"] <= viewport["width"]
    assert question["y"] >= 0 and question["y"] + question["height"] <= viewport["height"]
    assert tricks_of(game) == [*TRICKS, ["33"]]  # asking deleted nothing
    page.screenshot(path=screenshot_dir / f"delete-ask-{name}.png")
    confirm.click()
    undo = page.get_by_role("button", name="↶ Undo: Deleted trick 1 of round 1")
    undo.wait_for()
    # Betty leads the first trick now (each card with its player): her 6,
    # Christian's 11 (it wins), Adam's 4; Christian still leads the next
    assert tricks_of(game) == [["6", "11", "4"], ["33"]]
    page.screenshot(path=screenshot_dir / f"delete-done-{name}.png")

    undo.click()
    page.get_by_text("Undone: Deleted trick 1 of round 1").wait_for()
    assert tricks_of(game) == [*TRICKS, ["33"]]
    context.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("viewport", SCREENS)
def test_a_revoke_is_fixed_in_two_taps_or_let_stand(browser, live_server, viewport, screenshot_dir):
    context = browser.new_context(viewport=viewport, base_url=live_server.url)
    page = context.new_page()
    name = f"{viewport['width']}x{viewport['height']}"
    game = game_with(*REVOKE[0], *REVOKE[1])
    page.goto(f"/g/{game.edit_token}/round/")
    warning = page.locator("#revokes .banner.warning")  # below the play: the grid stays put
    assert warning.locator(".revoke").inner_text() == (
        "Revoke? Christian did not follow blue in trick 1 (played 15), but plays blue 8 in trick 2."
    )
    assert warning.get_by_role("link", name="Open trick 1: 15 (Christian's card)").is_visible()
    assert warning.get_by_role("link", name="Open trick 2: 8 (Christian's card)").is_visible()
    # on screen, in the header: the player and the trick, one tap from it
    chip = page.locator(".round-head .revoke-chip")
    assert chip.inner_text().split() == ["⚠", "Revoke?", "Christian,", "trick", "1"]
    assert chip.get_attribute("aria-describedby") == "revoke-1"  # the warning's words
    page.screenshot(path=screenshot_dir / f"revoke-{name}.png")
    taps = Taps(page)

    taps.tap(chip)
    page.get_by_role("heading", name="Fix trick 1").wait_for()
    assert page.locator("label.fix-slot", has_text="Christian").locator("input").is_checked()
    page.screenshot(path=screenshot_dir / f"revoke-open-{name}.png")
    page.locator('form.fixer button[value="8"]').click()  # on screen or not: counted below
    taps.count += 1
    page.get_by_role("button", name="↶ Undo: Swapped Christian's 15 in trick 1").wait_for()
    assert taps.count == 2
    assert tricks_of(game) == [["24", "8", "17"], ["4", "6", "15"]]
    assert page.locator(".banner.warning").count() == 0  # the engine found no revoke now

    page.get_by_role("button", name="↶ Undo: Swapped Christian's 15 in trick 1").click()
    # the undo's answer settled (the revoke back, its chip in the header) before the next tap
    expect(page.locator(".round-head .revoke-chip")).to_be_visible()
    page.wait_for_load_state("networkidle")
    page.get_by_role("button", name="Let it stand").click()
    page.get_by_role("button", name="↶ Undo: Let Christian's revoke stand in round 1").wait_for()
    assert page.locator(".banner.warning").count() == 0
    context.close()
