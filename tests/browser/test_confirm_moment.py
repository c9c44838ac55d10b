"""Confirm is a moment for every phone (issue 22): a viewer on the view link
watches the round's result arrive, then, once the keeper confirms, the
round's story — each score with its new total on the first screen, at
360x780 and 412x915 — and stays on it until the next round's first card is
entered on the edit phone (or taps Next round itself), then follows to the
round. Two browser contexts: the keeper's phone (edit link) and the
viewer's (view link).

The game: second bottle for six players (Matagot deck: the longest story,
the tallest table), two rounds dealt by the engine's simulator; round 1 is
entered through the app's own verb but for its last card, which the keeper
taps. The totals are the engine's (its replay of the stored game)."""

from __future__ import annotations

import time
import uuid

import pytest
from playwright.sync_api import expect

from companion import actions
from companion.forms import Stamp
from companion.models import Game
from companion.present import Replayed
from scoring.cards import card_code
from tests.companion.tables import cards_of, game_for, simulated

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = [(360, 780), (412, 915)]
FOLLOWS = 5.0
"""Seconds a phone may take to follow a change (a 2 s poll, under load)."""

LOOK = """() => {
  const box = (found) => found.getBoundingClientRect();
  return {
    scrollY: window.scrollY,
    scrollWidth: document.documentElement.scrollWidth,
    rows: Array.from(document.querySelectorAll(".story-scores tbody tr")).map((row) => ({
      bottom: box(row).bottom,
      right: box(row).right,
      cells: Array.from(row.children).map((cell) => cell.innerText.trim()),
    })),
  };
}"""


def enter(game: Game, card: str) -> None:
    game.refresh_from_db()
    actions.play_card(game, Stamp(game.version, uuid.uuid4().hex), card_code(card))


@pytest.fixture
def table(browser, live_server, page):
    """The keeper's phone (``page``, 360x780) and a viewer's, of a game whose
    round 1 waits for its last card; yields (game, keeper, viewer, record)."""
    record = simulated("second-bottle", 6, 2, seed=11, edition="matagot")
    game = game_for(record)
    for card in cards_of(record["rounds"][0])[:-1]:
        enter(game, card)
    contexts = []

    def phone(width: int, height: int):
        context = browser.new_context(
            viewport={"width": width, "height": height}, base_url=live_server.url
        )
        contexts.append(context)
        return context.new_page()

    page.set_viewport_size({"width": 360, "height": 780})
    yield game, page, phone, record
    for context in contexts:
        context.close()


def through_confirm(game, keeper, viewer, record) -> float:
    """The keeper taps round 1's last card (the viewer sees the result), then
    Confirm; the seconds until the viewer shows the story."""
    keeper.goto(f"/g/{game.edit_token}/round/")
    viewer.goto(f"/g/{game.view_token}/round/")
    last = cards_of(record["rounds"][0])[-1]
    keeper.locator(f'button[name="card"][value="{last}"]').click()
    expect(keeper.locator("#result-title")).to_have_text("Round 1: the result")
    expect(viewer.locator("#result-title")).to_have_text("Round 1: the result", timeout=10000)

    keeper.get_by_role("button", name="Confirm round 1").click()
    tapped = time.monotonic()
    keeper.wait_for_url(f"**/g/{game.edit_token}/rounds/1/?confirmed")
    viewer.wait_for_url(f"**/g/{game.view_token}/rounds/1/?confirmed", timeout=10000)
    return time.monotonic() - tapped


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_viewer_sees_the_result_the_story_then_the_next_round(table, size, screenshot_dir):
    game, keeper, phone, record = table
    width, height = size
    viewer = phone(width, height)

    to_story = through_confirm(game, keeper, viewer, record)

    # the story, the new totals on the first screen (the engine's)
    expect(viewer.get_by_role("status").first).to_have_text("Round 1 is confirmed.")
    expect(viewer.locator("#story-title")).to_have_text("The story of round 1")
    replayed = Replayed.of(game)
    state = replayed.state
    look = viewer.evaluate(LOOK)
    viewer.screenshot(path=screenshot_dir / f"confirm-moment-viewer-{width}.png")
    assert look["scrollY"] == 0
    assert look["scrollWidth"] <= width
    assert [row["cells"] for row in look["rows"]] == [
        [game.players[line.player], str(line.score), str(state.totals[line.player])]
        for line in state.rounds[0].outcome.lines
    ]
    for row in look["rows"]:
        assert row["bottom"] <= height and row["right"] <= width, row
    assert viewer.locator("#detail form, #detail button").count() == 0

    # the keeper moves on (nothing stored): the viewer stays on the story
    keeper.get_by_role("link", name="Next round:").click()
    keeper.wait_for_url(f"**/g/{game.edit_token}/round/")
    expect(keeper.locator("h1").first).to_contain_text("Round 2")
    viewer.wait_for_timeout(2500)  # a poll's time
    assert viewer.url.endswith(f"/g/{game.view_token}/rounds/1/?confirmed")

    # the next round's first card, tapped on the keeper's phone: the viewer follows
    first = cards_of(record["rounds"][1])[0]
    keeper.locator(f'button[name="card"][value="{first}"]').click()
    keeper.wait_for_function("() => document.getElementById('play').dataset.idle === 'yes'")
    stored = time.monotonic()
    viewer.wait_for_url(f"**/g/{game.view_token}/round/", timeout=FOLLOWS * 1000)
    to_round = time.monotonic() - stored
    expect(viewer.locator("h1").first).to_contain_text("Round 2")
    shown = viewer.locator("#trick-now .slots .slot .face .num").first
    expect(shown).to_have_text(
        keeper.locator("#trick-now .slots .slot .face .num").first.inner_text()
    )
    print(
        f"\n{width}x{height}: Confirm to the viewer's story {to_story:.2f} s,"
        f" first card stored to the viewer's round {to_round:.2f} s"
    )
    assert to_story <= FOLLOWS and to_round <= FOLLOWS


def test_a_viewers_own_next_round_moves_only_that_phone_on(table):
    game, keeper, phone, record = table
    viewer = phone(360, 780)
    through_confirm(game, keeper, viewer, record)
    game.refresh_from_db()
    version = game.version

    viewer.get_by_role("link", name="Next round:").click()
    viewer.wait_for_url(f"**/g/{game.view_token}/round/")
    expect(viewer.locator("h1").first).to_contain_text("Round 2")
    viewer.wait_for_timeout(2500)  # a poll's time: it stays on round 2
    assert viewer.url.endswith(f"/g/{game.view_token}/round/")
    game.refresh_from_db()
    assert game.version == version  # nothing stored
    # the keeper's phone still shows the story
    assert keeper.url.endswith(f"/g/{game.edit_token}/rounds/1/?confirmed")

    # the first card, entered on the edit side, arrives on the viewer's round
    enter(game, cards_of(record["rounds"][1])[0])
    expect(viewer.locator("#trick-now .slots .slot .face:not(.empty)")).to_have_count(
        1, timeout=FOLLOWS * 1000
    )
    # and the keeper's story gives way to the round
    keeper.wait_for_url(f"**/g/{game.edit_token}/round/", timeout=FOLLOWS * 1000)
