"""No lost or doubled entries: real threads post to the same round at once
(PostgreSQL, real transactions and row locks). The version each form carries
turns a stale form into a 409; its idempotency key turns a retry into a no-op.
"""

from __future__ import annotations

import threading
import uuid
from collections import Counter

import pytest
from django.db import connection, connections
from django.test import Client
from django.urls import reverse

from companion.models import Game, Submission
from companion.replay import game_state
from tests.factories import GameFactory

THREADS = 8

pytestmark = pytest.mark.django_db(transaction=True)
on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="real concurrent transactions need PostgreSQL: run `make test-postgres`",
)


@pytest.fixture
def game() -> Game:
    return GameFactory()  # classic, Adam, Betty, Christian; Adam deals, Betty leads


def at_once(work, count: int = THREADS) -> list:
    """Run ``work(i)`` in ``count`` threads released together; their results."""
    barrier = threading.Barrier(count)
    results: list = [None] * count
    errors: list[BaseException] = []

    def run(i: int) -> None:
        try:
            barrier.wait(timeout=10)
            results[i] = work(i)
        except BaseException as error:  # noqa: BLE001 -- reported below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors, errors
    return results


def post_card(token: str, card: str, version: int, key: str | None = None):
    data = {"version": version, "key": key or uuid.uuid4().hex, "card": card}
    return Client().post(reverse("imp:play_card", args=[token]), data)


@on_postgresql
def test_same_card_same_version_is_stored_once(game):
    responses = at_once(lambda i: post_card(game.edit_token, "24", version=0))

    statuses = Counter(response.status_code for response in responses)
    game.refresh_from_db()
    assert statuses == {302: 1, 409: THREADS - 1}
    assert game.rounds.get().tricks == [["24"]]
    assert game.version == 1
    assert Submission.objects.filter(game=game).count() == 1
    conflict = next(response for response in responses if response.status_code == 409)
    assert "Someone else entered a card at the same time" in conflict.text
    assert 'name="version" value="1"' in conflict.text  # the fresh state, ready to go on


@on_postgresql
def test_same_key_is_applied_once(game):
    key = uuid.uuid4().hex

    responses = at_once(lambda i: post_card(game.edit_token, "24", version=0, key=key))

    game.refresh_from_db()
    assert [response.status_code for response in responses] == [302] * THREADS
    assert game.rounds.get().tricks == [["24"]]
    assert game.version == 1
    assert list(Submission.objects.filter(game=game).values_list("key", flat=True)) == [key]


@on_postgresql
def test_different_cards_with_retries_are_all_stored_once(game):
    cards = ["24", "15", "17", "32", "2", "33", "30", "4"]

    def enter(i: int) -> int:
        """One phone: post, and on a 409 take the fresh version and post again."""
        version, tries = 0, 0
        while True:
            tries += 1
            response = post_card(game.edit_token, cards[i], version)
            if response.status_code != 409:
                assert response.status_code == 302, response.text
                return tries
            version = Game.objects.get(pk=game.pk).version

    tries = at_once(enter)

    game.refresh_from_db()
    stored = [card for trick in game.rounds.get().tricks for card in trick]
    assert sorted(stored, key=float) == sorted(cards, key=float)
    assert game.version == THREADS
    assert Submission.objects.filter(game=game).count() == THREADS
    assert sum(tries) >= THREADS
    state = game_state(game)  # the round replays without error
    assert len(state.rounds[0].tricks) == 3


@on_postgresql
def test_a_viewer_cannot_post_even_at_once(game):
    responses = at_once(lambda i: post_card(game.view_token, "24", version=0), count=4)

    game.refresh_from_db()
    assert [response.status_code for response in responses] == [403] * 4
    assert game.rounds.get().tricks == []
    assert game.version == 0


def test_a_stale_form_is_409_with_the_fresh_version_then_goes_through(game):
    """The same race one after the other (any database): the second phone's
    form is stale; its 409 page carries the version to post with next."""
    first = post_card(game.edit_token, "24", version=0)
    stale = post_card(game.edit_token, "15", version=0)
    retried = post_card(game.edit_token, "15", version=1)

    game.refresh_from_db()
    assert (first.status_code, stale.status_code, retried.status_code) == (302, 409, 302)
    assert 'name="version" value="1"' in stale.text
    assert game.rounds.get().tricks == [["24", "15"]]
    assert game.version == 2


def test_a_retried_post_is_not_applied_twice(game):
    key = uuid.uuid4().hex

    responses = [post_card(game.edit_token, "24", version=0, key=key) for _ in range(3)]

    game.refresh_from_db()
    assert [response.status_code for response in responses] == [302, 302, 302]
    assert game.rounds.get().tricks == [["24"]]
    assert game.version == 1
