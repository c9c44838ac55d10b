"""The measurements of ``make bench``: latency and queries of single
requests, throughput under concurrent clients, bytes on the wire."""

from __future__ import annotations

import gzip
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from bench.client import Client, Reply, read_page, resolve
from bench.flows import ACCEPT_ENCODING, FlowError, Phone, Viewer, standings_path
from bench.seed import Seeded, seed_game
from bench.stats import summary


@dataclass
class Samples:
    """Timings and query counts of one kind of request."""

    ms: list[float] = field(default_factory=list)
    queries: list[int] = field(default_factory=list)
    bytes: list[int] = field(default_factory=list)
    gzip_bytes: list[int] = field(default_factory=list)

    def add(self, reply: Reply) -> None:
        self.ms.append(reply.ms)
        self.queries.append(reply.queries if reply.queries is not None else -1)
        self.bytes.append(reply.wire_bytes)
        self.gzip_bytes.append(gzipped_size(reply))

    def extend(self, other: Samples) -> None:
        self.ms += other.ms
        self.queries += other.queries
        self.bytes += other.bytes
        self.gzip_bytes += other.gzip_bytes

    def row(self) -> dict[str, float]:
        out = summary(self.ms)
        out["queries"] = max(self.queries) if self.queries else -1
        out["queries_min"] = min(self.queries) if self.queries else -1
        out["bytes_max"] = max(self.bytes) if self.bytes else 0
        out["gzip_bytes_max"] = max(self.gzip_bytes) if self.gzip_bytes else 0
        return out


def gzipped_size(reply: Reply) -> int:
    """The answer's size gzipped: as sent when the server gzipped it, else
    gzipped here (level 6, as Django's GZipMiddleware)."""
    if reply.headers.get("content-encoding") == "gzip":
        return reply.wire_bytes
    return len(gzip.compress(reply.text.encode(), 6))


class Seeder:
    """Seeds games with distinct simulator seeds."""

    def __init__(self) -> None:
        self.next_seed = 1000

    def games(self, history: int, count: int) -> list[Seeded]:
        made = []
        for _ in range(count):
            made.append(seed_game(history, self.next_seed))
            self.next_seed += 1
        return made


@dataclass
class Entries:
    """Card entries timed by kind: a card within a trick, the card completing
    a trick, and the round's last card (it also scores the round)."""

    cards: Samples = field(default_factory=Samples)
    tricks: Samples = field(default_factory=Samples)
    round_ends: Samples = field(default_factory=Samples)

    def add(self, reply: Reply, completes: bool, ends_round: bool) -> None:
        if ends_round:
            self.round_ends.add(reply)
        else:
            (self.tricks if completes else self.cards).add(reply)

    def within_round(self) -> Samples:
        """Every entry but the round's last card."""
        both = Samples()
        both.extend(self.cards)
        both.extend(self.tricks)
        return both


def enter_cards(phone: Phone, game: Seeded, entries: Entries, limit: int | None = None) -> None:
    """Enter a game's round in progress card by card (timed one by one)."""
    phone.open()
    planned = game.cards
    for index, (card, completes) in enumerate(planned[:limit]):
        reply = phone.enter(card)
        entries.add(reply, completes, index == len(planned) - 1)


def card_entry(port: int, games: list[Seeded], limit: int | None = None) -> Entries:
    """Latency, queries and bytes of entering one card, by kind."""
    entries = Entries()
    for game in games:
        phone = Phone(port, game.edit_token)
        try:
            enter_cards(phone, game, entries, limit)
        finally:
            phone.close()
    return entries


def repeat_get(port: int, path: str, count: int, headers: dict[str, str] | None = None) -> Samples:
    client = Client(port)
    samples = Samples()
    try:
        for _ in range(count):
            reply = client.get(path, {"Accept-Encoding": ACCEPT_ENCODING, **(headers or {})})
            if reply.status != 200:
                raise FlowError(f"GET {path}: {reply.status}")
            samples.add(reply)
    finally:
        client.close()
    return samples


def polls(port: int, token: str, count: int) -> tuple[Samples, Samples]:
    """The live standings: the full answer, and the 304 with If-None-Match."""
    viewer = Viewer(port, token)
    full, unchanged = Samples(), Samples()
    try:
        for _ in range(count):
            full.add(viewer.poll(conditional=False))
        for _ in range(count):
            reply = viewer.poll()
            if reply.status != 304:
                raise FlowError(f"GET {viewer.path} with If-None-Match: {reply.status}, not 304")
            unchanged.add(reply)
    finally:
        viewer.close()
    return full, unchanged


def in_parallel(workers: list[Callable[[], int]]) -> tuple[int, float, list[BaseException]]:
    """Run the workers in threads at once; (requests done, seconds, errors)."""
    done = [0] * len(workers)
    errors: list[BaseException] = []
    barrier = threading.Barrier(len(workers) + 1)

    def run(index: int, work: Callable[[], int]) -> None:
        barrier.wait()
        try:
            done[index] = work()
        except BaseException as error:  # noqa: BLE001 - reported by the caller
            errors.append(error)

    threads = [
        threading.Thread(target=run, args=(i, work), daemon=True) for i, work in enumerate(workers)
    ]
    for thread in threads:
        thread.start()
    barrier.wait()
    start = time.perf_counter()
    for thread in threads:
        thread.join()
    return sum(done), time.perf_counter() - start, errors


PER_CONNECTION = 32
"""Requests a throughput run's client sends on one keep-alive connection
before it opens another, during the run. A card-entry client opens one per
game (about 32 cards), with the game's first card, so the bare view's and
the polls' clients do the same. A connection stays with the gunicorn
worker that accepted it, and each of the two workers runs Python on one
core at a time: connections opened while the run goes on tend to go to
the worker with less to do, and the load stays spread. Connections opened
beforehand stay where the kernel handed them out then: with one connection
each for a whole run, a run whose four connections all reached one worker
measured the bare view at half its throughput; with the card phones'
connections opened with their pages before the clock, the card phase left
the cores idle 27–39% of its time (20–24% once they connect with their
first card, as the bare view's clients do) and measured 0.14–0.18 of the
bare view instead of 0.22–0.24 (four runs each, alternated)."""


def throughput_bare(port: int, threads: int, each: int) -> float:
    def work() -> int:
        client = Client(port)
        for sent in range(each):
            if sent and sent % PER_CONNECTION == 0:
                client.close()  # the next request opens a new connection
            if client.get("/bench/ok/").status != 200:
                raise FlowError("GET /bench/ok/ failed")
        client.close()
        return each

    count, seconds, errors = in_parallel([work] * threads)
    if errors:
        raise errors[0]
    return count / seconds


def throughput_poll_304(port: int, token: str, threads: int, each: int) -> float:
    viewers = [Viewer(port, token) for _ in range(threads)]
    for viewer in viewers:
        viewer.poll(conditional=False)

    def worker(viewer: Viewer) -> Callable[[], int]:
        def work() -> int:
            for sent in range(each):
                if sent and sent % PER_CONNECTION == 0:
                    viewer.close()  # the next poll opens a new connection
                if viewer.poll().status != 304:
                    raise FlowError("the poll was not answered 304")
            viewer.close()
            return each

        return work

    count, seconds, errors = in_parallel([worker(viewer) for viewer in viewers])
    if errors:
        raise errors[0]
    return count / seconds


def throughput_entry(port: int, games_per_thread: list[list[Seeded]], each: int) -> float:
    """Cards entered a second by concurrent tables (each on its own games;
    the pages are opened before the clock starts, and each game's phone
    connects again with its first card: see :data:`PER_CONNECTION`)."""
    plans = []
    for games in games_per_thread:
        phones = []
        for game in games:
            phone = Phone(port, game.edit_token)
            phone.open()
            phone.client.close()  # its first card connects, during the run
            phones.append((phone, game))
        plans.append(phones)

    def worker(phones: list[tuple[Phone, Seeded]]) -> Callable[[], int]:
        def work() -> int:
            count = 0
            for phone, game in phones:
                for card, _completes in game.cards:
                    if count == each:
                        return count
                    phone.enter(card)
                    count += 1
                phone.close()
            return count

        return work

    count, seconds, errors = in_parallel([worker(plan) for plan in plans])
    if errors:
        raise errors[0]
    return count / seconds


@dataclass
class Wire:
    """Bytes on the wire of the round-entry page and what it loads."""

    html: int
    html_raw: int
    html_compressed_by_server: bool
    assets: dict[str, int]
    assets_encoding: dict[str, str]

    @property
    def total(self) -> int:
        return self.html + sum(self.assets.values())


def page_bytes(port: int, phone: Phone) -> Wire:
    """The round page and its CSS and JS as served with Accept-Encoding:
    gzip, br. HTML the server sends uncompressed is gzipped here (level 6),
    the figure a compressing proxy or middleware would put on the wire."""
    reply = phone.open()
    raw = reply.raw
    by_server = bool(reply.headers.get("content-encoding"))
    html = len(raw) if by_server else len(gzip.compress(raw, 6))
    assets, encodings = {}, {}
    client = Client(port)
    for link in read_page(reply.text).assets:
        path = resolve(phone.path, link)
        if not path.startswith("/"):
            continue
        asset = client.get(path, {"Accept-Encoding": ACCEPT_ENCODING})
        if asset.status != 200:
            raise FlowError(f"GET {path}: {asset.status}")
        assets[path] = asset.wire_bytes
        encodings[path] = asset.headers.get("content-encoding", "identity")
    client.close()
    return Wire(html, len(reply.text.encode()), by_server, assets, encodings)


def standings(port: int, game: Seeded, count: int) -> Samples:
    return repeat_get(port, standings_path(game.view_token), count)


def warm_up(port: int, games: list[Seeded], view_game: Seeded, rounds: int = 3) -> None:
    """A few of every request, on several connections (every worker warms up)."""

    def worker(game: Seeded) -> Callable[[], int]:
        def work() -> int:
            client = Client(port)
            for _ in range(rounds * 5):
                client.get("/bench/ok/")
            client.close()
            repeat_get(port, standings_path(view_game.view_token), rounds)
            polls(port, view_game.view_token, rounds)
            card_entry(port, [game], limit=rounds * 3)
            return 1

        return work

    _count, _seconds, errors = in_parallel([worker(game) for game in games])
    if errors:
        raise errors[0]
