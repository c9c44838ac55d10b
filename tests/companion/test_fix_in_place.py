"""Fixing a trick in place on the round screen: the trick's cards by
player, the card grid saying where each card lies now, and one tap that
moves a card there (the card it replaces takes its old place) — one change
in the history, taken back by one Undo; the engine judges the result."""

from __future__ import annotations

import re
import uuid

import pytest
from django.test import Client

from companion import actions
from companion.models import Change
from tests.companion.conftest import Seat, rounds_of, text
from tests.companion.tables import cards_of, game_for, simulated

pytestmark = pytest.mark.django_db

# Betty, Christian, Adam: Adam's 17 wins; then Adam, Betty, Christian (8 is
# blue, which Christian did not follow in trick 1: a revoke).
REVOKE = ("24", "15", "17", "4", "6", "8")


def tricks(seat: Seat, number: int = 1) -> list[list[str]]:
    return seat.game.rounds.get(number=number).tricks


def where(page: str, card: str) -> str:
    """What the fix grid says of a card: where it lies now ("" if unplayed)."""
    button = re.search(rf'<button type="submit" name="card" value="{card}"[^>]*>', page)
    assert button, f"no {card} in the grid"
    label = re.search(r'aria-label="([^"]*)"', button.group(0)).group(1)
    return label.partition("; now ")[2]


def test_the_trick_opens_in_the_card_grid_with_where_each_card_lies(editor):
    editor.play(*REVOKE)

    response = editor.get("fix_trick", 1, 1, htmx=True)

    page = text(response)
    assert response.status_code == 200
    assert page.lstrip().startswith('<section id="round"')
    assert "Fix trick 1" in page
    slots = re.findall(r'value="(\d)"[^>]*>\s*<span class="slot-name">(\w+)</span>', page)
    assert slots == [("0", "Betty"), ("1", "Christian"), ("2", "Adam")]
    assert where(page, "6") == "Betty, trick 2"
    assert where(page, "15") == "Christian, this trick"
    assert where(page, "33") == ""  # not played yet
    assert 'name="position" value="1" checked' not in page  # nobody chosen yet


def test_a_revoke_opens_its_trick_with_the_player_chosen(editor):
    editor.play(*REVOKE)

    page = text(editor.get("round"))

    trick_1 = editor.url("fix_trick", 1, 1) + "?at=1"
    assert (
        f'href="{trick_1}" hx-get="{trick_1}" aria-label="Open trick 1: 15 (Christian\'s card)">'
        "Trick 1: 15</a>"
    ) in page
    opened = text(editor.client.get(trick_1, headers={"HX-Request": "true"}))
    assert 'name="position" value="1" checked' in opened


def test_a_card_from_another_trick_swaps_places_in_one_change(editor):
    editor.play(*REVOKE)

    response = editor.post("fix_trick", {"position": 1, "card": "8"}, 1, 1, htmx=True)

    assert response.status_code == 200
    assert tricks(editor) == [["24", "8", "17"], ["4", "6", "15"]]
    what = "Swapped Christian's 15 in trick 1 and Christian's 8 in trick 2 of round 1"
    assert f"↶ Undo: {what}" in text(response)
    last = Change.objects.order_by("-number").first()
    moved = {"player": "Christian", "was": "15", "trick": 1, "other": "Christian", "now": "8"}
    moved.update(other_trick=2, round=1)
    assert (last.code, last.values) == ("cards.swapped_tricks", moved)
    assert "Revoke?" not in text(response)  # the engine judged it again


def test_one_undo_takes_the_whole_move_back(editor):
    editor.play(*REVOKE)
    before = tricks(editor)
    editor.post("fix_trick", {"position": 1, "card": "8"}, 1, 1, htmx=True)

    response = editor.post("undo", htmx=True)

    assert response.status_code == 200
    assert tricks(editor) == before
    assert "Undone: Swapped Christian's 15 in trick 1" in text(response)


def test_a_card_of_the_same_trick_swaps_within_it(editor):
    editor.play(*REVOKE)

    editor.post("fix_trick", {"position": 0, "card": "17"}, 1, 1, htmx=True)

    # Betty's 17 wins trick 1 now: she leads trick 2, each card with its player
    assert tricks(editor) == [["17", "15", "24"], ["6", "8", "4"]]
    last = Change.objects.order_by("-number").first()
    moved = {"player": "Betty", "was": "24", "other": "Adam", "now": "17", "trick": 1, "round": 1}
    assert (last.code, last.values) == ("cards.swapped", moved)


def test_a_card_not_played_yet_takes_the_place_and_the_old_one_leaves(editor):
    editor.play(*REVOKE)

    response = editor.post("fix_trick", {"position": 1, "card": "32"}, 1, 1, htmx=True)

    assert response.status_code == 200
    assert tricks(editor) == [["24", "32", "17"], ["4", "6", "8"]]
    assert "↶ Undo: Christian's 15 in trick 1 of round 1 is now 32" in text(response)


def test_the_same_card_again_is_refused_in_place(editor):
    editor.play(*REVOKE)
    before = rounds_of(editor.game)

    response = editor.post("fix_trick", {"position": 1, "card": "15"}, 1, 1, htmx=True)

    page = text(response)
    assert response.status_code == 400
    assert "Fix trick 1" in page  # still fixing it
    assert re.search(r'id="error-fix"[^>]*>Christian\'s card in trick 1 is 15 already\.<', page)
    assert 'name="position" value="1" checked' in page
    assert rounds_of(editor.game) == before


def test_a_card_without_whose_card_is_refused_in_place(editor):
    editor.play(*REVOKE)

    response = editor.post("fix_trick", {"card": "32"}, 1, 1, htmx=True)

    assert response.status_code == 400
    assert re.search(
        r'id="error-fix"[^>]*>Whose card: tap whose card is wrong first', text(response)
    )


def test_without_htmx_the_move_redirects_to_the_round(editor):
    editor.play(*REVOKE)

    response = editor.post("fix_trick", {"position": 1, "card": "8"}, 1, 1)

    assert response.status_code == 302
    assert response["Location"] == editor.url("round")
    assert tricks(editor)[0] == ["24", "8", "17"]


def test_a_trick_the_round_does_not_have_is_404(editor):
    editor.play(*REVOKE)

    assert editor.get("fix_trick", 1, 3).status_code == 404


def test_the_view_link_and_strangers_cannot_fix(editor, viewer, stranger):
    editor.play(*REVOKE)
    before = rounds_of(editor.game)

    assert viewer.get("fix_trick", 1, 1).status_code == 403
    assert viewer.post("fix_trick", {"position": 1, "card": "8"}, 1, 1).status_code == 403
    assert stranger.get("fix_trick", 1, 1).status_code == 404
    assert rounds_of(editor.game) == before


def test_the_wrong_method_is_refused(editor):
    assert editor.client.put(editor.url("fix_trick", 1, 1)).status_code == 405


def test_an_earlier_round_is_fixed_on_a_page_of_its_own(client):
    record = simulated("classic", 3, rounds=2, seed=3)
    game = game_for(record)
    seat = Seat(client, game, game.edit_token)
    seat.play(*cards_of(record["rounds"][0]))
    seat.post("confirm_round")
    first = record["rounds"][0]["tricks"]

    page = seat.get("fix_trick", 1, 2)
    by_htmx = seat.get("fix_trick", 1, 2, htmx=True)
    moved = seat.post("fix_trick", {"position": 0, "card": first[0][0]}, 1, 2)

    assert page.status_code == 200
    assert "Round 1" in text(page) and "Fix trick 2" in text(page)
    assert f'href="{seat.url("round_detail", 1)}">Done</a>' in text(page)
    assert by_htmx["HX-Redirect"] == seat.url("fix_trick", 1, 2)
    assert moved.status_code == 302
    assert moved["Location"] == seat.url("round_detail", 1)
    assert tricks(seat)[1][0] == first[0][0]
    assert tricks(seat)[0][0] == first[1][0]  # the two cards swapped places
    after = text(seat.client.get(moved["Location"]))
    assert "↶ Undo: Swapped" in after


def test_a_refused_fix_of_an_earlier_round_says_why_on_its_page(client):
    record = simulated("classic", 3, rounds=2, seed=3)
    game = game_for(record)
    seat = Seat(client, game, game.edit_token)
    seat.play(*cards_of(record["rounds"][0]))
    seat.post("confirm_round")
    before = rounds_of(game)

    response = seat.post("fix_trick", {"card": "33"}, 1, 2)

    assert response.status_code == 400
    assert re.search(
        r'id="error-fix"[^>]*>Whose card: tap whose card is wrong first', text(response)
    )
    assert rounds_of(game) == before


def test_a_confirmed_last_round_offers_no_delete(client):
    record = {**simulated("classic", 3, rounds=1, seed=3), "goal": {"rounds": 1}}
    game = game_for(record)
    seat = Seat(client, game, game.edit_token)
    seat.play(*cards_of(record["rounds"][0]))
    seat.post("confirm_round")

    page = text(seat.get("fix_trick", 1, 2))

    assert "Fix trick 2" in page
    assert "Delete trick" not in page


def test_the_play_offers_the_last_four_tricks_to_fix_in_one_tap(client):
    record = simulated("classic", 3, rounds=1, seed=3)
    game = game_for(record)
    seat = Seat(client, game, game.edit_token)
    seat.play(*cards_of(record["rounds"][0])[:16])  # five tricks and one card

    strip = re.search(r'<nav class="fix-strip".*?</nav>', text(seat.get("round")), re.S).group(0)

    assert re.findall(r'aria-label="Fix trick (\d+)"', strip) == ["3", "4", "5", "6"]
    assert f'href="{seat.url("fix_trick", 1, 4)}" hx-get=' in strip


def test_an_undo_says_what_it_changed_in_the_round(editor):
    editor.play(*REVOKE, "33")
    editor.post("delete_trick", {}, 1, 1, htmx=True)

    response = editor.post("undo", htmx=True)

    page = text(response)
    assert "Undone: Deleted trick 1 of round 1" in page
    assert "Round 1, trick 1: Adam wins it" in page  # read again as played


# Betty leads: Adam's 17 wins trick 1; Christian's 16 trick 2; Christian
# leads trick 3 with his 13 (Adam 5, Betty 10) and wins it.
THREE_TRICKS = ("24", "15", "17", "4", "6", "16", "13", "5", "10")
TRICK_3_LED_BY_BETTY = (
    "Round 1, trick 3 is now led by Betty: Adam wins it with 5 now (before: Christian);"
    " the price after it is 5, not 13."
)


def test_a_fix_that_changes_an_earlier_winner_keeps_christians_13_with_christian(editor):
    editor.play(*THREE_TRICKS)

    # Christian's 16 in trick 2 was a 32: Betty's 6 wins trick 2 and leads trick 3
    response = editor.post("fix_trick", {"position": 2, "card": "32"}, 1, 2, htmx=True)

    assert response.status_code == 200
    assert tricks(editor) == [["24", "15", "17"], ["4", "6", "32"], ["10", "13", "5"]]
    page = text(response)
    assert (
        "Round 1, trick 2: Betty wins it now (before: Christian); the price after it is 6, not 16."
    ) in page
    assert TRICK_3_LED_BY_BETTY in page
    trick_3 = text(editor.get("fix_trick", 1, 3, htmx=True))
    names = re.findall(r'<span class="slot-name">(\w+)</span>', trick_3)
    assert names == ["Betty", "Christian", "Adam"]
    assert where(trick_3, "13") == "Christian, this trick"
    assert where(trick_3, "5") == "Adam, this trick"


def test_the_answer_names_the_later_trick_in_german(editor):
    editor.play(*THREE_TRICKS)
    editor.game.refresh_from_db()

    response = editor.client.post(
        editor.url("fix_trick", 1, 2),
        {"version": editor.game.version, "key": uuid.uuid4().hex, "position": 2, "card": "32"},
        headers={"HX-Request": "true", "Accept-Language": "de-DE,de;q=0.9"},
    )

    assert response.status_code == 200
    assert (
        "Runde 1, Stich 3: jetzt spielt Betty aus, und Adam gewinnt ihn mit der 5 jetzt"
        " (vorher: Christian); der Preis danach ist 5, nicht 13."
    ) in text(response)


def test_one_undo_takes_back_the_fix_and_the_tricks_played_again(editor):
    editor.play(*THREE_TRICKS)
    editor.post("fix_trick", {"position": 2, "card": "32"}, 1, 2, htmx=True)

    response = editor.post("undo", htmx=True)

    assert response.status_code == 200
    assert tricks(editor) == [["24", "15", "17"], ["4", "6", "16"], ["13", "5", "10"]]


def test_a_lead_whose_player_comes_later_now_is_taken_back_and_said(editor):
    editor.play(*THREE_TRICKS, "33")  # Christian, who won trick 3, leads trick 4

    response = editor.post("fix_trick", {"position": 2, "card": "32"}, 1, 2, htmx=True)

    assert response.status_code == 200
    assert tricks(editor)[3:] == []  # Adam leads trick 4 now
    assert (
        "Round 1, trick 4: Adam leads it now, so Christian's 33 is taken back; enter it again"
        " at Christian's turn."
    ) in text(response)
    assert "Adam's card" in text(editor.get("round"))


LOPAKA_HAND = ["2", "6", "7", "9", "11", "20", "21", "25", "31", "33", "37"]


def test_a_lopaka_round_fix_that_changes_a_winner_is_made_and_lopaka_plays_again(client):
    game = actions.create_game(players=["Ann", "Ben"], variant="lopaka", first_dealer=0)
    seat = Seat(client, game, game.edit_token)
    assert seat.post("known_hand", {"seat": 2, "cards": LOPAKA_HAND}).status_code == 302
    # Ben 29, Lopaka 37, Ann 16; Ann 27, Ben 32, Lopaka 6; Lopaka 33, Ann 35, Ben 23
    seat.play("29", "16", "27", "32", "35", "23")
    assert tricks(seat) == [["29", "37", "16"], ["27", "32", "6"], ["33", "35", "23"]]

    # Ben's 29 was a 17: his 17 wins trick 1 if Lopaka plays low, as his rules say
    response = seat.post("fix_trick", {"position": 0, "card": "17"}, 1, 1, htmx=True)

    assert response.status_code == 200, text(response)
    assert tricks(seat) == [["17", "6", "16"], ["32", "20", "27"], ["23", "37", "35"], ["33"]]
    page = text(response)
    assert (
        "Round 1, trick 1: Lopaka now plays 6 (before: 37). Lopaka must follow blue and none"
        " of his cards can win the trick: he plays his lowest, 6."
    ) in page
    assert "Round 1, trick 4: Lopaka now plays 33. Lopaka leads his highest card, 33." in page
    assert "Round 1, trick 2 is now led by Ben: " in page


def test_a_fix_of_an_earlier_round_says_what_it_did_in_german(client):
    record = simulated("classic", 3, rounds=2, seed=3)
    game = game_for(record)
    seat = Seat(client, game, game.edit_token)
    seat.play(*cards_of(record["rounds"][0]))
    seat.post("confirm_round")
    seat.client = Client(headers={"Accept-Language": "de"})

    moved = seat.post("fix_trick", {"position": 0, "card": "32"}, 1, 2)

    page = text(seat.client.get(moved["Location"]))
    assert moved.status_code == 302
    assert "in Stich 2 und 32 von " in page
    assert " in Stich 5 von Runde 1 getauscht" in page
    assert "Swapped" not in page


def test_a_trick_is_corrected_in_place_only(editor):
    # the old page of its own for a trick's cards (edit_trick) is gone
    editor.play("24", "15", "17")

    response = editor.client.get(f"/g/{editor.token}/rounds/1/tricks/1/edit/")

    assert response.status_code == 404
    assert editor.get("fix_trick", 1, 1).status_code == 200
