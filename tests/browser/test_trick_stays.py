"""The trick just played stays in its slots (issue 22): on the keeper's
phone (edit link, tapping the cards) and on a viewer's (view link), once a
trick's last card is in, its cards stay in their slots in the order played,
the winner marked in words ("wins"), with the ruling beside them, until
the next trick's first card — then they leave, on both phones.

The games are the engine's simulator's; who wins the trick is the
engine's (its replay of the stored game), and the ruling's words are the
engine's explanation of that trick."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from companion.present import Replayed
from tests.companion.tables import cards_of, game_for, simulated

pytestmark = pytest.mark.django_db(transaction=True)

TABLES = [
    # (variant, players, edition, seed, the phones' size)
    ("classic", 4, "classic", 7, (360, 780)),
    ("second-bottle", 6, "matagot", 5, (360, 780)),  # six slots at 360 px
    ("classic", 4, "classic", 7, (412, 915)),
]

SLOTS = """(list) => Array.from(document.querySelectorAll(list + " .slot")).map((slot) => {
  const box = slot.getBoundingClientRect();
  return {
    name: slot.querySelector(".slot-name").innerText.trim(),
    number: slot.querySelector(".face .num").innerText.trim(),
    wins: slot.querySelector(".won-tag") ? slot.querySelector(".won-tag").innerText.trim() : "",
    left: box.left, right: box.right, bottom: box.bottom,
  };
})"""


def idle(keeper) -> None:
    keeper.wait_for_function("() => document.getElementById('play').dataset.idle === 'yes'")


@pytest.mark.parametrize(
    ("variant", "players", "edition", "seed", "size"),
    TABLES,
    ids=["classic-4-360", "second-bottle-6-360", "classic-4-412"],
)
def test_the_trick_just_played_stays_until_the_next_ones_first_card(
    browser, live_server, page, screenshot_dir, variant, players, edition, seed, size
):
    width, height = size
    record = simulated(variant, players, 1, seed, edition=edition)
    game = game_for(record)
    cards = cards_of(record["rounds"][0])
    page.set_viewport_size({"width": width, "height": height})
    context = browser.new_context(viewport=page.viewport_size, base_url=live_server.url)
    viewer = context.new_page()
    try:
        page.goto(f"/g/{game.edit_token}/round/")
        viewer.goto(f"/g/{game.view_token}/round/")
        for card in cards[:players]:
            page.locator(f'button[name="card"][value="{card}"]').click()
        idle(page)

        replayed = Replayed.of(game)
        play = replayed.round_state(1).tricks[0]
        names = replayed.table.players
        assert play.is_complete
        expected = [
            {"name": names[seat], "number": card, "wins": "wins" if seat == play.winner else ""}
            for seat, card in zip(play.players, cards[:players], strict=True)
        ]
        ruling = page.locator("#play-news .ruling-text")
        for phone in (page, viewer):
            kept = phone.locator("#trick-now .slots.last-trick")
            expect(kept).to_be_visible(timeout=10000)
            expect(phone.locator("#play-news .ruling-text")).to_contain_text("Trick 1:")
            slots = phone.evaluate(SLOTS, "#trick-now .slots.last-trick")
            assert [{k: s[k] for k in ("name", "number", "wins")} for s in slots] == expected
            for slot in slots:  # whole on the screen, above the fold
                assert slot["left"] >= 0 and slot["right"] <= width and slot["bottom"] <= height
            expect(phone.locator("#trick-now .slots.upcoming")).to_be_hidden()
            # the ruling names the winner, and the phone asks for the winner's card
            expect(phone.locator("#play-news .ruling-text")).to_have_text(ruling.inner_text())
            expect(phone.locator("h2.asks")).to_have_text(f"{names[play.winner]}'s card")
        assert names[play.winner] in ruling.inner_text()
        page.screenshot(path=screenshot_dir / f"trick-stays-{variant}-{width}.png")

        # the next trick's first card: the trick just played leaves, on both phones
        page.locator(f'button[name="card"][value="{cards[players]}"]').click()
        expect(page.locator("#trick-now .slots.last-trick")).to_be_hidden()
        idle(page)
        for phone in (page, viewer):
            expect(phone.locator("#trick-now .slots.last-trick")).to_have_count(0, timeout=10000)
            first = phone.locator("#trick-now .slots .slot").first
            expect(first.locator(".face .num")).to_have_text(cards[players])
            expect(first.locator(".slot-name")).to_have_text(names[play.winner])
    finally:
        context.close()
