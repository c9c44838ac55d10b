"""A group's page at 500 games and a 1 MiB group file's refusal (issue 23).

The group of a table that met for years: 500 finished games of three rounds
(four of six friends at each, the simulator's legal play), on its view link.
The file is what one anonymous upload may send: 1 MiB of tiny games (6,000
and more), which the app refuses before it reads a game.

``python -m bench.groups`` measures only these two, under gunicorn as
``make bench`` does (which measures them too, in BENCH.json's
``group_page_*`` and ``group_file_refusal_ms``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # `python bench/groups.py`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.client import Client, read_page
from bench.flows import ACCEPT_ENCODING, FlowError
from bench.measure import Samples, in_parallel
from scoring.simulate import simulate

GROUP_GAMES = 500
ROUNDS = 3
FRIENDS = ("Adam", "Betty", "Christian", "Doris", "Emil", "Frieda")
DISTINCT = 25
"""Simulated games; the group holds each of them again (the page replays
every stored game as its own)."""
FILE_BYTES = 1024 * 1024
"""The largest upload the app takes (companion.transfer.MAX_RECORD_BYTES)."""


@dataclass
class SeededGroup:
    """A group in the database: its links and how many games it holds."""

    edit_token: str
    view_token: str
    games: int


def seed_group(games: int = GROUP_GAMES, seed: int = 23) -> SeededGroup:
    """Write a group of ``games`` finished games straight into the database."""
    from django.db import transaction

    from companion.models import Game, Group, Round
    from companion.transfer import stored_round

    rng = random.Random(seed)
    records = []
    for number in range(DISTINCT):
        record = simulate("classic", 4, rounds=ROUNDS, seed=seed + number, edition="classic")
        record["players"] = rng.sample(FRIENDS, 4)
        records.append(record)
    with transaction.atomic():
        group = Group.objects.create(name="Thursdays", players=list(FRIENDS))
        made = Game.objects.bulk_create(
            Game(
                players=records[n % DISTINCT]["players"],
                variant="classic",
                edition="classic",
                first_dealer=records[n % DISTINCT]["first_dealer"],
                goal_rounds=ROUNDS,
                group=group,
            )
            for n in range(games)
        )
        Round.objects.bulk_create(
            stored_round(game, number, item, confirmed=True)
            for n, game in enumerate(made)
            for number, item in enumerate(records[n % DISTINCT]["rounds"], 1)
        )
    return SeededGroup(group.edit_token, group.view_token, games)


def group_path(token: str) -> str:
    from django.urls import reverse

    return reverse("imp:group", args=[token])


def group_page(port: int, group: SeededGroup, count: int) -> Samples:
    """The group page on its view link, ``count`` times on one connection."""
    client = Client(port)
    samples = Samples()
    path = group_path(group.view_token)
    try:
        for _ in range(count):
            reply = client.get(path, {"Accept-Encoding": ACCEPT_ENCODING})
            if reply.status != 200:
                raise FlowError(f"GET {path}: {reply.status}")
            samples.add(reply)
    finally:
        client.close()
    return samples


def first_view_ms(port: int, group: SeededGroup) -> float:
    """The first look at the group page (nothing of it kept yet)."""
    return group_page(port, group, 1).ms[0]


def warm_group(port: int, group: SeededGroup, clients: int, count: int = 3) -> None:
    """Every worker has looked at the group page (several connections at once)."""
    _done, _seconds, errors = in_parallel(
        [lambda: len(group_page(port, group, count).ms) for _ in range(clients)]
    )
    if errors:
        raise errors[0]


def tiny_games_file(size: int = FILE_BYTES) -> tuple[bytes, int]:
    """A group's file of as many tiny games as ``size`` bytes hold; the file
    and its count of games."""
    game = {
        "format": "bottle-imp/1",
        "variant": "classic",
        "players": ["A", "B", "C"],
        "first_dealer": 0,
        "goal": {"rounds": 1},
        "rounds": [],
    }
    one = json.dumps(game, separators=(",", ":"))
    head = '{"format":"bottle-imp-group/1","name":"Big","players":["A","B","C"],"games":['
    count = (size - len(head) - 2) // (len(one) + 1)
    text = head + ",".join([one] * count) + "]}"
    return text.encode(), count


def file_refusal(port: int, count: int, expect: int = 400) -> Samples:
    """A 1 MiB group file uploaded ``count`` times, each refused (400; an
    app without the limit answers 302, having imported it)."""
    content, _games = tiny_games_file()
    client = Client(port)
    samples = Samples()
    try:
        home = client.get("/")
        form = next(form for form in read_page(home.text).forms if "import" in form.action)
        fields = {k: v for k, v in form.fields.items() if k != "record"}
        headers = {"Origin": f"http://127.0.0.1:{port}", "Referer": f"http://127.0.0.1:{port}/"}
        for _ in range(count):
            reply = client.post_file(form.action, fields, "record", content, headers)
            if reply.status != expect:
                raise FlowError(f"POST {form.action} (1 MiB group file): {reply.status}")
            samples.add(reply)
    finally:
        client.close()
    return samples


def measure(
    port: int, group: SeededGroup, count: int, clients: int, expect: int = 400
) -> dict[str, Any]:
    """The group page (first look, then ``count`` looks) and the file's refusal."""
    first = first_view_ms(port, group)
    warm_group(port, group, clients)
    page = group_page(port, group, count).row()
    print(f"bench: group page, {group.games} games: first {first:.1f} ms, {page}", file=sys.stderr)
    refusal = file_refusal(port, max(3, count // 10), expect).row()
    return {"games": group.games, "first_ms": round(first, 1), "page": page, "refusal": refusal}


def bench_json(results: dict[str, Any]) -> dict[str, Any]:
    """BENCH.json's keys of the group (by the group's number of games)."""
    games = str(results["games"])
    return {
        "group_page_p95_ms": {games: results["page"]["p95"]},
        "group_page_first_ms": {games: results["first_ms"]},
        "queries_per_group_page": {games: results["page"]["queries"]},
        "group_file_refusal_ms": results["refusal"]["p95"],
    }


def table(results: dict[str, Any]) -> str:
    """The figures as lines of ``make bench``'s table."""
    page, refusal = results["page"], results["refusal"]
    return "\n".join(
        [
            f"group page, {results['games']} games: first look {results['first_ms']:.1f} ms; "
            f"then n={page['n']} p50 {page['p50']:.1f} ms p95 {page['p95']:.1f} ms "
            f"max {page['max']:.1f} ms, {page['queries']} queries, {page['bytes_max']} B",
            f"1 MiB group file refused: n={refusal['n']} p50 {refusal['p50']:.1f} ms "
            f"p95 {refusal['p95']:.1f} ms max {refusal['max']:.1f} ms",
        ]
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench.groups", description=__doc__)
    parser.add_argument("--games", type=int, default=GROUP_GAMES)
    parser.add_argument("--samples", type=int, default=50)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--worker-threads", type=int, default=2)
    parser.add_argument("--file-status", type=int, default=400, help="the file's expected answer")
    args = parser.parse_args(argv)
    from bench.server import Server, configure

    setup = configure()
    try:
        group = seed_group(args.games)
        with Server(setup, workers=args.workers, threads=args.worker_threads) as server:
            results = measure(server.port, group, args.samples, args.workers * 2, args.file_status)
    finally:
        setup.cleanup()
    print(table(results))
    print(json.dumps(bench_json(results), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
