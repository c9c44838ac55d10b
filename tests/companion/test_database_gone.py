"""A lost database connection is a 503 with Retry-After, never a bare 500;
the broken connection is closed, so the next request succeeds.

On PostgreSQL for real: the request's own backend is terminated from a
second connection (pg_terminate_backend) just before the request."""

from __future__ import annotations

import uuid

import psycopg
import pytest
from django.db import connection
from django.test import Client

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
