"""The rulings where the books are silent, as the list in ``scoring``'s
docstring states them: one test a ruling, in the order of that list."""

import pytest

import scoring
from scoring.cards import card_code, deck_for
from scoring.findings import KnownHandError, LopakaMisplay, OpenHandMustFollow, QuickRoundError
from scoring.lopaka import lopaka_play
from scoring.names import check_goal, check_players
from scoring.record import parse_record, replay


def record(variant="classic", players=("Adam", "Betty", "Christian"), rounds=(), dealer=0):
    return {
        "format": "bottle-imp/1",
        "variant": variant,
        "players": list(players),
        "first_dealer": dealer,
        "goal": {},
        "rounds": list(rounds),
    }


def codes(text):
    return [card_code(card) for card in text.split()]


def quick(points, bottle, imps):
    return {"quick": {"points": points, "bottle": bottle, "imps_trick_points": imps}}


def test_the_list_of_rulings_names_each_ruling_tested_here():
    rulings = scoring.__doc__.split("Rulings where")[1]
    for words in (
        "plays the lowest of\n  the cards he may play",
        "team partner",
        "reported once",
        "revokes are proven only then",
        "hidden-hand place",
        "trick not yet begun",
        "red, blue and green",
        "follows its own lead",
        "not in his face-up hand",
        "same name",
        "at most 999 rounds",
    ):
        assert words in rulings


def test_lopaka_without_a_winning_card_plays_the_lowest_of_the_cards_he_may_play():
    # Price 19; Betty leads the blue 24, Adam the yellow 18 (below the price,
    # winning so far). Lopaka must follow blue: 17 is below 18, 32 above the
    # price; neither wins, so he plays the lower of them, 17, not his 1.
    hand = codes("1 12 17 32 36")
    card, _reason = lopaka_play(hand, codes("24 18"), card_code("19"), deck_for("classic", 2))
    assert card == card_code("17")


def test_a_quick_round_leaves_out_only_an_owners_or_an_owners_partners_coins():
    refused = record(rounds=[quick({"Adam": 60, "Betty": None, "Christian": 60}, ["Adam"], 6)])
    with pytest.raises(QuickRoundError, match="Betty's coins are missing, and Betty owns no"):
        replay(parse_record(refused))
    # Teams 2-1-1, Adam deals: Betty and Doris are a team; Betty owns the bottle.
    teams = record(
        "teams",
        ("Adam", "Betty", "Christian", "Doris"),
        [quick({"Adam": 40, "Betty": None, "Christian": 30, "Doris": None}, ["Betty"], 13)],
    )
    teams["teams"] = "2-1-1"
    assert replay(parse_record(teams)).rounds[0].outcome.scores == (80, -13, 60, -13)


def test_a_revoke_is_reported_once_until_the_hand_fails_to_follow_again():
    # Adam does not follow yellow (34) in trick 1, then plays yellow 9 and
    # yellow 3 in tricks 2 and 3: one revoke.
    tricks = [["22", "18", "34"], ["28", "9", "12"], ["5", "7", "3"]]
    game = replay(parse_record(record(rounds=[{"tricks": tricks}])))
    assert [(w.trick, w.card) for w in game.rounds[0].warnings] == [(1, "9")]


def test_devils_eye_revokes_are_proven_only_with_the_open_hand_entered():
    # Betty deals, Adam leads blue 24; Betty 15 (yellow), Adam 17, Betty 32
    # (blue). Without her open hand, either card may be from either hand.
    rounds = [{"tricks": [["24", "15", "17", "32"]]}]
    game = replay(parse_record(record("devils-eye", ("Adam", "Betty"), rounds, dealer=1)))
    assert game.rounds[0].warnings == ()


def test_bright_house_a_card_of_the_open_hand_is_not_played_in_the_hidden_place():
    # Adam deals, Betty is player 1: her open 15, Adam's open 4, then her
    # hidden card: the 12, which is in her open hand.
    opened = {"Betty": ["1", "2", "3", "5", "7", "9", "12", "15"]}
    rounds = [{"tricks": [["15", "4", "12"]], "open_hands": opened}]
    with pytest.raises(KnownHandError, match="comes from Betty's hidden hand, but it is in the"):
        replay(parse_record(record("bright-house", ("Adam", "Betty"), rounds)))


def test_an_empty_last_trick_is_a_trick_not_yet_begun():
    game = replay(parse_record(record(rounds=[{"tricks": [["24", "15", "17"], []]}])))
    state = game.rounds[0]
    assert (len(state.tricks), state.complete, state.next_leader) == (1, False, 0)


def test_a_matagot_game_names_its_colours_red_blue_and_green():
    deck = deck_for("matagot", 3)
    assert [deck.colour_name(card_code(c)) for c in ("1", "13", "24")] == ["red", "blue", "green"]


def test_the_leaders_second_card_in_a_two_hand_trick_follows_its_own_lead():
    # Devil's Eye, Betty deals: Adam leads the blue 4 from his open hand,
    # Betty plays 15, then Adam plays the red 11 from his open hand, which
    # still holds blue (6, 8, 10): his own lead is the colour to follow.
    opened = {"Adam": ["4", "6", "8", "10", "11", "14", "16"]}
    rounds = [{"tricks": [["4", "15", "11"]], "open_hands": opened}]
    with pytest.raises(OpenHandMustFollow) as refused:
        replay(parse_record(record("devils-eye", ("Adam", "Betty"), rounds, dealer=1)))
    assert str(refused.value) == (
        "round 1, trick 1: Adam plays 11: the open hand holds blue, so it must follow blue"
    )


def test_a_card_not_in_lopakas_hand_is_reported_before_a_play_his_rules_forbid():
    # Adam deals: Betty leads 24, Lopaka plays 17 (his rules say 32), Adam
    # 30; Lopaka's 17 wins and he leads the 4, which his hand does not hold.
    hand = ["12", "17", "18", "32", "36", "1", "2", "3", "5", "7", "9"]
    rounds = [{"tricks": [["24", "17", "30"], ["4", "20", "33"]], "lopaka_hand": hand}]
    with pytest.raises(LopakaMisplay) as refused:
        replay(parse_record(record("lopaka", ("Adam", "Betty"), rounds)))
    assert (refused.value.trick, refused.value.card) == (2, "4")


def test_names_equal_ignoring_case_are_the_same_name():
    with pytest.raises(scoring.RecordError, match="'Zoë' and 'ZOË' are the same name"):
        check_players(["Zoë", "Adam", "ZOË"])


def test_a_goal_asks_for_at_most_999_rounds_or_a_target_of_99999():
    assert check_goal(rounds=999).rounds == 999
    assert check_goal(target=99_999).target == 99_999
    with pytest.raises(scoring.RecordError, match="from 1 to 999, not 1000"):
        check_goal(rounds=1000)
