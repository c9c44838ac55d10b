"""Nothing is destroyed by one tap, in real Chromium on phone screens: a
dealer change, a quick entry, a card and a confirmed round are each taken
back right after with the "Undo: …" bar (then "Undone: … / Redo"), and each
is listed in the round's history of changes, undoable back to there."""

from __future__ import annotations

import copy

import pytest

from companion import actions
from companion.models import Game
from companion.transfer import import_record
from tests.companion.tables import simulated

NAMES = ["Adam", "Betty", "Christian"]
SCREENS = [
    pytest.param({"width": 360, "height": 780}, id="360x780"),
    pytest.param({"width": 412, "height": 915}, id="412x915"),
]
RECORD = simulated("classic", 3, rounds=2, seed=5)


def undo_right_after(page, what: str) -> None:
    """The change is offered back at once; Undo takes it back, Redo is offered."""
    page.get_by_role("button", name=f"↶ Undo: {what}").click()
    page.get_by_text(f"Undone: {what}").wait_for()
    assert page.get_by_role("button", name="↷ Redo").is_visible()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("viewport", SCREENS)
def test_a_dealer_and_a_quick_entry_are_taken_back(browser, live_server, viewport, screenshot_dir):
    context = browser.new_context(viewport=viewport, base_url=live_server.url)
    page = context.new_page()
    name = f"{viewport['width']}x{viewport['height']}"
    game = actions.create_game(players=NAMES, variant="classic")
    page.goto(f"/g/{game.edit_token}/round/")

    page.locator("details.dealer summary").click()
    page.locator("details.dealer select").select_option(label="Christian")
    page.locator("details.dealer button[type=submit]").click()
    undo_right_after(page, "Christian deals round 1")
    assert "Adam deals" in page.locator(".round-head").inner_text()
    page.screenshot(path=screenshot_dir / f"undone-dealer-{name}.png")
    page.get_by_role("button", name="↷ Redo").click()
    page.get_by_role("button", name="↶ Undo: Christian deals round 1").wait_for()
    assert "Christian deals" in page.locator(".round-head").inner_text()

    page.locator("details.quick summary").click()
    for field, value in {"points_0": "40", "points_1": "30", "points_2": "20"}.items():
        page.locator(f'details.quick [name="{field}"]').fill(value)
    page.locator('details.quick [name="bottle_0"]').select_option("Christian")
    page.locator('details.quick [name="imps_trick_points"]').fill("36")
    page.locator("details.quick button[type=submit]").click()
    undo_right_after(page, "Quick entry of round 1")
    assert Game.objects.get(pk=game.pk).rounds.get().quick is None

    page.locator("details.history summary").click()
    history = page.locator(".history-list")
    history.get_by_text("Quick entry of round 1").wait_for()
    assert "Quick entry of round 1 (undone: Redo makes it again)" in history.inner_text()
    dealer = history.locator("li", has_text="Christian deals round 1")
    assert dealer.get_by_role("button", name="Undo back to here").is_visible()
    page.screenshot(path=screenshot_dir / f"history-{name}.png", full_page=True)
    context.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("viewport", SCREENS)
def test_a_confirmed_round_and_a_card_are_taken_back(
    browser, live_server, viewport, screenshot_dir
):
    context = browser.new_context(viewport=viewport, base_url=live_server.url)
    page = context.new_page()
    name = f"{viewport['width']}x{viewport['height']}"
    record = {**copy.deepcopy(RECORD), "rounds": copy.deepcopy(RECORD["rounds"][:1])}
    last = record["rounds"][0]["tricks"][-1].pop()
    game = import_record(record)
    page.goto(f"/g/{game.edit_token}/round/")

    page.locator(f'form.picker button[value="{last}"]').click()
    page.get_by_role("button", name="Confirm round 1").click()
    page.get_by_text("Round 1 is confirmed").wait_for()  # the round's story, then round 2
    undo_right_after(page, "Confirmed round 1")
    page.get_by_role("button", name="Confirm round 1").wait_for()  # round 1 is open again
    page.screenshot(path=screenshot_dir / f"undone-confirm-{name}.png")

    card = page.get_by_role("button", name="in trick 11").filter(has_text="↶ Undo:")
    what = card.inner_text().removeprefix("↶ Undo: ")
    card.click()
    page.get_by_text(f"Undone: {what}").wait_for()
    assert (
        Game.objects.get(pk=game.pk).rounds.get(number=1).tricks[-1]
        == (record["rounds"][0]["tricks"][-1])
    )

    page.locator("details.history summary").click()
    history = page.locator(".history-list")
    history.get_by_text("Confirmed round 1").wait_for()
    assert history.get_by_role("button", name="Undo back to here").count() == 0  # all undone
    assert "Redo makes it again" in history.inner_text()
    context.close()
