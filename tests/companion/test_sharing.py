"""Shared tables (issue 5): the home page's list of games, the share page,
regenerating the edit link, deleting a game, and the live standings."""

from __future__ import annotations

import re
import secrets

import pytest
from django.contrib.sessions.middleware import SessionMiddleware
from django.test import RequestFactory
from django.urls import reverse

from companion.access import find_game
from companion.models import Game, Round
from companion.remembered import SESSION_KEY, remember_game
from tests.factories import GameFactory

pytestmark = pytest.mark.django_db

STRANGER = secrets.token_urlsafe(24)


@pytest.fixture
def game() -> Game:
    game = GameFactory(first_round__tricks=[["24", "15", "17"]])
    return game


def url(name: str, token: str) -> str:
    return reverse(f"imp:{name}", args=[token])


def remember(client, token: str) -> None:
    """What opening the game page does: the browser's session lists the game."""
    request = RequestFactory().get("/")
    SessionMiddleware(lambda request: None).process_request(request)
    request.session = client.session
    remember_game(request, find_game(token))
    request.session.save()
    client.cookies["sessionid"] = request.session.session_key


# --- public paths -------------------------------------------------------------


def test_public_paths():
    assert reverse("imp:home") == "/"
    assert reverse("imp:import") == "/import/"
    assert url("share", "T") == "/g/T/share/"
    assert url("regenerate", "T") == "/g/T/share/regenerate/"
    assert url("delete", "T") == "/g/T/delete/"
    assert url("live", "T") == "/g/T/live/"


# --- the home page ----------------------------------------------------------


def test_home_without_games_offers_new_and_import(client):
    response = client.get("/")

    assert response.status_code == 200
    assert "New game" in response.text
    assert "Import a game" in response.text
    assert 'enctype="multipart/form-data"' in response.text
    assert "The games you open on this device will be listed here." in response.text


def test_home_lists_opened_games_newest_first(client, game):
    older = GameFactory(
        players=["Doris", "Emil"], variant="lopaka", goal_rounds=None, first_round=None
    )
    remember(client, older.view_token)
    remember(client, game.edit_token)

    response = client.get("/")

    text = response.text
    assert response.status_code == 200
    assert text.index("Adam, Betty, Christian") < text.index("Doris, Emil")
    assert "Classic · Round 1 of 3" in text
    assert "Lopaka · Not started · view only" in text
    assert f'href="/g/{game.edit_token}/"' in text
    assert f'href="/g/{older.view_token}/"' in text
    # Only the editor's entry may be deleted.
    assert url("delete", game.edit_token) in text
    assert url("delete", older.view_token) not in text


def test_home_keeps_the_edit_link_when_the_editor_opens_the_view_link(client, game):
    remember(client, game.edit_token)
    remember(client, game.view_token)

    entries = client.session[SESSION_KEY]

    assert [entry["token"] for entry in entries] == [game.edit_token]


def test_home_drops_deleted_and_regenerated_games_silently(client, game):
    gone = GameFactory(players=["Doris", "Emil", "Fay"])
    remember(client, gone.edit_token)
    remember(client, game.edit_token)
    gone.delete()
    game.edit_token = "regenerated-elsewhere-" + secrets.token_urlsafe(8)
    game.save()

    response = client.get("/")

    assert response.status_code == 200
    assert "Doris" not in response.text
    assert "Adam" not in response.text
    assert client.session[SESSION_KEY] == []


def test_home_new_game_link(client):
    response = client.get("/")

    assert '<a class="button new-game" href="/new/">New game</a>' in response.text


def test_home_refuses_post(client):
    assert client.post("/").status_code == 405


# --- the share page ---------------------------------------------------------


def test_share_through_view_link_shows_only_the_view_link(client, game):
    response = client.get(url("share", game.view_token))

    text = response.text
    assert response.status_code == 200
    view_url = f"http://testserver/g/{game.view_token}/"
    assert f'value="{view_url}"' in text
    assert f">{view_url}<" not in text  # in a field to copy, never printed bare
    assert text.count("<svg") == 2  # the view link's QR code, and the seats' (issue 24)
    assert game.edit_token not in text
    assert "Regenerate" not in text


def test_share_qr_is_inline_svg_that_scales(client, game):
    response = client.get(url("share", game.view_token))

    svg = re.search(r"<svg[^>]*>", response.text).group(0)
    assert "viewBox" in svg
    assert "width=" not in svg and "height=" not in svg  # sized by CSS (max 300px)
    assert "<path" in response.text


def test_share_through_edit_link_hides_the_edit_link_until_asked(client, game):
    response = client.get(url("share", game.edit_token))

    text = response.text
    assert response.status_code == 200
    assert text.count("<svg") == 2  # the view link's and the seats' QR codes
    assert 'id="edit-url"' not in text
    assert 'href="?edit=1"' in text


def test_share_edit_link_on_request(client, game):
    response = client.get(url("share", game.edit_token) + "?edit=1")

    text = response.text
    assert response.status_code == 200
    assert text.count("<svg") == 3  # and the edit link's
    assert f'value="http://testserver/g/{game.edit_token}/"' in text


def test_the_seats_qr_code_is_the_view_links_which_seat_is_yours(client, game):
    response = client.get(url("share", game.edit_token))

    seats = f"http://testserver/g/{game.view_token}/seats/"
    assert f'id="seats-url" type="url" value="{seats}"' in response.text  # never printed bare
    assert f">{seats}<" not in response.text
    assert "Every seat must agree before Confirm" in response.text
    assert "New link for Betty's seat" in response.text
    viewer = client.get(url("share", game.view_token)).text
    assert f'value="{seats}"' in viewer
    assert "New link for" not in viewer


def test_share_edit_link_refused_to_viewer(client, game):
    response = client.get(url("share", game.view_token) + "?edit=1")

    assert response.status_code == 403
    assert game.edit_token not in response.text


def test_share_unknown_game_is_404(client):
    response = client.get(url("share", STRANGER))

    assert response.status_code == 404
    assert "edit" not in response.text.lower()


def test_share_refuses_post(client, game):
    assert client.post(url("share", game.edit_token)).status_code == 405


# --- regenerating the edit link ---------------------------------------------


def test_regenerate_asks_first(client, game):
    old = game.edit_token

    response = client.get(url("regenerate", old))

    game.refresh_from_db()
    assert response.status_code == 200
    assert "Regenerate the edit link?" in response.text
    assert game.edit_token == old


def test_regenerate_sets_a_new_edit_link_and_moves_this_browser(client, game):
    old, view, version = game.edit_token, game.view_token, game.version
    remember(client, old)

    response = client.post(url("regenerate", old))

    game.refresh_from_db()
    assert game.edit_token != old
    assert len(game.edit_token) >= 32
    assert game.view_token == view
    assert game.version == version + 1
    assert response.status_code == 302
    assert response["Location"] == f"/g/{game.edit_token}/"
    assert client.get(url("share", old)).status_code == 404
    assert client.get(url("share", game.edit_token) + "?edit=1").status_code == 200
    assert client.get(url("share", view)).status_code == 200
    assert [entry["token"] for entry in client.session[SESSION_KEY]] == [game.edit_token]


def test_regenerate_refused_to_viewer(client, game):
    old = game.edit_token

    assert client.get(url("regenerate", game.view_token)).status_code == 403
    response = client.post(url("regenerate", game.view_token))

    game.refresh_from_db()
    assert response.status_code == 403
    assert game.edit_token == old


def test_regenerate_unknown_game_is_404(client):
    assert client.post(url("regenerate", STRANGER)).status_code == 404
    assert client.get(url("regenerate", STRANGER)).status_code == 404


def test_regenerate_wrong_method(client, game):
    old = game.edit_token

    response = client.put(url("regenerate", old))

    game.refresh_from_db()
    assert response.status_code == 405
    assert game.edit_token == old


# --- deleting a game --------------------------------------------------------


def test_delete_asks_first(client, game):
    response = client.get(url("delete", game.edit_token))

    assert response.status_code == 200
    assert "Delete this game?" in response.text
    assert "Adam, Betty, Christian" in response.text
    assert Game.objects.filter(pk=game.pk).exists()


def test_delete_removes_the_game_and_its_rounds(client, game):
    remember(client, game.edit_token)

    response = client.post(url("delete", game.edit_token))

    assert response.status_code == 302
    assert response["Location"] == "/"
    assert not Game.objects.filter(pk=game.pk).exists()
    assert not Round.objects.filter(game_id=game.pk).exists()
    assert client.session[SESSION_KEY] == []
    assert client.get(url("live", game.view_token)).status_code == 404


def test_delete_refused_to_viewer(client, game):
    assert client.get(url("delete", game.view_token)).status_code == 403
    response = client.post(url("delete", game.view_token))

    assert response.status_code == 403
    assert Game.objects.filter(pk=game.pk).exists()


def test_delete_unknown_game_is_404(client, game):
    assert client.post(url("delete", STRANGER)).status_code == 404
    assert Game.objects.count() == 1


def test_delete_wrong_method(client, game):
    assert client.put(url("delete", game.edit_token)).status_code == 405
    assert client.delete(url("delete", game.edit_token)).status_code == 405
    assert Game.objects.filter(pk=game.pk).exists()


# --- live standings ---------------------------------------------------------


def test_live_shows_standings_and_the_current_round(client, game):
    response = client.get(url("live", game.view_token))

    text = response.text
    assert response.status_code == 200
    assert 'hx-trigger="every 2s"' in text
    assert 'hx-swap="outerHTML"' in text
    assert f'hx-get="/g/{game.view_token}/live/"' in text
    assert "Round 1" in text
    assert "Adam</strong> deals" in text
    assert "1 of 11 tricks" in text
    assert "price 17, owned by Adam" in text
    assert "0 of 3 rounds played" in text
    assert response["ETag"] == f'"g{game.pk}v{game.version}-en"'
    assert "no-cache" in response["Cache-Control"]
    assert response["Last-Modified"]


def test_live_unchanged_is_304_after_one_query(client, game, django_assert_num_queries):
    etag = client.get(url("live", game.view_token))["ETag"]

    with django_assert_num_queries(1):
        response = client.get(url("live", game.view_token), headers={"if-none-match": etag})

    assert response.status_code == 304
    assert response.content == b""
    assert response["ETag"] == etag


def test_live_changed_game_is_sent_again(client, game):
    etag = client.get(url("live", game.edit_token))["ETag"]
    item = game.rounds.get()
    item.tricks = [["24", "15", "17"], ["33", "30", "4"]]
    item.save()
    game.version += 1
    game.save()

    response = client.get(url("live", game.edit_token), headers={"if-none-match": etag})

    assert response.status_code == 200
    assert response["ETag"] != etag
    assert "2 of 11 tricks" in response.text


def test_live_finished_game_names_the_winner(client):
    from companion.transfer import import_record
    from scoring.simulate import simulate

    game = import_record(simulate("classic", 3, rounds=1, seed=4))

    response = client.get(url("live", game.view_token))

    assert response.status_code == 200
    assert "The game is over" in response.text
    assert "hx-trigger" not in response.text  # nothing changes any more: polling stops


def test_live_unknown_game_is_404(client):
    assert client.get(url("live", STRANGER)).status_code == 404
    assert client.get(url("live", "x" * 65)).status_code == 404


def test_live_refuses_post(client, game):
    assert client.post(url("live", game.edit_token)).status_code == 405


# --- the game and round pages remember the game -------------------------------


@pytest.mark.parametrize("page", ["game", "round"])
def test_opening_a_game_lists_it_on_home(client, game, page):
    assert client.get(url(page, game.view_token)).status_code == 200

    response = client.get("/")

    assert [entry["token"] for entry in client.session[SESSION_KEY]] == [game.view_token]
    assert f'href="/g/{game.view_token}/"' in response.text
    assert "Adam, Betty, Christian" in response.text


def test_the_game_page_polls_the_live_standings(client, game):
    response = client.get(url("game", game.edit_token))

    assert response.status_code == 200
    assert f'hx-get="/g/{game.edit_token}/live/" hx-trigger="every 2s"' in response.text
    assert f'href="/g/{game.edit_token}/share/"' in response.text
