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
from scoring.entries import RoundEntries
from scoring.rounds import replay_round
from scoring.texts import Text
from scoring.tricks import sell
from scoring.variants import Table, trick_sizes, variants_for

NAMES = ["Adam", "Betty", "Christian", "Doris"]


def codes(cards):
    return tuple(card_code(card) for card in cards.split())


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
        ("matagot", True, ["19"], "18 18.5 2.5 30 31", "Player 2", ["18.5"], "The bottle is sold"),
        # With two bottles the dearer is sold; the other keeps its price.
        (
            "matagot",
            True,
            ["15", "19"],
            "12 10 30 32 36",
            "Player 1",
            ["15", "12"],
            "Bottle 2 (the dearer) is sold to Player 1: the price goes from 19 to 12.",
        ),
        # Both bottles may still lie on the 19, at the start of a round.
        ("matagot", True, ["19", "19"], "20 3 21 22 23", "Player 2", ["3", "19"], "Bottle 1 (the"),
        # A blank second price is no second bottle.
        ("classic", False, ["19", " "], "20 3 21", "Player 2", ["3"], "The bottle is sold"),
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
    ruling = rule_disputed_trick(
        "classic", False, ["19"], ["24", "", "17", "20"], ["Adam", "", "", ""]
    )

    player = [Text("dispute.player", number=number) for number in (3, 4)]
    assert ruling.names == ("Adam", *player)
    assert str(ruling.winner) == "Player 3"


def test_names_are_cleaned_by_the_engine_rule():
    ruling = rule("24 15 17", names=["  Zoe\u0308 ", "Betty", "Cy"])

    assert ruling.names == ("Zoë", "Betty", "Cy")


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
         "a trick with the 36-card classic deck has 3 or 4 cards, one a player, "
         "in the order they were played; 1 entered"),
        ("classic", False, ["19"], "", WrongCardCount, None,
         "a trick with the 36-card classic deck has 3 or 4 cards, one a player, "
         "in the order they were played; 0 entered"),
        ("classic", False, ["19"], "1 2 3 4 5 6 7", WrongCardCount, None,
         "a trick with the 36-card classic deck has 3 or 4 cards, one a player, "
         "in the order they were played; 7 entered"),
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
        rule("24 15 17", names=["Adam", "Eve\u200b"])

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
        st.lists(st.sampled_from(deck.cards), min_size=8, max_size=10, unique=True),
        st.integers(1, 2),
        st.integers(5, 6),
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
    if len(cards) < 5:
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
        (["17"], "24 15 30", ["Adam"], "The bottle is sold to Player 2, from Adam: the price"),
        (["17"], "15 24 30", ["Player 1"], "The bottle stays with Player 1: the price goes from"),
        (["12"], "24 32 30", ["Adam"], "No bottle is sold: no card is below the price. Adam"),
        (["12"], "24 32 30", [], "No bottle is sold: no card is below the price."),
    ],
)
def test_the_bottle_sentence_names_the_owner(prices, cards, owners, sentence):
    ruling = rule_disputed_trick("classic", False, prices, cards.split(), [], owners=owners)

    assert str(ruling.bottle_sentence).startswith(sentence)


def test_an_owner_s_name_is_checked_like_a_player_s():
    with pytest.raises(NameRefused, match="owner 1: the name"):
        rule_disputed_trick("classic", False, ["17"], ["24", "15", "30"], [], owners=["Eve\u200b"])


# --- the same rules as a round: the dearer bottle, real trick sizes (issue 20) -------


def test_after_a_two_bottle_sale_the_next_trick_is_played_at_the_dearer_price():
    ruling = rule("12 10 30 32 36", prices=["15", "19"], edition="matagot", half_cards=True)

    assert ruling.trick.bottle == 1  # the dearer bottle, at 19, is the one sold
    assert ruling.prices_after_text == ("15", "12")
    assert card_text(ruling.next_price) == "15"
    assert str(ruling.sentence) == (
        "12 is the highest card below the price 19: Player 1 wins the trick and bottle 2, "
        "the dearer; the next trick is played at 15, the dearer of the bottles now (15 and 12)."
    )
    assert "the price is now 12" not in str(ruling.sentence)


def test_the_dispute_and_the_round_use_one_rule_for_a_two_bottle_sale():
    """The replay of a second-bottle round and the dispute page give the
    same bottle and the same next price for the same trick."""
    table = Table.create(("A", "B", "C", "D", "E"), "second-bottle", edition="matagot")
    tricks = (codes("15 30 32 34 36"), codes("12 10 33 35 20"))

    played = replay_round(table, RoundEntries(dealer=0, tricks=tricks), 1, 0).tricks[1]
    ruling = rule("12 10 33 35 20", prices=["15", "19"], edition="matagot", half_cards=True)

    assert (played.bottle, card_text(played.price)) == (1, "15")
    assert (ruling.trick.bottle, card_text(ruling.next_price)) == (1, "15")
    assert sell(codes("15 19"), card_code("12")) == (1, codes("15 12"), card_code("15"))


@pytest.mark.parametrize(
    ("edition", "half", "prices", "cards", "message"),
    [
        ("classic", False, ["19"], "24 15",
         "a trick with the 36-card classic deck has 3 or 4 cards, one a player, "
         "in the order they were played; 2 entered"),
        ("classic", False, ["19"], "24 15 17 32 30",
         "a trick with the 36-card classic deck has 3 or 4 cards, one a player, "
         "in the order they were played; 5 entered"),
        ("matagot", False, ["19"], "24 15 17 32 30 2",
         "a trick with the 36-card matagot deck has 3 or 4 cards, one a player, "
         "in the order they were played; 6 entered"),
        ("matagot", True, ["15", "19"], "12 10 30",
         "a trick with the 54-card matagot deck has 5 or 6 cards, one a player, "
         "in the order they were played; 3 entered"),
        ("matagot", True, ["19"], "12 10 30 2",
         "a trick with the 54-card matagot deck has 5 or 6 cards, one a player, "
         "in the order they were played; 4 entered"),
    ],
)  # fmt: skip
def test_a_trick_no_variant_has_is_refused(edition, half, prices, cards, message):
    with pytest.raises(WrongCardCount) as raised:
        rule(cards, prices, edition, half)

    assert str(raised.value) == message


def test_at_a_known_table_a_trick_has_its_players_cards():
    with pytest.raises(WrongCardCount) as raised:
        rule_disputed_trick("classic", False, ["19"], ["24", "15", "17"], [], players=4)

    assert str(raised.value) == (
        "at this table a trick has 4 cards, one a player, in the order they were played; 3 entered"
    )
    ruling = rule_disputed_trick("classic", False, ["19"], ["24", "15", "17"], [], players=3)
    assert str(ruling.winner) == "Player 3"


def test_trick_sizes_come_from_the_variants():
    for players in (2, 3, 4, 5, 6):
        for variant, layout in variants_for(players):
            for edition in ("classic", "matagot") if players < 5 else ("matagot",):
                names = tuple("ABCDEF"[:players])
                table = Table.create(names, variant.name, layout and layout.name, edition)
                assert table.shape(0).cards_per_trick in trick_sizes(table.deck)
    assert trick_sizes(deck_for("classic", 4)) == (3, 4)
    assert trick_sizes(deck_for("matagot", 4)) == (3, 4)
    assert trick_sizes(deck_for("matagot", 6)) == (5, 6)
