"""A finished game on a phone: its winner, then one tap to play again."""

from __future__ import annotations

import pytest

from companion.models import Game
from companion.transfer import import_record
from tests.companion.test_play_again import FINISHED

pytestmark = pytest.mark.django_db(transaction=True)


def test_play_again_from_the_winner_screen(page, screenshot_dir):
    game = import_record(FINISHED)
    page.set_viewport_size({"width": 360, "height": 780})
    page.goto(f"/g/{game.edit_token}/")

    assert page.locator("h1").first.inner_text() == "Adam wins!"
    again = page.get_by_role("button", name="Play again")
    box = again.bounding_box()
    assert box is not None and box["height"] >= 44 and box["y"] + box["height"] <= 780
    page.screenshot(path=screenshot_dir / "play-again-360.png")

    again.click()

    rematch = Game.objects.get(follows=game)
    page.wait_for_url(f"**/g/{rematch.edit_token}/round/")
    assert page.locator("h1").first.inner_text().startswith("Round 1")
    assert "Doris deals" in page.locator(".round-head").inner_text()
    page.goto("/")
    listed = page.locator(".game-item").all_inner_texts()
    assert any("Finished: Adam wins" in item and "Open the rematch" in item for item in listed)
    page.screenshot(path=screenshot_dir / "home-finished-360.png", full_page=True)
