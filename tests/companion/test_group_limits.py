"""A group's size (issue 23, item 2): a group's file and a group hold at
most 500 games, refused in plain words naming the limit and the count, and
the group page costs the same at a few games and at many (its games a page
at a time, its figures kept per version of its games)."""

from __future__ import annotations

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from companion.models import Game, Group, Round
from companion.transfer import import_record
from tests.companion.conftest import text
from tests.scoring.test_group import GAME_1, GAME_2

pytestmark = pytest.mark.django_db

LIMIT = 500
"""The most games a group holds (companion.limits.MAX_GROUP_GAMES), as the refusals say."""

PLAYERS = ["Adam", "Betty", "Christian", "Doris"]
TINY = {
    "format": "bottle-imp/1",
    "variant": "classic",
    "players": ["A", "B", "C"],
    "first_dealer": 0,
    "goal": {"rounds": 1},
    "rounds": [],
}


def group_file(games: list[dict]) -> SimpleUploadedFile:
    data = {"format": "bottle-imp-group/1", "name": "Big", "players": ["A", "B"], "games": games}
    return SimpleUploadedFile("group.json", json.dumps(data).encode(), "application/json")


def group_of(count: int) -> Group:
    """A group of ``count`` games (set-ups with an empty first round), written at once."""
    group = Group.objects.create(name="Thursdays", players=PLAYERS)
    games = Game.objects.bulk_create(
        Game(players=PLAYERS, variant="classic", goal_rounds=3, group=group) for _ in range(count)
    )
    Round.objects.bulk_create(Round(game=game, number=1) for game in games)
    return group


def new_game_in(group: Group) -> dict[str, str]:
    data = {f"name_{seat}": name for seat, name in enumerate(PLAYERS)}
    data.update(group=group.edit_token, variant="classic", edition="classic", dealer="Adam")
    data.update(goal="rounds", rounds="4")
    return data


def test_a_1_mib_group_file_of_tiny_games_is_refused_before_a_game_is_read(client):
    one = len(json.dumps(TINY)) + 2
    count = (1024 * 1024 - 100) // one
    games = [{**TINY, "variant": "no such variant"}, *[TINY] * (count - 1)]

    response = client.post("/import/", {"record": group_file(games)})

    page = text(response)
    assert count > 6000
    assert response.status_code == 400
    assert f"A group's file may hold at most 500 games; this one holds {count:,}." in page
    assert "game 1:" not in page  # refused by its count, no game was read
    assert not Group.objects.exists() and not Game.objects.exists()


def test_the_refusal_is_said_in_german(client):
    client.cookies["django_language"] = "de"

    response = client.post("/import/", {"record": group_file([TINY] * (LIMIT + 1))})

    assert response.status_code == 400
    assert (
        "Die Datei einer Gruppe darf höchstens 500 Partien enthalten; diese enthält 501."
        in text(response)
    )


def test_a_full_group_starts_no_game_and_says_why(client):
    group = group_of(LIMIT)

    page = text(client.get(f"/groups/{group.edit_token}/"))
    response = client.post("/new/", new_game_in(group))

    said = (
        "This group holds 500 games, the most a group can hold (500): "
        "start a new group for the next games."
    )
    assert said in page and "New game in this group" not in page
    assert response.status_code == 400
    assert said in text(response)
    assert Game.objects.count() == LIMIT


def test_a_group_below_the_limit_starts_its_last_game(client):
    group = group_of(LIMIT - 1)

    response = client.post("/new/", new_game_in(group))

    assert response.status_code == 302
    assert group.games.count() == LIMIT


def numbers_listed(page: str) -> list[int]:
    return [int(n) for n in re.findall(r">Game (\d+): Adam, Betty", page)]


def test_the_group_page_lists_its_games_a_page_at_a_time(client):
    group = group_of(60)
    url = f"/groups/{group.view_token}/"

    first, third = text(client.get(url)), text(client.get(f"{url}?page=3"))

    assert numbers_listed(first) == list(range(60, 35, -1))
    assert "Games 60 to 36 of 60, the newest first." in first
    assert 'href="?page=2#games-played"' in first and "Older games" in first
    assert numbers_listed(third) == list(range(10, 0, -1))
    assert "Newer games" in third and "Older games" not in third
    assert "<dt>Games played</dt><dd>60</dd>" in third


def queries_of(client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_group_page_costs_as_many_queries_at_60_games_as_at_2():
    counted = []
    for group in (group_of(2), group_of(60)):
        client = Client()  # each its own session, as it remembers the group
        client.get(f"/groups/{group.view_token}/")  # its figures, once a version
        counted.append(queries_of(client, f"/groups/{group.view_token}/"))

    assert counted[0] == counted[1] <= 8


def test_the_figures_follow_a_change_of_the_groups_games(client):
    group = Group.objects.create(name="Thursdays", players=PLAYERS)
    first = import_record(GAME_1)
    Game.objects.filter(pk=first.pk).update(group=group)
    url = f"/groups/{group.edit_token}/"
    assert "<dt>Games won</dt><dd>1</dd>" in text(client.get(url))  # Adam's

    second = import_record(GAME_2)
    Game.objects.filter(pk=second.pk).update(group=group)
    page = text(client.get(url))
    assert "Wins after 2 games: Adam and Betty lead with 1." in page

    client.post(f"/g/{first.edit_token}/delete/")
    page = text(client.get(url))
    assert "Wins after 1 game: Betty leads with 1." in page
    assert "Game 1: Adam, Betty, Christian" in page


def test_the_pages_of_games_read_in_german(client):
    group = group_of(30)

    page = text(client.get(f"/groups/{group.view_token}/", headers={"Accept-Language": "de"}))

    assert "Partien 30 bis 6 von 30, die neueste zuerst." in page
    assert "Ältere Partien" in page
