"""The events server (:mod:`companion.events`) as a process of its own,
serving the tests' database: for tests of changes pushed to phones."""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.db import connection

ROOT = Path(__file__).resolve().parents[1]


def database_url() -> str:
    """The tests' database, for a server process of its own."""
    settings = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{settings['NAME']}"
    user, host, port = settings["USER"] or "postgres", settings["HOST"], settings["PORT"]
    return f"postgres://{user}@{host or '127.0.0.1'}:{port or 5432}/{settings['NAME']}"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def events_server(**settings: str) -> Iterator[int]:
    """The events server as the README runs it, on the tests' database
    (whose rows the test must commit: ``transaction=True``), with these
    environment variables besides; its port."""
    from bench.server import events_command

    port = free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "companion.settings",
        "DATABASE_URL": database_url(),
        "PYTHONPATH": str(ROOT),
        # the pages it pushes name it, as the app's do (README)
        "IMP_EVENTS_URL": f"http://127.0.0.1:{port}/events/",
        **settings,
    }
    process = subprocess.Popen(
        events_command(f"127.0.0.1:{port}"),
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 30
        while not answers(port):
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise RuntimeError(f"the events server did not start: {process.communicate()[0]}")
            time.sleep(0.1)
        yield port
    finally:
        process.send_signal(signal.SIGINT)  # at once: no stream is let finish
        process.wait(timeout=15)


def answers(port: int) -> bool:
    """Whether the events server answers (an unknown link: 404; 503
    without its database)."""
    try:
        probe = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
        probe.request("GET", "/events/-/")
        status = probe.getresponse().status
        probe.close()
    except OSError:
        return False
    return status in (404, 503)
