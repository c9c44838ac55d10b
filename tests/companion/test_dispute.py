"""The dispute page: who wins this trick, without a game (RULES.md section 4)."""

import pytest
from django.urls import reverse

from companion.models import Game

URL = "/dispute/"


def ask(client, *cards, htmx=False, method="get", **fields):
    data = {"edition": "classic", "price": "19", **fields}
    for index, card in enumerate(cards, start=1):
        data[f"card_{index}"] = card
    headers = {"HX-Request": "true"} if htmx else {}
    return getattr(client, method)(URL, data, headers=headers)


def test_dispute_path_is_pinned():
    assert reverse("imp:dispute") == URL


def test_empty_form_is_shown_without_a_ruling(client):
    response = client.get(URL)

    assert response.status_code == 200
    assert "Who wins this trick?" in response.text
    assert 'name="card_4"' in response.text  # 3 or 4 cards a trick with 36 cards
    assert 'name="card_5"' not in response.text
    assert "wins with" not in response.text


@pytest.mark.django_db
def test_the_books_example_plain_get(client):
    response = ask(client, "24", "15", "17", "32")

    assert response.status_code == 200
    text = response.text
    assert "<html" in text  # the whole page, form included
    assert 'value="17"' in text
    assert "Player 3 wins with the 17" in text
    assert (
        "17 is the highest card below the price 19: Player 3 wins the trick and the bottle; "
        "the price is now 17." in text
    )
    assert "New price: <strong>17</strong>" in text
    assert Game.objects.count() == 0  # nothing is stored


def test_the_books_example_with_names_over_htmx(client):
    response = ask(
        client,
        "24",
        "15",
        "17",
        "32",
        htmx=True,
        name_1="Adam",
        name_2="Betty",
        name_3="Christian",
        name_4="Doris",
    )

    assert response.status_code == 200
    assert "<html" not in response.text  # only the result partial
    assert "<form" not in response.text
    assert "Christian wins with the 17" in response.text
    assert "The bottle is sold to Christian: the price goes from 19 to 17." in response.text
    assert "HX-Request" in response["Vary"]


def test_post_works_like_get(client):
    response = ask(client, "24", "15", "17", "32", method="post", htmx=True)

    assert response.status_code == 200
    assert "Player 3 wins with the 17" in response.text


def test_no_card_below_the_price_highest_wins_and_bottle_stays(client):
    response = ask(client, "24", "32", "20", price="12")

    assert response.status_code == 200
    assert "Player 2 wins with the 32" in response.text
    assert "the bottle does not move" in response.text
    assert "No bottle is sold" in response.text
    assert "New price" not in response.text


def test_colour_is_named_and_symbolised_not_only_painted(client):
    response = ask(client, "24", "15")

    trick = response.text.split('class="slots places"')[1].split('class="cards"')[0]
    assert '◆</span><span class="coins">' in trick and ", blue, " in trick  # the 24
    assert '▼</span><span class="coins">' in trick and ", yellow, " in trick  # the 15


def test_matagot_names_its_colours_red_blue_green(client):
    response = ask(client, "24", "36", "2", edition="matagot")

    assert response.status_code == 200
    trick = response.text.split('class="slots places"')[1].split('class="cards"')[0]
    assert '▼</span><span class="coins">' in trick and ", red, " in trick  # the 2: low
    assert '▲</span><span class="coins">' in trick and ", green, " in trick  # the 24: high


def test_half_cards_with_the_54_card_deck(client):
    response = ask(client, "18", "18.5", "2.5", "30", "31", edition="matagot", half_cards="on")

    assert response.status_code == 200
    assert "Player 2 wins with the 18.5" in response.text


def test_second_bottle_sells_the_dearer_one(client):
    response = ask(
        client,
        "12",
        "10",
        "30",
        "32",
        "36",
        edition="matagot",
        half_cards="on",
        price="15",
        second_price="19",
    )

    assert response.status_code == 200
    assert "Bottle 2 (the dearer) is sold to Player 1" in response.text
    assert "bottles now at 15 and 12" in response.text


@pytest.mark.django_db  # a page may read the session and the game (the database)
@pytest.mark.parametrize(
    ("cards", "fields", "message"),
    [
        (["24", "abc"], {}, "Card 2: “abc” is not a card of the 36-card classic deck."),
        (["24", "2.5"], {}, "Card 2: “2.5” is not a card of the 36-card classic deck."),
        (["24", "38"], {}, "Card 2: “38” is not a card of the 36-card classic deck."),
        (["24", "19"], {}, "Card 2: the 19 is the start price card, not a playing card."),
        (["24", "15", "24"], {}, "Card 3: the 24 is already card 1; each card exists once."),
        (["24", "12"], {"price": "12"}, "Card 2: the 12 lies under the bottle as its price"),
        (["24", "15"], {"price": "25"}, "The price 25 is impossible: the price starts at 19"),
        (["24", "15"], {"price": "x"}, "The price “x” is not a card number of the 36-card"),
        (["24", "15"], {"price": ""}, "Enter the price of the bottle"),
        (["24"], {}, "A trick with the 36-card classic deck has 3 or 4 cards, one a player, "),
        ([], {}, "A trick with the 36-card classic deck has 3 or 4 cards, one a player, "),
        (["24", "15"], {"half_cards": "on"}, "The half cards exist only in the matagot edition"),
        (["24", "15"], {"second_price": "19"}, "The second bottle is played only with 5–6"),
        (["24", "15"], {"edition": "bridge"}, "Select a valid choice."),
        (
            ["24", "15"],
            {"edition": "matagot", "half_cards": "on", "price": "12", "second_price": "12"},
            "Both bottles cannot lie on the 12: there is one such card.",
        ),
        (
            ["24", "15"],
            {"edition": "matagot", "half_cards": "on", "second_price": "20"},
            "The second price 20 is impossible: the price starts at 19 and only goes down.",
        ),
        (["24", "15"], {"name_2": "Eve\u200b"}, "Name 2: the name &#x27;Eve\\u200b&#x27; holds"),
        (["24", "15" * 20], {}, "Ensure this value has at most 8 characters"),
    ],
)
def test_bad_input_is_a_400_that_says_why(client, cards, fields, message):
    for htmx in (False, True):
        response = ask(client, *(cards or [""]), htmx=htmx, **fields)

        assert response.status_code == 400
        assert message in response.text
        assert "The trick cannot be ruled" in response.text
        assert ("<html" in response.text) is not htmx


def test_wrong_method_is_refused(client):
    assert client.put(URL).status_code == 405


# --- the card grid: a tap adds a card, a tap on a place takes it back ---------------


def test_the_page_offers_the_round_screen_s_card_grid(client):
    response = client.get(URL)

    assert response.status_code == 200
    assert response.text.count('class="pick"') == 36  # the picker partial's buttons
    assert 'name="card" value="24"' in response.text
    assert 'value="19"' not in response.text.split('class="cards"')[1]  # no card 19


def test_a_tap_over_htmx_puts_the_card_in_the_first_empty_place(client):
    data = {"edition": "classic", "price": "17", "card_1": "24", "card_2": "", "card": "15"}

    response = client.get(URL, data, headers={"HX-Request": "true"})

    assert response.status_code == 200
    assert "<html" not in response.text
    assert 'name="card_1" value="24"' in response.text
    assert 'name="card_2" value="15"' in response.text
    assert "wins with" not in response.text and "cannot be ruled" not in response.text
    grid = response.text.split('class="cards"')[1]
    assert 'value="15"' not in grid and 'value="24"' not in grid  # in the trick now
    assert 'disabled aria-label="17, 3 coins, blue"' in grid  # under the bottle
    assert "HX-Push-Url" not in response  # a tap is no address to keep


def test_a_plain_tap_is_redirected_to_the_trick_s_address(client):
    data = {"edition": "classic", "price": "19", "card_1": "24", "card_2": "15", "drop": "1"}

    response = client.get(URL, data)

    assert response.status_code == 302
    location = response["Location"]
    assert "card_1=&" in location and "card_2=15" in location and "draft=1" in location
    again = client.get(location)
    assert again.status_code == 200  # the trick so far, not yet ruled
    assert 'name="card_2" value="15"' in again.text and "cannot be ruled" not in again.text


def test_a_tap_on_a_full_trick_adds_nothing(client):
    data = {f"card_{i}": str(i) for i in range(1, 7)}

    response = client.get(URL, {**data, "card": "30"}, headers={"HX-Request": "true"})

    assert 'value="30"' not in response.text.split('class="cards"')[0]


def test_the_ruling_marks_the_winning_place_and_keeps_its_address(client):
    response = ask(client, "24", "15", "17", "32", htmx=True, rule="1")

    assert response.status_code == 200
    assert response.text.count('class="slot wins"') == 1
    assert "card_3=17" in response["HX-Push-Url"] and "rule" not in response["HX-Push-Url"]


# --- opened from a game ---------------------------------------------------------------


@pytest.mark.django_db
def test_opened_from_a_game_it_starts_from_its_deck_bottle_and_players(client):
    from tests.companion.crawl import play
    from tests.factories import GameFactory

    game = play(GameFactory(), "24", "15", "17")  # Adam wins trick 1 with the 17

    response = client.get(f"/g/{game.view_token}/dispute/")

    assert response.status_code == 200
    text = response.text
    assert 'name="price" value="17"' in text
    assert 'Price <span class="muted">(Adam\'s)</span>' in text
    assert 'name="owner_1" value="Adam"' in text
    assert 'name="edition"' in text and '<option value="classic" selected>' in text
    # the players in the order of trick 2, which Adam leads
    for place, name in enumerate(["Adam", "Betty", "Christian"], start=1):
        assert f'name="name_{place}" value="{name}"' in text
    assert Game.objects.get(pk=game.pk).version == game.version  # nothing stored


@pytest.mark.django_db
def test_opened_from_a_54_card_game_with_two_bottles(client):
    from tests.factories import GameFactory

    game = GameFactory(
        players=["A", "B", "C", "D", "E"], variant="second-bottle", edition="matagot"
    )

    response = client.get(f"/g/{game.edit_token}/dispute/")

    assert response.status_code == 200
    assert 'name="half_cards" value="on" id="id_half_cards" checked' in response.text
    assert "Deck and players: Matagot, 54 cards" in response.text
    assert 'name="second_price" value="19"' in response.text
    assert response.text.count('class="pick"') == 54


def test_a_game_s_dispute_page_needs_the_game(client, db):
    assert client.get("/g/nope/dispute/").status_code == 404
    assert client.post("/g/nope/dispute/").status_code == 405


# --- the same rules as a round (issue 20) ---------------------------------------------


def test_after_a_two_bottle_sale_the_next_price_is_the_dearer_bottle_s(client):
    response = ask(
        client,
        "12",
        "10",
        "30",
        "32",
        "36",
        edition="matagot",
        half_cards="on",
        price="15",
        second_price="19",
    )

    assert response.status_code == 200
    text = response.text
    assert "Player 1 wins with the 12" in text
    assert (
        "12 is the highest card below the price 19: Player 1 wins the trick and bottle 2, "
        "the dearer; the next trick is played at 15, the dearer of the bottles now (15 and 12)."
    ) in text
    assert "Bottle 2 (the dearer) is sold to Player 1: the price goes from 19 to 12." in text
    assert "New price: <strong>15</strong>" in text
    assert "the price is now 12" not in text


@pytest.mark.parametrize(
    ("cards", "fields", "message"),
    [
        (
            ["24", "15"],
            {},
            "A trick with the 36-card classic deck has 3 or 4 cards, one a player, "
            "in the order they were played; 2 entered.",
        ),
        (
            ["12", "10", "30"],
            {"edition": "matagot", "half_cards": "on", "price": "15", "second_price": "19"},
            "A trick with the 54-card matagot deck has 5 or 6 cards, one a player, "
            "in the order they were played; 3 entered.",
        ),
        (
            ["24", "15", "17"],
            {"players": "4"},
            "At this table a trick has 4 cards, one a player, in the order they were played; "
            "3 entered.",
        ),
    ],
)
def test_a_trick_no_variant_has_is_refused_in_words(client, cards, fields, message):
    response = ask(client, *cards, rule="1", **fields)

    assert response.status_code == 400
    assert message in response.text
    assert "wins with" not in response.text


def test_a_two_card_trick_is_refused_in_german(client):
    data = {"edition": "classic", "price": "19", "card_1": "24", "card_2": "15"}

    response = client.get(URL, data, headers={"Accept-Language": "de"})

    assert response.status_code == 400
    assert (
        "In Partien des Kartenspiels „Klassisch“ mit 36 Karten hat ein Stich 3 oder 4 Karten,"
        " eine pro Spieler, in der Reihenfolge, in der sie gespielt wurden; eingegeben sind 2."
    ) in response.text


def test_the_54_card_deck_has_six_places(client):
    response = client.get(URL, {"edition": "matagot", "half_cards": "on", "draft": "1"})

    assert response.text.count('<li class="slot') == 6
    assert "Deck and players: Matagot, 54 cards" in response.text


def test_the_deck_is_said_in_german(client):
    response = client.get(URL, headers={"Accept-Language": "de"})

    assert response.status_code == 200
    assert "Klassisch, 36 Karten" in response.text
    assert "Classic, 36 cards" not in response.text
    assert "36 cards" not in response.text


@pytest.mark.django_db
def test_opened_from_a_four_player_game_it_shows_four_seats(client):
    from tests.companion.crawl import play
    from tests.factories import TeamsGameFactory

    game = play(TeamsGameFactory(), "24", "15")  # trick 1 so far: Betty 24, Christian 15

    response = client.get(f"/g/{game.view_token}/dispute/")

    assert response.status_code == 200
    text = response.text
    assert text.count('<li class="slot') == 4
    for place, name in enumerate(["Betty", "Christian", "Doris", "Adam"], start=1):
        assert f'name="name_{place}" value="{name}"' in text
    assert 'name="name_5"' not in text and 'name="card_5"' not in text
    assert '<option value="4" selected>4</option>' in text


def test_the_tap_that_fills_the_trick_answers_the_ruling(client):
    data = {"edition": "classic", "price": "19", "players": "3", "card_1": "24", "card_2": "15"}

    response = client.get(URL, {**data, "card": "17"}, headers={"HX-Request": "true"})

    assert response.status_code == 200
    assert "Player 3 wins with the 17" in response.text
    assert response.text.count('class="slot wins"') == 1
    assert "card_3=17" in response["HX-Push-Url"] and "draft" not in response["HX-Push-Url"]
    # a tap that leaves a place empty asks for the next card, as before
    fewer = client.get(URL, {**data, "players": "4", "card": "17"}, headers={"HX-Request": "true"})
    assert "wins with" not in fewer.text and "cannot be ruled" not in fewer.text


def test_without_javascript_the_last_tap_goes_to_the_ruling(client):
    data = {"edition": "classic", "price": "19", "card_1": "24", "card_2": "15", "card_3": "17"}

    response = client.get(URL, {**data, "card": "32"})

    assert response.status_code == 302
    location = response["Location"]
    assert location.endswith("#result") and "card_4=32" in location and "draft" not in location
    assert "Player 3 wins with the 17" in client.get(location).text


def test_after_a_two_bottle_sale_the_german_page_says_the_dearer_price(client):
    data = {"edition": "matagot", "half_cards": "on", "price": "15", "second_price": "19"}
    data.update({f"card_{i}": card for i, card in enumerate(["12", "10", "30", "32", "36"], 1)})

    response = client.get(URL, data, headers={"Accept-Language": "de"})

    assert response.status_code == 200
    assert (
        "Die 12 ist die höchste Karte unter dem Preis 19: Spieler 1 gewinnt den Stich und "
        "Flasche 2, die teurere; der nächste Stich wird zum Preis 15 gespielt, dem der jetzt "
        "teureren Flasche (15 und 12)."
    ) in response.text
    assert "Neuer Preis: <strong>15</strong>" in response.text
