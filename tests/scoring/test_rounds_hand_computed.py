"""Complete rounds worked out by hand (RULES.md sections 3–6).

Each round is laid out trick by trick, with the ruling and the coins of
each trick in a comment, and the expected results are literal numbers added
up by hand from the deck tables of RULES.md section 1, never by the engine.
Every trick keeps to one colour where it can, so nobody revokes.
"""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.findings import QuickRoundError
from scoring.record import output_document, parse_record, replay


def cards(text):
    """Cards written as in the rulebook, space-separated."""
    return text.split()


ROOT = Path(__file__).resolve().parents[2]
GAME_RECORD = ROOT.parent / "shared" / "GAME-RECORD.md"

FOUR = ["Adam", "Betty", "Christian", "Doris"]
SIX = ["Adam", "Betty", "Christian", "Doris", "Eve", "Frank"]


def record(variant, players, rounds, *, teams=None, edition=None, first_dealer=0, goal=None):
    data = {"format": "bottle-imp/1", "variant": variant}
    if edition:
        data["edition"] = edition
    if teams:
        data["teams"] = teams
    data.update(players=players, first_dealer=first_dealer, goal=goal or {}, rounds=rounds)
    return data


def score(data):
    return output_document(replay(parse_record(data)))


def split(tricks):
    return [trick.split() for trick in tricks]


def leaders_winners_prices(output_round):
    return [(t["leader"], t["winner"], t["price"]) for t in output_round["tricks"]]


# --- Classic, 3 players (classic deck) --------------------------------------
# Adam deals, so Betty leads; play goes Betty → Christian → Adam.
# Imp's Trick: 1, 2, 3 (yellow 1 + 1 + 2 = 4 coins).
CLASSIC_3 = [
    "22 18 25",  # B C A  price 19: 18 below → Christian, price 18; 5+5+6 = 16
    "28 15 12",  # C A B  below 18: 15, 12 → Adam, price 15;         6+4+4 = 14
    "9 5 7",  # A B C     below 15: all, 9 highest → Adam, price 9;   3+2+3 = 8
    "34 32 30",  # A B C  none below 9 → 34 Adam, bottle stays;       6+6+5 = 17
    "27 24 20",  # A B C  → 27 Adam;                                  5+4+4 = 13
    "17 13 10",  # A B C  → 17 Adam;                                  3+3+2 = 8
    "8 6 4",  # A B C     all below 9, 8 highest → Adam, price 8;     2+1+1 = 4
    "11 37 36",  # A B C  none below 8 → 37 Betty;                    1+6+6 = 13
    "14 35 33",  # B C A  → 35 Christian;                             1+5+5 = 11
    "16 31 29",  # C A B  → 31 Adam;                                  2+4+4 = 10
    "21 23 26",  # A B C  → 26 Christian;                             2+3+3 = 8
]
# Adam 14+8+17+13+8+4+10 = 74, Betty 13, Christian 16+11+8 = 35;
# 74 + 13 + 35 + 4 = 126. Adam owns the bottle at 8: he scores -4.


def test_classic_three_players():
    out = score(record("classic", FOUR[:3], [{"tricks": split(CLASSIC_3)}]))
    (played,) = out["rounds"]
    assert played["complete"] is True
    assert played["dealer"] == "Adam"
    assert leaders_winners_prices(played) == [
        ("Betty", "Christian", "18"),
        ("Christian", "Adam", "15"),
        ("Adam", "Adam", "9"),
        ("Adam", "Adam", "9"),
        ("Adam", "Adam", "9"),
        ("Adam", "Adam", "9"),
        ("Adam", "Adam", "8"),
        ("Adam", "Betty", "8"),
        ("Betty", "Christian", "8"),
        ("Christian", "Adam", "8"),
        ("Adam", "Christian", "8"),
    ]
    assert played["imps_trick"] == ["1", "2", "3"]
    assert played["penalty"] == 4
    assert played["bottle_owners"] == ["Adam"]
    assert played["trick_points"] == {"Adam": 74, "Betty": 13, "Christian": 35}
    assert played["scores"] == {"Adam": -4, "Betty": 13, "Christian": 35}
    assert played["teams"] == []
    assert played["warnings"] == []
    assert out["totals"] == {"Adam": -4, "Betty": 13, "Christian": 35}


def test_classic_three_players_with_the_imps_trick_entered():
    rounds = [{"tricks": split(CLASSIC_3), "imps_trick": ["3", "1", "2"]}]
    assert score(record("classic", FOUR[:3], rounds))["rounds"][0]["penalty"] == 4


# --- Classic, 4 players, classic deck ---------------------------------------
# Adam deals; Betty leads. Imp's Trick: 1, 2, 3, 5 (yellow 1+1+2+2 = 6).
CLASSIC_4 = [
    "28 18 12 22",  # B C D A  below 19: 18, 12 → Christian, price 18;  6+5+4+5 = 20
    "25 15 9 7",  # C D A B    below 18: 15, 9, 7 → Doris, price 15;     6+4+3+3 = 16
    "4 6 8 10",  # D A B C     all below 15, 10 → Christian, price 10;   1+1+2+2 = 6
    "13 17 20 24",  # C D A B  none below 10 → 24 Betty;                 3+3+4+4 = 14
    "27 30 32 34",  # B C D A  → 34 Adam;                                5+5+6+6 = 22
    "11 14 16 21",  # A B C D  → 21 Doris;                               1+1+2+2 = 6
    "37 23 26 29",  # D A B C  → 37 Doris;                               6+3+3+4 = 16
    "31 33 35 36",  # D A B C  → 36 Christian;                           4+5+5+6 = 20
]
# Adam 22, Betty 14, Christian 20+6+20 = 46, Doris 16+6+16 = 38;
# 22 + 14 + 46 + 38 + 6 = 126. Christian owns the bottle at 10.
CLASSIC_4_ROUTE = [
    ("Betty", "Christian", "18"),
    ("Christian", "Doris", "15"),
    ("Doris", "Christian", "10"),
    ("Christian", "Betty", "10"),
    ("Betty", "Adam", "10"),
    ("Adam", "Doris", "10"),
    ("Doris", "Doris", "10"),
    ("Doris", "Christian", "10"),
]


def test_classic_four_players_classic_deck():
    (played,) = score(record("classic", FOUR, [{"tricks": split(CLASSIC_4)}]))["rounds"]
    assert leaders_winners_prices(played) == CLASSIC_4_ROUTE
    assert played["imps_trick"] == ["1", "2", "3", "5"]
    assert played["penalty"] == 6
    assert played["bottle_owners"] == ["Christian"]
    assert played["trick_points"] == {"Adam": 22, "Betty": 14, "Christian": 46, "Doris": 38}
    assert played["scores"] == {"Adam": 22, "Betty": 14, "Christian": -6, "Doris": 38}
    assert played["warnings"] == []


# --- Classic, 4 players, Matagot deck ---------------------------------------
# Christian deals (first_dealer 2); Doris leads. Imp's Trick: 33, 34, 36, 37
# (green 5+5+6+6 = 22). In the Matagot deck 3, 17, 23, 35 are blue and the
# 17 and 23 are worth 4, the 35 6.
MATAGOT_4 = [
    "25 28 22 1",  # D A B C   below 19: only 1 → Christian, price 1;  6+6+5+1 = 18
    "2 4 5 7",  # C D A B      price 1 cannot be undercut → 7 Betty;   1+2+2+3 = 8
    "9 12 15 18",  # B C D A   → 18 Adam;                              3+4+4+5 = 16
    "3 35 6 8",  # A B C D     → 35 Betty;                             1+6+1+2 = 10
    "10 13 17 20",  # B C D A  → 20 Adam;                              2+3+4+4 = 13
    "23 27 30 32",  # A B C D  → 32 Doris;                             4+5+5+6 = 20
    "11 14 16 21",  # D A B C  → 21 Christian;                         1+1+2+2 = 6
    "24 26 29 31",  # C D A B  → 31 Betty;                             3+3+4+4 = 14
]
# Adam 16+13 = 29, Betty 8+10+14 = 32, Christian 18+6 = 24, Doris 20;
# 29 + 32 + 24 + 20 + 22 = 127. Christian keeps the bottle at 1.


def test_classic_four_players_matagot_deck():
    data = record(
        "classic", FOUR, [{"tricks": split(MATAGOT_4)}], edition="matagot", first_dealer=2
    )
    (played,) = score(data)["rounds"]
    assert played["dealer"] == "Christian"
    assert leaders_winners_prices(played) == [
        ("Doris", "Christian", "1"),
        ("Christian", "Betty", "1"),
        ("Betty", "Adam", "1"),
        ("Adam", "Betty", "1"),
        ("Betty", "Adam", "1"),
        ("Adam", "Doris", "1"),
        ("Doris", "Christian", "1"),
        ("Christian", "Betty", "1"),
    ]
    assert played["imps_trick"] == ["33", "34", "36", "37"]
    assert played["penalty"] == 22
    assert played["trick_points"] == {"Adam": 29, "Betty": 32, "Christian": 24, "Doris": 20}
    assert played["scores"] == {"Adam": 29, "Betty": 32, "Christian": -22, "Doris": 20}
    assert played["warnings"] == []


def test_the_same_tricks_score_by_the_deck_of_the_edition():
    # In the classic deck 3 is worth 2, 4 and 6 are worth 1, 17 and 23 are
    # worth 3, 24 is worth 4, 34 is worth 6 and 35 is worth 5. By trick:
    # 18 C, 1+1+2+3 = 7 B, 16 A, 2+5+1+2 = 10 B, 2+3+3+4 = 12 A,
    # 3+5+5+6 = 19 D, 6 C, 4+3+4+4 = 15 B; the Imp's Trick 5+6+6+6 = 23.
    data = record("classic", FOUR, [{"tricks": split(MATAGOT_4)}], first_dealer=2)
    (played,) = score(data)["rounds"]
    assert played["penalty"] == 23
    assert played["trick_points"] == {"Adam": 28, "Betty": 32, "Christian": 24, "Doris": 19}


# --- Teams 2-1-1 ------------------------------------------------------------


def test_teams_2_1_1_individuals_double_and_the_team_adds():
    # CLASSIC_4 again: Adam deals, so Adam and Christian play alone and Betty
    # and Doris are a team. Adam 2 × 22, Christian (bottle) 2 × -6, the
    # team 14 + 38 each.
    out = score(record("teams", FOUR, [{"tricks": split(CLASSIC_4)}], teams="2-1-1"))
    (played,) = out["rounds"]
    assert leaders_winners_prices(played) == CLASSIC_4_ROUTE
    assert sorted(sorted(pair) for pair in played["teams"]) == [["Betty", "Doris"]]
    assert played["scores"] == {"Adam": 44, "Betty": 52, "Christian": -12, "Doris": 52}


def test_teams_2_1_1_team_with_the_bottle_scores_minus_the_penalty_each():
    # MATAGOT_4 with Christian dealing: Christian and Adam play alone, Doris
    # and Betty are a team. Give the round to Betty dealing instead and the
    # team is Christian and Adam: Christian owns the bottle, so both score
    # -22 (Adam's 29 is lost), and Betty and Doris alone score double.
    data = record(
        "teams",
        FOUR,
        [{"quick": {"points": {"Adam": 29, "Betty": 32, "Christian": 24, "Doris": 20},
                    "bottle": ["Christian"], "imps_trick_points": 22}}],
        teams="2-1-1",
        edition="matagot",
        first_dealer=1,
    )  # fmt: skip
    (played,) = score(data)["rounds"]
    assert sorted(sorted(pair) for pair in played["teams"]) == [["Adam", "Christian"]]
    assert played["scores"] == {"Adam": -22, "Betty": 64, "Christian": -22, "Doris": 40}


# --- Six players: second bottle, 2-2-2 and 2-2-1-1 (Matagot, 54 cards) -----
# Adam deals; Betty leads. Imp's Trick: the green 33, 34, 34.5, 36, 36.5, 37
# (5+5+5+6+6+6 = 33). Cards by player: Adam 22.5 7 5 3 6 17 14.5 26.5,
# Betty 18 18.5 1 20 6.5 27 16 29, Christian 15 12 2 20.5 8 30 16.5 31,
# Doris 25 22 2.5 35 8.5 30.5 21 24, Eve 28 12.5 4 32.5 10 32 11 24.5,
# Frank 28.5 9 4.5 23 10.5 13 14 26.
SECOND_BOTTLE_6 = [
    # B C D E F A   two bottles at 19: 18 → Betty takes one; [18, 19]; 5+4+6+6+6+5 = 32
    "18 15 25 28 28.5 22.5",
    # B C D E F A   the dearer (19) is sold: 18.5 → Betty owns both; [18, 18.5]; 5+4+5+4+3+3 = 24
    "18.5 12 22 12.5 9 7",
    # B C D E F A   the dearer (18.5) is sold: 5 → Adam; [18, 5]; 1+1+1+2+2+2 = 9
    "1 2 2.5 4 4.5 5",
    # A B C D E F   the dearer (18) is sold, though 3 is below 5: Adam owns both; [3, 5];
    #               1+4+4+6+6+4 = 25
    "3 20 20.5 35 32.5 23",
    "6 6.5 8 8.5 10 10.5",  # A B C D E F  none below 5 → 10.5 Frank;  1+1+2+2+2+2 = 10
    "13 17 27 30 30.5 32",  # F A B C D E  → 32 Eve;                   3+4+5+5+5+6 = 28
    "11 14 14.5 16 16.5 21",  # E F A B C D  → 21 Doris;               1+1+1+2+2+2 = 9
    "24 24.5 26 26.5 29 31",  # D E F A B C  → 31 Christian;           3+3+3+3+4+4 = 20
]
# Adam 9+25 = 34, Betty 32+24 = 56, Christian 20, Doris 9, Eve 28, Frank 10;
# 157 + 33 = 190. Adam owns both bottles: -2 × 33.


def test_second_bottle_one_player_owning_both_pays_twice():
    data = record("second-bottle", SIX, [{"tricks": split(SECOND_BOTTLE_6)}], edition="matagot")
    (played,) = score(data)["rounds"]
    assert leaders_winners_prices(played) == [
        ("Betty", "Betty", "19"),
        ("Betty", "Betty", "18.5"),
        ("Betty", "Adam", "18"),
        ("Adam", "Adam", "5"),
        ("Adam", "Frank", "5"),
        ("Frank", "Eve", "5"),
        ("Eve", "Doris", "5"),
        ("Doris", "Christian", "5"),
    ]
    assert played["imps_trick"] == ["33", "34", "34.5", "36", "36.5", "37"]
    assert played["penalty"] == 33
    assert played["bottle_owners"] == ["Adam", "Adam"]
    assert played["trick_points"] == {
        "Adam": 34, "Betty": 56, "Christian": 20, "Doris": 9, "Eve": 28, "Frank": 10,
    }  # fmt: skip
    assert played["scores"] == {
        "Adam": -66, "Betty": 56, "Christian": 20, "Doris": 9, "Eve": 28, "Frank": 10,
    }  # fmt: skip


def test_second_bottle_owners_after_three_tricks():
    # Betty owns the bottle at 18, Adam the one at 5; the price is the dearer, 18.
    rounds = [{"tricks": split(SECOND_BOTTLE_6[:3])}]
    (played,) = score(record("second-bottle", SIX, rounds, edition="matagot"))["rounds"]
    assert sorted(played["bottle_owners"]) == ["Adam", "Betty"]
    assert played["tricks"][-1]["price"] == "18"
    assert played["scores"] is None


# The same cards with one bottle (teams), Adam dealing:
#   1 B C D E F A  18 → Betty, price 18                    32
#   2 B C D E F A  below 18: 12, 12.5, 9, 7 → Eve, 12.5     24
#   3 E F A B C D  4 4.5 5 1 2 2.5 → 5 Adam, price 5         9
#   4 A B C D E F  3 → Adam, price 3                        25
#   5 A …          → 10.5 Frank                             10
#   6 F …          → 32 Eve                                 28
#   7 E …          → 21 Doris                                9
#   8 D …          → 31 Christian                           20
# Adam 34 (bottle at 3), Betty 32, Christian 20, Doris 9, Eve 52, Frank 10.
ONE_BOTTLE_6 = [
    "18 15 25 28 28.5 22.5",
    "18.5 12 22 12.5 9 7",
    "4 4.5 5 1 2 2.5",
    "3 20 20.5 35 32.5 23",
    "6 6.5 8 8.5 10 10.5",
    "13 17 27 30 30.5 32",
    "11 14 14.5 16 16.5 21",
    "24 24.5 26 26.5 29 31",
]


@pytest.mark.parametrize(
    ("layout", "teams", "scores"),
    [
        # Fixed teams {0,3} {1,4} {2,5}: Adam's team has the bottle, -33 each;
        # Betty + Eve 32 + 52; Christian + Frank 20 + 10.
        (
            "2-2-2",
            [["Adam", "Doris"], ["Betty", "Eve"], ["Christian", "Frank"]],
            {"Adam": -33, "Betty": 84, "Christian": 30, "Doris": -33, "Eve": 84, "Frank": 30},
        ),
        # Adam deals: Adam and Doris alone (Adam 2 × -33, Doris 2 × 9),
        # teams Betty + Eve and Christian + Frank.
        (
            "2-2-1-1",
            [["Betty", "Eve"], ["Christian", "Frank"]],
            {"Adam": -66, "Betty": 84, "Christian": 30, "Doris": 18, "Eve": 84, "Frank": 30},
        ),
    ],
)
def test_six_player_team_layouts(layout, teams, scores):
    data = record("teams", SIX, [{"tricks": split(ONE_BOTTLE_6)}], teams=layout, edition="matagot")
    (played,) = score(data)["rounds"]
    assert [t["winner"] for t in played["tricks"]] == [
        "Betty", "Eve", "Adam", "Adam", "Frank", "Eve", "Doris", "Christian",
    ]  # fmt: skip
    assert [t["price"] for t in played["tricks"]] == ["18", "12.5", "5", "3", "3", "3", "3", "3"]
    assert played["bottle_owners"] == ["Adam"]
    assert played["penalty"] == 33
    assert played["trick_points"] == {
        "Adam": 34, "Betty": 32, "Christian": 20, "Doris": 9, "Eve": 52, "Frank": 10,
    }  # fmt: skip
    assert sorted(sorted(pair) for pair in played["teams"]) == teams
    assert played["scores"] == scores


FIVE = ["Adam", "Betty", "Christian", "Doris", "Eve"]


@pytest.mark.parametrize(
    ("dealer", "bottle", "teams", "scores"),
    [
        # Adam deals: Adam alone (doubled); teams Betty + Doris, Christian + Eve.
        (
            0,
            "Christian",
            [["Betty", "Doris"], ["Christian", "Eve"]],
            {"Adam": 80, "Betty": 50, "Christian": -20, "Doris": 50, "Eve": -20},
        ),
        (
            0,
            "Adam",
            [["Betty", "Doris"], ["Christian", "Eve"]],
            {"Adam": -40, "Betty": 50, "Christian": 80, "Doris": 50, "Eve": 80},
        ),
        # Christian deals: Christian alone; teams Doris + Adam, Eve + Betty.
        (
            2,
            "Adam",
            [["Adam", "Doris"], ["Betty", "Eve"]],
            {"Adam": -20, "Betty": 80, "Christian": 40, "Doris": -20, "Eve": 80},
        ),
    ],
)
def test_teams_2_2_1(dealer, bottle, teams, scores):
    # Coins: Adam 40, Betty 20, Christian 20, Doris 30, Eve 60, Imp's Trick 20:
    # 190 in all.
    points = {"Adam": 40, "Betty": 20, "Christian": 20, "Doris": 30, "Eve": 60}
    quick = {"points": points, "bottle": [bottle], "imps_trick_points": 20}
    data = record(
        "teams", FIVE, [{"quick": quick}], teams="2-2-1", edition="matagot", first_dealer=dealer
    )
    (played,) = score(data)["rounds"]
    assert sorted(sorted(pair) for pair in played["teams"]) == teams
    assert played["scores"] == scores


def test_second_bottle_five_players_quick_with_two_owners():
    quick = {
        "points": {"Adam": 40, "Betty": 20, "Christian": None, "Doris": 50, "Eve": 60},
        "bottle": ["Christian", "Eve"],
        "imps_trick_points": 15,
    }
    data = record("second-bottle", FIVE, [{"quick": quick}], edition="matagot")
    (played,) = score(data)["rounds"]
    assert sorted(played["bottle_owners"]) == ["Christian", "Eve"]
    assert played["scores"] == {"Adam": 40, "Betty": 20, "Christian": -15, "Doris": 50, "Eve": -15}


# --- Lopaka ending with the bottle -------------------------------------------
# Adam deals; order Betty → Lopaka → Adam. Imp's Trick 1, 2, 3 (4 coins).
LOPAKA_HAND = "28 37 36 35 34 32 14 5 7 4 11"
LOPAKA_ROUND = [
    "22 28 25",  # B L A  Lopaka: 5, 7, 28 all win; the highest, 28. → Lopaka;  5+6+6 = 17
    "37 33 29",  # L A B  Lopaka leads his highest → Lopaka;                  6+5+4 = 15
    "36 31 26",  # L A B  → Lopaka;                                           6+4+3 = 13
    "35 23 21",  # L A B  → Lopaka;                                           5+3+2 = 10
    "34 30 27",  # L A B  → Lopaka;                                           6+5+5 = 16
    "32 24 20",  # L A B  → Lopaka;                                           6+4+4 = 14
    "14 16 18",  # L A B  below 19: 18 highest → Betty, price 18;             1+2+5 = 8
    "15 5 12",  # B L A   Lopaka cannot win: his lowest yellow; → Betty, 15;  4+2+4 = 10
    "9 7 17",  # B L A    → Betty, price 9;                                  3+3+3 = 9
    "13 4 10",  # B L A   Lopaka's only blue, 4, wins: Lopaka, price 4;      3+1+2 = 6
    "11 6 8",  # L A B    none below 4 → 11 Lopaka;                           1+1+2 = 4
]
# Lopaka 17+15+13+10+16+14+6+4 = 95, Betty 8+10+9 = 27, Adam 0; + 4 = 126.


def test_lopaka_ending_with_the_bottle_nobody_pays():
    rounds = [{"tricks": split(LOPAKA_ROUND), "lopaka_hand": LOPAKA_HAND.split()}]
    out = score(record("lopaka", ["Adam", "Betty"], rounds))
    (played,) = out["rounds"]
    assert [t["winner"] for t in played["tricks"]] == ["Lopaka"] * 6 + ["Betty"] * 3 + [
        "Lopaka"
    ] * 2
    assert played["tricks"][0]["leader"] == "Betty"
    assert played["tricks"][1]["leader"] == "Lopaka"
    assert played["bottle_owners"] == ["Lopaka"]
    assert played["penalty"] == 4
    assert played["trick_points"] == {"Adam": 0, "Betty": 27, "Lopaka": 95}
    assert played["scores"] == {"Adam": 0, "Betty": 27}
    assert out["totals"] == {"Adam": 0, "Betty": 27}
    assert out["players"] == ["Adam", "Betty"]


def test_lopaka_quick_round_with_the_bottle():
    quick = {
        "points": {"Adam": 30, "Betty": 40, "Lopaka": None},
        "bottle": ["Lopaka"],
        "imps_trick_points": 9,
    }
    out = score(record("lopaka", ["Adam", "Betty"], [{"quick": quick}]))
    assert out["rounds"][0]["scores"] == {"Adam": 30, "Betty": 40}
    assert out["rounds"][0]["bottle_owners"] == ["Lopaka"]


# --- Bright House and Devil's Eye: who plays each card ----------------------


def players_of(data):
    game = replay(parse_record(data))
    state = game.rounds[0]
    return [[state.shape.names[seat] for seat in play.players] for play in state.tricks]


BH_OPEN = {
    "Adam": cards("4 6 8 10 11 14 16 21"),
    "Betty": cards("1 2 3 5 7 9 12 15"),
}


def test_bright_house_order_open_open_hidden_hidden():
    # Adam deals, so Betty is player 1 of the first trick: Betty open 15,
    # Adam open 4, Betty hidden 22, Adam hidden 13. Below 19: 15, 4, 13 →
    # 15 Betty, price 15. Betty is player 1 again: Betty open 12, Adam open
    # 6, Betty hidden 28, Adam hidden 17 → below 15: 12, 6 → 12 Betty.
    # Third trick: Betty open 9, Adam open 8, Betty hidden 24, Adam hidden
    # 20 → below 12: 9, 8 → 9 Betty, price 9. Fourth: Betty open 7, Adam
    # open 10, Betty hidden 30, Adam hidden 27 → below 9: 7 → Betty.
    tricks = [["15", "4", "22", "13"], ["12", "6", "28", "17"], ["9", "8", "24", "20"]]
    data = record("bright-house", ["Adam", "Betty"], [{"tricks": tricks, "open_hands": BH_OPEN}])
    assert players_of(data) == [["Betty", "Adam", "Betty", "Adam"]] * 3
    out = score(data)["rounds"][0]
    assert [t["price"] for t in out["tricks"]] == ["15", "12", "9"]
    # Betty wins 4+1+5+3 = 13, 4+1+6+3 = 14 and 3+2+4+4 = 13 coins.
    assert out["trick_points"] == {"Adam": 0, "Betty": 40}


def test_bright_house_the_winner_becomes_player_1():
    # Betty open 15, Adam open 11 (red: Adam's open hand has no yellow),
    # Betty hidden 22, Adam hidden 37 → below 19: 15, 11 → Betty, price 15.
    # Betty open 1, Adam open 4, Betty hidden 28, Adam hidden 13 → below
    # 15: 1, 4, 13 → Adam, price 13, and Adam is player 1 of the third
    # trick: Adam open 10, Betty open 3 (her open hand holds no blue).
    tricks = [["15", "11", "22", "37"], ["1", "4", "28", "13"], ["10", "3", "36", "35"]]
    data = record("bright-house", ["Adam", "Betty"], [{"tricks": tricks, "open_hands": BH_OPEN}])
    assert players_of(data) == [
        ["Betty", "Adam", "Betty", "Adam"],
        ["Betty", "Adam", "Betty", "Adam"],
        ["Adam", "Betty", "Adam", "Betty"],
    ]


def test_devils_eye_alternates_leader_and_other():
    # Betty dealt: Adam leads: Adam 24, Betty 15, Adam 17, Betty 32 → 17
    # Adam, price 17. Adam leads again: Adam 10, Betty 16, Adam 30, Betty 12
    # → below 17: 10, 16, 12 → 16 Betty, price 16.
    tricks = [["24", "15", "17", "32"], ["10", "16", "30", "12"], ["11"]]
    data = record("devils-eye", ["Adam", "Betty"], [{"tricks": tricks}], first_dealer=1)
    assert players_of(data) == [
        ["Adam", "Betty", "Adam", "Betty"],
        ["Adam", "Betty", "Adam", "Betty"],
        ["Betty"],
    ]
    out = score(data)["rounds"][0]
    assert [(t["leader"], t["winner"], t["price"]) for t in out["tricks"][:2]] == [
        ("Adam", "Adam", "17"),
        ("Adam", "Betty", "16"),
    ]


# --- Quick rounds and the deck's checksum -------------------------------------


@pytest.mark.parametrize(
    ("variant", "players", "edition", "points", "imps"),
    [
        ("classic", FOUR[:3], None, [60, 40, 20], 6),  # 126
        ("classic", FOUR, None, [50, 30, 20, 20], 6),  # 126
        ("classic", FOUR, "matagot", [50, 30, 20, 20], 7),  # 127
        ("second-bottle", FIVE, "matagot", [50, 40, 30, 30, 30], 10),  # 190
        ("second-bottle", SIX, "matagot", [40, 30, 30, 30, 20, 20], 20),  # 190
    ],
)
def test_quick_round_coins_add_up_to_the_deck(variant, players, edition, points, imps):
    owners = [players[0]] if variant != "second-bottle" else [players[0], players[1]]
    quick = {
        "points": dict(zip(players, points, strict=True)),
        "bottle": owners,
        "imps_trick_points": imps,
    }
    data = record(variant, players, [{"quick": quick}], edition=edition)
    (played,) = score(data)["rounds"]
    assert played["tricks"] == []
    assert played["imps_trick"] is None
    assert played["penalty"] == imps
    assert played["scores"][players[0]] == -imps
    assert played["scores"][players[2]] == points[2]


@pytest.mark.parametrize(
    ("edition", "players", "points", "imps", "total", "deck"),
    [
        (None, FOUR, [50, 30, 20, 20], 7, 127, 126),
        ("matagot", FOUR, [50, 30, 20, 20], 6, 126, 127),
        ("matagot", FIVE, [50, 40, 30, 30, 30], 9, 189, 190),
    ],
)
def test_quick_round_coins_that_do_not_add_up_are_refused(
    edition, players, points, imps, total, deck
):
    variant = "classic" if len(players) == 4 else "second-bottle"
    owners = [players[0]] * (1 if variant == "classic" else 2)
    quick = {
        "points": dict(zip(players, points, strict=True)),
        "bottle": owners,
        "imps_trick_points": imps,
    }
    each = ", ".join(f"{name} {coins}" for name, coins in zip(players, points, strict=True))
    gap = abs(deck - total)
    gap_text = f"{gap} coin{'s' if gap > 1 else ''} {'missing' if total < deck else 'too many'}"
    with pytest.raises(
        QuickRoundError,
        match=re.escape(
            f"round 1: the coins entered ({each} and the Imp's Trick {imps}) make {total}, "
            f"but the deck holds {deck}: {gap_text}"
        )
        + "$",
    ):
        score(record(variant, players, [{"quick": quick}], edition=edition))


def test_quick_round_with_the_owners_coins_unknown_is_not_checked():
    quick = {
        "points": {"Adam": 60, "Betty": 40, "Christian": None},
        "bottle": ["Christian"],
        "imps_trick_points": 3,
    }
    (played,) = score(record("classic", FOUR[:3], [{"quick": quick}]))["rounds"]
    assert played["scores"] == {"Adam": 60, "Betty": 40, "Christian": -3}


# --- The example of GAME-RECORD.md, through the command line ----------------


def json_blocks(text):
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", text, re.S)]


@pytest.mark.skipif(not GAME_RECORD.exists(), reason="../shared/GAME-RECORD.md is not beside")
def test_the_game_record_example_gives_the_documented_output():
    example, expected = json_blocks(GAME_RECORD.read_text())
    result = subprocess.run(
        [sys.executable, "-m", "scoring", "score", "-"],
        input=json.dumps(example),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert json.loads(result.stdout) == expected


def test_the_game_record_example_by_hand():
    # Round 1 (Adam deals): Adam alone 2 × 40, Christian alone 2 × -13, the
    # team Betty + Doris 12 + 61. Round 2 (Betty deals): Christian leads
    # 24, Doris 15, Adam 17, Betty 32 → Adam at 17, 4 + 4 + 3 + 6 = 17 coins.
    data = record(
        "teams",
        FOUR,
        [
            {"quick": {"points": {"Adam": 40, "Betty": 12, "Christian": 0, "Doris": 61},
                       "bottle": ["Christian"], "imps_trick_points": 13}},
            {"tricks": [["24", "15", "17", "32"]]},
        ],
        teams="2-1-1",
        goal={"target": 300},
    )  # fmt: skip
    out = score(data)
    first, second = out["rounds"]
    assert first["scores"] == {"Adam": 80, "Betty": 73, "Christian": -26, "Doris": 73}
    assert second["tricks"] == [{"leader": "Christian", "winner": "Adam", "price": "17"}]
    assert second["trick_points"] == {"Adam": 17, "Betty": 0, "Christian": 0, "Doris": 0}
    assert second["scores"] is None
    assert out["totals"] == first["scores"]
    assert (out["finished"], out["winners"]) == (False, [])


# --- The end of the game ------------------------------------------------------


@pytest.mark.parametrize(
    ("goal", "finished", "winners"),
    [
        ({"rounds": 2}, True, ["Christian"]),
        ({"rounds": 3}, False, []),
        ({"target": 70}, True, ["Christian"]),
        ({"target": 71}, False, []),
        ({}, False, []),
    ],
)
def test_the_game_ends_by_rounds_or_target(goal, finished, winners):
    # CLASSIC_3 dealt by Adam, then a quick round dealt by Betty in which
    # Adam owns the bottle again. Totals: Adam -4 - 4, Betty 13 + 20,
    # Christian 35 + 35 = 70.
    quick = {"points": {"Adam": None, "Betty": 20, "Christian": 35},
             "bottle": ["Adam"], "imps_trick_points": 4}  # fmt: skip
    data = record("classic", FOUR[:3], [{"tricks": split(CLASSIC_3)}, {"quick": quick}], goal=goal)
    out = score(data)
    assert out["totals"] == {"Adam": -8, "Betty": 33, "Christian": 70}
    assert (out["finished"], out["winners"]) == (finished, winners)


def test_equal_highest_totals_share_the_win():
    quick = {"points": {"Adam": 50, "Betty": 50, "Christian": None},
             "bottle": ["Christian"], "imps_trick_points": 10}  # fmt: skip
    out = score(record("classic", FOUR[:3], [{"quick": quick}], goal={"rounds": 1}))
    assert out["winners"] == ["Adam", "Betty"]
