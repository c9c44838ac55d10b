"""The app's words for a table (issue 20): lists of names joined as the
reader writes them, a Matagot round's result calling the Imp's Trick the
Devil's Trick throughout, and a two-bottle round's ruling naming the bottle
it sold, in English and German."""

from __future__ import annotations

import html
import re

import pytest
from django.utils import translation

from companion import actions
from companion.texts import and_list
from tests.companion.conftest import Seat, text
from tests.companion.tables import cards_of, game_for, simulated
from tests.scoring.test_rounds_hand_computed import SECOND_BOTTLE_6, SIX, record, split

pytestmark = pytest.mark.django_db

GERMAN = {"Accept-Language": "de"}


@pytest.mark.parametrize(
    ("language", "names", "said"),
    [
        ("en", ["Ann"], "Ann"),
        ("en", ["Ann", "Ben"], "Ann and Ben"),
        ("en", ["Ann", "Ben", "Dora"], "Ann, Ben and Dora"),
        ("de", ["Ann", "Ben", "Dora"], "Ann, Ben und Dora"),
        ("de", ["Ann", "Ben", "Dora", "Eve"], "Ann, Ben, Dora und Eve"),
    ],
)
def test_names_are_joined_as_the_reader_writes_them(language, names, said):
    with translation.override(language):
        assert and_list(names) == said


def test_a_tie_of_three_shares_the_win_in_a_list(client):
    game = actions.create_game(
        players=["Ann", "Ben", "Dora", "Doris"], variant="classic", goal_rounds=1
    )
    quick = {"points_0": 40, "points_1": 40, "points_2": 40, "bottle_0": "Doris"}
    seat = Seat(client, game, game.edit_token)
    response = seat.post("quick_round", {**quick, "imps_trick_points": 6})
    assert response.status_code == 302, response.text[:2000]
    seat.post("confirm_round")

    page = html.unescape(text(seat.get("game")))
    german = html.unescape(text(client.get(seat.url("game"), headers=GERMAN)))

    assert "Ann, Ben and Dora share the win!" in page
    assert "Ann, Ben und Dora" in german


def played(client, variant: str, players: int, edition: str, seed: int) -> Seat:
    data = simulated(variant, players, seed=seed, edition=edition)
    game = game_for(data)
    seat = Seat(client, game, game.edit_token)
    seat.play(*cards_of(data["rounds"][0]))
    return seat


def test_a_matagot_rounds_result_says_devils_trick_throughout(client):
    seat = played(client, "classic", 4, "matagot", seed=7)

    page = html.unescape(text(seat.get("round")))
    result = page[page.index('class="result') :]

    assert "The Devil's Trick holds" in result
    assert "minus the Devil's Trick's" in result
    assert "Imp's Trick" not in page


def test_a_classic_rounds_result_says_imps_trick(client):
    seat = played(client, "classic", 4, "classic", seed=7)

    result = html.unescape(text(seat.get("round")))

    assert "The Imp's Trick holds" in result
    assert "minus the Imp's Trick's" in result


def test_a_two_bottle_ruling_on_the_round_screen_names_the_bottle(client):
    data = record("second-bottle", SIX, [], edition="matagot")
    game = game_for(data)
    seat = Seat(client, game, game.edit_token)
    seat.play(*split(SECOND_BOTTLE_6)[0])

    english = html.unescape(text(seat.get("round")))
    german = html.unescape(text(client.get(seat.url("round"), headers=GERMAN)))

    assert (
        "Betty wins the trick and bottle 1, which was at 19; its price is now 18, "
        "and bottle 2's 19 is now the dearer price." in english
    )
    assert re.search(r"Betty gewinnt den Stich und Flasche 1, die bei 19 lag", german)


def test_a_bright_house_slot_says_from_which_hand_in_german(client):
    game = actions.create_game(players=["Adam", "Betty"], variant="bright-house")

    page = client.get(Seat(client, game, game.edit_token).url("round"), headers=GERMAN).text
    slots = re.findall(r'<li class="slot[^"]*" data-asks="([^"]*)" data-hand="([^"]*)"', page)

    # Betty leads (Adam deals): open, open, hidden, hidden (docs/rules.md, Bright House).
    assert [(html.unescape(asks), html.unescape(hand)) for asks, hand in slots] == [
        ("Karte von Betty", "(offene Hand)"),
        ("Karte von Adam", "(offene Hand)"),
        ("Karte von Betty", "(verdeckte Hand)"),
        ("Karte von Adam", "(verdeckte Hand)"),
    ]
