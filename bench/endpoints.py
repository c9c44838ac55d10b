"""A bare view (``bench/ok/``: the server is up, and warms its workers), and
the middleware that reports each request's SQL queries in an ``X-Queries``
header."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

from django.db import connections
from django.http import HttpRequest, HttpResponse


def ok(request: HttpRequest) -> HttpResponse:
    """A bare Django view: the same middleware and server, no work."""
    return HttpResponse("ok", content_type="text/plain")


def count_queries(get_response: Callable[[HttpRequest], HttpResponse]) -> Callable:
    """Count the SQL statements a request runs (``connection.execute_wrapper``)."""

    def middleware(request: HttpRequest) -> HttpResponse:
        count = 0

        def counter(execute: Callable, sql: str, params: Any, many: bool, context: Any) -> Any:
            nonlocal count
            count += 1
            return execute(sql, params, many, context)

        with ExitStack() as stack:
            for alias in connections:
                stack.enter_context(connections[alias].execute_wrapper(counter))
            response = get_response(request)
        response["X-Queries"] = str(count)
        return response

    return middleware
