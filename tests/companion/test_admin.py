"""The Django admin lists games, rounds and submissions."""

import pytest

from companion.models import Submission
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
