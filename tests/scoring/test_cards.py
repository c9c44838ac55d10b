"""The two printings of the deck and how cards are written (RULES.md section 1)."""

import pytest

from scoring.cards import card_code, card_text, deck_for
from scoring.findings import RecordError, WrongDeck

CLASSIC = {
    "yellow": "1:1 2:1 3:2 5:2 7:3 9:3 12:4 15:4 18:5 22:5 25:6 28:6",
    "blue": "4:1 6:1 8:2 10:2 13:3 17:3 20:4 24:4 27:5 30:5 32:6 34:6",
    "red": "11:1 14:1 16:2 21:2 23:3 26:3 29:4 31:4 33:5 35:5 36:6 37:6",
}
"""RULES.md section 1, the classic deck, copied from the table."""

MATAGOT = {
    "red": "1:1 2:1 4:2 5:2 7:3 9:3 12:4 15:4 18:5 22:5 25:6 28:6",
    "blue": "3:1 6:1 8:2 10:2 13:3 17:4 20:4 23:4 27:5 30:5 32:6 35:6",
    "green": "11:1 14:1 16:2 21:2 24:3 26:3 29:4 31:4 33:5 34:5 36:6 37:6",
}
"""RULES.md section 1, the Matagot deck, with the colours a Matagot game names."""

HALF_CARDS = {
    "red": "2.5 4.5 12.5 18.5 22.5 28.5",
    "blue": "6.5 8.5 10.5 20.5 30.5 32.5",
    "green": "14.5 16.5 24.5 26.5 34.5 36.5",
}
"""RULES.md section 1: the extension's half cards, by the colour of their n."""


def table_rows(table):
    return [
        (colour, number, int(coins))
        for colour, row in table.items()
        for number, coins in (item.split(":") for item in row.split())
    ]


def deck_as_table(deck):
    return {card_text(code): (deck.colour_name(code), deck.coins[code]) for code in deck.cards}


@pytest.mark.parametrize(("colour", "number", "coins"), table_rows(CLASSIC))
def test_classic_card(colour, number, coins):
    deck = deck_for("classic", 4)
    code = card_code(number)
    assert deck.has(code)
    assert deck.colour_name(code) == colour
    assert deck.coins[code] == coins


@pytest.mark.parametrize(("colour", "number", "coins"), table_rows(MATAGOT))
def test_matagot_card(colour, number, coins):
    deck = deck_for("matagot", 4)
    code = card_code(number)
    assert deck.has(code)
    assert deck.colour_name(code) == colour
    assert deck.coins[code] == coins


@pytest.mark.parametrize(
    ("number", "colour", "coins"),
    [
        ("3", "blue", 1),
        ("4", "yellow", 2),
        ("17", "blue", 4),
        ("23", "blue", 4),
        ("24", "red", 3),
        ("34", "red", 5),
        ("35", "blue", 6),
    ],
)
def test_the_seven_matagot_cards_differ_from_classic(number, colour, coins):
    # The Matagot deck "as the classic deck except for these seven cards",
    # in classic colour names (low yellow, middle blue, high red).
    classic, matagot = deck_for("classic", 3), deck_for("matagot", 3)
    code = card_code(number)
    place = {"yellow": 0, "blue": 1, "red": 2}[colour]
    assert matagot.colour[code] == place
    assert matagot.coins[code] == coins
    assert (classic.colour[code], classic.coins[code]) != (place, coins)


def test_every_other_card_is_the_same_in_both_printings():
    classic, matagot = deck_for("classic", 4), deck_for("matagot", 4)
    differ = [
        card_text(code)
        for code in classic.cards
        if (classic.colour[code], classic.coins[code])
        != (matagot.colour[code], matagot.coins[code])
    ]
    assert differ == ["3", "4", "17", "23", "24", "34", "35"]


@pytest.mark.parametrize(
    ("edition", "players", "table", "cards", "total"),
    [
        ("classic", 2, CLASSIC, 36, 126),
        ("classic", 3, CLASSIC, 36, 126),
        ("classic", 4, CLASSIC, 36, 126),
        ("matagot", 2, MATAGOT, 36, 127),
        ("matagot", 3, MATAGOT, 36, 127),
        ("matagot", 4, MATAGOT, 36, 127),
    ],
)
def test_basic_deck_is_exactly_the_table(edition, players, table, cards, total):
    deck = deck_for(edition, players)
    expected = {number: (colour, coins) for colour, number, coins in table_rows(table)}
    assert deck_as_table(deck) == expected
    assert len(deck.cards) == cards
    assert deck.total == total
    assert deck.edition == edition
    assert "19" not in deck_as_table(deck)


@pytest.mark.parametrize("players", [5, 6])
def test_five_or_six_players_use_all_54_matagot_cards(players):
    deck = deck_for("matagot", players)
    expected = {number: (colour, coins) for colour, number, coins in table_rows(MATAGOT)}
    for colour, row in HALF_CARDS.items():
        for number in row.split():
            whole = number.removesuffix(".5")
            assert expected[whole][0] == colour
            expected[number] = (colour, expected[whole][1])
    assert deck_as_table(deck) == expected
    assert len(deck.cards) == 54
    assert deck.total == 190


def test_each_classic_colour_holds_two_cards_of_each_coin_value():
    deck = deck_for("classic", 4)
    for colour in range(3):
        coins = sorted(deck.coins[code] for code in deck.cards if deck.colour[code] == colour)
        assert coins == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]


def test_each_matagot_colour_holds_six_even_numbers_and_18_cards_with_half_cards():
    deck = deck_for("matagot", 6)
    for colour in range(3):
        mine = [code for code in deck.cards if deck.colour[code] == colour]
        assert len(mine) == 18
        assert sum(1 for code in mine if code % 4 == 0) == 6


@pytest.mark.parametrize(
    ("edition", "colours"),
    [("classic", ("yellow", "blue", "red")), ("matagot", ("red", "blue", "green"))],
)
def test_colour_names_on_screen(edition, colours):
    assert deck_for(edition, 4).colour_names() == colours


def test_lopaka_example_colours_check_against_the_classic_deck():
    deck = deck_for("classic", 2)
    blue = deck.colour[card_code("24")]
    assert [deck.colour[card_code(n)] == blue for n in ("17", "32", "12", "18", "36")] == [
        True,
        True,
        False,
        False,
        False,
    ]


@pytest.mark.parametrize("players", [5, 6])
def test_classic_deck_refuses_five_or_six_players(players):
    with pytest.raises(WrongDeck, match=f"{players} players need the matagot edition"):
        deck_for("classic", players)


def test_the_wrong_deck_is_a_record_error():
    with pytest.raises(RecordError):
        deck_for("classic", 6)


def test_an_unknown_edition_is_refused():
    with pytest.raises(RecordError, match="must be classic or matagot, not 'bambus'"):
        deck_for("bambus", 4)


@pytest.mark.parametrize(
    ("text", "code", "written"),
    [
        ("1", 2, "1"),
        ("17", 34, "17"),
        ("17.0", 34, "17"),
        ("17.00", 34, "17"),
        (" 17 ", 34, "17"),
        ("2.5", 5, "2.5"),
        ("2.50", 5, "2.5"),
        ("36.5", 73, "36.5"),
        ("37", 74, "37"),
        (17, 34, "17"),
        (2.5, 5, "2.5"),
        (17.0, 34, "17"),
    ],
)
def test_card_text_round_trip(text, code, written):
    assert card_code(text) == code
    assert card_text(code) == written
    assert card_code(card_text(code)) == code


@pytest.mark.parametrize(
    "text",
    ["", "abc", "17a", "-1", "2.25", "13.25", "2.7", "1e1", "100", "17,5", "½", None, True, [17]],
)
def test_texts_that_are_no_card_number(text):
    assert card_code(text) is None


@pytest.mark.parametrize(("edition", "players"), [("classic", 4), ("matagot", 4), ("matagot", 6)])
def test_every_card_of_a_deck_round_trips(edition, players):
    deck = deck_for(edition, players)
    assert [card_code(card_text(code)) for code in deck.cards] == list(deck.cards)


@pytest.mark.parametrize(
    ("edition", "players", "text", "is_card"),
    [
        ("classic", 4, "19", False),
        ("classic", 4, "0", False),
        ("classic", 4, "38", False),
        ("classic", 4, "2.5", False),
        ("matagot", 4, "2.5", False),
        ("matagot", 5, "2.5", True),
        ("matagot", 5, "3.5", False),
        ("matagot", 5, "19", False),
    ],
)
def test_which_numbers_are_cards(edition, players, text, is_card):
    assert deck_for(edition, players).has(card_code(text)) is is_card
