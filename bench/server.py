"""The app served on loopback, with production settings.

:func:`configure` prepares the environment (a random ``SECRET_KEY``, ``DEBUG``
off, a fresh SQLite file unless ``DATABASE_URL`` is set), sets Django up in
this process for seeding, migrates and collects static files into a
temporary folder; :class:`Server` then runs gunicorn (or ``make serve``'s
server) on a free port of 127.0.0.1 and stops it again.
"""

from __future__ import annotations

import http.client
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"


@dataclass
class Setup:
    """Where this run keeps its files and which database it uses."""

    workdir: Path
    env: dict[str, str]
    database: str
    """"sqlite" or "postgresql"."""

    def cleanup(self) -> None:
        """Remove the run's folder (database file, static files, log)."""
        shutil.rmtree(self.workdir, ignore_errors=True)


def configure(workdir: Path | None = None, quiet: bool = True) -> Setup:
    """Environment, Django, database schema and static files for a run."""
    workdir = workdir or Path(tempfile.mkdtemp(prefix="imp-bench-"))
    database_url = os.environ.get("DATABASE_URL", "").strip()
    database = "postgresql" if database_url.startswith(("postgres", "pgsql")) else "sqlite"
    if not database_url:
        database_url = f"sqlite:///{workdir / 'bench.sqlite3'}"
    env = {
        "DJANGO_SETTINGS_MODULE": "bench.settings",
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(48),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "0",
        "DATABASE_URL": database_url,
        "BENCH_STATIC_ROOT": str(workdir / "static"),
        "BENCH_ENDPOINTS": "1",
        "PYTHONPATH": str(ROOT),
    }
    os.environ.update(env)
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import django
    from django.core.management import call_command

    django.setup()
    verbosity = 0 if quiet else 1
    call_command("migrate", interactive=False, verbosity=verbosity)
    call_command("collectstatic", interactive=False, verbosity=verbosity)
    return Setup(workdir, env, database)


def free_port() -> int:
    """A TCP port of 127.0.0.1 nobody listens on (just now)."""
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


THREADS_PER_WORKER = 4
"""Threads of each gunicorn worker in production (README, "Running in
production"): enough that requests waiting for PostgreSQL leave the core to
others (with two, 75 tables of ``make load`` waited 443 ms at p95 on
PostgreSQL with the core 70% busy), few enough that each request waits
little for Python's interpreter lock."""


def production_command(bind: str, workers: int) -> list[str]:
    """gunicorn as the README runs it in production ("Running in
    production"): a worker per core with four threads each, connections kept
    30 s (a phone polls every 2 s), up to 4,000 of them a worker (a table of
    seat phones holds ten), the access log through the logger that hides
    tokens. ``tests/test_readme.py`` holds the README to it."""
    return [
        sys.executable, "-m", "gunicorn", "companion.wsgi", "-b", bind,
        *production_options(workers),
        "--chdir", str(ROOT),
    ]  # fmt: skip


def production_options(workers: int | str) -> list[str]:
    """The options of the README's gunicorn command but its address."""
    return [
        "-k", "gthread", "-w", str(workers), "--threads", str(THREADS_PER_WORKER),
        "--keep-alive", "30", "--worker-connections", "4000", "--no-control-socket",
        "--access-logfile", "-", "--logger-class", "companion.gunicorn_logging.RedactingLogger",
    ]  # fmt: skip


def stop_process(process: subprocess.Popen[bytes] | None) -> None:
    """Stop a server's process gracefully (SIGTERM), then for good after 15 s
    (:func:`companion.serve.stop`)."""
    from companion.serve import stop

    if process is not None:
        stop(process, timeout=15.0)


def events_command(bind: str) -> list[str]:
    """The events server as the README runs it beside the app
    (:mod:`companion.events`): one process of gunicorn's ASGI worker, which
    holds every phone's stream on one event loop; no access log (each
    request's path holds a link's token)."""
    return [
        sys.executable, "-m", "gunicorn", "companion.events:application", "-b", bind,
        *events_options(),
        "--chdir", str(ROOT),
    ]  # fmt: skip


def events_options() -> list[str]:
    """The options of the README's events command but its address, as
    ``make serve`` runs it too (:data:`companion.serve.EVENTS_OPTIONS`)."""
    from companion.serve import EVENTS_OPTIONS

    return list(EVENTS_OPTIONS)


class EventsServer:
    """:mod:`companion.events` served on ``127.0.0.1:<port>`` (by
    :func:`events_command`) until :meth:`stop`, on the cores given."""

    def __init__(self, setup: Setup, cpus: set[int] | None = None) -> None:
        self.setup = setup
        self.cpus = cpus
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None
        self.log = setup.workdir / "events.log"

    def __enter__(self) -> EventsServer:
        self.port = free_port()
        env = {**os.environ, **self.setup.env, "IMP_EVENTS_URL": self.url}  # its pages name it
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                events_command(f"{HOST}:{self.port}"),
                env=env, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT,
                preexec_fn=(lambda: os.sched_setaffinity(0, self.cpus)) if self.cpus else None,
            )  # fmt: skip
        try:
            ready = self._ready(30.0)
        except BaseException:  # told to stop while it starts
            self.__exit__()
            raise
        if not ready:
            self.__exit__()
            raise RuntimeError(f"the events server did not start:\n{self.log.read_text()}")
        return self

    @property
    def url(self) -> str:
        """What the app's pages are told (``IMP_EVENTS_URL``)."""
        return f"http://{HOST}:{self.port}/events/"

    def _ready(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process is None or self.process.poll() is not None:
                return False
            try:
                conn = http.client.HTTPConnection(HOST, self.port, timeout=2)
                conn.request("GET", "/events/-/")
                status = conn.getresponse().status
                conn.close()
                if status == 404:
                    return True
            except OSError:
                pass
            time.sleep(0.1)
        return False

    def __exit__(self, *exc: object) -> None:
        stop_process(self.process)
        self.process = None


class Server:
    """The app served on ``127.0.0.1:<port>`` until :meth:`stop`: by gunicorn
    (``make bench``), by gunicorn as the README runs it in production (a
    worker per core it may use, ``make load``) when ``as_production``, or by
    ``make serve``'s own command (waitress with the access log) when
    ``as_make_serve``."""

    def __init__(
        self,
        setup: Setup,
        workers: int = 2,
        threads: int = 2,
        *,
        cpus: set[int] | None = None,
        as_make_serve: bool = False,
        as_production: bool = False,
    ) -> None:
        self.setup = setup
        self.workers = workers
        self.threads = threads
        self.cpus = cpus
        """The cores the server (every process of it) may run on; None: any."""
        self.as_make_serve = as_make_serve
        self.as_production = as_production
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None
        self.log = setup.workdir / "server.log"

    def __enter__(self) -> Server:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def command(self) -> list[str]:
        """The server's command line, for :attr:`port`."""
        if self.as_make_serve:
            from companion.serve import server_command

            return server_command(f"{HOST}:{self.port}", self.threads)
        if self.as_production:  # the README's "$(nproc)" under the pin
            cores = len(self.cpus) if self.cpus else os.cpu_count() or 1
            return production_command(f"{HOST}:{self.port}", cores)
        return [
            sys.executable, "-m", "gunicorn", "companion.wsgi:application",
            "--bind", f"{HOST}:{self.port}",
            "--workers", str(self.workers),
            "--worker-class", "gthread", "--threads", str(self.threads),
            "--keep-alive", "30",
            "--chdir", str(ROOT),
            "--log-level", "warning",
            # gunicorn's control socket is one path for every server of the
            # user ($XDG_RUNTIME_DIR or ~/.gunicorn): a bench run must not
            # take it from another server, nor leave its own behind.
            "--no-control-socket",
        ]  # fmt: skip

    def start(self) -> None:
        """Start the server and wait until ``bench/ok/`` answers."""
        for _attempt in range(3):
            self.port = free_port()
            env = {**os.environ, **self.setup.env}
            with self.log.open("ab") as log:
                self.process = subprocess.Popen(
                    self.command(),
                    env=env,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    cwd=ROOT,
                    preexec_fn=self._pin if self.cpus else None,
                )
            try:
                ready = self._wait_ready(30.0)
            except BaseException:  # told to stop while it starts
                self.stop()
                raise
            if ready:
                return
            self.stop()
        raise RuntimeError(f"the server did not start; see {self.log}:\n{self.log.read_text()}")

    def _pin(self) -> None:
        """In the child before the server starts (gunicorn's workers inherit the cores)."""
        assert self.cpus is not None
        os.sched_setaffinity(0, self.cpus)

    def _wait_ready(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process is None or self.process.poll() is not None:
                return False
            try:
                conn = http.client.HTTPConnection(HOST, self.port, timeout=2)
                conn.request("GET", "/bench/ok/")
                if conn.getresponse().status == 200:
                    conn.close()
                    return True
                conn.close()
            except OSError:
                pass
            time.sleep(0.1)
        return False

    def stop(self) -> None:
        """Stop the server gracefully (SIGTERM), then for good."""
        stop_process(self.process)
        self.process = None
