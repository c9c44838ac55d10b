"""A game deleted at any moment answers 404, never a 500: a card entered or a
page opened while someone deletes the game.

On SQLite the moment is made exact: the game is deleted for real right
after the request's first query found it (a database hook of Django's,
``connection.execute_wrapper``). On PostgreSQL real threads race a delete.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections import Counter
from contextlib import contextmanager

import pytest
from django.db import connection, connections
from django.http import Http404
from django.test import Client

from companion import actions
from companion.models import Game
from scoring.cards import card_code
from tests.companion.app_routes import game_routes, make_game

pytestmark = pytest.mark.django_db

READ_AGAIN = {
    "game",
    "round",
    "round_tricks",
    "history",
    "round_detail",
    "live",
    "record_json",
    "standings_json",
    "scores_csv",
}
"""Pages that read the game's rounds after finding it: 404 once it is gone."""

CHANGES = {
    "play_card": {"card": "24"},
    "undo_card": {},
    "known_hand": {"seat": "0"},
    "quick_round": {"points_0": "3", "points_1": "4", "points_2": "5", "bottle_0": "Adam"},
    "set_dealer": {"seat": "1"},
    "confirm_round": {},
    "dismiss_warnings": {},
    "fix_trick": {"position": "1", "card": "18"},
    "delete_trick": {},
    "undo": {},
    "redo": {},
}


@contextmanager
def deleted_once_found(game: Game):
    """Delete ``game`` (for real) right after the first query that reads it
    by its token: the request found the game, then it was gone."""
    state = {"deleted": False}

    def hook(execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        if not state["deleted"] and '_token" = %s' in sql:
            state["deleted"] = True
            Game.objects.filter(pk=game.pk).delete()
        return result

    with connection.execute_wrapper(hook):
        yield state


@contextmanager
def deleted_before(game: Game, marker: str, nth: int = 1):
    """Delete ``game`` (for real) just before the ``nth`` query whose SQL
    contains ``marker``."""
    state = {"deleted": False, "seen": 0}

    def hook(execute, sql, params, many, context):
        if not state["deleted"] and marker in sql:
            state["seen"] += 1
        if not state["deleted"] and state["seen"] == nth:
            state["deleted"] = True
            Game.objects.filter(pk=game.pk).delete()
        return execute(sql, params, many, context)

    with connection.execute_wrapper(hook):
        yield state


def played(game: Game, *cards: str) -> Game:
    for card in cards:
        game.refresh_from_db()
        actions.play_card(game, actions.Stamp(game.version, uuid.uuid4().hex), card_code(card))
    game.refresh_from_db()
    return game


def test_a_verb_on_a_deleted_game_is_404():
    game = make_game()
    Game.objects.filter(pk=game.pk).delete()

    with pytest.raises(Http404):
        actions.play_card(game, actions.Stamp(game.version, uuid.uuid4().hex), card_code("24"))
    with pytest.raises(Http404):
        actions.confirm_round(game, actions.Stamp(game.version, uuid.uuid4().hex))


def route_name(route) -> str:
    return route.name


@pytest.mark.parametrize(
    "route", [r for r in game_routes() if r.name in READ_AGAIN], ids=route_name
)
def test_a_page_whose_game_is_deleted_once_found_is_404(route):
    game = played(make_game(), "24", "15", "17", "32")
    client = Client(raise_request_exception=False)

    with deleted_once_found(game) as state:
        response = client.get(route.url(game.edit_token))

    assert state["deleted"]
    assert response.status_code == 404, response.content[:300]
    assert not Game.objects.filter(pk=game.pk).exists()


@pytest.mark.parametrize("name", sorted(CHANGES))
def test_a_change_to_a_game_deleted_once_found_is_404(name):
    game = played(make_game(), "24", "15", "17", "32")
    client = Client(raise_request_exception=False)
    route = next(r for r in game_routes() if r.name == name)
    data = {"version": game.version, "key": uuid.uuid4().hex, **CHANGES[name]}

    with deleted_once_found(game) as state:
        response = client.post(route.url(game.edit_token), data)

    assert state["deleted"]
    assert response.status_code == 404, response.content[:300]


SEAT_ONLY = frozenset({"agree", "flag"})
"""The changes only a seat link makes (companion.views.seats)."""


@pytest.mark.parametrize("method", ["get", "post"])
@pytest.mark.parametrize("route", game_routes(), ids=route_name)
def test_no_route_of_a_game_deleted_once_found_fails(route, method):
    """Every route, both methods: a 404, or (a page that reads nothing more
    after finding the game) the answer of the moment it was found."""
    game = played(make_game(), "24", "15", "17", "32")
    client = Client(raise_request_exception=False)
    send = getattr(client, method)

    with deleted_once_found(game):
        response = send(route.url(game.edit_token), {"version": game.version, "key": "0" * 32})

    # a seat's own verbs (Agree, Flag a trick) are refused to the edit link before any read
    refused = {403} if route.name in SEAT_ONLY else set()
    assert response.status_code in {200, 302, 404, 405, *refused}, response.content[:300]


@pytest.mark.parametrize(("name", "reads"), [("play_card", 1), ("fix_trick", 2)])
def test_a_stale_form_of_a_game_deleted_before_its_409_is_404(name, reads):
    """The stale form's answer reads the game again for its fresh version:
    the game is deleted just before that read."""
    game = played(make_game(), "24", "15", "17", "32")
    client = Client(raise_request_exception=False)
    route = next(r for r in game_routes() if r.name == name)
    data = {"version": game.version - 1, "key": uuid.uuid4().hex, **CHANGES[name]}

    # the game row read by its id: a fix locks it first, then the 409 reads it again
    with deleted_before(game, '"companion_game"."id" = %s', reads) as state:
        response = client.post(route.url(game.edit_token), data)

    assert state["deleted"]
    assert response.status_code == 404, response.content[:300]


# --- PostgreSQL: real threads race a delete ------------------------------------

on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="real concurrent transactions need PostgreSQL: run `make test-postgres`",
)
PLAYERS = 12
TRIALS = 8


def table_while_deleted(game: Game) -> Counter:
    """12 phones enter cards and poll every page of the game while a 13th
    deletes it; every status they saw."""
    token = game.edit_token
    pages = [r.url(token) for r in game_routes() if r.name in READ_AGAIN]
    statuses: Counter = Counter()
    lock = threading.Lock()
    barrier = threading.Barrier(PLAYERS + 1)
    errors: list[BaseException] = []

    def phone(i: int) -> None:
        client = Client(raise_request_exception=False)
        try:
            barrier.wait(timeout=10)
            for step in range(40):
                if i % 2:
                    response = client.get(pages[(i + step) % len(pages)])
                else:
                    version = Game.objects.filter(pk=game.pk).values_list("version", flat=True)
                    data = {"version": next(iter(version), 0), "key": uuid.uuid4().hex}
                    data["card"] = ["24", "15", "17", "32", "2", "33"][(i + step) % 6]
                    response = client.post(f"/g/{token}/round/card/", data)
                with lock:
                    statuses[response.status_code] += 1
                if response.status_code == 404:
                    return
        except BaseException as error:  # noqa: BLE001 -- reported below
            errors.append(error)
        finally:
            connections.close_all()

    def deleter() -> None:
        try:
            barrier.wait(timeout=10)
            time.sleep(0.05)
            Client().post(f"/g/{token}/delete/")
        finally:
            connections.close_all()

    threads = [threading.Thread(target=phone, args=(i,)) for i in range(PLAYERS)]
    threads.append(threading.Thread(target=deleter))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors, errors
    return statuses


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_phones_entering_and_polling_while_the_game_is_deleted_never_see_a_500():
    seen: Counter = Counter()
    for _ in range(TRIALS):
        game = make_game()
        seen += table_while_deleted(game)
        assert not Game.objects.filter(pk=game.pk).exists()

    assert [status for status in seen if status >= 500] == [], seen
    assert seen[404] >= PLAYERS  # every phone saw the game go
