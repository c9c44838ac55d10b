"""A lost database connection is a 503 with Retry-After, never a bare 500;
the broken connection is closed, so the next request succeeds.

On PostgreSQL for real: the request's own backend is terminated from a
second connection (pg_terminate_backend) just before the request, or just
before the session is saved after the view (``pre_save`` of the session,
Django's documented signal). On SQLite the session's save is refused by
SQLite itself (``PRAGMA query_only``: "attempt to write a readonly
database")."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import psycopg
import pytest
from django.contrib.sessions.models import Session
from django.db import InterfaceError, OperationalError, connection
from django.db.models.signals import pre_save
from django.test import Client

from companion.middleware import why
from companion.models import Game
from tests.companion.app_routes import make_game

on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="terminating a backend needs PostgreSQL: run `make test-postgres`",
)


def terminate_own_backend() -> None:
    """Kill this thread's database connection from another one, as a
    database restart or an administrator would."""
    connection.ensure_connection()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    params = connection.get_connection_params()
    params.pop("cursor_factory", None)
    params.pop("context", None)
    with psycopg.connect(**params, autocommit=True) as other:
        other.execute("SELECT pg_terminate_backend(%s)", [pid])


@on_postgresql
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("method", ["get", "post"])
def test_a_terminated_connection_is_a_503_then_the_next_request_works(method):
    game = make_game()
    client = Client(raise_request_exception=False)
    url = f"/g/{game.edit_token}/" if method == "get" else f"/g/{game.edit_token}/round/card/"
    data = {} if method == "get" else {"version": 0, "key": uuid.uuid4().hex, "card": "24"}

    terminate_own_backend()
    response = getattr(client, method)(url, data)

    assert response.status_code == 503, response.content[:300]
    assert response["Retry-After"] == "2"
    assert "Nothing was saved" in response.content.decode()
    again = getattr(client, method)(url, data)
    assert again.status_code in {200, 302}
    game.refresh_from_db()
    assert game.version == (0 if method == "get" else 1)
    assert Game.objects.filter(pk=game.pk).exists()


@pytest.mark.django_db
@pytest.mark.urls("tests.companion.failing_urls")
def test_an_operational_error_in_a_view_is_a_503():
    client = Client(raise_request_exception=False)

    response = client.get("/g/some-token/database-gone/")

    assert response.status_code == 503
    assert response["Retry-After"] == "2"
    assert response["Content-Type"] == "text/html; charset=utf-8"
    assert "Try again in a moment" in response.content.decode()


@contextmanager
def before_the_session_is_saved(do: Callable[[], None]) -> Iterator[list[str]]:
    """Run ``do`` once, right before a request saves its session; yields the
    keys of the sessions it was run for."""
    seen: list[str] = []

    def receiver(sender: type[Session], instance: Session, **kwargs: object) -> None:
        if not seen:
            seen.append(instance.session_key)
            do()

    pre_save.connect(receiver, sender=Session, dispatch_uid="test-before-session-save")
    try:
        yield seen
    finally:
        pre_save.disconnect(sender=Session, dispatch_uid="test-before-session-save")


def assert_the_503_page(response) -> None:
    assert response.status_code == 503, response.content[:300]
    assert response["Retry-After"] == "2"
    assert response["Content-Type"] == "text/html; charset=utf-8"
    page = response.content.decode()
    assert "Try again in a moment" in page
    assert "Nothing was saved" in page


def warnings_and_errors(caplog) -> list[str]:
    return [f"{r.name}: {r.getMessage()}" for r in caplog.records if r.levelno >= logging.WARNING]


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_connection_lost_while_the_session_is_saved_is_a_503(caplog):
    game = make_game()
    client = Client(raise_request_exception=False)

    with before_the_session_is_saved(terminate_own_backend) as seen:
        response = client.get(f"/g/{game.edit_token}/round/")

    assert seen, "the request saved no session"
    assert_the_503_page(response)
    assert not Session.objects.filter(session_key=seen[0]).exists()
    logged = warnings_and_errors(caplog)
    assert len(logged) == 1, logged
    assert logged[0].startswith("companion.database: database unavailable, answered 503 (GET /g/")
    again = client.get(f"/g/{game.edit_token}/round/")
    assert again.status_code == 200
    assert "Adam" in again.content.decode()


@pytest.mark.skipif(connection.vendor != "sqlite", reason="PRAGMA query_only is SQLite's")
@pytest.mark.django_db(transaction=True)
def test_a_session_save_the_database_refuses_is_a_503(caplog):
    game = make_game()
    client = Client(raise_request_exception=False)

    def read_only() -> None:
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA query_only = ON")

    try:
        with before_the_session_is_saved(read_only) as seen:
            response = client.get(f"/g/{game.edit_token}/round/")
    finally:
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA query_only = OFF")

    assert seen, "the request saved no session"
    assert_the_503_page(response)
    assert not Session.objects.filter(session_key=seen[0]).exists()
    assert warnings_and_errors(caplog) == [
        "companion.database: database unavailable, answered 503 (GET /g/…/round/):"
        " the database is read-only: the server's user cannot write its file or folder:"
        " attempt to write a readonly database"
    ]
    again = client.get(f"/g/{game.edit_token}/round/")
    assert again.status_code == 200


@pytest.mark.parametrize(
    ("error", "said"),
    [
        (OperationalError("attempt to write a readonly database"), "the database is read-only"),
        (OperationalError("unable to open database file"), "the database file cannot be opened"),
        (OperationalError("database or disk is full"), "the disk is full"),
        (OperationalError("could not extend file: No space left on device"), "the disk is full"),
        (OperationalError("database is locked"), "the database stayed locked by another writer"),
        (OperationalError("terminating connection due to administrator command"), "the conn"),
        (InterfaceError("connection already closed"), "the connection to the database is lost"),
    ],
)
def test_the_log_says_what_to_look_at(error, said):
    assert why(error).startswith(said)
