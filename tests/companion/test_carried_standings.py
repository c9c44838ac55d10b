"""The live standings after a card: every screen of the table polls them,
and a card that leaves its round unfinished changes nothing of what counts
(the confirmed rounds, a round waiting for Confirm). What counts is then
carried forward from the version before (companion.views.game's
``replay_standings``) and only the round being played is shown afresh, as
the card's answer kept it: the game is not read or replayed again."""

from __future__ import annotations

import uuid

import pytest
from django.core.cache import cache, caches
from django.test import Client

from companion.replay import ROUNDS
from tests.companion.conftest import Seat as Phone
from tests.companion.tables import cards_of, simulated

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


@pytest.fixture
def record() -> dict:
    return simulated("classic", 4, rounds=2, seed=11)


def tap(editor, card: str) -> None:
    """A card entered on the edit phone, as its script sends it."""
    editor.game.refresh_from_db()
    data = {"version": editor.game.version, "key": uuid.uuid4().hex, "card": card}
    response = editor.client.post(editor.url("play_card"), data, headers=HTMX)
    assert response.status_code == 200, response.text[:2000]


def take_back(editor) -> None:
    editor.game.refresh_from_db()
    data = {"version": editor.game.version, "key": uuid.uuid4().hex}
    response = editor.client.post(editor.url("undo_card"), data, headers=HTMX)
    assert response.status_code == 200, response.text[:2000]


def standings(viewer) -> str:
    response = viewer.client.get(viewer.url("live"), headers=HTMX)
    assert response.status_code == 200
    return response.text


def test_the_standings_after_a_card_read_nothing_but_the_game(
    table, record, django_assert_num_queries
):
    game, editor, _ = table
    viewer = Phone(Client(), game, game.view_token)
    cards = cards_of(record["rounds"][0])
    tap(editor, cards[0])
    standings(viewer)
    tap(editor, cards[1])

    with django_assert_num_queries(1):  # the view link and its game
        page = standings(viewer)

    assert "1 of 8 tricks started" in page


def test_every_standings_is_what_a_fresh_replay_shows(table, record):
    """After each card, a card taken back from a complete round (the round
    waiting for Confirm is gone again), a Confirm and the next round's cards,
    the standings carried forward are those of a replay of the whole game."""
    game, editor, _ = table
    viewer = Phone(Client(), game, game.view_token)
    first, second = (cards_of(item) for item in record["rounds"])

    def as_replayed() -> None:
        carried = standings(viewer)
        cache.clear()
        caches[ROUNDS].clear()
        assert standings(viewer) == carried

    standings(viewer)
    for card in first:
        tap(editor, card)
        as_replayed()
    assert "the table still has to confirm the result" in standings(viewer)
    take_back(editor)
    as_replayed()
    take_back(editor)
    as_replayed()
    for card in first[-2:]:
        tap(editor, card)
        as_replayed()
    editor.post("confirm_round")
    as_replayed()
    for card in second[:9]:
        tap(editor, card)
        as_replayed()


def test_a_german_screen_after_an_english_one_is_shown_german(table, record):
    game, editor, _ = table
    viewer = Phone(Client(), game, game.view_token)
    cards = cards_of(record["rounds"][0])
    tap(editor, cards[0])
    assert "tricks started" in standings(viewer)
    tap(editor, cards[1])

    viewer.client.cookies["django_language"] = "de"
    german = standings(viewer)

    assert "Runde 1" in german and "tricks started" not in german
