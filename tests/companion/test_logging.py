"""Production logging: every 500 is written to stderr with its traceback,
and never a game's token (the edit link is the key to the game). gunicorn's
access log leaves the token out as well (companion.gunicorn_logging)."""

from __future__ import annotations

import io
import logging
import sys
from contextlib import contextmanager
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.test import Client
from gunicorn.config import Config

from companion.gunicorn_logging import RedactingLogger
from companion.models import Group, new_token
from companion.redact import RedactTokens, redact

pytestmark = pytest.mark.django_db

TOKEN = "Sx7-edit_TOKEN_0123456789abcdefghij"


@contextmanager
def stderr_of_the_app():
    """What the configured stderr handler(s) write, caught in a buffer."""
    handlers = [
        handler
        for name in ("", "django", "django.request")
        for handler in logging.getLogger(name).handlers
        if isinstance(handler, logging.StreamHandler) and getattr(handler, "name", "") == "stderr"
    ]
    assert handlers, "no stderr handler is configured"
    buffer = io.StringIO()
    kept = [handler.setStream(buffer) for handler in handlers]
    try:
        yield buffer
    finally:
        for handler, stream in zip(handlers, kept, strict=True):
            handler.setStream(stream)


@pytest.mark.urls("tests.companion.failing_urls")
def test_a_500_is_logged_with_its_traceback_and_no_token():
    client = Client(raise_request_exception=False)

    with stderr_of_the_app() as stderr:
        response = client.get(f"/g/{TOKEN}/fails/?from=/g/{TOKEN}/")

    written = stderr.getvalue()
    assert response.status_code == 500
    assert "Internal Server Error: /g/…/fails/" in written
    assert "Traceback (most recent call last)" in written
    assert "ValueError: the game page /g/…/fails/ fell over" in written
    assert TOKEN not in written


def test_logging_is_configured_for_stderr_whatever_debug_says():
    handler = settings.LOGGING["handlers"]["stderr"]
    assert handler["stream"] == "ext://sys.stderr"
    assert "redact_tokens" in handler["filters"]
    assert settings.LOGGING["loggers"]["django"]["level"] == "INFO"


def test_the_filter_hides_tokens_in_message_args_and_traceback():
    record = logging.LogRecord(
        "django.server",
        logging.INFO,
        __file__,
        1,
        '"%s" %s %s',
        (f"GET /g/{TOKEN}/round/ HTTP/1.1", 200, 512),
        None,
    )
    try:
        raise KeyError(f"/g/{TOKEN}/live/")
    except KeyError:
        record.exc_info = sys.exc_info()

    RedactTokens().filter(record)
    line = logging.Formatter("%(message)s").format(record)

    assert TOKEN not in line
    assert '"GET /g/…/round/ HTTP/1.1" 200 512' in line
    assert "KeyError: '/g/…/live/'" in line


def test_redact_leaves_other_paths_alone():
    assert redact("/dispute/?card_1=24") == "/dispute/?card_1=24"
    assert redact(f"/g/{TOKEN}") == "/g/…"
    assert redact(f"https://imp.example.org/g/{TOKEN}/share/?edit=1") == (
        "https://imp.example.org/g/…/share/?edit=1"
    )


def test_gunicorn_access_log_every_atom_written_has_no_token():
    """The line as written, with the request line, path, referer and an
    answer's Location in it (the filter hides the formatted line)."""
    environ = {
        "REQUEST_METHOD": "POST",
        "RAW_URI": f"/g/{TOKEN}/round/card/",
        "PATH_INFO": f"/g/{TOKEN}/round/card/",
        "HTTP_REFERER": f"https://imp.example.org/g/{TOKEN}/round/",
    }

    line = access_line(
        environ,
        "302 Found",
        access_format='"%(r)s" %(U)s "%(f)s" %({location}o)s',
        headers=[("Location", f"/g/{TOKEN}/round/")],
        request_headers=[("REFERER", f"https://imp.example.org/g/{TOKEN}/round/")],
    )

    assert line == (
        '"POST /g/…/round/card/ HTTP/1.1" /g/…/round/card/ '
        '"https://imp.example.org/g/…/round/" /g/…/round/\n'
    )


def test_gunicorn_access_log_line_has_no_token():
    environ = {
        "REQUEST_METHOD": "GET",
        "RAW_URI": f"/g/{TOKEN}/live/",
        "PATH_INFO": f"/g/{TOKEN}/live/",
    }

    line = access_line(environ, "304 Not Modified")

    assert '"GET /g/…/live/ HTTP/1.1" 304' in line
    assert TOKEN not in line


# A group's links, as issue 23 found them in the logs: the group page, the
# form of a game started in it (its edit token in the query), each page's
# Referer, and the 404 of a link that matches nothing.

README_ACCESS_FORMAT = '%(h)s %(l)s %(u)s %(t)s "%(r)s" %(s)s %(b)s "%(f)s" "%(a)s"'
"""gunicorn's own default format (the README's command keeps it): with the referer."""


def access_line(
    environ: dict[str, str],
    status: str = "200 OK",
    *,
    access_format: str = README_ACCESS_FORMAT,
    headers: list[tuple[str, str]] | None = None,
    request_headers: list[tuple[str, str]] | None = None,
) -> str:
    """One access-log line, as gunicorn writes it through the project's
    logger class (``headers``: the answer's; ``request_headers``: the request's)."""
    config = Config()
    config.set("accesslog", "-")
    config.set("access_log_format", access_format)
    config.set("logger_class", "companion.gunicorn_logging.RedactingLogger")
    logger = config.logger_class(config)
    assert isinstance(logger, RedactingLogger)
    buffer = io.StringIO()
    for handler in logger.access_log.handlers:
        handler.setStream(buffer)
    base = {"SERVER_PROTOCOL": "HTTP/1.1", "REMOTE_ADDR": "127.0.0.1", "QUERY_STRING": ""}
    response = SimpleNamespace(status=status, sent=1234, headers=headers or [])
    request = SimpleNamespace(headers=request_headers or [])
    logger.access(response, request, {**base, **environ}, timedelta(0, 0, 9))
    return buffer.getvalue()


@pytest.mark.parametrize(
    ("path", "query", "referer", "written"),
    [
        ("/groups/{edit}/", "", "http://imp.example.org/", '"GET /groups/…/ HTTP/1.1"'),
        (
            "/new/",
            "group={edit}",
            "http://imp.example.org/groups/{edit}/",
            '"GET /new/?group=… HTTP/1.1" 200 1234 "http://imp.example.org/groups/…/"',
        ),
        (
            "/groups/{view}/games.json",
            "",
            "http://imp.example.org/groups/{view}/?page=2",
            '"GET /groups/…/games.json HTTP/1.1" 200 1234 "http://imp.example.org/groups/…/?page=2"',
        ),
        (
            "/",
            "next=%2Fgroups%2F{edit}%2F",
            "http://imp.example.org/new/?x=1&group={edit}",
            '"http://imp.example.org/new/?x=1&group=…"',
        ),
        ("/groups/new/", "", "-", '"GET /groups/new/ HTTP/1.1"'),
    ],
)
def test_an_access_log_line_has_no_group_token(path, query, referer, written):
    edit, view = new_token(), new_token()
    fill = {"edit": edit, "view": view}
    uri = path.format(**fill) + (f"?{query.format(**fill)}" if query else "")
    environ = {
        "REQUEST_METHOD": "GET",
        "RAW_URI": uri,
        "PATH_INFO": path.format(**fill),
        "QUERY_STRING": query.format(**fill),
        "HTTP_REFERER": referer.format(**fill),
        "HTTP_USER_AGENT": "Mozilla/5.0 (Android 14)",
    }

    line = access_line(environ)

    assert written in line
    assert '"Mozilla/5.0 (Android 14)"' in line
    assert edit not in line
    assert view not in line


@pytest.mark.parametrize(
    "path",
    ["/groups/{token}/", "/groups/{token}/games.json", "/g/{token}/share/", "/new/?group={token}"],
)
def test_a_404_of_a_link_is_logged_without_its_token(client, path):
    token = new_token()

    with stderr_of_the_app() as stderr:
        response = client.get(path.format(token=token))

    written = stderr.getvalue()
    assert response.status_code == 404
    assert "Not Found: /" in written
    assert token not in written


def test_a_real_groups_404_is_logged_without_its_token(client):
    group = Group.objects.create(name="Club", players=["Ann", "Ben"])

    with stderr_of_the_app() as stderr:
        response = client.get(f"/groups/{group.edit_token}/nothing-here/")

    written = stderr.getvalue()
    assert response.status_code == 404
    assert "Not Found: /groups/…/nothing-here/" in written
    assert group.edit_token not in written


def test_a_token_is_hidden_by_its_look_wherever_it_stands():
    token = new_token()
    record = logging.LogRecord(
        "companion", logging.WARNING, __file__, 1, "moved to %s (%r)", (f"/x/{token}", {1}), None
    )

    RedactTokens().filter(record)
    line = logging.Formatter("%(message)s").format(record)

    assert line == "moved to /x/… ({1})"


def test_names_and_digests_are_not_taken_for_tokens():
    text = (
        "test_the_filter_hides_tokens_in_message_args_and_traceback "
        "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 /static/app.3f2a9c.css"
    )
    assert redact(text) == text
