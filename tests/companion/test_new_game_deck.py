"""The new game's deck is the table's: asked once, remembered on the phone
and in the group, never switched because a seat was filled or emptied; a
variant is always chosen; every error once, beside its field, focused."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from companion.models import Game, Group
from tests.companion.conftest import text

pytestmark = pytest.mark.django_db

URL = reverse("imp:new_game")
HTMX = {"HX-Request": "true"}
FIVE = ["Ann", "Ben", "Cleo", "Dora", "Ed"]
CLASSIC_WORDS = "Classic deck: 36 cards, 126 coins"
TOO_MANY = (
    "5 players need the matagot edition with its half cards; the classic deck is for 2 to 4 "
    "players. Choose Matagot if your table has its 54 cards, or leave seats empty."
)


def seats(names: list[str]) -> dict[str, str]:
    return {f"name_{seat}": name for seat, name in enumerate(names)}


def checked(response, field: str) -> list[str]:
    """The values of the field's radios that are checked."""
    pattern = rf'<input type="radio" name="{field}" value="([^"]+)"[^>]*\bchecked>'
    return re.findall(pattern, response.text)


def deck_error(response) -> str:
    found = re.search(r'<div id="deck-error"[^>]*>(.*?)</div>', text(response), re.S)
    assert found is not None
    return re.sub(r"<[^>]+>", "", found.group(1))


def deck_words(response) -> str:
    found = re.search(r'<p id="deck-words"[^>]*>(.*?)</p>', text(response), re.S)
    assert found is not None
    return found.group(1)


def redraw(client: Client, names: list[str], **values: str):
    """What a name's change asks: the choices for these names."""
    data = {**seats(names), "refresh": "choices", **values}
    return client.post(URL, data, headers=HTMX)


def test_filling_and_emptying_a_fifth_seat_never_changes_the_deck(client):
    four = redraw(client, FIVE[:4], edition="classic", variant="classic", drawn="3")
    assert checked(four, "edition") == ["classic"]

    five = redraw(client, FIVE, edition="classic", variant="classic", drawn="4")

    assert checked(five, "edition") == ["classic"]
    assert deck_error(five) == TOO_MANY
    assert deck_words(five) == CLASSIC_WORDS
    assert checked(five, "variant") == ["second-bottle"]

    emptied = redraw(client, FIVE[:4], edition="classic", variant="second-bottle", drawn="5")

    assert checked(emptied, "edition") == ["classic"]
    assert deck_error(emptied) == ""
    assert deck_words(emptied) == CLASSIC_WORDS
    assert checked(emptied, "variant") == ["classic"]

    start = {**seats(FIVE[:4]), "edition": "classic", "variant": "classic", "drawn": "4"}
    response = client.post(URL, {**start, "goal": "open"})

    game = Game.objects.get()
    assert response.status_code == 302
    assert (game.players, game.edition, game.variant) == (FIVE[:4], "classic", "classic")


def test_five_names_with_the_classic_deck_are_refused_beside_the_deck(client):
    data = {**seats(FIVE), "edition": "classic", "drawn": "5", "goal": "rounds"}

    response = client.post(URL, data, headers=HTMX)

    assert response.status_code == 400
    assert deck_error(response) == TOO_MANY
    assert text(response).count("5 players need the matagot edition") == 1
    assert 'id="id_edition-error" role="alert" tabindex="-1" autofocus' in response.text
    assert checked(response, "edition") == ["classic"]
    assert Game.objects.count() == 0


def test_five_names_with_the_matagot_deck_start_with_its_54_cards(client):
    data = {**seats(FIVE), "edition": "matagot", "drawn": "4", "variant": "classic"}

    redrawn = redraw(client, FIVE, edition="matagot", variant="classic", drawn="4")
    response = client.post(URL, {**data, "goal": "open"})

    assert deck_words(redrawn) == "Matagot deck: 54 cards, 190 coins"
    assert response.status_code == 302
    game = Game.objects.get()
    assert (game.edition, game.variant) == ("matagot", "second-bottle")


def test_a_group_of_five_opens_its_form_with_the_usual_variant_and_no_deck_switched(client):
    group = Group.objects.create(name="Thursdays", players=FIVE)

    asked = client.get(f"{URL}?group={group.edit_token}")

    assert re.findall(r'name="name_\d" id="id_name_\d"\s+value="([^"]*)"', asked.text) == [
        *FIVE,
        "",
    ]
    assert checked(asked, "edition") == []
    assert "No deck chosen yet: which one does your table own?" in text(asked)
    assert checked(asked, "variant") == ["second-bottle"]

    session = client.session
    session["imp_deck"] = "classic"  # this phone's table played with its classic cards
    session.save()
    remembered = client.get(f"{URL}?group={group.edit_token}")

    assert checked(remembered, "edition") == ["classic"]
    assert deck_error(remembered) == TOO_MANY
    assert deck_words(remembered) == CLASSIC_WORDS


def test_the_group_remembers_its_deck_for_its_next_game(client):
    group = Group.objects.create(name="Thursdays", players=FIVE[:4])
    data = {**seats(FIVE[:4]), "group": group.edit_token, "edition": "matagot", "goal": "open"}

    client.post(URL, data)

    group.refresh_from_db()
    assert group.edition == "matagot"
    other_phone = Client().get(f"{URL}?group={group.edit_token}")
    assert checked(other_phone, "edition") == ["matagot"]
    assert deck_words(other_phone) == "Matagot deck: 36 cards, 127 coins"


def test_this_phone_remembers_its_deck(client):
    client.post(URL, {**seats(FIVE[:3]), "edition": "matagot", "goal": "open"})

    again = client.get(URL)

    assert checked(again, "edition") == ["matagot"]
    assert deck_words(again) == "Matagot deck: 36 cards, 127 coins"
    assert checked(Client().get(URL), "edition") == []


def test_the_deck_is_asked_once_and_its_error_is_beside_it(client):
    response = client.post(URL, {**seats(FIVE[:3]), "goal": "rounds"})

    assert response.status_code == 400
    assert text(response).count("Choose the deck your table plays with.") == 1
    assert deck_error(response) == "Choose the deck your table plays with."
    assert Game.objects.count() == 0


def test_a_duplicate_name_is_said_once_beside_its_seat_and_takes_the_focus(client):
    data = {**seats(["Adam", "Betty", "adam"]), "edition": "classic", "goal": "rounds"}

    response = client.post(URL, data)

    message = "Two players may not share a name: 'Adam' and 'adam' are the same name."
    assert response.status_code == 400
    assert text(response).count("may not share a name") == 1
    error = re.search(
        r'<p class="errorlist" id="id_name_2-error" role="alert">([^<]*)</p>', text(response)
    )
    assert error is not None and error.group(1) == message
    field = re.search(r'<input type="text" name="name_2"[^>]*>', response.text)
    assert field is not None
    assert 'aria-invalid="true"' in field.group(0) and "autofocus" in field.group(0)
    assert response.text.count("autofocus") == 1


@pytest.mark.parametrize(
    ("names", "usual"),
    [(2, "lopaka"), (3, "classic"), (4, "classic"), (5, "second-bottle"), (6, "second-bottle")],
)
def test_every_number_of_players_has_the_usual_variant_chosen(client, names, usual):
    response = redraw(client, [f"P{seat}" for seat in range(names)], edition="matagot")

    assert checked(response, "variant") == [usual]


def test_a_variant_the_table_chose_is_kept(client):
    response = redraw(client, FIVE[:4], edition="classic", variant="teams:2-1-1", drawn="4")

    assert checked(response, "variant") == ["teams:2-1-1"]


def test_start_without_a_variant_plays_the_usual_one(client):
    response = client.post(URL, {**seats(FIVE[:4]), "edition": "classic", "goal": "open"})

    assert response.status_code == 302
    assert Game.objects.get().variant == "classic"


def test_a_variant_drawn_for_other_names_gives_way_to_the_usual_one(client):
    # The third name typed and Start tapped at once: the screen still had
    # the variants for two.
    data = {**seats(FIVE[:3]), "edition": "classic", "variant": "lopaka", "drawn": "2"}

    response = client.post(URL, {**data, "goal": "open"})

    assert response.status_code == 302
    assert Game.objects.get().variant == "classic"


def test_a_changed_choice_redraws_what_the_form_says_of_it(client):
    data = {**seats(FIVE), "edition": "classic", "variant": "teams:2-2-1", "drawn": "5"}

    response = client.post(
        URL,
        {**data, "dealer": "Cleo", "goal": "target", "target": "300", "refresh": "now"},
        headers=HTMX,
    )

    assert response.status_code == 200
    assert '<span id="variant-now" hx-swap-oob="true">Teams 2-2-1</span>' in response.text
    assert '<span id="dealer-now" hx-swap-oob="true">Cleo</span>' in response.text
    assert '<span id="goal-now" hx-swap-oob="true">a total of 300</span>' in response.text
    assert '<span id="deck-now" hx-swap-oob="true">Classic</span>' in response.text
    assert deck_error(response) == TOO_MANY
    assert deck_words(response) == CLASSIC_WORDS
