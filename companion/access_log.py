"""The app as ``make serve`` serves it: the WSGI application with an access
log, one line a request (waitress's ``--call companion.access_log:served_app``).

waitress writes no access log of its own. Each line goes through Python's
logging (logger ``companion.access``, at INFO) to the app's stderr handler,
whose filter hides game tokens (``LOGGING`` in :mod:`companion.settings`):

    127.0.0.1 "GET /g/…/round/ HTTP/1.1" 200 5123 12ms
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

logger = logging.getLogger("companion.access")

StartResponse = Callable[..., Any]
WSGIApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


class Logged:
    """A response's body, passed on as it is; its line is written once the
    server has sent it (WSGI calls ``close``)."""

    def __init__(self, body: Iterable[bytes], environ: dict[str, Any], started: float) -> None:
        self.body = body
        self.environ = environ
        self.started = started
        self.status = "-"
        self.length: str | None = None
        self.sent = 0

    def start(self, start_response: StartResponse) -> StartResponse:
        def noted(status: str, headers: list[tuple[str, str]], *exc_info: Any) -> Any:
            self.status = status.split(" ", 1)[0]
            self.length = next(
                (value for name, value in headers if name.lower() == "content-length"), None
            )
            return start_response(status, headers, *exc_info)

        return noted

    def __iter__(self) -> Iterator[bytes]:
        for chunk in self.body:
            self.sent += len(chunk)
            yield chunk

    def close(self) -> None:
        try:
            close = getattr(self.body, "close", None)
            if close is not None:
                close()
        finally:
            logger.info(
                '%s "%s" %s %s %dms',
                self.environ.get("REMOTE_ADDR", "-"),
                request_line(self.environ),
                self.status,
                self.length or self.sent or "-",
                (time.monotonic() - self.started) * 1000,
            )


def request_line(environ: dict[str, Any]) -> str:
    """The request's first line as the client sent it (path and query)."""
    path = environ.get("PATH_INFO", "")
    # PEP 3333: PATH_INFO is the path's bytes decoded as latin-1.
    path = path.encode("latin-1").decode("utf-8", "replace")
    query = environ.get("QUERY_STRING", "")
    target = f"{path}?{query}" if query else path
    return f"{environ.get('REQUEST_METHOD', '-')} {target} {environ.get('SERVER_PROTOCOL', '-')}"


def logged(app: WSGIApp) -> WSGIApp:
    """``app``, each request written to the access log once answered."""

    def application(environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        answer = Logged([], environ, time.monotonic())
        answer.body = app(environ, answer.start(start_response))
        return answer

    return application


def served_app() -> WSGIApp:
    """The app with its access log, made when the server starts (Django is
    set up then, from the server's environment)."""
    from companion.wsgi import application

    return logged(application)
