"""Nothing is destroyed by a single tap, in real Chromium: a deleted trick
is taken back with the "Undo" bar, and made again with "Redo"."""

from __future__ import annotations

import pytest

from companion import actions
from companion.models import Game

NAMES = ["Adam", "Betty", "Christian"]
TRICKS = [["24", "15", "17"], ["4", "6", "8"]]  # Betty leads; Adam wins and leads trick 2
# Without trick 1, Betty leads trick 2's cards (each with its player) and
# Christian's 8 wins it: his 33 still leads the next.
AFTER_DELETE = [["6", "8", "4"], ["33"]]


def tap_card(page, card: str) -> None:
    """Tap a card and wait until it is stored: it leaves the grid (a gap)."""
    page.locator(f'form.picker button[value="{card}"]').click()
    page.locator(f'form.picker button[value="{card}"]:not(.gone)').wait_for(state="detached")


@pytest.mark.django_db(transaction=True)
def test_a_deleted_trick_comes_back_with_undo(page, screenshot_dir):
    game = actions.create_game(players=NAMES, variant="classic")
    page.goto(f"/g/{game.edit_token}/round/")
    for card in [card for trick in TRICKS for card in trick] + ["33"]:
        tap_card(page, card)

    page.locator("details.tricks summary").click()
    page.get_by_text("Delete trick 1…").click()  # it asks first
    page.get_by_role("button", name="Yes, delete trick 1").click()
    undo = page.get_by_role("button", name="↶ Undo: Deleted trick 1 of round 1")
    undo.wait_for()
    assert Game.objects.get().rounds.get().tricks == AFTER_DELETE
    page.screenshot(path=screenshot_dir / "undo-after-delete.png", full_page=False)

    undo.click()
    page.get_by_text("Undone: Deleted trick 1 of round 1").wait_for()
    assert Game.objects.get().rounds.get().tricks == [*TRICKS, ["33"]]
    page.locator("details.tricks summary", has_text="(3)").wait_for()
    page.locator("details.tricks summary").click()
    page.get_by_text("Delete trick 1…").wait_for()
    assert "Adam wins the trick" in page.locator("details.tricks").inner_text()
    page.screenshot(path=screenshot_dir / "undone-with-redo.png", full_page=False)

    page.get_by_role("button", name="↷ Redo").click()
    page.get_by_role("button", name="↶ Undo: Deleted trick 1 of round 1").wait_for()
    assert Game.objects.get().rounds.get().tricks == AFTER_DELETE
