"""An idempotency key makes a retried POST a no-op; the same key sent again
with a *different* change is refused (409) in plain words, and nothing is
stored, instead of a silent redirect that stored nothing."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from companion.models import Submission
from companion.transfer import import_record
from tests.companion.conftest import Seat, rounds_of, text
from tests.companion.tables import simulated

pytestmark = pytest.mark.django_db

REUSED = "This form was already sent with {}: reload the page"
RECORD = simulated("classic", 3, rounds=3, seed=5)


def send(editor, name, data, key, *args):
    return editor.client.post(
        editor.url(name, *args), {"version": editor.game.version, "key": key, **data}
    )


def test_the_same_key_with_the_same_card_is_a_quiet_retry(editor):
    key = uuid.uuid4().hex
    first = send(editor, "play_card", {"card": "24"}, key)

    again = send(editor, "play_card", {"card": "24"}, key)

    assert (first.status_code, again.status_code) == (302, 302)
    assert editor.game.rounds.get().tricks == [["24"]]


def test_the_same_key_with_another_card_is_a_409_that_says_so(editor):
    key = uuid.uuid4().hex
    assert send(editor, "play_card", {"card": "24"}, key).status_code == 302
    before = rounds_of(editor.game)

    response = send(editor, "play_card", {"card": "15"}, key)

    assert response.status_code == 409
    assert REUSED.format("another card") in text(response)
    assert rounds_of(editor.game) == before
    assert Submission.objects.filter(game=editor.game).count() == 1


def test_the_same_key_for_another_kind_of_change_is_a_409(editor):
    key = uuid.uuid4().hex
    assert send(editor, "set_dealer", {"seat": "2"}, key).status_code == 302
    editor.game.refresh_from_db()
    before = rounds_of(editor.game)

    response = send(editor, "play_card", {"card": "24"}, key)

    assert response.status_code == 409
    assert REUSED.format("another change") in text(response)
    assert rounds_of(editor.game) == before


def test_the_same_key_with_another_dealer_is_a_409(editor):
    key = uuid.uuid4().hex
    assert send(editor, "set_dealer", {"seat": "2"}, key).status_code == 302

    response = send(editor, "set_dealer", {"seat": "0"}, key)

    assert response.status_code == 409
    assert REUSED.format("another dealer") in text(response)
    assert editor.game.rounds.get().dealer == 2


def test_a_fixed_trick_sent_again_with_another_card_is_a_409(editor):
    editor.play("24", "15", "17")
    editor.game.refresh_from_db()
    key = uuid.uuid4().hex
    fix = {"position": 2, "card": "16"}
    assert send(editor, "fix_trick", fix, key, 1, 1).status_code == 302

    response = send(editor, "fix_trick", {**fix, "card": "18"}, key, 1, 1)

    assert response.status_code == 409
    assert REUSED.format("another card") in text(response)
    assert editor.game.rounds.get().tricks == [["24", "15", "16"]]


def test_a_confirm_sent_again_leads_to_the_same_story(client):
    """A Confirm whose answer was lost, sent again with its key, changes
    nothing and leads to the story of the round it confirmed (never a 500)."""
    game = import_record({**RECORD, "rounds": RECORD["rounds"][:1]})
    seat = Seat(client, game, game.edit_token)
    key = uuid.uuid4().hex
    first = send(seat, "confirm_round", {}, key)
    game.refresh_from_db()

    again = client.post(seat.url("confirm_round"), {"version": game.version - 1, "key": key})
    htmx = client.post(
        seat.url("confirm_round"), {"version": game.version - 1, "key": key}, HTTP_HX_REQUEST="true"
    )

    story = reverse("imp:round_detail", args=[game.edit_token, 1]) + "?confirmed"
    assert (first.status_code, first["Location"]) == (302, story)
    assert (again.status_code, again["Location"]) == (302, story)
    assert (htmx.status_code, htmx["HX-Redirect"]) == (200, story)
    assert list(game.rounds.values_list("number", "confirmed")) == [(1, True), (2, False)]
