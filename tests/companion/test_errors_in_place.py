"""Errors in place: a refused form's reason is shown beside the control it
concerns, in the players' words, and takes the focus; the answer is marked
to be swapped in place (under DEBUG too, see static/js/answers.js)."""

from __future__ import annotations

import doctest
import re

import pytest

from companion import texts
from companion.views import answers
from tests.companion.conftest import rounds_of, text

pytestmark = pytest.mark.django_db

FIRST_TRICK = ("24", "15", "17")  # Betty leads (Adam deals)
QUICK = {
    "points_0": 40,
    "points_1": 30,
    "points_2": 20,
    "bottle_0": "Christian",
    "imps_trick_points": 36,
}


def here(page: str) -> list[tuple[str, str]]:
    """Every reason shown in place: (its place, its words)."""
    return re.findall(r'<p class="error-here" id="error-([\w-]+)"[^>]*>(.*?)</p>', page, re.S)


def test_the_players_words_examples_run():
    failures, tried = doctest.testmod(texts)
    assert (failures, tried > 0) == (0, True)


def test_a_refused_card_is_said_beside_the_grid_with_names_and_focus(editor):
    editor.play(*FIRST_TRICK)

    response = editor.post("play_card", {"card": "15"}, htmx=True)

    page = text(response)
    assert response.status_code == 400
    assert response[answers.IN_PLACE] == "1"
    assert here(page) == [("card", "Adam's 15 in trick 2: 15 was already played in trick 1.")]
    assert re.search(r'id="error-card" role="alert" tabindex="-1" autofocus', page)


def test_without_htmx_the_whole_page_has_the_reason_in_place(editor):
    response = editor.post("play_card", {"card": "99"})

    page = text(response)
    assert response.status_code == 400
    assert "<html" in page
    assert here(page) == [("card", "Betty's 99 in trick 1: there is no card 99 in the deck.")]


def field_said(page: str, name: str) -> str:
    """The words below a quick entry's field (its errors), or ""."""
    found = re.search(rf'<p class="errorlist" id="id_{name}-error"[^>]*>(.*?)</p>', page, re.S)
    return found.group(1).strip() if found else ""


def input_of(page: str, name: str) -> str:
    return re.search(rf'<(?:input|select)[^>]*name="{name}"[^>]*>', page).group(0)


def test_a_quick_entry_that_does_not_add_up_is_said_beside_its_numbers(editor):
    before = rounds_of(editor.game)

    response = editor.post("quick_round", {**QUICK, "imps_trick_points": 30}, htmx=True)

    page = text(response)
    assert response.status_code == 400
    assert here(page) == []  # not beside the button: beside the numbers
    assert field_said(page, "points_0") == (
        "The coins entered (Adam 40, Betty 30, Christian 20 and the Imp's Trick 30) make "
        "120, but the deck holds 126: 6 coins missing."
    )
    for name in ("points_0", "points_1", "points_2", "imps_trick_points"):
        field = input_of(page, name)
        assert 'aria-invalid="true"' in field, name
        assert 'aria-describedby="id_points_0-error"' in field, name
    assert "autofocus" in input_of(page, "points_0")
    assert page.count("autofocus") == 1
    assert "aria-invalid" not in input_of(page, "bottle_0")
    assert '<details class="quick" open>' in page
    assert rounds_of(editor.game) == before


@pytest.mark.parametrize(
    ("sent", "field", "words"),
    [
        (
            {"points_0": ""},
            "points_0",
            "Adam's coins are missing, and Adam owns no bottle.",
        ),
        (
            {"points_1": 127},
            "points_1",
            "Betty's coins must be between 0 and 126, not 127.",
        ),
        (
            {"imps_trick_points": 127},
            "imps_trick_points",
            "The Imp's Trick's coins must be between 0 and 126, not 127.",
        ),
    ],
)
def test_the_engines_finding_is_said_beside_the_field_it_concerns(editor, sent, field, words):
    response = editor.post("quick_round", {**QUICK, **sent}, htmx=True)

    page = text(response)
    assert response.status_code == 400
    assert here(page) == []
    assert field_said(page, field) == words  # the engine's words: they name whose coins
    said = [
        name
        for name in ("points_0", "points_1", "points_2", "imps_trick_points")
        if field_said(page, name)
    ]
    assert said == [field]
    assert 'aria-invalid="true"' in input_of(page, field)
    assert "autofocus" in input_of(page, field)
    assert page.count("autofocus") == 1


def test_the_quick_entrys_fields_are_found_from_the_engines_codes(editor):
    from companion.screens.round import quick_form
    from scoring.findings import QuickRoundError
    from scoring.texts import Text

    form = quick_form(editor.game)
    numbers = ["points_0", "points_1", "points_2", "imps_trick_points"]
    about = [
        (Text("quick.coins_missing", player="Betty"), ["points_1"]),
        (Text("quick.coins_range", player="Christian", most=126, coins=200), ["points_2"]),
        (Text("quick.coins_missing", player="Nobody"), []),
        (Text("quick.not_adding_up", listed="", total=1, deck=126, gap=""), numbers),
        (Text("quick.owners_one", bottles=1, count=2), ["bottle_0"]),
        (Text("quick.imps_range", most=126, coins=200), ["imps_trick_points"]),
        (Text("quick.entry"), []),
    ]
    for reason, fields in about:
        assert form.fields_for(QuickRoundError(reason)) == fields, reason


def test_a_field_in_error_says_it_below_itself_and_takes_the_focus(editor):
    response = editor.post("quick_round", {**QUICK, "points_1": -3}, htmx=True)

    page = text(response)
    assert response.status_code == 400
    assert here(page) == []  # the field says it
    field = re.search(r'<input[^>]*name="points_1"[^>]*>', page).group(0)
    assert 'aria-invalid="true"' in field
    assert 'aria-describedby="id_points_1-error"' in field
    assert "autofocus" in field
    said = re.search(r'<p class="errorlist" id="id_points_1-error">(.*?)</p>', page).group(1)
    assert "Betty's coins: Ensure this value is greater than or equal to 0" in said
    assert page.count("autofocus") == 1


def test_a_stale_form_whose_place_is_gone_is_said_at_the_top(editor):
    editor.game.refresh_from_db()
    stale = editor.game.version
    editor.play("24")  # the dealer can no longer be changed: its form is gone

    response = editor.post("set_dealer", {"seat": 2, "version": stale}, htmx=True)

    page = text(response)
    assert response.status_code == 409
    assert response[answers.IN_PLACE] == "1"
    assert here(page) == [
        ("round", "Someone else entered a card at the same time; here is the current round.")
    ]


def test_a_refused_undo_without_its_button_on_screen_is_said_at_the_top(editor):
    response = editor.post("undo_card", htmx=True)

    assert response.status_code == 400
    assert here(text(response)) == [("round", "There is no card to undo in this round.")]


def test_a_confirm_of_an_unfinished_round_is_said_at_the_top(editor):
    editor.play(*FIRST_TRICK)

    response = editor.post("confirm_round", htmx=True)

    assert response.status_code == 400
    # no Confirm button on an unfinished round: said at the top
    assert here(text(response)) == [("round", "Round 1 is not complete yet.")]
