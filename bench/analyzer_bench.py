"""Analyzer figures: time to know every option's points to ±0.05, and recommendation stability.

    python bench/analyzer_bench.py [--situations 100] [--stability 200]

1. Precision: for random round-1 situations (random seat, hand, upcard), run the
   analysis with stop="precision" (every option's 95% half-width <= 0.05) and a 1 s
   budget; print the distribution of the half-width reached at 1 s, deals/s, and
   how often ±0.05 was reached. Realistic (club) play-outs only, and with the
   solver ceiling alongside.
2. Stability: over random situations, the default analysis (1 s, stop when
   separated) with 3 seeds; count disagreements among situations whose top two
   options differ by more than 0.1 points.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.actions import PASS  # noqa: E402
from engine.analysis.bidding import analyze  # noqa: E402
from engine.analysis.playout import warm_up  # noqa: E402
from engine.hand import apply, deal  # noqa: E402
from engine.rules import Rules  # noqa: E402
from engine.view import view_of  # noqa: E402


def situation(rng: random.Random):  # type: ignore[no-untyped-def]
    rules = Rules()
    st = deal(rules, rng.randrange(4), rng)
    for _ in range(rng.randrange(4)):
        st = apply(st, PASS)
    return view_of(st, st.to_act)  # type: ignore[arg-type]


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def precision(n: int, ceiling: bool) -> None:
    rng = random.Random(1)
    widths, rates, hit = [], [], 0
    for _ in range(n):
        view = situation(rng)
        a = analyze(view, random.Random(2), time_budget=1.0, stop="precision", half_width=0.05, ceiling=ceiling)
        w = max((o.realistic.ev_ci[1] - o.realistic.ev_ci[0]) / 2 for o in a.options)
        widths.append(w)
        rates.append(a.n / a.seconds)
        hit += a.stop_reason == "precision"
    print(f"ceiling={ceiling}: {n} situations, 1 s budget")
    print(f"  worst option's 95% half-width at stop: median {statistics.median(widths):.3f}, "
          f"p10 {pct(widths, 0.1):.3f}, p90 {pct(widths, 0.9):.3f}, max {max(widths):.3f}")
    print(f"  deals/s: median {statistics.median(rates):.0f} (min {min(rates):.0f}, max {max(rates):.0f})")
    print(f"  reached ±0.05 within 1 s: {hit}/{n}")


def stability(n: int) -> None:
    rng = random.Random(3)
    decided = agree = 0
    for _ in range(n):
        view = situation(rng)
        runs = [analyze(view, random.Random(seed), time_budget=1.0) for seed in (11, 12, 13)]
        if all(abs(r.margin) > 0.1 for r in runs):
            decided += 1
            agree += len({r.recommendation for r in runs}) == 1
    print(f"stability: {n} situations, {decided} with margin > 0.1 in all 3 seeds; same recommendation in {agree}/{decided}")


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--situations", type=int, default=100)
    p.add_argument("--stability", type=int, default=200)
    args = p.parse_args()
    warm_up()
    precision(args.situations, ceiling=False)
    precision(args.situations, ceiling=True)
    stability(args.stability)


if __name__ == "__main__":
    main()
