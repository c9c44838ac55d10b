"""The README's commands are the ones the project measures."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from bench.server import events_options, production_options

README = Path(__file__).resolve().parent.parent / "README.md"


def production_command(app: str = "companion.wsgi") -> list[str]:
    """The gunicorn command of "Running in production" that serves ``app``,
    as the shell splits it."""
    text = README.read_text()
    section = text[text.index("## Running in production") :]
    pattern = rf"^\.venv/bin/gunicorn {re.escape(app)} (?:.*\\\n)*.*$"
    found = re.search(pattern, section, re.MULTILINE)
    assert found is not None, f"no gunicorn command for {app} in Running in production"
    return shlex.split(found.group(0).replace("\\\n", " "))


def test_production_runs_gunicorn_as_make_load_measures_it():
    command = production_command()

    assert command[:4] == [".venv/bin/gunicorn", "companion.wsgi", "-b", "127.0.0.1:8000"]
    assert command[4:] == production_options("$(nproc)")


def test_the_events_server_runs_as_the_tests_and_make_load_seats_run_it():
    command = production_command("companion.events:application")

    assert command[:4] == [
        ".venv/bin/gunicorn",
        "companion.events:application",
        "-b",
        "127.0.0.1:8001",
    ]
    assert command[4:] == events_options()
