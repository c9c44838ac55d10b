"""HEAD works wherever GET does (a link checker, a monitor, curl -I): the
same status and headers, no body. Routes come from companion/urls.py."""

import pytest
from django.test import Client

from tests.companion.app_routes import game_routes, make_game, plain_routes

pytestmark = pytest.mark.django_db


def get_urls(game):
    """Every routed page, the game's pages through both links."""
    urls = [route.url() for route in plain_routes()]
    for route in game_routes():
        urls += [route.url(game.edit_token), route.url(game.view_token)]
    return sorted({url for url in urls if url})


def test_head_answers_like_get_on_every_page():
    game = make_game()
    client = Client(raise_request_exception=False)
    compared = 0

    for url in get_urls(game):
        got = client.get(url)
        if got.status_code == 405:
            continue  # a POST-only route: HEAD is refused as well
        head = client.head(url)
        assert (url, head.status_code) == (url, got.status_code)
        assert head["Content-Type"] == got["Content-Type"], url
        assert head.content == b"", url
        compared += 1
    assert compared >= 12


def test_head_of_a_post_only_route_is_405():
    game = make_game()

    response = Client().head(f"/g/{game.edit_token}/round/card/")

    assert response.status_code == 405
    assert response["Allow"] == "POST"
