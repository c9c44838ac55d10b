"""Who wins a trick, and where the bottle goes (RULES.md section 4)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.cards import card_code, card_text
from scoring.tricks import explain, rule_trick, winning_place, wins_so_far

NAMES = ["Adam", "Betty", "Christian", "Doris"]


def codes(texts):
    return [card_code(text) for text in texts.split()]


def test_the_books_worked_example():
    # Price 19; Adam 24, Betty 15, Christian 17, Doris 32.
    ruling = rule_trick(codes("24 15 17 32"), codes("19"))
    assert NAMES[ruling.winner_index] == "Christian"
    assert card_text(ruling.winning_card) == "17"
    assert ruling.bottle == 0
    assert card_text(ruling.old_price) == "19"
    assert card_text(ruling.new_price) == "17"
    assert str(explain(ruling, NAMES)) == (
        "17 is the highest card below the price 19: Christian wins the trick and the bottle; "
        "the price is now 17."
    )


@pytest.mark.parametrize(
    ("price", "cards", "winner", "new_price"),
    [
        # No card below the price: the highest card wins, whatever its colour.
        ("19", "24 32 20 37", "37", None),
        ("19", "20 21", "21", None),
        ("17", "17 24 32", "32", None),
        # One card below the price wins the trick and the bottle.
        ("19", "24 18 32", "18", "18"),
        ("19", "37 36 1", "1", "1"),
        # The highest of several cards below the price wins.
        ("19", "2 15 17 32", "17", "17"),
        ("12", "11 3 30 5", "11", "11"),
        # Half cards are ranked between their neighbours.
        ("19", "18 18.5 20", "18.5", "18.5"),
        ("18.5", "18 30.5 2.5", "18", "18"),
        # The price card itself is not below the price.
        ("17", "16 20", "16", "16"),
        # A price of 1 can no longer be undercut: the owner keeps the bottle.
        ("1", "2 3 4", "4", None),
        ("1", "37 2.5 36.5", "37", None),
    ],
)
def test_trick_ruling(price, cards, winner, new_price):
    ruling = rule_trick(codes(cards), codes(price))
    assert card_text(ruling.winning_card) == winner
    assert codes(cards)[ruling.winner_index] == card_code(winner)
    assert ruling.new_price == (None if new_price is None else card_code(new_price))
    assert ruling.bottle == (None if new_price is None else 0)


def test_no_card_below_the_price_is_explained():
    ruling = rule_trick(codes("24 20 32 21"), codes("19"))
    assert str(explain(ruling, NAMES)) == (
        "No card is below the price 19, so the highest card, 32, wins: "
        "Christian wins the trick; the bottle does not move."
    )


@pytest.mark.parametrize(
    ("prices", "cards", "bottle", "new_price"),
    [
        # Both bottles on the 19: the first sold is one of them.
        ("19 19", "24 15 17 32 20", 0, "17"),
        # The dearer bottle is sold.
        ("17 19", "24 15 16 32 20", 1, "16"),
        ("12 8", "11 3 30 5 20", 0, "11"),
        # ... even when the new price is below the cheaper bottle's price.
        ("17 19", "24 3 5 32 20", 1, "5"),
        ("12 8", "2 3 30 5 20", 0, "5"),
        # A card below only the dearer price still buys the dearer bottle.
        ("10 19", "24 15 17 32 20", 1, "17"),
        # Nothing below the dearer price: no bottle moves.
        ("10 19", "24 20 21 32 30", None, None),
    ],
)
def test_two_bottles_the_dearer_is_sold(prices, cards, bottle, new_price):
    ruling = rule_trick(codes(cards), codes(prices))
    assert ruling.bottle == bottle
    assert ruling.new_price == (None if new_price is None else card_code(new_price))
    assert ruling.old_price == max(codes(prices))


@pytest.mark.parametrize(
    ("price", "so_far", "winning"),
    [
        ("19", "24", "24"),
        ("19", "24 15", "15"),
        ("19", "24 15 17", "17"),
        ("19", "24 15 17 32", "17"),
        ("19", "24 32", "32"),
        ("5", "4 3", "4"),
    ],
)
def test_card_winning_a_trick_as_it_stands(price, so_far, winning):
    cards = codes(so_far)
    assert cards[wins_so_far(cards, card_code(price))] == card_code(winning)


@given(
    st.lists(st.integers(2, 75), min_size=2, max_size=6, unique=True),
    st.lists(st.integers(2, 38), min_size=1, max_size=2),
)
def test_the_one_trick_rule_against_the_rulebook_words(cards, prices):
    # "The highest card below the price wins the trick and the bottle; if no
    # card is below it, the highest card wins and the bottle stays."
    price = max(prices)
    below = [card for card in cards if card < price]
    winning = max(below) if below else max(cards)

    at, sold = winning_place(cards, price)
    ruling = rule_trick(cards, prices)

    assert (cards[at], sold) == (winning, bool(below))
    assert (ruling.winner_index, ruling.winning_card) == (at, winning)
    assert ruling.bottle == (prices.index(price) if below else None)
    assert ruling.new_price == (winning if below else None)
