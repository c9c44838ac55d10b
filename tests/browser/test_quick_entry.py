"""Quick entry in real Chromium at 360×780 and 412×915 (issue 11): − / +
steppers of 44 px beside each number, the one number left empty worked out
from the deck's coins (the engine's total, written by the server), a sum
that does not add up refused beside "Score this round" naming each number,
and the same form without JavaScript."""

from __future__ import annotations

import pytest

from scoring.quick import quick_total
from tests.browser.test_accessibility import AXE, run_axe
from tests.factories import GameFactory

PHONES = [{"width": 360, "height": 780}, {"width": 412, "height": 915}]


def coins(page, seat: int | str) -> str:
    field = "#id_imps_trick_points" if seat == "imp" else f"#id_points_{seat}"
    return page.input_value(field)


def step(page, who: str, more: bool) -> None:
    page.get_by_role("button", name=f"One coin {'more' if more else 'less'} for {who}").click()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("phone", PHONES, ids=lambda phone: f"{phone['width']}x{phone['height']}")
def test_quick_entry_works_out_the_last_number(browser, live_server, screenshot_dir, phone):
    game = GameFactory()  # Adam, Betty, Christian; the classic deck
    total = quick_total(game.table)
    assert total == 126
    context = browser.new_context(viewport=phone, base_url=live_server.url)
    page = context.new_page()
    width = phone["width"]
    try:
        page.goto(f"/g/{game.edit_token}/round/")
        page.get_by_text("Quick entry: only the coins").click()
        boxes = page.locator(".quick-form .step").evaluate_all(
            "buttons => buttons.map(b => [b.getBoundingClientRect().width,"
            " b.getBoundingClientRect().height])"
        )
        assert len(boxes) == 8 and all(w >= 44 and h >= 44 for w, h in boxes)

        page.locator("#id_points_0").fill("40")
        page.locator("#id_points_1").fill("30")
        assert coins(page, 2) == "" and coins(page, "imp") == ""  # two left: nothing guessed
        page.locator("#id_imps_trick_points").fill("6")
        # Christian's coins, worked out: 126 - 40 - 30 - 6
        assert coins(page, 2) == "50"
        assert page.locator("#id_points_2-auto").is_visible()

        step(page, "Betty", more=True)
        assert coins(page, 1) == "31" and coins(page, 2) == "49"  # follows the others
        step(page, "Christian", more=False)  # Christian's own now: nothing is worked out
        assert coins(page, 2) == "48" and not page.locator("#id_points_2-auto").is_visible()
        page.screenshot(path=screenshot_dir / f"quick-entry-{width}.png")

        page.get_by_role("button", name="Score this round").click()

        # said beside the numbers (below the first), the first focused
        error = page.locator("#id_points_0-error")
        error.wait_for()
        assert error.inner_text() == (
            "The coins entered (Adam 40, Betty 31, Christian 48 and the Imp's Trick 6) make "
            "125, but the deck holds 126: 1 coin missing."
        )
        page.wait_for_function("() => document.activeElement?.id === 'id_points_0'")
        page.screenshot(path=screenshot_dir / f"quick-entry-refused-{width}.png")
        assert run_axe(page, AXE.read_text(encoding="utf-8")) == []  # steppers and the error
        assert game.rounds.get(number=1).quick is None

        step(page, "Christian", more=True)
        page.get_by_role("button", name="Score this round").click()

        page.locator("details.quick").wait_for(state="detached")  # the round is scored
        assert game.rounds.get(number=1).quick == {
            "points": {"Adam": 40, "Betty": 31, "Christian": 49},
            "bottle": ["Adam"],
            "imps_trick_points": 6,
        }
    finally:
        context.close()


@pytest.mark.django_db(transaction=True)
def test_quick_entry_without_javascript(browser, live_server):
    game = GameFactory()
    context = browser.new_context(
        viewport=PHONES[0], base_url=live_server.url, java_script_enabled=False
    )
    page = context.new_page()
    try:
        page.goto(f"/g/{game.edit_token}/round/")
        page.get_by_text("Quick entry: only the coins").click()
        assert page.locator(".quick-form .step").first.is_hidden()  # no steppers to misuse
        for field, value in [("0", "40"), ("1", "30"), ("2", "50")]:
            page.locator(f"#id_points_{field}").fill(value)
        page.locator("#id_imps_trick_points").fill("6")

        page.get_by_role("button", name="Score this round").click()

        page.wait_for_url(f"**/g/{game.edit_token}/round/")
        assert game.rounds.get(number=1).quick["points"] == {
            "Adam": 40,
            "Betty": 30,
            "Christian": 50,
        }
    finally:
        context.close()
