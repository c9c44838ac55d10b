"""The cast of the companion's view tests: one game, seen by an editor (its
edit link), a viewer (its view link) and a stranger (a token that matches
no game). Each posts with the hidden fields a rendered form would carry."""

from __future__ import annotations

import html
import re
import uuid
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from companion.models import Game, Round
from companion.seats import seat_links
from tests.companion.tables import game_for
from tests.factories import GameFactory


class Seat:
    """Someone at the table with a browser and one of the game's links."""

    def __init__(self, client: Client, game: Game, token: str) -> None:
        self.client = client
        self.game = game
        self.token = token

    def url(self, name: str, *args: Any) -> str:
        return reverse(f"imp:{name}", args=[self.token, *args])

    def get(self, name: str, *args: Any, htmx: bool = False):
        headers = {"HX-Request": "true"} if htmx else {}
        return self.client.get(self.url(name, *args), headers=headers)

    def post(self, name: str, data: dict[str, Any] | None = None, *args: Any, htmx: bool = False):
        """POST with the game's current version and a fresh key, unless given."""
        self.game.refresh_from_db()
        fields = {"version": self.game.version, "key": uuid.uuid4().hex, **(data or {})}
        headers = {"HX-Request": "true"} if htmx else {}
        return self.client.post(self.url(name, *args), fields, headers=headers)

    def play(self, *cards: str) -> None:
        """Enter cards one by one; each must be accepted."""
        for card in cards:
            response = self.post("play_card", {"card": card})
            assert response.status_code == 302, response.text[:2000]


def rounds_of(game: Game) -> list[tuple]:
    """Every stored field of a game's rounds, to show nothing changed."""
    return list(
        Round.objects.filter(game=game)
        .order_by("number")
        .values_list(
            "number",
            "dealer",
            "tricks",
            "imps_trick",
            "lopaka_hand",
            "open_hands",
            "quick",
            "confirmed",
            "settled_revokes",
            "version",
        )
    )


@pytest.fixture
def game(db) -> Game:
    return GameFactory()


@pytest.fixture
def editor(client, game) -> Seat:
    return Seat(client, game, game.edit_token)


@pytest.fixture
def viewer(game) -> Seat:
    return Seat(Client(), game, game.view_token)


@pytest.fixture
def stranger(game) -> Seat:
    return Seat(Client(), game, "not-a-game-" + uuid.uuid4().hex[:12])


def text(response) -> str:
    """The response's HTML with entities decoded: the words a person reads."""
    return html.unescape(response.content.decode())


STANDING = re.compile(
    r'<span class="rank">(\d+)\.</span>\s*<span class="name">([^<]+?)\s*'
    r'(?:<span class="badge">wins</span>)?</span>\s*<strong class="total">(-?\d+)</strong>'
)


def standings_rows(response) -> list[tuple[int, str, int]]:
    """(rank, name, total) of each line of the game page's standings."""
    return [(int(r), html.unescape(n), int(t)) for r, n, t in STANDING.findall(response.text)]


@pytest.fixture
def table(record):
    """A game of four from the test module's ``record``, its edit phone and
    each player's seat phone."""
    game = game_for(record)
    editor = Seat(Client(), game, game.edit_token)
    seats = [Seat(Client(), game, link.token) for link in seat_links(game)]
    return game, editor, seats
