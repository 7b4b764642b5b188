"""Analyzer figures: how well every option is known at a 1 s budget, and recommendation stability.

    python -m bench analyzer_bench [--situations 100] [--stability 200] [--stability-time 1.0]
                                   [--max-samples 100000] [--skip-compile]

0. Compile time of the numba code (the Club port, the deal loop, the solver core), in a
   fresh process: with an empty cache (NUMBA_CACHE_DIR in a temporary folder) and with
   the project's warm cache (``cache=True``). Not charged to any analysis below.
1. Precision: random round-1 situations (random dealer, 0-3 passes before the seat to
   act; 3 options, 7 for a dealer with three side suits), each analysed with
   stop="precision" (every option's 95% half-width <= 0.05) and a 1 s budget; the
   distribution of the worst option's half-width at stop (median, p10, p90, max),
   deals/s, and how many situations reached ±0.05 within 1 s. Realistic (club-level)
   play-outs only, then with the solver ceiling alongside (the default analysis).
2. Stability: random round-1 situations, the default analysis (stop when the best is
   separated and every option is known to ±0.05, ceiling on) with 3 seeds and
   ``--stability-time`` per analysis; among situations whose top two options differ
   by more than 0.1 points in all 3 runs, how often the recommendation is the same.
3. The robust analysis the page and the CLI run (four tables: people drive, sound, cautious and eager
   valued too): seconds per situation.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from engine.analysis.bidding import Analysis, analyze
from engine.analysis.finish import warm_up
from engine.analysis.robust import analyze_robust
from engine.compiled.deal_loop import warm_up as warm_up_fast
from engine.core.actions import PASS
from engine.core.hand import apply, deal
from engine.core.rules import Rules
from engine.core.view import SeatView, view_of

ROOT = Path(__file__).resolve().parents[1]  # the checkout: the subprocesses run from it

COMPILE = (
    "import time; t = time.perf_counter(); "
    "from engine.compiled.deal_loop import warm_up; from engine.analysis.finish import warm_up as w2; "
    "warm_up(); w2(); print(time.perf_counter() - t)"
)


def situation(rng: random.Random) -> SeatView:
    rules = Rules()
    st = deal(rules, rng.randrange(4), rng)
    for _ in range(rng.randrange(4)):
        st = apply(st, PASS)
    assert st.to_act is not None
    return view_of(st, st.to_act)


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def compile_times() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with tempfile.TemporaryDirectory() as cold:
        runs = []
        for label, extra in (("empty cache (compile)", {"NUMBA_CACHE_DIR": cold}), ("warm cache (load)", {})):
            out = subprocess.run(
                [sys.executable, "-c", COMPILE],
                env={**env, **extra},
                cwd=ROOT,
                capture_output=True,
                text=True,
                check=True,
            )
            runs.append(f"{label} {float(out.stdout.strip()):.1f} s")
    print("numba start-up (fresh process, imports included): " + "; ".join(runs))


def worst_half_width(a: Analysis) -> float:
    return max((o.realistic.ev_ci[1] - o.realistic.ev_ci[0]) / 2 for o in a.options)


def precision(n: int, ceiling: bool, max_samples: int) -> None:
    rng = random.Random(1)
    widths, rates, deals, options, cpu_rates, cpu_to_target = [], [], [], [], [], []
    hit = 0
    for _ in range(n):
        view = situation(rng)
        cpu = time.process_time()
        a = analyze(
            view,
            random.Random(2),
            time_budget=1.0,
            stop="precision",
            half_width=0.05,
            ceiling=ceiling,
            max_samples=max_samples,
        )
        widths.append(worst_half_width(a))
        rates.append(a.n / a.seconds)
        used = time.process_time() - cpu
        cpu_rates.append(a.n / max(used, 1e-9))
        deals.append(a.n)
        options.append(len(a.options))
        if a.stop_reason == "precision":
            hit += 1
            cpu_to_target.append(used)
    print(f"ceiling={ceiling}: {n} situations, 1 s budget, stop at ±0.05 (max {max_samples} deals)")
    print(
        f"  worst option's 95% half-width at stop: median {statistics.median(widths):.3f}, "
        f"p10 {pct(widths, 0.1):.3f}, p90 {pct(widths, 0.9):.3f}, max {max(widths):.3f}"
    )
    print(
        f"  deals/s (every option played on each deal): median {statistics.median(rates):.0f} "
        f"(min {min(rates):.0f}, max {max(rates):.0f}); deals used: median {statistics.median(deals):.0f}, "
        f"max {max(deals)}"
    )
    print(f"  deals per CPU second (both threads counted): median {statistics.median(cpu_rates):.0f}")
    print(f"  reached ±0.05 within 1 s: {hit}/{n}")
    if cpu_to_target:
        print(
            f"  CPU seconds to reach ±0.05 (both threads, independent of other load): median "
            f"{statistics.median(cpu_to_target):.2f}, p90 {pct(cpu_to_target, 0.9):.2f}, max {max(cpu_to_target):.2f}"
        )


def stability(n: int, budget: float) -> None:
    if n <= 0:
        return
    rng = random.Random(3)
    decided = agree = 0
    seconds: list[float] = []
    for _ in range(n):
        view = situation(rng)
        runs = [
            analyze(view, random.Random(seed), time_budget=budget, max_samples=100_000)
            for seed in (11, 12, 13)
        ]
        seconds.extend(r.seconds for r in runs)
        if all(abs(r.margin) > 0.1 for r in runs):
            decided += 1
            agree += len({r.recommendation for r in runs}) == 1
    print(
        f"stability ({budget:g} s per analysis, default stop, ceiling on): {n} situations x 3 seeds; "
        f"{decided} with margin > 0.1 in all 3 seeds; same recommendation in {agree}/{decided}; "
        f"seconds per analysis median {statistics.median(seconds):.2f}, max {max(seconds):.2f}"
    )


def robust(n: int) -> None:
    """The analysis the page and the CLI run: the people table to ±0.05 (ceiling on) plus the
    sound, cautious and eager tables to ±0.1, default 1 s budget each."""
    if n <= 0:
        return
    rng = random.Random(4)
    seconds, close = [], 0
    for _ in range(n):
        view = situation(rng)
        t = time.perf_counter()
        r = analyze_robust(view, 2)
        seconds.append(time.perf_counter() - t)
        close += r.close_call
    print(
        f"robust analysis (four tables): {n} round-1 situations; seconds median {statistics.median(seconds):.2f}, "
        f"p90 {pct(seconds, 0.9):.2f}, max {max(seconds):.2f}; close calls {close}/{n}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench analyzer_bench")
    p.add_argument("--situations", type=int, default=100)
    p.add_argument("--stability", type=int, default=200)
    p.add_argument("--stability-time", dest="stability_time", type=float, default=1.0)
    p.add_argument("--max-samples", dest="max_samples", type=int, default=100_000)
    p.add_argument("--skip-compile", dest="skip_compile", action="store_true")
    p.add_argument("--robust", type=int, default=50, help="round-1 situations for the four-table timing")
    args = p.parse_args(argv)
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at start")
    if not args.skip_compile:
        compile_times()
    t = time.perf_counter()
    warm_up()
    warm_up_fast()
    print(f"this process: warm-up {time.perf_counter() - t:.1f} s")
    precision(args.situations, ceiling=False, max_samples=args.max_samples)
    precision(args.situations, ceiling=True, max_samples=args.max_samples)
    stability(args.stability, args.stability_time)
    robust(args.robust)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
