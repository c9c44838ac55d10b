"""What the phone asks for next in an unfinished round (RULES.md sections 2, 3, 6, 8)."""

import pytest

from scoring.cards import card_code, card_text
from scoring.prompt import next_card
from scoring.record import parse_record, replay
from scoring.variants import HIDDEN, OPEN


def cards(text):
    """Cards written as in the rulebook, space-separated."""
    return text.split()


BH_OPEN = {
    "Adam": cards("4 6 8 10 11 14 16 18"),
    "Betty": cards("1 2 3 5 7 9 12 15"),
}
LOPAKA_HAND = cards("12 17 18 32 36 1 2 3 5 7 9")


def ask(variant, players, tricks, first_dealer=0, teams=None, edition=None, **entries):
    data = {
        "format": "bottle-imp/1",
        "variant": variant,
        "players": players,
        "first_dealer": first_dealer,
        "goal": {},
        "rounds": [{"tricks": [trick.split() for trick in tricks], **entries}],
    }
    if teams:
        data["teams"] = teams
    if edition:
        data["edition"] = edition
    record = parse_record(data)
    game = replay(record)
    table = record.table
    return table, next_card(table, record.rounds[0], game.rounds[0])


def texts(codes):
    return [card_text(code) for code in codes]


THREE = ["Adam", "Betty", "Christian"]
FOUR = ["Adam", "Betty", "Christian", "Doris"]
SIX = ["Adam", "Betty", "Christian", "Doris", "Eve", "Frank"]


@pytest.mark.parametrize(
    ("variant", "players", "first_dealer", "teams", "edition", "tricks", "who", "trick", "place"),
    [
        # The player left of the dealer leads the first trick, then clockwise.
        ("classic", THREE, 0, None, None, [], "Betty", 1, 0),
        ("classic", THREE, 0, None, None, ["24"], "Christian", 1, 1),
        ("classic", THREE, 0, None, None, ["24 15"], "Adam", 1, 2),
        ("classic", THREE, 2, None, None, ["24"], "Betty", 1, 1),
        # The winner of a trick leads the next: Adam's 17 wins.
        ("classic", THREE, 0, None, None, ["24 15 17"], "Adam", 2, 0),
        ("classic", THREE, 0, None, None, ["24 15 17", "20"], "Betty", 2, 1),
        # Doris deals: Adam leads; Christian's 17 wins and he leads next.
        ("classic", FOUR, 3, None, None, ["24 15 17"], "Doris", 1, 3),
        ("classic", FOUR, 3, None, None, ["24 15 17 32"], "Christian", 2, 0),
        ("teams", FOUR, 1, "2-1-1", None, ["24 15"], "Adam", 1, 2),
        ("second-bottle", SIX, 5, None, "matagot", ["24 15 17 32 20"], "Frank", 1, 5),
        # Lopaka sits right of the dealer: non-dealer, Lopaka, dealer.
        ("lopaka", ["Adam", "Betty"], 0, None, None, [], "Betty", 1, 0),
        ("lopaka", ["Adam", "Betty"], 0, None, None, ["24"], "Lopaka", 1, 1),
        ("lopaka", ["Adam", "Betty"], 0, None, None, ["24 20"], "Adam", 1, 2),
        ("lopaka", ["Adam", "Betty"], 1, None, None, ["24"], "Lopaka", 1, 1),
        ("lopaka", ["Adam", "Betty"], 1, None, None, ["24 20"], "Betty", 1, 2),
        # Lopaka wins with 32 (nothing below 19) and leads; then the dealer.
        ("lopaka", ["Adam", "Betty"], 0, None, None, ["24 32 20"], "Lopaka", 2, 0),
        ("lopaka", ["Adam", "Betty"], 0, None, None, ["24 32 20", "36"], "Adam", 2, 1),
        # Bright House and Devil's Eye: player 1, player 2, player 1, player 2.
        ("bright-house", ["Adam", "Betty"], 0, None, None, ["15"], "Adam", 1, 1),
        ("bright-house", ["Adam", "Betty"], 0, None, None, ["15 4"], "Betty", 1, 2),
        ("bright-house", ["Adam", "Betty"], 0, None, None, ["15 4 22"], "Adam", 1, 3),
        ("bright-house", ["Adam", "Betty"], 0, None, None, ["15 4 22 13"], "Betty", 2, 0),
        ("devils-eye", ["Adam", "Betty"], 1, None, None, [], "Adam", 1, 0),
        ("devils-eye", ["Adam", "Betty"], 1, None, None, ["24 15"], "Adam", 1, 2),
        ("devils-eye", ["Adam", "Betty"], 1, None, None, ["24 15 17"], "Betty", 1, 3),
        ("devils-eye", ["Adam", "Betty"], 1, None, None, ["24 15 32 12"], "Betty", 2, 0),
    ],
)
def test_who_is_asked_next(
    variant, players, first_dealer, teams, edition, tricks, who, trick, place
):
    table, prompt = ask(variant, players, tricks, first_dealer, teams, edition)
    assert table.names[prompt.player] == who
    assert (prompt.trick, prompt.position) == (trick, place)
    assert texts(prompt.cards_so_far) == (tricks[-1].split() if place else [])


def test_lopakas_card_is_forced_with_the_reason_when_his_hand_is_known():
    table, prompt = ask("lopaka", ["Adam", "Betty"], ["24"], lopaka_hand=LOPAKA_HAND)
    assert table.names[prompt.player] == "Lopaka"
    assert card_text(prompt.forced) == "32"
    assert texts(prompt.choices) == ["32"]
    assert prompt.is_hand_known is True
    assert str(prompt.reason) == (
        "Lopaka must follow blue and 32 is the highest card that wins the trick."
    )


def test_lopaka_leading_is_forced_to_his_highest_card():
    table, prompt = ask("lopaka", ["Adam", "Betty"], ["24 32 20"], lopaka_hand=LOPAKA_HAND)
    assert card_text(prompt.forced) == "36"
    assert str(prompt.reason) == "Lopaka leads his highest card, 36."


def test_lopaka_is_not_forced_when_his_hand_is_unknown():
    table, prompt = ask("lopaka", ["Adam", "Betty"], ["24"])
    assert prompt.forced is None
    assert prompt.is_hand_known is False
    assert len(prompt.choices) == 35


def test_players_may_not_be_offered_lopakas_cards():
    table, prompt = ask("lopaka", ["Adam", "Betty"], [], lopaka_hand=LOPAKA_HAND)
    assert table.names[prompt.player] == "Betty"
    assert len(prompt.unseen) == 36
    assert len(prompt.choices) == 25
    assert not set(texts(prompt.choices)) & set(LOPAKA_HAND)


def test_bright_house_open_hand_offers_only_legal_cards():
    # Betty leads the yellow 15 from her open hand; Adam's open hand holds
    # the yellow 18, so he must play it.
    table, prompt = ask("bright-house", ["Adam", "Betty"], ["15"], open_hands=BH_OPEN)
    assert table.names[prompt.player] == "Adam"
    assert prompt.hand == OPEN
    assert texts(prompt.choices) == ["18"]
    assert prompt.is_hand_known is True


def test_bright_house_open_hand_without_the_led_colour_offers_all_its_cards():
    table, prompt = ask("bright-house", ["Adam", "Betty"], [], open_hands=BH_OPEN)
    assert table.names[prompt.player] == "Betty"
    assert prompt.hand == OPEN
    assert texts(prompt.choices) == BH_OPEN["Betty"]


def test_bright_house_hidden_hand_offers_the_unseen_cards_not_in_open_hands():
    table, prompt = ask("bright-house", ["Adam", "Betty"], ["15 18"], open_hands=BH_OPEN)
    assert table.names[prompt.player] == "Betty"
    assert prompt.hand == HIDDEN
    assert prompt.is_hand_known is False
    # 36 cards, 2 played, 14 still in the two open hands.
    assert len(prompt.choices) == 20
    assert not set(texts(prompt.choices)) & set(BH_OPEN["Adam"] + BH_OPEN["Betty"])


def test_unseen_cards_exclude_played_cards_and_the_entered_imps_trick():
    table, prompt = ask("classic", THREE, ["24 15 17", "20"], imps_trick=["1", "2", "3"])
    unseen = texts(prompt.unseen)
    assert len(unseen) == 36 - 4 - 3
    for card in ("24", "15", "17", "20", "1", "2", "3"):
        assert card not in unseen
    assert "4" in unseen
    assert prompt.choices == prompt.unseen


def test_unseen_cards_of_a_54_card_game():
    table, prompt = ask("second-bottle", SIX, ["24 15 2.5"], edition="matagot")
    assert len(prompt.unseen) == 51
    assert card_code("2.5") not in prompt.unseen
    assert card_code("4.5") in prompt.unseen


def test_a_complete_round_asks_for_nothing():
    from scoring.simulate import simulate

    record = parse_record(simulate("classic", 3, 1, seed=3, edition="classic"))
    game = replay(record)
    assert next_card(record.table, record.rounds[0], game.rounds[0]) is None


@pytest.mark.parametrize(
    ("variant", "players", "tricks", "teams", "edition", "led"),
    [
        # No card in the trick yet: nothing is led.
        ("classic", THREE, [], None, None, None),
        ("classic", THREE, ["24 15 17"], None, None, None),
        # The trick's first card says the colour, whatever follows it.
        ("classic", THREE, ["24"], None, None, "blue"),
        ("classic", THREE, ["24 15"], None, None, "blue"),
        ("classic", THREE, ["24 15 17", "3"], None, None, "yellow"),
        ("teams", SIX, ["6.5 1"], "2-2-2", "matagot", "blue"),
    ],
)
def test_the_led_colour_is_the_first_cards(variant, players, tricks, teams, edition, led):
    table, prompt = ask(variant, players, tricks, teams=teams, edition=edition)
    names = table.deck.colour_names()
    assert (None if prompt.led is None else names[prompt.led]) == led
