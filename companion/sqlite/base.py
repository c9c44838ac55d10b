"""Django's SQLite backend, with writers that queue instead of polling.

SQLite lets one writer in at a time. A second writer's ``BEGIN IMMEDIATE``
fails with "database is locked" and SQLite's busy handler retries it after
sleeping 1, 2, 5, 10, 15… ms, whatever the first writer does meanwhile: two
phones entering cards at once spent most of their time asleep. Here each
transaction first takes an exclusive ``flock`` on a file beside the
database; the kernel wakes the next writer the moment the lock is let go,
and ``BEGIN IMMEDIATE`` then finds SQLite free. A process that does not
queue this way (``manage.py shell``) still meets SQLite's own lock.
"""

from __future__ import annotations

import fcntl
import os
from typing import Any

from django.db.backends.sqlite3 import base


class DatabaseWrapper(base.DatabaseWrapper):
    """SQLite, each write transaction queued on ``<database>-writers.lock``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.queue_fd: int | None = None
        self.queued = False

    def _start_transaction_under_autocommit(self) -> None:
        self._queue()
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._leave()
            raise

    def _commit(self) -> None:
        try:
            super()._commit()
        finally:
            self._leave()

    def _rollback(self) -> None:
        try:
            super()._rollback()
        finally:
            self._leave()

    def _close(self) -> None:
        try:
            super()._close()
        finally:
            self._leave()
            if self.queue_fd is not None:
                os.close(self.queue_fd)
                self.queue_fd = None

    def _queue(self) -> None:
        """Wait for the writers before this one (no-op for an in-memory database)."""
        if self.is_in_memory_db():
            return
        if self.queue_fd is None:
            path = f"{self.settings_dict['NAME']}-writers.lock"
            self.queue_fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        fcntl.flock(self.queue_fd, fcntl.LOCK_EX)
        self.queued = True

    def _leave(self) -> None:
        if self.queued and self.queue_fd is not None:
            fcntl.flock(self.queue_fd, fcntl.LOCK_UN)
        self.queued = False
