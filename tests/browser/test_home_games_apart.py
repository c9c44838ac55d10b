"""The home page tells games apart (issue 25), on a 360×780 phone: games
being played stand apart from finished ones, the most recent first; a
rematch says whose rematch it is ("Rematch of 26 Nov"); a game names its
group; and a group's entry leads to its games. In English and German."""

from __future__ import annotations

from datetime import datetime

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from companion import actions
from companion.models import Game
from companion.transfer import import_record
from tests.companion.test_play_again import FINISHED

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 360, "height": 780}
WORDS = {
    "en-GB": {
        "running": "Being played",
        "finished": "Finished",
        "rematch": "Rematch of 26 Nov",
        "in": "In Thursday table",
    },
    "de-DE": {
        "running": "Wird gespielt",
        "finished": "Beendet",
        "rematch": "Revanche vom 26. Nov",
        "in": "In Thursday table",
    },
}


@pytest.mark.parametrize("locale", WORDS)
def test_a_game_its_rematch_and_a_groups_game_told_apart(
    browser, live_server, screenshot_dir, locale
):
    words = WORDS[locale]
    finished = import_record(FINISHED)
    november = timezone.make_aware(datetime(2026, 11, 26, 20, 15))
    Game.objects.filter(pk=finished.pk).update(created=november)
    rematch = actions.play_again(finished.edit_token)
    group = actions.create_group("Thursday table", ["Ann", "Ben", "Cy", "Dee"])
    grouped = actions.create_game(players=["Ann", "Ben", "Cy"], variant="classic", group=group)

    context = browser.new_context(viewport=PHONE, base_url=live_server.url, locale=locale)
    page = context.new_page()
    for path in (
        f"/g/{finished.edit_token}/",
        f"/g/{rematch.edit_token}/",
        f"/groups/{group.view_token}/",
        f"/g/{grouped.edit_token}/",
    ):
        page.goto(path)
    page.goto("/")

    running = page.locator(".running-games > li")
    done = page.locator(".finished-games > li")
    expect(page.get_by_role("heading", name=words["running"])).to_be_visible()
    expect(page.get_by_role("heading", name=words["finished"])).to_be_visible()
    # Being played, the most recent first: the group's game, then the rematch.
    assert running.count() == 2 and done.count() == 1
    assert running.nth(0).locator(".game-link").inner_text() == "Ann, Ben, Cy"
    assert words["in"] in running.nth(0).inner_text()
    group_link = running.nth(0).locator(".in-group a")
    assert group_link.get_attribute("href") == f"/groups/{group.view_token}/"
    # The rematch and its game, the same players, no longer the same line.
    assert running.nth(1).locator(".rematch-of").inner_text() == words["rematch"]
    assert done.nth(0).locator(".rematch-of").count() == 0
    first = running.nth(1).inner_text().split("\n")
    assert first != done.nth(0).inner_text().split("\n")[: len(first)]
    # The group's entry leads to its games (by the group's link: the view link).
    entry = page.locator(".my-groups .game-item", has_text="Thursday table")
    assert entry.locator(f'a[href="/g/{grouped.view_token}/"]').count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=screenshot_dir / f"home-apart-{locale}-360.png", full_page=True)
    context.close()
