"""Percentiles and summaries of timings (nearest-rank, no interpolation)."""

from __future__ import annotations

import math
from collections.abc import Sequence


def percentile(values: Sequence[float], p: float) -> float:
    """The nearest-rank ``p``-th percentile (0 < p ≤ 100) of ``values``.

    >>> percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95)
    10
    >>> percentile([1, 2, 3, 4], 50)
    2
    """
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]


def summary(ms: Sequence[float]) -> dict[str, float]:
    """p50, p95 and max of timings in ms, rounded to 0.1 ms."""
    return {
        "n": len(ms),
        "p50": round(percentile(ms, 50), 1),
        "p95": round(percentile(ms, 95), 1),
        "max": round(max(ms), 1) if ms else float("nan"),
    }
