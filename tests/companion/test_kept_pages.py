"""What a phone may keep of a page (companion/offline.py): pages with an edit
token, and the home page listing them, are never kept by the browser's HTTP
cache (``no-store``); every page tells the service worker which links this
session holds and its mark (also a cookie that page scripts read)."""

from __future__ import annotations

import hashlib

import pytest
from django.test import Client

from companion.models import Game, Group
from tests.companion.conftest import Seat

pytestmark = pytest.mark.django_db


def digest(token: str) -> str:
    """How the service worker is told a held link (it hashes a page's token)."""
    return hashlib.sha256(token.encode()).hexdigest()[:16]


EDIT_PAGES = ["game", "round", "share", "history", "game_dispute", "record_json", "scores_csv"]


def no_store(response) -> bool:
    return "no-store" in response.get("Cache-Control", "")


@pytest.mark.parametrize("name", EDIT_PAGES)
def test_every_page_of_the_edit_link_is_no_store(editor: Seat, name: str):
    response = editor.get(name)

    assert response.status_code == 200
    assert no_store(response)


@pytest.mark.parametrize("name", ["round", "live"])
def test_an_htmx_answer_of_the_edit_link_is_no_store_too(editor: Seat, name: str):
    response = editor.get(name, htmx=True)

    assert response.status_code == 200
    assert no_store(response)


@pytest.mark.parametrize("name", ["game", "round", "share"])
def test_the_view_link_may_be_kept(viewer: Seat, name: str):
    response = viewer.get(name)

    assert response.status_code == 200
    assert not no_store(response)


def test_the_home_page_listing_edit_links_is_no_store(editor: Seat):
    editor.get("game")

    response = editor.client.get("/")

    assert no_store(response)
    assert f"/g/{editor.token}/" in response.text


def test_an_empty_home_page_may_be_kept(client: Client):
    response = client.get("/")

    assert response.status_code == 200
    assert not no_store(response)
    assert response["X-Imp-Held"] == ""
    assert response["X-Imp-Mark"] == ""
    assert "imp_mark" not in response.cookies


def test_every_page_says_which_links_the_session_holds(editor: Seat, game: Game):
    other = Game.objects.create(players=["Ann", "Bob", "Cy"], variant="classic")
    editor.client.get(f"/g/{other.view_token}/")

    response = editor.get("round")

    held = response["X-Imp-Held"]
    assert held == f"{digest(game.edit_token)} {digest(other.view_token)}"
    assert len(held.split(" ")) == 2 and game.edit_token[:8] not in held
    mark = response["X-Imp-Mark"]
    assert len(mark) == 16
    assert editor.client.cookies["imp_mark"].value == mark
    assert not editor.client.cookies["imp_mark"]["httponly"]
    assert editor.client.get("/dispute/")["X-Imp-Mark"] == mark


def test_a_new_session_has_a_new_mark_and_holds_nothing(editor: Seat):
    first = editor.get("game")["X-Imp-Mark"]
    editor.client.cookies.clear()  # the phone's cookies cleared

    home = editor.client.get("/")
    assert home["X-Imp-Held"] == ""
    assert home["X-Imp-Mark"] == ""
    assert editor.token not in home.text

    again = editor.get("game")
    assert again["X-Imp-Mark"] not in ("", first)


def test_a_replaced_edit_link_leaves_the_held_links(editor: Seat, game: Game):
    editor.get("game")

    response = editor.client.post(editor.url("regenerate"), follow=True)

    game.refresh_from_db()
    assert response.status_code == 200
    assert response["X-Imp-Held"] == digest(game.edit_token)
    assert game.edit_token != editor.token


def test_a_deleted_game_leaves_the_held_links(editor: Seat):
    editor.get("game")

    response = editor.client.post(editor.url("delete"), follow=True)

    assert response["X-Imp-Held"] == ""
    assert not no_store(response)  # the home page now lists no link


def test_the_group_edit_link_is_no_store_and_its_view_link_is_not(client: Client):
    made = client.post("/groups/new/", {"name": "Thursdays", "players": "Ann\nBob\nCy\n"})
    group = Group.objects.get()
    assert made.url == f"/groups/{group.edit_token}/"

    assert no_store(client.get(made.url))
    assert no_store(client.get(f"/groups/{group.edit_token}/games.json"))
    assert no_store(client.get(f"/new/?group={group.edit_token}"))
    assert not no_store(client.get(f"/groups/{group.view_token}/"))
    assert not no_store(Client().get("/new/"))
