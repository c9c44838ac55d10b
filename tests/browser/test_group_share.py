"""A group is shared like a game (issue 25), on a 360×780 phone: its page
leads to a Share page with its view link as a QR code (and, behind a
deliberate tap, its edit link), Copy or the phone's share sheet, and no
address printed bare anywhere; the wins chart's names at the lines' ends
are at least 15 units apart (a legend beyond 11 players)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from companion import actions
from companion.models import Game, Group
from companion.transfer import import_record
from tests.companion.test_play_again import FINISHED

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 360, "height": 780}
LABELS = """() => Array.from(
  document.querySelectorAll(".chart-svg .series > text"),
  (text) => Number(text.getAttribute("y")),
).sort((a, b) => a - b)"""
BARE = """() => {
  const found = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    if (/https?:\\/\\//.test(node.textContent)) found.push(node.textContent.trim());
  }
  return found;
}"""


def seated(names: list[str]) -> dict:
    """The finished game of four (Adam wins), its players renamed ``names``."""
    text = json.dumps(FINISHED)
    for seat, old in enumerate(FINISHED["players"]):
        text = text.replace(f'"{old}"', f'"\u0000{seat}"')
    for seat, new in enumerate(names):
        text = text.replace(f'"\u0000{seat}"', json.dumps(new))
    return json.loads(text)


def group_of_wins(names: list[str], games: int) -> Group:
    """A group whose games were each won by one of ``names`` (in turn)."""
    group = actions.create_group("Thursday table", names)
    for number in range(games):
        seats = [names[(number + seat) % len(names)] for seat in range(4)]
        game = import_record(seated(seats))  # the first seat wins
        Game.objects.filter(pk=game.pk).update(group=group)
    return group


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_the_group_share_page_shows_its_links_as_qr_codes(
    browser, live_server, screenshot_dir, locale
):
    group = group_of_wins(["Adam", "Betty", "Christian", "Doris"], 3)
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, locale=locale)
    page = context.new_page()
    page.goto(f"/groups/{group.edit_token}/")
    assert page.evaluate(BARE) == []
    page.locator(f'a[href="/groups/{group.edit_token}/share/"]').click()
    page.wait_for_url(f"**/groups/{group.edit_token}/share/")

    view_url = f"{live_server.url}/groups/{group.view_token}/"
    assert page.locator(".qr svg").count() == 1  # the edit link waits for a tap
    box = page.locator(".qr svg").bounding_box()
    assert box is not None and box["width"] >= 280  # as wide as the card allows
    assert page.locator("#view-url").input_value() == view_url
    assert group.edit_token not in page.locator("#view-url").input_value()
    expect(page.locator('button[data-copy="view-url"]')).to_be_visible()
    assert page.evaluate(BARE) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=screenshot_dir / f"group-share-{locale}-360.png", full_page=True)

    page.locator('a[href="?edit=1"]').click()
    page.locator("#edit-url").wait_for()
    assert page.locator(".qr svg").count() == 2
    edit_url = f"{live_server.url}/groups/{group.edit_token}/"
    assert page.locator("#edit-url").input_value() == edit_url
    assert page.evaluate(BARE) == []
    context.close()


def test_the_view_link_shares_only_the_view_link(browser, live_server):
    group = group_of_wins(["Adam", "Betty", "Christian", "Doris"], 1)
    context = browser.new_context(viewport=PHONE, base_url=live_server.url)
    context.add_init_script("navigator.share = () => Promise.resolve();")
    page = context.new_page()
    page.goto(f"/groups/{group.view_token}/share/")
    assert page.locator(".qr svg").count() == 1
    assert group.edit_token not in page.content()
    expect(page.get_by_role("button", name="Share…")).to_be_visible()
    expect(page.get_by_role("button", name="Copy")).to_be_hidden()
    assert page.goto(f"/groups/{group.view_token}/share/?edit=1").status == 403
    context.close()


def test_the_wins_chart_keeps_its_names_apart(browser, live_server, screenshot_dir):
    # Close totals: six players, each with one win or none after 4 games.
    group = group_of_wins(["Adam", "Betty", "Christian", "Doris", "Eve", "Frank"], 4)
    context = browser.new_context(viewport=PHONE, base_url=live_server.url)
    page = context.new_page()
    page.goto(f"/groups/{group.view_token}/")
    ends = page.evaluate(LABELS)
    assert len(ends) == 6
    assert all(b - a >= 15 for a, b in zip(ends, ends[1:], strict=False)), ends
    page.locator(".chart").screenshot(path=screenshot_dir / "group-chart-6-360.png")
    context.close()


def test_more_than_eleven_players_are_named_in_a_legend(browser, live_server, screenshot_dir):
    names = [f"Player {n}" for n in range(1, 15)]
    group = group_of_wins(names, 4)
    context = browser.new_context(viewport=PHONE, base_url=live_server.url)
    page = context.new_page()
    page.goto(f"/groups/{group.view_token}/")
    assert page.evaluate(LABELS) == []
    assert page.locator(".chart-legend li").count() == 14
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.locator(".chart").screenshot(path=screenshot_dir / "group-chart-14-360.png")
    context.close()
