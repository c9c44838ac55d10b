"""A disputed trick typed as text, checked and ruled by the engine
(docs/rules.md, sections 1, 4 and 5)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import START_PRICE, card_code, card_text, deck_for
from scoring.dispute import (
    CardTwice,
    CardUnderBottle,
    ImpossiblePrice,
    InvalidDispute,
    NameRefused,
    NotAPlayingCard,
    WrongCardCount,
    WrongDeckForDispute,
    rule_disputed_trick,
)
from scoring.texts import Text

NAMES = ["Adam", "Betty", "Christian", "Doris"]


def rule(cards, prices=("19",), edition="classic", half_cards=False, names=()):
    return rule_disputed_trick(edition, half_cards, list(prices), cards.split(), list(names))


def test_the_books_worked_example():
    ruling = rule("24 15 17 32", names=NAMES)

    assert ruling.winner == "Christian"
    assert card_text(ruling.winning_card) == "17"
    assert ruling.is_sold is True
    assert ruling.prices_after_text == ("17",)
    assert str(ruling.sentence) == (
        "17 is the highest card below the price 19: Christian wins the trick and the bottle; "
        "the price is now 17."
    )
    assert str(ruling.bottle_sentence) == (
        "The bottle is sold to Christian: the price goes from 19 to 17."
    )


@pytest.mark.parametrize(
    ("edition", "half", "prices", "cards", "winner", "after", "bottle"),
    [
        # No card below the price: the highest card wins; the bottle stays.
        ("classic", False, ["12"], "24 32 20", "Player 2", ["12"], "No bottle is sold"),
        # The highest card below the price wins the trick and the bottle.
        ("classic", False, ["19"], "2 15 17 32", "Player 3", ["17"], "The bottle is sold"),
        # Half cards rank between their neighbours, with the 54 cards.
        ("matagot", True, ["19"], "18 18.5 2.5", "Player 2", ["18.5"], "The bottle is sold"),
        # With two bottles the dearer is sold; the other keeps its price.
        (
            "matagot",
            True,
            ["15", "19"],
            "12 10 30",
            "Player 1",
            ["15", "12"],
            "Bottle 2 (the dearer) is sold to Player 1: the price goes from 19 to 12.",
        ),
        # Both bottles may still lie on the 19, at the start of a round.
        ("matagot", True, ["19", "19"], "20 3", "Player 2", ["3", "19"], "Bottle 1 (the"),
        # A blank second price is no second bottle.
        ("classic", False, ["19", " "], "20 3", "Player 2", ["3"], "The bottle is sold"),
        # A price of 1 cannot be undercut: the owner keeps the bottle.
        ("matagot", False, ["1"], "37 2 36", "Player 1", ["1"], "No bottle is sold"),
    ],
)
def test_rulings(edition, half, prices, cards, winner, after, bottle):
    ruling = rule(cards, prices, edition, half)

    assert str(ruling.winner) == winner
    assert list(ruling.prices_after_text) == after
    assert str(ruling.bottle_sentence).startswith(bottle)


def test_blank_places_are_skipped_but_keep_their_number():
    ruling = rule_disputed_trick("classic", False, ["19"], ["24", "", "17"], ["Adam", "", ""])

    assert ruling.names == ("Adam", Text("dispute.player", number=3))
    assert str(ruling.winner) == "Player 3"


def test_names_are_cleaned_by_the_engine_rule():
    ruling = rule("24 15", names=["  Zoe\u0308 ", "Betty"])

    assert ruling.names == ("Zoë", "Betty")


@pytest.mark.parametrize(
    ("edition", "half", "prices", "cards", "error", "place", "message"),
    [
        ("classic", False, ["19"], "24 abc", NotAPlayingCard, "card 2",
         "card 2: “abc” is not a card of the 36-card classic deck"),
        ("classic", False, ["19"], "24 2.5", NotAPlayingCard, "card 2",
         "card 2: “2.5” is not a card of the 36-card classic deck"),
        ("matagot", False, ["19"], "24 2.5", NotAPlayingCard, "card 2",
         "card 2: “2.5” is not a card of the 36-card matagot deck"),
        ("classic", False, ["19"], "24 38", NotAPlayingCard, "card 2",
         "card 2: “38” is not a card of the 36-card classic deck"),
        ("classic", False, ["19"], "24 19", NotAPlayingCard, "card 2",
         "card 2: the 19 is the start price card, not a playing card"),
        ("classic", False, ["19"], "24 15 24", CardTwice, "card 3",
         "card 3: the 24 is already card 1; each card exists once"),
        ("classic", False, ["12"], "24 12", CardUnderBottle, "card 2",
         "card 2: the 12 lies under the bottle as its price; it cannot be played"),
        ("matagot", True, ["12", "19"], "24 12", CardUnderBottle, "card 2",
         "card 2: the 12 lies under the bottle as its price; it cannot be played"),
        ("classic", False, ["25"], "24 15", ImpossiblePrice, "price",
         "the price 25 is impossible: the price starts at 19 and only goes down"),
        ("classic", False, ["x"], "24 15", ImpossiblePrice, "price",
         "the price “x” is not a card number of the 36-card classic deck nor the 19"),
        ("classic", False, ["2.5"], "24 15", ImpossiblePrice, "price",
         "the price “2.5” is not a card number of the 36-card classic deck nor the 19"),
        ("classic", False, [""], "24 15", ImpossiblePrice, "price",
         "the price of the bottle is missing (19 at the start of a round)"),
        ("classic", False, [], "24 15", ImpossiblePrice, "price",
         "the price of the bottle is missing (19 at the start of a round)"),
        ("matagot", True, ["12", "12"], "24 15", ImpossiblePrice, "second price",
         "both bottles cannot lie on the 12: there is one such card"),
        ("matagot", True, ["12", "30"], "24 15", ImpossiblePrice, "second price",
         "the second price 30 is impossible: the price starts at 19 and only goes down"),
        ("matagot", True, ["12", "3", "4"], "24 15", ImpossiblePrice, None,
         "there are at most 2 bottles, not 3"),
        ("classic", False, ["19", "19"], "24 15", WrongDeckForDispute, "second price",
         "the second bottle is played only with 5–6 players, with the 54 cards"),
        ("classic", True, ["19"], "24 15", WrongDeckForDispute, "half cards",
         "the half cards exist only in the matagot edition (5–6 players)"),
        ("bridge", False, ["19"], "24 15", WrongDeckForDispute, "edition",
         "the edition must be classic or matagot, not 'bridge'"),
        ("classic", False, ["19"], "24", WrongCardCount, None,
         "a trick has 2 to 6 cards, one a player, in the order they were played; 1 entered"),
        ("classic", False, ["19"], "", WrongCardCount, None,
         "a trick has 2 to 6 cards, one a player, in the order they were played; 0 entered"),
        ("classic", False, ["19"], "1 2 3 4 5 6 7", WrongCardCount, None,
         "a trick has 2 to 6 cards, one a player, in the order they were played; 7 entered"),
    ],
)  # fmt: skip
def test_findings_name_the_place_and_say_why(edition, half, prices, cards, error, place, message):
    with pytest.raises(error) as raised:
        rule(cards, prices, edition, half)

    assert str(raised.value) == message
    assert raised.value.place == place
    assert raised.value.findings == (raised.value,)


def test_a_finding_quotes_what_was_typed_safely():
    with pytest.raises(NotAPlayingCard) as raised:
        rule_disputed_trick("classic", False, ["19"], ["24", "\x1b[31m"], [])

    assert str(raised.value) == "card 2: “\\x1b[31m” is not a card of the 36-card classic deck"
    assert raised.value.card == "\x1b[31m"


def test_every_finding_is_reported_at_once():
    with pytest.raises(InvalidDispute) as raised:
        rule("24 abc 24 12", prices=["12", "19"])

    assert [(error.place, type(error)) for error in raised.value.findings] == [
        ("second price", WrongDeckForDispute),
        ("card 2", NotAPlayingCard),
        ("card 3", CardTwice),
        ("card 4", CardUnderBottle),
    ]
    assert str(raised.value).splitlines()[1] == (
        "card 2: “abc” is not a card of the 36-card classic deck"
    )


def test_a_bad_name_is_refused_with_its_place():
    with pytest.raises(NameRefused) as raised:
        rule("24 15", names=["Adam", "Eve\u200b"])

    assert raised.value.place == "name 2"
    assert str(raised.value) == (
        "name 2: the name 'Eve\\u200b' holds an invisible formatting character (U+200B); "
        "write the name without it"
    )


def _table():
    """A trick that can happen: distinct cards of the 54-card deck, and one or
    two bottles whose prices are other cards of the deck or the 19."""
    deck = deck_for("matagot", 6)
    return st.tuples(
        st.lists(st.sampled_from(deck.cards), min_size=4, max_size=8, unique=True),
        st.integers(1, 2),
        st.integers(2, 6),
    ).map(lambda drawn: _split(*drawn))


def _split(drawn, bottles, size):
    prices = [(drawn + [START_PRICE] * 2)[i] for i in range(bottles)]
    prices = [code if code < START_PRICE else START_PRICE for code in prices]
    if bottles == 2 and prices[0] == prices[1] != START_PRICE:
        prices[1] = START_PRICE
    cards = [code for code in drawn[bottles:] if code not in prices][:size]
    return prices, cards


@settings(max_examples=200, deadline=None)
@given(_table())
def test_the_price_only_goes_down_and_bottles_never_share_one(table):
    prices, cards = table
    if len(cards) < 2:
        return
    ruling = rule_disputed_trick(
        "matagot", True, [card_text(p) for p in prices], [card_text(c) for c in cards], []
    )

    sold = [old != new for old, new in zip(ruling.prices, ruling.prices_after, strict=True)]
    assert sum(sold) == (1 if ruling.is_sold else 0)
    assert all(new <= old for old, new in zip(ruling.prices, ruling.prices_after, strict=True))
    after = [p for p in ruling.prices_after if p != START_PRICE]
    assert len(after) == len(set(after))
    if ruling.is_sold:
        assert max(ruling.prices) == ruling.prices[sold.index(True)]
        assert ruling.winning_card == max(c for c in cards if c < max(prices))
    else:
        assert ruling.winning_card == max(cards)


# --- entering the trick card by card, and the bottles' owners -----------------------


def test_card_choices_while_the_trick_is_tapped():
    from scoring.dispute import card_choices, dispute_deck

    deck = dispute_deck("classic", False)
    choices = dict(card_choices(deck, ["17", ""], ["24", "", "15"]))

    assert len(choices) == 36 and card_code("19") not in choices
    assert choices[card_code("17")] == "off"  # under the bottle
    assert choices[card_code("24")] == choices[card_code("15")] == "gone"
    assert choices[card_code("32")] == "ok"
    full = dict(card_choices(deck, ["19"], ["1", "2", "3", "4", "5", "6"]))
    assert full[card_code("32")] == "off" and full[card_code("6")] == "gone"


@pytest.mark.parametrize(
    ("prices", "cards", "owners", "sentence"),
    [
        (["17"], "24 15", ["Adam"], "The bottle is sold to Player 2, from Adam: the price"),
        (["17"], "15 24", ["Player 1"], "The bottle stays with Player 1: the price goes from 17"),
        (["12"], "24 32", ["Adam"], "No bottle is sold: no card is below the price. Adam keeps"),
        (["12"], "24 32", [], "No bottle is sold: no card is below the price."),
    ],
)
def test_the_bottle_sentence_names_the_owner(prices, cards, owners, sentence):
    ruling = rule_disputed_trick("classic", False, prices, cards.split(), [], owners=owners)

    assert str(ruling.bottle_sentence).startswith(sentence)


def test_an_owner_s_name_is_checked_like_a_player_s():
    with pytest.raises(NameRefused, match="owner 1: the name"):
        rule_disputed_trick("classic", False, ["17"], ["24", "15"], [], owners=["Eve\u200b"])
