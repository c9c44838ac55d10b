"""``make load``: how many tables one core of the server holds, on SQLite and
on PostgreSQL.

The app is served by gunicorn as the README runs it in production (its very
command, :func:`bench.server.production_command`: one worker for the one
core, four threads, the access log) pinned to core 0; this load generator
runs on core 1, one asyncio loop. A table is a phone entering a card every
~4 s (cards, Confirm, the next round's page) and two viewers polling the
live standings every 2 s with If-None-Match
(:mod:`bench.tables`). The tables sit down first, opening their pages over
the ramp (unmeasured). A number of tables is held when, over a measured
window, card and poll p95 stay within 50 ms, no request fails and every
accepted card is stored exactly once (read back from the database). The
number grows by half while held, then is bisected, a fresh set of games each
step. Prints each step and the largest number held, and writes
``"tables_held_on_one_core"`` into BENCH.json.

With ``--seats`` a table is every player on their own phone
(:mod:`bench.seat_tables`): four seat phones, each entering its player's
cards when the engine asks for them and following the round at its
player's pace, and one viewer polling every 2 s; written as
``"tables_held_on_one_core_seats"``. With ``--push`` as well (``make
load-seats``, as production runs it) the events server
(:mod:`companion.events`) runs beside the app on the same core, and the
seat phones and the viewer are told of each change instead of polling;
each seat phone is pushed the change's answer and the viewer the standings
(:mod:`companion.pushed`), and each asks only where none comes
(``--asked``: never pushed one, as before). Seat tables are held only
where, besides, a card reaches the other seats' phones within 0.5 s
(p95, :data:`bench.tables.TOLD_LIMIT_MS`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # `python bench/load.py`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.server import ROOT

DATABASES = ("sqlite", "postgresql")
PG_URL = "postgres://postgres@127.0.0.1:5432"
PG_DATABASE = "bottle_imp_load"
SERVER_CORE, GENERATOR_CORE = 0, 1
WARM_TABLES = 8


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="bench.load", description=__doc__)
    parser.add_argument("--database", choices=DATABASES, action="append", help="(default: both)")
    parser.add_argument("--start", type=int, default=100, help="tables of the first step")
    parser.add_argument("--steps", type=int, default=5, help="steps per database")
    parser.add_argument("--window", type=float, default=20.0, help="seconds measured a step")
    parser.add_argument(
        "--ramp", type=float, default=4.0, help="seconds the tables take to sit down (unmeasured)"
    )
    parser.add_argument("--history", type=int, default=10, help="rounds played before a step")
    parser.add_argument("--warm-up", type=float, default=8.0, help="seconds of tables first")
    parser.add_argument("--output", type=Path, default=None, help="where to write BENCH.json")
    parser.add_argument("--no-write", action="store_true", help="do not touch BENCH.json")
    parser.add_argument(
        "--seats",
        action="store_true",
        help="tables of four seat phones (each entering its player's cards) and one viewer",
    )
    parser.add_argument(
        "--push",
        action="store_true",
        help="the events server beside the app, on the same core: phones are told of changes",
    )
    parser.add_argument(
        "--asked",
        action="store_true",
        help="with --push: the phones are told the version only, and ask for each change",
    )
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def next_count(steps: list[dict[str, Any]]) -> int | None:
    """The next number of tables to try: half as many again while every step
    held, then halfway between the largest held and the smallest that was
    not; None once they are within 5% (or 5 tables) of each other.

    >>> next_count([{"tables": 100, "held": True}])
    150
    >>> next_count([{"tables": 100, "held": True}, {"tables": 150, "held": False}])
    125
    >>> next_count([{"tables": 100, "held": False}])
    50
    >>> next_count([{"tables": 200, "held": True}, {"tables": 205, "held": False}])
    """
    held = [step["tables"] for step in steps if step["held"]]
    failed = [step["tables"] for step in steps if not step["held"]]
    low, high = max(held, default=0), min(failed, default=0)
    if not failed:
        return low + low // 2
    if high - low <= max(5, low // 20):
        return None
    return (low + high) // 2 if low else high // 2


def result(steps: list[dict[str, Any]]) -> dict[str, Any]:
    """The largest number held, its step's p95s and those of the first number
    above it that was not held."""
    held = [step for step in steps if step["held"]]
    best = max(held, key=lambda step: step["tables"], default=None)
    above = [s for s in steps if not s["held"] and (best is None or s["tables"] > best["tables"])]
    failed = min(above, key=lambda step: step["tables"], default=None)

    def p95s(step: dict[str, Any] | None) -> dict[str, Any] | None:
        if step is None:
            return None
        keys = ("tables", "card_p95_ms", "poll_p95_ms", "told_p50_ms", "told_p95_ms")
        keys += ("generator_late_p95_ms", "why_not")
        return {key: step.get(key) for key in keys}

    return {"tables": best["tables"] if best else 0, "held": p95s(best), "not_held": p95s(failed)}


def measure(args: argparse.Namespace, database: str) -> dict[str, Any]:
    """This process: one database, a step at a time (Django set up once)."""
    from bench.seat_tables import play_seat_tables, seed_seat_tables
    from bench.server import EventsServer, Server, configure
    from bench.tables import check, play_tables, seed_tables

    os.sched_setaffinity(0, {GENERATOR_CORE})
    setup = configure()
    steps: list[dict[str, Any]] = []
    try:
        with contextlib.ExitStack() as servers:
            events = None
            if args.push:
                events = servers.enter_context(EventsServer(setup, cpus={SERVER_CORE}))
                setup.env["IMP_EVENTS_URL"] = events.url
            server = servers.enter_context(Server(setup, cpus={SERVER_CORE}, as_production=True))
            if args.warm_up:  # unmeasured: every thread opens its database connection
                warm = seed_tables(WARM_TABLES, args.history, 1_000)
                asyncio.run(play_tables(server.port, warm, 1.0, args.warm_up))
            count: int | None = args.start
            while count and len(steps) < args.steps:
                first_seed = 10_000 * (len(steps) + 1)
                pid = server.process.pid if server.process else None
                pids = [p.pid for p in (server.process, events and events.process) if p]
                if args.seats:
                    tables = seed_seat_tables(count, args.history, first_seed)
                    plans = [table.plan for table in tables]
                    push = events.port if events else None
                    playing = play_seat_tables(
                        server.port, tables, args.ramp, args.window, pids, push, not args.asked
                    )
                else:
                    plans = seed_tables(count, args.history, first_seed)
                    playing = play_tables(server.port, plans, args.ramp, args.window, pid)
                step = asyncio.run(playing)
                check(plans, step)
                summary = step.summary()
                steps.append(summary)
                say(database, summary)
                count = next_count(steps)
    finally:
        setup.cleanup()
    return {"database": database, "steps": steps, **result(steps)}


def say(database: str, step: dict[str, Any]) -> None:
    verdict = "held" if step["held"] else "NOT held: " + "; ".join(step["why_not"])
    polls = "no polls" if step["poll_p95_ms"] is None else f"poll p95 {step['poll_p95_ms']:>6} ms"
    if step.get("told_p95_ms") is not None:
        polls += f"  told p95 {step['told_p95_ms']:>6} ms"
    print(
        f"load {database}: {step['tables']:>4} tables  card p95 {step['card_p95_ms']!s:>6} ms"
        f"  {polls}  cards {step['cards_entered']:>5}"
        f"  confirms {step['rounds_confirmed']:>3}"
        f"  server CPU {step['server_cpu_share']:.0%}  {verdict}",
        file=sys.stderr,
        flush=True,
    )


def postgres(command: str) -> None:
    """Run one statement on the server's maintenance database."""
    import psycopg

    with psycopg.connect(f"{PG_URL}/postgres", autocommit=True) as connection:
        connection.execute(command)


def run_child(args: argparse.Namespace, database: str) -> dict[str, Any]:
    """Measure one database in a process of its own (Django's settings are
    read once a process); PostgreSQL in a database made for the run."""
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    if database == "postgresql":
        postgres(f"DROP DATABASE IF EXISTS {PG_DATABASE} WITH (FORCE)")
        postgres(f"CREATE DATABASE {PG_DATABASE}")
        env["DATABASE_URL"] = f"{PG_URL}/{PG_DATABASE}"
    options = [
        *("--start", str(args.start), "--steps", str(args.steps)),
        *("--window", str(args.window), "--ramp", str(args.ramp)),
        *("--history", str(args.history), "--warm-up", str(args.warm_up)),
        *(["--seats"] if args.seats else []),
        *(["--push"] if args.push else []),
        *(["--asked"] if args.asked else []),
    ]
    command = [sys.executable, "-m", "bench.load", "--child", "--database", database, *options]
    child = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    try:
        out, _ = child.communicate()
    except BaseException:  # told to stop: the child stops its servers first
        child.terminate()
        child.wait(timeout=60)
        raise
    finally:
        if database == "postgresql":
            postgres(f"DROP DATABASE IF EXISTS {PG_DATABASE} WITH (FORCE)")
    if child.returncode != 0:
        raise SystemExit(f"bench.load on {database} failed ({child.returncode})")
    return json.loads(out)


def stop(signum: int, frame: object) -> None:
    """SIGTERM as Ctrl-C: the servers started are stopped on the way out
    (a second SIGTERM, as ``pkill`` sends parent and child, does not cut that short)."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    raise SystemExit(128 + signum)


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    signal.signal(signal.SIGTERM, stop)
    databases = args.database or list(DATABASES)
    if args.child:
        print(json.dumps(measure(args, databases[0])))
        return 0
    found = {database: run_child(args, database) for database in databases}
    held = {database: found[database]["tables"] for database in databases}
    what = "tables of four seat phones and a viewer" if args.seats else "tables"
    pushed = ", cards told the other seats' phones p95 <= 0.5 s" if args.seats else ""
    print(f"{what} held on one core (card and poll p95 <= 50 ms{pushed}, nothing lost, no error):")
    for database, result_ in found.items():
        above = result_["not_held"]
        line = f"  {database:<11}{held[database]:>5}"
        if above:
            line += f"   (at {above['tables']} tables: {'; '.join(above['why_not'])})"
        print(line)
    key = "tables_held_on_one_core_seats" if args.seats else "tables_held_on_one_core"
    figures = {
        key: held,
        f"{key}_detail": {
            database: {"held": r["held"], "not_held": r["not_held"], "steps": r["steps"]}
            for database, r in found.items()
        },
    }
    if not args.no_write:
        from bench.results import BENCH_JSON, merge

        merge(figures, args.output or BENCH_JSON)
        print(f"written to {args.output or BENCH_JSON}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
