"""Play again: a finished game says so wherever it is listed, shows its
winners, and offers a rematch with the same players, variant and goal, the
next dealer first, as a new game with its own links."""

from __future__ import annotations

import pytest

from companion.models import Game
from companion.transfer import import_record
from scoring.record import parse_record, replay
from tests.companion.conftest import Seat, rounds_of, text
from tests.companion.test_sharing import remember
from tests.scoring.test_night import NIGHT
from tests.scoring.test_rounds_hand_computed import FOUR, record

pytestmark = pytest.mark.django_db

# Three rounds to a goal of three: totals Adam 90, Betty 86, Christian 2,
# Doris 72 (tests/scoring/test_night.py). Christian dealt round 3, so Doris
# deals first in the rematch.
FINISHED = record("classic", FOUR, NIGHT, goal={"rounds": 3})


@pytest.fixture
def finished(client) -> Seat:
    game = import_record(FINISHED)
    return Seat(client, game, game.edit_token)


def test_a_finished_game_offers_to_play_again(finished):
    page = text(finished.get("game"))

    assert "Adam wins!" in page
    assert "Play again" in page
    assert "Doris deals first" in page


def test_play_again_starts_the_same_table_with_the_next_dealer(finished):
    response = finished.client.post(finished.url("play_again"))

    rematch = Game.objects.get(follows=finished.game)
    assert response.status_code == 302
    assert response.url == f"/g/{rematch.edit_token}/round/"
    assert rematch.players == FOUR
    assert (rematch.variant, rematch.teams, rematch.edition) == ("classic", "", "classic")
    assert (rematch.goal_rounds, rematch.goal_target) == (3, None)
    assert rematch.first_dealer == 3  # Doris
    assert {rematch.edit_token, rematch.view_token}.isdisjoint(
        {finished.game.edit_token, finished.game.view_token}
    )
    assert [row[:3] for row in rounds_of(rematch)] == [(1, None, [])]
    page = text(finished.client.get(response.url))
    assert "Doris</strong> deals" in page


def test_a_second_tap_opens_the_same_rematch(finished):
    first = finished.client.post(finished.url("play_again"))
    again = finished.client.post(finished.url("play_again"))

    assert first.url == again.url
    assert Game.objects.filter(follows=finished.game).count() == 1
    rematch = Game.objects.get(follows=finished.game)
    page = text(finished.get("game"))
    assert f'href="/g/{rematch.edit_token}/">Open the rematch</a>' in page
    assert "Play again" not in page


def test_the_view_link_watches_the_rematch_and_cannot_start_it(finished, client):
    viewer = Seat(client, finished.game, finished.game.view_token)

    assert "Play again" not in text(viewer.get("game"))
    assert client.post(viewer.url("play_again")).status_code == 403
    assert not Game.objects.filter(follows=finished.game).exists()

    finished.client.post(finished.url("play_again"))
    rematch = Game.objects.get(follows=finished.game)
    assert f'href="/g/{rematch.view_token}/">Watch the rematch</a>' in text(viewer.get("game"))


def test_an_unfinished_game_has_no_rematch(editor):
    before = rounds_of(editor.game)

    response = editor.client.post(editor.url("play_again"))

    assert response.status_code == 400
    assert "This game is not over yet" in text(response)
    assert not Game.objects.filter(follows=editor.game).exists()
    assert rounds_of(editor.game) == before


def test_play_again_is_a_post(finished):
    assert finished.client.get(finished.url("play_again")).status_code == 405


def test_the_home_page_lists_a_finished_game_with_its_winners(client, finished, game):
    remember(client, finished.game.edit_token)
    remember(client, game.edit_token)

    page = text(client.get("/"))

    assert "Finished: Adam wins" in page
    assert page.count("Play again") == 1  # only the finished game
    assert "Round 1 of 3" in page  # the other is still being played
    tie = record("classic", ["Ann", "Bob", "Cid"], [{"quick": {
        "points": {"Ann": 20, "Bob": 20, "Cid": None}, "bottle": ["Cid"], "imps_trick_points": 10
    }}], goal={"rounds": 1})  # fmt: skip
    assert replay(parse_record(tie)).winners == (0, 1)
    shared = import_record(tie)
    remember(client, shared.view_token)
    assert "Finished: Ann and Bob share the win" in text(client.get("/"))
