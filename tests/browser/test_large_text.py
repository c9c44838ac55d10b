"""The round screen with large text, in real Chromium (issue 22): the
browser's text size set to 150% and 200% (Chromium's own setting, its
default font size: 24px and 32px instead of 16px), on a 360×780 and a
412×915 phone, in English and German.

At 150% the header, the facts of the trick, its cards and whose card is
asked for are on screen, above the action bar, and every card of the grid
is reached by scrolling the grid alone (the page stays at its top; a tap
stores the card and scrolls nothing). At 200% nothing is cut: no label
wider than its box or ended with "…", the header whole ("Led: ◆ blue", not
"Led: ◆…"), and every card of the grid can be brought into view and tapped.
"""

from __future__ import annotations

import pytest

from tests.browser.test_words_fit import CUT as CUT_AT_USUAL_SIZE
from tests.browser.test_words_fit import LABELS
from tests.companion.tables import cards_of, game_for, simulated

pytestmark = pytest.mark.django_db(transaction=True)

PHONES = [{"width": 360, "height": 780}, {"width": 412, "height": 915}]
LARGE = {"150%": 24, "200%": 32}  # Chromium's default font size, 16px at 100%
LOCALES = {"en": "en-GB", "de": "de-DE"}
ASKS = {"en": "{name}'s card", "de": "Karte von {name}"}
LED = {"en": "Led: ", "de": "Ausgespielt: "}
IDLE = "() => document.getElementById('play')?.dataset.idle === 'yes'"
RECORD = simulated("classic", 3, seed=11)
RECORD["players"] = ["Adam", "Betty", "Christian"]
CARDS = cards_of(RECORD["rounds"][0])
PLAYED = 7  # two tricks and the third's first card: a colour is led
LEFT = 36 - PLAYED  # the classic deck's cards still in the grid

# test_words_fit's check of every label (no text wider than its box, no
# "…" in effect, no button's words taller than the button), a button's
# words measured without its words for screen readers alone (a card's
# "red, 1 coin": one pixel on screen, its line as tall as the text).
CUT = CUT_AT_USUAL_SIZE.replace(
    "range.selectNodeContents(item);\n    const high = range.getBoundingClientRect().height;",
    """const walk = document.createTreeWalker(item, NodeFilter.SHOW_TEXT);
    let top = Infinity, bottom = -Infinity;
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      if (!node.textContent.trim() || node.parentElement.closest(".visually-hidden")) continue;
      range.selectNodeContents(node);
      const line = range.getBoundingClientRect();
      top = Math.min(top, line.top);
      bottom = Math.max(bottom, line.bottom);
    }
    const high = bottom > top ? bottom - top : 0;""",
)
assert CUT != CUT_AT_USUAL_SIZE

ON_SCREEN = """() => {
  const bar = document.querySelector("#play .action-bar").getBoundingClientRect().top;
  const box = (selector) => {
    const r = document.querySelector(selector).getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
  };
  return {
    bar, width: window.innerWidth, scrollY: window.scrollY,
    parts: {head: box(".round-head"), facts: box("#play .facts"),
            slots: box("#play .slots"), asks: box("#play .asks")},
    facts: document.querySelector("#play .facts").innerText,
    asks: document.querySelector("#play .asks").innerText,
  };
}"""

# Each card of the grid scrolled to within the grid alone (the page is not
# scrolled): whether it then lies wholly above the action bar, on screen,
# and is the element a finger there touches.
BY_THE_GRID = """() => {
  const grid = document.querySelector("#play form.picker .cards");
  const bar = document.querySelector("#play .action-bar").getBoundingClientRect().top;
  const shown = grid.getBoundingClientRect();
  const found = [];
  for (const button of grid.querySelectorAll("button.pick:not(.gone)")) {
    let r = button.getBoundingClientRect();
    if (r.bottom > shown.bottom) grid.scrollTop += r.bottom - shown.bottom + 1;
    if (r.top < shown.top) grid.scrollTop -= shown.top - r.top + 1;
    r = button.getBoundingClientRect();
    const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
    const hit = document.elementFromPoint(x, y);
    found.push({card: button.value, top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                bar, width: window.innerWidth, touched: !!hit && button.contains(hit)});
  }
  grid.scrollTop = 0;
  return {cards: found, scrollY: window.scrollY,
          scrolls: grid.scrollHeight > grid.clientHeight};
}"""

# Each card of the grid brought into view, the page (and the grid, where it
# scrolls) scrolled to it as a finger would, to the middle of the screen:
# whether it is then whole above the bar and touched.
INTO_VIEW = """() => {
  const found = [];
  for (const button of document.querySelectorAll("#play form.picker button.pick:not(.gone)")) {
    button.scrollIntoView({block: "center"});
    const bar = document.querySelector("#play .action-bar").getBoundingClientRect().top;
    const r = button.getBoundingClientRect();
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    found.push({card: button.value, top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                bar, width: window.innerWidth, touched: !!hit && button.contains(hit)});
  }
  window.scrollTo(0, 0);
  return found;
}"""


def whole_above_the_bar(box: dict, bar: float, width: float) -> bool:
    return (
        box["top"] >= -0.5
        and box["bottom"] <= bar + 0.5
        and box["left"] >= -0.5
        and box["right"] <= width + 0.5
    )


def round_with_large_text(browser, live_server, phone: dict, size: int, language: str):
    """A context whose Chromium draws text at ``size`` px by default, and
    its page on the round screen, PLAYED cards in."""
    context = browser.new_context(
        viewport=phone, base_url=live_server.url, locale=LOCALES[language]
    )
    page = context.new_page()
    settings = context.new_cdp_session(page)
    settings.send("Page.enable")
    settings.send("Page.setFontSizes", {"fontSizes": {"standard": size, "fixed": size}})
    game = game_for(RECORD)
    page.goto(f"/g/{game.edit_token}/round/")
    assert page.evaluate("getComputedStyle(document.documentElement).fontSize") == f"{size}px"
    for card in CARDS[:PLAYED]:
        button = page.locator(f'form.picker button.pick[value="{card}"]')
        button.evaluate("node => node.scrollIntoView({block: 'nearest'})")
        button.click()
        page.wait_for_function(IDLE)
    page.evaluate("window.scrollTo(0, 0)")
    return context, page, game


def asked_name(page) -> str:
    return page.locator("#play .slot.next .slot-name").text_content().strip()


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("phone", PHONES, ids=["360x780", "412x915"])
def test_at_150_percent_the_trick_stays_on_screen_and_the_grid_scrolls_within_itself(
    browser, live_server, screenshot_dir, phone, language
):
    context, page, _ = round_with_large_text(browser, live_server, phone, LARGE["150%"], language)
    name = f"large-text-150-{phone['width']}-{language}"
    page.screenshot(path=screenshot_dir / f"{name}.png")

    look = page.evaluate(ON_SCREEN)
    assert look["scrollY"] == 0
    for part, box in look["parts"].items():
        assert whole_above_the_bar(box, look["bar"], look["width"]), (part, box, look["bar"])
    assert look["asks"].startswith(ASKS[language].format(name=asked_name(page)))
    assert LED[language] in look["facts"]

    reached = page.evaluate(BY_THE_GRID)
    assert len(reached["cards"]) == LEFT
    assert reached["scrollY"] == 0  # the grid scrolled, not the page
    away = [c["card"] for c in reached["cards"] if not whole_above_the_bar(c, c["bar"], c["width"])]
    assert away == []
    assert [c["card"] for c in reached["cards"] if not c["touched"]] == []
    assert page.evaluate(CUT, LABELS) == []

    # the last card of the grid, tapped where the grid shows it: stored, and
    # the page still at its top
    last = page.locator("#play form.picker button.pick:not(.gone)").last
    last.evaluate("node => node.scrollIntoView({block: 'nearest'})")
    assert page.evaluate("window.scrollY") == 0
    card = last.get_attribute("value")
    box = last.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.locator(f'#play form.picker button.pick.gone[value="{card}"]').wait_for(state="attached")
    page.wait_for_function(IDLE)
    assert page.evaluate("window.scrollY") == 0
    page.screenshot(path=screenshot_dir / f"{name}-tapped.png")
    context.close()


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("phone", PHONES, ids=["360x780", "412x915"])
def test_at_200_percent_nothing_is_cut_and_every_card_can_be_tapped(
    browser, live_server, screenshot_dir, phone, language
):
    context, page, _ = round_with_large_text(browser, live_server, phone, LARGE["200%"], language)
    name = f"large-text-200-{phone['width']}-{language}"
    page.screenshot(path=screenshot_dir / f"{name}.png")

    assert page.evaluate(CUT, LABELS) == []
    look = page.evaluate(ON_SCREEN)
    for part, box in look["parts"].items():
        assert whole_above_the_bar(box, look["bar"], look["width"]), (part, box, look["bar"])
    led = page.locator("#play .facts .led").inner_text()
    assert led.startswith(LED[language].strip()) and not led.endswith("…")
    assert page.locator("#play .led-colour").evaluate(
        "node => node.getBoundingClientRect().right <= window.innerWidth"
    )

    reached = page.evaluate(INTO_VIEW)
    assert len(reached) == LEFT
    away = [c["card"] for c in reached if not whole_above_the_bar(c, c["bar"], c["width"])]
    assert away == []
    assert [c["card"] for c in reached if not c["touched"]] == []
    context.close()
