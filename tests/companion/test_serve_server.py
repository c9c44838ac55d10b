"""``make serve``'s server, as it runs (``python -m companion.serve``, DEBUG
off, SQLite), reached over real HTTP on this machine.

A request reaches the app only once it is whole: clients that send part of
their headers or of a body and stall hold no thread, and a plain GET is
answered at once. The server keeps no control socket shared with the user's
other servers, and says that it listens on every interface. Beside it the
events server tells each round screen of each change; SIGTERM stops both.
"""

from __future__ import annotations

import http.client
import http.cookiejar
import io
import json
import logging
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.core.handlers.wsgi import WSGIHandler

from companion.access_log import logged

ROOT = Path(__file__).resolve().parents[2]
STALLED = 10
"""Connections of each kind that stall: half the headers, half a body."""


@dataclass
class Served:
    port: int
    events_port: int
    printed: str
    home: Path
    process: subprocess.Popen[str]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _read_until(process: subprocess.Popen[str], marker: str, seconds: float) -> str:
    assert process.stdout is not None
    seen = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        seen.append(line)
        if marker in line:
            break
    return "".join(seen)


def get(port: int, path: str = "/", timeout: float = 15.0) -> tuple[int, float]:
    """A plain GET: its status (0: no answer within ``timeout``) and seconds."""
    started = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", path)
        status = connection.getresponse().status
    except TimeoutError:
        status = 0
    finally:
        connection.close()
    return status, time.monotonic() - started


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """``python -m companion.serve`` on a free port; its home folder (and
    runtime folder) are the test's own."""
    folder = tmp_path_factory.mktemp("serve")
    home = folder / "home"
    (home / "run").mkdir(parents=True)
    port, events_port = _free_port(), _free_port()
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{folder / 'table.sqlite3'}",
        "SECRET_KEY_FILE": str(folder / "secret"),
        "STATIC_ROOT": str(folder / "static"),
        "HOME": str(home),
        "XDG_RUNTIME_DIR": str(home / "run"),
        "PYTHONUNBUFFERED": "1",
    }
    command = [sys.executable, "-m", "companion.serve", "--port", str(port)]
    command += ["--events-port", str(events_port), "--address", "127.0.0.1"]
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        printed = _read_until(process, "Ctrl-C", 120)
        for _ in range(300):
            try:
                if get(port, timeout=2)[0] == 200:
                    break
            except OSError:
                pass
            time.sleep(0.1)
        else:
            pytest.fail(f"the server did not answer: {printed}")
        yield Served(port, events_port, printed, home, process)
    finally:
        process.terminate()
        process.wait(timeout=20)


def stall(port: int) -> list[socket.socket]:
    """Connections that send half their headers, or their headers and half a
    body, and then nothing more."""
    stalled = []
    body = b"name_0=" + b"a" * 4000
    for _ in range(STALLED):
        half_headers = socket.create_connection(("127.0.0.1", port))
        half_headers.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/")
        stalled.append(half_headers)
        half_body = socket.create_connection(("127.0.0.1", port))
        half_body.sendall(
            b"POST /new/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/x-www-form-urlencoded\r\n"
            + f"Content-Length: {len(body)}\r\n\r\n".encode()
            + body[: len(body) // 2]
        )
        stalled.append(half_body)
    return stalled


def test_a_get_is_answered_at_once_while_clients_stall(served: Served) -> None:
    stalled = stall(served.port)
    try:
        time.sleep(0.5)  # the server has read what they sent
        answers = [get(served.port) for _ in range(3)]
    finally:
        for connection in stalled:
            connection.close()

    assert [status for status, _ in answers] == [200, 200, 200], answers
    slowest = max(seconds for _, seconds in answers)
    assert slowest < 2.0, f"a GET took {slowest:.1f} s with {2 * STALLED} clients stalled"


def test_a_body_over_the_servers_limit_is_refused_before_it_is_read(served: Served) -> None:
    with socket.create_connection(("127.0.0.1", served.port), timeout=5) as upload:
        upload.sendall(
            b"POST /new/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/x-www-form-urlencoded\r\n"
            b"Content-Length: 3145728\r\n\r\n" + b"a" * 1000
        )
        answer = upload.recv(200)

    assert answer.startswith(b"HTTP/1.1 413 "), answer


def test_no_control_socket_is_shared_with_the_users_other_servers(served: Served) -> None:
    assert get(served.port)[0] == 200

    left = sorted(str(path.relative_to(served.home)) for path in served.home.rglob("*"))

    assert not [path for path in left if "gunicorn" in path], left


def test_it_says_it_listens_on_every_interface(served: Served) -> None:
    ports = f"(ports {served.port} and {served.events_port})"
    assert f"every network interface of this machine {ports}" in served.printed
    assert "http://127.0.0.1:" in served.printed


NEW_GAME = {
    "name_0": "Ann", "name_1": "Ben", "name_2": "Cat", "variant": "classic",
    "edition": "classic", "dealer": "Ann", "goal": "rounds",
}  # fmt: skip


def post_form(opener: urllib.request.OpenerDirector, url: str, page: str, **data: str) -> str:
    """Send a page's form as a browser without script does (its CSRF token,
    its Referer); the page it leads to."""
    csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert csrf is not None, page[:300]
    body = urllib.parse.urlencode({"csrfmiddlewaretoken": csrf.group(1), **data}).encode()
    request = urllib.request.Request(url, body, headers={"Referer": url})
    with opener.open(request, timeout=10) as answer:
        return str(answer.read().decode())


def told_version(stream: io.BufferedReader) -> int:
    """The next version an events stream tells."""
    while line := stream.readline():
        if line.startswith(b"data: "):
            return int(line[6:])
    raise AssertionError("the events stream ended")


def test_a_round_screen_hears_each_change_from_the_events_server_beside_it(served: Served):
    cookies = urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    opener = urllib.request.build_opener(cookies)
    home = f"http://127.0.0.1:{served.port}"
    with opener.open(f"{home}/new/", timeout=10) as form:
        page = post_form(opener, f"{home}/new/", form.read().decode(), **NEW_GAME)
    events = re.search(r'data-events="([^"]+)"', page)
    version = re.search(r'<div id="play-stamp"[^>]* data-version="(\d+)"', page)
    send = re.search(r'<form class="picker" method="post" action="([^"]+)"', page)
    card = re.search(r'<button type="submit" name="card" value="([^"]+)"', page)
    assert events and version and send and card, page[:500]
    token = send.group(1).split("/")[2]
    assert events.group(1) == f"http://127.0.0.1:{served.events_port}/events/{token}/"

    with urllib.request.urlopen(events.group(1), timeout=10) as stream:
        assert stream.headers["Content-Type"] == "text/event-stream; charset=utf-8"
        assert told_version(stream) == int(version.group(1))
        key = re.search(r'name="key" value="(\w+)"', page)
        assert key is not None
        fields = {"version": version.group(1), "key": key.group(1), "card": card.group(1)}
        post_form(opener, home + send.group(1), page, **fields)
        assert told_version(stream) == int(version.group(1)) + 1


STATIC = re.compile(r'(?:src|href)="(/static/[^"]+)"')
HASHED = re.compile(r"\.[0-9a-f]{12}\.\w+$")
"""A file's name as collectstatic hashes it (``app.3f2a9c1b7d0e.css``)."""


def test_every_file_the_app_names_is_served_by_its_hashed_name_alone(served: Served) -> None:
    """collectstatic keeps only the hashed names (WHITENOISE_KEEP_ONLY_HASHED_FILES):
    every file named by the pages, the web app's manifest and its service
    worker is served; a plain name is not."""
    cookies = urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    opener = urllib.request.build_opener(cookies)
    home = f"http://127.0.0.1:{served.port}"
    with opener.open(f"{home}/new/", timeout=10) as form:
        new_game = form.read().decode()
    pages = [new_game, post_form(opener, f"{home}/new/", new_game, **NEW_GAME)]
    with opener.open(f"{home}/", timeout=10) as answer:
        pages.append(answer.read().decode())
    named = {path for page in pages for path in STATIC.findall(page)}
    with opener.open(f"{home}/manifest.webmanifest", timeout=10) as answer:
        named |= {icon["src"] for icon in json.load(answer)["icons"]}
    with opener.open(f"{home}/sw.js", timeout=10) as answer:
        shell = re.search(r"const SHELL_FILES = (\[.*?\]);", answer.read().decode())
    assert shell is not None
    named |= set(json.loads(shell.group(1)))

    assert {"css/app", "js/round", "icons/icon-192"} <= {HASHED.sub("", p)[8:] for p in named}
    assert [path for path in sorted(named) if not HASHED.search(path)] == []
    assert {path: get(served.port, path)[0] for path in sorted(named)} == dict.fromkeys(
        sorted(named), 200
    )
    assert get(served.port, "/static/css/app.css")[0] == 404
    assert not (served.home.parent / "static" / "css" / "app.css").exists()


BOTH = """
import sys
from companion.serve import run_both
sleep = [sys.executable, "-c", "import time; time.sleep(60)", sys.argv[1]]
print("started", flush=True)
sys.exit(run_both(sleep, sleep, {}))
"""


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
@pytest.mark.parametrize("started", [1, 2], ids=["while-starting", "running"])
def test_a_signal_stops_the_app_and_the_events_server_with_it(signum, started) -> None:
    mark = f"imp-serve-{os.getpid()}-{signum}-{started}"
    process = subprocess.Popen(
        [sys.executable, "-c", BOTH, mark], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    assert _read_until(process, "started", 30) == "started\n"
    _wait_for(mark, started, process.pid)

    process.send_signal(signum)

    assert process.wait(timeout=30) == (0 if signum == signal.SIGINT else 128 + signum)
    assert _processes(mark, process.pid) == []


def _processes(mark: str, parent: int) -> list[int]:
    """The servers started with ``mark`` (the sleeps): every process whose
    command line holds it but their parent's, which holds it too."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            line = (entry / "cmdline").read_bytes() if entry.name.isdigit() else b""
            if mark.encode() in line and int(entry.name) != parent:
                found.append(int(entry.name))
        except OSError:  # gone meanwhile
            pass
    return found


def _wait_for(mark: str, count: int, parent: int) -> None:
    """Until ``count`` servers run (the first one just started: the signals
    are handled from then on; or both)."""
    for _ in range(500):
        if len(_processes(mark, parent)) >= count:
            return
        time.sleep(0.01)
    raise AssertionError(f"{_processes(mark, parent)} of {count} started")


def access_lines(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.name == "companion.access"]


@pytest.mark.django_db  # Django's request_started closes old connections: a test's own
def test_each_request_is_one_line_of_the_access_log_without_its_token(caplog) -> None:
    token = "Sx7-edit_TOKEN_0123456789abcdefghij"
    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": f"/g/{token}/no-such-page/",
        "QUERY_STRING": "from=1",
        "SERVER_NAME": "testserver",
        "SERVER_PORT": "80",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "10.1.2.3",
        "wsgi.input": io.BytesIO(),
        "wsgi.url_scheme": "http",
    }
    statuses = []
    app = logged(WSGIHandler())

    with caplog.at_level(logging.INFO, logger="companion.access"):
        answer = app(environ, lambda status, headers, *exc: statuses.append(status))
        body = b"".join(answer)
        assert not access_lines(caplog)  # written once the answer is sent
        answer.close()  # type: ignore[attr-defined]

    assert statuses == ["404 Not Found"]
    (record,) = access_lines(caplog)
    stderr = next(handler for handler in logging.getLogger().handlers if handler.name == "stderr")
    line = stderr.format(record)  # its filter hides tokens
    assert f'10.1.2.3 "GET /g/…/no-such-page/?from=1 HTTP/1.1" 404 {len(body)} ' in line
    assert line.endswith("ms")
    assert token not in line
