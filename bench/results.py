"""BENCH.json at the repository root: bench keys and the load summary merged."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bench.server import ROOT

BENCH_JSON = ROOT / "BENCH.json"


def merge(update: dict[str, Any], path: Path = BENCH_JSON) -> dict[str, Any]:
    """Write ``update`` over the keys already in ``path``; keep the others."""
    data: dict[str, Any] = {}
    if path.exists():
        try:
            data = json.loads(path.read_text())
        except ValueError:
            data = {}
    data.update(update)
    path.write_text(json.dumps(data, indent=2, sort_keys=False) + "\n")
    return data
