"""Revokes in the two-hand variants: following colour is judged within the
hand a card comes from (docs/rules.md, sections 6 and 8). Hand-computed."""

from scoring.findings import Played
from scoring.record import parse_record, replay


def record(variant, rounds, first_dealer):
    return {
        "format": "bottle-imp/1",
        "variant": variant,
        "players": ["Adam", "Betty"],
        "first_dealer": first_dealer,
        "goal": {},
        "rounds": rounds,
    }


# Betty's open hand (Devil's Eye: 7 cards) holds only yellow cards, so every
# other card she plays comes from her hidden hand.
BETTY_DE_OPEN = ["1", "2", "3", "5", "7", "9", "12"]


def test_devils_eye_revoke_within_one_trick_is_reported():
    # Betty deals, so Adam leads: Adam 24 (blue), Betty 15 (yellow, from
    # her hidden hand: it is not in her open hand), Adam 17 (blue), Betty
    # 32 (blue, from her hidden hand again). Her hidden hand held blue when
    # she played 15: a revoke, in trick 1 itself.
    rounds = [{"tricks": [["24", "15", "17", "32"]], "open_hands": {"Betty": BETTY_DE_OPEN}}]
    game = replay(parse_record(record("devils-eye", rounds, first_dealer=1)))
    (warning,) = game.rounds[0].warnings
    assert (warning.round, warning.trick, warning.card) == (1, 1, "32")
    assert str(warning) == (
        "round 1, trick 1: Betty did not follow blue with 15 from the hidden hand, but plays "
        "32 (blue) from that hand in trick 1: a revoke (no card enters a hand during play, "
        "so Betty held a blue card then)"
    )


def test_devils_eye_following_from_the_other_hand_in_the_same_trick_is_no_revoke():
    # Adam 24 (blue), Betty 15 (yellow, hidden hand), Adam 17, Betty 12
    # (yellow, from her open hand, which holds no blue): no revoke.
    rounds = [{"tricks": [["24", "15", "17", "12"]], "open_hands": {"Betty": BETTY_DE_OPEN}}]
    game = replay(parse_record(record("devils-eye", rounds, first_dealer=1)))
    assert game.rounds[0].warnings == ()


BH_OPEN = {
    "Adam": ["4", "6", "8", "10", "11", "14", "16", "21"],
    "Betty": ["1", "2", "3", "5", "7", "9", "12", "15"],
}


def test_bright_house_hidden_hand_not_following_then_the_open_hand_following_is_no_revoke():
    # Adam deals, Betty is player 1: Betty open 15 (yellow), Adam open 4
    # (blue: his open hand holds no yellow), Betty hidden 22, Adam hidden 13
    # (blue, not following yellow). Trick 2 (Betty won with 15): Betty open
    # 12 (yellow), Adam open 6, Betty hidden 28, Adam hidden 25 (yellow,
    # from the hidden hand that did not follow yellow in trick 1): a revoke.
    tricks = [["15", "4", "22", "13"], ["12", "6", "28", "25"]]
    game = replay(
        parse_record(record("bright-house", [{"tricks": tricks, "open_hands": BH_OPEN}], 0))
    )
    (warning,) = game.rounds[0].warnings
    assert (warning.trick, warning.card) == (1, "25")
    assert str(warning).startswith(
        "round 1, trick 1: Adam did not follow yellow with 13 from the hidden hand, but plays "
        "25 (yellow) from that hand in trick 2"
    )


# --- What a revoke finding says: each card where it was played ----------------


def revokes_of(variant, first_dealer, rounds, players=("Adam", "Betty")):
    data = record(variant, rounds, first_dealer) | {"players": list(players)}
    return replay(parse_record(data)).rounds[0].warnings


def test_bright_house_hidden_hand_revoke_names_the_hidden_card_and_its_place():
    # Ann deals, Ben leads. Trick 1: Ben open 24 (blue), Ann open 20 (blue),
    # Ben hidden 17 (blue), Ann hidden 36 (red: her hidden hand does not
    # follow blue); Ben wins with 17 (below the price 19) and leads trick 2:
    # Ben open 10, Ann open 8, Ben hidden 27, Ann hidden 13 (blue, from the
    # hidden hand that did not follow blue).
    tricks = [["24", "20", "17", "36"], ["10", "8", "27", "13"]]
    (warning,) = revokes_of("bright-house", 0, [{"tricks": tricks}], ("Ann", "Ben"))
    assert warning.player == "Ann"
    assert warning.hand == "hidden"
    assert warning.failed == Played(trick=1, at=3, card="36")
    assert warning.later == Played(trick=2, at=3, card="13")
    assert warning.identity == ("Ann", 1, "36", 2, "13")
    assert (warning.round, warning.trick, warning.card) == (1, 1, "13")


def test_bright_house_open_hand_revoke_names_the_open_card():
    # Adam deals, Betty leads yellow 15 (open); Adam's open 4 (blue) does not
    # follow, nor does his hidden 13 (blue). Betty wins with 15 (below the
    # price) and leads yellow 12; Adam plays open 5 (yellow), then hidden 25
    # (yellow): each of his hands held yellow in trick 1, two revokes.
    tricks = [["15", "4", "22", "13"], ["12", "5", "28", "25"]]
    (first, second) = revokes_of("bright-house", 0, [{"tricks": tricks}])
    assert (first.player, first.hand, first.failed, first.later) == (
        "Adam",
        "open",
        Played(1, 1, "4"),
        Played(2, 1, "5"),
    )
    assert (second.player, second.hand, second.failed, second.later) == (
        "Adam",
        "hidden",
        Played(1, 3, "13"),
        Played(2, 3, "25"),
    )


# Devil's Eye: Adam's open hand holds only red cards, Betty's only yellow
# ones, so every blue card comes from a hidden hand.
DE_OPEN = {"Adam": ["11", "14", "16", "21", "23", "26", "29"], "Betty": BETTY_DE_OPEN}


def test_devils_eye_revoke_within_one_trick_keeps_both_places():
    rounds = [{"tricks": [["24", "15", "17", "32"]], "open_hands": {"Betty": BETTY_DE_OPEN}}]
    (warning,) = revokes_of("devils-eye", 1, rounds)
    assert (warning.hand, warning.failed, warning.later) == (
        "hidden",
        Played(1, 1, "15"),
        Played(1, 3, "32"),
    )


def test_devils_eye_two_revokes_caught_in_one_trick_keep_their_own_tricks_and_cards():
    # Betty deals, Adam leads trick 1: Adam 24 (blue), Betty 33 (red), Adam
    # 35 (red), Betty 36 (red): neither hidden hand follows blue after the
    # lead; Betty wins with 36 (the highest card, none below the price) and
    # leads trick 2 with blue 32, Adam follows with blue 30: both hidden
    # hands held blue in trick 1.
    tricks = [["24", "33", "35", "36"], ["32", "30", "12", "34"]]
    betty, adam = revokes_of("devils-eye", 1, [{"tricks": tricks, "open_hands": DE_OPEN}])
    assert (adam.player, adam.hand, adam.failed, adam.later) == (
        "Adam",
        "hidden",
        Played(1, 2, "35"),
        Played(2, 1, "30"),
    )
    assert (betty.player, betty.hand, betty.failed, betty.later) == (
        "Betty",
        "hidden",
        Played(1, 1, "33"),
        Played(2, 0, "32"),
    )


def test_a_classic_revoke_has_no_hand():
    data = record("classic", [{"tricks": [["22", "18", "34"], ["28", "9", "12"]]}], 0)
    data["players"] = ["Adam", "Betty", "Christian"]
    (warning,) = replay(parse_record(data)).rounds[0].warnings
    assert (warning.hand, warning.failed, warning.later) == (
        None,
        Played(1, 2, "34"),
        Played(2, 1, "9"),
    )
