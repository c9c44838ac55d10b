"""Numbers as a German reader writes them: a half card (Matagot's 54-card
deck) and a price with a decimal comma, shown as "2,5" and typed as "2,5";
the English pages keep "2.5", and the forms' values stay "2.5"."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse
from django.utils import translation

from companion.forms.round import CardField
from companion.present import face
from scoring.cards import card_code
from scoring.dispute import dispute_deck

pytestmark = pytest.mark.django_db

GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}

# A Matagot trick of three, the bottle at 4.5: Anna's 2.5 is the only card
# below the price, so it wins and buys the bottle at 2.5.
TRICK = {
    "edition": "matagot",
    "half_cards": "on",
    "price": "4,5",
    "second_price": "",
    "card_1": "2.5",
    "card_2": "7",
    "card_3": "9",
    "card_4": "20",
    "card_5": "30",
    "name_1": "Anna",
    "name_2": "Bernd",
    "name_3": "Clara",
    "rule": "1",
}


def test_a_card_field_takes_a_decimal_comma():
    field = CardField()

    assert field.clean("2,5") == card_code("2.5") == field.clean("2.5")


def test_a_half_card_reads_with_the_readers_decimal_mark():
    deck = dispute_deck("matagot", True)
    with translation.override("de"):
        german = face(deck, card_code("2.5"))
    with translation.override("en"):
        english = face(deck, card_code("2.5"))

    assert (german.number, german.text) == ("2,5", "2.5")
    assert german.label == "2,5, 1 Münze, Rot"
    assert (english.number, english.text) == ("2.5", "2.5")
    assert english.label == "2.5, 1 coin, red"


def test_the_dispute_takes_a_price_typed_with_a_comma_and_answers_in_german(client):
    page = html.unescape(client.get(reverse("imp:dispute"), TRICK, headers=GERMAN).text)

    assert "Anna gewinnt mit der 2,5" in page
    assert "Neuer Preis: <strong>2,5</strong>" in page
    assert 'value="2.5"' in page  # the card as the form sends it
    assert '<span class="num">2,5</span>' in page


def test_the_same_trick_in_english_keeps_the_point(client):
    page = html.unescape(client.get(reverse("imp:dispute"), TRICK).text)

    assert "Anna wins with the 2.5" in page
    assert "New price: <strong>2.5</strong>" in page
