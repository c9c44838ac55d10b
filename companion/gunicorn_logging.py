"""gunicorn's logger without capability tokens: ``--logger-class
companion.gunicorn_logging.RedactingLogger`` hides every game's and group's
token (``/g/…/``, ``/groups/…/``, ``?group=…``, :func:`companion.redact.redact`)
in the access log (each line as written: request line, path, query, referer
and every other atom) and in the error log."""

from __future__ import annotations

from typing import Any

from gunicorn.glogging import Logger

from companion.redact import RedactTokens


class RedactingLogger(Logger):
    """gunicorn's own logger, with tokens hidden from what it writes."""

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        self.error_log.addFilter(RedactTokens())
        self.access_log.addFilter(RedactTokens())
