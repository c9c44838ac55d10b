"""A group's history in the app: a group with its own links, games started
from it with its players, its page (games, each player's figures, the wins
over time) against the values of tests/scoring/test_group.py, and its games
as one file that imports back."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from companion.models import Game, Group
from companion.transfer import import_record
from tests.companion.conftest import text
from tests.scoring.test_group import GAME_1, GAME_2

pytestmark = pytest.mark.django_db

PLAYERS = "Adam\n Betty \nChristian\nDoris\n"


@pytest.fixture
def group(client) -> Group:
    response = client.post("/groups/new/", {"name": " Thursdays ", "players": PLAYERS})
    assert response.status_code == 302
    group = Group.objects.get()
    assert response.url == f"/groups/{group.edit_token}/"
    return group


@pytest.fixture
def played(group) -> Group:
    for record in (GAME_1, GAME_2):
        game = import_record(record)
        game.group = group
        game.save(update_fields=["group"])
    return group


def player_rows(page: str) -> list[list[str]]:
    """Each player's figures as the page writes them: name, games, won,
    average a round, rounds with the bottle, best game."""
    listed = page[page.index('class="figures group-players"') :]
    listed = listed[: listed.index("</ul>")]
    cards = re.findall(r"<h3>(.*?)</h3>\s*<dl>(.*?)</dl>", listed, re.S)
    return [[html.unescape(name), *re.findall(r"<dd>(.*?)</dd>", body)] for name, body in cards]


def test_a_group_is_made_with_the_engines_rule_of_names(group):
    assert group.name == "Thursdays"
    assert group.players == ["Adam", "Betty", "Christian", "Doris"]
    assert group.edit_token != group.view_token


@pytest.mark.parametrize(
    ("players", "says"),
    [
        ("Adam\nADAM", "two players may not share a name: 'Adam' and 'ADAM' are the same name."),
        ("Adam\nEve\u200b", "invisible formatting character"),
        ("\n".join(f"P{n}" for n in range(25)), "a group lists at most 24 players, not 25."),
    ],
)
def test_a_group_the_engine_refuses_is_not_made(client, players, says):
    response = client.post("/groups/new/", {"name": "Club", "players": players})

    assert response.status_code == 400
    assert says in text(response)
    assert not Group.objects.exists()


def test_a_game_started_from_the_group_offers_its_players_and_belongs_to_it(client, group):
    page = text(client.get(f"/new/?group={group.edit_token}"))
    seats = re.findall(r'name="name_(\d)" id="id_name_\d"\s+value="([^"]*)"', page)
    assert seats[:4] == [(str(seat), name) for seat, name in enumerate(group.players)]
    assert f'<input type="hidden" name="group" value="{group.edit_token}">' in page

    data = {f"name_{seat}": name for seat, name in enumerate(group.players)}
    data.update(group=group.edit_token, variant="classic", edition="classic", dealer="Adam")
    data.update(goal="rounds", rounds="4")
    response = client.post("/new/", data)

    game = Game.objects.get()
    assert response.status_code == 302
    assert game.group == group and game.players == group.players


def test_the_view_link_cannot_start_a_game_in_the_group(client, group):
    assert client.get(f"/new/?group={group.view_token}").status_code == 403
    assert client.get("/new/?group=nothing-of-that-name").status_code == 404


def test_the_group_page_against_hand_computed_values(client, played):
    page = text(client.get(f"/groups/{played.edit_token}/"))

    assert player_rows(page) == [
        ["Adam", "2", "1", "27.5", "0", "90 (game 1)"],
        ["Betty", "2", "1", "34.0", "0", "86 (game 1)"],
        ["Christian", "2", "0", "-2.0", "3", "2 (game 1)"],
        ["Doris", "1", "0", "24.0", "1", "72 (game 1)"],
    ]
    assert "Game 2: Adam, Betty, Christian" in page and "Betty wins" in page
    assert "Game 1: Adam, Betty, Christian, Doris" in page and "Adam wins" in page
    assert "Wins after 2 games: Adam and Betty lead with 1." in page
    assert "New game in this group" in page
    for game in played.games.all():
        assert f'href="/g/{game.edit_token}/"' in page


def test_the_view_link_sees_the_figures_and_the_games_view_links(client, played):
    page = text(client.get(f"/groups/{played.view_token}/"))

    assert "New game in this group" not in page
    assert player_rows(page)[0] == ["Adam", "2", "1", "27.5", "0", "90 (game 1)"]
    for game in played.games.all():
        assert game.edit_token not in page
        assert f'href="/g/{game.view_token}/"' in page
    assert played.edit_token not in page


def test_the_groups_games_export_and_import_back(client, played):
    exported = client.get(f"/groups/{played.view_token}/games.json")
    data = json.loads(exported.content)

    assert exported["Content-Disposition"] == 'attachment; filename="bottle-imp-group.json"'
    assert data["format"] == "bottle-imp-group/1"
    assert (data["name"], data["players"]) == ("Thursdays", played.players)
    assert [game["players"] for game in data["games"]] == [GAME_1["players"], GAME_2["players"]]

    upload = SimpleUploadedFile("group.json", exported.content, "application/json")
    response = client.post("/import/", {"record": upload})

    copy = Group.objects.exclude(pk=played.pk).get()
    assert response.status_code == 302 and response.url == f"/groups/{copy.edit_token}/"
    again = json.loads(client.get(f"/groups/{copy.view_token}/games.json").content)
    assert again == data
    assert player_rows(text(client.get(response.url))) == player_rows(
        text(client.get(f"/groups/{played.view_token}/"))
    )


def test_a_group_file_with_a_bad_game_imports_nothing(client, played):
    data = json.loads(client.get(f"/groups/{played.view_token}/games.json").content)
    data["games"][1]["rounds"][0]["quick"]["points"]["Adam"] = "lots"
    before = (Group.objects.count(), Game.objects.count())

    upload = SimpleUploadedFile("group.json", json.dumps(data).encode(), "application/json")
    response = client.post("/import/", {"record": upload})

    assert response.status_code == 400
    assert "game 2:" in text(response)
    assert (Group.objects.count(), Game.objects.count()) == before


def test_the_home_page_lists_the_groups_this_browser_opened(client, played):
    client.get(f"/groups/{played.edit_token}/")

    page = text(client.get("/"))

    assert "Thursdays" in page and "2 games" in page
    assert f'href="/groups/{played.edit_token}/"' in page


def test_an_unknown_group_is_404(client):
    assert client.get("/groups/no-such-group/").status_code == 404
    assert client.get("/groups/no-such-group/games.json").status_code == 404
