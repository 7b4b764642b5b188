"""How often does each 95% interval hold the true mean of points lost? The check behind the choice
of ``engine.core.stats.loss_interval`` for the Statistics view (docs/research/skill-figure.md).

    python -m bench loss_interval_check [--samples 2000] [--seed 1]

Points lost per decision are never below 0, mostly exactly 0 and now and then a point or two. Three
made-up populations of that shape, with a known mean:

- ``often``: 70% zeros, the rest exponential with mean 1 point (mean 0.30);
- ``skewed``: 50% zeros, the rest gamma with shape 0.5 and scale 1 (mean 0.25);
- ``rare``: 90% zeros, the rest uniform on 0.5 to 3 points (mean 0.175).

For each population and each count of decisions (``COUNTS``), ``--samples`` seeded samples; each
sample gets three intervals: the normal one (``mean_interval``, mean ± 1.96 s/√n), the log-scale
one (``loss_interval``) and a percentile bootstrap (1,000 resamples, the 2.5% and 97.5% points of
their means). Prints, per interval, how often it held the true mean among the samples where it is
known, the share where it was not known (fewer than two values or all equal), and how often its low
bound was below 0. Seeded (numpy's ``default_rng(seed)``): the same figures on every machine.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Sequence

import numpy as np

from engine.core.stats import Interval, loss_interval, mean_interval

COUNTS = (5, 10, 20, 50, 200)
RESAMPLES = 1000

Population = Callable[[np.random.Generator, int], np.ndarray]


def _often(rng: np.random.Generator, n: int) -> np.ndarray:
    return np.where(rng.random(n) < 0.7, 0.0, rng.exponential(1.0, n))


def _skewed(rng: np.random.Generator, n: int) -> np.ndarray:
    return np.where(rng.random(n) < 0.5, 0.0, rng.gamma(0.5, 1.0, n))


def _rare(rng: np.random.Generator, n: int) -> np.ndarray:
    return np.where(rng.random(n) < 0.9, 0.0, rng.uniform(0.5, 3.0, n))


POPULATIONS: dict[str, tuple[Population, float]] = {
    "often": (_often, 0.3),
    "skewed": (_skewed, 0.25),
    "rare": (_rare, 0.175),
}


def bootstrap(rng: np.random.Generator, values: np.ndarray) -> Interval:
    """The percentile bootstrap interval of the mean (``RESAMPLES`` resamples)."""
    means = values[rng.integers(0, values.size, (RESAMPLES, values.size))].mean(axis=1)
    low, high = np.quantile(means, [0.025, 0.975])
    if values.min() == values.max():
        return Interval(float(values.mean()), math.nan, math.nan)
    return Interval(float(values.mean()), float(low), float(high))


def tally(intervals: list[Interval], truth: float) -> tuple[float, float, float]:
    """(share holding the truth among the known ones, share not known, share with a bound below 0)."""
    known = [i for i in intervals if i.known]
    held = sum(i.low <= truth <= i.high for i in known)
    below = sum(i.low < 0 for i in known)
    n = len(intervals)
    return (held / len(known) if known else math.nan, 1 - len(known) / n, below / n)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench loss_interval_check")
    p.add_argument(
        "--samples", type=int, default=2000, help="samples per population and count (default 2000)"
    )
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    print("held: how often the interval held the true mean (when known); unknown: no interval; below 0: a")
    print("low bound below 0. Methods: normal (mean ± 1.96 s/√n), log scale (loss_interval), bootstrap.")
    for name, (population, truth) in POPULATIONS.items():
        for n in COUNTS:
            samples = [population(rng, n) for _ in range(args.samples)]
            rows = {
                "normal": tally([mean_interval(s) for s in samples], truth),
                "log scale": tally([loss_interval(s) for s in samples], truth),
                "bootstrap": tally([bootstrap(rng, s) for s in samples], truth),
            }
            cells = "  ".join(
                f"{method}: held {held:.3f} unknown {unknown:.3f} below 0 {below:.3f}"
                for method, (held, unknown, below) in rows.items()
            )
            print(f"{name:>6} n={n:<4} {cells}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
