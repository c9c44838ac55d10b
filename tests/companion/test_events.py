"""Changes pushed to the phones (:mod:`companion.events`): a stream opens
with the game's version and tells each new one, ends with ``gone`` once the
game is deleted, refuses an unknown link; and a card entered through the
app's server reaches a phone held by the events server, a process of its
own, through the database they share."""

from __future__ import annotations

import asyncio
import http.client
import os
import socket
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from asgiref.sync import sync_to_async
from django.db import connection, connections
from django.db.models import F
from psycopg.conninfo import conninfo_to_dict as conninfo_dict

from bench.flows import Phone as EditPhone
from companion import events
from companion.events import NICENESS, Watcher, answer_event, application, conninfo, wanted
from companion.models import SEAT_TOKEN_LENGTH, Game
from companion.pushed import Pushed
from companion.seats import seat_links
from tests.companion.tables import cards_of, game_for, simulated
from tests.servers import events_server


class Stream:
    """One request to the events application, driven as an ASGI server
    drives it: what it sends, and the phone going away."""

    def __init__(self, path: str, method: str = "GET") -> None:
        self.scope = {"type": "http", "method": method, "path": path, "headers": []}
        self.incoming: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.started: dict[str, Any] = {}
        self.bodies: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None

    async def receive(self) -> dict[str, Any]:
        return await self.incoming.get()

    async def send(self, message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            self.started = message
        else:
            await self.bodies.put(message)

    def open(self) -> None:
        self.task = asyncio.get_running_loop().create_task(
            application(self.scope, self.receive, self.send)
        )

    async def body(self) -> dict[str, Any]:
        return await asyncio.wait_for(self.bodies.get(), 5)

    async def leave(self) -> None:
        await self.incoming.put({"type": "http.disconnect"})
        assert self.task is not None
        await asyncio.wait_for(self.task, 5)


def run(scenario: Any) -> Any:
    """Run a scenario; then close the database connection the application
    used in its thread (PostgreSQL drops the tests' database only once no
    one is connected)."""

    async def closing() -> Any:
        try:
            return await scenario
        finally:
            await sync_to_async(connections.close_all)()

    return in_loop(closing())


def in_loop(scenario: Any) -> Any:
    """``asyncio.run`` in a thread of its own: the browser tests' Playwright
    may run an event loop in this one."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, scenario).result()


def update(**values: Any) -> Any:
    return sync_to_async(lambda pk: Game.objects.filter(pk=pk).update(**values))


# ---- the watcher, alone ------------------------------------------------------


def test_the_watcher_tells_each_changed_game_to_its_phones_alone():
    async def scenario() -> list[list[bytes | None]]:
        watcher = Watcher(read=None)  # type: ignore[arg-type]  (tell is driven by hand)
        first, second = watcher.follow(1, 4), watcher.follow(1, 4)
        other = watcher.follow(2, 7)
        assert watcher.task is not None
        watcher.task.cancel()
        watcher.tell([1, 2], {1: 5, 2: 7})  # game 1 changed, game 2 did not
        watcher.tell([1, 2], {1: 5, 2: 7})  # nothing new
        latest = watcher.follow(3, 1)  # followed while the versions were read
        watcher.tell([1, 2], {2: 8})  # game 1 deleted, game 2 changed
        return [drained(queue) for queue in (first, second, other, latest)]

    five, eight = b"data: 5\n\n", b"data: 8\n\n"
    assert in_loop(scenario()) == [[five, None], [five, None], [eight], []]


def drained(queue: asyncio.Queue[bytes | None]) -> list[bytes | None]:
    found = []
    while not queue.empty():
        found.append(queue.get_nowait())
    return found


def test_an_answer_is_one_event_whose_data_is_the_answer_whole():
    answer = "<p>Ann</p>\n\n  <p>Bo</p>\r\nend\n"
    pushed = Pushed(version=5, since=4, answers={("seat", "en", "round"): answer})

    body = answer_event(5, pushed, ("seat", "en", "round")).decode()
    told = answer_event(5, pushed, ("other", "en", "round"))

    assert body.endswith("\n\n") and body.count("\n\n") == 1  # one event
    name, *lines = body[:-2].split("\n")
    assert name == "event: answer"
    data = "\n".join(line.removeprefix("data: ") for line in lines)
    assert data == "4 5\n<p>Ann</p>\n\n  <p>Bo</p>\nend\n"
    assert told == b"data: 5\n\n"  # no answer for that phone: the version


def test_a_whole_round_screen_pushed_is_one_event_with_the_version_it_shows():
    pushed = Pushed(version=9, since=9, answers={("seat", "en", "round"): "<b>\nA</b>"}, whole=True)

    body = answer_event(9, pushed, ("seat", "en", "round")).decode()

    assert body == "event: round\ndata: 9\ndata: <b>\ndata: A</b>\n\n"


def test_standings_pushed_are_one_event_with_the_version_they_show():
    pushed = Pushed(version=7, since=7, answers={("view", "de", "standings"): "<p>\nA</p>"})

    body = answer_event(7, pushed, ("view", "de", "standings")).decode()

    assert body == "event: standings\ndata: 7\ndata: <p>\ndata: A</p>\n\n"


SEAT = "s" * SEAT_TOKEN_LENGTH


@pytest.mark.parametrize(
    ("token", "query", "pushed"),
    [
        (SEAT, b"lang=de&screen=round", (SEAT, "de", "round")),
        (SEAT, b"lang=en&screen=standings", (SEAT, "en", "standings")),
        ("view", b"lang=en&screen=standings", ("view", "en", "standings")),
        ("view", b"lang=en&screen=round", None),  # only a seat link's round is pushed
        (SEAT, b"lang=en", None),  # a page that does not say what it shows
        (SEAT, b"lang=fr&screen=round", None),  # not a language of the app
        (SEAT, b"screen=round", None),
        (SEAT, b"lang=en&screen=story", None),
    ],
)
def test_a_stream_is_pushed_what_its_page_names(token, query, pushed):
    assert wanted(token, {"query_string": query}) == pushed


def test_a_game_no_phone_follows_any_more_is_forgotten():
    async def scenario() -> dict[int, Any]:
        watcher = Watcher(read=None)  # type: ignore[arg-type]
        queue = watcher.follow(3, 1)
        assert watcher.task is not None
        watcher.task.cancel()
        watcher.leave(3, queue)
        return watcher.queues

    assert in_loop(scenario()) == {}


def test_the_listening_connection_keeps_the_databases_libpq_options():
    settings = {
        "NAME": "imp", "USER": "imp", "PASSWORD": "secret", "HOST": "db.example.org",
        "PORT": 5432, "OPTIONS": {"sslmode": "require", "server_side_binding": True},
    }  # fmt: skip

    found = conninfo_dict(conninfo(settings))

    assert found == {
        "dbname": "imp", "user": "imp", "password": "secret", "host": "db.example.org",
        "port": "5432", "sslmode": "require",
    }  # fmt: skip


# ---- the application, over ASGI ---------------------------------------------


@pytest.fixture
def game(transactional_db) -> Game:
    return game_for(simulated("classic", 4, rounds=1, seed=5))


def test_an_unknown_link_is_a_404_and_a_post_is_refused(game):
    async def scenario() -> list[tuple[int, bytes]]:
        answers = []
        for path, method in [
            ("/events/no-such-token/", "GET"),
            ("/events/a/b/", "GET"),
            (f"/events/{game.view_token}/", "POST"),
        ]:
            stream = Stream(path, method)
            stream.open()
            body = await stream.body()
            assert stream.task is not None
            await asyncio.wait_for(stream.task, 5)
            answers.append((stream.started["status"], body["body"]))
        return answers

    assert run(scenario()) == [
        (404, b"No such game."),
        (404, b"No such game."),
        (405, b"Only GET."),
    ]


def test_a_stream_opens_with_the_version_and_tells_each_change(game):
    token = seat_links(game)[2].token

    async def scenario() -> list[bytes]:
        stream = Stream(f"/events/{token}/")
        stream.open()
        said = [(await stream.body())["body"]]
        await update(version=F("version") + 1)(game.pk)
        said.append((await stream.body())["body"])
        await update(version=F("version") + 1)(game.pk)
        said.append((await stream.body())["body"])
        await stream.leave()
        assert events.watcher.queues == {}  # the phone left: nothing is read for it
        return said

    assert run(scenario()) == [b"retry: 2000\n\ndata: 0\n\n", b"data: 1\n\n", b"data: 2\n\n"]


def test_a_stream_is_private_text_events_that_no_proxy_holds_back(game):
    async def scenario() -> dict[bytes, bytes]:
        stream = Stream(f"/events/{game.edit_token}/")
        stream.open()
        await stream.body()
        await stream.leave()
        return dict(stream.started["headers"])

    headers = run(scenario())

    assert headers[b"content-type"] == b"text/event-stream; charset=utf-8"
    assert headers[b"cache-control"] == b"no-store"
    assert headers[b"x-accel-buffering"] == b"no"


def test_a_deleted_game_ends_its_streams(game):
    async def scenario() -> list[dict[str, Any]]:
        stream = Stream(f"/events/{game.view_token}/")
        stream.open()
        await stream.body()
        await sync_to_async(lambda: Game.objects.filter(pk=game.pk).delete())()
        said = [await stream.body(), await stream.body()]
        assert stream.task is not None
        await asyncio.wait_for(stream.task, 5)
        return said

    gone, end = run(scenario())

    assert gone["body"] == b"event: gone\ndata: \n\n"
    assert end["more_body"] is False


# ---- two processes: the app's server and the events server ------------------


@pytest.fixture
def pushing(transactional_db) -> Iterator[int]:
    with events_server() as port:
        yield port


class Listener:
    """A phone's stream, read off a socket: the versions it is told."""

    def __init__(self, port: int, token: str) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        request = (
            f"GET /events/{token}/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
        )
        self.sock.sendall(request.encode())
        self.seen = b""

    def version(self, after: int = -1) -> int:
        """The first version told that is above ``after``."""
        while True:
            told = [int(line[6:]) for line in self.seen.split(b"\n") if line.startswith(b"data: ")]
            newer = [version for version in told if version > after]
            if newer:
                return newer[0]
            chunk = self.sock.recv(4096)
            assert chunk, "the stream ended"
            self.seen += chunk

    def close(self) -> None:
        self.sock.close()


def first_card_told(live_server, port: int, token: str, game, pause: float = 0.0):
    """Enter the round's first card through the app's server (the edit
    link, over HTTP) while a phone on ``token`` holds its stream on the
    events server at ``port``: the version it is told, the seconds it took,
    and the card."""
    card = cards_of(simulated("classic", 4, rounds=1, seed=5)["rounds"][0])[0]
    phone = Listener(port, token)
    editor = EditPhone(urlsplit(live_server.url).port or 80, game.edit_token)
    try:
        assert phone.version() == 0
        time.sleep(pause)
        started = time.monotonic()
        editor.enter(card)
        told = phone.version(after=0)
        return told, time.monotonic() - started, card
    finally:
        phone.close()
        editor.close()


def test_a_card_entered_through_the_app_reaches_a_phone_held_by_the_events_server(
    live_server, pushing, game
):
    told, seconds, card = first_card_told(live_server, pushing, seat_links(game)[1].token, game)

    assert told == Game.objects.get(pk=game.pk).version == 1
    assert seconds < 2  # a tick is 0.05 s
    assert Game.objects.get(pk=game.pk).rounds.get(number=1).tricks == [[card]]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL announces changes")
def test_on_postgresql_the_database_announces_each_change_at_once(live_server, game):
    with events_server(IMP_EVENTS_TICK="60") as port:  # no reading of versions in the test
        # a moment for the events server's LISTEN to be in place
        told, seconds, _ = first_card_told(live_server, port, game.view_token, game, pause=0.5)

    assert told == 1
    assert seconds < 2


def test_without_its_database_a_stream_is_refused_for_a_while(tmp_path):
    away = f"sqlite:///{tmp_path / 'no such folder' / 'db.sqlite3'}"
    with events_server(DATABASE_URL=away) as port:
        probe = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        probe.request("GET", "/events/Zu2E5VXDtnqWqY5ONTTATv5tAcjNJv2WMT4Y/")
        answer = probe.getresponse()
        body = answer.read()
        probe.close()

    assert answer.status == 503
    assert answer.getheader("Retry-After") == "5"
    assert body == b"The database is not available: try again in a moment."


def niceness_of(pid: int) -> int:
    """A process's nice value (/proc/<pid>/stat: the 19th field)."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    return int(stat.rsplit(")", 1)[1].split()[16])


def test_the_events_server_runs_below_the_apps_cpu_priority(pushing):
    """Where the app and the events server share a core, a card's answer to
    its phone goes first, and the pushes to the other phones take the gaps."""
    serving = [
        int(entry.name)
        for entry in Path("/proc").iterdir()
        if entry.name.isdigit()
        and f"127.0.0.1:{pushing}".encode() in read_or_empty(entry / "cmdline")
    ]
    ours = os.nice(0)

    assert len(serving) == 2  # gunicorn's arbiter and its one worker
    assert sorted(niceness_of(pid) for pid in serving) == [ours, ours + NICENESS]


def read_or_empty(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:  # gone meanwhile, or not ours to read
        return b""
