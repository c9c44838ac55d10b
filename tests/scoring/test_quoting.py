"""Findings quote input safely: at most ~40 characters of any value, with
control characters escaped, and they name what they found."""

import pytest

from scoring.findings import QUOTE_MAX, Finding, quote
from scoring.record import parse_record, replay

HOSTILE = "\x1b[31m" + "x" * 1_000_000
SHOWN = repr(HOSTILE[:QUOTE_MAX])[:-1] + "…'"


def record(**fields):
    data = {
        "format": "bottle-imp/1",
        "variant": "classic",
        "players": ["Adam", "Betty", "Christian"],
        "first_dealer": 0,
        "goal": {},
        "rounds": [],
    }
    data.update(fields)
    return data


def quick(points=None, bottle=None):
    points = points or {"Adam": 50, "Betty": None, "Christian": 66}
    return {"quick": {"points": points, "bottle": bottle or ["Betty"], "imps_trick_points": 10}}


@pytest.mark.parametrize(
    "data",
    [
        record(format=HOSTILE),
        record(edition=HOSTILE),
        record(variant=HOSTILE),
        record(variant="teams", players=["Adam", "Betty", "Christian", "Doris"], teams=HOSTILE),
        record(first_dealer=HOSTILE),
        record(players=["Adam", "Betty", HOSTILE]),
        record(goal={"rounds": HOSTILE}),
        record(rounds=[{"tricks": [[HOSTILE, "15", "17"]]}]),
        record(rounds=[{"tricks": [["24", "15", "17"]], "imps_trick": ["3", "1", HOSTILE]}]),
        record(rounds=[quick(points={"Adam": 50, "Betty": None, HOSTILE: 66})]),
        record(rounds=[quick(points={"Adam": 50, "Betty": None, "Christian": HOSTILE})]),
        record(rounds=[quick(bottle=[HOSTILE])]),
        record(
            variant="bright-house",
            players=["Adam", "Betty"],
            rounds=[{"tricks": [], "open_hands": {HOSTILE: ["4"]}}],
        ),
    ],
)
def test_a_finding_quotes_at_most_40_characters_escaped(data):
    with pytest.raises(Finding) as caught:
        replay(parse_record(data))
    text = str(caught.value)
    assert SHOWN in text
    assert "\x1b" not in text
    assert len(text) < 300


def test_the_quick_entrys_bottle_error_names_the_stranger():
    with pytest.raises(Finding) as caught:
        parse_record(record(rounds=[quick(bottle=["Eve"])]))
    assert str(caught.value) == "round 1: the quick entry's bottle names 'Eve', who is not a player"


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("Adam", "'Adam'"),
        ("\x1b[2J", "'\\x1b[2J'"),
        ("\u202eevil", "'\\u202eevil'"),
        ("\ud800", "'\\ud800'"),
        ("x" * 41, "'" + "x" * 40 + "…'"),
        (17, "17"),
        (2.5, "2.5"),
        (True, "true"),
        (None, "null"),
        (10**50, "100000000000000000...0000000000000000000"),
        ([1, [2, [3, [4]]]], "[1, [2, [...]]]"),
    ],
)
def test_quote(value, shown):
    assert quote(value) == shown
