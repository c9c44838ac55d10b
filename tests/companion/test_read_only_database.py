"""A SQLite database the server may read but not write is a 503 with
Retry-After on every write (the app's 503 page, as for a full disk), with
one clear line in the log, never a 500.

The database is a real file, made read-only (mode 0444), and the app runs in
a process of its own with the app's settings (``DEBUG`` off). Tests may run
as root, which writes a file whatever its mode: so the app is also told to
open it the way SQLite opens a file it may not write, read-only
(``file:…?mode=ro``, an SQLite URI, which Django's backend accepts as the
database's name). Every write then fails in SQLite itself with the error a
user without write permission gets: "attempt to write a readonly database".
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

MAKE = """
import django
from django.core.management import call_command
django.setup()
call_command("migrate", verbosity=0)
from companion.actions import create_game
print(create_game(players=["Ann", "Ben", "Cat"], variant="classic").edit_token)
"""

READ_ONLY_SETTINGS = """
from companion.settings import *  # noqa: F403
DATABASES["default"]["NAME"] = "file:{path}?mode=ro"  # noqa: F405
# No collectstatic in the test: plain static files, as with DEBUG on.
STORAGES["staticfiles"] = {{  # noqa: F405
    "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
}}
"""

REQUESTS = """
import json, sys, uuid
import django
django.setup()
from django.test import Client
token = sys.argv[1]
client = Client(raise_request_exception=False)
new_game = {"name_0": "Ann", "name_1": "Ben", "name_2": "Cat", "variant": "classic",
            "edition": "classic", "dealer": "Ann", "goal": "rounds"}
card = {"version": 0, "key": uuid.uuid4().hex, "card": "24"}
answers = {}
for name, method, url, data in [
    ("home", "get", "/", None),
    ("round", "get", f"/g/{token}/round/", None),
    ("card", "post", f"/g/{token}/round/card/", card),
    ("new game", "post", "/new/", new_game),
]:
    response = getattr(client, method)(url, data) if data else getattr(client, method)(url)
    answers[name] = [response.status_code, response.get("Retry-After"),
                     response.content.decode()]
print(json.dumps(answers))
"""


def run(script: str, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", script, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_read_only_database_is_a_503_on_every_write_with_one_log_line(tmp_path):
    database = tmp_path / "table.sqlite3"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "companion.settings",
        "DATABASE_URL": f"sqlite:///{database}",
        "DEBUG": "0",
        "SECRET_KEY": "k3Jx9-table-server-secret-qZ71mWv0pR5tY8uE2oL4aN6-read-only-8Hf2",
        "ALLOWED_HOSTS": "testserver",
        "SECURE_SSL_REDIRECT": "0",
        "PYTHONPATH": f"{tmp_path}{os.pathsep}{ROOT}",
        "STATIC_ROOT": str(tmp_path / "static"),
    }
    (tmp_path / "static").mkdir()
    made = run(MAKE, env)
    assert made.returncode == 0, made.stderr[-3000:]
    token = made.stdout.strip()
    database.chmod(0o444)
    (tmp_path / "read_only_settings.py").write_text(READ_ONLY_SETTINGS.format(path=database))

    served = run(REQUESTS, {**env, "DJANGO_SETTINGS_MODULE": "read_only_settings"}, token)

    assert served.returncode == 0, served.stderr[-3000:]
    answers = json.loads(served.stdout)
    assert answers["home"][0] == 200  # reading works
    for name in ("round", "card", "new game"):  # the session's save, a card, a new game
        status, retry_after, page = answers[name]
        assert (name, status, retry_after) == (name, 503, "2")
        assert "Try again in a moment" in page and "Nothing was saved" in page
    logged = served.stderr.strip().splitlines()
    assert len(logged) == 3, served.stderr
    requests = ["GET /g/…/round/", "POST /g/…/round/card/", "POST /new/"]
    for line, request in zip(logged, requests, strict=True):
        said = f"WARNING companion.database: database unavailable, answered 503 ({request}):"
        assert said in line
        assert line.endswith(
            "the database is read-only: the server's user cannot write its file or folder:"
            " attempt to write a readonly database"
        )
    assert token not in served.stderr
    assert database.stat().st_mode & 0o777 == 0o444
