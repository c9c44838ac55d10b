"""One truth for a game (issue 20): standings.json, scores.csv and the game
page count the rounds the table has confirmed, and show a complete round
waiting for Confirm as such, its scores apart from the totals; the round
screen's result says what Confirm does, the end of the game included.

The rounds are entered quickly (docs/rules.md, scoring): each player's
coins in tricks, who ends with the bottle, the Imp's Trick's coins; the
bottle's owner scores minus the Imp's Trick."""

from __future__ import annotations

import csv
import io
import re

import pytest

from tests.companion.conftest import Seat, text
from tests.factories import GameFactory

pytestmark = pytest.mark.django_db

# The classic deck's 126 coins: in tricks and in the Imp's Trick.
ROUND_1 = {"points_0": 40, "points_1": 30, "points_2": 20, "bottle_0": "Christian"}
ROUND_1_IMPS = 36  # Adam 40, Betty 30, Christian -36
ROUND_2 = {"points_0": 10, "points_1": 50, "points_2": 36, "bottle_0": "Adam"}
ROUND_2_IMPS = 30  # Adam -30, Betty 50, Christian 36

RANKED = re.compile(
    r'<span class="name">([^<]+?)\s*(<span class="badge">wins</span>)?</span>\s*'
    r'<strong class="total">(-?\d+)</strong>'
)
WAITING_ROW = re.compile(
    r'<tr class="waiting">\s*<th scope="row"><a href="[^"]+">(\d+)</a>.*?</th>(.*?)</tr>', re.S
)
CELL = re.compile(r"<td>(-?\d+)</td>")
RESULT_LINE = re.compile(
    r'<tr><th scope="row">([^<]+)</th><td class="score"><strong>(-?\d+)</strong></td>'
    r'<td class="total">(-?\d+)</td></tr>'
)


def quick(seat: Seat, points: dict, imps: int, *, confirm: bool = True) -> None:
    response = seat.post("quick_round", {**points, "imps_trick_points": imps})
    assert response.status_code == 302, text(response)
    if confirm:
        assert seat.post("confirm_round").status_code == 302


def from_json(seat: Seat) -> dict:
    """What standings.json says: totals, the end, the round waiting for Confirm."""
    document = seat.client.get(f"/g/{seat.token}/standings.json").json()
    waiting = [item for item in document["rounds"] if item.get("confirmed") is False]
    marked = [(len(document["rounds"]), waiting[0]["scores"])] if waiting else []
    return {
        "totals": document["totals"],
        "finished": document["finished"],
        "winners": document["winners"],
        "waiting": marked,
    }


def from_csv(seat: Seat) -> dict:
    """What scores.csv says: the totals row, and a row marked unconfirmed."""
    body = seat.client.get(f"/g/{seat.token}/scores.csv").content.decode()
    rows = list(csv.reader(io.StringIO(body)))
    names = rows[0][1:]
    totals = next(row for row in rows if row[0] == "Total")
    waiting = [
        (int(row[0].split()[0]), dict(zip(names, map(int, row[1:]), strict=True)))
        for row in rows
        if row[0].endswith("(unconfirmed)")
    ]
    return {"totals": dict(zip(names, map(int, totals[1:]), strict=True)), "waiting": waiting}


def from_page(seat: Seat) -> dict:
    """What the game page says: the ranked totals, the winners, the marked row."""
    page = seat.get("game").text
    ranked = RANKED.findall(page)
    names = seat.game.players
    waiting = [
        (int(number), dict(zip(names, map(int, CELL.findall(cells)), strict=True)))
        for number, cells in WAITING_ROW.findall(page)
    ]
    return {
        "totals": {name: int(total) for name, _badge, total in ranked},
        "finished": "wins!" in text(seat.get("game")) or "share the win!" in page,
        "winners": [name for name, badge, _total in ranked if badge],
        "waiting": waiting,
        "text": text(seat.get("game")),
    }


@pytest.fixture
def seat(client) -> Seat:
    """A game of two rounds whose first is confirmed: Adam 40, Betty 30, Christian -36."""
    game = GameFactory(goal_rounds=2)
    seat = Seat(client, game, game.edit_token)
    quick(seat, ROUND_1, ROUND_1_IMPS)
    return seat


def test_a_round_waiting_for_confirm_counts_nowhere_until_it_is_confirmed(seat):
    quick(seat, ROUND_2, ROUND_2_IMPS, confirm=False)

    document, sheet, page = from_json(seat), from_csv(seat), from_page(seat)

    confirmed = {"Adam": 40, "Betty": 30, "Christian": -36}
    waiting = [(2, {"Adam": -30, "Betty": 50, "Christian": 36})]
    assert document["totals"] == sheet["totals"] == page["totals"] == confirmed
    assert document["finished"] is page["finished"] is False
    assert document["winners"] == page["winners"] == []
    assert document["waiting"] == sheet["waiting"] == page["waiting"] == waiting
    assert "* Round 2 is not confirmed yet: its scores are not in the totals." in page["text"]
    # the waiting round ends the game: the page says so instead of a next dealer
    assert "Confirm ends the game: Betty wins." in page["text"]
    assert "Then Christian deals." not in page["text"]

    assert seat.post("confirm_round").status_code == 302
    document, sheet, page = from_json(seat), from_csv(seat), from_page(seat)

    totals = {"Adam": 10, "Betty": 80, "Christian": 0}
    assert document["totals"] == sheet["totals"] == page["totals"] == totals
    assert document["finished"] is page["finished"] is True
    assert document["winners"] == page["winners"] == ["Betty"]
    assert document["waiting"] == sheet["waiting"] == page["waiting"] == []
    assert "Betty wins!" in page["text"]


def test_a_first_round_waiting_for_confirm_has_its_row_on_the_page(client):
    game = GameFactory()
    seat = Seat(client, game, game.edit_token)
    quick(seat, ROUND_1, ROUND_1_IMPS, confirm=False)

    document, sheet, page = from_json(seat), from_csv(seat), from_page(seat)

    nothing = {"Adam": 0, "Betty": 0, "Christian": 0}
    waiting = [(1, {"Adam": 40, "Betty": 30, "Christian": -36})]
    assert document["totals"] == sheet["totals"] == page["totals"] == nothing
    assert document["waiting"] == sheet["waiting"] == page["waiting"] == waiting
    assert "Then Betty deals." in page["text"]
    screen = text(seat.get("round"))
    assert "then Betty deals the next round" in screen
    assert "Confirm ends the game" not in screen


def test_the_csv_lists_the_waiting_round_after_the_totals(seat):
    quick(seat, ROUND_2, ROUND_2_IMPS, confirm=False)

    body = seat.client.get(f"/g/{seat.token}/scores.csv").content.decode()

    assert body == (
        "Round,Adam,Betty,Christian\r\n"
        "1,40,30,-36\r\n"
        "Total,40,30,-36\r\n"
        "2 (unconfirmed),-30,50,36\r\n"
    )


def test_the_json_marks_only_the_waiting_round(seat):
    quick(seat, ROUND_2, ROUND_2_IMPS, confirm=False)

    rounds = seat.client.get(f"/g/{seat.token}/standings.json").json()["rounds"]

    assert [item.get("confirmed") for item in rounds] == [None, False]
    assert rounds[1]["complete"] is True


def result_lines(seat: Seat) -> list[tuple[str, int, int]]:
    """The round screen's result: each player, this round's score, the new total."""
    return [
        (name, int(score), int(total))
        for name, score, total in RESULT_LINE.findall(seat.get("round").text)
    ]


def test_the_result_shows_each_score_and_the_new_total(seat):
    quick(seat, ROUND_2, ROUND_2_IMPS, confirm=False)

    assert result_lines(seat) == [("Adam", -30, 10), ("Betty", 50, 80), ("Christian", 36, 0)]


def test_a_round_reaching_the_target_says_confirm_ends_the_game(client):
    game = GameFactory(goal_rounds=None, goal_target=40)
    seat = Seat(client, game, game.edit_token)
    quick(seat, ROUND_1, ROUND_1_IMPS, confirm=False)

    page = text(seat.get("round"))

    assert "Confirm ends the game: Adam wins." in page
    assert "deals the next round" not in page
    assert "Confirm ends the game: Adam wins." in text(seat.get("game"))


def test_a_shared_win_is_named_before_confirm(client):
    game = GameFactory(goal_rounds=1)
    seat = Seat(client, game, game.edit_token)
    quick(seat, {**ROUND_1, "points_1": 40, "points_2": 10}, ROUND_1_IMPS, confirm=False)

    page = text(seat.get("round"))

    assert "Confirm ends the game: Adam and Betty share the win." in page
    assert "deals the next round" not in page


def test_the_end_is_said_in_german(client):
    game = GameFactory(goal_rounds=1)
    seat = Seat(client, game, game.edit_token)
    quick(seat, ROUND_1, ROUND_1_IMPS, confirm=False)

    page = text(client.get(seat.url("round"), headers={"Accept-Language": "de"}))

    assert "Bestätigen beendet die Partie: Adam gewinnt." in page
    assert "Neue Summe" in page


def test_the_page_of_a_round_waiting_for_confirm_does_not_crown_anyone(seat):
    quick(seat, ROUND_2, ROUND_2_IMPS, confirm=False)

    page = text(seat.get("round_detail", 2))

    # the story's totals are those Confirm brings
    assert '<th scope="col">New total</th>' in page
    assert "Confirm ends the game: Betty wins." in page
    assert "Betty wins!" not in page
    assert seat.post("confirm_round").status_code == 302
    confirmed = text(seat.get("round_detail", 2))
    assert "Betty wins!" in confirmed
    assert "Confirm ends the game" not in confirmed
