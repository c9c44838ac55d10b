"""Face-up hands: Lopaka's 11 cards (the app then plays for him) and the open
hands of Bright House and Devil's Eye (then only legal cards are offered)."""

from __future__ import annotations

import re

import pytest

from tests.companion.conftest import Seat, rounds_of, text
from tests.factories import GameFactory, LopakaGameFactory

pytestmark = pytest.mark.django_db

LOPAKA_HAND = ["1", "2", "3", "5", "7", "9", "12", "17", "18", "32", "36"]


@pytest.fixture
def lopaka(client) -> Seat:
    game = LopakaGameFactory()
    return Seat(client, game, game.edit_token)


def stored(seat: Seat) -> list[list[str]]:
    return seat.game.rounds.get(number=1).tricks


def enabled_cards(text: str) -> list[str]:
    return re.findall(r'name="card" value="([\d.]+)" class="pick"  aria-label', text)


def test_the_lopaka_round_offers_his_hand_form(lopaka):
    response = lopaka.get("round")

    page = text(response)
    assert "Lopaka's hand first" in page  # in place of the card picker
    assert "Tap the 11 cards that lie face up" in page
    assert "<span data-chosen>0</span> of 11 chosen" in page
    assert page.count('name="cards"') == 36  # one grid, not two
    assert 'class="picker"' not in page
    assert "Trick 1 of 11 · <strong>Betty</strong> leads" in page


def test_a_wrong_count_is_refused_beside_save_with_the_taps_kept(lopaka):
    response = lopaka.post("known_hand", {"seat": 2, "cards": LOPAKA_HAND[:10]}, htmx=True)

    page = text(response)
    assert response.status_code == 400
    assert (
        'id="error-hand-2" role="alert" tabindex="-1" autofocus>'
        "Lopaka's hand holds 11 cards, but 10 are entered.</p>"
    ) in page
    assert page.count("checked") == 10 and "<span data-chosen>10</span> of 11" in page
    assert lopaka.game.rounds.get(number=1).lopaka_hand is None


def test_the_view_link_waits_for_lopaka_s_hand(lopaka, client):
    response = client.get(f"/g/{lopaka.game.view_token}/round/")

    assert "The scorer first enters the 11 cards of Lopaka's face-up hand." in text(response)
    assert 'name="cards"' not in text(response)


def test_after_his_hand_the_app_plays_for_lopaka(lopaka):
    assert lopaka.post("known_hand", {"seat": 2, "cards": LOPAKA_HAND}).status_code == 302

    response = lopaka.post("play_card", {"card": "24"}, htmx=True)

    assert response.status_code == 200
    assert stored(lopaka) == [["24", "32"]]
    assert "Lopaka must follow blue and 32 is the highest card that wins the trick." in text(
        response
    )
    assert "Adam's card" in text(response)


def test_when_lopaka_wins_he_leads_his_highest_card_at_once(lopaka):
    lopaka.post("known_hand", {"seat": 2, "cards": LOPAKA_HAND})
    lopaka.play("24")

    response = lopaka.post("play_card", {"card": "20"}, htmx=True)

    assert stored(lopaka) == [["24", "32", "20"], ["36"]]
    assert "Lopaka leads his highest card, 36." in text(response)
    assert "Adam's card" in text(response)  # clockwise after Lopaka: Adam, the dealer


def test_undo_takes_back_lopakas_cards_with_the_players(lopaka):
    lopaka.post("known_hand", {"seat": 2, "cards": LOPAKA_HAND})
    lopaka.play("24", "20")

    lopaka.post("undo_card")

    assert stored(lopaka) == [["24", "32"]]


def test_a_wrong_lopaka_hand_is_refused(lopaka):
    before = rounds_of(lopaka.game)

    response = lopaka.post("known_hand", {"seat": 2, "cards": LOPAKA_HAND[:5]}, htmx=True)

    assert response.status_code == 400
    assert "Lopaka's hand holds 11 cards, but 5 are entered" in text(response)
    assert rounds_of(lopaka.game) == before


def test_an_unknown_card_in_a_hand_is_refused(lopaka):
    response = lopaka.post("known_hand", {"seat": 2, "cards": ["19"]}, htmx=True)

    assert response.status_code == 400
    assert "19 is not one of the available choices" in text(response)


def test_a_bright_house_open_hand_limits_the_picker_to_legal_cards(client):
    game = GameFactory(players=["Adam", "Betty"], variant="bright-house", goal_rounds=4)
    seat = Seat(client, game, game.edit_token)
    open_hand = ["1", "2", "3", "5", "7", "9", "12", "15"]

    response = seat.post("known_hand", {"seat": 1, "cards": open_hand}, htmx=True)

    assert response.status_code == 200
    assert "Betty's card" in text(response) and "from the open hand" in text(response)
    assert enabled_cards(response.text) == open_hand


def test_a_card_not_in_the_open_hand_is_refused(client):
    game = GameFactory(players=["Adam", "Betty"], variant="bright-house", goal_rounds=4)
    seat = Seat(client, game, game.edit_token)
    seat.post("known_hand", {"seat": 1, "cards": ["1", "2", "3", "5", "7", "9", "12", "15"]})
    before = rounds_of(game)

    response = seat.post("play_card", {"card": "24"}, htmx=True)

    assert response.status_code == 400
    assert "comes from Betty's open hand, which does not hold it" in text(response)
    assert rounds_of(game) == before


def test_a_hand_can_be_cleared(lopaka):
    lopaka.post("known_hand", {"seat": 2, "cards": LOPAKA_HAND})

    lopaka.post("known_hand", {"seat": 2})

    assert lopaka.game.rounds.get(number=1).lopaka_hand is None


def test_a_seat_that_is_not_at_the_table_is_refused(lopaka):
    response = lopaka.post("known_hand", {"seat": 5, "cards": LOPAKA_HAND}, htmx=True)

    assert response.status_code == 400
    assert "There is no seat 5 at this table." in text(response)
