"""A round's end: the result with reasons, the confirmation that makes it
count and starts the next round, quick entry, and the end of the game."""

from __future__ import annotations

import pytest

from companion.models import Round
from companion.replay import game_state
from scoring.scores import reason
from tests.companion.conftest import Seat, rounds_of, text
from tests.companion.tables import cards_of, game_for, simulated
from tests.factories import GameFactory

pytestmark = pytest.mark.django_db

QUICK = {
    "points_0": 40,
    "points_1": 30,
    "points_2": 20,
    "bottle_0": "Christian",
    "imps_trick_points": 36,
}


@pytest.fixture
def played(client) -> Seat:
    """A classic game of three whose first round is entered card by card."""
    record = simulated("classic", 3, rounds=2, seed=11)
    game = game_for(record)
    seat = Seat(client, game, game.edit_token)
    seat.play(*cards_of(record["rounds"][0]))
    return seat


def test_the_last_trick_shows_the_result_with_reasons(played):
    response = played.get("round")
    state = game_state(played.game).rounds[0]
    page = text(response)

    assert "Round 1: the result" in page
    assert f"holds <strong>{state.penalty}</strong> coins" in page
    names = state.shape.names
    for line in state.outcome.lines:
        why = reason(
            line, names, state.trick_points[line.player], state.penalty, played.game.edition
        )
        assert str(why) in page
    assert "Confirm round 1" in page


def test_the_imps_trick_is_derived_from_the_played_cards(played):
    state = game_state(played.game).rounds[0]
    page = played.get("round").text

    for card in state.imps_trick:
        assert f'<span class="num">{card // 2}</span>' in page


def test_confirming_starts_the_next_round_with_the_next_dealer(played):
    response = played.post("confirm_round", htmx=True)

    # The table first sees the story of round 1, which leads on to round 2.
    story = played.url("round_detail", 1) + "?confirmed"
    assert response.status_code == 200
    assert response.headers["HX-Redirect"] == story
    assert played.game.rounds.get(number=1).confirmed
    assert played.game.rounds.count() == 2
    state = game_state(played.game)
    dealer = state.table.players[state.rounds[1].shape.dealer]
    page = text(played.client.get(story))
    assert "The story of round 1" in page
    assert f'href="{played.url("round")}">Next round: {dealer} deals</a>' in page
    assert "Round 2" in text(played.get("round"))
    assert f"{dealer}</strong> deals" in text(played.get("round"))


def test_confirming_an_unfinished_round_is_refused(editor):
    editor.play("24")
    before = rounds_of(editor.game)

    response = editor.post("confirm_round", htmx=True)

    assert response.status_code == 400
    assert "Round 1 is not complete yet." in text(response)
    assert rounds_of(editor.game) == before


def test_quick_entry_scores_a_round(editor):
    response = editor.post("quick_round", QUICK, htmx=True)

    assert response.status_code == 200
    assert editor.game.rounds.get(number=1).quick == {
        "points": {"Adam": 40, "Betty": 30, "Christian": 20},
        "bottle": ["Christian"],
        "imps_trick_points": 36,
    }
    page = text(response)
    assert "owns the bottle: minus the Imp's Trick's 36 coins = -36" in page
    assert "Confirm round 1" in page


def test_quick_entry_lets_the_owners_coins_be_left_out(editor):
    response = editor.post("quick_round", {**QUICK, "points_2": ""}, htmx=True)

    assert response.status_code == 200
    assert editor.game.rounds.get(number=1).quick["points"]["Christian"] is None


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"imps_trick_points": 30}, "make 120, but the deck holds 126"),
        ({"points_0": ""}, "Adam's coins are missing, and Adam owns no bottle"),
        ({"bottle_0": "Doris"}, "Bottle owner: Select a valid choice"),
        ({"points_1": -3}, "Betty's coins: Ensure this value is greater than or equal to 0"),
        ({"imps_trick_points": ""}, "This field is required"),
    ],
)
def test_quick_entry_checks_the_coins(editor, change, message):
    before = rounds_of(editor.game)

    response = editor.post("quick_round", {**QUICK, **change}, htmx=True)

    assert response.status_code == 400
    assert message in text(response)
    assert rounds_of(editor.game) == before


def test_quick_entry_after_cards_is_refused(editor):
    editor.play("24")

    response = editor.post("quick_round", QUICK, htmx=True)

    assert response.status_code == 400
    assert "Cards are already entered in this round" in text(response)


def test_quick_entry_shows_the_editions_words(client):
    game = GameFactory(edition="matagot")
    seat = Seat(client, game, game.edit_token)

    page = text(seat.get("round"))

    assert "Devil's Trick coins" in page
    assert "3 cards go into the Devil's Trick" in page
    assert "on the Hell card" in page


def test_the_game_ends_after_its_last_round(client):
    game = GameFactory(goal_rounds=1)
    seat = Seat(client, game, game.edit_token)
    seat.post("quick_round", QUICK)

    response = seat.post("confirm_round", htmx=True)

    assert response.status_code == 200
    assert Round.objects.filter(game=game).count() == 1
    page = text(client.get(response.headers["HX-Redirect"]))
    assert "Round 1 is confirmed: the game is over." in page
    assert f'href="{seat.url("game")}">See the winner</a>' in page
    assert "The game is over" in text(seat.get("round"))


def test_no_card_after_the_game_has_ended(client):
    game = GameFactory(goal_rounds=1)
    seat = Seat(client, game, game.edit_token)
    seat.post("quick_round", QUICK)
    seat.post("confirm_round")
    before = rounds_of(game)

    for name, data in [("play_card", {"card": "24"}), ("quick_round", QUICK), ("undo_card", {})]:
        response = seat.post(name, data, htmx=True)
        assert response.status_code == 400
        assert "The game is over" in text(response)
    assert rounds_of(game) == before


def test_a_quick_entry_can_be_undone_before_it_is_confirmed(editor):
    editor.post("quick_round", QUICK)

    response = editor.post("undo_card", htmx=True)

    assert response.status_code == 200
    assert editor.game.rounds.get(number=1).quick is None
    assert "Betty's card" in text(response)
