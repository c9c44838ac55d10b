"""The benchmark machinery keeps working: a tiny ``bench.run --quick`` in a
subprocess (gunicorn on 127.0.0.1, its own SQLite file), about 15 s."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIGURES = {
    "card_entry_p95_ms",
    "round_end_card_p95_ms",
    "standings_p95_ms",
    "queries_per_card_entry",
    "queries_per_standings",
    "queries_per_poll_304",
    "round_page_bytes_compressed",
    "card_answer_bytes_gzip",
    "group_page_p95_ms",
    "group_page_first_ms",
    "queries_per_group_page",
    "group_file_refusal_ms",
}


def test_quick_bench_writes_every_figure(tmp_path: Path) -> None:
    # Two runs, as `make bench` makes three: every run serves the database
    # the process seeded (a second run once met a database without tables).
    output = tmp_path / "BENCH.json"
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    result = subprocess.run(
        [sys.executable, "-m", "bench.run", "--quick", "--runs", "2", "--output", str(output)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )

    assert result.returncode == 0, result.stdout + result.stderr
    figures = json.loads(output.read_text())
    assert set(figures) == FIGURES
    assert figures["queries_per_card_entry"]["1"] > 0
    assert figures["queries_per_poll_304"]["1"] == 1
    assert 200 < figures["card_answer_bytes_gzip"] < 20_000
    assert figures["round_end_card_p95_ms"]["1"] > 0
    assert figures["group_page_p95_ms"]["12"] > 0
    assert figures["group_file_refusal_ms"] > 0


def test_best_of_keeps_each_figures_best_run() -> None:
    from bench.run import best_of

    runs = [
        {"card_entry_p95_ms": {"1": 14.0, "100": 9.0}, "round_page_bytes_compressed": 30_100},
        {"card_entry_p95_ms": {"1": 12.5, "100": 9.5}, "round_page_bytes_compressed": 30_000},
        {"card_entry_p95_ms": {"1": 16.0, "100": 8.0}, "round_page_bytes_compressed": 30_200},
    ]

    assert best_of(runs) == {
        "card_entry_p95_ms": {"1": 12.5, "100": 8.0},
        "round_page_bytes_compressed": 30_000,
    }


def test_missed_targets_are_named() -> None:
    from bench.run import missed

    figures = {
        "queries_per_card_entry": {"1": 8, "100": 8},
        "queries_per_standings": {"1": 5, "100": 5},
        "queries_per_poll_304": {"1": 1, "100": 1},
        "card_entry_p95_ms": {"1": 12.0, "100": 17.5},
        "standings_p95_ms": {"1": 9.0, "100": 20.0},
        "round_page_bytes_compressed": 20_000,
        "card_answer_bytes_gzip": 2_500,
        "group_page_p95_ms": {"500": 61.5},
    }

    assert missed(figures) == [
        "card entry p95 <= 15 ms at every history: {'1': 12.0, '100': 17.5} ms",
        "a card's answer <= 2 KB gzipped: 2500 B",
        "group page p95 <= 50 ms: {'500': 61.5} ms",
    ]


def test_load_plays_tables_and_finds_every_card_stored(tmp_path: Path) -> None:
    # One short step of 4 tables on SQLite, no warm-up (about 10 s): phones
    # enter cards, viewers poll, and the cards are read back from the database.
    output = tmp_path / "BENCH.json"
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    command = [sys.executable, "-m", "bench.load", "--database", "sqlite", "--start", "4",
               "--steps", "1", "--window", "5", "--ramp", "1", "--history", "1", "--warm-up", "0",
               "--output", str(output)]  # fmt: skip
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=180)

    assert result.returncode == 0, result.stdout + result.stderr
    figures = json.loads(output.read_text())
    assert set(figures["tables_held_on_one_core"]) == {"sqlite"}
    (step,) = figures["tables_held_on_one_core_detail"]["sqlite"]["steps"]
    assert step["tables"] == 4
    assert step["cards_entered"] >= 4
    assert step["requests"]["card"] >= 4
    assert step["requests"]["poll_200"] + step["requests"].get("poll_304", 0) >= 8
    assert step["errors"] == 0
    assert step["lost_cards"] == 0
    slowest = step["slowest"]
    assert len(slowest) == 10 and [one["ms"] for one in slowest] == sorted(
        (one["ms"] for one in slowest), reverse=True
    )
    # sent within the window of 5 s (rounded to 10 ms: 4.996 s reads 5.0)
    assert all(0 <= one["at_s"] <= 5 and one["bytes"] >= 0 for one in slowest)
    assert "tables held on one core" in result.stdout


def test_load_grows_while_held_then_bisects() -> None:
    from bench.load import next_count, result

    steps = [
        {"tables": 100, "held": True, "card_p95_ms": 9.0, "poll_p95_ms": 8.0,
         "generator_late_p95_ms": 1.0, "why_not": []},
        {"tables": 150, "held": True, "card_p95_ms": 20.0, "poll_p95_ms": 15.0,
         "generator_late_p95_ms": 1.0, "why_not": []},
        {"tables": 225, "held": False, "card_p95_ms": 80.0, "poll_p95_ms": 60.0,
         "generator_late_p95_ms": 1.0, "why_not": ["card p95 80.0 ms", "poll p95 60.0 ms"]},
    ]  # fmt: skip

    assert next_count(steps[:1]) == 150
    assert next_count(steps) == 187
    found = result(steps)
    assert found["tables"] == 150
    assert found["held"]["card_p95_ms"] == 20.0
    assert found["not_held"]["tables"] == 225
    assert found["not_held"]["why_not"] == ["card p95 80.0 ms", "poll p95 60.0 ms"]


def test_load_of_seat_phones_enters_each_card_from_its_player_s_seat(tmp_path: Path) -> None:
    # One short step of 3 tables of four seat phones and a viewer, as make
    # load-seats runs it (the events server beside the app): each card goes
    # through the seat link of the player the engine asks for (any other
    # seat's card would be refused: an error), the other phones are told and
    # fetch the round, and every card is read back from the database.
    output = tmp_path / "BENCH.json"
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    command = [sys.executable, "-m", "bench.load", "--database", "sqlite", "--start", "3",
               "--steps", "1", "--window", "8", "--ramp", "1", "--history", "1", "--warm-up", "0",
               "--seats", "--push", "--output", str(output)]  # fmt: skip
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=180)

    assert result.returncode == 0, result.stdout + result.stderr
    figures = json.loads(output.read_text())
    assert "tables_held_on_one_core" not in figures
    assert set(figures["tables_held_on_one_core_seats"]) == {"sqlite"}
    (step,) = figures["tables_held_on_one_core_seats_detail"]["sqlite"]["steps"]
    assert step["tables"] == 3
    assert step["cards_entered"] >= 3
    # each card's answer is pushed to the three other seats, which fetch nothing
    # (one may be told too late in the window to be counted)
    assert step["answers_pushed"] >= 2 * step["cards_entered"]
    # and how long each took to get there, from the card sent
    assert step["told"] >= step["cards_entered"]
    assert 0 < step["told_p50_ms"] <= step["told_p95_ms"] < 5000
    assert step["errors"] == 0
    assert step["lost_cards"] == 0
    assert "tables of four seat phones and a viewer held on one core" in result.stdout


def test_a_step_keeps_its_slowest_answers_with_when_they_were_sent() -> None:
    from bench.client import Reply
    from bench.tables import SLOWEST, Step

    step = Step(tables=1, start=100.0, end=120.0)
    for n in range(SLOWEST + 5):
        step.note("card", 100.0 + n, Reply(200, {}, b"x" * n, "", float(n), None))
    step.note("poll_200", 120.0, Reply(200, {}, b"", "", 999.0, None))  # after the window
    step.note("page", 99.0, Reply(200, {}, b"", "", 999.0, None))  # before it

    slowest = step.summary()["slowest"]

    assert [one["ms"] for one in slowest] == [float(n) for n in range(14, 4, -1)]
    assert slowest[0] == {"kind": "card", "ms": 14.0, "at_s": 14.0, "bytes": 14}


def test_the_servers_cpu_counts_its_workers() -> None:
    """gunicorn's workers are the arbiter's children: their CPU is the
    server's (it read 0% of the core before)."""
    from bench.tables import cpu_seconds

    burn = (
        "import time\nt = time.process_time()\n"
        "while time.process_time() - t < 0.5: pass\ntime.sleep(30)"
    )
    before = cpu_seconds(os.getpid())
    worker = subprocess.Popen([sys.executable, "-c", burn])
    try:
        deadline = time.monotonic() + 10
        while cpu_seconds(os.getpid()) - before < 0.5 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert cpu_seconds(os.getpid()) - before >= 0.5
    finally:
        worker.kill()
        worker.wait()


def marked(mark: str) -> dict[int, str]:
    """The processes whose environment holds ``mark``: their command lines."""
    found = {}
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and mark.encode() in (entry / "environ").read_bytes():
                command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
                found[int(entry.name)] = command
        except OSError:  # gone meanwhile, or not ours to read
            continue
    return found


@pytest.mark.parametrize(
    ("signalled", "after"), [("the load", 0.0), ("the load and its child", 4.0)]
)
def test_sigterm_stops_the_load_and_the_servers_it_started(signalled: str, after: float) -> None:
    """``make load`` told to stop (SIGTERM, to it alone while its server
    starts, or as ``pkill`` sends it to both its processes while tables
    play) stops the servers it started on its way out."""
    mark = f"IMP_LOAD_MARK={os.getpid()}-{time.monotonic_ns()}"
    env = {**os.environ, "IMP_LOAD_MARK": mark.split("=")[1]}
    command = [sys.executable, "-m", "bench.load", "--database", "sqlite", "--start", "2",
               "--steps", "1", "--window", "60", "--ramp", "1", "--history", "1",
               "--warm-up", "0", "--no-write"]  # fmt: skip
    load = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while not any("gunicorn" in line for line in marked(mark).values()):
            assert time.monotonic() < deadline, "no server started"
            assert load.poll() is None, "the load ended"
            time.sleep(0.2)
        time.sleep(after)
        if signalled == "the load":
            load.send_signal(signal.SIGTERM)
        else:
            for pid, line in marked(mark).items():
                if "bench.load" in line:
                    os.kill(pid, signal.SIGTERM)
        assert load.wait(timeout=60) == 128 + signal.SIGTERM
        deadline = time.monotonic() + 20
        while marked(mark) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert marked(mark) == {}
    finally:
        load.kill()
        for pid in marked(mark):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


def test_a_step_without_polls_is_judged_on_its_cards() -> None:
    """Seat phones told of every change by the events server may not poll
    in a window at all: no poll was slow, and the cards still count."""
    from bench.client import Reply
    from bench.tables import Step

    quick, held_up = Step(tables=1, start=0.0, end=10.0), Step(tables=1, start=0.0, end=10.0)
    for n in range(20):
        quick.note("card", float(n) / 2, Reply(200, {}, b"", "", 12.0, None))
        held_up.note("card", float(n) / 2, Reply(200, {}, b"", "", 60.0, None))

    assert (quick.summary()["poll_p95_ms"], quick.summary()["held"]) == (None, True)
    assert held_up.failures() == ["card p95 60.0 ms"]
    assert Step(tables=1, start=0.0, end=10.0).failures() == ["no card was entered"]


def test_a_step_whose_cards_reach_the_other_phones_late_is_not_held() -> None:
    """Quick answers to the tapping phone do not hold a number of tables
    whose cards reach the other seats' phones late (the events server runs
    below the app's priority: it could be starved)."""
    from bench.client import Reply
    from bench.tables import TOLD_LIMIT_MS, Step

    step = Step(tables=1, start=0.0, end=10.0)
    for n in range(20):
        step.note("card", float(n) / 2, Reply(200, {}, b"", "", 12.0, None))
    step.told_ms = [120.0] * 18 + [TOLD_LIMIT_MS] * 2
    assert step.failures() == []

    step.told_ms = [120.0] * 18 + [TOLD_LIMIT_MS + 1] * 2
    assert step.failures() == [
        f"cards reached the other seats' phones in {TOLD_LIMIT_MS + 1} ms (p95)"
    ]
    assert (step.summary()["told_p50_ms"], step.summary()["told"]) == (120.0, 20)
