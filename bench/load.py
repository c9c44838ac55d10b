"""``make load``: a bounded load test on loopback.

20 tables at once for 30 seconds: each enters a random legal game (from
``scoring.simulate``) card by card through the real card-entry endpoint,
confirming each round, while two viewers per table poll the live standings
with If-None-Match. It stops by itself (time and request bounds), then
checks that every accepted card is in the database, in order, and that
every stored game replays; prints the summary and adds it to BENCH.json
under "load".
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # `python bench/load.py`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.server import Server, configure
from bench.stats import percentile


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="bench.load", description=__doc__)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--viewers", type=int, default=2, help="viewers per table")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--max-requests", type=int, default=100_000)
    parser.add_argument("--poll-interval", type=float, default=1.0, help="seconds between polls")
    parser.add_argument("--rounds", type=int, default=30, help="rounds simulated per table")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--worker-threads", type=int, default=4)
    parser.add_argument("--output", type=Path, default=None, help="where to write BENCH.json")
    parser.add_argument("--no-write", action="store_true", help="do not touch BENCH.json")
    return parser.parse_args(argv)


@dataclass
class Tally:
    """Counts shared by every client thread (under one lock)."""

    deadline: float
    max_requests: int
    lock: threading.Lock = field(default_factory=threading.Lock)
    requests: int = 0
    errors: list[str] = field(default_factory=list)
    ms: dict[str, list[float]] = field(default_factory=dict)
    statuses: dict[str, int] = field(default_factory=dict)

    def go_on(self) -> bool:
        return time.monotonic() < self.deadline and self.requests < self.max_requests

    def note(self, kind: str, ms: float, status: int) -> None:
        with self.lock:
            self.requests += 1
            self.ms.setdefault(kind, []).append(ms)
            label = f"{kind} {status}"
            self.statuses[label] = self.statuses.get(label, 0) + 1

    def fail(self, what: str) -> None:
        with self.lock:
            self.requests += 1
            self.errors.append(what)


@dataclass
class TablePlan:
    """A seeded game and the cards its table will enter, round by round."""

    pk: int
    edit_token: str
    view_token: str
    rounds: list[list[list[str]]]
    accepted: list[list[str]] = field(default_factory=list)
    """Per round, the cards the server accepted (answered 200)."""
    confirmed: int = 0


def play_table(port: int, plan: TablePlan, tally: Tally) -> None:
    """Enter the plan's rounds card by card, confirming each complete round."""
    from bench.flows import FlowError, Phone

    phone = Phone(port, plan.edit_token)
    try:
        reply = phone.open()
        tally.note("page", reply.ms, reply.status)
        for tricks in plan.rounds:
            plan.accepted.append([])
            for trick in tricks:
                for card in trick:
                    if not tally.go_on():
                        return
                    reply = phone.enter(card)
                    tally.note("card", reply.ms, reply.status)
                    plan.accepted[-1].append(card)
            if not tally.go_on():
                return
            reply = phone.confirm()
            tally.note("confirm", reply.ms, reply.status)
            plan.confirmed += 1
    except (FlowError, OSError) as error:
        tally.fail(f"table {plan.pk}: {error}")
    finally:
        phone.close()


def watch_table(port: int, plan: TablePlan, tally: Tally, interval: float, seed: int) -> None:
    """Poll the live standings every ``interval`` seconds (jittered start)."""
    from bench.flows import FlowError, Viewer

    viewer = Viewer(port, plan.view_token)
    rng = random.Random(seed)
    time.sleep(rng.uniform(0, interval))
    try:
        while tally.go_on():
            reply = viewer.poll()
            tally.note(f"poll_{reply.status}", reply.ms, reply.status)
            time.sleep(interval)
    except (FlowError, OSError) as error:
        tally.fail(f"viewer of {plan.pk}: {error}")
    finally:
        viewer.close()


def check(plans: list[TablePlan]) -> tuple[int, int, list[str]]:
    """(accepted cards, lost cards, replay errors) from the database."""
    from companion.models import Game
    from companion.replay import game_state

    accepted = lost = 0
    problems = []
    for plan in plans:
        game = Game.objects.get(pk=plan.pk)
        rows = list(game.rounds.all())
        try:
            game_state(game, rows)
        except Exception as error:  # noqa: BLE001 - every failure is reported
            problems.append(f"game {plan.pk} does not replay: {error}")
        for index, cards in enumerate(plan.accepted):
            accepted += len(cards)
            stored = []
            if index < len(rows):
                stored = [card for trick in rows[index].tricks for card in trick]
            matched = 0
            for want, have in zip(cards, stored, strict=False):
                if want != have:
                    break
                matched += 1
            lost += len(cards) - matched
    return accepted, lost, problems


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    setup = configure()
    try:
        return run(args, setup)
    finally:
        setup.cleanup()


def run(args: argparse.Namespace, setup: Any) -> int:
    from bench.seed import seed_game

    plans = []
    for table in range(args.tables):
        seeded = seed_game(0, 5000 + table, more_rounds=args.rounds - 1)
        tricks = [seeded.tricks] + [item["tricks"] for item in seeded.rounds]
        plans.append(TablePlan(seeded.pk, seeded.edit_token, seeded.view_token, tricks))
    with Server(setup, workers=args.workers, threads=args.worker_threads) as server:
        port = server.port
        tally = Tally(time.monotonic() + args.seconds, args.max_requests)
        threads = [threading.Thread(target=play_table, args=(port, plan, tally)) for plan in plans]
        threads += [
            threading.Thread(
                target=watch_table,
                args=(port, plan, tally, args.poll_interval, plan.pk * 10 + viewer),
            )
            for plan in plans
            for viewer in range(args.viewers)
        ]
        start = time.monotonic()
        tally.deadline = start + args.seconds
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(args.seconds + 60)
        elapsed = time.monotonic() - start
    accepted, lost, problems = check(plans)
    everything = [ms for values in tally.ms.values() for ms in values]
    summary: dict[str, Any] = {
        "tables": args.tables,
        "viewers": args.tables * args.viewers,
        "seconds": round(elapsed, 1),
        "requests": tally.requests,
        "throughput_rps": round(tally.requests / elapsed, 1),
        "p95_ms": round(percentile(everything, 95), 1),
        "card_entry_p95_ms": round(percentile(tally.ms.get("card", []), 95), 1),
        "poll_p95_ms": round(
            percentile(tally.ms.get("poll_304", []) + tally.ms.get("poll_200", []), 95), 1
        ),
        "cards_entered": accepted,
        "rounds_confirmed": sum(plan.confirmed for plan in plans),
        "errors": len(tally.errors) + len(problems),
        "lost_entries": lost,
        "games_replayed": len(plans) - len(problems),
    }
    print(f"load test: {args.tables} tables, {args.tables * args.viewers} viewers, "
          f"{setup.database}, gunicorn {args.workers}x{args.worker_threads} gthread")  # fmt: skip
    for kind, values in sorted(tally.ms.items()):
        print(
            f"  {kind:<10} n={len(values):>6}  p50={percentile(values, 50):7.1f} ms"
            f"  p95={percentile(values, 95):7.1f} ms  max={max(values):7.1f} ms"
        )
    for line in (tally.errors + problems)[:20]:
        print(f"  error: {line}")
    print(json.dumps(summary, indent=2))
    if not args.no_write:
        from bench.results import BENCH_JSON, merge

        merge({"load": summary}, args.output or BENCH_JSON)
        print(f"added to {args.output or BENCH_JSON} under 'load'")
    return 0 if summary["errors"] == 0 and lost == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
