"""The one 95% interval for a mean that every figure of the project is printed with, and its
companion for a mean of losses (values never below 0).

``mean_interval(values)`` and ``counted_interval(counts)`` (each value with how many times it
came up) return an ``Interval``: the mean and the bounds of its 95% interval by the normal
approximation, ``mean ± Z95 · s / √n``, with ``s`` the *sample* standard deviation (divisor
``n - 1``) and ``Z95 = 1.96``.

Fewer than two values: one value says nothing of the spread, so the bounds are NaN (not a
number: every comparison with NaN is false, so nothing is ever "separated" on one deal), and
with no values the mean is NaN too. A caller that has to print numbers says what it shows
instead (the analyzer: 9 points either side, wider than any hand's result; the arena: every
value the figure can take).

The analyzer, the arena, the studies (call charts) and the bench scripts all use it.

``loss_interval(values)`` is its companion for a mean of values that cannot be negative (points
lost): the same 95% interval worked out on the log scale (the delta method), ``mean ÷ f`` to
``mean × f`` with ``f = exp(Z95 · (s / √n) / mean)``. Neither bound can go below 0, and the upper
one lies further from the mean than the lower, as the right skew of such values (mostly 0, now
and then a point or two) wants. Its bounds are not known with fewer than two values or when every
value is the same (no spread seen: "0 to 0" after three best moves would claim too much). On
seeded samples of such values (``python -m bench loss_interval_check``) it held the true mean 93-95%
of the time from 50 values and 88-96% from 20, where the normal interval held it 90% and 78-84%
and, from 20 values, put its low bound below 0 in up to three samples of four (docs/research/skill-figure.md).

>>> mean_interval([0.0, 2.0])  # s = √2, s / √2 = 1
Interval(mean=1.0, low=-0.96, high=2.96)
>>> counted_interval([(0.0, 1), (2.0, 1)]) == mean_interval([0.0, 2.0])
True
>>> mean_interval([3.0])
Interval(mean=3.0, low=nan, high=nan)
>>> [round(v, 4) for v in loss_interval([0.0, 1.0])]  # s / √n = 0.5 = the mean: f = e^1.96 = 7.0993
[0.5, 0.0704, 3.5497]
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import NamedTuple

import numpy as np

Z95 = 1.96  # the normal distribution's two-sided 95% quantile


class Interval(NamedTuple):
    """A mean and its 95% interval (``low``, ``high``; NaN when not known: fewer than two values)."""

    mean: float
    low: float
    high: float

    @property
    def known(self) -> bool:
        """Are the bounds known (two values or more)?"""
        return not (math.isnan(self.low) or math.isnan(self.high))

    def shown(self, digits: int = 3) -> str:
        """``+0.123 ± 0.045`` (``+0.123 ± ?`` when the bounds are not known)."""
        if not self.known:
            return f"{self.mean:+.{digits}f} ± ?"
        return f"{self.mean:+.{digits}f} ± {(self.high - self.low) / 2:.{digits}f}"


def _interval(n: int, mean: float, variance: float) -> Interval:
    """The rule itself: ``n`` values with this mean and sample variance."""
    if n < 2:
        return Interval(mean if n else math.nan, math.nan, math.nan)
    half = Z95 * math.sqrt(variance / n)
    return Interval(mean, mean - half, mean + half)


def mean_interval(values: Sequence[float] | np.ndarray) -> Interval:
    """The mean of ``values`` and its 95% interval (numpy's sums: a long array is quick)."""
    xs = np.asarray(values, dtype=np.float64)
    n = int(xs.size)
    if n == 0:
        return _interval(0, math.nan, math.nan)
    return _interval(n, float(xs.mean()), float(xs.var(ddof=1)) if n > 1 else math.nan)


def counted_interval(counts: Iterable[tuple[float, int]]) -> Interval:
    """The mean of values given with how many times each came up, ``(value, count)``, and its 95%
    interval: the same as ``mean_interval`` of the values written out (exact sums, math.fsum)."""
    pairs = list(counts)
    n = sum(k for _, k in pairs)
    if n == 0:
        return _interval(0, math.nan, math.nan)
    mean = math.fsum(v * k for v, k in pairs) / n
    variance = math.fsum(k * (v - mean) ** 2 for v, k in pairs) / (n - 1) if n > 1 else math.nan
    return _interval(n, mean, variance)


def loss_interval(values: Sequence[float] | np.ndarray) -> Interval:
    """The mean of ``values``, none below 0, and its 95% interval on the log scale (see the module
    docstring): never below 0; bounds not known (NaN) for fewer than two values or no spread.
    Raises ``ValueError`` for a negative value (the interval would not hold for it)."""
    xs = np.asarray(values, dtype=np.float64)
    n = int(xs.size)
    if n and float(xs.min()) < 0:
        raise ValueError(f"loss_interval takes values of 0 or more, not {float(xs.min())}")
    mean = float(xs.mean()) if n else math.nan
    spread = float(xs.std(ddof=1)) if n > 1 else 0.0
    if n < 2 or spread == 0.0 or mean <= 0.0:
        return Interval(mean, math.nan, math.nan)
    factor = math.exp(Z95 * spread / math.sqrt(n) / mean)
    return Interval(mean, mean / factor, mean * factor)


__all__ = ["Z95", "Interval", "counted_interval", "loss_interval", "mean_interval"]
