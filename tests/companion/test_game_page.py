"""The game page: standings and ranks, progress, round by round, winners;
and a past round's detail."""

from __future__ import annotations

import pytest

from tests.companion.conftest import Seat, standings_rows, text
from tests.factories import GameFactory

pytestmark = pytest.mark.django_db


def quick(seat: Seat, points: list[int], owner: str, imps: int) -> None:
    names = seat.game.players
    data = {f"points_{i}": value for i, value in enumerate(points)}
    response = seat.post("quick_round", {**data, "bottle_0": owner, "imps_trick_points": imps})
    assert response.status_code == 302, text(response)
    assert seat.post("confirm_round").status_code == 302
    assert len(names) == len(points)


@pytest.fixture
def seat(client) -> Seat:
    game = GameFactory(goal_rounds=2)
    return Seat(client, game, game.edit_token)


def test_the_path_is_pinned(editor):
    assert editor.url("game") == f"/g/{editor.token}/"
    assert editor.url("round") == f"/g/{editor.token}/round/"
    assert editor.url("round_detail", 2) == f"/g/{editor.token}/rounds/2/"


def test_the_game_page_is_a_full_page_and_an_htmx_partial(editor):
    full = editor.get("game")
    part = editor.get("game", htmx=True)

    assert full.status_code == part.status_code == 200
    assert "<html" in full.text and "<html" not in part.text
    assert part.text.lstrip().startswith('<section id="game"')


def test_a_new_game_shows_the_first_round_and_who_deals(editor):
    page = text(editor.get("game"))

    assert "Standings" in page
    assert "0 of 3 rounds played" in page
    assert "Adam</strong> deals" in page
    assert "Then Betty deals." in page
    assert "Continue round 1" in page


def test_standings_rank_the_totals_and_share_equal_ranks(seat):
    quick(seat, [40, 40, 10], "Christian", 36)

    response = seat.get("game")

    rows = standings_rows(response)
    assert rows == [(1, "Adam", 40), (1, "Betty", 40), (3, "Christian", -36)]
    assert "1 of 2 rounds played" in text(response)


def test_the_round_table_links_each_round(seat):
    quick(seat, [40, 40, 10], "Christian", 36)

    response = seat.get("game")

    assert f'href="{seat.url("round_detail", 1)}"' in response.text
    assert "<td>-36</td>" in response.text


def test_an_unconfirmed_round_does_not_count_yet(seat):
    seat.post(
        "quick_round",
        {
            "points_0": 40,
            "points_1": 40,
            "points_2": 10,
            "bottle_0": "Christian",
            "imps_trick_points": 36,
        },
    )

    page = text(seat.get("game"))

    assert "0 of 2 rounds played" in page
    assert "the table still has to confirm the result" in page


def test_the_winner_screen(seat):
    quick(seat, [40, 30, 10], "Christian", 46)
    quick(seat, [40, 30, 10], "Christian", 46)

    page = text(seat.get("game"))

    assert "Adam wins!" in page
    assert "2 of 2 rounds played" in page
    assert "Continue round" not in page


def test_a_shared_win_is_shown_as_such(seat):
    quick(seat, [40, 40, 10], "Christian", 36)
    quick(seat, [30, 30, 30], "Christian", 36)

    assert "Adam and Betty share the win!" in text(seat.get("game"))


def test_a_target_goal_shows_the_best_total(client):
    game = GameFactory(goal_rounds=None, goal_target=200)
    seat = Seat(client, game, game.edit_token)
    quick(seat, [40, 30, 10], "Christian", 46)

    assert "Best total 40 of 200" in text(seat.get("game"))


def test_the_view_link_sees_the_standings_read_only(editor, viewer):
    page = text(viewer.get("game"))

    assert "view only" in page
    assert "Watch round 1" in page
    assert "<form" not in page


def test_a_stranger_gets_404(stranger):
    assert stranger.get("game").status_code == 404
    assert stranger.get("round_detail", 1).status_code == 404


def test_the_wrong_method_is_refused(editor):
    assert editor.client.post(editor.url("game")).status_code == 405
    assert editor.client.post(editor.url("round_detail", 1)).status_code == 405


def test_a_round_detail_shows_tricks_rulings_and_reasons(editor):
    editor.play("24", "15", "17")

    full = editor.get("round_detail", 1)
    part = editor.get("round_detail", 1, htmx=True)

    assert full.status_code == part.status_code == 200
    assert "<html" not in part.text
    assert "17 is the highest card below the price 19: Adam wins the trick" in text(full)
    assert "Fix trick 1" in text(full)
    assert "Fix trick 1" not in text(
        Seat(editor.client, editor.game, editor.game.view_token).get("round_detail", 1)
    )


def test_a_round_that_does_not_exist_is_404(editor):
    assert editor.get("round_detail", 2).status_code == 404
