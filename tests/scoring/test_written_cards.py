"""Cards in a record are written exactly as the engine writes them ("17",
"2.5"); anything else is refused naming round, trick, player and the text."""

import pytest

from scoring.findings import RecordError, UnknownCard
from scoring.record import parse_record, replay, write_record


def record(rounds, players=("Adam", "Betty", "Christian"), variant="classic", **fields):
    return {
        "format": "bottle-imp/1",
        "variant": variant,
        "players": list(players),
        "first_dealer": 0,
        "goal": {},
        "rounds": rounds,
        **fields,
    }


# Adam deals, so Betty leads: Betty, Christian, Adam.
@pytest.mark.parametrize(
    ("card", "message"),
    [
        (24, 'Betty plays 24: the number 24 is not how a card is written: write "24", as text'),
        (2.5, 'Betty plays 2.5: the number 2.5 is not how a card is written: write "2.5", as'),
        (1e1, 'Betty plays 10.0: the number 10.0 is not how a card is written: write "10"'),
        ("15.0", "Betty plays '15.0': '15.0' is not how a card is written: write \"15\""),
        (" 17", "Betty plays ' 17': ' 17' is not how a card is written: write \"17\""),
        ("032", "Betty plays '032': '032' is not how a card is written: write \"32\""),
        ("17.50", "Betty plays '17.50': '17.50' is not how a card is written: write \"17.5\""),
        ("1e1", "Betty plays '1e1': '1e1' is not a card"),
        (True, "Betty plays true: true is not a card"),
        (None, "Betty plays null: null is not a card"),
        ([17], "Betty plays \\[17\\]: \\[17\\] is not a card"),
    ],
)
def test_a_card_not_written_exactly_is_refused(card, message):
    data = record([{"tricks": [[card, "15", "17"]]}])
    with pytest.raises(UnknownCard, match=f"^round 1, trick 1: {message}"):
        replay(parse_record(data))


def test_the_second_player_is_named():
    data = record([{"tricks": [["24", "15.0", "17"]]}])
    with pytest.raises(UnknownCard) as caught:
        replay(parse_record(data))
    assert (caught.value.round, caught.value.trick, caught.value.player) == (1, 1, "Christian")
    assert caught.value.card == "'15.0'"


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("imps_trick", ["3", "1", "2.0"], "round 1: the Imp's Trick holds '2.0': '2.0' is not how"),
        ("imps_trick", ["3", "1", 2], "round 1: the Imp's Trick holds 2: the number 2 is not how"),
    ],
)
def test_a_hand_card_not_written_exactly_is_refused(field, value, message):
    data = record([{"tricks": [["24", "15", "17"]], field: value}])
    with pytest.raises(UnknownCard, match=f"^{message}"):
        replay(parse_record(data))


def test_lopakas_hand_card_not_written_exactly_is_refused():
    hand = ["12", "17", "18", "32", "36", "1", "2", "3", "5", "7", "9.0"]
    data = record(
        [{"tricks": [], "lopaka_hand": hand}], players=("Adam", "Betty"), variant="lopaka"
    )
    with pytest.raises(UnknownCard, match="^round 1: Lopaka's hand holds '9.0': '9.0' is not how"):
        replay(parse_record(data))


def test_a_card_not_written_exactly_is_written_back_as_it_was():
    data = record([{"tricks": [["24", 15, "17.0"]]}])
    assert write_record(parse_record(data))["rounds"] == [{"tricks": [["24", 15, "17.0"]]}]


def test_many_cards_not_written_exactly_are_refused_at_once():
    data = record([{"tricks": [[str(n) + ".0" for n in range(150)]]}])
    with pytest.raises(RecordError, match="^more than 100 entries of a round are no cards"):
        parse_record(data)
