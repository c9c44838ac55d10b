"""A phone's own queue is never "someone else" (issue 22): a card queued on
a phone carries the game's version it was tapped on and the keys of the
cards queued before it. The server tells a queue continuing its own chain
(every change since that version made with those keys) from a real
conflict (another phone's change), and a card tapped for a player who has
played meanwhile is refused in words that name the card entered first.

The classic game of three of the cast: Adam deals, Betty leads 24,
Christian follows 15, Adam plays 17."""

from __future__ import annotations

import uuid

import pytest

from companion.models import Submission
from tests.companion.conftest import rounds_of, text

pytestmark = pytest.mark.django_db


def key() -> str:
    return uuid.uuid4().hex


def send(editor, card: str, version: int, own: str, after=(), **tapped):
    """A queued card as static/js/round.js sends it."""
    data = {"card": card, "version": version, "key": own, "after": ",".join(after), **tapped}
    return editor.client.post(editor.url("play_card"), data, headers={"HX-Request": "true"})


def tricks(editor) -> list[list[str]]:
    return editor.game.rounds.get(number=1).tricks


def test_a_queue_continuing_its_own_chain_is_stored_without_a_conflict(editor):
    first, second, third = key(), key(), key()
    # three cards tapped offline at version 0, each naming the ones before it
    assert send(editor, "24", 0, first).status_code == 200
    assert send(editor, "15", 0, second, [first]).status_code == 200
    response = send(editor, "17", 0, third, [first, second])

    assert response.status_code == 200
    assert tricks(editor) == [["24", "15", "17"]]
    assert Submission.objects.filter(game=editor.game).count() == 3
    editor.game.refresh_from_db()
    assert editor.game.version == 3


def test_a_card_whose_answer_was_lost_and_the_next_one_are_each_stored_once(editor):
    first, second = key(), key()
    assert send(editor, "24", 0, first).status_code == 200
    # the phone never heard of the first answer: after a reload it sends both again
    assert send(editor, "24", 0, first).status_code == 200
    assert send(editor, "15", 0, second, [first]).status_code == 200

    assert tricks(editor) == [["24", "15"]]
    assert Submission.objects.filter(game=editor.game).count() == 2


def test_another_phones_card_is_a_conflict_even_with_a_chain(editor):
    mine = key()
    editor.play("24")  # another phone: version 0 -> 1
    before = rounds_of(editor.game)

    response = send(editor, "15", 0, mine, [key()])  # its chain's key was never stored

    assert response.status_code == 409
    assert rounds_of(editor.game) == before


def test_a_chain_with_another_phones_change_in_it_is_a_conflict(editor):
    first, second = key(), key()
    assert send(editor, "24", 0, first).status_code == 200
    editor.play("15")  # another phone, after this phone's first card
    before = rounds_of(editor.game)

    response = send(editor, "17", 0, second, [first])

    assert response.status_code == 409
    assert rounds_of(editor.game) == before
    assert tricks(editor) == [["24", "15"]]


def test_an_undo_on_another_phone_breaks_the_chain(editor):
    first, second = key(), key()
    assert send(editor, "24", 0, first).status_code == 200
    editor.game.refresh_from_db()
    assert editor.post("undo_card").status_code == 302  # another phone takes it back

    response = send(editor, "24", 0, second, [first])

    assert response.status_code == 409
    assert tricks(editor) == []


def test_a_card_for_a_player_who_has_played_names_the_card_entered_first(editor):
    editor.play("24")  # another phone enters Betty's 24
    before = rounds_of(editor.game)

    response = send(editor, "2", 0, key(), player="Betty", trick=1)

    assert response.status_code == 409
    assert "Another phone entered 24 for Betty." in text(response)
    assert rounds_of(editor.game) == before  # never stored for Christian
    assert tricks(editor) == [["24"]]


def test_the_same_card_entered_first_on_another_phone_is_stored_once(editor):
    editor.play("24")
    before = rounds_of(editor.game)

    response = send(editor, "24", 0, key(), player="Betty", trick=1)

    assert response.status_code == 200
    assert "Another phone entered 24 for Betty too; it is stored once." in text(response)
    assert rounds_of(editor.game) == before


def test_a_card_for_a_player_still_to_play_after_another_change_is_a_plain_conflict(editor):
    editor.play("24")
    response = send(editor, "15", 0, key(), player="Christian", trick=1)

    assert response.status_code == 409
    assert "Someone else entered a card at the same time" in text(response)
    assert tricks(editor) == [["24"]]


@pytest.mark.parametrize("after", ["nothex", ",".join(["0" * 32] * 65)])
def test_a_damaged_chain_is_refused(editor, after):
    response = editor.client.post(
        editor.url("play_card"), {"card": "24", "version": 0, "key": key(), "after": after}
    )
    assert response.status_code == 400
    assert tricks(editor) == []


def test_a_chain_costs_one_query_only_when_the_card_is_behind(
    editor, django_assert_max_num_queries
):
    first = key()
    assert send(editor, "24", 0, first).status_code == 200
    with django_assert_max_num_queries(9):
        assert send(editor, "15", 0, key(), [first]).status_code == 200
