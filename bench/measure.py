"""The measurements of ``make bench``: latency and queries of single
requests, bytes on the wire."""

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


def warm_up(port: int, games: list[Seeded], view_games: list[Seeded], rounds: int = 3) -> None:
    """A few of every request, on several connections (every worker warms
    up), the standings and polls of every view game among them: each history
    is then measured as warm as the others (warming only the first, its
    standings' first request found them kept and the others' did not, one
    query more: "queries equal at every history" missed on the warm-up)."""

    def worker(game: Seeded) -> Callable[[], int]:
        def work() -> int:
            client = Client(port)
            for _ in range(rounds * 5):
                client.get("/bench/ok/")
            client.close()
            for view_game in view_games:
                repeat_get(port, standings_path(view_game.view_token), rounds)
                polls(port, view_game.view_token, rounds)
            card_entry(port, [game], limit=rounds * 3)
            return 1

        return work

    _count, _seconds, errors = in_parallel([worker(game) for game in games])
    if errors:
        raise errors[0]
