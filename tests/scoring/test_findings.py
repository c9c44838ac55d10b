"""Findings: entries the engine refuses, and the revoke warning (RULES.md section 8).

Each case is a small record and the plain-words message it must be refused
with, naming the round, the trick, the player and the card where they apply.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.findings import (
    CardAlreadyPlayed,
    CardInImpsTrick,
    CardInKnownHand,
    Finding,
    GameOver,
    ImpsTrickError,
    KnownHandError,
    LopakaMisplay,
    NotInOpenHand,
    OpenHandMustFollow,
    QuickRoundError,
    RecordError,
    RuleError,
    TooManyTricks,
    UnknownCard,
    WrongDeck,
    WrongTrickSize,
)
from scoring.record import load_record, parse_record, replay


def cards(text):
    """Cards written as in the rulebook, space-separated."""
    return text.split()


ROOT = Path(__file__).resolve().parents[2]
THREE = ["Adam", "Betty", "Christian"]
FOUR = ["Adam", "Betty", "Christian", "Doris"]
SIX = ["Adam", "Betty", "Christian", "Doris", "Eve", "Frank"]
LOPAKA_HAND = cards("12 17 18 32 36 1 2 3 5 7 9")
BH_OPEN = {
    "Adam": cards("4 6 8 10 11 14 16 21"),
    "Betty": cards("1 2 3 5 7 9 12 15"),
}


def record(variant="classic", players=THREE, rounds=(), **fields):
    data = {
        "format": "bottle-imp/1",
        "variant": variant,
        "players": players,
        "first_dealer": 0,
        "goal": {},
        "rounds": list(rounds),
    }
    data.update(fields)
    return data


def tricks(*texts, **fields):
    return {"tricks": [text.split() for text in texts], **fields}


def quick(points, bottle, imps):
    return {"quick": {"points": points, "bottle": bottle, "imps_trick_points": imps}}


# Adam deals in round 1, so Betty leads: Betty, Christian, Adam (3 players);
# in the Lopaka variant Betty, Lopaka, Adam; in Bright House Betty is player 1.
REFUSED = [
    # An unknown card, or a half card in a 36-card game.
    (
        record(rounds=[tricks("24 19 17")]),
        UnknownCard,
        "round 1, trick 1: Christian plays 19: there is no card 19 in the deck",
    ),
    (
        record(rounds=[tricks("24 15 38")]),
        UnknownCard,
        "round 1, trick 1: Adam plays 38: there is no card 38 in the deck",
    ),
    (
        record(rounds=[tricks("24 2.5 17")]),
        UnknownCard,
        "round 1, trick 1: Christian plays 2.5: half cards are only used with 5 or 6 "
        "players; this game has 36 cards",
    ),
    (
        record(
            players=SIX, variant="second-bottle", edition="matagot", rounds=[tricks("24 3.5 17")]
        ),
        UnknownCard,
        "round 1, trick 1: Christian plays 3.5: only even numbers have half cards",
    ),  # fmt: skip
    (
        record(rounds=[tricks("24 15 17", "abc")]),
        UnknownCard,
        "round 1, trick 2: Adam plays 'abc': 'abc' is not a card",
    ),
    # Five or six players with the classic deck.
    (
        record(players=SIX, variant="second-bottle"),
        WrongDeck,
        "6 players need the matagot edition",
    ),
    # A card already played this round.
    (
        record(rounds=[tricks("24 15 17", "20 24 21")]),
        CardAlreadyPlayed,
        "round 1, trick 2: Betty plays 24: 24 was already played in trick 1",
    ),
    (
        record(rounds=[tricks("24 15 24")]),
        CardAlreadyPlayed,
        "round 1, trick 1: Adam plays 24: 24 was already played in trick 1",
    ),
    # The second round is dealt by Betty: Christian leads, Betty wins with 17
    # and leads the second trick: Betty, Christian, Adam.
    (
        record(
            rounds=[
                quick({"Adam": 60, "Betty": 60, "Christian": None}, ["Christian"], 6),
                tricks("24 15 17", "20 21 15"),
            ]
        ),
        CardAlreadyPlayed,
        "round 2, trick 2: Adam plays 15: 15 was already played in trick 1",
    ),  # fmt: skip
    # A card in the entered Imp's Trick (which the played cards contradict).
    (
        record(rounds=[tricks("24 15 1", imps_trick=["1", "2", "3"])]),
        CardInImpsTrick,
        "round 1, trick 1: Adam plays 1: 1 is in the Imp's Trick",
    ),
    # A card in someone else's known hand.
    (
        record(
            variant="lopaka",
            players=["Adam", "Betty"],
            rounds=[tricks("36", lopaka_hand=LOPAKA_HAND)],
        ),
        CardInKnownHand,
        "round 1, trick 1: Betty plays 36: 36 is in Lopaka's face-up hand",
    ),  # fmt: skip
    (
        record(
            variant="bright-house",
            players=["Adam", "Betty"],
            rounds=[tricks("15 4 22 1", open_hands=BH_OPEN)],
        ),
        CardInKnownHand,
        "round 1, trick 1: Adam plays 1: 1 is in Betty's face-up hand",
    ),  # fmt: skip
    # A trick with the wrong number of cards.
    (
        record(rounds=[tricks("24 15 17 32")]),
        WrongTrickSize,
        "round 1, trick 1: a trick has 3 cards, but 4 are entered",
    ),
    (
        record(rounds=[tricks("24 15", "20 21 23")]),
        WrongTrickSize,
        "round 1, trick 1: a trick has 3 cards, but 2 are entered",
    ),
    (
        record(players=FOUR, rounds=[tricks("24 15 17", "24")]),
        WrongTrickSize,
        "round 1, trick 1: a trick has 4 cards, but 3 are entered",
    ),
    # More tricks than the round has.
    (
        record(rounds=[{"tricks": [[]] * 12}]),
        TooManyTricks,
        "round 1, trick 12: a round of 3 has 11 tricks, but 12 are entered",
    ),
    (
        record(players=FOUR, rounds=[{"tricks": [[]] * 9}]),
        TooManyTricks,
        "round 1, trick 9: a round of 4 has 8 tricks, but 9 are entered",
    ),
    # An Imp's Trick of the wrong size.
    (
        record(rounds=[tricks("24 15 17", imps_trick=["1", "2"])]),
        ImpsTrickError,
        "round 1: the Imp's Trick of this round holds 3 cards, but 2 are entered",
    ),
    (
        record(
            players=SIX,
            variant="second-bottle",
            edition="matagot",
            rounds=[tricks("24", imps_trick=["1", "2", "3", "4"])],
        ),
        ImpsTrickError,
        "round 1: the Imp's Trick of this round holds 6 cards, but 4 are entered",
    ),  # fmt: skip
    # A Lopaka play that his rules forbid: he must follow blue with 32.
    (
        record(
            variant="lopaka",
            players=["Adam", "Betty"],
            rounds=[tricks("24 17", lopaka_hand=LOPAKA_HAND)],
        ),
        LopakaMisplay,
        "round 1, trick 1: Lopaka plays 17: Lopaka must play 32. Lopaka must follow blue "
        "and 32 is the highest card that wins the trick.",
    ),  # fmt: skip
    # A card that must come from a known open hand but is not in it.
    (
        record(
            variant="bright-house",
            players=["Adam", "Betty"],
            rounds=[tricks("22", open_hands=BH_OPEN)],
        ),
        NotInOpenHand,
        "round 1, trick 1: Betty plays 22: this card comes from Betty's open hand, "
        "which does not hold it",
    ),  # fmt: skip
    # An open-hand card that fails to follow when the open hand holds the
    # led colour. Bright House: Betty leads the yellow 15 from her open hand;
    # Adam's open hand holds the yellow 18 but he plays the red 11 from it.
    (
        record(
            variant="bright-house",
            players=["Adam", "Betty"],
            rounds=[tricks("15 11", open_hands={**BH_OPEN, "Adam": cards("4 6 8 10 11 14 16 18")})],
        ),
        OpenHandMustFollow,
        "round 1, trick 1: Adam plays 11: the open hand holds yellow, so it must follow yellow",
    ),  # fmt: skip
    # Devil's Eye: Betty leads the blue 24; Adam's second card, the red 11,
    # is from his open hand, which holds blue.
    (
        record(
            variant="devils-eye",
            players=["Adam", "Betty"],
            rounds=[tricks("24 15 17 11", open_hands={"Adam": cards("4 6 8 10 11 13 14")})],
        ),
        OpenHandMustFollow,
        "round 1, trick 1: Adam plays 11: the open hand holds blue, so it must follow blue",
    ),  # fmt: skip
    # Known hands that cannot be right.
    (
        record(
            variant="bright-house",
            players=["Adam", "Betty"],
            rounds=[tricks("15 4 2", open_hands=BH_OPEN)],
        ),
        KnownHandError,
        "round 1, trick 1: Betty plays 2: this card comes from Betty's hidden hand, "
        "but it is in the open hand",
    ),  # fmt: skip
    (
        record(variant="lopaka", players=["Adam", "Betty"], rounds=[tricks(lopaka_hand=["1"])]),
        KnownHandError,
        "round 1: Lopaka's hand holds 11 cards, but 1 are entered",
    ),  # fmt: skip
    (
        record(
            variant="lopaka",
            players=["Adam", "Betty"],
            rounds=[tricks(lopaka_hand=LOPAKA_HAND, imps_trick=["1", "4", "6"])],
        ),
        KnownHandError,
        "round 1: Lopaka's hand holds 1, which is in the Imp's Trick",
    ),  # fmt: skip
    (
        record(
            variant="lopaka",
            players=["Adam", "Betty"],
            rounds=[tricks(lopaka_hand=["1"] + LOPAKA_HAND[1:])],
        ),
        KnownHandError,
        "round 1: Lopaka's hand lists 1 twice",
    ),  # fmt: skip
    (
        record(
            variant="bright-house",
            players=["Adam", "Betty"],
            rounds=[tricks(open_hands={"Adam": ["1"]})],
        ),
        KnownHandError,
        "round 1: Adam's open hand holds 8 cards in Bright House, but 1 are entered",
    ),  # fmt: skip
    (
        record(
            variant="bright-house",
            players=["Adam", "Betty"],
            rounds=[tricks(open_hands={"Adam": BH_OPEN["Betty"], "Betty": BH_OPEN["Betty"]})],
        ),
        KnownHandError,
        "round 1: Betty's open hand holds 1, which is in Adam's hand",
    ),  # fmt: skip
    # Quick rounds whose coins or owners cannot be right.
    (
        record(rounds=[quick({"Adam": 60, "Betty": 60, "Christian": 6}, ["Christian"], 6)]),
        QuickRoundError,
        "round 1: the coins entered (Adam 60, Betty 60, Christian 6 and the Imp's Trick 6) "
        "make 132, but the deck holds 126: 6 coins too many",
    ),
    (
        record(rounds=[quick({"Adam": -1, "Betty": 60, "Christian": None}, ["Christian"], 6)]),
        QuickRoundError,
        "round 1: Adam's coins must be between 0 and 126, not -1",
    ),
    (
        record(rounds=[quick({"Adam": None, "Betty": 60, "Christian": None}, ["Christian"], 6)]),
        QuickRoundError,
        "round 1: Adam's coins are missing, and Adam owns no bottle",
    ),
    (
        record(rounds=[quick({"Adam": 1, "Betty": 60, "Christian": None}, ["Christian"], 200)]),
        QuickRoundError,
        "round 1: the Imp's Trick's coins must be between 0 and 126, not 200",
    ),
    (
        record(rounds=[quick({"Adam": 60, "Betty": 60, "Christian": None}, [], 6)]),
        QuickRoundError,
        "round 1: this game has one bottle, so 1 bottle owner",
    ),
    (
        record(
            variant="second-bottle",
            players=SIX[:5],
            edition="matagot",
            rounds=[quick(dict.fromkeys(SIX[:5], 30), ["Adam"], 40)],
        ),
        QuickRoundError,
        "round 1: this game has 2 bottles, so 2 bottle owner",
    ),  # fmt: skip
    # A round after the game has ended.
    (
        record(
            goal={"rounds": 1},
            rounds=[
                quick({"Adam": 60, "Betty": 60, "Christian": None}, ["Christian"], 6),
                tricks("24"),
            ],
        ),
        GameOver,
        "round 2: the game ended after round 1, so no round may follow it",
    ),  # fmt: skip
    (
        record(
            goal={"target": 100},
            rounds=[
                quick({"Adam": 120, "Betty": 0, "Christian": None}, ["Christian"], 6),
                quick({"Adam": 60, "Betty": 60, "Christian": None}, ["Christian"], 6),
            ],
        ),
        GameOver,
        "round 2: the game ended after round 1",
    ),  # fmt: skip
]


@pytest.mark.parametrize(
    ("data", "error", "message"),
    REFUSED,
    ids=[f"{i:02}-{case[1].__name__}" for i, case in enumerate(REFUSED)],
)
def test_entries_that_cannot_be_what_happened_are_refused(data, error, message):
    with pytest.raises(error) as raised:
        replay(parse_record(data))
    assert str(raised.value).startswith(message)
    assert isinstance(raised.value, RuleError)


def test_a_finding_carries_where_it_happened():
    with pytest.raises(CardAlreadyPlayed) as raised:
        replay(parse_record(record(rounds=[tricks("24 15 17", "20 24 21")])))
    error = raised.value
    assert (error.round, error.trick, error.player, error.card) == (1, 2, "Betty", "24")
    assert error.why == "24 was already played in trick 1"


BAD_RECORDS = [
    ("{", "the record is not valid JSON"),
    ("[]", "the record must be a JSON object"),
    (
        '{"format": "bottle-imp/2"}',
        "the record's format must be 'bottle-imp/1', not 'bottle-imp/2'",
    ),
    ('{"format": "bottle-imp/1"}', "players must be a list of names"),
]


@pytest.mark.parametrize(("text", "message"), BAD_RECORDS)
def test_bad_json_is_a_record_error(text, message):
    with pytest.raises(RecordError, match=f"^{message}"):
        load_record(text)


def without(field):
    data = record(rounds=[])
    del data[field]
    return data


BAD_FIELDS = [
    (without("players"), "players must be a list of names"),
    (without("variant"), "the variant must be a name, not null"),
    (without("first_dealer"), "first_dealer must be a seat from 0 to 2, not null"),
    (without("goal"), r'the goal must be \{"rounds": N\}, \{"target": T\} or \{\}'),
    (without("rounds"), "the record needs a list of rounds"),
    (record(players=[]), "players must be a list of names"),
    (record(players=["Adam", " "]), "every player needs a name; ' ' is not one"),
    (record(players=["Adam", "Betty", "Adam"]), "two players may not share a name: 'Adam'"),
    (record(players=FOUR[:2]), "the Classic variant is for 3 or 4 players, not 2"),
    (record(players=SIX, edition="matagot"), "the Classic variant is for 3 or 4 players, not 6"),
    (record(variant="lopaka"), "the Lopaka variant is for 2 players, not 3"),
    (record(variant="teams", players=FOUR[:3], teams="2-1-1"), "teams 2-1-1 is for 4 players"),
    (record(variant="teams", players=FOUR), "the teams variant needs a team layout"),
    (record(variant="teams", players=FOUR, teams="2-2"), "unknown team layout '2-2'"),
    (record(teams="2-1-1"), "a team layout is given, but the Classic variant has no teams"),
    (record(variant="whist"), "unknown variant 'whist': it must be one of classic, teams"),
    (record(edition="bambus"), "the edition must be classic or matagot, not 'bambus'"),
    (record(variant="lopaka", players=["Lopaka", "Betty"]), "no player may be called Lopaka"),
    (record(first_dealer=3), "first_dealer must be a seat from 0 to 2, not 3"),
    (record(first_dealer=True), "first_dealer must be a seat from 0 to 2, not true"),
    (record(goal={"rounds": 0}), "the goal's rounds must be a whole number from 1 to 999, not 0"),
    (record(goal={"target": "300"}), "the goal's target must be a whole number"),
    (record(goal={"rounds": 2, "target": 300}), "the goal must be"),
    (record(goal={"points": 300}), "the goal must be"),
    (record(goal=300), "the goal must be"),
    (record(rounds=[{}]), "round 1: a round has either tricks or a quick entry, and not both"),
    (record(rounds=[{"tricks": [], "quick": {}}]), "round 1: a round has either tricks or"),
    (record(rounds=[{"tricks": "24 15 17"}]), "round 1: tricks must be a list of tricks"),
    (record(rounds=[{"tricks": [], "dealer": 5}]), "round 1's dealer must be a seat from 0 to 2"),
    (
        record(rounds=[tricks("24 15 17"), tricks("24")]),
        "round 1: round 1 is unfinished, but another round follows it",
    ),
    (
        record(rounds=[quick({"Adam": 1, "Betty": 1}, ["Christian"], 6)]),
        "round 1: the quick entry has no coins for Christian",
    ),
    (
        record(rounds=[quick({"Adam": 1, "Betty": 1, "Christian": 1, "Eve": 1}, ["Adam"], 6)]),
        "round 1: the quick entry names 'Eve', who is not a player",
    ),
    (
        record(rounds=[quick({"Adam": 1, "Betty": 1, "Christian": 1}, ["Eve"], 6)]),
        "round 1: the quick entry's bottle names 'Eve', who is not a player",
    ),
    (
        record(rounds=[tricks(lopaka_hand=LOPAKA_HAND)]),
        "round 1: a lopaka_hand is given, but the Classic variant has no Lopaka",
    ),
    (
        record(rounds=[tricks(open_hands={"Adam": ["1"]})]),
        "round 1: open_hands are given, but the Classic variant has none",
    ),
]


@pytest.mark.parametrize(("data", "message"), BAD_FIELDS)
def test_malformed_records_are_record_errors(data, message):
    with pytest.raises(RecordError, match=f"^{message}"):
        replay(parse_record(data))


def test_revoke_is_a_warning_naming_round_trick_player_and_card():
    # Betty leads yellow 22, Christian follows 18, Adam plays the blue 34;
    # Christian wins and leads yellow 28; Adam now plays the yellow 9: he
    # held a yellow card in trick 1.
    game = replay(parse_record(record(rounds=[tricks("22 18 34", "28 9 12")])))
    (warning,) = game.rounds[0].warnings
    assert str(warning) == (
        "round 1, trick 1: Adam did not follow yellow with 34, but plays 9 (yellow) in "
        "trick 2: a revoke (no card enters a hand during play, so Adam held a yellow card then)"
    )
    assert (warning.round, warning.trick, warning.player, warning.card) == (1, 1, "Adam", "9")
    assert isinstance(warning, Finding)
    assert not isinstance(warning, RuleError)


def test_not_following_without_playing_the_colour_later_is_no_revoke():
    game = replay(parse_record(record(rounds=[tricks("22 18 34", "28 30 12")])))
    assert game.rounds[0].warnings == ()


def test_a_revoke_is_reported_once():
    game = replay(parse_record(record(rounds=[tricks("22 18 34", "28 9 12", "5 7 3")])))
    assert len(game.rounds[0].warnings) == 1


# --- The command line ---------------------------------------------------------


def run_score(text):
    return subprocess.run(
        [sys.executable, "-m", "scoring", "score", "-"],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "the record is not valid JSON"),
        (
            json.dumps(record(rounds=[tricks("24 15 17", "20 24 21")])),
            "round 1, trick 2: Betty plays 24: 24 was already played in trick 1",
        ),
        (
            json.dumps(record(players=SIX, variant="second-bottle")),
            "6 players need the matagot edition",
        ),
    ],
)
def test_cli_refuses_with_the_message_on_stderr(text, message):
    result = run_score(text)
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.startswith(message)
    assert "Traceback" not in result.stderr


def test_cli_scores_a_valid_record():
    result = run_score(json.dumps(record(rounds=[tricks("24 15 17")])))
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["rounds"][0]["tricks"] == [{"leader": "Betty", "winner": "Adam", "price": "17"}]
    assert document["totals"] == {"Adam": 0, "Betty": 0, "Christian": 0}


def test_cli_cannot_read_a_missing_file(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "scoring", "score", str(tmp_path / "none.json")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 1
    assert result.stderr.startswith("cannot read ")
    assert "Traceback" not in result.stderr
