"""SQLite writers queue on a lock file (companion.sqlite): a second writer
waits for the first instead of polling SQLite's lock, so even with no busy
timeout at all no write fails with "database is locked"."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from companion.sqlite.base import DatabaseWrapper


def wrapper(path: Path) -> DatabaseWrapper:
    settings = {
        "NAME": str(path),
        "ENGINE": "companion.sqlite",
        # No busy timeout: without the queue a second writer fails at once.
        "OPTIONS": {"transaction_mode": "IMMEDIATE", "timeout": 0},
        "TIME_ZONE": None,
        "CONN_MAX_AGE": 0,
        "CONN_HEALTH_CHECKS": False,
        "AUTOCOMMIT": True,
        "ATOMIC_REQUESTS": False,
        "TEST": {},
        "USER": "",
        "PASSWORD": "",
        "HOST": "",
        "PORT": "",
    }
    return DatabaseWrapper(settings, alias=f"queue-{threading.get_ident()}")


def add_one(connection: DatabaseWrapper, hold: float) -> None:
    """One write transaction, as transaction.atomic() runs it, held a while."""
    connection.ensure_connection()
    connection._start_transaction_under_autocommit()
    with connection.cursor() as cursor:
        cursor.execute("UPDATE counter SET n = n + 1")
        time.sleep(hold)
    connection.commit()


@pytest.fixture(autouse=True)
def unblocked(django_db_blocker):
    """These connections are our own, to a file of the test's: not the test database."""
    with django_db_blocker.unblock():
        yield


@pytest.fixture
def database(tmp_path: Path) -> Path:
    path = tmp_path / "db.sqlite3"
    connection = wrapper(path)
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("CREATE TABLE counter (n INTEGER)")
        cursor.execute("INSERT INTO counter VALUES (0)")
    connection.close()
    return path


def test_writers_wait_their_turn_and_every_write_is_kept(database: Path) -> None:
    errors: list[BaseException] = []
    # Every connection is open before the first write and closed after the
    # last: opening and closing a WAL database may meet SQLite's own lock
    # for a moment (the busy timeout covers that in the app); the queue is
    # for the writes.
    opened, written = threading.Barrier(4), threading.Barrier(4)

    def writer() -> None:
        connection = wrapper(database)
        try:
            connection.ensure_connection()
            opened.wait()
            for _ in range(10):
                add_one(connection, hold=0.002)
        except BaseException as error:  # noqa: BLE001 - the assertion reports it
            errors.append(error)
        finally:
            written.wait()
            connection.close()

    threads = [threading.Thread(target=writer) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert errors == []
    connection = wrapper(database)
    with connection.cursor() as cursor:
        cursor.execute("SELECT n FROM counter")
        assert cursor.fetchone() == (40,)
    connection.close()


def test_a_rolled_back_or_closed_writer_lets_the_next_one_in(database: Path) -> None:
    first, second = wrapper(database), wrapper(database)
    first.ensure_connection()
    first._start_transaction_under_autocommit()
    first.rollback()
    add_one(second, hold=0)  # would wait for ever if the rollback kept the lock

    first._start_transaction_under_autocommit()
    first.close()  # mid-transaction: closing lets go of the queue too
    add_one(second, hold=0)
    second.close()


def test_the_apps_sqlite_file_logs_ahead_and_syncs_at_checkpoints(tmp_path: Path):
    """The settings' options on a database file: WAL, so readers and a writer
    work at once, and synchronous=NORMAL, so a commit costs no fsync."""
    from django.conf import settings

    options = settings.DATABASES["default"].get("OPTIONS", {})
    if settings.DATABASES["default"]["ENGINE"] != "companion.sqlite":
        pytest.skip("the suite runs on PostgreSQL")
    connection = wrapper(tmp_path / "db.sqlite3")
    connection.settings_dict["OPTIONS"] = dict(options)
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        journal = cursor.fetchone()[0]
        cursor.execute("PRAGMA synchronous")
        synchronous = cursor.fetchone()[0]
    connection.close()
    assert (journal, synchronous) == ("wal", 1)  # 1 is NORMAL (2 is FULL)
