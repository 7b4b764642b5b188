"""Benchmark of the double-dummy solver: prints its figures (no assertions).

Positions: full four-player deals (24 cards, no joker) at the opening lead, trump
fixed (a random seat orders up a random upcard; the dealer discards at random).

    python -m bench solver_bench [--deals 2000] [--seed 1]

Figures: the numba warm-up of a fresh process (import + load of the on-disk cache, or a
compile when the cache is cold), then per solve: mean / median / max time and nodes for
the jitted core on encoded positions, for ``makers_tricks(state)`` (encoding included),
for ``solve(state)`` (a value for every legal card) and for one ``solve_encoded`` batch.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from engine.core.hand import HandState, Phase, apply, deal, legal_actions
from engine.core.rules import Rules

ROOT = Path(__file__).resolve().parents[1]  # the checkout: the subprocesses run from it

WARMUP = """
import time
t0 = time.perf_counter()
import numpy as np
from engine.compiled import solver
from engine.compiled import solver_core
t1 = time.perf_counter()
h = np.array([1, 2, 4, 8], dtype=np.int64); t = np.zeros(4, dtype=np.int64)
tt = solver_core.new_table()
solver_core.search((h, 4, 5, 0, t, 0, 1), -1, 2, tt)
oc = np.zeros(16, dtype=np.int64); ov = np.zeros(16, dtype=np.int64)
solver_core.card_values((h, 4, 5, 0, t, 0, 1), tt, oc, ov)
one = np.array([1])
solver_core.solve_batch(h.reshape(1, 4), one * 4, one * 5, one * 0, t.reshape(1, 4), one * 0, one,
                     one * -1, one * 2, tt)
t2 = time.perf_counter()
print(f"{t1 - t0:.3f} {t2 - t1:.3f}")
"""


def opening_lead(rng: random.Random) -> HandState:
    rules = Rules()
    state = deal(rules, rng.randrange(4), rng)
    orderer = rng.randrange(4)
    while state.to_act != orderer:
        state = apply(state, "pass")
    state = apply(state, "order")
    state = apply(state, rng.choice(legal_actions(state)))
    assert state.phase is Phase.PLAY
    return state


def fresh_process_warmup() -> tuple[float, float]:
    out = subprocess.run([sys.executable, "-c", WARMUP], cwd=ROOT, capture_output=True, text=True, check=True)
    imp, first = out.stdout.split()
    return float(imp), float(first)


def describe(name: str, seconds: list[float], nodes: list[int] | None = None) -> None:
    ms = [s * 1000 for s in seconds]
    line = (
        f"{name:34} mean {statistics.fmean(ms):7.4f} ms  median {statistics.median(ms):7.4f} ms"
        f"  max {max(ms):7.3f} ms"
    )
    if nodes:
        line += f"  nodes mean {statistics.fmean(nodes):7.0f} median {statistics.median(nodes):6.0f} max {max(nodes)}"
    print(line)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench solver_bench", description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    imp, first = fresh_process_warmup()
    print(
        f"fresh process: import engine.compiled.solver {imp:.3f} s, first calls (cache load/compile) {first:.3f} s"
    )

    from engine.compiled import solver, solver_core

    rng = random.Random(args.seed)
    states = [opening_lead(rng) for _ in range(args.deals)]
    encoded = [solver.encode(s) for s in states]
    solver.solve_many(states[:5])  # warm this process
    solver.solve(states[0])
    tt = solver_core.new_table()
    scratch = tt[4]

    core_times, core_nodes = [], []
    for e in encoded:
        position = solver.core_position(e)
        before = int(scratch[1])
        t0 = time.perf_counter()
        solver_core.search(position, -1, e.tricks_left + 1, tt)
        core_times.append(time.perf_counter() - t0)
        core_nodes.append(int(scratch[1]) - before)

    value_times = []
    for s in states:
        t0 = time.perf_counter()
        solver.makers_tricks(s)
        value_times.append(time.perf_counter() - t0)

    card_times, card_nodes = [], []
    for s in states:
        before = solver.nodes_searched()
        t0 = time.perf_counter()
        solver.solve(s)
        card_times.append(time.perf_counter() - t0)
        card_nodes.append(solver.nodes_searched() - before)

    reach_times = []
    for s in states:
        t0 = time.perf_counter()
        solver.makers_reach(s, 3)
        reach_times.append(time.perf_counter() - t0)

    t0 = time.perf_counter()
    solver.solve_encoded(encoded)
    batch = time.perf_counter() - t0

    t0 = time.perf_counter()
    solver.reach_encoded(encoded, 3)
    reach_batch = time.perf_counter() - t0

    print(f"{args.deals} four-player deals from the opening lead, trump fixed:")
    describe("core search (encoded)", core_times, core_nodes)
    describe("makers_tricks(state)", value_times)
    describe("makers_reach(state, 3)", reach_times)
    describe("solve(state), every card", card_times, card_nodes)
    print(f"{'solve_encoded batch':34} mean {batch * 1000 / args.deals:7.4f} ms per deal")
    print(f"{'reach_encoded(batch, 3)':34} mean {reach_batch * 1000 / args.deals:7.4f} ms per deal")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
