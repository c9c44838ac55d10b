"""A lost database connection is a 503 the client may retry, not a 500.

When the database goes away under a request (a restart, a failover, a
connection killed by an administrator or a proxy), Django raises
``OperationalError`` or ``InterfaceError``. Nothing was saved: every change
runs in one transaction, and its idempotency key makes a retry safe. The
answer says so (503 with ``Retry-After``), and the broken connection is
closed so that the next request opens a fresh one.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import suppress

from django.db import DatabaseError, InterfaceError, OperationalError, connections
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

RETRY_AFTER = 2
"""Seconds a client is asked to wait before sending the request again."""

logger = logging.getLogger("companion.database")


class DatabaseUnavailable:
    """Turns a lost database connection into a 503 with ``Retry-After``."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        logger.warning("database unavailable: %s", exception, exc_info=exception)
        _drop_broken_connections()
        body = render_to_string("503.html", {"retry_after": RETRY_AFTER})
        response = HttpResponse(body, status=503, content_type="text/html; charset=utf-8")
        response["Retry-After"] = str(RETRY_AFTER)
        return response


def _drop_broken_connections() -> None:
    """Close every connection the database no longer answers on: the next
    request opens a fresh one (instead of failing on the dead one)."""
    for connection in connections.all(initialized_only=True):
        if connection.connection is None:
            continue
        try:
            usable = connection.is_usable()
        except DatabaseError:
            usable = False
        if not usable:
            with suppress(DatabaseError):
                connection.close()
