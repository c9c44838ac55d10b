"""The table's QR on the round screen (issue 25): the view link's QR panel
is in the page once, outside the parts a card's answer replaces; it is open
by itself on the first look after Start or a rematch, and not after."""

from __future__ import annotations

import pytest

from companion.models import Game
from tests.companion.conftest import Seat, text
from tests.companion.test_new_game import THREE as START

pytestmark = pytest.mark.django_db


def test_the_panel_opens_once_after_start(client):
    started = client.post("/new/", START)
    assert started.status_code == 302
    game = Game.objects.get()

    first = text(client.get(started["Location"]))
    again = text(client.get(started["Location"]))

    assert first.count('id="table-qr"') == 1
    assert '<dialog class="table-qr" id="table-qr" aria-labelledby="table-qr-title" open' in first
    assert f'value="http://testserver/g/{game.view_token}/"' in first
    assert 'id="table-qr"' in again and " open data-first" not in again


def test_the_view_link_sees_the_panel_closed_with_its_own_link(client):
    client.post("/new/", START)
    game = Game.objects.get()
    page = text(client.get(f"/g/{game.view_token}/round/"))
    assert " open data-first" not in page
    assert f'value="http://testserver/g/{game.view_token}/"' in page
    assert game.edit_token not in page
    assert f'class="qr-open" href="/g/{game.view_token}/share/"' in page


def test_a_cards_answer_carries_no_second_panel(client):
    client.post("/new/", START)
    game = Game.objects.get()
    answer = Seat(client, game, game.edit_token).post("play_card", {"card": "24"}, htmx=True)
    assert answer.status_code == 200
    assert 'id="table-qr"' not in text(answer)
