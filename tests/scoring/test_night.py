"""A game over a night, worked out by hand (docs/rules.md, sections 4, 5, 7).

Round 1 is CLASSIC_4 of test_rounds_hand_computed.py (Adam deals). Round 2
plays the same cards in the same order with Betty dealing, so Christian
leads and each trick goes to someone else (every trick is one colour, so
nobody revokes):

    1 C D A B  28 18 12 22   18 → Doris buys at 18            20 coins
    2 D A B C  25 15 9 7     15 → Adam buys at 15 from Doris  16
    3 A B C D  4 6 8 10      10 → Doris buys at 10 from Adam   6
    4 D A B C  13 17 20 24   none below 10 → 24 Christian     14
    5 C D A B  27 30 32 34   → 34 Betty                       22
    6 B C D A  11 14 16 21   → 21 Adam                         6
    7 A B C D  37 23 26 29   → 37 Adam                        16
    8 A B C D  31 33 35 36   → 36 Doris                       20

Adam 16 + 6 + 16 = 38, Betty 22, Christian 14, Doris 20 + 6 + 20 = 46 (the
bottle at 10: -6); 38 + 22 + 14 + 46 + 6 = 126. Round 3 is quick, Christian
dealing: Adam 30, Betty 50, Doris 40, Christian owns the bottle, 6 coins in
the Imp's Trick.

Scores by round: Adam 22, 38, 30; Betty 14, 22, 50; Christian -6, 14, -6;
Doris 38, -6, 40. Running totals: (22, 14, -6, 38), (60, 36, 8, 32),
(90, 86, 2, 72).
"""

from hypothesis import given

from scoring.cards import card_code
from scoring.night import Night, PlayerNight, RoundScore, game_night
from scoring.record import parse_record, replay
from tests.scoring.test_properties import SETTINGS, records
from tests.scoring.test_rounds_hand_computed import CLASSIC_4, FOUR, record, split

QUICK = {
    "points": {"Adam": 30, "Betty": 50, "Christian": None, "Doris": 40},
    "bottle": ["Christian"],
    "imps_trick_points": 6,
}
NIGHT = [{"tricks": split(CLASSIC_4)}, {"tricks": split(CLASSIC_4)}, {"quick": QUICK}]


def night_of(rounds, goal=None):
    return game_night(replay(parse_record(record("classic", FOUR, rounds, goal=goal))))


def test_a_night_of_three_rounds():
    night = night_of(NIGHT, goal={"target": 300})
    assert night == Night(
        numbers=(1, 2, 3),
        running=((22, 14, -6, 38), (60, 36, 8, 32), (90, 86, 2, 72)),
        players=(
            # Adam: bought once, at 15 in round 2; never ended with the bottle.
            PlayerNight(
                0, 0, 1, card_code("15"), 22 + 38 + 30, RoundScore(2, 38), RoundScore(1, 22)
            ),
            PlayerNight(1, 0, 0, None, 14 + 22 + 50, RoundScore(3, 50), RoundScore(1, 14)),
            # Christian: 18 and 10 in round 1; the bottle in rounds 1 and 3;
            # -6 twice, the earlier counts as the worst.
            PlayerNight(
                2, 2, 2, card_code("10"), 46 + 14 + 0, RoundScore(2, 14), RoundScore(1, -6)
            ),
            # Doris: 15 in round 1, 18 and 10 in round 2; the bottle in round 2.
            PlayerNight(
                3, 1, 3, card_code("10"), 38 + 46 + 40, RoundScore(3, 40), RoundScore(2, -6)
            ),
        ),
        target=300,
        quick_rounds=1,
    )


def test_only_complete_rounds_count():
    night = night_of([{"tricks": split(CLASSIC_4)}, {"tricks": split(CLASSIC_4[:3])}])
    assert night.numbers == (1,)
    assert night.running == ((22, 14, -6, 38),)
    # Adam bought the bottle at 15 in the unfinished round 2: not counted yet.
    assert night.players[0].times_bought == 0
    assert night.target is None


def test_a_night_before_any_round():
    night = night_of([{"tricks": []}])
    assert night.numbers == night.running == ()
    assert night.players[0] == PlayerNight(0, 0, 0, None, 0, None, None)


def test_lopaka_is_left_out():
    from tests.scoring.test_rounds_hand_computed import LOPAKA_HAND, LOPAKA_ROUND

    rounds = [{"tricks": split(LOPAKA_ROUND), "lopaka_hand": LOPAKA_HAND.split()}]
    night = game_night(replay(parse_record(record("lopaka", ["Adam", "Betty"], rounds))))
    assert len(night.players) == 2
    # Betty bought at 18, 15 and 9; Lopaka bought it last, at 4.
    assert night.players[1] == PlayerNight(
        1, 0, 3, card_code("9"), 27, RoundScore(1, 27), RoundScore(1, 27)
    )
    assert night.players[0].times_bought == 0


@SETTINGS
@given(records())
def test_the_night_adds_up(data):
    game = replay(parse_record(data))
    night = game_night(game)
    assert night.running[-1] == game.totals
    assert night.numbers == tuple(range(1, len(game.rounds) + 1))
    sold = sum(1 for state in game.rounds for play in state.tricks if play.bottle is not None)
    by_lopaka = sum(
        1
        for state in game.rounds
        for play in state.tricks
        if play.bottle is not None and play.winner == state.shape.lopaka
    )
    assert sum(player.times_bought for player in night.players) == sold - by_lopaka
    for player in night.players:
        scores = [state.outcome.scores[player.player] for state in game.rounds]
        assert player.best.score == max(scores)
        assert player.worst.score == min(scores)
        assert scores[player.best.number - 1] == player.best.score
        assert player.coins == sum(state.trick_points[player.player] for state in game.rounds)
        owned = sum(1 for state in game.rounds if player.player in state.owners)
        assert player.rounds_with_bottle == owned
        assert (player.lowest_price is None) == (player.times_bought == 0)
