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
    "trick_entry_p95_ms",
    "standings_p95_ms",
    "queries_per_trick_entry",
    "queries_per_standings",
    "throughput_ratio_vs_bare",
    "round_page_bytes_compressed",
    "card_partial_bytes",
}


def test_quick_bench_writes_every_figure(tmp_path: Path) -> None:
    output = tmp_path / "BENCH.json"
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    result = subprocess.run(
        [sys.executable, "-m", "bench.run", "--quick", "--output", str(output)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert result.returncode == 0, result.stdout + result.stderr
    figures = json.loads(output.read_text())
    assert set(figures) == FIGURES
    assert figures["queries_per_trick_entry"]["1"] > 0
    assert figures["card_partial_bytes"] > 0
    assert figures["throughput_ratio_vs_bare"]["poll_304"] > 0
