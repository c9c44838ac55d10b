"""``make serve``: the app served to a table from a laptop, as production
serves it (DEBUG off, the SQLite database), on the local network.

It keeps a secret key in an ignored file beside the project (made once, so
sessions survive a restart; readable by its owner only), prepares the
database and the static files, prints the address the phones on the same
wifi open and its QR code, then serves on every interface of the machine.
Plain HTTP on a home network: secure-only cookies, HTTPS redirects and HSTS
are off.

The server is waitress: it reads each request whole (headers and body) in
its event loop before one of its threads runs the app, so a phone on bad
wifi, or a client that sends half a request and stalls, holds no thread —
the others' cards are answered meanwhile. gunicorn hands a connection to a
thread at its first byte (production puts a buffering proxy in front of it:
README, "Running in production").

Beside it, on the next port, runs the events server (:mod:`companion.events`,
gunicorn's ASGI worker, as production runs it): each round screen holds one
stream open there and is told of each change at once, instead of polling.
A phone that cannot reach that port polls, as it always could.

    python -m companion.serve [--port 8000] [--events-port 8001] [--address 192.168.1.20]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import secrets
import signal
import socket
import subprocess
import sys
from pathlib import Path

import segno

ROOT = Path(__file__).resolve().parent.parent
SECRET_FILE = ROOT / ".secret_key"


def secret_key(path: Path) -> str:
    """The key kept in ``path``, made the first time (or again when it is
    too short); the file is readable by its owner only, whatever its mode was."""
    if path.exists():
        path.chmod(0o600)
        key = path.read_text().strip()
        if len(key) >= 50:
            return key
    key = secrets.token_urlsafe(50)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as file:
        os.fchmod(descriptor, 0o600)  # a file that was there keeps its mode otherwise
        file.write(key + "\n")
    return key


def local_address() -> str:
    """This machine's address on the local network (the interface of its
    default route), or 127.0.0.1 when it has none. A UDP socket's connect
    sends nothing; it only picks the route."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never contacted
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def allowed_hosts(address: str) -> list[str]:
    """The names the phones may use: the address, this machine's names, loopback."""
    name = socket.gethostname()
    hosts = [address, name, f"{name}.local", "localhost", "127.0.0.1", "[::1]"]
    return list(dict.fromkeys(host for host in hosts if host))


# Black on white whatever the terminal's own colours: a phone's camera reads
# dark modules on a light ground, and a terminal with a light theme would
# otherwise show the code inverted. Each character is two modules, one above
# the other, drawn in the foreground colour (black).
QR_COLOURS = "\033[30;107m"  # black text on bright white
QR_RESET = "\033[0m"
QR_BLOCKS = {(True, True): "\u2588", (True, False): "\u2580", (False, True): "\u2584"}


def qr_text(url: str) -> str:
    """The URL as a QR code for a terminal: half-block characters, black
    on white (ANSI colours), with its quiet zone of four light modules."""
    rows = [[bool(bit) for bit in row] for row in segno.make(url, error="l").matrix_iter(border=4)]
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    lines = []
    for top, bottom in zip(rows[::2], rows[1::2], strict=True):
        cells = "".join(QR_BLOCKS.get(pair, " ") for pair in zip(top, bottom, strict=True))
        lines.append(f"{QR_COLOURS}{cells}{QR_RESET}\n")
    return "".join(lines)


def environment(address: str, secret: str, events_port: int) -> dict[str, str]:
    """The settings of a table's server, as environment variables; its
    pages name the events server on ``events_port`` of the same address."""
    env = dict(os.environ)
    env.update(
        DEBUG="0",
        IMP_EVENTS_URL=f"http://{address}:{events_port}/events/",
        SECRET_KEY=secret,
        ALLOWED_HOSTS=",".join(allowed_hosts(address)),
        # Plain HTTP on the local network: no HTTPS redirect, no HSTS, and
        # cookies that the browser sends over HTTP.
        SECURE_SSL_REDIRECT="0",
        SECURE_HSTS_SECONDS="0",
        SECURE_COOKIES="0",
    )
    return env


THREADS = 8
"""Requests the app serves at once (waitress's threads; each holds a
database connection). A request waiting for the database holds one."""

BODY_LIMIT = 2 * 1024 * 1024
"""Largest request body waitress reads (413 beyond, by its Content-Length
or while reading): above the app's own limit (1 MiB), which answers first
with its own page."""


def server_command(listen: str, threads: int = THREADS) -> list[str]:
    """The command that serves the app on ``listen`` ("host:port"): waitress
    with the access log (:mod:`companion.access_log`). ``bench/`` starts the
    same command."""
    return [
        sys.executable,
        "-m",
        "waitress",
        f"--listen={listen}",
        f"--threads={threads}",
        # A client that sends nothing for this many seconds is closed; while
        # it waits it holds a connection, never a thread.
        "--channel-timeout=30",
        "--connection-limit=500",
        "--asyncore-use-poll",  # select() stops at 1024 file descriptors
        f"--max-request-body-size={BODY_LIMIT}",
        "--call",
        "companion.access_log:served_app",
    ]


EVENTS_OPTIONS = ["-k", "asgi", "-w", "1", "--graceful-timeout", "2", "--no-control-socket"]
"""How the events server runs (README, "Changes pushed to the phones"): one
process of gunicorn's ASGI worker holds every phone's stream on one event
loop. A stream never ends by itself: on a restart, gunicorn closes those
still open after 2 s, and each phone opens its stream again."""


def events_command(listen: str) -> list[str]:
    """The command that serves the events server on ``listen``
    ("host:port"), with only its warnings and errors on the terminal (it
    keeps no access log: each request's path holds a link's token)."""
    return [
        sys.executable, "-m", "gunicorn", "companion.events:application", "-b", listen,
        *EVENTS_OPTIONS, "--log-level", "warning",
    ]  # fmt: skip


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m companion.serve", description=__doc__)
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    told = "where phones hear of changes (default: port + 1)"
    parser.add_argument("--events-port", type=int, default=None, help=told)
    parser.add_argument("--address", default=None, help="the address to print (default: found)")
    parser.add_argument("--threads", type=int, default=THREADS)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    address = args.address or local_address()
    secret_path = Path(os.environ.get("SECRET_KEY_FILE", SECRET_FILE))
    events_port = args.events_port or args.port + 1
    env = environment(address, secret_key(secret_path), events_port)
    manage = [sys.executable, str(ROOT / "manage.py")]
    for command in (["migrate", "--noinput", "-v0"], ["collectstatic", "--noinput", "-v0"]):
        subprocess.run(manage + command, env=env, cwd=ROOT, check=True)
    url = f"http://{address}:{args.port}/"
    print(f"\nThe Bottle Imp Companion is served at {url}", flush=True)
    print("Phones on the same wifi: open that address, or scan this code:\n", flush=True)
    print(qr_text(url), flush=True)
    print(
        "It listens on every network interface of this machine"
        f" (ports {args.port} and {events_port}):\n"
        "anyone on these networks can open it. Serve it on a network you trust.",
        flush=True,
    )
    print(f"The phones hear of each change at once on port {events_port}.", flush=True)
    print("Stop the server with Ctrl-C.\n", flush=True)
    app = server_command(f"0.0.0.0:{args.port}", args.threads)
    return run_both(app, events_command(f"0.0.0.0:{events_port}"), env)


def run_both(app: list[str], events: list[str], env: dict[str, str]) -> int:
    """Run the app's server and the events server until the app's stops, or
    this process is told to stop (Ctrl-C, SIGTERM): then both stop; the
    app's exit status (0 after Ctrl-C). The app serves on, polled, if the
    events server cannot start (its port taken): it says why on the terminal."""
    told: list[int] = []
    # noted, not raised: a signal while a server is being started must not
    # leave it running
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda signum, frame: told.append(signum))
    started: list[subprocess.Popen[bytes]] = []
    try:
        started.append(subprocess.Popen(events, env=env, cwd=ROOT))
        served = subprocess.Popen(app, env=env, cwd=ROOT)
        started.append(served)
        while not told:
            with contextlib.suppress(subprocess.TimeoutExpired):
                return served.wait(timeout=0.2)
        return 0 if told[0] == signal.SIGINT else 128 + told[0]
    finally:
        for process in reversed(started):
            stop(process)


def stop(process: subprocess.Popen[bytes], timeout: float = 10.0) -> None:
    """Stop a server gracefully (SIGTERM), then for good after ``timeout`` s."""
    if process.poll() is None:
        process.terminate()
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


if __name__ == "__main__":
    sys.exit(main())
