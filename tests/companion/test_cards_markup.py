"""The card partials of ``imp/cards.html`` as they draw one card: what the
eye sees, what a screen reader says, and that every screen uses them."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string

from companion.present import PlayedCard, face
from companion.screens.play import pick
from scoring.cards import card_code, deck_for
from tests.companion.conftest import text

CLASSIC = deck_for("classic", 4)
MATAGOT = deck_for("matagot", 4)
BLUE_17 = (
    '<span class="face face-suit-blue"><span class="num">17</span><span class="meta">'
    '<span class="sym" aria-hidden="true">◆</span><span class="coins">3</span></span>'
    '<span class="visually-hidden">, blue, 3 coins</span></span>'
)


def draw(partial: str, **context) -> str:
    return render_to_string(f"imp/cards.html#{partial}", context)


def test_a_face_shows_number_symbol_and_coins_and_says_colour_and_coins():
    assert draw("face", face=face(CLASSIC, card_code("17"))) == BLUE_17


def test_a_face_of_one_coin_says_coin():
    drawn = draw("face", face=face(MATAGOT, card_code("2")))

    assert 'class="face face-matagot-red"' in drawn
    assert '<span class="visually-hidden">, red, 1 coin</span>' in drawn


def test_a_named_face_writes_its_colour_beside_the_symbol():
    drawn = draw("face", face=face(CLASSIC, card_code("15"), named=True))

    assert '<span class="sym" aria-hidden="true">▼</span> yellow<span class="coins">' in drawn
    assert '<span class="visually-hidden">, 4 coins</span>' in drawn


@pytest.mark.parametrize(
    ("state", "markup"),
    [
        ("ok", '<button type="submit" name="card" value="17" class="pick"  aria-label='),
        ("off", '<button type="submit" name="card" value="17" class="pick" disabled aria-label='),
    ],
)
def test_a_pick_is_a_button_named_like_its_face(state, markup):
    drawn = draw("pick", item=pick(face(CLASSIC, card_code("17")), state))

    assert drawn.startswith(markup)
    assert 'aria-label="17, 3 coins, blue">' + BLUE_17 + "</button>" in drawn


def test_a_card_played_already_leaves_a_gap_in_the_picker():
    drawn = draw("pick", item=pick(face(CLASSIC, card_code("17")), "gone"))

    assert drawn == '<span class="pick gone" aria-hidden="true"></span>'


def test_a_played_card_names_its_player_escaped_and_whether_it_wins():
    card = PlayedCard('<b>"Eve"</b>', face(CLASSIC, card_code("17")), wins=True)

    drawn = draw("played_card", card=card)

    assert '<span class="player">&lt;b&gt;&quot;Eve&quot;&lt;/b&gt;</span> ' + BLUE_17 in drawn
    assert drawn.endswith('<strong class="tag">wins</strong></span>')


def test_a_played_card_that_does_not_win_says_nothing_of_winning():
    card = PlayedCard("Eve", face(CLASSIC, card_code("17")))

    assert "wins" not in draw("played_card", card=card)


@pytest.mark.django_db
def test_every_screen_draws_the_face_partial(editor):
    editor.play("24", "15")  # Betty leads the 24, Christian plays the 15
    face_24 = draw("face", face=face(CLASSIC, card_code("24")))
    played = '<span class="played-by"><span class="player">Betty</span> ' + face_24

    screens = {
        "round": editor.get("round"),
        "round answer": editor.get("round", htmx=True),
        "tricks answer": editor.get("round_tricks", htmx=True),
        "round detail": editor.get("round_detail", 1),
    }

    assert all(face_24 in response.text for response in screens.values())
    assert BLUE_17 in screens["round answer"].text  # in the picker, still to be played
    assert played in screens["tricks answer"].text
    assert played in screens["round detail"].text


@pytest.mark.django_db
def test_the_dispute_page_draws_its_cards_with_the_face_partial(client):
    trick = {"card_1": "24", "card_2": "17", "card_3": "32"}
    response = client.get("/dispute/", {"edition": "classic", "price": "19", **trick})

    assert response.status_code == 200
    trick = response.text.split('class="slots places"')[1].split('class="cards"')[0]
    assert '<span class="face face-suit-blue"><span class="num">24</span>' in trick
    winner = trick.split('class="slot wins"')[1].split("</li>")[0]
    assert '<span class="num">17</span>' in winner
    assert "Player 2 wins with the 17" in text(response)
