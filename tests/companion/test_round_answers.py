"""What the round screen's htmx answers carry: the round in play without
its closed tricks list (fetched when opened), and what a page visit costs."""

from __future__ import annotations

import re
import uuid

from django.urls import reverse

from scoring.simulate import simulate
from tests.companion.conftest import Seat

FIRST_TRICK = ("24", "15", "17")


def test_a_card_answer_leaves_the_tricks_list_to_be_fetched(editor):
    editor.play(*FIRST_TRICK)

    response = editor.post("play_card", {"card": "33"}, htmx=True)

    text = response.text
    assert response.status_code == 200
    assert 'Tricks of this round (<span id="tricks-count">2</span>)' in text
    assert f'hx-get="/g/{editor.token}/round/tricks/"' in text
    assert 'hx-trigger="toggle once from:closest details"' in text
    assert "Delete trick 1" not in text


def play_answer(editor, card: str):
    """A card as static/js/round.js sends it: htmx headers, target the play region."""
    editor.game.refresh_from_db()
    fields = {"version": editor.game.version, "key": uuid.uuid4().hex, "card": card}
    headers = {"HX-Request": "true", "HX-Target": "play"}
    return editor.client.post(editor.url("play_card"), fields, headers=headers)


def test_a_card_sent_for_the_play_region_answers_only_what_a_card_changes(editor):
    editor.play(*FIRST_TRICK)

    response = play_answer(editor, "33")

    text = response.text
    editor.game.refresh_from_db()
    assert response.status_code == 200
    assert text.lstrip().startswith('<section id="play"')
    assert f'data-version="{editor.game.version}"' in text
    assert 'id="round"' not in text and "Someone else deals" not in text
    assert '<section class="status" id="round-status"' in text  # the coins so far
    assert '<span id="tricks-count" hx-swap-oob="true">2</span>' in text
    assert 'Trick 2 of 11 · <span class="led">Led: ' in text
    assert "<strong>red</strong>" in text  # the engine's led colour: 33 is red
    assert "Adam's card" not in text and "Betty's card" in text
    assert "data-refresh" not in text


def test_a_rounds_first_card_for_the_play_region_asks_for_the_rest_of_the_round(editor):
    response = play_answer(editor, "24")

    assert response.text.lstrip().startswith('<section id="play"')
    assert "data-refresh" in response.text


def test_a_refused_card_for_the_play_region_says_why_in_it(editor):
    editor.play(*FIRST_TRICK)

    response = play_answer(editor, "24")

    assert response.status_code == 400
    assert response.text.lstrip().startswith('<section id="play"')
    assert 'id="error-card"' in response.text
    assert "24 was already played in trick 1" in response.text


def test_the_rounds_last_card_for_the_play_region_answers_the_whole_round(editor):
    record = simulate("classic", 3, rounds=1, seed=5, edition="classic")
    editor.game.first_dealer = record["first_dealer"]
    editor.game.save()
    cards = [card for trick in record["rounds"][0]["tricks"] for card in trick]
    editor.play(*cards[:-1])

    response = play_answer(editor, cards[-1])

    assert response.status_code == 200
    assert response.text.lstrip().startswith('<section id="round"')
    assert "Confirm round 1" in response.text
    # htmx swaps it in place of the whole round, not of the play, at once
    assert response["HX-Retarget"] == "#round"
    assert response["HX-Reswap"] == "outerHTML settle:0ms"


def test_the_tricks_list_when_opened(editor):
    editor.play(*FIRST_TRICK, "33")

    response = editor.get("round_tricks", htmx=True)

    text = response.text
    assert response.status_code == 200
    assert text.lstrip().startswith('<ol class="trick-list">')
    assert "Delete trick 1" in text
    assert f'href="/g/{editor.token}/rounds/1/tricks/1/fix/"' in text
    assert "Delete trick 2" not in text  # the trick being played
    assert "Adam wins the trick" in text
    editor.game.refresh_from_db()
    versions = re.findall(r'name="version" value="(\d+)"', text)
    assert versions == [str(editor.game.version)]


def test_the_tricks_list_for_the_view_link_has_no_forms(editor, client):
    editor.play(*FIRST_TRICK)
    viewer = Seat(client, editor.game, editor.game.view_token)

    response = viewer.get("round_tricks", htmx=True)

    assert response.status_code == 200
    assert "Adam wins the trick" in response.text
    assert "<form" not in response.text
    assert "Fix trick" not in response.text


def test_the_full_round_page_lists_the_tricks(editor):
    editor.play(*FIRST_TRICK)

    response = editor.get("round")

    assert "Delete trick 1" in response.text
    assert "toggle once" not in response.text


def test_the_tricks_list_of_an_unknown_game_is_404(client, db):
    assert client.get(reverse("imp:round_tricks", args=["nope"])).status_code == 404


def test_a_game_page_visit_writes_the_session_once(editor, django_assert_num_queries):
    editor.get("game")  # remembered: the session is written

    with django_assert_num_queries(2):  # session, game (its replay is in the cache)
        response = editor.get("game")

    assert response.status_code == 200
