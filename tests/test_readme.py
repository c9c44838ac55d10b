"""The README's commands are the ones the project measures."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from bench.server import production_options

README = Path(__file__).resolve().parent.parent / "README.md"


def production_command() -> list[str]:
    """The gunicorn command of "Running in production", as the shell splits it."""
    text = README.read_text()
    section = text[text.index("## Running in production") :]
    found = re.search(r"^\.venv/bin/gunicorn (?:.*\\\n)*.*$", section, re.MULTILINE)
    assert found is not None, "no gunicorn command in Running in production"
    return shlex.split(found.group(0).replace("\\\n", " "))


def test_production_runs_gunicorn_as_make_load_measures_it():
    command = production_command()

    assert command[:4] == [".venv/bin/gunicorn", "companion.wsgi", "-b", "127.0.0.1:8000"]
    assert command[4:] == production_options("$(nproc)")
