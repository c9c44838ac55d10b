"""The undo and redo views and the round's history of changes: the answer
for htmx and the plain answer, the "Undo: …" and "Undone: … / Redo" bar, and
the cast (an editor, a viewer, a stranger)."""

from __future__ import annotations

import re
import uuid

import pytest
from django.test import Client

from companion.models import Change
from tests.companion.conftest import Seat, rounds_of, text
from tests.companion.tables import cards_of, game_for, simulated
from tests.factories import GameFactory

pytestmark = pytest.mark.django_db

FIRST_TRICK = ("24", "15", "17")  # Betty, Christian, Adam: Adam's 17 wins
CHANGES = [("undo", {}), ("redo", {})]


def test_after_a_change_the_round_offers_to_undo_it(editor):
    editor.play("24")

    response = editor.post("play_card", {"card": "15"}, htmx=True)

    assert response.status_code == 200
    assert "↶ Undo: Christian's 15 in trick 1" in text(response)
    assert "Undo the last card" not in text(response)


def test_undo_with_htmx_answers_the_round_with_the_redo_bar(editor):
    editor.play("24", "15")

    response = editor.post("undo", htmx=True)

    assert response.status_code == 200
    assert "<html" not in text(response)
    assert "Undone: Christian's 15 in trick 1" in text(response)
    assert "↷ Redo" in text(response)
    assert "↶ Undo: Betty's 24 in trick 1" in text(response)
    assert editor.game.rounds.get(number=1).tricks == [["24"]]


def test_undo_without_htmx_redirects_to_the_round(editor):
    editor.play("24", "15")

    response = editor.post("undo")

    assert response.status_code == 302
    assert response["Location"] == editor.url("round")
    assert "Undone: Christian's 15 in trick 1" in text(editor.get("round"))


def test_redo_with_htmx_makes_the_change_again(editor):
    editor.play("24", "15")
    editor.post("undo")

    response = editor.post("redo", htmx=True)

    assert response.status_code == 200
    assert "Undone:" not in text(response)
    assert "↶ Undo: Christian's 15 in trick 1" in text(response)
    assert editor.game.rounds.get(number=1).tricks == [["24", "15"]]


def test_redo_without_htmx_redirects_to_the_round(editor):
    editor.play("24", "15")
    editor.post("undo")

    response = editor.post("redo")

    assert response.status_code == 302
    assert editor.game.rounds.get(number=1).tricks == [["24", "15"]]


def test_nothing_to_undo_is_refused_in_plain_words(editor):
    response = editor.post("undo", htmx=True)

    assert response.status_code == 400
    assert "There is no change to undo." in text(response)


def test_a_stale_undo_is_409_and_changes_nothing(editor):
    editor.play("24", "15")
    editor.game.refresh_from_db()
    stale = editor.game.version - 1
    before = rounds_of(editor.game)

    response = editor.post("undo", {"version": stale}, htmx=True)

    assert response.status_code == 409
    assert rounds_of(editor.game) == before


def test_a_retried_undo_is_applied_once(editor):
    editor.play("24", "15")
    editor.game.refresh_from_db()
    data = {"version": editor.game.version, "key": uuid.uuid4().hex}

    assert editor.client.post(editor.url("undo"), data).status_code == 302
    assert editor.client.post(editor.url("undo"), data).status_code == 302

    assert editor.game.rounds.get(number=1).tricks == [["24"]]


def test_the_history_lists_the_rounds_changes_newest_first(editor):
    editor.play(*FIRST_TRICK)
    editor.post("undo")

    page = text(editor.get("round"))
    listed = re.findall(r"<li>([^<]+?)(?: <span| *\n *<form)", page.split("history-list")[1])

    assert listed == [
        "Adam's 17 in trick 1",
        "Christian's 15 in trick 1",
        "Betty's 24 in trick 1",
    ]
    assert "(undone: Redo makes it again)" in page
    assert "History of changes" in page


def test_the_history_for_htmx_is_fetched_when_opened(editor):
    editor.play("24")

    answer = editor.post("play_card", {"card": "15"}, htmx=True)
    listing = editor.get("history", htmx=True)

    assert 'hx-get="' + editor.url("history") + '"' in answer.text
    assert listing.status_code == 200
    assert "Christian's 15 in trick 1" in text(listing)
    asked = Change.objects.get(game=editor.game, values__card="15").number
    assert f'hx-get="{editor.url("undo_to", asked)}"' in listing.text


def test_the_viewer_sees_no_undo_and_no_history_forms(editor, viewer):
    editor.play("24", "15")

    page = text(viewer.get("round"))

    assert "Undo:" not in page
    assert "History of changes" not in page
    assert "Undo back to here" not in text(viewer.get("history"))


def test_a_stranger_gets_404_for_the_history(stranger):
    assert stranger.get("history").status_code == 404


@pytest.mark.parametrize(("name", "data"), CHANGES)
def test_undo_and_redo_refuse_the_wrong_method(editor, name, data):
    assert editor.get(name).status_code == 405
    assert editor.client.put(editor.url(name)).status_code == 405


@pytest.mark.parametrize(("name", "data"), CHANGES)
def test_undo_and_redo_need_a_game(stranger, name, data):
    assert stranger.post(name, data).status_code == 404


@pytest.mark.parametrize(("name", "data"), CHANGES)
def test_undo_and_redo_are_refused_to_the_view_link(editor, viewer, name, data):
    editor.play("24", "15")
    editor.post("undo")
    before = rounds_of(editor.game)
    changes = list(Change.objects.values_list("number", "undone"))

    assert viewer.post(name, data).status_code == 403

    assert rounds_of(editor.game) == before
    assert list(Change.objects.values_list("number", "undone")) == changes


def test_a_correction_of_a_confirmed_round_can_be_undone_from_its_detail(client):
    record = simulated("classic", 3, rounds=2, seed=3)
    game = game_for(record)
    seat = Seat(client, game, game.edit_token)
    seat.play(*cards_of(record["rounds"][0]))
    seat.post("confirm_round")
    first = record["rounds"][0]["tricks"]

    response = seat.post("fix_trick", {"position": 0, "card": first[0][0]}, 1, 2)

    assert response["Location"] == seat.url("round_detail", 1)
    detail = text(seat.get("round_detail", 1))
    assert "↶ Undo: Swapped" in detail
    assert seat.post("undo").status_code == 302
    assert "↶ Undo: Confirmed round 1" in text(seat.get("round_detail", 1))


def test_the_viewer_sees_no_undo_on_a_rounds_detail(editor, viewer):
    editor.play("24")

    assert "Undo:" not in text(viewer.get("round_detail", 1))
    assert "↶ Undo: Betty's 24 in trick 1" in text(editor.get("round_detail", 1))


SHAPED = ["Took back Ann", "Ann's 17 in trick 3", "Confirmed round 2"]
"""Names shaped like the history's words ("Took back Ann" deals first, so
"Ann's 17 in trick 3" leads)."""


def listed(page: str) -> list[str]:
    """The history of changes as a person reads it, newest first."""
    return re.findall(r"<li>([^<]+?)(?: <span| *\n *<form)", page.split("history-list")[1])


def shaped_game(client: Client) -> Seat:
    game = GameFactory(players=SHAPED)
    return Seat(client, game, game.edit_token)


def test_names_shaped_like_changes_are_said_whole_in_english_and_german(client):
    seat = shaped_game(client)
    german = Seat(Client(headers={"Accept-Language": "de"}), seat.game, seat.token)
    seat.play("24", "15", "17")

    english_page = text(seat.get("round"))
    german_page = text(german.get("round"))
    taken_back = text(german.post("undo_card", htmx=True))
    undone = text(german.post("undo", htmx=True))

    assert "↶ Undo: Took back Ann's 17 in trick 1" in english_page
    assert listed(english_page) == [
        "Took back Ann's 17 in trick 1",
        "Confirmed round 2's 15 in trick 1",
        "Ann's 17 in trick 3's 24 in trick 1",
    ]
    assert "↶ Rückgängig: 17 von Took back Ann in Stich 1" in german_page
    assert listed(german_page) == [
        "17 von Took back Ann in Stich 1",
        "15 von Confirmed round 2 in Stich 1",
        "24 von Ann's 17 in trick 3 in Stich 1",
    ]
    assert "↶ Rückgängig: Zurückgenommen: 17 von Took back Ann in Stich 1" in taken_back
    assert "Zurückgenommen: Zurückgenommen: 17 von Took back Ann in Stich 1" in undone
    assert "Undone: Took back Took back Ann's 17 in trick 1" in text(seat.get("round"))


def test_a_dealer_named_like_a_change_is_said_whole_in_english_and_german(client):
    game = GameFactory(players=SHAPED, first_dealer=1)
    seat = Seat(client, game, game.edit_token)

    english = text(seat.post("set_dealer", {"seat": 0}, htmx=True))
    reader = Seat(Client(headers={"Accept-Language": "de"}), game, game.edit_token)
    german = text(reader.get("round"))

    assert "↶ Undo: Took back Ann deals round 1" in english
    assert "↶ Rückgängig: Took back Ann gibt Runde 1" in german
