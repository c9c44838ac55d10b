"""Game tokens kept out of the logs: a token in a path is the key to a game
(its edit link changes the game), and logs are read by more people, and
kept longer, than the links are.

``/g/<token>/…`` is written ``/g/…/…`` in every message, its arguments and
its traceback (:class:`RedactTokens`, a logging filter used by the
``LOGGING`` setting), and in gunicorn's access log
(:mod:`companion.gunicorn_logging`).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from typing import Any

GAME_PATH = re.compile(r"(/g/)[^/\s?#\"'<>]+")
HIDDEN = "\N{HORIZONTAL ELLIPSIS}"


def redact(text: str) -> str:
    """The text with the token of every game path hidden.

    >>> redact("GET /g/Ab-3_x/round/card/ HTTP/1.1")
    'GET /g/…/round/card/ HTTP/1.1'
    """
    return GAME_PATH.sub(rf"\g<1>{HIDDEN}", text)


def _hidden(value: Any) -> Any:
    return redact(value) if isinstance(value, str) else value


class RedactTokens(logging.Filter):
    """Hides game tokens in a record's message, its arguments and its
    traceback (formatted here, so that no handler formats it again)."""

    def filter(self, record: logging.LogRecord) -> bool:
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
