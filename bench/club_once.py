"""The Club player before and after a rewrite: every decision of N seeded deals per rules preset.

    python -m bench club_once [--deals 20000] [--seed 1] [--presets NAME,...] [--playouts]

For every preset (engine.core.rules.PRESETS), deals ``--deals`` hands (dealer rotating, one seeded
generator per preset) and plays them out with ``ClubPlayer`` at every seat through its public
``decide(view, rng)``, the path the practice table takes. Three players take turns by deal: the
plain Club player, one told a close score (``Score(8, 9)``: lower call threshold, no loners) and
one with a bidding style (a 16-number caution table), so the score and caution paths are played
too. Prints per preset the mean points a hand for the first side (seat 0's side), and a sha256
of every decision's action and reason sentence in order: two runs of the same code give the same
lines, and a rewrite that changes no decision and no sentence gives the same lines too.

``--playouts`` times the compiled play-outs instead (``engine.compiled.playout.play_line`` from
the deal, Club players at every seat, the default thresholds): hands a second of processor time,
the best of 7 passes over the deals, and the actions taken (the same lines give the same count).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time
from collections.abc import Sequence

from engine.core.actions import Action
from engine.core.hand import deal
from engine.core.rules import PRESETS, Rules
from engine.core.view import view_of
from engine.players import ClubPlayer, Score

CAUTION = (0.1, -0.2, 0.0, 0.3, -0.1, 0.2, 0.05, -0.15, 0.2, -0.3, 0.0, 0.4, -0.2, 0.1, 0.3, -0.1)
PLAYERS = (ClubPlayer(), ClubPlayer(score=Score(8, 9)), ClubPlayer(caution=CAUTION))


def run_preset(rules: Rules, deals: int, seed: int) -> tuple[float, str, int]:
    """(mean points a hand for seat 0's side, sha256 of the decisions, decisions made)."""
    rng = random.Random(seed)
    digest = hashlib.sha256()
    total = 0
    decisions = 0
    for i in range(deals):
        player = PLAYERS[i % len(PLAYERS)]
        state = deal(rules, i % rules.players, rng)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            decision = player.decide(view_of(state, seat), rng)
            action: Action = decision.action
            digest.update(f"{action}\t{decision.reason}\n".encode())
            decisions += 1
            state = state.apply(action)
        total += state.points[0]
    return total / deals, digest.hexdigest(), decisions


def time_playouts(rules: Rules, deals: int, seed: int) -> tuple[float, int]:
    """(compiled play-outs a second of processor time, actions taken) over ``deals`` seeded deals."""
    import numpy as np
    from numba import njit

    from engine.compiled.club_bidding import need_table
    from engine.compiled.encoding import encode_state
    from engine.compiled.playout import play_line
    from engine.players.evaluate import call_threshold

    @njit(cache=False)
    def run_all(states: np.ndarray, needs: np.ndarray, line: np.ndarray) -> int:
        total = 0
        for i in range(states.shape[0]):
            total += play_line(states[i].copy(), needs, True, line)
        return total

    rng = random.Random(seed)
    states = np.array([encode_state(deal(rules, i % rules.players, rng)) for i in range(deals)])
    needs, line = need_table(call_threshold(rules)), np.zeros(64, dtype=np.int64)
    run_all(states[:2], needs, line)
    best, actions = float("inf"), 0
    for _ in range(7):
        start = time.process_time()
        actions = run_all(states, needs, line)
        best = min(best, time.process_time() - start)
    return deals / best, actions


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench club_once", description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--presets", default="", help="comma-separated preset names (default: all)")
    parser.add_argument("--playouts", action="store_true", help="time the compiled play-outs instead")
    args = parser.parse_args(argv)
    names = [n for n in PRESETS if not args.presets or n in args.presets.split(",")]
    print(f"deals per preset: {args.deals}, seed {args.seed}")
    if args.playouts:
        for name in names:
            rate, actions = time_playouts(PRESETS[name], args.deals, args.seed)
            print(f"{name:<32} compiled play-outs {rate:>9,.0f} hands/s of processor time  actions {actions}")
        return 0
    for name in names:
        start = time.perf_counter()
        mean, digest, decisions = run_preset(PRESETS[name], args.deals, args.seed)
        took = time.perf_counter() - start
        print(
            f"{name:<32} points/hand {mean:+.4f}  decisions {decisions:>7}  sha256 {digest}  ({took:.1f} s)"
        )
    return 0
