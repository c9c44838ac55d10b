"""Playing on a phone in real Chromium: set up a game of three through the
form, tap a whole round's cards (a simulated legal deal), read the engine's
ruling and scores on the screen; the app plays Lopaka's card; the screens
fit a 360px phone with thumb-sized cards."""

from __future__ import annotations

import re

import pytest

from companion import actions
from companion.models import Game
from companion.replay import game_state
from scoring.record import parse_record, replay
from scoring.scores import reason
from scoring.simulate import simulate
from scoring.tricks import explain_play

NAMES = ["Adam", "Betty", "Christian"]
LOPAKA_HAND = ["1", "2", "3", "5", "7", "9", "12", "17", "18", "32", "36"]


def tap_card(page, card: str) -> None:
    """Tap a card in the picker and wait until it is stored: it leaves the
    grid (a gap). (Taps that do not wait: tests/browser/test_fast_taps.py.)"""
    page.locator(f'form.picker button[value="{card}"]').click()
    page.locator(f'form.picker button[value="{card}"]:not(.gone)').wait_for(state="detached")


def no_horizontal_scroll(page, width: int) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.django_db(transaction=True)
def test_set_up_and_play_a_whole_round_of_three(page, screenshot_dir):
    record = simulate("classic", 3, rounds=1, seed=21, edition="classic")
    dealer = NAMES[record["first_dealer"]]

    page.goto("/new/")
    page.get_by_label("Classic (Bambus, Z-Man, Stronghold): 36 cards, 2–4 players").check()
    for seat, name in enumerate(NAMES):
        page.fill(f"#id_name_{seat}", name)
    page.press(f"#id_name_{len(NAMES) - 1}", "Tab")  # the change: the variants for three
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    assert page.locator("#variant-now").inner_text() == "Classic"
    page.locator("summary", has_text="First dealer:").click()
    page.get_by_label("Who deals the first round?").select_option(dealer)
    page.screenshot(path=screenshot_dir / "new-game.png", full_page=True)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/round/")
    # the view link's QR, open once after Start for the others to scan: closed
    page.locator("#table-qr form[method=dialog] button").click()

    game = Game.objects.get()
    assert game.players == NAMES and game.first_dealer == record["first_dealer"]
    engine = replay(parse_record({**record, "players": NAMES}))
    first = engine.rounds[0]
    tricks = record["rounds"][0]["tricks"]
    assert page.locator("h2.asks").inner_text() == f"{NAMES[first.shape.first_leader]}'s card"
    page.screenshot(path=screenshot_dir / "round-start.png", full_page=True)

    for card in tricks[0]:
        tap_card(page, card)
    ruling = page.locator(".ruling-text").inner_text()
    assert str(explain_play(first.tricks[0], first.shape.names)) in ruling
    assert f"{first.tricks[0].points} coins in the trick" in page.locator(".ruling").inner_text()
    page.screenshot(path=screenshot_dir / "round-ruling.png", full_page=False)

    tap_card(page, tricks[1][0])
    page.screenshot(path=screenshot_dir / "round-picker.png", full_page=False)
    for trick in tricks[1:]:
        for card in trick[1:] if trick is tricks[1] else trick:
            tap_card(page, card)

    page.get_by_text("Why these scores").click()  # the reasons, one tap away
    result = page.locator(".result").inner_text()
    state = game_state(game).rounds[0]
    assert state.complete
    for line in state.outcome.lines:
        why = reason(
            line, state.shape.names, state.trick_points[line.player], state.penalty, game.edition
        )
        assert str(why) in result
        assert str(line.score) in result
    page.screenshot(path=screenshot_dir / "round-result.png", full_page=True)

    page.get_by_role("button", name="Confirm round 1").click()
    # The table first sees the story of round 1, then goes on to round 2.
    page.locator("h2", has_text="The story of round 1").wait_for()
    page.get_by_role("link", name=re.compile(r"^Next round: ")).click()
    page.locator("h1", has_text="Round 2").wait_for()
    page.goto(f"/g/{game.edit_token}/")
    page.screenshot(path=screenshot_dir / "standings.png", full_page=True)
    totals = page.locator(".ranking .total").all_inner_texts()
    assert sorted(int(total) for total in totals) == sorted(state.outcome.scores)


@pytest.mark.django_db(transaction=True)
def test_the_app_plays_lopakas_card(page, screenshot_dir):
    game = actions.create_game(players=["Adam", "Betty"], variant="lopaka", goal_rounds=4)

    page.goto(f"/g/{game.edit_token}/round/")
    hand = page.locator("#lopaka-first")  # entered first, in place of the picker
    for card in LOPAKA_HAND:
        hand.locator(f'label.pick:has(input[value="{card}"])').click()
    hand.get_by_role("button", name="Save Lopaka's hand").click()
    page.locator("details.known-hand summary", has_text="✓").wait_for()

    tap_card(page, "24")

    assert "Lopaka must follow blue and 32 is the highest card that wins the trick." in (
        page.locator(".notes").inner_text()
    )
    slots = page.locator(".slots").inner_text()
    assert "24" in slots and "32" in slots
    assert page.locator("h2.asks").inner_text() == "Adam's card"
    page.screenshot(path=screenshot_dir / "lopaka.png", full_page=True)
    assert game.rounds.get(number=1).tricks == [["24", "32"]]


@pytest.mark.django_db(transaction=True)
def test_the_screens_fit_a_360px_phone_with_thumb_sized_cards(browser, live_server):
    game = actions.create_game(
        players=["Adam", "Betty", "Christian", "Doris", "Eve", "Frank"],
        variant="second-bottle",
        edition="matagot",
    )
    context = browser.new_context(viewport={"width": 360, "height": 740}, base_url=live_server.url)
    page = context.new_page()
    try:
        for path in ("/new/", f"/g/{game.edit_token}/round/", f"/g/{game.edit_token}/"):
            page.goto(path)
            assert no_horizontal_scroll(page, 360), path
        page.goto(f"/g/{game.edit_token}/round/")
        heights = page.evaluate(
            """() => Array.from(document.querySelectorAll('form.picker button.pick'))
                 .map(el => el.getBoundingClientRect().height)"""
        )
        assert len(heights) == 54
        assert min(heights) >= 44
        widths = page.evaluate(
            """() => Array.from(document.querySelectorAll('form.picker button.pick'))
                 .map(el => el.getBoundingClientRect().width)"""
        )
        assert min(widths) >= 44
    finally:
        context.close()


@pytest.mark.django_db(transaction=True)
def test_the_tricks_list_loads_when_opened_after_a_card(page):
    game = actions.create_game(players=NAMES, variant="classic")

    page.goto(f"/g/{game.edit_token}/round/")
    for card in ("24", "15", "17", "4", "6", "8"):
        tap_card(page, card)
    page.locator("details.tricks summary").click()

    page.get_by_text("Delete trick 1…").wait_for()
    assert "Adam wins the trick" in page.locator("details.tricks").inner_text()
    page.get_by_text("Delete trick 1…").click()  # it asks first
    page.get_by_role("button", name="Yes, delete trick 1").click()
    page.locator("details.tricks summary", has_text="(1)").wait_for()
    # Betty leads the first trick now, each card with its player
    assert Game.objects.get().rounds.get().tricks == [["6", "8", "4"]]
