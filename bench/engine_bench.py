"""Random complete hands per second through the engine's public API, and where the time goes.

Each hand: ``deal`` with the default rules, then uniformly random legal actions
(``legal_actions`` + ``apply``) until the hand is over, all in one process.

    python -m bench engine_bench [--seconds 5] [--profile-hands 3000] [--top 15]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import time
from collections.abc import Sequence

from engine.core.hand import apply, deal, legal_actions
from engine.core.rules import Rules


def play_hands(count: int, rules: Rules, rng: random.Random) -> int:
    """Play ``count`` random complete hands; returns the number of actions taken."""
    actions = 0
    for i in range(count):
        state = deal(rules, i % rules.players, rng)
        while not state.is_over:
            state = apply(state, rng.choice(legal_actions(state)))
            actions += 1
    return actions


def measure(seconds: float, rules: Rules) -> tuple[int, int, float, float]:
    """Hands and actions played in about ``seconds`` of wall time, the wall time and the CPU time.

    On a shared machine the CPU-time rate is the steadier figure."""
    rng = random.Random(2024)
    play_hands(200, rules, rng)  # warm up
    hands = actions = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    while (elapsed := time.perf_counter() - start) < seconds:
        actions += play_hands(500, rules, rng)
        hands += 500
    return hands, actions, elapsed, time.process_time() - cpu_start


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench engine_bench", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="how long to time (default 5)")
    parser.add_argument("--profile-hands", type=int, default=3000, help="hands to profile (0: skip)")
    parser.add_argument("--top", type=int, default=15, help="profile entries to print")
    args = parser.parse_args(argv)
    rules = Rules()
    hands, actions, elapsed, cpu = measure(args.seconds, rules)
    print(f"rules: {rules.summary()}")
    print(
        f"{hands} random complete hands in {elapsed:.2f} s: {hands / elapsed:,.0f} hands/s, "
        f"{actions / elapsed:,.0f} actions/s ({actions / hands:.1f} actions per hand)"
    )
    print(f"per CPU second (this process): {hands / cpu:,.0f} hands/s")
    if args.profile_hands:
        profiler = cProfile.Profile()
        profiler.enable()
        play_hands(args.profile_hands, rules, random.Random(7))
        profiler.disable()
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(args.top)
        print(f"\nwhere the time goes ({args.profile_hands} hands under cProfile, by own time):")
        print("\n".join(line for line in out.getvalue().splitlines() if line.strip())[0:])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
