"""The average value of a hand at each seat, the baseline of the practice table's luck figure.

    python -m bench luck_baseline [--deals 800] [--seed 1] [--workers 2] [--write]

For each seat counted from the dealer (first, second, third, dealer), ``--deals`` seeded deals
under the default rules (deal ``i`` of a seat uses ``random.Random(seed * 1_000_003 + i)``, the
dealer North). The seats before the seat bid as people do (the people table's player, the
analyzer's own model of them); a deal where one of them orders up gives the seat no round-1
decision and is left out, as the luck figure leaves such a hand out. At the seat's decision the
hand's value is ``practice.skill.hand_value``: the analyzer's expected net points of the best bid.
Prints each seat's mean with its 95% interval, the deals used and left out, and the seconds taken;
``--write`` stores them in practice/luck_baseline.json (docs/research/skill-figure.md).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from bench.base_tree import head_commit
from engine.analysis.tables import DEFAULT_TABLE, table_for
from engine.core.hand import Phase, deal
from engine.core.rules import Rules
from engine.core.stats import mean_interval
from engine.core.view import view_of
from practice.skill import BASELINE_FILE, POSITIONS, hand_value

DEALER = 2  # North deals; the seats are counted from its left


def one_deal(position: int, seed: int, index: int) -> float | None:
    """The hand value at ``position`` (0 first .. 3 dealer) in one seeded deal; None when a seat
    before it ordered up."""
    rules = Rules()
    rng = random.Random(seed * 1_000_003 + index)
    state = deal(rules, DEALER, rng)
    seat = (DEALER + 1 + position) % 4
    people = table_for(DEFAULT_TABLE, rules).player()
    while state.to_act != seat:
        if state.phase is not Phase.BID1:
            return None
        who = state.to_act
        assert who is not None
        state = state.apply(people.decide(view_of(state, who), rng).action)
    if state.phase is not Phase.BID1:
        return None
    return hand_value(state, seat)


def _chunk(args: tuple[int, int, range]) -> list[float | None]:
    position, seed, indices = args
    return [one_deal(position, seed, i) for i in indices]


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench luck_baseline")
    p.add_argument("--deals", type=int, default=800, help="deals per seat (default 800)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--write", action="store_true", help="store the figures in practice/luck_baseline.json")
    args = p.parse_args(argv)
    start = time.perf_counter()
    by_position: dict[str, dict[str, float | int]] = {}
    step = max(1, args.deals // (4 * args.workers))
    with ProcessPoolExecutor(args.workers) as pool:
        for position, name in enumerate(POSITIONS):
            chunks = [
                (position, args.seed, range(i, min(i + step, args.deals))) for i in range(0, args.deals, step)
            ]
            values = [v for part in pool.map(_chunk, chunks) for v in part]
            used = [v for v in values if v is not None]
            interval = mean_interval(used)
            by_position[name] = {
                "mean": round(interval.mean, 4),
                "low": round(interval.low, 4),
                "high": round(interval.high, 4),
                "deals": len(used),
                "left_out": len(values) - len(used),
            }
            print(
                f"{name:>6}: {interval.shown(3)} points over {len(used)} deals "
                f"({len(values) - len(used)} left out: a seat before ordered up)",
                flush=True,
            )
    seconds = time.perf_counter() - start
    print(f"{seconds:.0f} s")
    if args.write:
        out = {
            "about": "the average hand value (practice.skill.hand_value) by seat counted from the dealer, "
            "when the seats before passed as people do; default rules",
            "made_by": f"python -m bench luck_baseline --deals {args.deals} --seed {args.seed} --write",
            "commit": head_commit(),
            "seconds": round(seconds),
            "by_position": by_position,
        }
        BASELINE_FILE.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {BASELINE_FILE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
