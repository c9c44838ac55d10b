"""Huge records are refused early, by their first wrong count (issue 9).

Every check is linear in the record's size and the cheapest wrong count is
found first; ``python -m scoring bench --records`` holds the time figures
(a hostile record of 1 MiB is refused or scored in under a second).
"""

import json
from functools import cache

import pytest

from scoring.bench import hostile_records
from scoring.findings import Finding, RecordError, RuleError
from scoring.record import findings_of, load_record, output_document, parse_record, replay

HOSTILE = cache(hostile_records)


def record(players=("Adam", "Betty", "Christian"), rounds=(), **fields):
    data = {
        "format": "bottle-imp/1",
        "variant": "classic",
        "players": list(players),
        "first_dealer": 0,
        "goal": {},
        "rounds": list(rounds),
    }
    data.update(fields)
    return data


def test_a_1_mib_record_of_150k_names_is_refused_by_its_count():
    names = [f"P{i:06}" for i in range(150_000)]
    text = json.dumps(record(players=names))
    assert 1_000_000 < len(text) < 1 << 21
    with pytest.raises(RecordError) as refused:
        load_record(text)
    assert str(refused.value) == "a table has 2 to 6 players, not 150000"


def test_150k_tricks_are_refused_by_their_count_before_their_cards_are_read():
    tricks = [[f"x{i}"] for i in range(150_000)]
    with pytest.raises(RuleError) as refused:
        replay(parse_record(record(rounds=[{"tricks": tricks}])))
    assert (
        str(refused.value)
        == "round 1, trick 12: a round of 3 has 11 tricks, but 150000 are entered"
    )


def test_an_imps_trick_of_100k_cards_is_refused_by_its_size():
    imps = ["1", "2", "3"] * 33_334
    with pytest.raises(RuleError) as refused:
        replay(parse_record(record(rounds=[{"tricks": [], "imps_trick": imps}])))
    assert str(refused.value) == (
        "round 1: the Imp's Trick of this round holds 3 cards, but 100002 are entered"
    )


def test_an_imps_trick_of_the_right_size_with_a_card_twice_names_it():
    with pytest.raises(RuleError) as refused:
        replay(parse_record(record(rounds=[{"tricks": [], "imps_trick": ["5", "2", "5"]}])))
    assert str(refused.value) == "round 1: the Imp's Trick lists 5 twice"


@pytest.mark.parametrize("name", sorted(hostile_records()))
def test_every_finding_on_a_hostile_record_is_short_and_printable(name):
    text = HOSTILE()[name]
    try:
        game = replay(load_record(text))
    except Finding as error:
        lines = findings_of(error)
        assert lines
        for line in lines:
            assert len(line) <= 300, line[:300]
            assert line.isprintable(), line[:300]
    else:
        assert output_document(game)["players"]
