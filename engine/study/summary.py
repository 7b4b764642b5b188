"""What a cell's deals add up to: each option's mean with its 95% interval, and the best option.

One computation behind both the study's rows (``engine.study.charts.value_cell``, over the
points of each deal) and the score views read from them (``engine.study.chart_table.at_score``,
over each result's chance to win the game, weighted by how often it came up).
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from engine.core.stats import Z95, Interval, counted_interval

# The mean of values given with how many times each came up, ``(value, count)``, and its 95%
# interval: engine.core.stats' one interval (NaN bounds with fewer than two values, all NaN with none).
mean_interval = counted_interval


def best_and_close(stats: Mapping[str, Interval]) -> tuple[str, bool]:
    """The option with the highest mean (ties: the first given) and whether it is a close call:
    its interval overlaps another option's, or an interval is not known."""
    best = max(stats, key=lambda name: stats[name][0])
    lo = stats[best][1]
    close = not math.isfinite(lo) or any(
        not math.isfinite(hi) or hi >= lo for name, (_, _, hi) in stats.items() if name != best
    )
    return best, close


__all__ = ["Z95", "Interval", "best_and_close", "mean_interval"]
