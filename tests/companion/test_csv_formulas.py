"""The score sheet (scores.csv) never hands a spreadsheet a formula: read
with a comma, a semicolon (a German spreadsheet) or a tab as the separator,
no cell of it starts with = + - @ or a tab or carriage return, whatever the
players are called. Only the scores themselves, numbers, may be negative."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from django.test import Client

from companion.transfer import import_record, read_record

pytestmark = pytest.mark.django_db

NAMES = ["x;=1+1", "a,+b;@c", "-d", "e; =HYPERLINK(1)"]
QUICK_ROUND = {
    "quick": {
        "points": dict(zip(NAMES, (40, 12, 0, 61), strict=True)),
        "bottle": [NAMES[2]],
        "imps_trick_points": 13,
    }
}
RECORD = {
    "format": "bottle-imp/1",
    "variant": "teams",
    "teams": "2-1-1",
    "players": NAMES,
    "first_dealer": 0,
    "goal": {"target": 300},
    "rounds": [QUICK_ROUND, {"tricks": [["24", "15", "17", "32"]]}],
}
DANGER = ("=", "+", "-", "@", "\t", "\r")
NUMBER = re.compile(r"-?\d+")


def score_sheet() -> str:
    game = import_record(read_record(json.dumps(RECORD)))
    response = Client().get(f"/g/{game.view_token}/scores.csv")
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
def test_no_cell_starts_a_formula_whatever_the_separator(delimiter):
    sheet = score_sheet()

    cells = [cell for row in csv.reader(io.StringIO(sheet), delimiter=delimiter) for cell in row]

    dangerous = [cell for cell in cells if cell.lstrip(" ").startswith(DANGER)]
    assert [cell for cell in dangerous if not NUMBER.fullmatch(cell)] == []
    assert len(cells) >= 3


def test_split_by_hand_no_piece_starts_a_formula():
    sheet = score_sheet()

    pieces = re.split(r"[,;\t\r\n]", sheet)

    assert [p for p in pieces if p.lstrip(" ").startswith(DANGER) and not NUMBER.fullmatch(p)] == []


def test_the_names_and_negative_scores_are_still_read():
    rows = list(csv.reader(io.StringIO(score_sheet())))

    assert rows[0] == ["Round", "x;'=1+1", "a,'+b;'@c", "'-d", "e;' =HYPERLINK(1)"]
    assert rows[-1][0] == "Total"
    assert "-26" in rows[-1]  # a negative score stays a number
