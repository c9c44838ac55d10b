"""Starting a game: names in seat order, variant, deck, first dealer, goal."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from companion.models import Game, Round
from tests.companion.conftest import text

pytestmark = pytest.mark.django_db

URL = reverse("imp:new_game")
THREE = {
    "name_0": "Adam",
    "name_1": " Betty ",
    "name_2": "Christian",
    "variant": "classic",
    "edition": "classic",
    "dealer": "Betty",
    "goal": "rounds",
}


def variants_offered(response) -> list[str]:
    return re.findall(r'name="variant" value="([\w:-]+)"', response.text)


def test_the_path_is_pinned():
    assert URL == "/new/"


def test_the_form_is_a_full_page(client):
    response = client.get(URL)

    assert response.status_code == 200
    assert "<html" in response.text
    assert "Players, clockwise from any seat" in text(response)
    assert "Enter at least two names to see the variants." in text(response)


def test_the_form_as_an_htmx_partial(client):
    response = client.get(URL, headers={"HX-Request": "true"})

    assert response.status_code == 200
    assert response.text.lstrip().startswith('<form id="setup"')


def test_the_wrong_method_is_refused(client):
    assert client.put(URL).status_code == 405


def test_a_game_starts_and_opens_its_first_round(client):
    response = client.post(URL, THREE)

    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("imp:round", args=[game.edit_token])
    assert game.players == ["Adam", "Betty", "Christian"]
    assert (game.variant, game.teams, game.edition) == ("classic", "", "classic")
    assert (game.first_dealer, game.dealer_was_random) == (1, False)
    assert (game.goal_rounds, game.goal_target) == (6, None)
    assert list(Round.objects.filter(game=game).values_list("number", flat=True)) == [1]


def test_with_htmx_the_browser_is_sent_to_the_round(client):
    response = client.post(URL, THREE, headers={"HX-Request": "true"})

    game = Game.objects.get()
    assert response["HX-Redirect"] == reverse("imp:round", args=[game.edit_token])


def test_a_random_first_dealer_is_recorded_and_shown(client):
    response = client.post(URL, {**THREE, "dealer": "random"})

    game = Game.objects.get()
    assert game.dealer_was_random
    page = text(client.get(response["Location"]))
    assert f"{game.players[game.first_dealer]}</strong> deals (picked at random)" in page


@pytest.mark.parametrize(
    ("names", "offered"),
    [
        (2, ["lopaka", "bright-house", "devils-eye"]),
        (3, ["classic"]),
        (4, ["classic", "teams:2-1-1"]),
        (5, ["teams:2-2-1", "second-bottle"]),
        (6, ["teams:2-2-2", "teams:2-2-1-1", "second-bottle"]),
    ],
)
def test_only_the_variants_for_the_number_of_players_are_offered(client, names, offered):
    data = {f"name_{seat}": f"P{seat}" for seat in range(names)}

    response = client.post(URL, {**data, "refresh": "choices"}, headers={"HX-Request": "true"})

    assert response.status_code == 200
    assert response.text.lstrip().startswith('<div id="choices"')
    assert variants_offered(response) == offered


def test_the_show_variants_button_answers_the_whole_form(client):
    response = client.post(URL, {**THREE, "refresh": "1"}, headers={"HX-Request": "true"})

    assert response.text.lstrip().startswith('<form id="setup"')
    assert variants_offered(response) == ["classic"]


def test_moving_a_name_up_reorders_the_seats_without_saving(client):
    response = client.post(URL, {**THREE, "move": "up-2"}, headers={"HX-Request": "true"})

    assert response.status_code == 200
    values = re.findall(r'name="name_\d" id="id_name_\d"\s+value="([^"]*)"', response.text)
    assert values[:3] == ["Adam", "Christian", "Betty"]
    assert Game.objects.count() == 0


def test_moving_a_name_down_works_without_javascript(client):
    response = client.post(URL, {**THREE, "move": "down-0"})

    assert "<html" in response.text
    values = re.findall(r'name="name_\d" id="id_name_\d"\s+value="([^"]*)"', response.text)
    assert values[:3] == ["Betty", "Adam", "Christian"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"name_1": "", "name_2": ""}, "Enter at least two players' names"),
        ({"name_2": "adam"}, "Two players may not share a name: 'Adam' and 'adam' are the same"),
        ({"variant": "lopaka"}, "Choose a variant that fits the number of players."),
        ({"goal": "target"}, "Enter the target total, for example 300."),
        ({"goal": "rounds", "rounds": "0"}, "The goal's rounds must be a whole number from 1"),
        ({"dealer": "Doris"}, "Select a valid choice"),
        ({"name_0": "A" * 31}, "is 31 characters long; a name has at most 30"),
    ],
)
def test_bad_set_ups_name_the_field_and_why(client, change, message):
    response = client.post(URL, {**THREE, **change})

    assert response.status_code == 400
    assert message in text(response)
    assert Game.objects.count() == 0


def test_five_players_need_the_matagot_deck(client):
    data = {f"name_{seat}": f"P{seat}" for seat in range(5)}

    response = client.post(
        URL,
        {**data, "variant": "second-bottle", "edition": "classic", "dealer": "P0", "goal": "open"},
    )

    assert response.status_code == 400
    assert "5 players need the matagot edition" in text(response)
    assert Game.objects.count() == 0


def test_nobody_may_be_called_lopaka_in_his_variant(client):
    response = client.post(
        URL,
        {
            "name_0": "Adam",
            "name_1": "Lopaka",
            "variant": "lopaka",
            "edition": "classic",
            "dealer": "Adam",
            "goal": "rounds",
        },
    )

    assert response.status_code == 400
    assert "No player may be called Lopaka in the Lopaka variant" in text(response)


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"goal": "target", "target": "300"}, (None, 300)),
        ({"goal": "open"}, (None, None)),
        ({"goal": "rounds", "rounds": "3"}, (3, None)),
    ],
)
def test_the_goal(client, fields, expected):
    client.post(URL, {**THREE, **fields})

    game = Game.objects.get()
    assert (game.goal_rounds, game.goal_target) == expected


def test_two_player_games_default_to_four_rounds(client):
    client.post(
        URL,
        {
            "name_0": "Adam",
            "name_1": "Betty",
            "variant": "lopaka",
            "edition": "classic",
            "dealer": "Adam",
            "goal": "rounds",
        },
    )

    assert Game.objects.get().goal_rounds == 4


def test_a_team_game_stores_its_layout(client):
    data = {f"name_{seat}": name for seat, name in enumerate(["A", "B", "C", "D", "E", "F"])}

    client.post(
        URL,
        {**data, "variant": "teams:2-2-1-1", "edition": "matagot", "dealer": "C", "goal": "open"},
    )

    game = Game.objects.get()
    assert (game.variant, game.teams, game.edition, game.first_dealer) == (
        "teams",
        "2-2-1-1",
        "matagot",
        2,
    )
