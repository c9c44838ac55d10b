"""A group's history worked out by hand.

Game 1 is the night of tests/scoring/test_night.py to a goal of 3 rounds:
totals Adam 90, Betty 86, Christian 2, Doris 72 — Adam wins; Christian
ends rounds 1 and 3 with the bottle, Doris round 2.
Game 2 is one quick round of Adam, Betty and Christian: Adam 20, Betty 50,
Christian keeps the bottle and pays the 10 coins of the Imp's Trick — Betty
wins with 50.

Adam: 2 games, 1 won, rounds 3 + 1, points 90 + 20 = 110 (27.5 a round),
no bottle, best game 1 (90). Betty: 2, 1, 4 rounds, 86 + 50 = 136 (34),
best game 1 (86). Christian: 2, 0, 4 rounds, 2 - 10 = -8 (-2), the bottle
2 + 1 = 3 times, best game 1 (2). Doris: 1, 0, 3 rounds, 72 (24), the
bottle once, best game 1 (72). Wins after each game: (1, 0, 0, 0), then
(1, 1, 0, 0).
"""

from scoring.group import BestGame, GameSummary, PlayerHistory, group_history
from scoring.record import parse_record, replay
from tests.scoring.test_night import NIGHT
from tests.scoring.test_rounds_hand_computed import FOUR, record

QUICK_2 = {
    "quick": {
        "points": {"Adam": 20, "Betty": 50, "Christian": None},
        "bottle": ["Christian"],
        "imps_trick_points": 10,
    }
}
GAME_1 = record("classic", FOUR, NIGHT, goal={"rounds": 3})
GAME_2 = record("classic", FOUR[:3], [QUICK_2], goal={"rounds": 1})


def states():
    return [replay(parse_record(GAME_1)), replay(parse_record(GAME_2))]


def test_a_group_of_two_games():
    history = group_history(states(), ["Adam", "Betty", "Christian", "Doris"])

    assert history.players == (
        PlayerHistory("Adam", 2, 1, 4, 110, 0, BestGame(1, 90)),
        PlayerHistory("Betty", 2, 1, 4, 136, 0, BestGame(1, 86)),
        PlayerHistory("Christian", 2, 0, 4, -8, 3, BestGame(1, 2)),
        PlayerHistory("Doris", 1, 0, 3, 72, 1, BestGame(1, 72)),
    )
    assert [player.average for player in history.players] == [27.5, 34.0, -2.0, 24.0]
    assert history.wins == ((1, 0, 0, 0), (1, 1, 0, 0))
    assert history.games == (
        GameSummary(1, tuple(FOUR), (90, 86, 2, 72), True, ("Adam",), 3),
        GameSummary(2, tuple(FOUR[:3]), (20, 50, -10), True, ("Betty",), 1),
    )


def test_names_are_the_same_ignoring_case_and_strangers_follow_the_group():
    history = group_history(states(), ["betty", "Eve"])

    assert [player.name for player in history.players] == [
        "betty",
        "Eve",
        "Adam",
        "Christian",
        "Doris",
    ]
    assert history.players[0].games == 2 and history.players[1].games == 0
    assert history.players[1].average is None and history.players[1].best is None


def test_an_unfinished_game_has_no_winner_yet():
    unfinished = record("classic", FOUR[:3], [QUICK_2], goal={"rounds": 2})
    history = group_history([replay(parse_record(unfinished))])

    assert history.games[0].finished is False and history.games[0].winners == ()
    assert history.wins == ((0, 0, 0),)
    assert history.players[1].best == BestGame(1, 50)
