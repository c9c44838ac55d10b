"""Revoke warnings on the round screen and the round's page: each is the
engine's finding (the card that did not follow colour, with its hand where
a player has two, and the card that showed the colour), with a button
opening each card's trick at its place; *Let it stand* settles that one
revoke, and undo brings it back."""

from __future__ import annotations

import pytest
from django.test import Client

from companion.models import Change
from tests.companion.conftest import Seat, text
from tests.factories import GameFactory, TeamsGameFactory

# Ann deals, Ben leads. Trick 1: Ben open 24 (blue), Ann open 20 (blue),
# Ben hidden 17, Ann hidden 36 (red: her hidden hand does not follow blue).
# Ben wins with 17 and leads trick 2: Ben open 10, Ann open 8, Ben hidden
# 27, Ann hidden 13 (blue, from the hidden hand that did not follow).
BRIGHT_HOUSE = [["24", "20", "17", "36"], ["10", "8", "27", "13"]]

# Devil's Eye, Betty deals, Adam leads: Adam 24 (blue), Betty 33, Adam 35,
# Betty 36 (red: neither hidden hand follows blue); Betty wins with 36 and
# leads blue 32, Adam follows with blue 30: two revokes caught in trick 2.
DEVILS_EYE = [["24", "33", "35", "36"], ["32", "30", "12", "34"]]
DE_OPEN = {
    "Adam": ["11", "14", "16", "21", "23", "26", "29"],
    "Betty": ["1", "2", "3", "5", "7", "9", "12"],
}

# Classic, three players (Adam deals, Betty leads): Christian does not
# follow blue with 15 in trick 1, then plays blue 8 in trick 2.
REVOKE = ("24", "15", "17", "4", "6", "8")


def seat_at(game, client=None) -> Seat:
    return Seat(client or Client(), game, game.edit_token)


@pytest.fixture
def bright_house(db) -> Seat:
    game = GameFactory(
        players=["Ann", "Ben"], variant="bright-house", first_round__tricks=BRIGHT_HOUSE
    )
    return seat_at(game)


@pytest.fixture
def devils_eye(db) -> Seat:
    game = GameFactory(
        players=["Adam", "Betty"],
        variant="devils-eye",
        first_dealer=1,
        first_round__tricks=DEVILS_EYE,
        first_round__open_hands=DE_OPEN,
    )
    return seat_at(game)


def open_link(seat: Seat, trick: int, at: int, label: str, shown: str) -> str:
    url = seat.url("fix_trick", 1, trick) + f"?at={at}"
    return f'href="{url}" hx-get="{url}" aria-label="{label}">{shown}</a>'


def test_a_bright_house_warning_names_the_hidden_card_that_did_not_follow(bright_house):
    page = text(bright_house.get("round"))

    assert (
        "<strong>Revoke?</strong> Ann did not follow blue in trick 1 (played 36 from the "
        "hidden hand), but plays blue 13 from that hand in trick 2."
    ) in page
    assert "(played 20)" not in page
    assert open_link(bright_house, 1, 3, "Open trick 1: 36 (Ann's card)", "Trick 1: 36") in page
    assert open_link(bright_house, 2, 3, "Open trick 2: 13 (Ann's card)", "Trick 2: 13") in page
    url = bright_house.url("fix_trick", 1, 1) + "?at=3"
    opened = text(bright_house.client.get(url, headers={"HX-Request": "true"}))
    assert 'name="position" value="3" checked' in opened


def test_the_header_opens_the_card_that_did_not_follow(bright_house):
    page = text(bright_house.get("round"))

    url = bright_house.url("fix_trick", 1, 1) + "?at=3"
    assert f'class="button revoke-chip" href="{url}"' in page
    assert (
        'hx-target="#round" aria-describedby="revoke-1">'
        '<span>⚠ <span class="revoke-word">Revoke? </span>Ann, trick 1</span></a>'
    ) in page
    assert '<p class="revoke" id="revoke-1"><strong>Revoke?</strong> Ann did not' in page


def test_two_revokes_caught_in_one_devils_eye_trick_each_keep_their_cards(devils_eye):
    page = text(devils_eye.get("round"))

    assert (
        "Betty did not follow blue in trick 1 (played 33 from the hidden hand), "
        "but plays blue 32 from that hand in trick 2."
    ) in page
    assert (
        "Adam did not follow blue in trick 1 (played 35 from the hidden hand), "
        "but plays blue 30 from that hand in trick 2."
    ) in page
    assert open_link(devils_eye, 1, 1, "Open trick 1: 33 (Betty's card)", "Trick 1: 33") in page
    assert open_link(devils_eye, 2, 0, "Open trick 2: 32 (Betty's card)", "Trick 2: 32") in page
    assert open_link(devils_eye, 1, 2, "Open trick 1: 35 (Adam's card)", "Trick 1: 35") in page
    assert open_link(devils_eye, 2, 1, "Open trick 2: 30 (Adam's card)", "Trick 2: 30") in page
    assert page.count(">Let it stand</button>") == 2
    assert 'name="revoke" value="1:33:2:32"' in page
    assert 'name="revoke" value="1:35:2:30"' in page


def test_letting_one_revoke_stand_leaves_the_other_shown(devils_eye):
    response = devils_eye.post("dismiss_warnings", {"revoke": "1:35:2:30"}, htmx=True)

    page = text(response)
    assert response.status_code == 200
    assert "Adam did not follow blue" not in page
    assert "Betty did not follow blue in trick 1 (played 33" in page
    assert page.count(">Let it stand</button>") == 1
    row = devils_eye.game.rounds.get(number=1)
    assert row.settled_revokes == [
        {"player": "Adam", "trick": 1, "card": "35", "later_trick": 2, "later_card": "30"}
    ]
    detail = text(devils_eye.get("round_detail", 1))
    assert "Betty did not follow blue with 33 from the hidden hand" in detail
    assert "Let stand by the table: In trick 1, Adam did not follow blue with 35" in detail


def test_a_revoke_no_longer_in_the_round_is_refused_in_words(devils_eye):
    response = devils_eye.post("dismiss_warnings", {"revoke": "1:24:2:32"}, htmx=True)

    assert response.status_code == 400
    assert "This revoke is no longer in the round" in text(response)
    assert devils_eye.game.rounds.get(number=1).settled_revokes == []


def test_a_revoke_that_follows_one_let_stand_is_shown(client, db):
    seat = seat_at(GameFactory(), client)
    seat.play(*REVOKE)
    seat.post("dismiss_warnings", {"revoke": "1:15:2:8"})
    # Trick 2 fixed: Christian plays red 11, no revoke of his now; Betty
    # does not follow blue with red 14, wins the trick (14 is the highest
    # card below the price 17) and leads blue 6: her revoke.
    seat.post("fix_trick", {"position": 1, "card": "14"}, 1, 2)
    seat.post("fix_trick", {"position": 2, "card": "11"}, 1, 2)
    seat.play("6", "12", "10")

    page = text(seat.get("round"))
    assert (
        "Betty did not follow blue in trick 2 (played 14), but plays blue 6 in trick 3."
    ) in page
    assert ">Let it stand</button>" in page
    detail = text(seat.get("round_detail", 1))
    assert "In trick 2, Betty did not follow blue with 14, but plays 6 (blue) in trick 3" in detail
    assert 'class="banner warning" role="alert"' in detail


def test_undo_brings_a_revoke_let_stand_back(devils_eye):
    devils_eye.post("dismiss_warnings", {"revoke": "1:33:2:32"})
    assert "Betty did not follow blue" not in text(devils_eye.get("round"))

    undone = devils_eye.post("undo", htmx=True)

    assert "Betty did not follow blue in trick 1 (played 33" in text(undone)
    assert "Adam did not follow blue in trick 1 (played 35" in text(undone)
    assert devils_eye.game.rounds.get(number=1).settled_revokes == []
    assert Change.objects.filter(game=devils_eye.game, undone=True).count() == 1


def test_letting_it_stand_without_naming_the_revoke_settles_the_first_shown(devils_eye):
    devils_eye.post("dismiss_warnings")
    devils_eye.post("dismiss_warnings")

    settled = devils_eye.game.rounds.get(number=1).settled_revokes
    assert [(entry["player"], entry["card"]) for entry in settled] == [
        ("Betty", "33"),
        ("Adam", "35"),
    ]
    assert "Revoke?" not in text(devils_eye.get("round"))
    assert devils_eye.post("dismiss_warnings").status_code == 400


def test_the_round_keeps_its_settled_revoke_when_cards_are_entered(client, db):
    seat = seat_at(GameFactory(), client)
    seat.play(*REVOKE)
    seat.post("dismiss_warnings", {"revoke": "1:15:2:8"})

    seat.play("33", "12")

    settled = {"player": "Christian", "trick": 1, "card": "15", "later_trick": 2, "later_card": "8"}
    assert seat.game.rounds.get(number=1).settled_revokes == [settled]
    assert "Revoke?" not in text(seat.get("round"))


def test_a_teams_revoke_opens_each_card_at_its_place(db):
    # Adam deals, Betty leads blue 24; Christian 20, Doris yellow 15 (does
    # not follow), Adam 17 wins (the highest card below the price 19) and
    # leads blue 4: Betty 6, Christian 10, Doris blue 8.
    tricks = [["24", "20", "15", "17"], ["4", "6", "10", "8"]]
    seat = seat_at(TeamsGameFactory(first_round__tricks=tricks))

    page = text(seat.get("round"))

    assert "Doris did not follow blue in trick 1 (played 15), but plays blue 8 in trick 2." in page
    assert open_link(seat, 1, 2, "Open trick 1: 15 (Doris's card)", "Trick 1: 15") in page
    assert open_link(seat, 2, 3, "Open trick 2: 8 (Doris's card)", "Trick 2: 8") in page
