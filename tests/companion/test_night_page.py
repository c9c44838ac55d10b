"""The game page's night: the chart of running totals and each player's
figures, against the night worked out by hand in tests/scoring/test_night.py
(two rounds played card by card, one quick; a target of 300).

Running totals (Adam, Betty, Christian, Doris): (22, 14, -6, 38),
(60, 36, 8, 32), (90, 86, 2, 72).

The chart spans totals -6 to 300 (the lowest total and the target) over a
plot from x 34 to 264 and y 178 (bottom) to 10 (top):
x = 34 + 230 · round / 3, y = 178 − 168 · (total + 6) / 306, one decimal.
"""

from __future__ import annotations

import html
import re

import pytest

from companion.night import running_chart
from companion.transfer import import_record
from scoring.night import game_night
from scoring.record import parse_record, replay
from tests.companion.conftest import Seat
from tests.scoring.test_night import NIGHT
from tests.scoring.test_rounds_hand_computed import FOUR, record

pytestmark = pytest.mark.django_db

X = ["34.0", "110.7", "187.3", "264.0"]
ADAM = [0, 22, 60, 90]
ADAM_Y = ["174.7", "162.6", "141.8", "125.3"]  # 178 - 168 * (t + 6) / 306
TARGET_Y = "10.0"  # the target is the top of the plot


@pytest.fixture
def seat(client) -> Seat:
    game = import_record(record("classic", FOUR, NIGHT, goal={"target": 300}))
    editor = Seat(client, game, game.edit_token)
    assert editor.post("confirm_round").status_code == 302  # the quick round 3 counts
    return Seat(client, game, game.view_token)


def figures(page: str) -> dict[str, dict[str, str]]:
    """Each player's figures as the page writes them."""
    found = {}
    cards = r'<li class="card">\s*<h4>(.*?)</h4>\s*<dl>(.*?)</dl>'
    for name, body in re.findall(cards, page, re.S):
        pairs = re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", body)
        found[html.unescape(name)] = {html.unescape(k): html.unescape(v) for k, v in pairs}
    return found


def test_the_chart_draws_each_running_total(seat):
    page = seat.get("game").content.decode()

    adam = " ".join(f"{x},{y}" for x, y in zip(X, ADAM_Y, strict=True))
    assert f'<polyline points="{adam}"' in page
    assert f'y1="{TARGET_Y}" y2="{TARGET_Y}"' in page  # the target line
    assert "Running totals after 3 rounds: Adam leads with 90." in page
    # The names at the lines' ends, with the totals.
    for name, total in [("Adam", 90), ("Betty", 86), ("Christian", 2), ("Doris", 72)]:
        assert f">{name} {total}</text>" in page


def test_every_line_ends_at_its_players_total(seat):
    state = replay(parse_record(record("classic", FOUR, NIGHT, goal={"target": 300})))
    chart = running_chart(game_night(state), FOUR)

    ends = {line.name: (line.end_x, line.end_y, line.total) for line in chart.lines}
    assert ends == {
        "Adam": (264.0, 125.3, 90),
        "Betty": (264.0, 127.5, 86),  # 178 - 168 * 92 / 306 = 127.49
        "Christian": (264.0, 173.6, 2),  # 178 - 168 * 8 / 306 = 173.61
        "Doris": (264.0, 135.2, 72),  # 178 - 168 * 78 / 306 = 135.18
    }
    # Adam's and Betty's names would touch (125.3 and 127.5): they are set apart.
    labels = sorted(line.label_y for line in chart.lines)
    assert all(b - a >= 12 for a, b in zip(labels, labels[1:], strict=False))
    assert [line.dash for line in chart.lines] == ["", "6 3", "2 3", "8 3 2 3"]


def test_the_numbers_are_a_table_for_screen_readers(seat):
    page = seat.get("game").content.decode()

    table = page[page.index("<caption>Running totals after each round</caption>") :]
    rows = re.findall(r'<tr><th scope="row">(\d+)</th>((?:<td>-?\d+</td>)+)</tr>', table)
    assert [(int(n), re.findall(r"-?\d+", cells)) for n, cells in rows[:3]] == [
        (1, ["22", "14", "-6", "38"]),
        (2, ["60", "36", "8", "32"]),
        (3, ["90", "86", "2", "72"]),
    ]
    assert 'role="img" aria-labelledby="chart-title chart-desc"' in page


def test_each_players_figures(seat):
    found = figures(seat.get("game").content.decode())

    labels = [
        "Ended rounds with the bottle",
        "Bought the bottle",
        "Lowest price paid",
        "Coins won in tricks",
        "Best round",
        "Worst round",
    ]
    rows = {name: [values[label] for label in labels] for name, values in found.items()}
    assert rows == {
        "Adam": ["0", "1 time", "15", "90", "round 2 (+38)", "round 1 (+22)"],
        "Betty": ["0", "0 times", "–", "86", "round 3 (+50)", "round 1 (+14)"],
        "Christian": ["2", "2 times", "10", "60", "round 2 (+14)", "round 1 (-6)"],
        "Doris": ["1", "3 times", "10", "124", "round 3 (+40)", "round 2 (-6)"],
    }
    page = seat.get("game").content.decode()
    assert "1 round was entered quickly" in html.unescape(page)


def test_no_chart_before_the_first_round_is_confirmed(editor):
    page = editor.get("game").content.decode()

    assert "<svg" not in page
    assert "Each player" not in html.unescape(page)


def running_rows(page: str) -> list[str]:
    """The round numbers of the night's table of running totals."""
    table = page[page.index("Running totals after each round") :]
    return re.findall(r'<tr><th scope="row">(\d+)</th><td>', table)


def test_the_night_follows_a_confirm_and_its_undo_at_once(client):
    """The night is kept under its figures: a Confirm and its undo show on
    the next look, each in the reader's language."""
    game = import_record(record("classic", FOUR, NIGHT, goal={"target": 300}))
    editor = Seat(client, game, game.edit_token)
    viewer = Seat(client, game, game.view_token)
    assert running_rows(viewer.get("live", htmx=True).text) == ["1", "2"]

    assert editor.post("confirm_round").status_code == 302
    assert running_rows(viewer.get("live", htmx=True).text) == ["1", "2", "3"]
    german = client.get(viewer.url("game"), headers={"accept-language": "de"}).text
    assert "Die Partie bisher" in german and "The game so far" not in german

    assert editor.post("undo").status_code == 302
    page = viewer.get("game").text
    assert running_rows(page) == ["1", "2"]
    assert "The game so far" in page
