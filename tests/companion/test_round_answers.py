"""What the round screen's htmx answers carry: the round in play without
its closed tricks list (fetched when opened), and what a page visit costs."""

from __future__ import annotations

import re

from django.urls import reverse

from tests.companion.conftest import Seat

FIRST_TRICK = ("24", "15", "17")


def test_a_card_answer_leaves_the_tricks_list_to_be_fetched(editor):
    editor.play(*FIRST_TRICK)

    response = editor.post("play_card", {"card": "33"}, htmx=True)

    text = response.text
    assert response.status_code == 200
    assert "Tricks of this round (2)" in text
    assert f'hx-get="/g/{editor.token}/round/tricks/"' in text
    assert 'hx-trigger="toggle once from:closest details"' in text
    assert "Delete trick 1" not in text


def test_the_tricks_list_when_opened(editor):
    editor.play(*FIRST_TRICK, "33")

    response = editor.get("round_tricks", htmx=True)

    text = response.text
    assert response.status_code == 200
    assert text.lstrip().startswith('<ol class="trick-list">')
    assert "Delete trick 1" in text
    assert f'href="/g/{editor.token}/rounds/1/tricks/1/edit/"' in text
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
    assert "Correct trick" not in response.text


def test_the_full_round_page_lists_the_tricks(editor):
    editor.play(*FIRST_TRICK)

    response = editor.get("round")

    assert "Delete trick 1" in response.text
    assert "toggle once" not in response.text


def test_the_tricks_list_of_an_unknown_game_is_404(client, db):
    assert client.get(reverse("imp:round_tricks", args=["nope"])).status_code == 404


def test_a_game_page_visit_writes_the_session_once(editor, django_assert_num_queries):
    editor.get("game")  # remembered: the session is written

    with django_assert_num_queries(3):  # session, game, rounds
        response = editor.get("game")

    assert response.status_code == 200
