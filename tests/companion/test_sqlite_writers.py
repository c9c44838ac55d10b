"""The SQLite default, on Django's own backend and options: writers of
several server processes at once, each a transaction that reads the game's
version and then writes the next one (as a card claims its version), all
take their turn: none fails with "database is locked" and none is lost.
The database file logs ahead (WAL) and syncs at checkpoints.

Each process is a real Django started with the settings of `make serve`'s
default (``DATABASE_URL`` a SQLite file), so the options under test are the
settings' own."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROCESSES = 3
THREADS = 2
WRITES = 15

SETUP = """
import django
django.setup()
from django.core.management import call_command
from companion import actions
call_command("migrate", verbosity=0)
game = actions.create_game(players=["Adam", "Betty", "Christian"], variant="classic")
print(game.pk)
"""

WRITER = """
import sys, threading, django
django.setup()
from django.db import connection, connections, transaction
from companion.models import Game

pk, threads, writes = (int(arg) for arg in sys.argv[1:])
errors = []

def write():
    try:
        for _ in range(writes):
            with transaction.atomic():
                version = Game.objects.get(pk=pk).version
                Game.objects.filter(pk=pk).update(version=version + 1)
    except Exception as error:
        errors.append(repr(error))
    finally:
        connections.close_all()

with connection.cursor() as cursor:
    cursor.execute("PRAGMA synchronous")
    print(cursor.fetchone()[0])
connection.close()
workers = [threading.Thread(target=write) for _ in range(threads)]
for worker in workers:
    worker.start()
for worker in workers:
    worker.join()
sys.exit("; ".join(errors) or None)
"""


def environment(database: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    return env | {
        "DJANGO_SETTINGS_MODULE": "companion.settings",
        "DATABASE_URL": f"sqlite:///{database}",
    }


def test_writers_of_several_processes_take_turns_and_every_write_is_kept(tmp_path: Path):
    database = tmp_path / "db.sqlite3"
    env = environment(database)
    made = subprocess.run(
        [sys.executable, "-c", SETUP], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert made.returncode == 0, made.stderr
    pk = made.stdout.split()[-1]

    writers = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, pk, str(THREADS), str(WRITES)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(PROCESSES)
    ]
    answers = [writer.communicate(timeout=120) for writer in writers]

    assert [writer.returncode for writer in writers] == [0] * PROCESSES, answers
    # synchronous=NORMAL (1; FULL is 2) on every connection of the app
    assert [out.strip() for out, _ in answers] == ["1"] * PROCESSES
    with sqlite3.connect(database) as plain:
        query = "SELECT version FROM companion_game WHERE id = ?"
        (version,) = plain.execute(query, [pk]).fetchone()
        (journal,) = plain.execute("PRAGMA journal_mode").fetchone()
    assert version == PROCESSES * THREADS * WRITES
    assert journal == "wal"  # readers and one writer at the same time
