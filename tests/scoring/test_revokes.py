"""Revokes in the two-hand variants: following colour is judged within the
hand a card comes from (docs/rules.md, sections 6 and 8). Hand-computed."""

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
