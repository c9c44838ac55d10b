"""No tap is ever lost, in real Chromium (issue 11; static/js/round.js): a
table that taps whole rounds as fast as a browser can, without waiting for
any answer — each press held 0 to 90 ms, so that answers come in while a
finger is down on the next card — finds every card stored once, in the
order tapped. (A grid whose buttons were replaced under a pressed finger
lost that tap: the browser sends no click when the button it went down on
has left the page.)"""

from __future__ import annotations

import pytest

from companion import actions
from scoring.simulate import simulate

NAMES = ["Adam", "Betty", "Christian", "Doris"]
IDLE = "() => document.getElementById('play')?.dataset.idle === 'yes'"
PRESSES = [0, 30, 60, 90]
"""How long each press is held (ms), in turn."""


@pytest.mark.django_db(transaction=True)
def test_rounds_tapped_without_a_pause_store_every_card_once_in_order(browser, live_server):
    record = simulate("classic", 4, rounds=2, seed=31, edition="classic")
    game = actions.create_game(
        players=NAMES, variant="classic", first_dealer=record["first_dealer"], goal_rounds=3
    )
    context = browser.new_context(viewport={"width": 360, "height": 780}, base_url=live_server.url)
    page = context.new_page()
    try:
        for number, entry in enumerate(record["rounds"], 1):
            page.goto(f"/g/{game.edit_token}/round/")
            cards = [card for trick in entry["tricks"] for card in trick]
            for index, card in enumerate(cards):
                pick = f'form.picker button.pick[value="{card}"]:not(.sent)'
                page.click(pick, delay=PRESSES[index % len(PRESSES)])
            page.locator(".action-bar button.confirm").wait_for(timeout=10_000)
            page.wait_for_function(IDLE)
            assert game.rounds.get(number=number).tricks == entry["tricks"]
            page.locator(".action-bar button.confirm").click()
            page.wait_for_url(f"**/rounds/{number}/**")
    finally:
        context.close()
