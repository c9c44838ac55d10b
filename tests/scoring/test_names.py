"""Players' names and the goal: one rule, held by the engine (scoring.names)."""

import pytest

from scoring import (
    MAX_ROUNDS,
    MAX_TARGET,
    NAME_MAX,
    Goal,
    RecordError,
    check_goal,
    check_players,
    clean_name,
)
from scoring.record import parse_record, replay, write_record
from scoring.simulate import simulate


def record(players, **fields):
    data = {
        "format": "bottle-imp/1",
        "variant": "classic",
        "players": players,
        "first_dealer": 0,
        "goal": {},
        "rounds": [],
    }
    data.update(fields)
    return data


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Adam", "Adam"),
        ("  Betty\t", "Betty"),
        ("Zoe\u0308", "Zo\u00eb"),  # e + combining diaeresis becomes ë (NFC)
        ("Anne Marie", "Anne Marie"),
        ("Ægir", "Ægir"),
        ("A" * NAME_MAX, "A" * NAME_MAX),
        (" " * 10 + "B" * NAME_MAX + " " * 10, "B" * NAME_MAX),
    ],
)
def test_a_name_is_trimmed_and_normalised(text, name):
    assert clean_name(text) == name


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "every player needs a name; '' is not one"),
        ("   ", "every player needs a name; '   ' is not one"),
        ("Ad\x1b[31mam", r"the name 'Ad\\x1b\[31mam' holds a control character \(U\+001B\)"),
        ("Ad\tam", r"the name 'Ad\\tam' holds a control character \(U\+0009\)"),
        ("Eve\u200b", r"the name 'Eve\\u200b' holds an invisible formatting character \(U\+200B\)"),
        ("\u202eevE", r"the name '\\u202eevE' holds an invisible formatting character \(U\+202E\)"),
        ("Eve\ud800", r"the name 'Eve\\ud800' holds a lone surrogate \(U\+D800\)"),
        ("Eve\u2028Frank", r"the name 'Eve\\u2028Frank' holds a line separator \(U\+2028\)"),
        ("Eve\u2029Frank", r"the name .Eve\\u2029Frank. holds a paragraph separator \(U\+2029\)"),
        ("A" * (NAME_MAX + 1), "the name 'AAAA.*' is 31 characters long; a name has at most 30"),
        (17, "a player's name must be text, not 17"),
        (None, "a player's name must be text, not null"),
    ],
)
def test_a_bad_name_is_refused_in_plain_words(text, message):
    with pytest.raises(RecordError, match=f"^{message}"):
        clean_name(text)


def test_a_long_name_is_quoted_short():
    with pytest.raises(RecordError) as caught:
        clean_name("x" * 1_000_000)
    assert str(caught.value) == (
        "the name '" + "x" * 40 + "…' is 1000000 characters long; a name has at most 30"
    )


def test_players_count_is_checked_before_the_names():
    names = ["\x00"] * 150_000
    with pytest.raises(RecordError, match="^a table has 2 to 6 players, not 150000$"):
        check_players(names)
    with pytest.raises(RecordError, match="^a table has 2 to 6 players, not 1$"):
        check_players(["Adam"])
    with pytest.raises(RecordError, match="^a table has 2 to 6 players, not 7$"):
        check_players(["A", "B", "C", "D", "E", "F", "G"])


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (["Adam", "Betty", "Adam"], "two players may not share a name: 'Adam' appears twice"),
        (["Adam", "adam"], "two players may not share a name: 'Adam' and 'adam' are the same"),
        (["Adam", " Adam "], "two players may not share a name: 'Adam' appears twice"),
        (
            ["STRASSE", "straße"],
            "two players may not share a name: 'STRASSE' and 'straße' are the same name",
        ),
        (["Zo\u00eb", "Zoe\u0308"], "two players may not share a name: 'Zoë' appears twice"),
        ("Adam", "players must be a list of names"),
        ([], "players must be a list of names"),
    ],
)
def test_players_may_not_share_a_name_ignoring_case(names, message):
    with pytest.raises(RecordError, match=f"^{message}"):
        check_players(names)


def test_players_are_cleaned():
    assert check_players([" Adam", "Betty ", "Zoe\u0308"]) == ("Adam", "Betty", "Zo\u00eb")


def test_a_record_keeps_its_players_names_cleaned():
    parsed = parse_record(record([" Adam", "Betty", "Christian "]))
    assert parsed.table.players == ("Adam", "Betty", "Christian")
    assert write_record(parsed)["players"] == ["Adam", "Betty", "Christian"]


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["Adam", "ADAM", "Betty"], "two players may not share a name: 'Adam' and 'ADAM'"),
        (["Adam", "Be\x07tty", "Christian"], "the name 'Be\\\\x07tty' holds a control character"),
        (["A"] * 7, "a table has 2 to 6 players, not 7"),
    ],
)
def test_a_record_with_bad_names_is_refused(players, message):
    with pytest.raises(RecordError, match=f"^{message}"):
        parse_record(record(players))


def test_lopaka_is_no_players_name_in_any_case():
    with pytest.raises(RecordError, match="no player may be called Lopaka"):
        parse_record(record(["LOPAKA", "Betty"], variant="lopaka"))


@pytest.mark.parametrize(
    ("goal", "expected"),
    [
        ({}, Goal()),
        ({"rounds": 1}, Goal(rounds=1)),
        ({"rounds": MAX_ROUNDS}, Goal(rounds=999)),
        ({"target": MAX_TARGET}, Goal(target=99_999)),
    ],
)
def test_a_goal_in_range_is_kept(goal, expected):
    assert check_goal(**goal) == expected
    assert parse_record(record(["Adam", "Betty", "Christian"], goal=goal)).goal == expected


@pytest.mark.parametrize(
    ("goal", "message"),
    [
        ({"rounds": 1000}, "the goal's rounds must be a whole number from 1 to 999, not 1000"),
        ({"rounds": 0}, "the goal's rounds must be a whole number from 1 to 999, not 0"),
        ({"rounds": True}, "the goal's rounds must be a whole number from 1 to 999, not true"),
        ({"rounds": 2.0}, "the goal's rounds must be a whole number from 1 to 999, not 2.0"),
        ({"target": 10**30}, "the goal's target must be a whole number from 1 to 99999, not 1000"),
        ({"target": "300"}, "the goal's target must be a whole number from 1 to 99999, not '300'"),
        ({"target": -5}, "the goal's target must be a whole number from 1 to 99999, not -5"),
    ],
)
def test_a_goal_out_of_range_is_refused(goal, message):
    with pytest.raises(RecordError, match=f"^{message}"):
        check_goal(**goal)
    with pytest.raises(RecordError, match=f"^{message}"):
        parse_record(record(["Adam", "Betty", "Christian"], goal=goal))


def test_a_goal_is_rounds_or_a_target_not_both():
    with pytest.raises(RecordError, match="^the goal is a number of rounds or a target, not both"):
        check_goal(rounds=3, target=200)


def test_a_simulated_game_longer_than_a_goal_allows_has_no_goal():
    data = simulate("classic", 3, rounds=MAX_ROUNDS + 1, seed=3)
    assert data["goal"] == {}
    game = replay(parse_record(data))
    assert len(game.rounds) == 1000
    assert game.finished is False
    assert simulate("classic", 3, rounds=MAX_ROUNDS, seed=3)["goal"] == {"rounds": 999}


def quick_round(points, bottle):
    return {"quick": {"points": points, "bottle": bottle, "imps_trick_points": 10}}


def test_the_quick_entrys_names_are_matched_after_the_same_normalisation():
    data = record(
        ["Zo\u00eb", "Betty", "Christian"],
        rounds=[quick_round({"Zoe\u0308": 50, " Betty": None, "Christian ": 66}, ["Betty "])],
    )
    game = replay(parse_record(data))
    assert game.totals == (50, -10, 66)


def test_a_quick_entry_naming_a_player_twice_is_refused():
    data = record(
        ["Adam", "Betty", "Christian"],
        rounds=[quick_round({"Adam": 50, " Adam": 50, "Betty": None, "Christian": 66}, ["Betty"])],
    )
    with pytest.raises(RecordError, match="^round 1: the quick entry names Adam twice"):
        parse_record(data)


def test_open_hands_are_matched_after_the_same_normalisation():
    data = record(
        ["Zo\u00eb", "Betty"],
        variant="bright-house",
        rounds=[
            {
                "tricks": [],
                "open_hands": {"Zoe\u0308 ": ["4", "6", "8", "10", "11", "14", "16", "21"]},
            }
        ],
    )
    parsed = parse_record(data)
    assert parsed.rounds[0].open_hands[0][0] == 0
    assert write_record(parsed)["rounds"][0]["open_hands"] == {
        "Zo\u00eb": ["4", "6", "8", "10", "11", "14", "16", "21"]
    }


def test_open_hands_naming_a_stranger_are_refused_naming_him():
    data = record(
        ["Adam", "Betty"],
        variant="bright-house",
        rounds=[{"tricks": [], "open_hands": {"Eve\x1b": ["4"]}}],
    )
    with pytest.raises(RecordError, match=r"^round 1: open_hands names 'Eve\\x1b', who is not"):
        parse_record(data)
