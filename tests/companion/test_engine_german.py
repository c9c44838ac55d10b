"""The engine's words in German (companion.texts): every template of the
engine and every frame the app puts around a finding has its German in the
app's own catalogue, with the same values; a refused card, a trick's
ruling and a score's reason read in German with the players' names and the
cards as they are, and a half card with a decimal comma."""

from __future__ import annotations

from pathlib import Path
from string import Formatter

import polib
import pytest
from django.test import Client
from django.utils import translation

from companion.present import face
from companion.replay import game_state
from companion.screens.play import led_view
from companion.texts import CHANGES, FRAMES, in_words, say
from scoring.cards import card_code, deck_for
from scoring.findings import RuleError
from scoring.record import parse_record, replay
from scoring.scores import ScoreLine, reason
from scoring.texts import TEMPLATES, Card, Cards, Text
from scoring.tricks import explain, rule_trick
from tests.companion.conftest import Seat, text
from tests.companion.tables import cards_of, game_for, simulated
from tests.scoring.test_texts import SAID, said

pytestmark = pytest.mark.django_db

CATALOGUE = Path(__file__).resolve().parents[2] / "companion/locale/de/LC_MESSAGES/django.po"
ENGLISH = {*TEMPLATES.values(), *FRAMES.values(), *CHANGES.values()}
FIRST_TRICK = ("24", "15", "17")
"""Betty, Christian, Adam: Adam wins with the 17, below the price 19."""


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(template) if name}


def entries() -> dict[str, polib.POEntry]:
    return {entry.msgid: entry for entry in polib.pofile(str(CATALOGUE))}


def test_every_template_of_the_engine_has_its_german():
    found = entries()

    missing = sorted(
        english
        for english in ENGLISH
        if english not in found or not found[english].msgstr or found[english].fuzzy
    )
    assert missing == []


def test_the_german_fills_the_same_values():
    wrong = [
        (entry.msgid, entry.msgstr)
        for entry in entries().values()
        if fields(entry.msgid) != fields(entry.msgstr)
    ]
    assert wrong == []


def test_the_catalogue_holds_only_the_engines_words():
    assert sorted(set(entries()) - ENGLISH) == []


def german(value) -> str:
    with translation.override("de"):
        return say(value)


@pytest.mark.parametrize("path", SAID)
def test_in_english_the_app_says_what_the_command_line_says(path):
    with translation.override("en"):
        assert [say(each) for each in said(path)] == [str(each) for each in said(path)]


@pytest.mark.parametrize("path", SAID)
def test_in_german_every_text_is_said_with_all_its_values(path):
    for each in said(path):
        words = german(each)
        assert "{" not in words or "{" in str(each), words


def test_a_refused_card_in_german_names_the_player_the_card_and_the_trick():
    data = {
        "format": "bottle-imp/1",
        "variant": "classic",
        "players": ["Adam", "Betty", "Christian"],
        "first_dealer": 0,
        "goal": {},
        "rounds": [{"tricks": [["24", "15", "17"], ["20", "24", "21"]]}],
    }
    with pytest.raises(RuleError) as raised:
        replay(parse_record(data))

    with translation.override("de"):
        assert in_words(raised.value, shown=1) == (
            "24 von Betty in Stich 2: die 24 wurde schon in Stich 1 gespielt."
        )
        assert in_words(raised.value, shown=2) == (
            "Runde 1: 24 von Betty in Stich 2: die 24 wurde schon in Stich 1 gespielt."
        )
    assert german(raised.value) == (
        "Runde 1, Stich 2: Betty spielt 24: die 24 wurde schon in Stich 1 gespielt"
    )


def test_a_ruling_in_german():
    codes = [card_code(card) for card in ("24", "15", "17")]
    ruling = explain(rule_trick(codes, [card_code("19")]), ["Betty", "Christian", "Adam"])

    assert german(ruling) == (
        "Die 17 ist die höchste Karte unter dem Preis 19: Adam gewinnt den Stich und die Flasche; "
        "der Preis ist jetzt 17."
    )


def test_a_score_reason_in_german():
    line = ScoreLine(0, 40, 0, None, None, False, "alone", 80)

    assert german(reason(line, ["Adam"], 40, 13)) == (
        "40 Münzen in Stichen; spielt allein, also doppelt: 2 × 40 = 80"
    )


def test_a_half_card_is_written_with_a_decimal_comma_in_german():
    text = Text("imps.not_the_rest", listed=Cards([Card("2.5"), Card("17")]), actual=Cards())

    assert german(text).startswith("der Teufelsstich ist als 2,5, 17 eingegeben")
    assert german(Text("card.already_played", card=Card("36.5"), earlier=3)) == (
        "die 36,5 wurde schon in Stich 3 gespielt"
    )
    with translation.override("en"):
        assert say(text).startswith("the Imp's Trick is entered as 2.5, 17")


def test_names_are_never_translated():
    text = Text("ruling.sold", card=Card("17"), price=Card("19"), winner="Blau")

    assert german(text).count("Blau") == 1
    assert german(Text("open.must_follow", colour=Text("colour.blue"))) == (
        "die offene Hand hat Blau, also muss sie Blau bedienen"
    )


@pytest.fixture
def german_editor(game) -> Seat:
    return Seat(Client(headers={"Accept-Language": "de"}), game, game.edit_token)


def test_the_round_screen_refuses_a_card_in_german(german_editor):
    german_editor.play(*FIRST_TRICK)

    response = german_editor.post("play_card", {"card": "15"}, htmx=True)

    assert response.status_code == 400
    assert "15 von Adam in Stich 2: die 15 wurde schon in Stich 1 gespielt." in text(response)


def test_the_round_screen_rules_on_a_trick_in_german(german_editor):
    german_editor.play(*FIRST_TRICK)

    page = text(german_editor.get("round"))

    assert (
        "Die 17 ist die höchste Karte unter dem Preis 19: Adam gewinnt den Stich und die Flasche; "
        "der Preis ist jetzt 17."
    ) in page


def test_the_round_screen_gives_each_score_its_reason_in_german():
    record = simulated("classic", 3, rounds=2, seed=11)
    game = game_for(record)
    seat = Seat(Client(headers={"Accept-Language": "de"}), game, game.edit_token)
    seat.play(*cards_of(record["rounds"][0]))

    page = text(seat.get("round"))

    state = game_state(game).rounds[0]
    names = state.shape.names
    for line in state.outcome.lines:
        why = reason(line, names, state.trick_points[line.player], state.penalty)
        assert german(why) in page
        assert "Münzen" in german(why)


def test_a_card_face_names_its_colour_in_the_readers_language():
    deck = deck_for("classic", 3)

    with translation.override("de"):
        german_face = face(deck, card_code("17"))
        led = led_view(deck, deck.colour[card_code("17")])
    english_face = face(deck, card_code("17"))

    assert ", Blau, " in german_face.words
    assert german_face.css == english_face.css == "suit-blue"
    assert ", blue, " in english_face.words
    assert (led.name, led.css) == ("Blau", "suit-blue")


def dispute_in_german(*cards: str):
    data = {"edition": "classic", "price": "19"}
    data.update({f"card_{place}": card for place, card in enumerate(cards, 1)})
    return Client(headers={"Accept-Language": "de"}).get("/dispute/", data)


def test_the_dispute_page_rules_in_german():
    page = text(dispute_in_german("24", "15", "17", "32"))

    assert (
        "Die 17 ist die höchste Karte unter dem Preis 19: Spieler 3 gewinnt den Stich und die "
        "Flasche; der Preis ist jetzt 17."
    ) in page
    assert "Die Flasche wird an Spieler 3 verkauft: der Preis sinkt von 19 auf 17." in page


def test_the_dispute_page_refuses_a_card_in_german():
    response = dispute_in_german("24", "19")

    assert response.status_code == 400
    assert "Karte 2: die 19 ist die Startpreis-Karte, keine Spielkarte." in text(response)
