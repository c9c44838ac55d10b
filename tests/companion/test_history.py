"""Every change can be taken back: each verb's change undone (the rounds'
entries exactly as before it) and redone (exactly as after it), undo back to
a change from the history, and redo refused after a new change."""

from __future__ import annotations

import pytest

from companion.models import Change, Round
from tests.companion.conftest import Seat, text
from tests.companion.tables import cards_of, game_for, simulated
from tests.factories import LopakaGameFactory

pytestmark = pytest.mark.django_db

FIRST_TRICK = ("24", "15", "17")  # Betty, Christian, Adam: Adam's 17 wins
REVOKE = ("24", "15", "17", "4", "6", "8")  # Christian did not follow blue, then plays 8
LOPAKA_HAND = ["1", "2", "3", "5", "7", "9", "12", "17", "18", "32", "36"]
QUICK = {
    "points_0": 40,
    "points_1": 30,
    "points_2": 20,
    "bottle_0": "Christian",
    "imps_trick_points": 36,
}


def entries(seat: Seat) -> list[tuple]:
    """Every round's entries as stored (the rounds' versions aside: they grow)."""
    return list(
        Round.objects.filter(game=seat.game)
        .order_by("number")
        .values_list(
            "number",
            "dealer",
            "tricks",
            "imps_trick",
            "lopaka_hand",
            "open_hands",
            "quick",
            "confirmed",
            "settled_revokes",
        )
    )


@pytest.fixture
def played(client) -> Seat:
    """A classic game of three whose first round is entered card by card."""
    record = simulated("classic", 3, rounds=2, seed=11)
    game = game_for(record)
    seat = Seat(client, game, game.edit_token)
    seat.play(*cards_of(record["rounds"][0]))
    return seat


@pytest.fixture
def lopaka(client) -> Seat:
    game = LopakaGameFactory()
    return Seat(client, game, game.edit_token)


def last_change(seat: Seat) -> tuple[str, dict]:
    """The code and values of the game's last change, as stored."""
    last = Change.objects.filter(game=seat.game).last()
    return last.code, last.values


def undone_and_redone(seat: Seat, name: str, data: dict, *args) -> tuple[list, list]:
    """Make one change, undo it, redo it: the entries before and after it,
    each checked against the database after the undo and after the redo."""
    before = entries(seat)
    response = seat.post(name, data, *args)
    assert response.status_code == 302, response.text[:2000]
    after = entries(seat)
    assert after != before

    assert seat.post("undo").status_code == 302
    assert entries(seat) == before
    assert seat.post("redo").status_code == 302
    assert entries(seat) == after
    return before, after


def test_a_card_is_undone_and_redone(editor):
    editor.play(*FIRST_TRICK)

    undone_and_redone(editor, "play_card", {"card": "4"})

    assert last_change(editor) == ("card.played", {"player": "Adam", "card": "4", "trick": 2})


def test_undo_the_last_card_is_undone_and_redone(editor):
    editor.play(*FIRST_TRICK)

    undone_and_redone(editor, "undo_card", {})

    taken = {"player": "Adam", "card": "17", "trick": 1}
    assert last_change(editor) == ("card.taken_back", taken)


def test_a_known_hand_is_undone_and_redone_with_lopakas_cards(lopaka):
    before, after = undone_and_redone(lopaka, "known_hand", {"seat": 2, "cards": LOPAKA_HAND})

    assert before[0][4] is None
    assert after[0][4] == LOPAKA_HAND


def test_a_card_lopaka_answered_is_undone_with_his_card(lopaka):
    lopaka.post("known_hand", {"seat": 2, "cards": LOPAKA_HAND})

    before, after = undone_and_redone(lopaka, "play_card", {"card": "24"})

    assert (before[0][2], after[0][2]) == ([], [["24", "32"]])


def test_a_quick_entry_is_undone_and_redone(editor):
    before, after = undone_and_redone(editor, "quick_round", QUICK)

    assert before[0][6] is None
    assert after[0][6]["bottle"] == ["Christian"]
    assert last_change(editor) == ("quick.entered", {"round": 1})


def test_a_dealer_change_is_undone_and_redone(editor):
    before, after = undone_and_redone(editor, "set_dealer", {"seat": 2})

    assert (before[0][1], after[0][1]) == (None, 2)
    assert last_change(editor) == ("dealer.set", {"player": "Christian", "round": 1})


def test_confirming_is_undone_and_the_next_round_disappears(played):
    before, after = undone_and_redone(played, "confirm_round", {})

    assert [row[0] for row in before] == [1]
    assert [(row[0], row[7]) for row in after] == [(1, True), (2, False)]
    assert last_change(played) == ("round.confirmed", {"round": 1})


def test_confirming_undone_then_redone_offers_the_next_round(played):
    played.post("confirm_round")
    played.post("undo")

    assert "Confirm round 1" in text(played.get("round"))
    played.post("redo")
    assert "Round 2" in text(played.get("round"))


def test_letting_a_revoke_stand_is_undone_and_redone(editor):
    editor.play(*REVOKE)

    before, after = undone_and_redone(editor, "dismiss_warnings", {})

    settled = {"player": "Christian", "trick": 1, "card": "15", "later_trick": 2, "later_card": "8"}
    assert (before[0][8], after[0][8]) == ([], [settled])
    assert last_change(editor) == ("revoke.settled", {"player": "Christian", "round": 1})


def test_a_fixed_trick_is_undone_and_redone(editor):
    editor.play(*FIRST_TRICK)

    before, after = undone_and_redone(editor, "fix_trick", {"position": 1, "card": "18"}, 1, 1)

    assert (before[0][2], after[0][2]) == ([["24", "15", "17"]], [["24", "18", "17"]])
    assert last_change(editor) == (
        "card.replaced",
        {"player": "Christian", "was": "15", "trick": 1, "now": "18", "round": 1},
    )


def test_a_deleted_trick_is_undone_and_redone(editor):
    editor.play(*REVOKE)

    before, after = undone_and_redone(editor, "delete_trick", {}, 1, 1)

    assert (len(before[0][2]), len(after[0][2])) == (2, 1)
    assert last_change(editor) == ("trick.deleted", {"trick": 1, "round": 1})


def test_a_refused_change_is_not_kept_in_the_history(played):
    played.post("confirm_round")
    kept = list(Change.objects.filter(game=played.game).values_list("code", "values"))

    # a confirmed round cannot lose a trick: the engine refuses it
    assert played.post("delete_trick", {}, 1, 4).status_code == 400

    assert list(Change.objects.filter(game=played.game).values_list("code", "values")) == kept
    assert kept[-1] == ("round.confirmed", {"round": 1})


def test_undo_back_to_a_change_undoes_every_later_one_all_redone_at_once(editor):
    editor.play("24")
    start = entries(editor)
    editor.play("15", "17")
    end = entries(editor)
    second = Change.objects.get(game=editor.game, values__card="15")

    assert editor.post("undo", {"back_to": second.number}).status_code == 302
    assert entries(editor) == start
    assert editor.post("redo").status_code == 302
    assert entries(editor) == end
    assert not Change.objects.filter(game=editor.game, undone=True).exists()


def test_redo_after_a_new_change_is_refused_in_plain_words(editor):
    editor.play("24", "15")
    editor.post("undo")
    editor.play("18")
    before = entries(editor)

    response = editor.post("redo", htmx=True)

    assert response.status_code == 400
    assert (
        "There is nothing to redo: a change made after an undo clears what could be redone."
        in text(response)
    )
    assert entries(editor) == before
