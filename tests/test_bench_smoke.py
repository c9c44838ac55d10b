"""The benchmark machinery keeps working: a tiny ``bench.run --quick`` in a
subprocess (gunicorn on 127.0.0.1, its own SQLite file), about 15 s."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIGURES = {
    "card_entry_p95_ms",
    "round_end_card_p95_ms",
    "standings_p95_ms",
    "queries_per_card_entry",
    "queries_per_standings",
    "queries_per_poll_304",
    "throughput_ratio_vs_bare",
    "round_page_bytes_compressed",
    "card_answer_bytes_gzip",
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
    assert figures["throughput_ratio_vs_bare"]["poll_304"] > 0


def test_best_of_keeps_each_figures_best_run() -> None:
    from bench.run import best_of

    runs = [
        {"card_entry_p95_ms": {"1": 14.0}, "throughput_ratio_vs_bare": {"card_entry": 0.19}},
        {"card_entry_p95_ms": {"1": 12.5}, "throughput_ratio_vs_bare": {"card_entry": 0.18}},
        {"card_entry_p95_ms": {"1": 16.0}, "throughput_ratio_vs_bare": {"card_entry": 0.21}},
    ]

    assert best_of(runs) == {
        "card_entry_p95_ms": {"1": 12.5},
        "throughput_ratio_vs_bare": {"card_entry": 0.21},
    }


def test_missed_targets_are_named() -> None:
    from bench.run import missed

    figures = {
        "queries_per_card_entry": {"1": 8, "100": 8},
        "queries_per_standings": {"1": 5, "100": 5},
        "queries_per_poll_304": {"1": 1, "100": 1},
        "card_entry_p95_ms": {"1": 12.0, "100": 17.5},
        "standings_p95_ms": {"1": 9.0, "100": 20.0},
        "throughput_ratio_vs_bare": {"card_entry": 0.25, "poll_304": 0.7},
        "round_page_bytes_compressed": 20_000,
        "card_answer_bytes_gzip": 2_500,
    }

    assert missed(figures) == [
        "card entry p95 <= 15 ms at every history: {'1': 12.0, '100': 17.5} ms",
        "a card's answer <= 2 KB gzipped: 2500 B",
    ]
