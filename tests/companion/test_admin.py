"""The Django admin lists games, rounds and submissions."""

import json
import re

import pytest
from django.urls import reverse

from companion.models import Game, Round, Submission
from tests.factories import GameFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def game():
    game = GameFactory(version=7, first_round__tricks=[["24", "15", "17"], ["33"]])
    Submission.objects.create(game=game, key="0123456789abcdef0123456789abcdef")
    return game


def test_games_list(admin_client, game):
    response = admin_client.get("/admin/companion/game/")

    assert response.status_code == 200
    assert "Adam, Betty, Christian" in response.text
    assert "classic" in response.text
    assert '<td class="field-version">7</td>' in response.text


def test_game_page_shows_its_rounds(admin_client, game):
    response = admin_client.get(f"/admin/companion/game/{game.pk}/change/")

    assert response.status_code == 200
    cell = response.text.split('<td class="field-trick_count">')[1].split("</td>")[0]
    assert cell.strip() == "<p>2</p>"


def test_rounds_list(admin_client, game):
    response = admin_client.get("/admin/companion/round/")

    assert response.status_code == 200
    assert '<td class="field-trick_count">2</td>' in response.text
    assert '<td class="field-number">1</td>' in response.text


def test_submissions_list(admin_client, game):
    response = admin_client.get("/admin/companion/submission/")

    assert response.status_code == 200
    assert "0123456789abcdef0123456789abcdef" in response.text


def test_admin_needs_a_login(client, game):
    response = client.get("/admin/companion/game/")

    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")


def round_form(item: Round, **changed) -> dict:
    """The admin's form of a round, as it shows it, with ``changed``."""
    data = {
        "game": item.game_id,
        "number": item.number,
        "dealer": "" if item.dealer is None else item.dealer,
        "confirmed": "on" if item.confirmed else "",
    }
    for name in ("tricks", "imps_trick", "lopaka_hand", "open_hands", "quick"):
        data[name] = json.dumps(getattr(item, name))
    for name in ("settled_revokes", "agreed", "flags"):
        data[name] = json.dumps(getattr(item, name))
    data.update(changed)
    return {name: value for name, value in data.items() if value != ""}


def test_a_round_changed_by_hand_is_a_new_version_every_phone_shows(admin_client, client):
    """What the app keeps under a version (the round being played, drawn
    parts of the screen) is never shown for a round the admin changed."""
    game = GameFactory(first_round__tricks=[["24", "15"]])
    viewer = reverse("imp:round_live", args=[game.view_token])
    assert '<span class="num">15</span>' in client.get(viewer, headers={"HX-Request": "true"}).text
    item = Round.objects.get(game=game)

    response = admin_client.post(
        f"/admin/companion/round/{item.pk}/change/", round_form(item, tricks='[["24", "17"]]')
    )

    assert response.status_code == 302, response.text[:3000]
    game.refresh_from_db()
    assert game.version == 1
    page = client.get(viewer, headers={"HX-Request": "true"}).text
    assert '<span class="num">17</span>' in page and '<span class="num">15</span>' not in page


def test_a_game_saved_by_hand_claims_the_next_version(admin_client, game):
    """The admin's form was read at version 7; the app changed the game
    twice meanwhile: saving the form claims the game's next version, 10,
    and writes only what was changed by hand."""
    page = admin_client.get(f"/admin/companion/game/{game.pk}/change/")
    assert page.status_code == 200
    Game.objects.filter(pk=game.pk).update(version=9)
    data = {
        "players": json.dumps(["Adam", "Betty", "Chris"]),
        "variant": game.variant,
        "teams": game.teams,
        "edition": game.edition,
        "first_dealer": game.first_dealer,
        "edit_token": game.edit_token,
        "view_token": game.view_token,
        "rounds-TOTAL_FORMS": 0,
        "rounds-INITIAL_FORMS": 0,
    }

    response = admin_client.post(f"/admin/companion/game/{game.pk}/change/", data)

    assert response.status_code == 302, re.findall(r"errorlist.{0,300}", response.text)[:5]
    game.refresh_from_db()
    assert game.version == 10
    assert game.players == ["Adam", "Betty", "Chris"]
