"""The answers the events server pushes to seat phones
(:mod:`companion.pushed`): each seat's phone is pushed the very answer it
would fetch after a card, in its language; a change other than cards
played on, or a seat link replaced, is pushed nothing (the phone asks)."""

from __future__ import annotations

import re
import uuid

import pytest
from django.test import Client

from companion import actions
from companion.forms import Stamp
from companion.models import Round
from companion.pushed import Pushing, only_played_on
from companion.seats import seat_links
from tests.companion.conftest import Seat
from tests.companion.tables import cards_of, game_for, simulated
from tests.companion.test_followed_parts import PLAY, send

pytestmark = pytest.mark.django_db

KEY = re.compile(r'name="key" value="[0-9a-f]+"')


@pytest.fixture
def table():
    record = simulated("classic", 4, rounds=1, seed=5)
    game = game_for(record)
    editor = Seat(Client(), game, game.edit_token)
    seats = [Seat(Client(), game, link.token) for link in seat_links(game)]
    return game, editor, seats, cards_of(record["rounds"][0])


def fetched(seat: Seat, version: int) -> str:
    """What the seat's phone showing ``version`` fetches (follow.js's poll)."""
    headers = {**PLAY, "If-None-Match": f'"g{seat.game.pk}v{version}-en"'}
    response = seat.client.get(seat.url("round_live"), headers=headers)
    assert response.status_code == 200
    return response.text


def wanted(seats: list[Seat], language: str = "en") -> list[tuple[str, str]]:
    return [(seat.token, language) for seat in seats]


def test_each_seat_phone_is_pushed_the_answer_it_would_fetch(table):
    game, editor, seats, cards = table
    editor.get("round")  # the round as it is at version 0, kept for the polls
    pushing = Pushing()
    assert pushing.answers(game.pk, wanted(seats)) is None  # nothing to start from yet
    for number, card in enumerate(cards[:6], start=1):
        send(editor, card)
        pushed = pushing.answers(game.pk, wanted(seats))

        assert pushed is not None
        assert (pushed.since, pushed.version) == (number - 1, number)
        for seat in seats:
            answer = pushed.answers[(seat.token, "en")]
            assert KEY.sub("", answer) == KEY.sub("", fetched(seat, number - 1))
            assert f'data-version="{number}"' in answer


def test_the_seat_asked_for_is_told_so_in_its_language(table):
    game, editor, seats, cards = table
    pushing = Pushing()
    pushing.answers(game.pk, [])
    send(editor, cards[0])

    pushed = pushing.answers(game.pk, [*wanted(seats, "de"), *wanted(seats, "en")])

    assert pushed is not None
    turns = [
        seat
        for seat in seats
        if "your-turn" in pushed.answers[(seat.token, "en")]
        and "Your card" in pushed.answers[(seat.token, "en")]
        and "Deine Karte" in pushed.answers[(seat.token, "de")]
    ]
    assert len(turns) == 1
    assert all('-de"' in pushed.answers[(seat.token, "de")] for seat in seats)  # its ETag


def test_a_change_other_than_a_card_is_pushed_nothing_and_the_next_card_again(table):
    game, editor, seats, cards = table
    pushing = Pushing()
    pushing.answers(game.pk, [])
    actions.set_dealer(game, Stamp(game.version, uuid.uuid4().hex), (game.first_dealer + 1) % 4)

    assert pushing.answers(game.pk, wanted(seats)) is None

    send(editor, cards[0])  # led by another player: any card leads
    pushed = pushing.answers(game.pk, wanted(seats))
    assert pushed is not None
    assert len(pushed.answers) == 4


def test_a_replaced_seat_link_is_pushed_nothing(table):
    game, editor, seats, cards = table
    pushing = Pushing()
    pushing.answers(game.pk, [])
    actions.replace_seat_link(game, 2)
    send(editor, cards[0])

    pushed = pushing.answers(game.pk, wanted(seats))

    assert pushed is not None
    assert sorted(pushed.answers) == sorted(wanted([seats[0], seats[1], seats[3]]))


def test_a_deleted_game_is_pushed_nothing_and_forgotten(table):
    game, editor, seats, cards = table
    pushing = Pushing()
    pk = game.pk
    pushing.answers(pk, [])
    game.delete()

    assert pushing.answers(pk, wanted(seats)) is None
    assert pushing.rounds == {}


def row(tricks: list[list[str]], **entered) -> Round:
    return Round(pk=entered.pop("pk", 1), number=1, tricks=tricks, **entered)


@pytest.mark.parametrize(
    ("before", "after", "only"),
    [
        (row([["1", "2"]]), row([["1", "2", "3"]]), True),  # a card played
        (row([["1", "2", "3", "4"]]), row([["1", "2", "3", "4"], ["5"]]), True),  # a new trick
        (row([["1", "2", "3"]]), row([["1", "2"]]), True),  # a card taken back
        (row([["1", "2"]]), row([["1", "2", "3", "4"]]), True),  # two cards, one version unseen
        (row([["1", "2"]]), row([["1", "5"]]), False),  # a card fixed
        (row([["1", "2"]]), row([["1", "2"]], pk=2), False),  # another round
        (row([["1"]]), row([["1", "2"]], dealer=3), False),  # another dealer
        (row([["1"]]), row([["1", "2"]], flags=[{"seat": 1}]), False),  # a trick flagged
    ],
    ids=["card", "new-trick", "taken-back", "two-cards", "fixed", "other-round", "dealer", "flag"],
)
def test_only_cards_played_on_or_taken_back_count_as_played_on(before, after, only):
    assert only_played_on(before, after) is only
