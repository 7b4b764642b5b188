"""Expert player timings: per play decision (target <= 150 ms) and per bidding decision (<= 1 s).

    python -m bench expert_bench [--hands 20]

Plays whole hands with the expert in every seat and prints mean / median / p95 / max.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Sequence

from engine.analysis.finish import warm_up
from engine.compiled.deal_loop import warm_up as warm_up_fast
from engine.core.hand import Phase, apply, deal
from engine.core.rules import Rules
from engine.core.view import view_of
from engine.search.expert import ExpertPlayer


def show(name: str, xs: list[float], cpu: list[float]) -> None:
    xs = sorted(xs)
    cpu = sorted(cpu)
    print(
        f"{name}: n={len(xs)} wall mean {1000 * statistics.mean(xs):.0f} ms, median {1000 * statistics.median(xs):.0f} ms, "
        f"p95 {1000 * xs[int(0.95 * (len(xs) - 1))]:.0f} ms, max {1000 * xs[-1]:.0f} ms; "
        f"CPU p95 {1000 * cpu[int(0.95 * (len(cpu) - 1))]:.0f} ms (both threads; other processes on the machine "
        "do not count)"
    )


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench expert_bench")
    p.add_argument("--hands", type=int, default=20)
    args = p.parse_args(argv)
    warm_up()
    warm_up_fast()
    expert = ExpertPlayer()
    rng = random.Random(1)
    bids: list[float] = []
    plays: list[float] = []
    bids_cpu: list[float] = []
    plays_cpu: list[float] = []
    for h in range(args.hands):
        st = deal(Rules(), h % 4, rng)
        while not st.is_over:
            view = view_of(st, st.to_act)  # type: ignore[arg-type]
            t = time.perf_counter()
            c = time.process_time()
            action = expert.decide(view, rng).action
            dt = time.perf_counter() - t
            dc = time.process_time() - c
            if len(view.legal) > 1:
                bidding = st.phase in (Phase.BID1, Phase.BID2, Phase.NAME)
                (bids if bidding else plays).append(dt)
                (bids_cpu if bidding else plays_cpu).append(dc)
            st = apply(st, action)
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; budgets: {expert}")
    show("bidding decisions", bids, bids_cpu)
    show("play/discard decisions", plays, plays_cpu)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
