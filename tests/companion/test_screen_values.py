"""The round screen's values are typed frozen dataclasses (the templates
read their attributes), kept in the standings' cache as they are; and every
refused change is answered with the page rendered once, its reason's place
chosen before rendering (and chosen as the page would draw it)."""

from __future__ import annotations

import dataclasses
import pickle
import re

import pytest
from django.conf import settings
from django.template.loader import render_to_string
from django.test import RequestFactory

from companion import history
from companion.access import find_game
from companion.present import Replayed
from companion.screens.play import AskView, BottleView, RoundView, TrickView, round_view
from companion.screens.round import round_context, round_replay
from companion.views import answers
from tests.companion.conftest import text

pytestmark = pytest.mark.django_db


def test_the_round_being_played_is_a_frozen_typed_value(editor):
    editor.play("24", "15")
    replayed = round_replay(editor.game)

    view = round_view(replayed, replayed.rounds[-1])

    assert isinstance(view, RoundView)
    assert isinstance(view.ask, AskView)
    assert (view.number, view.ask.player, view.ask.trick) == (1, "Adam", 1)
    assert [slot.name for slot in view.ask.slots] == ["Betty", "Christian", "Adam"]
    assert view.bottles == (BottleView("19", None),)  # no trick won yet
    assert view.ask.marks == "".join(item.mark for item in view.ask.picker)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.number = 2  # type: ignore[misc]


def test_a_finished_trick_is_a_value_the_standings_cache_keeps(editor):
    editor.play("24", "15", "17")
    replayed = Replayed.of(editor.game)
    view = round_view(replayed, replayed.rounds[-1])
    kept = dataclasses.replace(view, tricks=tuple(view.tricks))

    again = pickle.loads(pickle.dumps(kept))

    assert again == kept
    assert isinstance(again.ruling, TrickView)
    assert (again.ruling.number, again.ruling.winner, again.ruling.complete) == (1, "Adam", True)


def rendered(response, name: str) -> int:
    """How many times the answer rendered the template ``name`` (the round
    screen's header: once a page)."""
    return [template.name for template in response.templates].count(name)


def test_a_refusal_whose_place_is_gone_is_rendered_once(editor):
    editor.game.refresh_from_db()
    stale = editor.game.version
    editor.play("24")  # the dealer can no longer be changed: its form is gone

    response = editor.post("set_dealer", {"seat": 2, "version": stale}, htmx=True)

    assert response.status_code == 409
    assert 'id="error-round"' in text(response)
    assert rendered(response, "imp/round/head.html") == 1


def test_a_refusal_beside_its_control_is_rendered_once(editor):
    response = editor.post("play_card", {"card": "99"}, htmx=True)

    assert response.status_code == 400
    assert 'id="error-card"' in text(response)
    assert rendered(response, "imp/round/head.html") == 1


PLACES = re.compile(r'errors\.html#here" with at="([\w-]+)"')
QUICK = {
    "points_0": 40,
    "points_1": 30,
    "points_2": 20,
    "bottle_0": "Christian",
    "imps_trick_points": 36,
}


def places_in_templates() -> set[str]:
    """Every place beside a control the round screen's templates name."""
    folder = settings.BASE_DIR / "templates" / "imp"
    found = set()
    for path in [folder / "history.html", *sorted((folder / "round").glob("*.html"))]:
        found.update(PLACES.findall(path.read_text()))
    return found


def drawn_places(seat, **extra) -> dict[str, tuple[bool, bool]]:
    """For each place: whether the round screen drew the reason there, and
    whether the answers said beforehand that it would."""
    access = find_game(seat.token)
    request = RequestFactory().get("/")
    result = {}
    for at in sorted(places_in_templates() - {answers.TOP}):
        error = answers.Refusal(400, "Why not.", at)
        context = round_context(access, undo=history.undo_bar(access.game), error=error, **extra)
        context["changes"] = history.history(access.game, context["round"].number)
        page = render_to_string("imp/round.html", context, request=request)
        result[at] = (f'id="error-{at}"' in page, answers.is_shown(at, context, "imp/round.html"))
    return result


@pytest.mark.parametrize("moment", ["before the first card", "after a card", "quick", "fixing"])
def test_the_place_of_a_reason_is_known_before_the_page_is_drawn(editor, moment):
    if moment == "after a card":
        editor.play("24")
    if moment == "quick":
        assert editor.post("quick_round", QUICK).status_code == 302
    extra = {}
    if moment == "fixing":
        editor.play("24", "15", "17")
        extra = {"fix": (1, 0)}

    drawn = drawn_places(editor, **extra)

    assert {at: said for at, (_, said) in drawn.items()} == {at: d for at, (d, _) in drawn.items()}
    assert any(d for d, _ in drawn.values())
