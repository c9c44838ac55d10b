"""Every label of the round screen reads whole on a 360×780 phone, in
English and German (issue 20): no label or button is cut (its text is no
wider than its box, and no ellipsis is in effect), the screen asks for the
next player's card in the reader's language while cards wait to be sent,
"sending…" under a waiting card lies clear of the card's coins and of the
player's name, and in the 54-card grid of a Matagot table every number
("10.5" … "36.5") and its coins lie inside the card's padding box, clear of
the led colour's corner mark.

The table plays a second-bottle round of five or six with long names; the
cards are a simulated round's (tests/companion/tables.py), so the engine
takes each of them.
"""

from __future__ import annotations

import pytest
from django.test import Client

from tests.companion.conftest import Seat
from tests.companion.tables import cards_of, game_for, simulated

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 360, "height": 780}
IDLE = "() => document.getElementById('play')?.dataset.idle === 'yes'"
NAMES = ["Annemarie", "Bartholomäus", "Christiane", "Dan", "Evangelina", "Friedemann"]
ASKS = {"en-GB": "{name}'s card", "de-DE": "Karte von {name}"}
NEXT_TRICK = {
    "en-GB": "Next trick: led by this trick's winner",
    "de-DE": "Nächster Stich: Wer diesen gewinnt, spielt aus",
}

LABELS = (
    "button, a.button, summary, label, h1, h2, .who, .facts p, .bottles-now li, .asks, "
    ".slot-name, .sending-tag, .num, .queue, .undone"
)

CUT = """labels => {
  const cut = [];
  for (const item of document.querySelectorAll("body *")) {
    if (item.closest(".visually-hidden, [hidden], template, .gone, .sent")) continue;
    const box = item.getBoundingClientRect();
    if (!box.width || !box.height || !item.clientWidth) continue;
    const style = getComputedStyle(item);
    if (style.visibility === "hidden") continue;
    const text = Array.from(item.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim());
    const label = item.matches(labels);
    if (!text && !label) continue;
    const range = document.createRange();
    range.selectNodeContents(item);
    const high = range.getBoundingClientRect().height;
    const taller = item.matches("button") && high > item.clientHeight;
    const wider = item.scrollWidth > item.clientWidth || taller;
    const clipped = wider && (label || style.overflowX !== "visible");
    const ellipsis = wider && style.textOverflow === "ellipsis";
    if (clipped || ellipsis) {
      cut.push(`${item.className || item.tagName}: ${item.textContent.trim()}`
        + ` (${item.scrollWidth}×${Math.round(high)}`
        + ` in ${item.clientWidth}×${item.clientHeight})`);
    }
  }
  return cut;
}"""

SENDING = """() => Array.from(document.querySelectorAll("#play .slot.sending"), (slot) => {
  const box = (node) => node.getBoundingClientRect();
  const apart = (a, b) =>
    a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
  const tag = box(slot.querySelector(".sending-tag"));
  const meta = box(slot.querySelector(".face .meta"));
  const name = box(slot.querySelector(".slot-name"));
  return {coins: apart(tag, meta), name: apart(tag, name)};
})"""

GRID = """() => {
  const picks = document.querySelectorAll("#play form.picker button.pick:not(.gone)");
  const px = (value) => parseFloat(value) || 0;
  const textOf = (node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return range.getBoundingClientRect();
  };
  const apart = (a, b) =>
    a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
  return Array.from(picks, (button) => {
    const face = button.querySelector(".face");
    const outer = face.getBoundingClientRect();
    const left = outer.left + face.clientLeft, top = outer.top + face.clientTop;
    const pad = {left, top, right: left + face.clientWidth, bottom: top + face.clientHeight};
    const ring = button.classList.contains("led") ? 2 : 0;  // the led colour's inset ring
    const texts = [textOf(face.querySelector(".num")), textOf(face.querySelector(".meta"))];
    const inside = texts.every((t) => t.left >= pad.left + ring && t.right <= pad.right - ring
      && t.top >= pad.top + ring && t.bottom <= pad.bottom - ring);
    let covered = false;
    if (ring) {
      const mark = getComputedStyle(face, "::after");
      // border-box: the width and height hold the borders that draw the mark
      const borders = mark.boxSizing !== "border-box";
      const across = borders ? px(mark.borderLeftWidth) + px(mark.borderRightWidth) : 0;
      const down = borders ? px(mark.borderTopWidth) + px(mark.borderBottomWidth) : 0;
      const right = pad.right - px(mark.right);
      const markTop = pad.top + px(mark.top);
      const corner = {
        left: right - px(mark.width) - across, right,
        top: markTop, bottom: markTop + px(mark.height) + down,
      };
      covered = texts.some((t) => !apart(corner, t));
    }
    return {card: button.value, led: !!ring, inside, covered};
  });
}"""


def tap(page, card: str) -> None:
    page.click(f'form.picker button.pick[value="{card}"]')


def cut(page) -> list[str]:
    return page.evaluate(CUT, LABELS)


@pytest.mark.parametrize(
    ("language", "players"),
    [("de-DE", 5), ("en-GB", 5), ("de-DE", 6)],
)
def test_the_round_screen_reads_whole_at_360(
    browser, live_server, screenshot_dir, language, players
):
    record = simulated("second-bottle", players, seed=3, edition="matagot")
    record["players"] = NAMES[:players]
    game = game_for(record)
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, locale=language)
    page = context.new_page()
    shot = f"words-{language}-{players}"
    page.goto(f"/g/{game.edit_token}/round/")
    cards = cards_of(record["rounds"][0])
    first = players + 2  # into the second trick: a colour is led
    for card in cards[:first]:
        tap(page, card)
        page.wait_for_function(IDLE)

    assert cut(page) == []
    grid = page.evaluate(GRID)
    halves = [item for item in grid if "." in item["card"]]
    assert len(grid) == 54 - first and any(item["led"] for item in halves)
    assert [item["card"] for item in grid if not item["inside"]] == []
    assert [item["card"] for item in grid if item["covered"]] == []
    page.screenshot(path=screenshot_dir / f"{shot}-grid.png")

    context.set_offline(True)
    tap(page, cards[first])
    tap(page, cards[first + 1])
    page.locator("#play .slot.sending").nth(1).wait_for()
    nxt = page.locator("#play .slot.next .slot-name").text_content()
    assert page.locator("#play .asks").text_content() == ASKS[language].format(name=nxt)
    assert page.evaluate(SENDING) == [{"coins": True, "name": True}] * 2
    assert cut(page) == []
    page.screenshot(path=screenshot_dir / f"{shot}-waiting.png")

    # the trick's last cards too: the next trick's leader is the winner, not known yet
    for card in cards[first + 2 : 2 * players]:
        tap(page, card)
    page.locator("#queue-status", has_text=str(2 * players - first)).wait_for()
    assert page.locator("#play .asks").text_content() == NEXT_TRICK[language]
    assert cut(page) == []
    page.screenshot(path=screenshot_dir / f"{shot}-trick-waits.png")

    context.set_offline(False)
    page.wait_for_function(IDLE)
    page.locator("#play .undo-bar form[action$='/undo/'] button").click()
    page.locator("#play .undo-bar .undone").wait_for()
    page.wait_for_function(IDLE)
    assert cut(page) == []
    page.screenshot(path=screenshot_dir / f"{shot}-undone.png")
    context.close()


@pytest.mark.parametrize("language", ["de-DE", "en-GB"])
def test_the_bar_with_confirm_reads_whole_at_360(browser, live_server, screenshot_dir, language):
    record = simulated("second-bottle", 5, seed=3, edition="matagot")
    record["players"] = NAMES[:5]
    game = game_for(record)
    cards = cards_of(record["rounds"][0])
    Seat(Client(), game, game.edit_token).play(*cards[:-1])
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, locale=language)
    page = context.new_page()
    page.goto(f"/g/{game.edit_token}/round/")

    tap(page, cards[-1])
    page.locator("#play button.confirm").wait_for()
    page.wait_for_function(IDLE)

    assert page.locator("#play .undo-bar form[action$='/undo/'] button").is_visible()
    assert cut(page) == []
    page.screenshot(path=screenshot_dir / f"words-{language}-confirm.png")

    page.locator("#play button.confirm").click()
    page.locator(".story").wait_for()
    page.goto(f"/g/{game.edit_token}/")
    assert page.locator("table.rounds").is_visible()
    fits = "node => node.scrollWidth <= node.clientWidth"  # whole, without scrolling sideways
    assert page.locator(".table-scroll:has(table.rounds)").evaluate(fits)
    assert cut(page) == []
    page.screenshot(path=screenshot_dir / f"words-{language}-game.png", full_page=True)
    page.locator("table.rounds").screenshot(path=screenshot_dir / f"words-{language}-rounds.png")
    context.close()
