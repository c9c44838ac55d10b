"""A confirmed round offers no action the app will refuse: the round screen
and the round's detail of a confirmed round (and of a finished game) are
rendered, and every form found on them is sent as a browser would (with its
CSRF token), each from a fresh game; none is answered 400 or 409."""

from __future__ import annotations

import copy
import uuid
from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse

from companion import actions
from companion.models import Game
from companion.transfer import import_record
from scoring.cards import card_code
from tests.companion.tables import simulated
from tests.companion.test_trick_markup import Forms

pytestmark = pytest.mark.django_db

RECORD = simulated("classic", 3, rounds=3, seed=5)


def stamp(game: Game) -> actions.Stamp:
    game.refresh_from_db()
    return actions.Stamp(game.version, uuid.uuid4().hex)


def confirmed_first_round() -> Game:
    """Round 1 entered and confirmed by the table; round 2 just begun."""
    record = {**copy.deepcopy(RECORD), "rounds": RECORD["rounds"][:1]}
    game = import_record(record)
    actions.confirm_round(game, stamp(game))
    return game


def finished_game() -> Game:
    """Three rounds; the last card entered and the last round confirmed."""
    record = copy.deepcopy(RECORD)
    last = record["rounds"][-1]["tricks"][-1].pop()
    game = import_record(record)
    actions.play_card(game, stamp(game), card_code(last))
    actions.confirm_round(game, stamp(game))
    return game


PAGES: list[tuple[str, Callable[[], Game], str, tuple]] = [
    ("detail of confirmed round 1", confirmed_first_round, "round_detail", (1,)),
    ("round screen of a finished game", finished_game, "round", ()),
    ("detail of the finished game's last round", finished_game, "round_detail", (3,)),
    ("detail of the finished game's first round", finished_game, "round_detail", (1,)),
]


def forms_on(client: Client, make: Callable[[], Game], name: str, args: tuple):
    game = make()
    page = client.get(reverse(f"imp:{name}", args=[game.edit_token, *args]))
    assert page.status_code == 200
    return game, Forms(page.content.decode()).forms


@pytest.mark.parametrize(("title", "make", "name", "args"), PAGES, ids=[p[0] for p in PAGES])
def test_every_form_of_a_confirmed_round_is_accepted(title, make, name, args):
    client = Client(enforce_csrf_checks=True)
    _, forms = forms_on(client, make, name, args)
    answers = []
    for index in range(len(forms)):
        Game.objects.all().delete()
        _, fresh = forms_on(client, make, name, args)
        form = fresh[index]
        send = client.get if form["method"] == "get" else client.post
        response = send(form["action"], form["fields"])
        answers.append((form["button"], response.status_code))

    refused = [(button, status) for button, status in answers if status in (400, 403, 409)]
    assert refused == []
    assert [status for _, status in answers if status >= 500] == []


def test_a_finished_games_round_screen_offers_undo_and_its_history():
    client = Client(enforce_csrf_checks=True)
    _, forms = forms_on(client, finished_game, "round", ())

    buttons = [form["button"] for form in forms]
    assert buttons[0] == "↶ Undo: Confirmed round 3"
    assert buttons.count("Undo back to here…") == 2  # each asks first
    assert not [button for button in buttons if button.startswith("Delete trick")]


def test_a_confirmed_rounds_detail_offers_undo_and_no_delete():
    client = Client(enforce_csrf_checks=True)
    _, forms = forms_on(client, confirmed_first_round, "round_detail", (1,))

    assert [form["button"] for form in forms] == ["↶ Undo: Confirmed round 1"]
