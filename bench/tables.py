"""Tables at a real table's pace, for ``make load``: a phone entering a card
every ~4 s (the round's flow: cards, Confirm, the next round's page) and two
viewers polling the live standings every 2 s with If-None-Match, all on one
asyncio loop. :func:`play_tables` sits N tables down (their pages opened,
unmeasured), then plays them for one window, and :class:`Step` says
whether the server held them."""

from __future__ import annotations

import asyncio
import heapq
import math
import os
import random
import re
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.aclient import ACCEPT_ENCODING, AsyncClient, HttpError
from bench.client import Reply, read_page
from bench.flows import PLAY, round_path, url_of
from bench.seed import seed_game
from bench.server import HOST
from bench.stats import percentile

CSRF = re.compile(r'hx-headers=\'\{"X-CSRFToken": "([^"]+)"\}\'')
CARD_PACE = 4.0
"""Seconds between two cards of a table."""
POLL_PACE = 2.0
"""Seconds between two polls of a viewer (the game page polls every 2 s)."""
VIEWERS = 2
SETTLE = 3.0
"""Seconds between the last screen opened and the measured window (the
viewers' and seat phones' first requests)."""
P95_LIMIT_MS = 50.0
"""A number of tables is held when card and poll p95 stay within this."""
TOLD_LIMIT_MS = 500.0
"""And when a card reaches the other seats' phones pushed within this
(p95, from the card sent to its answer shown): a seat phone that polled
instead, at its quickest (every 0.75 s when its player is asked soon),
would show it 0.38 s later on average and 0.71 s at p95."""


@dataclass
class Plan:
    """A seeded table: its links, and the cards its phone enters, by round."""

    pk: int
    history: int
    round_path: str
    live_path: str
    rounds: list[list[str]]
    """The round in progress (the cards still to enter), then the next round's cards."""
    entered: int
    """Cards of the round in progress stored before the step (a table mid-round)."""
    accepted: list[list[str]] = field(default_factory=list)


def seed_tables(count: int, history: int, first_seed: int) -> list[Plan]:
    """``count`` games of ``history`` rounds, each mid-way through a round (so
    that Confirm and the next round come within a step's window)."""
    from companion.models import Round

    plans = []
    for table in range(count):
        seed = first_seed + table
        seeded = seed_game(history, seed, more_rounds=1)
        cards = [card for trick in seeded.tricks for card in trick]
        entered = random.Random(seed).randrange(len(cards))
        if entered:
            size = len(seeded.tricks[0])
            played = cards[:entered]
            tricks = [played[i : i + size] for i in range(0, entered, size)]
            Round.objects.filter(game_id=seeded.pk, number=history + 1).update(tricks=tricks)
        upcoming = [card for trick in seeded.rounds[0]["tricks"] for card in trick]
        plans.append(
            Plan(
                seeded.pk,
                history,
                round_path(seeded.edit_token),
                url_of("live", seeded.view_token),
                [cards[entered:], upcoming],
                entered,
            )
        )
    return plans


SLOWEST = 10
"""The slowest answers a step keeps (``"slowest"`` in its summary)."""


@dataclass
class Step:
    """What N tables met during one window."""

    tables: int
    start: float
    end: float
    ms: dict[str, list[float]] = field(default_factory=dict)
    late_ms: list[float] = field(default_factory=list)
    """How late the load generator sent what was due (its own loop's lag)."""
    told_ms: list[float] = field(default_factory=list)
    """Seat phones: from a card sent on one phone to its answer pushed to
    and shown on another (the next player's *your turn* among them)."""
    errors: list[str] = field(default_factory=list)
    lost: int = 0
    pushed: int = 0
    """Answers pushed to seat phones and taken (they asked for nothing)."""
    cards: int = 0
    confirms: int = 0
    server_cpu_share: float = float("nan")
    """The server's CPU seconds over the window, per second (1.0: its core was busy throughout)."""
    slowest: list[tuple[float, float, str, int]] = field(default_factory=list)
    """The :data:`SLOWEST` slowest answers of the window: ms, seconds into
    the window, kind and bytes on the wire (a heap: the fastest first)."""

    def note(self, kind: str, sent: float, reply: Reply) -> None:
        if self.start <= sent < self.end:
            self.ms.setdefault(kind, []).append(reply.ms)
            answer = (reply.ms, sent - self.start, kind, reply.wire_bytes)
            if len(self.slowest) < SLOWEST:
                heapq.heappush(self.slowest, answer)
            else:
                heapq.heappushpop(self.slowest, answer)

    def slowest_answers(self) -> list[dict[str, Any]]:
        """The slowest answers, the slowest first: when in the window they
        were sent, so that answers slow together show as such."""
        return [
            {"kind": kind, "ms": round(ms, 1), "at_s": round(at, 2), "bytes": size}
            for ms, at, kind, size in sorted(self.slowest, reverse=True)
        ]

    def p95(self, *kinds: str) -> float | None:
        """The p95 of these kinds' answers in ms; None when there were none."""
        values = [ms for kind in kinds for ms in self.ms.get(kind, [])]
        return round(percentile(values, 95), 1) if values else None

    @property
    def card_p95(self) -> float | None:
        return self.p95("card")

    @property
    def poll_p95(self) -> float | None:
        """None when no phone polled: phones told of every change by the
        events server may not poll at all in a window."""
        return self.p95("poll_200", "poll_304")

    @property
    def told_p95(self) -> float | None:
        return round(percentile(self.told_ms, 95), 1) if self.told_ms else None

    @property
    def generator_late_p95(self) -> float:
        return round(percentile(self.late_ms, 95), 1) if self.late_ms else 0.0

    def failures(self) -> list[str]:
        """Why these tables were not held (nothing: held)."""
        why = []
        if self.card_p95 is None:
            why.append("no card was entered")
        elif self.card_p95 > P95_LIMIT_MS:
            why.append(f"card p95 {self.card_p95} ms")
        if self.poll_p95 is not None and self.poll_p95 > P95_LIMIT_MS:
            why.append(f"poll p95 {self.poll_p95} ms")
        if self.told_p95 is not None and self.told_p95 > TOLD_LIMIT_MS:
            why.append(f"cards reached the other seats' phones in {self.told_p95} ms (p95)")
        if self.errors:
            why.append(f"{len(self.errors)} errors, e.g. {self.errors[0]}")
        if self.lost:
            why.append(f"{self.lost} cards not stored exactly once")
        if self.generator_late_p95 > P95_LIMIT_MS / 5:
            why.append(f"the load generator ran {self.generator_late_p95} ms late (p95)")
        return why

    def summary(self) -> dict[str, Any]:
        counts = {kind: len(values) for kind, values in sorted(self.ms.items())}
        return {
            "tables": self.tables,
            "held": not self.failures(),
            "card_p95_ms": self.card_p95,
            "poll_p95_ms": self.poll_p95,
            "poll_304_p95_ms": self.p95("poll_304"),
            "poll_200_p95_ms": self.p95("poll_200"),
            "confirm_p95_ms": self.p95("confirm"),
            "page_p95_ms": self.p95("page"),
            "requests": counts,
            "answers_pushed": self.pushed,
            "cards_entered": self.cards,
            "rounds_confirmed": self.confirms,
            "errors": len(self.errors),
            "lost_cards": self.lost,
            "generator_late_p95_ms": self.generator_late_p95,
            "told_p50_ms": round(percentile(self.told_ms, 50), 1) if self.told_ms else None,
            "told_p95_ms": self.told_p95,
            "told": len(self.told_ms),
            "server_cpu_share": round(self.server_cpu_share, 2),
            "why_not": self.failures(),
            "slowest": self.slowest_answers(),
        }


async def wait_until(moment: float, step: Step) -> None:
    """Sleep until ``moment`` (monotonic); note the loop's lateness."""
    delay = moment - time.monotonic()
    if delay > 0:
        await asyncio.sleep(delay)
        step.late_ms.append((time.monotonic() - moment) * 1000)


class Phone:
    """A table's phone: the round page, then a card every ~4 s as the round
    screen's script sends it, Confirm when the round is complete, and the
    next round's page."""

    def __init__(self, port: int, plan: Plan, step: Step, rng: random.Random) -> None:
        self.client = AsyncClient(port)
        self.plan = plan
        self.step = step
        self.rng = rng
        self.csrf = ""
        self.version = ""
        self.send = ""
        self.last: Reply | None = None
        self.origin = f"http://{HOST}:{port}"

    def headers(self, target: str) -> dict[str, str]:
        return {
            "HX-Request": "true",
            "HX-Current-URL": self.origin + self.plan.round_path,
            "HX-Target": target,
            "X-CSRFToken": self.csrf,
            "Origin": self.origin,
            "Accept": "text/html, */*",
            "Accept-Encoding": ACCEPT_ENCODING,
        }

    async def open(self) -> None:
        sent = time.monotonic()
        reply = await self.client.get(self.plan.round_path, {"Accept-Encoding": ACCEPT_ENCODING})
        self.step.note("page", sent, reply)
        csrf, play = CSRF.search(reply.text), PLAY.search(reply.text)
        if reply.status != 200 or csrf is None or play is None:
            raise HttpError(f"GET {self.plan.round_path}: {reply.status}, no card entry")
        self.csrf = csrf.group(1)
        self.version, self.send = play.group(1), play.group(2)

    async def card(self, card: str) -> None:
        data = {"version": self.version, "key": uuid.uuid4().hex, "card": card}
        sent = time.monotonic()
        reply = await self.client.post(self.send, data, self.headers("play"))
        self.step.note("card", sent, reply)
        if reply.status != 200:
            raise HttpError(f"card {card}: {reply.status} {reply.text[:200]!r}")
        self.plan.accepted[-1].append(card)
        self.step.cards += 1
        self.last = reply
        play = PLAY.search(reply.text)
        if play is not None:
            self.version, self.send = play.group(1), play.group(2)

    async def confirm(self) -> None:
        assert self.last is not None
        for form in read_page(self.last.text).forms:
            action = form.attrs.get("hx-post") or form.action
            if action.endswith("/round/confirm/"):
                sent = time.monotonic()
                reply = await self.client.post(action, form.fields, self.headers("round"))
                self.step.note("confirm", sent, reply)
                if reply.status != 200:
                    raise HttpError(f"confirm: {reply.status} {reply.text[:200]!r}")
                self.step.confirms += 1
                return
        raise HttpError("no Confirm form after the round's last card")

    async def sit(self, due: float) -> None:
        """The round page, opened at ``due`` (as the table sits down)."""
        await wait_until(due, self.step)
        try:
            await self.open()
        except (HttpError, OSError) as error:
            self.step.errors.append(f"table {self.plan.pk}: {error}")

    async def play(self, due: float) -> None:
        """Cards from ``due`` on, every ~4 s, until the step ends (the page
        is open: :meth:`sit`)."""
        step = self.step
        try:
            for number, cards in enumerate(self.plan.rounds):
                if number:
                    await self.open()  # the next round's page, after Confirm
                self.plan.accepted.append([])
                for card in cards:
                    await wait_until(due, step)
                    if time.monotonic() >= step.end:
                        return
                    await self.card(card)
                    due += CARD_PACE * self.rng.uniform(0.8, 1.2)
                await wait_until(due, step)
                if time.monotonic() >= step.end:
                    return
                await self.confirm()
                due += CARD_PACE * self.rng.uniform(0.8, 1.2)
        except (HttpError, OSError) as error:
            step.errors.append(f"table {self.plan.pk}: {error}")
        finally:
            await self.client.close()


async def watch(
    port: int, plan: Plan, step: Step, due: float, path: str = "", pace: float = POLL_PACE
) -> None:
    """A viewer: the live standings every 2 s, with the ETag of the last answer
    (or ``path`` every ``pace`` seconds: a seat phone's round screen)."""
    path = path or plan.live_path
    client = AsyncClient(port)
    etag = ""
    try:
        while True:
            await wait_until(due, step)
            if time.monotonic() >= step.end:
                return
            headers = {"HX-Request": "true", "Accept-Encoding": ACCEPT_ENCODING}
            if etag:
                headers["If-None-Match"] = etag
            sent = time.monotonic()
            reply = await client.get(path, headers)
            if reply.status not in (200, 304):
                raise HttpError(f"GET live: {reply.status}")
            step.note(f"poll_{reply.status}", sent, reply)
            etag = reply.headers.get("etag", etag)
            due += pace
    except (HttpError, OSError) as error:
        step.errors.append(f"viewer of {plan.pk}: {error}")
    finally:
        await client.close()


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) process ``pid`` and its children (a
    gunicorn's workers) have used so far (Linux's /proc)."""
    ticks = 0
    for path in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = path.read_text().rsplit(")", 1)[1].split()
        except OSError:  # the process ended meanwhile
            continue
        if path.parent.name == str(pid) or fields[1] == str(pid):
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


async def measure_cpu(pids: list[int], step: Step) -> None:
    """The server's share of a core over the step's window (the app's
    server and, when it runs, the events server)."""
    await asyncio.sleep(max(0.0, step.start - time.monotonic()))
    begun = sum(cpu_seconds(pid) for pid in pids)
    await asyncio.sleep(max(0.0, step.end - time.monotonic()))
    used = sum(cpu_seconds(pid) for pid in pids) - begun
    step.server_cpu_share = used / (step.end - step.start)


async def play_tables(
    port: int, plans: list[Plan], ramp: float, window: float, server_pid: int | None = None
) -> Step:
    """Every table's phone and viewers. The tables sit down first, spread
    over ``ramp`` seconds (:func:`sit_down`); the window is measured from
    :data:`SETTLE` seconds after the last page opened."""
    step = Step(len(plans), math.inf, math.inf)
    rng = random.Random(len(plans))
    phones = [Phone(port, plan, step, random.Random(plan.pk)) for plan in plans]
    now = time.monotonic()
    viewers = [
        watch(port, plan, step, now + rng.uniform(0, ramp))
        for plan in plans
        for _ in range(VIEWERS)
    ]
    watching = [asyncio.ensure_future(viewer) for viewer in viewers]
    await sit_down(step, [phone.sit(now + rng.uniform(0, ramp)) for phone in phones], window)
    jobs = [phone.play(step.start + rng.uniform(0, CARD_PACE)) for phone in phones]
    if server_pid is not None:
        jobs.append(measure_cpu([server_pid], step))
    await asyncio.gather(*jobs, *watching)
    return step


async def sit_down(step: Step, opening: list, window: float) -> None:
    """Open every table's screens (each table at its moment of the ramp),
    then set the step's window: from :data:`SETTLE` seconds after the last
    one opened. Opening the screens is not a table's pace: 200 tables' pages
    asked at once took the server seconds to answer, and the requests queued
    behind them were measured as the tables' (p95 over 500 ms at a load the
    core held at 20 ms)."""
    await asyncio.gather(*opening)
    step.start = time.monotonic() + SETTLE
    step.end = step.start + window


def check(plans: list[Plan], step: Step) -> None:
    """Every card the server accepted is stored once, in order; every game replays."""
    from companion.models import Game
    from companion.replay import game_state

    for plan in plans:
        game = Game.objects.get(pk=plan.pk)
        rows = list(game.rounds.all())
        try:
            game_state(game, rows)
        except Exception as error:  # noqa: BLE001 - every failure is reported
            step.errors.append(f"game {plan.pk} does not replay: {error}")
        for index, cards in enumerate(plan.accepted):
            number = plan.history + index
            tricks = rows[number].tricks if number < len(rows) else []
            stored = [card for trick in tricks for card in trick]
            if index == 0:
                stored = stored[plan.entered :]
            if stored != cards:
                matched = sum(1 for want, have in zip(cards, stored, strict=False) if want == have)
                step.lost += max(len(cards), len(stored)) - matched
