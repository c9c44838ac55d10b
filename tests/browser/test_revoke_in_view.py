"""A revoke on the round screen at 360×780, in real Chromium, in English and
German, at the usual text size and at 150% (issue 22): the header's
"⚠ Revoke? Christian, trick 1" is whole and on screen (not "⚠ Revoke? B…"),
its warning's Let it stand is never under the action bar when the page is
scrolled to it, and once the table lets it stand the screen is back at its
top with the grid in view (not left 573 px down with the grid off-screen).
"""

from __future__ import annotations

import pytest

from companion import actions
from companion.models import Round

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 360, "height": 780}
# Betty leads blue 24; Christian plays 15 and Adam wins with 17; Adam leads
# 4 and Betty follows with 6; Christian's 8 is blue: he did not follow it in
# trick 1.
CARDS = ["24", "15", "17", "4", "6", "8"]
IDLE = "() => document.getElementById('play')?.dataset.idle === 'yes'"
WORDS = {
    "en": {
        "locale": "en-GB",
        "chip": "⚠ Revoke? Christian, trick 1",
        "stand": "Let it stand",
        "undo": "↶ Undo: Let Christian's revoke stand in round 1",
    },
    "de": {
        "locale": "de-DE",
        "chip": "⚠ Nicht bedient? Christian, Stich 1",
        "stand": "So stehen lassen",
        "undo": "↶ Rückgängig: Nicht bedient von Christian in Runde 1: so stehen gelassen",
    },
}
SIZES = {"100%": 16, "150%": 24}  # Chromium's default font size

BOX = """node => {
  const r = node.getBoundingClientRect();
  const bar = document.querySelector("#play .action-bar").getBoundingClientRect().top;
  const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, bar,
          width: window.innerWidth, scrollY: window.scrollY,
          wide: node.scrollWidth, shown: node.clientWidth,
          tall: node.scrollHeight, high: node.clientHeight,
          touched: !!hit && node.contains(hit)};
}"""


def on_screen_above_the_bar(box: dict) -> bool:
    return (
        box["top"] >= -0.5
        and box["bottom"] <= box["bar"] + 0.5
        and box["left"] >= -0.5
        and box["right"] <= box["width"] + 0.5
        and box["touched"]
    )


def whole(box: dict) -> bool:
    return box["wide"] <= box["shown"] and box["tall"] <= box["high"]


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
@pytest.mark.parametrize("language", ["en", "de"])
def test_the_revoke_and_let_it_stand_are_whole_on_screen_and_the_grid_comes_back(
    browser, live_server, screenshot_dir, language, size
):
    words = WORDS[language]
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, locale=words["locale"])
    page = context.new_page()
    settings = context.new_cdp_session(page)
    settings.send("Page.enable")
    settings.send("Page.setFontSizes", {"fontSizes": {"standard": SIZES[size], "fixed": 16}})
    game = actions.create_game(players=["Adam", "Betty", "Christian"], variant="classic")
    page.goto(f"/g/{game.edit_token}/round/")
    for card in CARDS:
        button = page.locator(f'form.picker button.pick[value="{card}"]')
        button.evaluate("node => node.scrollIntoView({block: 'nearest'})")
        button.click()
        page.wait_for_function(IDLE)
    page.evaluate("window.scrollTo(0, 0)")
    name = f"revoke-in-view-{language}-{size.rstrip('%')}"

    chip = page.locator(".round-head .revoke-chip")
    assert chip.inner_text().split() == words["chip"].split()
    box = chip.evaluate(BOX)
    assert on_screen_above_the_bar(box) and whole(box), box
    assert box["bottom"] - box["top"] >= 44
    page.screenshot(path=screenshot_dir / f"{name}-chip.png")

    # The page scrolled down to Let it stand as a browser scrolls to what
    # comes into view from below (a keyboard's focus, a screen reader):
    # its lower edge at the screen's foot, but never under the action bar.
    stand = page.locator("#revokes").get_by_role("button", name=words["stand"])
    stand.evaluate("node => node.scrollIntoView({block: 'end'})")
    box = stand.evaluate(BOX)
    assert box["scrollY"] > 0
    assert on_screen_above_the_bar(box) and whole(box), box
    page.screenshot(path=screenshot_dir / f"{name}-stand.png")

    box = stand.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.get_by_role("button", name=words["undo"]).wait_for()
    page.wait_for_function(IDLE)
    assert Round.objects.get(game=game).settled_revokes
    assert page.locator("#revokes .banner.warning").count() == 0

    # htmx scrolls to the top (show:window:top) once the swap has settled
    page.wait_for_function("() => window.scrollY === 0")
    first = page.locator("#play form.picker button.pick:not(.gone)").first
    assert on_screen_above_the_bar(first.evaluate(BOX))
    assert on_screen_above_the_bar(page.locator("#play .asks").evaluate(BOX))
    page.screenshot(path=screenshot_dir / f"{name}-settled.png")
    context.close()
