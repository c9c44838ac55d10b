"""The story of a round, worked out by hand (docs/rules.md, sections 2, 4, 5, 6).

The rounds are those of test_rounds_hand_computed.py, whose comments rule
on every trick; the journeys, reasons and next dealers below are read off
those comments by hand, never from the engine.
"""

import pytest
from hypothesis import given

from scoring.cards import START_PRICE, card_code, card_text
from scoring.record import parse_record, replay
from scoring.story import Journey, Purchase, journeys, round_story
from tests.scoring.test_properties import SETTINGS, records
from tests.scoring.test_rounds_hand_computed import (
    CLASSIC_4,
    FOUR,
    LOPAKA_HAND,
    LOPAKA_ROUND,
    SECOND_BOTTLE_6,
    SIX,
    record,
    split,
)

FIVE = ["Adam", "Betty", "Christian", "Doris", "Eve"]


def game_of(data):
    return replay(parse_record(data))


def c(text):
    return card_code(text)


def told(story, journey):
    """A journey as (trick, buyer, price, seller) in names and card texts."""
    names = story.names
    return [
        (p.trick, names[p.buyer], card_text(p.price), None if p.seller is None else names[p.seller])
        for p in journey.purchases
    ]


def end(story, journey):
    owner = None if journey.owner is None else story.names[journey.owner]
    return owner, None if journey.price is None else card_text(journey.price)


def test_classic_four_players():
    # Adam deals, Betty leads. Trick 1: 18 → Christian buys at 18; trick 2:
    # 15 → Doris from Christian; trick 3: 10 → Christian from Doris; no card
    # is below 10 after that. Tricks won: Christian 1, 3, 8; Doris 2, 6, 7;
    # Betty 4; Adam 5.
    story = round_story(game_of(record("classic", FOUR, [{"tricks": split(CLASSIC_4)}])), 1)
    (bottle,) = story.journeys
    assert told(story, bottle) == [
        (1, "Christian", "18", None),
        (2, "Doris", "15", "Christian"),
        (3, "Christian", "10", "Doris"),
    ]
    assert end(story, bottle) == ("Christian", "10")
    assert [card_text(card) for card in story.imps_trick] == ["1", "2", "3", "5"]
    assert story.penalty == 6
    assert story.coins == (22, 14, 46, 38)
    assert story.tricks_won == (1, 1, 3, 3)
    assert [(s.score, str(s.reason)) for s in story.scores] == [
        (22, "22 coins in tricks"),
        (14, "14 coins in tricks"),
        (-6, "owns the bottle: minus the Imp's Trick's 6 coins = -6"),
        (38, "38 coins in tricks"),
    ]
    assert [s.bottles for s in story.scores] == [0, 0, 1, 0]
    assert story.totals == (22, 14, -6, 38)
    assert (story.number, story.dealer, story.next_dealer) == (1, 0, 1)
    assert (story.is_quick, story.ends_game, story.winners, story.lopaka) == (
        False,
        False,
        (),
        None,
    )


def test_teams_2_1_1_reasons():
    # The same cards; Adam deals, so Adam and Christian play alone and
    # Betty and Doris are a team: 2 × 22, 14 + 38, 2 × -6.
    data = record("teams", FOUR, [{"tricks": split(CLASSIC_4)}], teams="2-1-1")
    story = round_story(game_of(data), 1)
    assert [(s.score, str(s.reason)) for s in story.scores] == [
        (44, "22 coins in tricks; plays alone, so doubled: 2 × 22 = 44"),
        (52, "14 coins in tricks; team with Doris: 14 + 38 = 52"),
        (
            -12,
            "owns the bottle: minus the Imp's Trick's 6 coins = -6; "
            "plays alone, so doubled: 2 × -6 = -12",
        ),
        (52, "38 coins in tricks; team with Betty: 38 + 14 = 52"),
    ]
    assert told(story, story.journeys[0])[-1] == (3, "Christian", "10", "Doris")


def test_a_team_partner_of_the_owner():
    # A quick round, Betty dealing: Christian and Adam are a team and
    # Christian owns the bottle, so both score -22.
    quick = {
        "points": {"Adam": 29, "Betty": 32, "Christian": 24, "Doris": 20},
        "bottle": ["Christian"],
        "imps_trick_points": 22,
    }
    data = record(
        "teams", FOUR, [{"quick": quick}], teams="2-1-1", edition="matagot", first_dealer=1
    )
    story = round_story(game_of(data), 1)
    assert str(story.scores[0].reason) == (
        "team with Christian, who owns the bottle: the team scores minus 22"
    )
    assert str(story.scores[2].reason) == (
        "owns the bottle: minus the Devil's Trick's 22 coins = -22; team with Adam, "
        "who scores the same"
    )


def test_second_bottle_both_journeys():
    # Adam deals, Betty leads. Trick 1: 18 → Betty buys the first bottle;
    # trick 2: the dearer is the second at 19, 18.5 → Betty; trick 3: the
    # dearer is the second at 18.5, 5 → Adam from Betty; trick 4: the
    # dearer is the first at 18, 3 → Adam from Betty. Nothing below 5 after.
    data = record("second-bottle", SIX, [{"tricks": split(SECOND_BOTTLE_6)}], edition="matagot")
    story = round_story(game_of(data), 1)
    first, second = story.journeys
    assert (first.bottle, second.bottle) == (0, 1)
    assert told(story, first) == [(1, "Betty", "18", None), (4, "Adam", "3", "Betty")]
    assert told(story, second) == [(2, "Betty", "18.5", None), (3, "Adam", "5", "Betty")]
    assert end(story, first) == ("Adam", "3")
    assert end(story, second) == ("Adam", "5")
    assert story.scores[0].bottles == 2
    assert str(story.scores[0].reason) == (
        "owns both bottles: minus the Devil's Trick's 33 coins twice = -66"
    )
    assert [card_text(card) for card in story.imps_trick] == [
        "33",
        "34",
        "34.5",
        "36",
        "36.5",
        "37",
    ]
    assert story.next_dealer == 1


def test_lopaka_buys_the_bottle_last():
    # Adam deals; Betty → Lopaka → Adam. Nothing is below 19 until trick 7:
    # 18 → Betty; trick 8: 15 → Betty again; trick 9: 9 → Betty again;
    # trick 10: Lopaka's 4 → Lopaka from Betty; trick 11: nothing below 4.
    rounds = [{"tricks": split(LOPAKA_ROUND), "lopaka_hand": LOPAKA_HAND.split()}]
    story = round_story(game_of(record("lopaka", ["Adam", "Betty"], rounds)), 1)
    (bottle,) = story.journeys
    assert told(story, bottle) == [
        (7, "Betty", "18", None),
        (8, "Betty", "15", "Betty"),
        (9, "Betty", "9", "Betty"),
        (10, "Lopaka", "4", "Betty"),
    ]
    assert end(story, bottle) == ("Lopaka", "4")
    assert story.names == ("Adam", "Betty", "Lopaka")
    assert story.lopaka == 2
    assert story.coins == (0, 27, 95)
    assert story.tricks_won == (0, 3, 8)
    assert [(s.player, s.score, str(s.reason)) for s in story.scores] == [
        (0, 0, "0 coins in tricks"),
        (1, 27, "27 coins in tricks"),
    ]
    assert story.penalty == 4
    assert story.next_dealer == 1


def test_a_quick_round_tells_its_owners_and_coins():
    quick = {
        "points": {"Adam": 40, "Betty": 20, "Christian": None, "Doris": 50, "Eve": 60},
        "bottle": ["Christian", "Eve"],
        "imps_trick_points": 15,
    }
    data = record("second-bottle", FIVE, [{"quick": quick}], edition="matagot", first_dealer=4)
    story = round_story(game_of(data), 1)
    assert story.is_quick
    assert story.journeys == (Journey(0, (), 2, None), Journey(1, (), 4, None))
    assert story.imps_trick is None
    assert story.penalty == 15
    assert story.coins == (40, 20, None, 50, 60)
    assert story.tricks_won is None
    assert [s.score for s in story.scores] == [40, 20, -15, 50, -15]
    assert str(story.scores[2].reason) == (
        "owns the bottle: minus the Devil's Trick's 15 coins = -15"
    )
    assert story.scores[2].coins is None
    assert (story.dealer, story.next_dealer) == (4, 0)


def test_a_quick_round_with_its_imps_trick_cards():
    quick = {
        "points": {"Adam": 50, "Betty": 40, "Christian": 32},
        "bottle": ["Betty"],
        "imps_trick_points": 4,
    }
    rounds = [{"quick": quick, "imps_trick": ["1", "2", "3"]}]
    story = round_story(game_of(record("classic", FOUR[:3], rounds)), 1)
    assert story.imps_trick == (c("1"), c("2"), c("3"))
    assert story.journeys == (Journey(0, (), 1, None),)


def test_totals_next_dealer_and_the_end_of_the_game():
    # Round 1: CLASSIC_4 (Adam deals): 22, 14, -6, 38. Round 2 names Doris
    # as its dealer, so after round 1 Doris deals next, not Betty. Round 2
    # (quick): Adam owns the bottle, 8 coins in the Imp's Trick: -8, 40,
    # 30, 48 → totals 14, 54, 24, 86; the goal of two rounds ends the game
    # and Doris wins; then Adam (left of Doris) would deal.
    quick = {
        "points": {"Adam": None, "Betty": 40, "Christian": 30, "Doris": 48},
        "bottle": ["Adam"],
        "imps_trick_points": 8,
    }
    rounds = [{"tricks": split(CLASSIC_4)}, {"dealer": 3, "quick": quick}]
    game = game_of(record("classic", FOUR, rounds, goal={"rounds": 2}))
    first, second = round_story(game, 1), round_story(game, 2)
    assert (first.next_dealer, first.ends_game, first.winners) == (3, False, ())
    assert first.totals == (22, 14, -6, 38)
    assert second.totals == (14, 54, 24, 86)
    assert (second.dealer, second.next_dealer) == (3, 0)
    assert (second.ends_game, second.winners) == (True, (3,))


def test_no_story_for_a_round_not_played_or_not_complete():
    game = game_of(record("classic", FOUR, [{"tricks": split(CLASSIC_4[:3])}]))
    with pytest.raises(ValueError, match="round 1 is not complete yet"):
        round_story(game, 1)
    with pytest.raises(LookupError, match="the game has no round 2"):
        round_story(game, 2)


def test_the_journey_so_far_of_an_unfinished_round():
    game = game_of(record("classic", FOUR, [{"tricks": split(CLASSIC_4[:2])}]))
    (bottle,) = journeys(game.rounds[0])
    assert bottle.purchases == (
        Purchase(1, 0, 2, c("18"), None),
        Purchase(2, 0, 3, c("15"), 2),
    )
    assert (bottle.owner, bottle.price) == (3, c("15"))


@SETTINGS
@given(records())
def test_each_journey_ends_where_the_round_ends(data):
    game = game_of(data)
    players = len(game.table.players)
    for number, state in enumerate(game.rounds, 1):
        story = round_story(game, number)
        sold = [play for play in state.tricks if play.bottle is not None]
        assert sum(len(journey.purchases) for journey in story.journeys) == len(sold)
        for journey in story.journeys:
            prices = [purchase.price for purchase in journey.purchases]
            assert prices == sorted(set(prices), reverse=True)  # strictly falling
            assert all(price < START_PRICE for price in prices)
            tricks = [purchase.trick for purchase in journey.purchases]
            assert tricks == sorted(set(tricks))
            buyers = [purchase.buyer for purchase in journey.purchases]
            assert [purchase.seller for purchase in journey.purchases] == [None, *buyers[:-1]]
            for purchase in journey.purchases:
                play = state.tricks[purchase.trick - 1]
                assert purchase.price in play.cards
                assert play.winner == purchase.buyer
            if journey.purchases:
                assert journey.owner == buyers[-1]
                assert journey.price == prices[-1]
            else:
                assert (journey.owner, journey.price) == (None, START_PRICE)
            assert journey.owner == state.owners[journey.bottle]
            assert journey.price == state.prices[journey.bottle]
        assert [s.score for s in story.scores] == list(state.outcome.scores)
        assert sum(story.tricks_won) == state.shape.tricks
        assert story.next_dealer == (state.shape.dealer + 1) % players
    assert round_story(game, len(game.rounds)).totals == game.totals
