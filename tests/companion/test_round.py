"""The round screen and its changes: cards, undo, errors, conflicts, retries."""

from __future__ import annotations

import re
import uuid

import pytest

from companion.models import Round, Submission
from tests.companion.conftest import rounds_of, text

pytestmark = pytest.mark.django_db

FIRST_TRICK = ("24", "15", "17")  # Betty leads (Adam deals); Adam's 17 wins the bottle
RULING = "17 is the highest card below the price 19: Adam wins the trick and the bottle"

MUTATIONS = [
    ("play_card", ()),
    ("undo_card", ()),
    ("known_hand", ()),
    ("quick_round", ()),
    ("set_dealer", ()),
    ("confirm_round", ()),
    ("dismiss_warnings", ()),
    ("delete_trick", (1, 1)),
]


def current(game) -> Round:
    return game.rounds.order_by("-number").first()


def test_round_page_is_a_full_page(editor):
    response = editor.get("round")

    assert response.status_code == 200
    assert "<html" in text(response)
    assert "Round 1" in text(response)
    assert "Adam</strong> deals" in text(response)
    assert "Trick 1 of 11 · <strong>Betty</strong> leads" in text(response)
    assert "Betty's card" in text(response)
    assert "3 cards go into the Imp's Trick" in text(response)
    assert "Bottle: <strong>19</strong>, on the start price card" in text(response)
    # the dispute page, started from this game (its view link: it only reads)
    assert f'href="/g/{editor.game.view_token}/dispute/"' in text(response)


def test_round_page_for_htmx_is_the_round_partial(editor):
    response = editor.get("round", htmx=True)

    assert response.status_code == 200
    assert "<html" not in text(response)
    assert response.text.lstrip().startswith('<section id="round"')


def test_the_picker_offers_the_deck_as_buttons_with_colour_and_coins(editor):
    response = editor.get("round")

    buttons = re.findall(r'<button type="submit" name="card" value="([\d.]+)"', response.text)
    assert len(buttons) == 36
    assert 'aria-label="17, 3 coins, blue"' in text(response)
    assert "◆" in text(response) and "▼" in text(response) and "▲" in text(response)


def test_viewer_sees_the_round_without_forms(viewer):
    response = viewer.get("round")

    assert response.status_code == 200
    assert "Betty's card" in text(response)
    below = text(response).split('id="round"')[1]
    # no form that sends anything (the QR panel's Close only closes it)
    assert re.findall(r"<form(?! method=\"dialog\")", below) == []


def test_stranger_gets_404(stranger):
    assert stranger.get("round").status_code == 404


@pytest.mark.parametrize(("name", "args"), MUTATIONS)
def test_changes_refuse_the_wrong_method(editor, name, args):
    assert editor.client.put(editor.url(name, *args)).status_code == 405
    assert editor.get(name, *args).status_code == 405


@pytest.mark.parametrize(("name", "args"), MUTATIONS)
def test_changes_need_a_game(stranger, name, args):
    assert stranger.post(name, {"card": "24"}, *args).status_code == 404


@pytest.mark.parametrize(("name", "args"), MUTATIONS)
def test_changes_are_refused_to_the_view_link(editor, viewer, name, args):
    editor.play(*FIRST_TRICK)
    before = rounds_of(editor.game)

    response = viewer.post(name, {"card": "4", "seat": 0, "cards": ["1"]}, *args)

    assert response.status_code == 403
    assert rounds_of(editor.game) == before


def test_a_card_with_htmx_answers_the_round_partial(editor):
    response = editor.post("play_card", {"card": "24"}, htmx=True)

    assert response.status_code == 200
    assert "<html" not in text(response)
    assert "Christian's card" in text(response)
    assert current(editor.game).tricks == [["24"]]


def test_a_card_without_htmx_redirects_to_the_round(editor):
    response = editor.post("play_card", {"card": "24"})

    assert response.status_code == 302
    assert response["Location"] == editor.url("round")
    assert current(editor.game).tricks == [["24"]]


def test_a_complete_trick_shows_the_ruling_at_once(editor):
    editor.play("24", "15")

    response = editor.post("play_card", {"card": "17"}, htmx=True)

    assert RULING in text(response)
    assert "11 coins in the trick" in text(response)  # 24: 4, 15: 4, 17: 3
    assert "<strong>Adam</strong> leads next" in text(response)
    assert "owned by <strong>Adam</strong>" in text(response)


def test_undo_takes_back_the_last_card(editor):
    editor.play(*FIRST_TRICK, "4")

    response = editor.post("undo_card", htmx=True)

    assert response.status_code == 200
    assert current(editor.game).tricks == [list(FIRST_TRICK)]
    assert "Adam's card" in text(response)


def test_undo_with_nothing_entered_is_refused(editor):
    before = rounds_of(editor.game)

    response = editor.post("undo_card", htmx=True)

    assert response.status_code == 400
    assert "There is no card to undo" in text(response)
    assert rounds_of(editor.game) == before


@pytest.mark.parametrize(
    ("card", "message"),
    [
        ("abc", "'abc' is not a card number"),
        ("40", "there is no card 40 in the deck"),
        ("19", "there is no card 19 in the deck"),
        ("2.5", "half cards are only used with 5 or 6 players"),
        ("24", "24 was already played in trick 1"),
        ("", "Card: This field is required"),
    ],
)
def test_a_card_that_cannot_be_is_refused_in_the_engines_words(editor, card, message):
    editor.play(*FIRST_TRICK)
    before = rounds_of(editor.game)

    response = editor.post("play_card", {"card": card}, htmx=True)

    assert response.status_code == 400
    error = error_at(text(response), "card")
    assert message in error
    assert "round 1" not in error.lower()  # the players' words: no "round 1, trick 2:" prefix
    assert rounds_of(editor.game) == before


def error_at(page: str, at: str) -> str:
    """The reason shown in the place beside a control (errors in place)."""
    found = re.search(rf'<p class="error-here" id="error-{at}"[^>]*>(.*?)</p>', page, re.S)
    assert found, f"no error beside {at}"
    return found.group(1)


def test_a_refused_card_without_htmx_shows_the_full_page_with_the_error(editor):
    response = editor.post("play_card", {"card": "99"})

    assert response.status_code == 400
    assert "<html" in text(response)
    assert "there is no card 99 in the deck" in text(response)


@pytest.mark.parametrize(
    "tampered",
    [{"version": "x"}, {"version": "-1"}, {"key": "not-a-key"}, {"key": ""}],
)
def test_a_tampered_hidden_field_is_refused(editor, tampered):
    before = rounds_of(editor.game)

    response = editor.post("play_card", {"card": "24", **tampered}, htmx=True)

    assert response.status_code == 400
    assert rounds_of(editor.game) == before


def test_a_stale_form_is_a_conflict_with_the_current_round(editor):
    editor.play("24")
    before = rounds_of(editor.game)

    response = editor.post("play_card", {"card": "15", "version": 0}, htmx=True)

    assert response.status_code == 409
    assert "Someone else entered a card at the same time" in text(response)
    assert "Christian's card" in text(response)
    assert rounds_of(editor.game) == before


def test_a_retried_post_is_applied_once(editor):
    key = uuid.uuid4().hex
    version = editor.game.version

    first = editor.post("play_card", {"card": "24", "key": key, "version": version})
    again = editor.post("play_card", {"card": "24", "key": key, "version": version})

    assert first.status_code == again.status_code == 302
    assert current(editor.game).tricks == [["24"]]
    assert Submission.objects.filter(game=editor.game, key=key).count() == 1


def test_each_change_bumps_the_versions(editor):
    editor.play("24")

    editor.game.refresh_from_db()
    assert editor.game.version == 1
    assert current(editor.game).version == 1


def test_the_form_carries_the_version_and_a_fresh_key_per_form(editor):
    editor.play("24")

    text = editor.get("round").text

    assert 'name="version" value="1"' in text
    keys = re.findall(r'name="key" value="([0-9a-f]{32})"', text)
    assert len(keys) >= 2 and len(set(keys)) == len(keys)
