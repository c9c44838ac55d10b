"""After a change every phone of the table asks for the round: the round
being played is replayed once a version and kept (companion.replay's
``shown_round``), so each phone's answer costs the query that reads its
link and the game, and says what a fresh replay says."""

from __future__ import annotations

import re
import uuid

import pytest
from django.core.cache import caches
from django.test import Client

from companion.replay import ROUNDS, CurrentRound
from companion.seats import seat_links
from tests.companion.conftest import Seat as Phone
from tests.companion.tables import cards_of, game_for, simulated

pytestmark = pytest.mark.django_db

FRESH_KEY = re.compile(r'name="key" value="\w+"')

LIVE = {"HX-Request": "true", "HX-Target": "play"}


@pytest.fixture
def record() -> dict:
    return simulated("classic", 4, rounds=2, seed=11)


@pytest.fixture
def table(record):
    """A game of four, its edit phone and each player's seat phone."""
    game = game_for(record)
    editor = Phone(Client(), game, game.edit_token)
    seats = [Phone(Client(), game, link.token) for link in seat_links(game)]
    return game, editor, seats


def asked(game) -> int:
    """Whose card the engine asks for."""
    current = CurrentRound.load(game)
    assert current is not None
    ask = current.prompt(current.row.number)
    assert ask is not None
    return ask.player


def tap(game, seats, card: str):
    """The card entered by its player's phone, as round.js sends it."""
    player = asked(game)
    phone = seats[player]
    phone.game.refresh_from_db()
    data = {"version": phone.game.version, "key": uuid.uuid4().hex, "card": card}
    response = phone.client.post(phone.url("play_card"), data, headers=LIVE)
    assert response.status_code == 200, response.text[:2000]
    return phone


def live(phone) -> str:
    """The phone's answer, its fresh form key (new in every answer) left out."""
    response = phone.client.get(phone.url("round_live"), headers=LIVE)
    assert response.status_code == 200
    return FRESH_KEY.sub("", response.text)


def test_the_other_phones_are_answered_from_the_cards_own_replay(
    table, record, django_assert_num_queries
):
    game, _, seats = table
    cards = cards_of(record["rounds"][0])
    tapped = tap(game, seats, cards[0])

    for phone in seats:
        if phone is tapped:
            continue
        with django_assert_num_queries(1):  # the seat link and its game
            page = live(phone)
        assert f'data-player="{game.players[seats.index(tapped)]}"' in page
        assert '<span class="num">' in page


def test_a_version_read_afresh_is_kept_for_the_next_phone(table, record, django_assert_num_queries):
    """A change that kept nothing (a phone without its script: a redirect)
    is read and replayed by the first phone that asks; the next ones are
    answered from that replay."""
    game, editor, seats = table
    card = cards_of(record["rounds"][0])[0]
    editor.play(card)

    assert f'<span class="num">{card}</span>' in live(seats[0])
    with django_assert_num_queries(1):
        page = live(seats[1])
    assert f'<span class="num">{card}</span>' in page


def test_every_answer_is_what_a_fresh_replay_shows(table, record):
    """Through a round and into the next (whose dealer is the engine's, from
    the first round's): after each card, an undo, a Confirm, every seat's
    answer from the kept round is the same as after reading it afresh."""
    game, editor, seats = table
    first, second = (cards_of(item) for item in record["rounds"])

    def same_everywhere() -> None:
        for phone in seats:
            kept = live(phone)
            caches[ROUNDS].clear()
            assert live(phone) == kept

    for card in first[:5]:
        tap(game, seats, card)
        same_everywhere()
    game.refresh_from_db()
    undone = editor.client.post(
        editor.url("undo_card"), {"version": game.version, "key": uuid.uuid4().hex}, headers=LIVE
    )
    assert undone.status_code == 200
    same_everywhere()
    for card in first[4:]:
        tap(game, seats, card)
    editor.post("confirm_round")
    same_everywhere()
    for card in second[:6]:
        tap(game, seats, card)
        same_everywhere()
