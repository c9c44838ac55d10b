"""The standings are replayed once a version: every other screen and every
other look at the game page reads them from the cache, and a change shows
at once."""

from __future__ import annotations

import pytest
from django.urls import reverse

from companion.models import Game
from tests.companion.conftest import Seat, standings_rows
from tests.factories import GameFactory

pytestmark = pytest.mark.django_db


def url(name: str, token: str) -> str:
    return reverse(f"imp:{name}", args=[token])


@pytest.fixture
def game() -> Game:
    return GameFactory(first_round__tricks=[["24", "15", "17"]])


def test_a_second_screen_polling_reads_no_round(client, game, django_assert_num_queries):
    first = client.get(url("live", game.view_token))

    # The game's version (for the ETag), and nothing more: the partial is kept.
    with django_assert_num_queries(1):
        second = client.get(url("live", game.view_token))

    assert first.status_code == second.status_code == 200
    assert second.text == first.text
    assert "1 of 11 tricks" in second.text


def test_the_game_page_opened_again_does_not_read_the_rounds(client, game):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.get(url("game", game.view_token))
    with CaptureQueriesContext(connection) as again:
        response = client.get(url("game", game.view_token))

    assert response.status_code == 200
    assert "1 of 11 tricks" in response.text
    assert not [q for q in again.captured_queries if "companion_round" in q["sql"]]


def test_a_card_entered_shows_on_the_next_poll_and_page(client, game):
    seat = Seat(client, game, game.edit_token)
    assert "1 of 11 tricks" in client.get(url("live", game.view_token)).text
    assert "1 of 11 tricks" in client.get(url("game", game.view_token)).text

    seat.play("33")

    assert "2 of 11 tricks" in client.get(url("live", game.view_token)).text
    assert "2 of 11 tricks" in client.get(url("live", game.edit_token)).text
    assert "2 of 11 tricks" in client.get(url("game", game.view_token)).text


def test_each_link_polls_its_own_urls(client, game):
    view = client.get(url("live", game.view_token)).text
    edit = client.get(url("live", game.edit_token)).text

    assert f'hx-get="/g/{game.view_token}/live/"' in view
    assert game.edit_token not in view
    assert f'hx-get="/g/{game.edit_token}/live/"' in edit
    assert "view only" in view and "view only" not in edit


def test_each_language_has_its_own_standings(client, game):
    english = client.get(url("live", game.view_token), headers={"accept-language": "en"})
    german = client.get(url("live", game.view_token), headers={"accept-language": "de"})

    assert "<h1>Standings</h1>" in english.text
    assert "<h1>Spielstand</h1>" in german.text


def test_a_game_made_after_a_deleted_one_shows_its_own_players(client):
    first = GameFactory(players=["Adam", "Betty", "Christian"])
    client.get(url("live", first.view_token))
    first.delete()
    second = GameFactory(players=["Dora", "Emil", "Fritz"])

    response = client.get(url("live", second.view_token))

    assert [name for _, name, _ in standings_rows(response)] == ["Dora", "Emil", "Fritz"]


def test_the_page_read_from_the_cache_names_the_variant_and_no_replay_is_kept(client, game):
    from django.core.cache import cache
    from django.utils import translation

    from companion.access import etag_value
    from companion.present import Replayed
    from companion.texts import say

    with translation.override("en"):
        title = say(Replayed.of(game).record.table.variant.title_text)
        key = f"imp:standings:{game.view_token}:{etag_value(game)}"

    first = client.get(url("game", game.view_token)).text
    again = client.get(url("game", game.view_token)).text

    assert f" · {title} · classic deck · " in first
    assert f" · {title} · classic deck · " in again
    kept = cache.get(key)
    assert kept is not None and "1 of 11 tricks" in again
    assert not [value for value in kept.values() if isinstance(value, Replayed)]
