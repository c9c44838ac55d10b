"""The undo and redo views and the round's history of changes: the answer
for htmx and the plain answer, the "Undo: …" and "Undone: … / Redo" bar, and
the cast (an editor, a viewer, a stranger)."""

from __future__ import annotations

import re
import uuid

import pytest

from companion.models import Change
from tests.companion.conftest import Seat, rounds_of, text
from tests.companion.tables import cards_of, game_for, simulated

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
    assert 'name="back_to"' in listing.text


def test_the_viewer_sees_no_undo_and_no_history_forms(editor, viewer):
    editor.play("24", "15")

    page = text(viewer.get("round"))

    assert "Undo:" not in page
    assert "History of changes" not in page
    assert "back_to" not in text(viewer.get("history"))


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
    record = simulated("classic", 3, rounds=2, seed=11)
    game = game_for(record)
    seat = Seat(client, game, game.edit_token)
    seat.play(*cards_of(record["rounds"][0]))
    seat.post("confirm_round")
    first = record["rounds"][0]["tricks"][0]
    fields = {f"card_{index}": card for index, card in enumerate(first)}

    response = seat.post("edit_trick", fields, 1, 1)

    assert response["Location"] == seat.url("round_detail", 1)
    detail = text(seat.get("round_detail", 1))
    assert "↶ Undo: Corrected trick 1 of round 1" in detail
    assert seat.post("undo").status_code == 302
    assert "↶ Undo: Confirmed round 1" in text(seat.get("round_detail", 1))


def test_the_viewer_sees_no_undo_on_a_rounds_detail(editor, viewer):
    editor.play("24")

    assert "Undo:" not in text(viewer.get("round_detail", 1))
    assert "↶ Undo: Betty's 24 in trick 1" in text(editor.get("round_detail", 1))
