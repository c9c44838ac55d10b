"""Tables where every player enters their own cards, for ``make load``
(``--seats``): four seat phones and one viewer a table.

Each seat phone opens its seat link's round screen and follows the game as
the screen's script does (``static/js/follow.js``: every 0.75 s when its
player is asked right after the next card, 1.5 s the card after, else 3 s,
as the last answer's ``data-pace`` says; never while a card of its own is
on its way, the round's live part for the play region,
``HX-Target: play``, with the ETag of the version it shows, the last
answer's, its own card's included); when the engine asks for its player's
card (every ~4 s at the table), that seat's phone sends it, on its own
connection with its own session. The viewer polls the live standings every
2 s. The edit link only confirms a complete round (a seat link may not), on
a connection of its own that polls nothing.

With the events server (``--push``, :mod:`companion.events`) each seat phone
holds its stream open instead, as follow.js does where the page names one:
it asks for the round when the stream tells a version newer than the one it
shows and pushes no answer it can take (:mod:`companion.pushed`: a
change's answer, or a complete round's whole screen): at once when its
player is asked right after the change, else 0.4 to 0.9 s later, 0.3 s
later again while a card of its own is on its way; otherwise only every
15 s; the viewer takes the standings its stream
pushes (``static/js/watch.js``; with ``--asked`` it asks for them 0.4 to
0.9 s after a version told, else every 15 s). Which seat plays each card
comes from the engine's replay of the simulated round
(:func:`scoring.record.replay`)."""

from __future__ import annotations

import asyncio
import contextlib
import math
import random
import re
import time
import uuid
from dataclasses import dataclass
from typing import Protocol

from bench.aclient import ACCEPT_ENCODING, AsyncClient, HttpError
from bench.flows import PLAY, round_path, url_of
from bench.server import HOST
from bench.tables import (
    CARD_PACE,
    CSRF,
    Plan,
    Step,
    seed_tables,
    wait_until,
    watch,
)

SEAT_POLL_PACES = {"soon": 0.75, "near": 1.5}
SEAT_POLL_LATER = 3.0
"""Seconds between two polls of a seat phone by its pace (follow.js)."""
SEAT_VIEWERS = 1
PUSHED_QUIET = 15.0
"""Seconds between two polls of a seat phone told of changes (follow.js's QUIET)."""
PUSHED_AGAIN = 0.3
"""Seconds until a told phone that could not ask at once asks (follow.js's AGAIN)."""
PUSHED_SPREAD = (0.4, 0.9)
"""Seconds a told phone waits before it asks, unless its player is asked
right after the change (its pace "soon"): follow.js's SPREAD."""
TOLD = re.compile(rb"^data: (\d+)$", re.MULTILINE)
"""A version an events stream tells."""
EVENT = re.compile(rb"^event: (answer|round|standings)$", re.MULTILINE)
"""What an events stream pushes (:mod:`companion.pushed`): a round screen's
answer (its first line the version it was rendered against and the one it
shows), a whole round screen once the round is complete, or the standings
(the version they show)."""
LANGUAGE = "en"
"""The language a page names in its stream's address."""
STANDINGS_ETAG = re.compile(r'"If-None-Match": "\\"([^"\\]+)\\""')
"""The ETag the standings send with their next poll (imp/game.html's hx-headers)."""
SHOWN_ETAG = re.compile(r'<div id="play-stamp"[^>]*\sdata-etag="([^"]+)"')
"""The version a round screen shows, as its ETag's value (follow.js sends it)."""
SHOWN_PACE = re.compile(r'<div id="play-stamp"[^>]*\sdata-pace="(\w+)"')
"""How soon the seat's player may be asked, from the same answer (follow.js's pace)."""
SHOWN_VERSION = re.compile(r"v(\d+)-")
"""The game's version in an ETag's value (companion.access.etag_value)."""


@dataclass
class SeatPlan:
    """A seeded table with a link for each seat, and who plays each card."""

    plan: Plan
    seat_paths: list[str]
    """Each seat's round screen (its seat link), in seat order."""
    seat_live_paths: list[str]
    """What each seat's screen polls (the round's live part)."""
    seat_tokens: list[str]
    """Each seat's token (its events stream's address)."""
    view_token: str
    """The view link's token (its viewer's events stream)."""
    players: list[list[int]]
    """The seat that plays each card of :attr:`Plan.rounds`, round by round."""


def seat_order(seed: int, history: int, rounds: int, players: int) -> list[list[int]]:
    """Who plays each card of rounds ``history + 1`` on, in the order played:
    the engine's replay of the simulated game ``seed_game`` stored."""
    from bench.seed import EDITION, VARIANT
    from scoring.record import parse_record, replay
    from scoring.simulate import simulate

    total = history + rounds
    record = simulate(VARIANT, players, rounds=total, seed=seed, edition=EDITION)
    state = replay(parse_record(record))
    return [
        [player for trick in state.rounds[number].tricks for player in trick.players]
        for number in range(history, total)
    ]


def seed_seat_tables(count: int, history: int, first_seed: int) -> list[SeatPlan]:
    """:func:`bench.tables.seed_tables`, with each game's seat links."""
    from companion.models import Game
    from companion.seats import seat_links

    found = []
    for table, plan in enumerate(seed_tables(count, history, first_seed)):
        game = Game.objects.get(pk=plan.pk)
        tokens = [seat.token for seat in seat_links(game)]
        order = seat_order(first_seed + table, history, len(plan.rounds), len(game.players))
        order[0] = order[0][plan.entered :]
        paths = [round_path(token) for token in tokens]
        lives = [url_of("round_live", t) for t in tokens]
        found.append(SeatPlan(plan, paths, lives, tokens, game.view_token, order))
    return found


def shown_version(etag: str) -> int:
    """The game's version in a screen's ETag (0 before its first answer)."""
    found = SHOWN_VERSION.search(etag)
    return int(found.group(1)) if found else 0


class SeatPhone:
    """One player's phone: its seat link's round screen, its own session,
    and the version the screen shows (:attr:`etag`, what its polls send)."""

    def __init__(
        self, port: int, path: str, origin: str, sent: dict[int, float] | None = None
    ) -> None:
        self.client = AsyncClient(port)
        self.sent = {} if sent is None else sent
        """When the table's cards were sent, by the version each was sent against."""
        self.told_ms: list[tuple[float, float]] = []
        """Each card's answer pushed and taken: when, and ms after the card was sent."""
        self.path = path
        self.origin = origin
        self.csrf = ""
        self.send = ""
        self.etag = ""
        self.sending = False
        """A card of its own is on its way (follow.js does not poll then)."""
        self.pace = ""
        self.heard = 0
        """The last version its events stream told."""
        self.told = asyncio.Event()
        self.pushed = True
        """Whether its stream names its language: it is pushed answers."""
        self.screen = "round"
        """The screen its stream names (companion.links.ROUND)."""

    @property
    def version(self) -> int:
        """The version the screen shows (from its ETag)."""
        return shown_version(self.etag)

    def shows(self, reply_text: str) -> None:
        """The version an answer's play region shows becomes the screen's,
        and its pace the phone's."""
        shown = SHOWN_ETAG.search(reply_text)
        if shown is not None:
            self.etag = f'"{shown.group(1)}"'
            pace = SHOWN_PACE.search(reply_text)
            self.pace = "" if pace is None else pace.group(1)

    def take(self, since: int | None, answer: str) -> bool:
        """follow.js: a pushed answer is the screen's when it shows the
        version the answer was rendered against (a whole round screen,
        ``since`` None: a version older than the one it shows) and no card
        of its own is on its way."""
        if self.sending:
            return False
        if since is None:
            found = SHOWN_ETAG.search(answer)
            if found is None or shown_version(found.group(1)) <= self.version:
                return False
        elif self.version != since:
            return False
        self.shows(answer)
        if since is not None and since in self.sent:
            now = time.monotonic()
            self.told_ms.append((now, (now - self.sent[since]) * 1000))
        return True

    @property
    def every(self) -> float:
        """Seconds until its next poll (follow.js)."""
        return SEAT_POLL_PACES.get(self.pace, SEAT_POLL_LATER)

    async def open(self, step: Step) -> str:
        """The round screen; its game's version."""
        sent = time.monotonic()
        reply = await self.client.get(self.path, {"Accept-Encoding": ACCEPT_ENCODING})
        step.note("page", sent, reply)
        csrf, play = CSRF.search(reply.text), PLAY.search(reply.text)
        if reply.status != 200 or csrf is None or play is None:
            raise HttpError(f"GET {self.path}: {reply.status}, no card entry for the seat")
        self.csrf, self.send = csrf.group(1), play.group(2)
        self.shows(reply.text)
        return play.group(1)

    def headers(self) -> dict[str, str]:
        return {
            "HX-Request": "true",
            "HX-Current-URL": self.origin + self.path,
            "HX-Target": "play",
            "X-CSRFToken": self.csrf,
            "Origin": self.origin,
            "Accept": "text/html, */*",
            "Accept-Encoding": ACCEPT_ENCODING,
        }

    async def card(self, card: str, version: str, step: Step) -> str:
        """Send the card; the game's version after it."""
        data = {"version": version, "key": uuid.uuid4().hex, "card": card}
        sent = time.monotonic()
        self.sent[int(version)] = sent
        self.sending = True
        try:
            reply = await self.client.post(self.send, data, self.headers())
        finally:
            self.sending = False
        step.note("card", sent, reply)
        if reply.status != 200:
            raise HttpError(f"seat card {card}: {reply.status} {reply.text[:200]!r}")
        play = PLAY.search(reply.text)
        if play is None:
            raise HttpError(f"seat card {card}: no play region in the answer")
        self.send = play.group(2)
        self.shows(reply.text)
        return play.group(1)

    async def poll(self, client: AsyncClient, live: str, step: Step) -> None:
        """One poll, with the version the screen shows."""
        headers = self.headers()
        if self.etag:
            headers["If-None-Match"] = self.etag
        sent = time.monotonic()
        reply = await client.get(live, headers)
        if reply.status not in (200, 304):
            raise HttpError(f"GET {live}: {reply.status}")
        step.note(f"poll_{reply.status}", sent, reply)
        if reply.status == 200:
            self.shows(reply.text)

    async def follow(self, port: int, live: str, step: Step, due: float) -> None:
        """follow.js: the round's live part at the phone's pace for the play
        region, with the version the screen shows; none while a card is on
        its way."""
        client = AsyncClient(port)  # a connection of its own, as a poll beside a card
        try:
            while True:
                await wait_until(due, step)
                if time.monotonic() >= step.end:
                    return
                if not self.sending:
                    await self.poll(client, live, step)
                due = time.monotonic() + self.every  # counted from the answer, as setTimeout
        except (HttpError, OSError) as error:
            step.errors.append(f"seat phone {self.path}: {error}")
        finally:
            await client.close()

    async def follow_pushed(
        self, port: int, events: int, token: str, live: str, step: Step, due: float
    ) -> None:
        """follow.js with an events stream: the round when the stream tells a
        version newer than the screen's, else every :data:`PUSHED_QUIET`."""
        await wait_until(due, step)
        client = AsyncClient(port)
        hearing = asyncio.ensure_future(self.hear(events, token, step))
        try:
            while time.monotonic() < step.end:
                told = await told_or_quiet(self, step)
                if told and self.heard > self.version and self.pace != "soon":
                    await asyncio.sleep(random.uniform(*PUSHED_SPREAD))
                while self.heard > self.version and self.sending:
                    await asyncio.sleep(PUSHED_AGAIN)  # its own card is on its way
                if time.monotonic() < step.end and (self.heard > self.version or not told):
                    await self.poll(client, live, step)
        except (HttpError, OSError) as error:
            step.errors.append(f"seat phone {self.path}: {error}")
        finally:
            hearing.cancel()
            await client.close()

    async def hear(self, events: int, token: str, step: Step) -> None:
        """Read the phone's events stream: each version told."""
        await hear(events, token, self, step, f"seat phone {self.path}")


class Told(Protocol):
    """What a phone's events stream has told: the newest version, and
    whether it told one since the phone last looked."""

    heard: int
    told: asyncio.Event
    pushed: bool
    """Whether its stream names a language: it is pushed answers."""
    screen: str
    """The screen its stream names: what it is pushed."""

    def take(self, since: int | None, answer: str) -> bool:
        """An answer pushed, rendered against version ``since`` (None: a
        whole screen): whether the phone took it (it asks for nothing then)."""


async def hear(events: int, token: str, phone: Told, step: Step, who: str) -> None:
    """Read a link's events stream on port ``events``: each version told
    is the ``phone``'s (:class:`Told`), each answer pushed its to take."""
    reader, writer = await asyncio.open_connection(HOST, events)
    try:
        query = f"?lang={LANGUAGE}&screen={phone.screen}" if phone.pushed else ""
        writer.write(
            f"GET /events/{token}/{query} HTTP/1.1\r\nHost: {HOST}:{events}\r\n"
            "Accept: text/event-stream\r\n\r\n".encode()
        )
        await reader.readuntil(b"\r\n\r\n")  # the answer's head (its body is chunked)
        seen = b""
        while size := int((await reader.readline()).strip() or b"0", 16):
            seen += (await reader.readexactly(size + 2))[:-2]
            *whole, seen = seen.split(b"\n\n")
            for told in whole:
                if heard(phone, told) and step.start <= time.monotonic() < step.end:
                    step.pushed += 1
        step.errors.append(f"{who}: its events stream ended")
    except (ValueError, asyncio.IncompleteReadError) as error:  # the phone would stop following
        step.errors.append(f"{who}: its events stream could not be read: {error!r}")
    finally:
        writer.close()


def heard(phone: Told, told: bytes) -> bool:
    """One event of a stream: a version told, or an answer pushed
    (:data:`EVENT`); whether the phone took an answer."""
    taken = False
    if (pushed := EVENT.search(told)) is not None:
        lines = [line.removeprefix(b"data: ") for line in told.split(b"\n")[1:]]
        *since, version = (int(number) for number in lines[0].split())
        taken = phone.take(
            since[0] if pushed.group(1) == b"answer" else None, b"\n".join(lines[1:]).decode()
        )
    else:
        numbers = [int(number) for number in TOLD.findall(told)]
        if not numbers:
            return False
        version = max(numbers)
    if version > phone.heard:
        phone.heard = version
        phone.told.set()
    return taken


async def told_or_quiet(phone: Told, step: Step) -> bool:
    """Wait until the phone's stream tells a version (True), or
    :data:`PUSHED_QUIET` seconds (False), within the step's window."""
    wait = min(PUSHED_QUIET, max(0.0, step.end - time.monotonic()))
    told = False
    with contextlib.suppress(TimeoutError):
        told = await asyncio.wait_for(phone.told.wait(), wait)
    phone.told.clear()
    return told


class PushedViewer:
    """A viewer's phone on the standings, told of changes by the events
    server (``static/js/watch.js``): it takes the standings its stream
    pushes; it asks for them when its stream tells a version newer than
    the one shown without them (``--asked``: never pushed), 0.4 to 0.9 s
    later (:data:`PUSHED_SPREAD`), and otherwise every :data:`PUSHED_QUIET`."""

    def __init__(self, port: int, plan: Plan, token: str) -> None:
        self.client = AsyncClient(port)
        self.plan = plan
        self.token = token
        self.etag = ""
        self.heard = 0
        self.told = asyncio.Event()
        self.pushed = True
        self.screen = "standings"

    def take(self, since: int | None, answer: str) -> bool:
        """watch.js: pushed standings newer than the screen's are swapped
        in, and their ETag is what the next poll sends."""
        found = STANDINGS_ETAG.search(answer)
        if since is not None or found is None or shown_version(found.group(1)) <= self.version:
            return False
        self.etag = f'"{found.group(1)}"'
        return True

    @property
    def version(self) -> int:
        """The version the standings show (from their ETag)."""
        return shown_version(self.etag)

    async def poll(self, step: Step) -> None:
        headers = {"HX-Request": "true", "Accept-Encoding": ACCEPT_ENCODING}
        if self.etag:
            headers["If-None-Match"] = self.etag
        sent = time.monotonic()
        reply = await self.client.get(self.plan.live_path, headers)
        if reply.status not in (200, 304):
            raise HttpError(f"GET live: {reply.status}")
        step.note(f"poll_{reply.status}", sent, reply)
        self.etag = reply.headers.get("etag", self.etag)

    async def watch(self, events: int, step: Step, due: float) -> None:
        """From ``due`` to the window's end."""
        await wait_until(due, step)
        hearing = asyncio.ensure_future(
            hear(events, self.token, self, step, f"viewer of {self.plan.pk}")
        )
        try:
            await self.poll(step)
            while time.monotonic() < step.end:
                told = await told_or_quiet(self, step)
                if told and self.heard > self.version:
                    await asyncio.sleep(random.uniform(*PUSHED_SPREAD))
                if time.monotonic() < step.end and (self.heard > self.version or not told):
                    await self.poll(step)
        except (HttpError, OSError) as error:
            step.errors.append(f"viewer of {self.plan.pk}: {error}")
        finally:
            hearing.cancel()
            await self.client.close()


def pushed_viewer(port: int, table: SeatPlan, answers: bool) -> PushedViewer:
    """A table's viewer told of changes, pushed the standings unless not ``answers``."""
    viewer = PushedViewer(port, table.plan, table.view_token)
    viewer.pushed = answers
    return viewer


class SeatTable:
    """A table's four seat phones taking turns as the engine asks, and the
    edit link confirming each complete round."""

    def __init__(self, port: int, seated: SeatPlan, step: Step, rng: random.Random) -> None:
        from bench.tables import Phone

        self.seated = seated
        self.step = step
        self.rng = rng
        self.origin = f"http://127.0.0.1:{port}"
        sent: dict[int, float] = {}  # the table's cards, for its phones told of them
        self.phones = [SeatPhone(port, path, self.origin, sent) for path in seated.seat_paths]
        self.editor = Phone(port, seated.plan, step, rng)
        self.version = ""

    async def sit(self, due: float) -> None:
        """Every seat phone opens its screen at ``due`` (the table sits down)."""
        await wait_until(due, self.step)
        try:
            for phone in self.phones:
                self.version = await phone.open(self.step)
        except (HttpError, OSError) as error:
            self.step.errors.append(f"table {self.seated.plan.pk}: {error}")

    async def play(self, due: float) -> None:
        """Cards from ``due`` on, every ~4 s, each from its player's phone
        (the screens are open: :meth:`sit`)."""
        plan, step = self.seated.plan, self.step
        try:
            for number, cards in enumerate(plan.rounds):
                if number:
                    for phone in self.phones:  # the next round's screen, after Confirm
                        self.version = await phone.open(step)
                plan.accepted.append([])
                for card, seat in zip(cards, self.seated.players[number], strict=True):
                    await wait_until(due, step)
                    if time.monotonic() >= step.end:
                        return
                    self.version = await self.phones[seat].card(card, self.version, step)
                    plan.accepted[-1].append(card)
                    step.cards += 1
                    due += CARD_PACE * self.rng.uniform(0.8, 1.2)
                await wait_until(due, step)
                if time.monotonic() >= step.end:
                    return
                await self.confirm()
                due += CARD_PACE * self.rng.uniform(0.8, 1.2)
        except (HttpError, OSError) as error:
            step.errors.append(f"table {plan.pk}: {error}")
        finally:
            for phone in self.phones:
                await phone.client.close()
            await self.editor.client.close()

    async def confirm(self) -> None:
        """The edit link's Confirm, from its round screen (opened now)."""
        editor = self.editor
        sent = time.monotonic()
        reply = await editor.client.get(
            editor.plan.round_path, {"Accept-Encoding": ACCEPT_ENCODING}
        )
        self.step.note("page", sent, reply)
        csrf = CSRF.search(reply.text)
        if reply.status != 200 or csrf is None:
            raise HttpError(f"GET {editor.plan.round_path}: {reply.status}")
        editor.csrf, editor.last = csrf.group(1), reply
        await editor.confirm()


def followers(
    port: int, table: SeatTable, step: Step, events: int | None, rng: random.Random
) -> list:
    """A table's seat phones following the round, each from a moment of the
    settling before the window (told by the events server on port
    ``events`` when it runs)."""
    from bench.tables import SETTLE

    seated = table.seated
    jobs = []
    for phone, live, token in zip(
        table.phones, seated.seat_live_paths, seated.seat_tokens, strict=True
    ):
        due = step.start - SETTLE * rng.uniform(0.2, 1.0)
        if events is None:
            jobs.append(phone.follow(port, live, step, due))
        else:
            jobs.append(phone.follow_pushed(port, events, token, live, step, due))
    return jobs


async def play_seat_tables(
    port: int,
    tables: list[SeatPlan],
    ramp: float,
    window: float,
    server_pids: list[int] | None = None,
    events: int | None = None,
    answers: bool = True,
) -> Step:
    """:func:`bench.tables.play_tables` for tables of seat phones (told of
    changes by the events server on port ``events`` when given, and pushed
    each change's answer unless ``answers`` is False): the tables
    sit down over ``ramp`` seconds, their viewers polling meanwhile; the seat
    phones follow the round once every screen is open."""
    from bench.tables import measure_cpu, sit_down

    step = Step(len(tables), math.inf, math.inf)
    rng = random.Random(len(tables))
    seated = [SeatTable(port, table, step, random.Random(table.plan.pk)) for table in tables]
    for table in seated:
        for phone in table.phones:
            phone.pushed = answers
    now = time.monotonic()
    viewers = [
        watch(port, table.plan, step, now + rng.uniform(0, ramp))
        if events is None
        else pushed_viewer(port, table, answers).watch(events, step, now + rng.uniform(0, ramp))
        for table in tables
        for _ in range(SEAT_VIEWERS)
    ]
    watching = [asyncio.ensure_future(viewer) for viewer in viewers]
    await sit_down(step, [table.sit(now + rng.uniform(0, ramp)) for table in seated], window)
    jobs = []
    for table in seated:
        jobs.append(table.play(step.start + rng.uniform(0, CARD_PACE)))
        jobs += followers(port, table, step, events, rng)
    if server_pids:
        jobs.append(measure_cpu(server_pids, step))
    await asyncio.gather(*jobs, *watching)
    for table in seated:
        for phone in table.phones:
            step.told_ms += [ms for when, ms in phone.told_ms if step.start <= when < step.end]
    return step
