"""How long a learner waits for an analyzer drill's question: kept searches against searching.

For each searched kind (``lessons.searched``), seeds ``0..N-1`` (default 16): the CPU seconds of
``generate`` plus ``solve`` (what the Learn page runs to show a question and judge it) with the
kept searches, and with every search made afresh (``searching()``), each from cold caches (the
analyzer's memo of its valuations cleared too).
Prints the median, the 90th percentile and the largest of each::

    python -m bench drill_wait [--seeds 16] [--kinds name_suit,stick_dealer]
"""

from __future__ import annotations

import argparse
import statistics
import time

from engine.analysis.advice import value_bids
from lessons import searched
from lessons.exercises import forget_searches, generate, solve


def cost(kind: str, seed: int) -> float:
    """CPU seconds of one question shown and judged, from cold caches."""
    forget_searches()
    value_bids.cache_clear()
    start = time.process_time()
    solve(generate(kind, seed, {}))
    return time.process_time() - start


def figures(times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[max(0, -(-9 * len(ordered) // 10) - 1)]
    return f"median {statistics.median(ordered):5.2f}  p90 {p90:5.2f}  max {ordered[-1]:5.2f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench drill_wait", description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=16, help="seeds 0..N-1 of each kind (N at most 64)")
    parser.add_argument("--kinds", help="comma-separated kinds (default: every searched kind)")
    args = parser.parse_args(argv)
    kinds = args.kinds.split(",") if args.kinds else list(searched.SEARCHED_KINDS)
    cost("left_bower", 0)  # imports and the compiled code loaded outside the figures
    cost("bid", searched.QUICK_SEEDS)
    print(f"CPU seconds a question (generate + solve), seeds 0-{args.seeds - 1}, cold caches")
    for kind in kinds:
        kept = [cost(kind, seed) for seed in range(args.seeds)]
        with searched.searching():
            fresh = [cost(kind, seed) for seed in range(args.seeds)]
        print(f"{kind:13} kept:      {figures(kept)}", flush=True)
        print(f"{'':13} searching: {figures(fresh)}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
