"""A database the app cannot write to is a 503 the client may retry, not a 500.

When the database goes away under a request (a restart, a failover, a
connection killed by an administrator or a proxy), or refuses to write (a
full disk, a read-only SQLite file or folder), Django raises
``OperationalError`` or ``InterfaceError``. Nothing was saved: every change
runs in one transaction, and its idempotency key makes a retry safe. The
answer says so (503 with ``Retry-After`` and the app's 503 page), one line
says why in the log, and a broken connection is closed so that the next
request opens a fresh one.

That holds wherever in the request the database fails: in a view
(:meth:`DatabaseUnavailable.process_exception`) and in the middleware inside
this one — the session saved after the view, the session read by the pages'
headers. Django turns those into a 500 before any outer middleware sees them
and sends ``got_request_exception`` first; :func:`note_lost_database` notes
the error on the request, and :class:`DatabaseUnavailable` answers 503
instead. It stands before the session middleware in ``MIDDLEWARE``.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from contextlib import suppress
from typing import Any

from django.core.signals import got_request_exception
from django.db import DatabaseError, InterfaceError, OperationalError, connections
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

RETRY_AFTER = 2
"""Seconds a client is asked to wait before sending the request again."""

UNAVAILABLE = (OperationalError, InterfaceError)
"""What the database raises when it is gone or cannot write."""

LOST = "imp.database_lost"
"""The request's note (in ``request.META``) of the database error it met."""

ANSWERED = "imp.database_answered"
"""The request's note that it was answered 503 and the log told why."""

logger = logging.getLogger("companion.database")


class DatabaseUnavailable:
    """Turns a database that is gone or cannot write into a 503 with
    ``Retry-After``, wherever in the request it fails (module docstring)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        got_request_exception.connect(note_lost_database, dispatch_uid=LOST)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        lost = request.META.get(LOST)
        if lost is not None and response.status_code != 503:
            return unavailable(request, lost)
        return response

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, UNAVAILABLE):
            return None
        return unavailable(request, exception)


def note_lost_database(sender: object, request: HttpRequest | None = None, **kwargs: Any) -> None:
    """``got_request_exception``: note a database error on its request (the
    exception being handled), for :class:`DatabaseUnavailable` to answer."""
    exception = sys.exception()
    if request is not None and isinstance(exception, UNAVAILABLE):
        request.META[LOST] = exception


def unavailable(request: HttpRequest, exception: Exception) -> HttpResponse:
    """The 503 page with ``Retry-After``; the first time for this request,
    one line in the log that says why, and broken connections closed."""
    if not request.META.get(ANSWERED):
        request.META[ANSWERED] = True
        logger.warning(
            "database unavailable, answered 503 (%s %s): %s: %s",
            request.method,
            request.path,
            why(exception),
            exception,
        )
        _drop_broken_connections()
    body = render_to_string("503.html", {"retry_after": RETRY_AFTER})
    response = HttpResponse(body, status=503, content_type="text/html; charset=utf-8")
    response["Retry-After"] = str(RETRY_AFTER)
    return response


def why(exception: Exception) -> str:
    """What the person who runs the server should look at, in a few words."""
    text = str(exception).lower()
    if "readonly" in text or "read-only" in text:
        return "the database is read-only: the server's user cannot write its file or folder"
    if "unable to open database file" in text:
        return "the database file cannot be opened: its folder must be the server user's to write"
    if "disk is full" in text or "no space" in text:
        return "the disk is full"
    if "locked" in text:
        return "the database stayed locked by another writer"
    return "the connection to the database is lost"


class AnsweredUnavailable(logging.Filter):
    """Leaves out Django's own lines ("Internal Server Error", "Service
    Unavailable") about a request answered 503 here: that line said why."""

    def filter(self, record: logging.LogRecord) -> bool:
        request = getattr(record, "request", None)
        meta = getattr(request, "META", None)
        return not (isinstance(meta, dict) and (meta.get(ANSWERED) or meta.get(LOST)))


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
