"""What a cell's deals add up to: each option's mean with its 95% interval, and the best option.

One computation behind both the study's rows (``engine.study.charts.value_cell``, over the
points of each deal) and the score views read from them (``engine.study.chart_table.at_score``,
over each result's chance to win the game, weighted by how often it came up).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

Z95 = 1.96
Interval = tuple[float, float, float]  # mean, low, high


def mean_interval(counts: Iterable[tuple[float, int]]) -> Interval:
    """The mean of values given with how many times each came up, and its 95% interval (NaN
    bounds with fewer than two values, all NaN with none)."""
    pairs = list(counts)
    n = sum(k for _, k in pairs)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = math.fsum(v * k for v, k in pairs) / n
    if n < 2:
        return mean, math.nan, math.nan
    var = math.fsum(k * (v - mean) ** 2 for v, k in pairs) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def best_and_close(stats: Mapping[str, Interval]) -> tuple[str, bool]:
    """The option with the highest mean (ties: the first given) and whether it is a close call:
    its interval overlaps another option's, or an interval is not known."""
    best = max(stats, key=lambda name: stats[name][0])
    lo = stats[best][1]
    close = not math.isfinite(lo) or any(
        not math.isfinite(hi) or hi >= lo for name, (_, _, hi) in stats.items() if name != best)
    return best, close


__all__ = ["Z95", "Interval", "best_and_close", "mean_interval"]
