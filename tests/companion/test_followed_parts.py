"""A phone following the play (static/js/follow.js: the round's live part
with ``HX-Target: play``) is sent, like a card's answer, only the parts
that changed since the version its poll names, when only cards were played
or taken back since; otherwise, or when that version is not known here,
everything."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client

from companion.seats import seat_links
from tests.companion.conftest import Seat
from tests.companion.tables import cards_of, game_for, simulated

pytestmark = pytest.mark.django_db

PLAY = {"HX-Request": "true", "HX-Target": "play"}


@pytest.fixture
def table():
    record = simulated("classic", 4, rounds=1, seed=5)
    game = game_for(record)
    editor = Seat(Client(), game, game.edit_token)
    watcher = Seat(Client(), game, seat_links(game)[2].token)
    return game, editor, watcher, cards_of(record["rounds"][0])


def send(editor: Seat, card: str) -> None:
    """A card from the edit phone's round.js (its answer keeps the round)."""
    editor.game.refresh_from_db()
    data = {"version": editor.game.version, "key": uuid.uuid4().hex, "card": card}
    response = editor.client.post(editor.url("play_card"), data, headers=PLAY)
    assert response.status_code == 200, response.text[:500]


def poll(watcher: Seat, version: int) -> str:
    game = watcher.game
    headers = {**PLAY, "If-None-Match": f'"g{game.pk}v{version}-en"'}
    response = watcher.client.get(watcher.url("round_live"), headers=headers)
    assert response.status_code == 200
    return response.text


def test_a_poll_a_card_behind_is_sent_the_trick_and_not_the_header(table):
    game, editor, watcher, cards = table
    send(editor, cards[0])
    send(editor, cards[1])

    behind = poll(watcher, 1)
    unknown = poll(watcher, 0)  # no answer kept the round as it was then

    for answer in (behind, unknown):
        assert answer.count('class="face ') >= 2  # the trick's two cards
        assert 'id="play-stamp"' in answer
    assert 'id="round-head"' not in behind
    assert 'id="round-status"' not in behind
    assert 'id="play-facts"' not in behind
    assert 'id="round-head"' in unknown
    assert 'id="round-status"' in unknown
    assert 'id="play-facts"' in unknown


def test_a_poll_behind_a_change_other_than_a_card_is_sent_everything(table):
    game, editor, watcher, cards = table
    send(editor, cards[0])
    send(editor, cards[1])
    response = editor.post("undo", htmx=True)  # the history's Undo: not a card taken back
    assert response.status_code == 200
    send(editor, cards[1])

    answer = poll(watcher, 2)

    assert 'id="round-head"' in answer
    assert 'id="round-status"' in answer


def test_a_trick_won_since_sends_the_coins_and_the_facts(table):
    game, editor, watcher, cards = table
    for card in cards[:5]:
        send(editor, card)

    answer = poll(watcher, 4)

    assert 'id="round-status"' in answer
    assert 'id="play-facts"' in answer
    assert 'id="round-head"' not in answer
