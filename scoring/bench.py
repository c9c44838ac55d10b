"""``python -m scoring bench``: complete rounds a second the engine replays
and scores, per variant, on records made by the simulator."""

from __future__ import annotations

import json
import time
from typing import Any

from scoring.record import parse_record, replay
from scoring.simulate import simulate

BATCH = 5
"""Replays of the 100-round game timed together."""

CASES = (
    ("classic", 3, None),
    ("classic", 4, None),
    ("teams", 4, "2-1-1"),
    ("teams", 5, "2-2-1"),
    ("teams", 6, "2-2-2"),
    ("teams", 6, "2-2-1-1"),
    ("second-bottle", 5, None),
    ("second-bottle", 6, None),
    ("lopaka", 2, None),
    ("bright-house", 2, None),
    ("devils-eye", 2, None),
)


def rounds_per_second(variant: str, players: int, teams: str | None, seconds: float) -> float:
    """Replay and score a simulated 100-round game in batches for ``seconds``.

    As with :mod:`timeit`, the fastest batch is the figure: slower ones
    measure the machine's other work, not the engine.
    """
    record = parse_record(simulate(variant, players, rounds=100, seed=1, teams=teams))
    replay(record)
    best = float("inf")
    spent = 0.0
    while spent < seconds:
        start = time.perf_counter()
        for _ in range(BATCH):
            replay(record)
        elapsed = time.perf_counter() - start
        best = min(best, elapsed)
        spent += elapsed
    return BATCH * len(record.rounds) / best


def bench(seconds: float = 1.0) -> dict[str, float]:
    """Rounds a second for each case, keyed "variant/players" (and the team layout)."""
    results = {}
    for variant, players, teams in CASES:
        key = f"{variant}/{players}" + (f"/{teams}" if variant == "teams" else "")
        results[key] = round(rounds_per_second(variant, players, teams, seconds), 1)
    return results


def bench_command(args: Any) -> int:
    """Print the figures as a table, or as JSON with ``--json``."""
    results = bench(args.seconds)
    if args.json:
        print(json.dumps(results))
        return 0
    width = max(len(key) for key in results)
    print(f"{'variant/players':<{width}}  rounds a second")
    for key, value in results.items():
        print(f"{key:<{width}}  {value:>12,.0f}")
    return 0
