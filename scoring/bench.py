"""``python -m scoring bench``: complete rounds a second the engine replays
and scores, per variant, on records made by the simulator; with
``--records``, the seconds it takes to score or refuse hostile records of
1 MiB each (huge lists, huge texts, deep nesting), and the worst of them."""

from __future__ import annotations

import json
import time
from typing import Any

from scoring.cards import card_text
from scoring.findings import Finding
from scoring.record import findings_of, load_record, output_document, parse_record, replay
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


MIB = 1 << 20
"""The size of each hostile record: a record up to this size is refused or
scored in under a second (issue 9)."""


def _record(players: Any = None, rounds: Any = (), **fields: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": "bottle-imp/1",
        "variant": "classic",
        "players": ["Adam", "Betty", "Christian"] if players is None else players,
        "first_dealer": 0,
        "goal": {},
        "rounds": list(rounds),
    }
    data.update(fields)
    return data


def _fill(item: str, overhead: int = 400) -> int:
    """How many copies of ``item`` (with its comma) fill a record to 1 MiB."""
    return (MIB - overhead) // (len(item) + 2)


def _two_hands(variant: str, **round_fields: Any) -> dict[str, Any]:
    return _record(["Adam", "Betty"], [round_fields], variant=variant)


def _quick(points: dict[str, Any], bottle: list[str], imps: int = 0) -> dict[str, Any]:
    return {"quick": {"points": points, "bottle": bottle, "imps_trick_points": imps}}


def hostile_records() -> dict[str, bytes]:
    """Records of at most 1 MiB each, made to be slow to check, by name."""
    names = [f"P{i}" for i in range(_fill('"P123456"'))]
    cards = [card_text(code) for code in range(2, 76, 2) if code != 38]
    many_cards = (cards * MIB)[: _fill('"17"')]
    ones, tricks, empty = _fill('"1"'), _fill('["1"]'), _fill("[]")
    owners, hands, points = _fill('"Adam"'), _fill('"P123456": []'), _fill('"P123456": 1')
    quick = _quick({"Adam": 60, "Betty": 60, "Christian": None}, ["Christian"], 6)
    quicks = _fill(json.dumps(quick))
    full_round = simulate("lopaka", 2, rounds=1, seed=1)["rounds"][0]
    full_rounds = _fill(json.dumps(full_round)) * 97 // 100  # rounds differ in size
    records: dict[str, Any] = {
        f"{len(names)} names": _record(names),
        f"{len(names)} names, six first": _record(["Adam"] * 6 + names[6:]),
        "one 1 MiB name": _record(["A" * (MIB - 200), "Betty", "Christian"]),
        "one 1 MiB name of spaces": _record([" " * (MIB - 200) + "A", "Betty", "Christian"]),
        f"{tricks} tiny tricks": _record(rounds=[{"tricks": [["1"]] * tricks}]),
        f"{empty} empty tricks": _record(rounds=[{"tricks": [[]] * empty}]),
        f"a trick of {len(many_cards)} cards": _record(rounds=[{"tricks": [many_cards]}]),
        "a 1 MiB card of digits": _record(rounds=[{"tricks": [["1" * (MIB - 300)]]}]),
        "a 1 MiB card of spaces": _record(rounds=[{"tricks": [[" " * (MIB - 300) + "x"]]}]),
        "a 1 MiB card of zeros": _record(rounds=[{"tricks": [["1." + "0" * (MIB - 300)]]}]),
        "100 cards of 10 kB": _record(
            rounds=[{"tricks": [[f"{i}" * (10_000 // len(str(i))) for i in range(100)]]}]
        ),
        f"{len(names)} texts that are no cards": _record(rounds=[{"tricks": [names]}]),
        f"{quicks} quick rounds": _record(rounds=[quick] * quicks),
        f"{full_rounds} Lopaka rounds": simulate("lopaka", 2, rounds=full_rounds, seed=1),
        f"an Imp's Trick of {len(many_cards)} cards": _record(
            rounds=[{"tricks": [], "imps_trick": many_cards}]
        ),
        f"an Imp's Trick of {ones} 1s": _record(
            rounds=[{"tricks": [], "imps_trick": ["1"] * ones}]
        ),
        f"Lopaka's hand of {len(many_cards)} cards": _record(
            ["Adam", "Betty"], [{"tricks": [], "lopaka_hand": many_cards}], variant="lopaka"
        ),
        f"an open hand of {len(many_cards)} cards": _two_hands(
            "bright-house", tricks=[], open_hands={"Adam": many_cards}
        ),
        f"open hands of {hands} names": _two_hands(
            "devils-eye", tricks=[], open_hands={name: [] for name in names[:hands]}
        ),
        f"quick points of {points} names": _record(
            rounds=[_quick(dict.fromkeys(names[:points], 1), [])]
        ),
        f"a bottle of {owners} owners": _record(
            rounds=[_quick({"Adam": 1, "Betty": 1, "Christian": 1}, ["Adam"] * owners)]
        ),
    }
    texts = {name: json.dumps(data).encode() for name, data in records.items()}
    texts["nested 500k deep"] = b"[" * (MIB // 2) + b"]" * (MIB // 2)
    texts["a card nested 900 deep"] = json.dumps(
        _record(rounds=[{"tricks": [[json.loads("[" * 900 + "]" * 900)]]}])
    ).encode()
    texts["a 4000-digit seat"] = json.dumps(_record(first_dealer=10**3999)).encode()
    return texts


def check_time(text: bytes) -> tuple[float, float, str]:
    """Seconds to score or refuse a record as ``python -m scoring score``
    does (parse, replay, output document): on the clock and on the CPU (the
    figure a busy machine does not inflate); and the first line it says."""
    start, cpu = time.perf_counter(), time.process_time()
    try:
        said = json.dumps(output_document(replay(load_record(text))))[:60]
    except Finding as error:
        said = findings_of(error)[0]
    return time.perf_counter() - start, time.process_time() - cpu, said


def bench_records() -> dict[str, tuple[float, float]]:
    """Seconds (clock, CPU) to score or refuse each hostile record, by name;
    the best of three, as with :mod:`timeit`."""
    results = {}
    for name, text in hostile_records().items():
        runs = [check_time(text) for _ in range(3)]
        results[name] = (
            round(min(run[0] for run in runs), 4),
            round(min(run[1] for run in runs), 4),
        )
    return results


def bench_command(args: Any) -> int:
    """Print the figures as a table, or as JSON with ``--json``."""
    if args.records:
        return _records_command(args)
    results = bench(args.seconds)
    if args.json:
        print(json.dumps(results))
        return 0
    width = max(len(key) for key in results)
    print(f"{'variant/players':<{width}}  rounds a second")
    for key, value in results.items():
        print(f"{key:<{width}}  {value:>12,.0f}")
    return 0


def _records_command(args: Any) -> int:
    results = bench_records()
    worst = max(results, key=lambda name: results[name][1])
    if args.json:
        print(json.dumps({"seconds": results, "worst": worst}))
        return 0
    width = max(len(key) for key in results)
    print(f"{'hostile record of 1 MiB':<{width}}  seconds  CPU seconds")
    for key, (clock, cpu) in results.items():
        print(f"{key:<{width}}  {clock:7.3f}  {cpu:11.3f}")
    clock, cpu = results[worst]
    print(f"worst: {worst}, {cpu:.3f} s of CPU ({clock:.3f} s on the clock)")
    return 0
