"""Capability tokens kept out of the logs: a token is the key to a game or a
group (an edit link changes the game; a group's edit link lists every game's
edit link), and logs are read by more people, and kept longer, than the
links are.

Every token is hidden, wherever it stands (:func:`redact`):

- by the app's paths: ``/g/<token>/…`` is written ``/g/…/…``, and
  ``/groups/<token>/…`` ``/groups/…/…`` (``/groups/new/`` stays);
- in a query string: ``?group=<token>`` is written ``?group=…``;
- by its look, anywhere else (a ``Location``, a percent-encoded path in a
  query, a message): a run of 32 or more URL-safe characters with upper
  and lower case letters, as :func:`companion.models.new_token` makes them
  (its 192 random bits lack either case with a chance of about one in
  ten million, and the paths above cover those too).

in every message, its arguments and its traceback (:class:`RedactTokens`, a
logging filter used by the ``LOGGING`` setting), and in gunicorn's access
and error logs (:mod:`companion.gunicorn_logging`).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from typing import Any

HIDDEN = "\N{HORIZONTAL ELLIPSIS}"
_SEGMENT = r"(?>[^/\s?#&\"'<>.]+)(?!\.)"
LINK_PATH = re.compile(rf"(/g/|/groups/(?!new(?:[/?#\s\"'<>]|$)))({_SEGMENT})")
"""A game's or a group's path: the token is the segment after ``/g/`` or
``/groups/`` (but for ``/groups/new/``, the form of a new group); a file's
name (``templates/groups/group.html``, with a dot) is no token."""
LINK_QUERY = re.compile(r"([?&;](?:group|token)=)([^&;#\s\"'<>]+)")
"""A token passed in a query string (``/new/?group=<token>``)."""
TOKEN_LOOK = re.compile(r"(?<![\w-])(?=[\w-]*[a-z])(?=[\w-]*[A-Z])[\w-]{32,}(?![\w-])", re.ASCII)
"""Anything that looks like a token: 32 or more URL-safe characters, with
upper and lower case letters (a Python name or a hex digest has not both)."""


def redact(text: str) -> str:
    """The text with every capability token hidden.

    >>> redact("GET /g/Ab-3_x/round/card/ HTTP/1.1")
    'GET /g/…/round/card/ HTTP/1.1'
    >>> redact("GET /new/?group=Ab-3_x&x=1 HTTP/1.1")
    'GET /new/?group=…&x=1 HTTP/1.1'
    >>> redact("/groups/Ab-3_x/games.json /groups/new/ templates/groups/group.html")
    '/groups/…/games.json /groups/new/ templates/groups/group.html'
    >>> redact("next=%2Fg%2FsnEXRt7zqUq1BqpyYpY0mHwW8LB3dk8V%2F")
    'next=%2Fg%…%2F'
    """
    text = LINK_PATH.sub(rf"\g<1>{HIDDEN}", text)
    text = LINK_QUERY.sub(rf"\g<1>{HIDDEN}", text)
    return TOKEN_LOOK.sub(HIDDEN, text)


def _hidden(value: Any) -> Any:
    return redact(value) if isinstance(value, str) else value


class RedactTokens(logging.Filter):
    """Hides capability tokens in a record's message, its arguments and its
    traceback (formatted here, so that no handler formats it again)."""

    def filter(self, record: logging.LogRecord) -> bool:
        # The message is written out with its arguments, then hidden: an
        # argument that is not text (an exception, a request) may write a
        # token too, and gunicorn's atoms keep their own lookup ("-" for
        # an atom a request lacks).
        try:
            message = record.getMessage()
        except (TypeError, ValueError, KeyError):
            message = None  # a malformed message: each part is hidden instead
        if message is not None:
            record.msg, record.args = redact(message), None
        else:
            record.msg = _hidden(record.msg)
            if isinstance(record.args, Mapping):
                record.args = {key: _hidden(value) for key, value in record.args.items()}
            elif isinstance(record.args, tuple):
                record.args = tuple(_hidden(value) for value in record.args)
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        return True
