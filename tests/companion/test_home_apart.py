"""The home page tells games apart (issue 25): being played and finished
apart, a rematch says whose, a game names its group (a link only by the
group's link this browser holds), a group lists its newest games."""

from __future__ import annotations

import pytest

from companion import actions
from companion.remembered import GROUP_GAMES_LISTED
from companion.transfer import import_record
from tests.companion.conftest import text
from tests.companion.test_play_again import FINISHED
from tests.companion.test_sharing import remember

pytestmark = pytest.mark.django_db


def test_being_played_and_finished_apart_a_rematch_and_a_group(client):
    finished = import_record(FINISHED)
    rematch = actions.play_again(finished.edit_token)
    group = actions.create_group("Thursdays", ["Ann", "Ben", "Cy"])
    grouped = actions.create_game(players=["Ann", "Ben", "Cy"], variant="classic", group=group)
    for game in (finished, rematch, grouped):
        remember(client, game.edit_token)

    page = text(client.get("/"))

    running, done = page.split('id="running-games"')[1].split('id="finished-games"')
    assert rematch.edit_token in running and grouped.edit_token in running
    assert finished.edit_token in done.split('id="my-groups"')[0]
    date = f"{finished.created.day} {finished.created:%b}"
    assert f"Rematch of {date}" in running
    assert "In Thursdays" in running  # the group's name; no link: not held here
    assert f"/groups/{group.edit_token}/" not in page and f"/groups/{group.view_token}/" not in page


def test_a_group_lists_its_newest_games_by_its_link(client):
    group = actions.create_group("Thursdays", ["Ann", "Ben", "Cy"])
    games = [
        actions.create_game(players=["Ann", "Ben", "Cy"], variant="classic", group=group)
        for _ in range(GROUP_GAMES_LISTED + 2)
    ]
    client.get(f"/groups/{group.view_token}/")  # this browser holds the view link

    page = text(client.get("/"))

    listed = page.split('class="group-newest"')[1].split("</ul>")[0]
    assert listed.count("<li>") == GROUP_GAMES_LISTED
    assert f"/g/{games[-1].view_token}/" in listed and f"/g/{games[0].view_token}/" not in listed
    assert all(game.edit_token not in page for game in games)
    assert f"All {len(games)} games" in page
