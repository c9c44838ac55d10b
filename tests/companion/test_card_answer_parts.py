"""A card's answer for the play region (static/js/round.js) sends only the
parts of the round screen the card changed, and a change of the round being
played does the engine's work before the game is locked: a game changed
meanwhile is a conflict and nothing is written."""

from __future__ import annotations

import re
import uuid

import pytest
from django.test import Client

from companion import actions
from companion.models import Change, Game, Submission
from companion.replay import CurrentRound
from scoring.cards import card_code, card_text
from tests.companion.conftest import Seat, rounds_of

FIRST_TRICK = ("24", "15", "17")  # Betty, Christian, Adam: Adam's 17 wins
REVOKE = ("24", "15", "17", "4", "6", "8")  # Christian did not follow blue, then plays 8
ALWAYS = ('id="trick-now"', 'id="play-news"', 'id="action-bar"')


def play_answer(seat: Seat, card: str):
    """A card as round.js sends it: the htmx headers, for the play region."""
    seat.game.refresh_from_db()
    fields = {"version": seat.game.version, "key": uuid.uuid4().hex, "card": card}
    headers = {"HX-Request": "true", "HX-Target": "play"}
    return seat.client.post(seat.url("play_card"), fields, headers=headers)


def a_legal_card(game: Game) -> str:
    """A card the engine offers next (the first of its choices)."""
    current = CurrentRound.load(game)
    assert current is not None
    ask = current.prompt(current.row.number)
    assert ask is not None
    return card_text(ask.choices[0])


def parts(text: str) -> set[str]:
    return set(re.findall(r'\bid="([\w-]+)"', text))


def test_a_card_within_a_trick_sends_the_play_alone(editor):
    editor.play(*FIRST_TRICK, "33")

    response = play_answer(editor, a_legal_card(editor.game))

    text = response.text
    assert response.status_code == 200
    assert text.lstrip().startswith('<section id="play"')
    assert " data-parts" in text.split(">", 1)[0]
    for part in ALWAYS:
        assert part in text
    assert 'data-marks="' in text
    assert not parts(text) & {
        "play-facts",
        "fix-place",
        "round-status",
        "tricks-count",
        "round-head",
        "revokes",
    }
    assert "csrfmiddlewaretoken" not in text


def test_each_part_of_a_cards_answer_is_swapped_out_of_band_and_the_grid_stays(editor):
    editor.play(*REVOKE)  # a revoke waits: the header and the revokes go too

    text = play_answer(editor, a_legal_card(editor.game)).text

    sent = {*ALWAYS, 'id="play-stamp"', 'id="round-head"', 'id="revokes"', 'id="fix-place"'}
    for part in sent:
        tag = re.search(rf"<[a-z]+ [^>]*{part}[^>]*>", text)
        assert tag is not None, part
        assert 'hx-swap-oob="true"' in tag.group(0), part
    # no button of the grid: the phone keeps its own, and sets the marks on them
    assert 'name="card"' not in text
    assert re.search(r'<div id="play-stamp" hidden data-version="\d+" data-marks="[-.olO]+"', text)


def test_the_first_card_of_a_trick_sends_the_strip_and_the_count(editor):
    editor.play(*FIRST_TRICK)

    text = play_answer(editor, "33").text

    assert {"play-facts", "fix-place", "round-status", "tricks-count"} <= parts(text)
    assert 'Trick 2 of 11 · <span class="led">Led: ' in text
    assert '<span id="tricks-count" hx-swap-oob="true">2</span>' in text
    assert "round-head" not in parts(text)


def test_the_card_that_wins_a_trick_sends_the_coins(editor):
    editor.play(*FIRST_TRICK[:-1])

    text = play_answer(editor, FIRST_TRICK[-1]).text

    assert {"play-facts", "round-status", "tricks-count"} <= parts(text)
    assert "<strong>Adam</strong> leads" in text
    assert "fix-place" not in parts(text)  # trick 1 is in the strip since its first card
    assert "Adam wins the trick" in text  # the ruling, in the news


def test_while_a_revoke_waits_every_card_sends_it_with_a_fresh_form(editor):
    editor.play(*REVOKE, a_legal_card(editor.game))

    response = play_answer(editor, a_legal_card(editor.game))

    text = response.text
    editor.game.refresh_from_db()
    assert {"round-head", "revokes"} <= parts(text)
    assert '⚠ <span class="revoke-word">Revoke? </span>Christian, trick 1' in text
    assert "Let it stand" in text
    assert f'name="version" value="{editor.game.version}"' in text
    assert not parts(text) & {"play-facts", "fix-place", "round-status"}


def test_a_form_of_a_cards_answer_is_sent_with_the_csrf_header_alone(game):
    client = Client(enforce_csrf_checks=True)
    seat = Seat(client, game, game.edit_token)
    page = client.get(seat.url("round")).text
    token = re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1)
    headers = {"HX-Request": "true", "HX-Target": "play", "X-CSRFToken": token}
    answer = client.post(
        seat.url("play_card"),
        {"version": game.version, "key": uuid.uuid4().hex, "card": "24"},
        headers=headers,
    ).text
    undo = re.search(r'action="([^"]+/undo/)"', answer).group(1)
    version = re.search(r'name="version" value="(\d+)"', answer).group(1)
    key = re.search(r'name="key" value="(\w+)"', answer).group(1)

    response = client.post(
        undo, {"version": version, "key": key}, headers={"HX-Request": "true", "X-CSRFToken": token}
    )

    assert response.status_code == 200
    assert rounds_of(game)[0][2] == []  # the card is taken back


def test_a_card_on_a_game_changed_since_it_was_found_is_a_conflict(editor):
    found = Game.objects.get(pk=editor.game.pk)  # a request found the game here
    editor.play("24")  # another phone's card is stored meanwhile
    before = rounds_of(editor.game)
    changes = Change.objects.count()

    key = uuid.uuid4().hex

    with pytest.raises(actions.Conflict):
        actions.play_card(found, actions.Stamp(found.version, key), card_code("15"))

    assert rounds_of(editor.game) == before
    assert Change.objects.count() == changes
    assert not Submission.objects.filter(game=found, key=key).exists()


def test_a_card_sent_again_after_the_game_was_found_is_a_quiet_retry(editor):
    found = Game.objects.get(pk=editor.game.pk)
    key = uuid.uuid4().hex
    stamp = actions.Stamp(found.version, key)
    actions.play_card(Game.objects.get(pk=found.pk), stamp, card_code("24"))  # the first send
    stored = rounds_of(editor.game)

    done = actions.play_card(found, stamp, card_code("24"))  # its retry, found before it landed

    assert not done.applied
    assert rounds_of(editor.game) == stored
    assert Submission.objects.filter(game=found, key=key).count() == 1


def test_a_card_on_a_game_deleted_since_it_was_found_is_404(editor):
    found = Game.objects.get(pk=editor.game.pk)
    Game.objects.filter(pk=found.pk).delete()

    with pytest.raises(actions.GameGone):
        actions.play_card(found, actions.Stamp(found.version, uuid.uuid4().hex), card_code("24"))


def test_a_card_refused_by_a_state_the_phone_never_saw_is_a_conflict(editor):
    found = Game.objects.get(pk=editor.game.pk)  # a request found the game here
    editor.play("24")  # another phone's 24 is stored meanwhile

    # the same 24, which the engine would refuse now (already played): the
    # phone's version is stale, so it hears of the other phone's card (409)
    with pytest.raises(actions.Conflict):
        actions.play_card(found, actions.Stamp(found.version, uuid.uuid4().hex), card_code("24"))
