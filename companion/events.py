"""Changes pushed to the phones that follow a game (server-sent events).

A phone on a round screen learns that its game changed without asking every
second: it holds one request open, ``GET /events/<token>/`` (its link's
token, any kind), and hears the game's version each time it changes. It then
fetches the round as it does today (its ETag decides what comes back); the
polls it made in between, most of them answered "unchanged", are gone. A
stream that names its screen and the page's language
(``?lang=de&screen=round``) is pushed what the screen would fetch
(:mod:`companion.pushed`), rendered here once for every such phone of the
table, and the phone asks for nothing: a seat link's round screen the
answer after cards played on or taken back (``event: answer``), or its
whole round screen while the round is complete (``event: round``), any
link's standings the live partial after each change (``event: standings``).

This is an ASGI application of its own, not a Django view: a held request
costs a coroutine, not a worker thread. Production serves it with gunicorn's
ASGI worker beside the app (README, "Running in production"); the proxy
sends ``/events/`` to it, and the app's pages name it by the setting
``IMP_EVENTS_URL``; ``make serve`` runs it on the port after the app's
(:mod:`companion.serve`). Without that setting (``make run``) the phones
follow by polling alone, as they always could.

One :class:`Watcher` a process reads the versions of every game its phones
follow in one query, :data:`TICK` seconds apart. The versions are in the
database, so a change made through any process, of any server sharing that
database, reaches the phones held by this one. On PostgreSQL the database
also announces each change itself (a trigger NOTIFYs the channel
``imp_game``: migration 0013), and :func:`listen` hears it at once; the
versions are then read only every :data:`CHECK` seconds, for a word lost
while the listening connection was away.
"""

from __future__ import annotations

import asyncio
import os
import re
from collections.abc import Awaitable, Callable, Iterable
from typing import Any
from urllib.parse import parse_qs

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")
django.setup()

from asgiref.sync import sync_to_async  # noqa: E402  (after Django's set-up)
from django.conf import settings  # noqa: E402
from django.db import DatabaseError, close_old_connections, connection  # noqa: E402
from django.http import Http404  # noqa: E402

from companion.access import TOKEN_MAX, find_game, is_seat_token  # noqa: E402
from companion.links import ROUND, STANDINGS  # noqa: E402
from companion.models import Game  # noqa: E402
from companion.pushed import Pushed, Pushing, Wanted  # noqa: E402

Scope = dict[str, Any]
Render = Callable[[int, list[Wanted]], Awaitable[Pushed | None]]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]


NICENESS = 10
"""How far below the app's the events server's CPU priority is
(``os.nice``), so that where the two share a core the answer to the phone
that tapped a card does not wait for the pushes that card sets off to the
other phones: those take the core's gaps. Measured with ``make
load-seats`` at 187 seat tables: the card's answer p95 50.5 -> 28.3 ms, the
card on the other phones p50 66 ms either way (README, "Tables held on one
core"). On a full core the pushes wait: the load holds no number of tables
where they take over 0.5 s (p95)."""

TICK = float(os.environ.get("IMP_EVENTS_TICK", "0.05"))
"""Seconds between two readings of the followed games' versions."""
CHECK = 5.0
"""Seconds between two readings while PostgreSQL announces the changes."""
CHANNEL = "imp_game"
"""Where PostgreSQL announces each change of a game: ``<id>:<version>``,
``<id>:`` once deleted (companion/migrations/0013_game_changed_notify.py)."""
KEEP_ALIVE = 20.0
"""Seconds of silence after which a comment is sent (proxies close idle requests)."""
RETRY_MS = 2000
"""How soon a phone's browser opens the stream again after losing it."""
CHUNK = 500
"""Games read in one query at most (SQLite's limit of parameters is far above)."""
PATH = re.compile(rf"/events/([A-Za-z0-9_-]{{1,{TOKEN_MAX}}})/")
HEADERS = [
    (b"content-type", b"text/event-stream; charset=utf-8"),
    (b"cache-control", b"no-store"),
    (b"x-accel-buffering", b"no"),  # nginx: pass each event on at once
    (b"access-control-allow-origin", b"*"),  # the token is the capability
]


def followed_game(token: str) -> tuple[int, int] | None:
    """The game (its id and version) a link's token opens, or None."""
    close_old_connections()
    try:
        game = find_game(token).game
    except Http404:
        return None
    return game.pk, game.version


def read_versions(ids: Iterable[int]) -> dict[int, int]:
    """The version of each of these games that still exists."""
    close_old_connections()
    ids = sorted(ids)
    found: dict[int, int] = {}
    for start in range(0, len(ids), CHUNK):
        rows = Game.objects.filter(pk__in=ids[start : start + CHUNK]).values_list("pk", "version")
        found.update(rows)
    return found


class Watcher:
    """The games this process's phones follow, and their queues: each
    queue hears the event of every new version of its game (its answer,
    for a seat's phone that says its language: :mod:`companion.pushed`),
    and None once the game is deleted."""

    def __init__(
        self,
        read: Callable[[Iterable[int]], Awaitable[dict[int, int]]],
        announced: bool = False,
        render: Render | None = None,
        forget: Callable[[int], None] = lambda game: None,
    ) -> None:
        self.read = read
        self.render = render
        """What renders a change's answers for the seat phones (None: none are pushed)."""
        self.forget = forget
        """What forgets a game no phone follows any more (the base of its answers)."""
        self.queues: dict[int, dict[asyncio.Queue[bytes | None], Wanted | None]] = {}
        self.versions: dict[int, int] = {}
        self.pushing: dict[int, asyncio.Task[None]] = {}
        """Each game's answers being rendered: the next waits for them, in order."""
        self.task: asyncio.Task[None] | None = None
        self.announced = announced
        """Whether the database announces the changes (PostgreSQL)."""
        self.listener: asyncio.Task[None] | None = None
        self.listening = False
        """Whether :func:`listen` hears the announcements now."""

    def follow(
        self, game: int, version: int, wanted: Wanted | None = None
    ) -> asyncio.Queue[bytes | None]:
        """A queue for one phone following ``game`` (seen at ``version``);
        ``wanted``: the link, language and screen it is pushed answers for."""
        queue: asyncio.Queue[bytes | None] = asyncio.Queue()
        if wanted is not None and self.render is not None and not self.wants(game):
            self.push(game, version, tell=False)  # the round the next answers start from
        self.queues.setdefault(game, {})[queue] = wanted
        self.versions[game] = max(version, self.versions.get(game, version))
        loop = asyncio.get_running_loop()
        if self.task is None or self.task.done():
            self.task = loop.create_task(self.run())
        if self.announced and (self.listener is None or self.listener.done()):
            self.listener = loop.create_task(listen(self))
        return queue

    def leave(self, game: int, queue: asyncio.Queue[bytes | None]) -> None:
        queues = self.queues.get(game, {})
        queues.pop(queue, None)
        if not queues:
            self.queues.pop(game, None)
            self.versions.pop(game, None)
            self.forget(game)

    def wants(self, game: int) -> list[Wanted]:
        """The seat phones of ``game`` pushed answers, as (token, language)."""
        return [wanted for wanted in self.queues.get(game, {}).values() if wanted is not None]

    async def run(self) -> None:
        """Read the versions every :data:`TICK` while anyone follows."""
        while self.queues:
            await asyncio.sleep(CHECK if self.listening else TICK)
            asked = list(self.queues)
            try:
                found = await self.read(asked)
            except Exception:  # the database is away: the next tick asks again  # noqa: BLE001
                continue
            self.tell(asked, found)

    def tell(self, asked: list[int], found: dict[int, int]) -> None:
        """Pass each of the games ``asked`` for that changed (or was
        deleted: not ``found``) on to its phones. A game followed since
        it was asked for waits for the next tick."""
        for game in asked:
            if game not in self.queues:
                continue  # no phone follows it (any more)
            version = found.get(game)
            if version is not None and version <= self.versions.get(game, -1):
                continue  # not changed (or read before a phone that joined told a newer one)
            if version is None:
                self.send(game, gone)
                continue
            self.versions[game] = version
            if self.render is not None and self.wants(game):
                self.push(game, version)
            else:
                self.send(game, lambda wanted: event(version))  # noqa: B023 (called at once)

    def send(self, game: int, made: Callable[[Wanted | None], bytes | None]) -> None:
        """Each phone of ``game`` its event (``made`` for what it is pushed)."""
        for queue, wanted in self.queues.get(game, {}).items():
            queue.put_nowait(made(wanted))

    def push(self, game: int, version: int, *, tell: bool = True) -> None:
        """Render the answers of ``game`` at ``version`` (or later) for its
        seat phones, after the answers being rendered for it; then each
        phone its answer, or the bare version (unless ``tell`` is False:
        the first phone's stream opened, and the version is its own)."""
        assert self.render is not None
        render, earlier = self.render, self.pushing.get(game)

        async def pushing() -> None:
            if earlier is not None:
                await asyncio.wait({earlier})
            try:
                pushed = await render(game, self.wants(game))
            except Exception:  # the database is away: the phones ask  # noqa: BLE001
                pushed = None
            told = max(version, pushed.version) if pushed is not None else version
            if tell:
                self.send(game, lambda wanted: answer_event(told, pushed, wanted))
            if self.pushing.get(game) is task:
                del self.pushing[game]

        task = asyncio.get_running_loop().create_task(pushing())
        self.pushing[game] = task

    def heard(self, payload: str) -> None:
        """A change the database announced (:data:`CHANNEL`)."""
        game, _, version = payload.partition(":")
        if game.isdigit() and (version.isdigit() or not version):
            self.tell([int(game)], {int(game): int(version)} if version else {})


def gone(wanted: Wanted | None) -> None:
    """The event of a deleted game: its streams end."""
    return None


def answer_event(version: int, pushed: Pushed | None, wanted: Wanted | None) -> bytes:
    """A phone's event for ``version``: its pushed answer, where there is
    one, else the bare version. A round screen's (``event: answer``) has
    for its first line the version the phone must show and the version the
    answer shows; a whole round screen's (``event: round``, a complete
    round's) and the standings' (``event: standings``) the version they show."""
    answer = None if pushed is None or wanted is None else pushed.answers.get(wanted)
    if pushed is None or wanted is None or answer is None:
        return event(version)
    lines = answer.replace("\r\n", "\n").replace("\r", "\n").replace("\n", "\ndata: ")
    if wanted[2] == STANDINGS:
        return f"event: standings\ndata: {pushed.version}\ndata: {lines}\n\n".encode()
    if pushed.whole:
        return f"event: round\ndata: {pushed.version}\ndata: {lines}\n\n".encode()
    return f"event: answer\ndata: {pushed.since} {pushed.version}\ndata: {lines}\n\n".encode()


pushing = Pushing()


def pushed_answers(game: int, wanted: list[Wanted]) -> Pushed | None:
    """The answers of a change for these seat phones (:mod:`companion.pushed`)."""
    close_old_connections()
    return pushing.answers(game, wanted)


watcher = Watcher(
    sync_to_async(read_versions),
    announced=connection.vendor == "postgresql",
    render=sync_to_async(pushed_answers),
    forget=pushing.forget,
)


async def listen(watcher: Watcher) -> None:
    """On PostgreSQL, hear each change as the database announces it, on a
    connection of its own (LISTEN); connected again a second after it is
    lost, the versions read every :data:`TICK` meanwhile."""
    import psycopg

    while True:
        try:
            async with await psycopg.AsyncConnection.connect(
                conninfo(connection.settings_dict), autocommit=True
            ) as listening:
                await listening.execute(f"LISTEN {CHANNEL}")
                watcher.listening = True
                async for note in listening.notifies():
                    watcher.heard(note.payload)
        except (psycopg.Error, OSError):
            pass
        watcher.listening = False
        await asyncio.sleep(1.0)


LIBPQ_OPTIONS = {
    "sslmode", "sslrootcert", "sslcert", "sslkey", "sslpassword", "connect_timeout",
    "application_name", "options", "target_session_attrs", "passfile", "service",
}  # fmt: skip
"""The options of a database's settings that are libpq's (``?sslmode=require``
in ``DATABASE_URL``); the others (``pool``, ``server_side_binding``, …) are
Django's."""


def conninfo(settings: dict[str, Any]) -> str:
    """The database of Django's ``settings`` (a ``DATABASES`` entry), for psycopg."""
    from psycopg.conninfo import make_conninfo

    given = {
        "dbname": settings["NAME"],
        "user": settings["USER"],
        "password": settings["PASSWORD"],
        "host": settings["HOST"],
        "port": str(settings["PORT"] or ""),
    }
    given.update(
        (key, str(value))
        for key, value in (settings.get("OPTIONS") or {}).items()
        if key in LIBPQ_OPTIONS
    )
    return make_conninfo(**{key: value for key, value in given.items() if value})


def event(version: int) -> bytes:
    return f"data: {version}\n\n".encode()


async def application(scope: Scope, receive: Receive, send: Send) -> None:
    """``GET /events/<token>/``: the game's version now, then each new one
    (``event: gone`` once the game is deleted); 404 for an unknown token,
    503 while the database is away."""
    if scope["type"] == "lifespan":
        await lifespan(receive, send)
        return
    if scope["type"] != "http":
        return
    match = PATH.fullmatch(scope["path"])
    try:
        found = await sync_to_async(followed_game)(match.group(1)) if match else None
    except DatabaseError:  # the phone polls meanwhile, and opens its stream again later
        await refuse(send, 503)
        return
    if scope["method"] != "GET" or found is None:
        await refuse(send, 404 if found is None else 405)
        return
    game, version = found
    await send({"type": "http.response.start", "status": 200, "headers": HEADERS})
    opening = f"retry: {RETRY_MS}\n\n".encode() + event(version)
    await send({"type": "http.response.body", "body": opening, "more_body": True})
    queue = watcher.follow(game, version, wanted(match.group(1) if match else "", scope))
    try:
        await stream(queue, receive, send)
    except OSError:  # the phone went away while an event was on its way
        pass
    finally:
        watcher.leave(game, queue)


def wanted(token: str, scope: Scope) -> Wanted | None:
    """The screen and language a stream is pushed answers for: one that
    names a language of the app and its screen (``?lang=de&screen=round``):
    a seat link's round screen, or any link's standings."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    language, screen = (query.get(name, [""])[0] for name in ("lang", "screen"))
    if language not in LANGUAGES or screen not in (ROUND, STANDINGS):
        return None
    if screen == ROUND and not is_seat_token(token):
        return None
    return token, language, screen


LANGUAGES = {code for code, name in settings.LANGUAGES}


async def stream(queue: asyncio.Queue[bytes | None], receive: Receive, send: Send) -> None:
    """Each new version's event until the phone goes or the game is deleted."""
    gone = asyncio.ensure_future(disconnected(receive))
    try:
        while not gone.done():
            heard = asyncio.ensure_future(queue.get())
            await asyncio.wait({heard, gone}, timeout=KEEP_ALIVE, return_when="FIRST_COMPLETED")
            if not heard.done():
                heard.cancel()
                if not gone.done():
                    await more(send, b": still here\n\n")
            elif (told := heard.result()) is None:
                await more(send, b"event: gone\ndata: \n\n")
                break
            else:
                await more(send, told)
        if not gone.done():
            await send({"type": "http.response.body", "body": b"", "more_body": False})
    finally:
        gone.cancel()


async def more(send: Send, body: bytes) -> None:
    await send({"type": "http.response.body", "body": body, "more_body": True})


async def disconnected(receive: Receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


REFUSALS = {
    404: b"No such game.",
    405: b"Only GET.",
    503: b"The database is not available: try again in a moment.",
}


async def refuse(send: Send, status: int) -> None:
    body = REFUSALS[status]
    headers = [(b"content-type", b"text/plain; charset=utf-8")]
    if status == 503:
        headers.append((b"retry-after", b"5"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def lifespan(receive: Receive, send: Send) -> None:
    """The server's start, where its process lowers its own CPU priority
    (:data:`NICENESS`), and its end."""
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            os.nice(NICENESS)
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return
