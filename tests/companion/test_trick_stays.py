"""The trick just played stays in its slots (issue 22): once a trick's last
card is in, the round screen keeps its cards, its winner marked (the
engine's: its replay's winner), with its ruling, until the next trick's
first card (companion.screens.play.RoundView.last_trick).

The game: a classic game of three (tests.factories.GameFactory: Adam deals,
Betty leads), its round dealt by the engine's simulator."""

from __future__ import annotations

import re
import uuid

import pytest

from companion.present import Replayed
from companion.screens.play import round_view
from tests.companion.conftest import Seat, text
from tests.companion.tables import cards_of, simulated

pytestmark = pytest.mark.django_db

CARDS = cards_of(simulated("classic", 3, seed=5)["rounds"][0])


def view_of(seat: Seat):
    replayed = Replayed.of(seat.game)
    return replayed, round_view(replayed, replayed.rounds[-1])


def last_trick_slots(page: str) -> list[tuple[str, str, bool]]:
    """The slots of the trick just played: name, card, marked as the winner."""
    found = re.search(r'<ol class="slots last-trick"[^>]*>(.*?)</ol>', page, re.S)
    assert found is not None
    slots = re.findall(
        r'<li class="slot( wins)?"><span class="slot-name">([^<]+)</span>'
        r'<span class="face[^"]*"><span class="num">([^<]+)</span>.*?</li>',
        found.group(1),
        re.S,
    )
    return [(name, number, bool(wins)) for wins, name, number in slots]


def test_no_trick_is_kept_before_the_first_trick_is_complete(editor):
    editor.play(*CARDS[:2])

    _, view = view_of(editor)

    assert view.last_trick is None
    assert 'class="slots last-trick"' not in text(editor.get("round"))


def test_the_trick_just_played_stays_with_its_winner_and_ruling(editor, viewer):
    editor.play(*CARDS[:3])

    replayed, view = view_of(editor)
    play = replayed.round_state(1).tricks[0]
    names = replayed.table.players
    assert view.last_trick is not None
    assert view.last_trick.number == 1
    assert view.last_trick.winner == names[play.winner]
    assert [(card.name, card.face.text) for card in view.last_trick.cards] == [
        (names[seat], face) for seat, face in zip(play.players, CARDS[:3], strict=True)
    ]
    # on the editor's screen and the viewer's alike, in the order played
    for seat in (editor, viewer):
        page = text(seat.get("round"))
        assert last_trick_slots(page) == [
            (names[p], card, p == play.winner)
            for p, card in zip(play.players, CARDS[:3], strict=True)
        ]
        assert f"<strong>Trick 1:</strong> {view.last_trick.ruling}" in page
        assert f'<h2 class="asks">{names[play.winner]}\'s card</h2>' in page


def test_the_trick_leaves_at_the_next_tricks_first_card(editor, viewer):
    editor.play(*CARDS[:4])

    _, view = view_of(editor)

    assert view.last_trick is None
    assert view.ruling is not None and view.ruling.number == 1  # the ruling stays in the news
    for seat in (editor, viewer):
        assert 'class="slots last-trick"' not in text(seat.get("round"))


def test_a_cards_answer_keeps_the_trick_just_played(editor):
    editor.play(*CARDS[:2])
    editor.game.refresh_from_db()

    response = editor.client.post(
        editor.url("play_card"),
        {"version": editor.game.version, "key": uuid.uuid4().hex, "card": CARDS[2]},
        headers={"HX-Request": "true", "HX-Target": "play"},
    )

    assert response.status_code == 200
    page = text(response)
    assert len(last_trick_slots(page)) == 3
    assert 'class="slots upcoming"' in page  # the next trick's slots, for the next tap


def test_the_trick_just_played_in_german(editor, viewer):
    editor.play(*CARDS[:3])

    page = text(viewer.client.get(viewer.url("round"), headers={"Accept-Language": "de"}))

    assert 'aria-label="Stich 1, eben gespielt"' in page
    assert '<strong class="won-tag">sticht</strong>' in page
