"""Lopaka, the dummy who plays by fixed rules (RULES.md section 6)."""

import pytest

from scoring.cards import card_code, card_text, deck_for
from scoring.findings import LopakaMisplay
from scoring.lopaka import lopaka_play
from scoring.record import parse_record, replay

DECK = deck_for("classic", 2)


def codes(texts):
    return [card_code(text) for text in texts.split()]


def play(hand, trick, price="19"):
    card, reason = lopaka_play(codes(hand), codes(trick), card_code(price), DECK)
    return card_text(card), str(reason)


def test_the_books_lopaka_example():
    # Price 19, Adam 24 (blue), Betty 20; Lopaka holds 12, 17, 18, 32, 36.
    card, reason = play("12 17 18 32 36", "24 20")
    assert card == "32"
    assert reason == "Lopaka must follow blue and 32 is the highest card that wins the trick."


@pytest.mark.parametrize(
    ("hand", "trick", "price", "card"),
    [
        # Leading: his highest card.
        ("12 17 18 32 36", "", "19", "36"),
        ("1 2 3", "", "19", "3"),
        ("1 2 3", "", "2", "3"),
        # Following: the highest card of the led colour that would win.
        ("12 17 18 32 36", "24 20", "19", "32"),
        ("12 17 18 32 36", "24", "19", "32"),
        ("4 10 13 32", "24 30", "19", "32"),
        ("4 10 13 32", "24 30 37", "19", "13"),
        ("4 10 32 3", "8 2", "19", "10"),
        # No winning card of the led colour: the lowest card of that colour.
        ("4 10 13 32 1", "24 17", "19", "4"),
        ("4 10 13 32", "24 15", "19", "4"),
        # No card of the led colour: any card, still the highest that wins ...
        ("1 3 11 36", "24 20", "19", "36"),
        ("1 3 11 14", "24 20 37", "19", "14"),
        # ... or else his lowest card.
        ("1 3 11 36", "24 18", "19", "1"),
        ("21 23 36", "24 18", "19", "21"),
    ],
)
def test_lopaka_rules(hand, trick, price, card):
    assert play(hand, trick, price)[0] == card


@pytest.mark.parametrize(
    ("hand", "trick", "reason"),
    [
        ("12 17 18 32 36", "", "Lopaka leads his highest card, 36."),
        (
            "4 10 13 32 1",
            "24 17",
            "Lopaka must follow blue and none of his cards can win the trick: "
            "he plays his lowest, 4.",
        ),
        (
            "1 3 11 36",
            "24 18",
            "Lopaka has no blue card, so none of his cards can win the trick: "
            "he plays his lowest, 1.",
        ),
    ],
)
def test_lopaka_reasons(hand, trick, reason):
    assert play(hand, trick)[1] == reason


def test_lopaka_can_be_forced_to_take_the_bottle():
    # Betty leads 24 and Adam follows 32; Lopaka's only blue cards are below
    # the price, and the highest that wins is 17: he takes the bottle.
    assert play("12 17 4 36", "24")[0] == "17"


def test_lopaka_with_no_cards_left_has_no_play():
    with pytest.raises(ValueError, match="no cards left"):
        lopaka_play([], [], card_code("19"), DECK)


LOPAKA_HAND = ["12", "17", "18", "32", "36", "1", "2", "3", "5", "7", "9"]


def lopaka_record(tricks):
    # Adam deals; Betty leads the first trick, then Lopaka, then Adam.
    return {
        "format": "bottle-imp/1",
        "variant": "lopaka",
        "players": ["Adam", "Betty"],
        "first_dealer": 0,
        "goal": {},
        "rounds": [{"tricks": tricks, "lopaka_hand": LOPAKA_HAND}],
    }


def test_a_lopaka_play_by_his_rules_is_accepted():
    # Betty leads 24, Lopaka must play 32 (no card is below the price, so it
    # wins), Adam follows 20.
    game = replay(parse_record(lopaka_record([["24", "32", "20"]])))
    first = game.rounds[0].tricks[0]
    names = game.rounds[0].shape.names
    assert [names[seat] for seat in first.players] == ["Betty", "Lopaka", "Adam"]
    assert names[first.winner] == "Lopaka"


def test_a_lopaka_play_that_breaks_his_rules_is_refused():
    record = lopaka_record([["24", "17", "20"]])
    with pytest.raises(
        LopakaMisplay,
        match=r"^round 1, trick 1: Lopaka plays 17: Lopaka must play 32\. "
        r"Lopaka must follow blue and 32 is the highest card that wins the trick\.$",
    ) as raised:
        replay(parse_record(record))
    error = raised.value
    assert (error.round, error.trick, error.player, error.card) == (1, 1, "Lopaka", "17")


def test_lopaka_playing_a_card_not_in_his_hand_is_refused():
    record = lopaka_record([["24", "13", "20"]])
    with pytest.raises(
        LopakaMisplay, match="round 1, trick 1: Lopaka plays 13: 13 is not in Lopaka's face-up hand"
    ):
        replay(parse_record(record))


def test_lopaka_leading_must_play_his_highest_card():
    # Betty leads 20, Lopaka must follow blue with 32 and wins; Adam plays 24.
    # Lopaka then leads the second trick with his highest card, 36.
    record = lopaka_record([["20", "32", "24"], ["36", "4", "33"]])
    record["rounds"][0]["tricks"][1] = ["18", "4", "33"]
    with pytest.raises(
        LopakaMisplay, match=r"round 1, trick 2: Lopaka plays 18: Lopaka must play 36\."
    ):
        replay(parse_record(record))


def test_a_card_not_in_lopakas_hand_is_found_before_a_play_his_rules_forbid():
    # Trick 1: Betty leads the blue 24; Lopaka should play 32, but plays his
    # 17 (a misplay by his rules, read from the hand as entered); Adam plays
    # 30, so Lopaka's 17 wins and he leads trick 2 with the 4, which is not in
    # his face-up hand at all: the hand (or that play) is wrong, and his rules
    # read the hand, so that is what the finding says (conformance invalid/020).
    record = lopaka_record([["24", "17", "30"], ["4", "20", "33"]])
    with pytest.raises(LopakaMisplay) as raised:
        replay(parse_record(record))
    error = raised.value
    assert str(error) == "round 1, trick 2: Lopaka plays 4: 4 is not in Lopaka's face-up hand"
    assert (error.round, error.trick, error.player, error.card) == (1, 2, "Lopaka", "4")
