"""After Confirm the table sees the story of the round, then taps on to the
next round, which opens at its top (hand-computed: tests/scoring/test_night.py)."""

from __future__ import annotations

import pytest

from companion.transfer import import_record
from tests.scoring.test_night import NIGHT
from tests.scoring.test_rounds_hand_computed import CLASSIC_4, FOUR, record, split

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("size", [(360, 780), (412, 915)])
def test_confirm_tells_the_story_then_opens_the_next_round(page, size, screenshot_dir):
    width, height = size
    rounds = [*NIGHT[:1], {"tricks": split(CLASSIC_4)}]  # round 2 complete, not confirmed
    game = import_record(record("classic", FOUR, rounds, goal={"target": 300}))
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"/g/{game.edit_token}/round/")

    page.get_by_role("button", name="Confirm round 2").click()

    page.wait_for_url(f"**/g/{game.edit_token}/rounds/2/?confirmed")
    assert page.get_by_role("status").first.inner_text() == "Round 2 is confirmed."
    story = page.locator("section.story")
    assert "Trick 3 Doris buys it at 10 from Adam" in " ".join(story.inner_text().split())
    next_round = page.get_by_role("link", name="Next round: Christian deals")
    box = next_round.bounding_box()
    assert box is not None and box["y"] + box["height"] <= height  # seen without scrolling
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=screenshot_dir / f"story-{width}.png", full_page=True)

    next_round.click()
    page.wait_for_url(f"**/g/{game.edit_token}/round/")
    assert page.locator("h1").first.inner_text().startswith("Round 3")
    assert page.evaluate("window.scrollY") == 0
