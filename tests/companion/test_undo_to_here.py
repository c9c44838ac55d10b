"""Undo back to a change of the history asks first ("Undo 15 changes, back
to before …?"), as a page of its own and, for htmx, in place of its button;
Yes undoes them all, and one Redo brings back all that one tap undid. Both
are kept in the history (the changes marked undone, then done again) and
can be taken back."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from companion.models import Change, Round
from tests.companion.conftest import Seat, rounds_of, text
from tests.companion.tables import cards_of, game_for, simulated
from tests.companion.test_trick_markup import Forms

pytestmark = pytest.mark.django_db

RECORD = simulated("classic", 3, rounds=1, seed=11)
CARDS = cards_of(RECORD["rounds"][0])[:16]


@pytest.fixture
def sixteen(client) -> Seat:
    """A classic game of three with 16 cards entered, one change each."""
    game = game_for(RECORD)
    seat = Seat(client, game, game.edit_token)
    seat.play(*CARDS)
    return seat


def stored(seat: Seat) -> list[list[str]]:
    """The round's tricks as stored."""
    return Round.objects.get(game=seat.game, number=1).tricks


def tricks_of(cards: list[str]) -> list[list[str]]:
    return [cards[start : start + 3] for start in range(0, len(cards), 3)]


def second_change(seat: Seat) -> Change:
    """The change of the second card: an undo back to it takes 15 back."""
    return Change.objects.filter(game=seat.game).order_by("number")[1]


def said(change: Change) -> str:
    """The change as the history says it in English ("Betty's 24 in trick 1")."""
    return f"{change.values['player']}'s {change.values['card']} in trick 1"


def test_the_history_asks_first_instead_of_undoing(sixteen):
    page = sixteen.get("round")
    target = second_change(sixteen)

    forms = [form for form in Forms(page.text).forms if form["button"] == "Undo back to here…"]

    assert len(forms) == 16
    assert all(form["method"] == "get" for form in forms)
    assert sixteen.url("undo_to", target.number) in [form["action"] for form in forms]
    assert stored(sixteen) == tricks_of(CARDS)


def test_the_question_names_the_count_and_the_change_then_yes_undoes_them_all(sixteen):
    target = second_change(sixteen)

    question = sixteen.get("undo_to", target.number)

    assert question.status_code == 200
    assert "<html" in question.text  # a page of its own, without JavaScript
    assert f"Undo 15 changes, back to before {said(target)}?" in text(question)
    assert stored(sixteen) == tricks_of(CARDS)  # asking changes nothing
    yes = Forms(question.text).form("Yes, undo 15 changes")
    assert yes["action"] == sixteen.url("undo")
    assert yes["fields"]["back_to"] == str(target.number)
    assert "No, keep them" in Forms(question.text).links

    answer = sixteen.client.post(yes["action"], yes["fields"])

    assert answer.status_code == 302
    assert stored(sixteen) == [CARDS[:1]]
    assert Change.objects.filter(game=sixteen.game, undone=True).count() == 15
    round_page = text(sixteen.get("round"))
    assert f"Undone: 15 changes, back to before {said(target)}" in round_page
    assert "↷ Redo all 15 changes" in round_page


def test_one_redo_brings_back_all_fifteen(sixteen):
    target = second_change(sixteen)
    sixteen.post("undo", {"back_to": target.number})
    assert stored(sixteen) == [CARDS[:1]]

    assert sixteen.post("redo").status_code == 302

    assert stored(sixteen) == tricks_of(CARDS)
    assert not Change.objects.filter(game=sixteen.game, undone=True).exists()
    page = text(sixteen.get("round"))
    assert "Redo" not in page.split('id="undo-bar"')[1].split("</div>")[0]
    # the redo is undoable too: Undo takes back the last card again
    assert sixteen.post("undo").status_code == 302
    assert stored(sixteen) == tricks_of(CARDS[:15])


def test_redo_goes_back_in_the_order_of_the_undos(sixteen):
    target = second_change(sixteen)
    sixteen.post("undo", {"back_to": target.number})
    sixteen.post("undo")  # the first card too, alone

    assert stored(sixteen) == []
    bar = text(sixteen.get("round"))
    assert "↷ Redo all" not in bar  # the first redo makes the first card again, alone
    sixteen.post("redo")
    assert stored(sixteen) == [CARDS[:1]]
    assert "↷ Redo all 15 changes" in text(sixteen.get("round"))
    sixteen.post("redo")
    assert stored(sixteen) == tricks_of(CARDS)


def test_with_htmx_the_question_comes_in_place_and_no_brings_back_the_list(sixteen):
    target = second_change(sixteen)

    question = sixteen.get("undo_to", target.number, htmx=True)

    assert question.status_code == 200
    assert "<html" not in question.text
    assert 'class="undo-question"' in question.text
    assert f'hx-post="{sixteen.url("undo")}"' in question.text
    assert f'hx-get="{sixteen.url("history")}"' in question.text  # No: the list again
    assert f"Undo 15 changes, back to before {said(target)}?" in text(question)

    yes = Forms(question.text).form("Yes, undo 15 changes")
    answer = sixteen.client.post(yes["action"], yes["fields"], headers={"HX-Request": "true"})

    assert answer.status_code == 200
    assert f"Undone: 15 changes, back to before {said(target)}" in text(answer)
    assert stored(sixteen) == [CARDS[:1]]


def test_one_change_is_said_in_the_singular(sixteen):
    last = Change.objects.filter(game=sixteen.game).order_by("number").last()

    question = text(sixteen.get("undo_to", last.number))

    assert "Undo 1 change, back to before " in question
    assert "Yes, undo 1 change" in question


def test_the_question_in_german(sixteen):
    target = second_change(sixteen)
    german = Seat(Client(headers={"Accept-Language": "de"}), sixteen.game, sixteen.token)
    card, player = target.values["card"], target.values["player"]

    question = text(german.get("undo_to", target.number))

    assert f"15 Änderungen zurücknehmen, zurück bis vor {card} von {player} in Stich 1?" in question
    assert "Ja, 15 Änderungen zurücknehmen" in question
    assert "Nein, behalten" in question
    german.post("undo", {"back_to": target.number})
    bar = text(german.get("round"))
    assert f"Zurückgenommen: 15 Änderungen, zurück bis vor {card} von {player}" in bar
    assert "↷ Alle 15 Änderungen wiederholen" in bar


def test_a_change_made_after_the_question_makes_its_yes_a_conflict(sixteen):
    target = second_change(sixteen)
    question = sixteen.get("undo_to", target.number)
    yes = Forms(question.text).form("Yes, undo 15 changes")
    sixteen.play(cards_of(RECORD["rounds"][0])[16])  # a 17th card, from another phone
    before = rounds_of(sixteen.game)

    answer = sixteen.client.post(yes["action"], yes["fields"], headers={"HX-Request": "true"})

    assert answer.status_code == 409
    assert rounds_of(sixteen.game) == before


def test_a_change_undone_meanwhile_is_said_and_offers_no_yes(sixteen):
    target = second_change(sixteen)
    sixteen.post("undo", {"back_to": target.number})

    question = text(sixteen.get("undo_to", target.number))

    assert "that change was undone meanwhile" in question
    assert "Yes, undo" not in question
    assert re.search(r"Back to the round", question)


def test_the_question_refuses_the_wrong_method_the_view_link_and_strangers(sixteen, stranger):
    number = second_change(sixteen).number

    assert sixteen.post("undo_to", {}, number).status_code == 405
    assert (
        Seat(Client(), sixteen.game, sixteen.game.view_token).get("undo_to", number).status_code
        == 403
    )
    assert stranger.get("undo_to", number).status_code == 404
