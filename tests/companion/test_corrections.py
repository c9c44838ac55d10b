"""Correcting the table's entries: delete an earlier trick (the game
is replayed and the screen says what changed), and revoke warnings."""

from __future__ import annotations

import pytest

from tests.companion.conftest import Seat, rounds_of, text
from tests.companion.tables import cards_of, game_for, simulated

pytestmark = pytest.mark.django_db

FIRST_TRICK = ("24", "15", "17")  # Betty, Christian, Adam: Adam's 17 wins
REVOKE = ("24", "15", "17", "4", "6", "8")  # Christian did not follow blue, then plays 8


def tricks(seat: Seat, number: int = 1) -> list[list[str]]:
    return seat.game.rounds.get(number=number).tricks


def test_deleting_a_trick_replays_the_round(editor):
    editor.play(*FIRST_TRICK, "4")

    response = editor.post("delete_trick", {}, 1, 1, htmx=True)

    assert response.status_code == 200
    # Adam's 4 stays Adam's: Betty leads the round's first trick now
    assert tricks(editor) == []
    page = text(response)
    assert (
        "Round 1, trick 1: Betty leads it now, so Adam's 4 is taken back; enter it again"
        " at Adam's turn."
    ) in page
    assert "the bottle is now with nobody (before: Adam)" in page


def test_deleting_a_trick_without_htmx_redirects_to_the_round(editor):
    editor.play(*FIRST_TRICK)

    response = editor.post("delete_trick", {}, 1, 1)

    assert response.status_code == 302
    assert response["Location"] == editor.url("round")
    assert tricks(editor) == []


def test_deleting_a_trick_that_does_not_exist_is_refused(editor):
    response = editor.post("delete_trick", {}, 1, 5, htmx=True)

    assert response.status_code == 400
    assert "Round 1 has no trick 5." in text(response)


def test_a_trick_of_a_confirmed_round_cannot_leave_it_unfinished(client):
    record = simulated("classic", 3, rounds=2, seed=3)
    game = game_for(record)
    seat = Seat(client, game, game.edit_token)
    seat.play(*cards_of(record["rounds"][0]))
    seat.post("confirm_round")
    before = rounds_of(game)

    response = seat.post("delete_trick", {}, 1, 1, htmx=True)

    assert response.status_code == 400
    assert "round 1 is unfinished, but another round follows it" in text(response)
    assert rounds_of(game) == before


def test_a_revoke_shows_a_dispute_banner(editor):
    editor.play(*REVOKE[:-1])

    response = editor.post("play_card", {"card": REVOKE[-1]}, htmx=True)

    assert response.status_code == 200
    assert "Revoke?" in text(response)
    assert "Christian did not follow blue in trick 1 (played 15), but plays blue 8 in trick 2." in (
        text(response)
    )


def test_the_revoke_banner_names_the_player_the_tricks_and_the_cards(editor):
    editor.play(*REVOKE)

    page = text(editor.get("round"))

    assert (
        "<strong>Revoke?</strong> Christian did not follow blue in trick 1 (played 15), "
        "but plays blue 8 in trick 2."
    ) in page
    assert "round 1, trick 1:" not in page
    assert "correct the trick below" not in page
    trick_1 = editor.url("fix_trick", 1, 1) + "?at=1"  # Christian's place in trick 1
    trick_2 = editor.url("fix_trick", 1, 2) + "?at=2"
    label_1 = "Open trick 1: 15 (Christian's card)"
    label_2 = "Open trick 2: 8 (Christian's card)"
    assert f'href="{trick_1}" hx-get="{trick_1}" aria-label="{label_1}">' in page
    assert f'href="{trick_2}" hx-get="{trick_2}" aria-label="{label_2}">' in page
    assert editor.client.get(trick_2).status_code == 200


def test_the_viewer_sees_the_revoke_without_buttons(editor, viewer):
    editor.play(*REVOKE)

    page = text(viewer.get("round"))

    assert "Christian did not follow blue in trick 1" in page
    assert "Open trick" not in page
    assert "Let it stand" not in page


def test_letting_it_stand_is_a_change_that_can_be_undone(editor):
    editor.play(*REVOKE)

    response = editor.post("dismiss_warnings", htmx=True)

    assert "↶ Undo: Let Christian's revoke stand in round 1" in text(response)
    undone = editor.post("undo", htmx=True)
    assert "Revoke?" in text(undone)
    assert "Let it stand" in text(undone)


def test_the_table_can_dismiss_the_warning(editor):
    editor.play(*REVOKE)

    response = editor.post("dismiss_warnings", htmx=True)

    assert response.status_code == 200
    assert "Revoke?" not in text(response)
    assert editor.game.rounds.get(number=1).settled_revokes == [
        {"player": "Christian", "trick": 1, "card": "15", "later_trick": 2, "later_card": "8"}
    ]
