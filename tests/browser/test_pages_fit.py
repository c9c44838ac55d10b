"""Every page of a game and of a group fits a 360 px phone (issue 25): at
the browser's usual text size and at 150%, in English and in German, no
page scrolls sideways (``scrollWidth <= innerWidth``), by the edit link and
by the view link.

The pages are those of a finished game of four (three rounds), its rematch,
a game of six with long names being played in a group (two rounds, the
second complete), and the group, with the site's own pages around them.
What widened them before: a bare address printed on the group page, and
the tables kept for screen readers (visually hidden, but a table is as wide
as its cells)."""

from __future__ import annotations

import pytest

from companion import actions
from companion.models import Game, Group
from companion.transfer import import_record
from tests.companion.tables import simulated
from tests.companion.test_play_again import FINISHED

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 360, "height": 780}
SIZES = {"100%": 16, "150%": 24}
LOCALES = ["en-GB", "de-DE"]
LONG = ["Annemarie", "Bartholomäus", "Christiane", "Dan", "Evangelina", "Friedemann"]

WIDEST = """() => {
  const width = window.innerWidth;
  const wide = [];
  for (const node of document.querySelectorAll("body *")) {
    if (node.closest(".visually-hidden, .table-scroll, svg")) continue;
    const box = node.getBoundingClientRect();
    const reach = box.left + Math.max(box.width, node.scrollWidth);
    if (reach > width + 0.5 && box.width) {
      wide.push(`${node.tagName.toLowerCase()}.${node.className}: ${Math.round(reach)}`);
    }
  }
  return {scroll: document.documentElement.scrollWidth, width, wide: wide.slice(-5)};
}"""


def a_table() -> tuple[Game, Game, Game, Group]:
    """A finished game, its rematch, and a game being played in a group."""
    finished = import_record(FINISHED)
    rematch = actions.play_again(finished.edit_token)
    group = actions.create_group("Donnerstagsrunde zur Flasche", LONG)
    record = simulated("second-bottle", 6, 2, seed=5, edition="matagot")
    record["players"] = LONG
    record["goal"] = {"rounds": 10}
    playing = import_record(record)
    playing.group = group
    playing.save(update_fields=["group"])
    finished.group = group
    finished.save(update_fields=["group"])
    return finished, rematch, playing, group


def game_pages(token: str, edit: bool, played: bool) -> list[str]:
    """A game's pages by one of its links (a round's only once one is played)."""
    base = f"/g/{token}/"
    pages = [base, f"{base}round/", f"{base}history/", f"{base}share/", f"{base}dispute/"]
    if played:
        pages += [f"{base}rounds/1/", f"{base}rounds/1/?confirmed"]
    if edit:
        pages += [f"{base}share/?edit=1", f"{base}share/regenerate/"]
        pages += [f"{base}share/regenerate-view/", f"{base}delete/"]
    if edit and played:
        pages += [f"{base}rounds/1/tricks/1/fix/"]
    return pages


def every_page(finished: Game, rematch: Game, playing: Game, group: Group) -> list[str]:
    pages = ["/", "/new/", "/groups/new/", "/dispute/"]
    for game in (finished, rematch, playing):
        played = game != rematch
        pages += game_pages(game.edit_token, True, played)
        pages += game_pages(game.view_token, False, played)
    for token, edit in ((group.edit_token, True), (group.view_token, False)):
        pages += [f"/groups/{token}/", f"/groups/{token}/share/"]
        if edit:
            pages += [f"/groups/{token}/share/?edit=1", f"/groups/{token}/new-links/"]
            pages += [f"/new/?group={token}"]
    return pages


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("locale", LOCALES)
def test_no_page_scrolls_sideways(browser, live_server, screenshot_dir, locale, size):
    table = a_table()
    pages = every_page(*table)
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, locale=locale)
    page = context.new_page()
    settings = context.new_cdp_session(page)
    settings.send("Page.enable")
    fonts = {"standard": SIZES[size], "fixed": SIZES[size]}
    settings.send("Page.setFontSizes", {"fontSizes": fonts})
    wide = {}
    missing: list[str] = []
    try:
        for path in pages:
            answer = page.goto(path)
            if answer is None or answer.status != 200:
                missing.append(path)
                continue
            found = page.evaluate(WIDEST)
            if found["scroll"] > found["width"]:
                wide[path] = found
                name = path.strip("/").replace("/", "_").replace("?", "_") or "home"
                page.screenshot(path=screenshot_dir / f"wide-{locale}-{size}-{name[:60]}.png")
        page.goto(f"/groups/{table[3].edit_token}/")
        page.screenshot(path=screenshot_dir / f"fit-group-{locale}-{size}.png", full_page=True)
    finally:
        context.close()
    assert len(pages) >= 33
    assert wide == {}, "\n".join(f"{path}: {found}" for path, found in wide.items())
    assert missing == []
