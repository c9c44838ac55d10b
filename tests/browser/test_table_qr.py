"""The table's link one tap after Start (issue 25), on a 360×780 phone: the
round screen opens the view link's QR code by itself once right after
*Start* (until it is closed), and its header's QR button opens it again in
one tap at any time, 300 px wide, with the phone's share sheet where the
browser has one (Web Share) and Copy where it has not. The button takes no
room of its own: the header is as tall with it as without it, in English
and German, for every dealer of five and six long names, with and without
a goal in rounds, at the usual text size and at 150% (where the dealer's
line is under the round's number: beside "Round 1" the button took a
second line for some dealers, Bartholomäus 51.75 -> 77.6 px).
While a revoke waits for the table, the QR button stands beside the
revoke's button, in the dealer's place: still one tap, and the header no
taller for it (the grid does not move when the revoke comes)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from companion import actions
from companion.models import Game
from tests.browser.test_accessibility import AXE, run_axe
from tests.browser.test_revoke_in_view import CARDS as CARDS_TO_A_REVOKE
from tests.companion.tables import cards_of, simulated
from tests.companion.test_play_again import FINISHED

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 360, "height": 780}
NAMES = ["Annemarie", "Bartholomäus", "Christiane", "Dan", "Evangelina", "Friedemann"]
BUTTON_EN = "The table's QR code: follow the game on another phone"
BUTTON_DE = "QR-Code des Tisches: die Partie auf einem anderen Handy verfolgen"
IDLE = "() => document.getElementById('play')?.dataset.idle === 'yes'"
SHARE_SHEET = """() => {
  window.shared = [];
  navigator.share = (data) => { window.shared.push(data); return Promise.resolve(); };
}"""
HEAD = """() => {
  const head = document.querySelector(".round-head");
  const button = head.querySelector(".qr-open");
  const shown = head.getBoundingClientRect().height;
  button.style.display = "none";
  const without = head.getBoundingClientRect().height;
  button.style.display = "";
  return [shown, without];
}"""

BESIDE = HEAD.replace(".qr-open", ".revoke-place > .qr-open")
assert BESIDE != HEAD
# Whether a finger anywhere on a 44×44 square around the button's middle
# touches the button.
TARGET = """node => {
  const r = node.getBoundingClientRect();
  const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
  const missed = [];
  for (const dx of [-21, 0, 21]) for (const dy of [-21, 0, 21]) {
    const hit = document.elementFromPoint(x + dx, y + dy);
    if (!hit || !node.contains(hit)) missed.push([dx, dy, hit && hit.className]);
  }
  return missed;
}"""
LOOK = """() => ({
  head: document.querySelector(".round-head").getBoundingClientRect().height,
  grid: document.querySelector("form.picker").getBoundingClientRect().top,
  wide: document.documentElement.scrollWidth,
})"""


def start(page, names: list[str]) -> Game:
    page.goto("/new/")
    page.get_by_label("Classic (Bambus, Z-Man, Stronghold): 36 cards, 2–4 players").check()
    for seat, name in enumerate(names):
        page.fill(f"#id_name_{seat}", name)
    page.press(f"#id_name_{len(names) - 1}", "Tab")
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/round/")
    return Game.objects.get()


def qr_width(page) -> float:
    box = page.locator("#table-qr .qr svg").bounding_box()
    assert box is not None
    return box["width"]


def test_from_start_to_the_qr_in_one_tap(browser, live_server, screenshot_dir):
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, locale="en-GB")
    page = context.new_page()
    game = start(page, NAMES[:3])
    view_url = f"{live_server.url}/g/{game.view_token}/"

    # Right after Start: the QR is open by itself, a modal, 300 px wide.
    panel = page.locator("#table-qr")
    expect(panel).to_be_visible()
    assert page.evaluate("document.getElementById('table-qr').matches(':modal')")
    assert qr_width(page) == pytest.approx(300, abs=1)
    assert page.locator("#table-qr-url").input_value() == view_url
    # No share sheet in this browser: Copy, not Share….
    expect(panel.get_by_role("button", name="Copy")).to_be_visible()
    expect(panel.get_by_role("button", name="Share…")).to_be_hidden()
    page.screenshot(path=screenshot_dir / "table-qr-after-start-360.png")
    panel.get_by_role("button", name="Close").click()
    expect(panel).to_be_hidden()

    # Shown once: the next look at the round screen does not open it.
    page.reload()
    page.locator("#round").wait_for()
    expect(panel).to_be_hidden()

    # One tap from the round screen, at any time (after a card too).
    record = simulated("classic", 3, 1, seed=21, edition="classic")
    card = cards_of(record["rounds"][0])[0]
    page.click(f'form.picker button.pick[value="{card}"]')
    page.wait_for_function(IDLE)
    button = page.get_by_role("link", name=BUTTON_EN)
    box = button.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 60  # in the header
    assert button.evaluate(TARGET) == []  # a 44px target, nothing over it
    button.click()
    expect(panel).to_be_visible()
    assert qr_width(page) == pytest.approx(300, abs=1)
    assert page.evaluate("window.scrollX") == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=screenshot_dir / "table-qr-one-tap-360.png")
    context.close()


def test_the_share_sheet_where_the_browser_has_one(browser, live_server):
    game = actions.create_game(players=NAMES[:4], variant="classic")
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, locale="de-DE")
    context.add_init_script(f"({SHARE_SHEET})()")
    page = context.new_page()
    page.goto(f"/g/{game.edit_token}/round/")
    page.get_by_role("link", name=BUTTON_DE).click()
    panel = page.locator("#table-qr")
    expect(panel).to_be_visible()
    expect(panel.get_by_role("button", name="Kopieren")).to_be_hidden()
    panel.get_by_role("button", name="Teilen…").click()
    page.wait_for_function("() => window.shared.length === 1")
    shared = page.evaluate("window.shared[0]")
    assert shared["url"] == f"{live_server.url}/g/{game.view_token}/"
    context.close()


def test_without_javascript_the_button_leads_to_the_share_page(browser, live_server):
    game = actions.create_game(players=NAMES[:4], variant="classic")
    context = browser.new_context(
        viewport=PHONE, base_url=live_server.url, java_script_enabled=False
    )
    page = context.new_page()
    page.goto(f"/g/{game.view_token}/round/")
    page.get_by_role("link", name=BUTTON_EN).click()
    page.wait_for_url(f"**/g/{game.view_token}/share/")
    # the view link's QR code first, then the seats' (issue 24)
    assert page.locator(".qr svg").count() == 2
    link = f"{live_server.url}/g/{game.view_token}/"
    assert page.locator(".share-link input.copy-field").first.input_value() == link
    context.close()


def test_a_rematch_opens_the_qr_of_its_own_view_link(browser, live_server):
    from companion.transfer import import_record

    game = import_record(FINISHED)
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, locale="en-GB")
    page = context.new_page()
    page.goto(f"/g/{game.edit_token}/")
    page.get_by_role("button", name="Play again").click()
    rematch = Game.objects.get(follows=game)
    page.wait_for_url(f"**/g/{rematch.edit_token}/round/")
    expect(page.locator("#table-qr")).to_be_visible()
    assert page.locator("#table-qr-url").input_value().endswith(f"/g/{rematch.view_token}/")
    context.close()


GOALS = {16: (None, 1, 10), 24: (None, 1, 10)}
"""The goals in rounds tried at each text size (px: 100%, 150%)."""


@pytest.mark.parametrize("size", GOALS)
@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
@pytest.mark.parametrize("players", [5, 6])
def test_the_header_is_as_tall_with_the_button_as_without(
    browser, live_server, locale, size, players
):
    heights = []
    for goal in GOALS[size]:
        for dealer in range(players):
            game = actions.create_game(
                players=NAMES[:players],
                variant="second-bottle",
                edition="matagot",
                first_dealer=dealer,
                goal_rounds=goal,
            )
            heights.append((game, dealer, goal))
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, locale=locale)
    page = context.new_page()
    settings = context.new_cdp_session(page)
    settings.send("Page.enable")
    settings.send("Page.setFontSizes", {"fontSizes": {"standard": size, "fixed": size}})
    changed = []
    for game, dealer, goal in heights:
        page.goto(f"/g/{game.edit_token}/round/")
        shown, without = page.evaluate(HEAD)
        if shown != without:
            changed.append((NAMES[dealer], goal, shown, without))
    context.close()
    assert changed == []


def test_the_open_panel_and_the_share_pages_have_no_serious_violation(browser, live_server):
    axe_source = AXE.read_text(encoding="utf-8")
    game = actions.create_game(players=NAMES[:4], variant="classic")
    group = actions.create_group("Thursday table", NAMES[:4])
    context = browser.new_context(viewport=PHONE, base_url=live_server.url)
    page = context.new_page()
    page.goto(f"/g/{game.edit_token}/round/")
    page.get_by_role("link", name=BUTTON_EN).click()
    expect(page.locator("#table-qr")).to_be_visible()
    found = {"round": run_axe(page, axe_source)}
    for path in (f"/groups/{group.edit_token}/share/?edit=1", f"/g/{game.edit_token}/share/"):
        page.goto(path)
        found[path] = run_axe(page, axe_source)
    context.close()
    assert found == {key: [] for key in found}


@pytest.mark.parametrize("size", [16, 24], ids=["100%", "150%"])
@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_while_a_revoke_waits_the_qr_is_one_tap_away(
    browser, live_server, screenshot_dir, locale, size
):
    """The revoke's button takes the dealer's place; the QR button stays in
    the header beside it, a 44px target, and opens the panel in one tap.
    The header is as tall with it as without it, and at the usual size the
    grid is where it was before the revoke ("Round 1 of 3": the revoke's
    button says "⚠ Christian, trick 1" on up to three lines in 44px)."""
    game = actions.create_game(
        players=["Adam", "Betty", "Christian"], variant="classic", goal_rounds=3
    )
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, locale=locale)
    page = context.new_page()
    settings = context.new_cdp_session(page)
    settings.send("Page.enable")
    settings.send("Page.setFontSizes", {"fontSizes": {"standard": size, "fixed": 16}})
    page.goto(f"/g/{game.edit_token}/round/")
    looks = []
    for card in CARDS_TO_A_REVOKE:  # Christian's 8 does not follow blue
        button = page.locator(f'form.picker button.pick[value="{card}"]')
        button.evaluate("node => node.scrollIntoView({block: 'nearest'})")
        button.click()
        page.wait_for_function(IDLE)
        page.evaluate("window.scrollTo(0, 0)")
        looks.append(page.evaluate(LOOK))
    before, after = looks[-2], looks[-1]
    chip = page.locator(".round-head .revoke-chip")
    expect(chip).to_be_visible()
    # "⚠ Christian, trick 1" on screen; its "Revoke?" said to screen readers
    said = {"en-GB": "⚠ Revoke? Christian, trick 1", "de-DE": "⚠ Nicht bedient? Christian, Stich 1"}
    expect(chip).to_have_accessible_name(said[locale])

    opener = page.locator(".round-head").get_by_role(
        "link", name=BUTTON_DE if locale == "de-DE" else BUTTON_EN
    )
    expect(opener).to_be_visible()
    assert opener.evaluate(TARGET) == []  # a 44px target, nothing over it
    shown, without = page.evaluate(BESIDE)
    assert shown == without
    assert after["wide"] <= PHONE["width"]
    if size == 16:
        assert (before["head"], before["grid"]) == (after["head"], after["grid"]) == (44, 362)
    name = f"table-qr-during-a-revoke-{locale[:2]}-{round(size / 16 * 100)}"
    page.screenshot(path=screenshot_dir / f"{name}.png")

    box = opener.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    panel = page.locator("#table-qr")
    expect(panel).to_be_visible()
    assert page.evaluate("document.getElementById('table-qr').matches(':modal')")
    # 300 px; at 150% the panel's padding leaves it 298 of a 360 px screen
    assert qr_width(page) == pytest.approx(300 if size == 16 else 298, abs=1)
    assert page.locator("#table-qr-url").input_value().endswith(f"/g/{game.view_token}/")
    page.screenshot(path=screenshot_dir / f"{name}-open.png")
    context.close()
