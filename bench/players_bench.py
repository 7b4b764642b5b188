"""Computer players' speed: decisions per second by phase, and club-vs-club hands per second.

Decisions are timed on views built beforehand (the view itself is the caller's cost);
hands per second include everything: dealing, views, decisions and applying actions.

    python -m bench players_bench [--hands 2000] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

from engine.core.hand import deal
from engine.core.rules import Rules
from engine.core.view import SeatView, view_of
from engine.search.arena import play_hand
from engine.search.registry import PLAYER_NAMES, make_player


def sample_views(rules: Rules, hands: int, seed: int) -> list[SeatView]:
    """Every decision point of ``hands`` club-vs-club hands, as the deciding seat's view."""
    rng = random.Random(seed)
    club = make_player("club")
    views = []
    for i in range(hands):
        state = deal(rules, i % rules.players, rng)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            view = view_of(state, seat)
            views.append(view)
            state = state.apply(club.decide(view, rng).action)
    return views


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench players_bench", description=__doc__)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rules = Rules()
    views = sample_views(rules, args.hands // 4, args.seed)
    print(f"{len(views)} decision points from {args.hands // 4} club hands (standard rules)")
    for name in [n for n in PLAYER_NAMES if n != "expert"]:
        player = make_player(name)
        rng = random.Random(0)
        by_phase: dict[str, list[float]] = {}
        for view in views:
            t0 = time.perf_counter()
            player.decide(view, rng)
            by_phase.setdefault(view.phase.value, []).append(time.perf_counter() - t0)
        every = [t for ts in by_phase.values() for t in ts]
        print(
            f"\n{name}: {len(every) / sum(every):,.0f} decisions/s, mean {1e6 * statistics.mean(every):.1f} µs"
        )
        for phase, ts in sorted(by_phase.items()):
            print(
                f"  {phase:<8} {len(ts):>6} decisions  mean {1e6 * statistics.mean(ts):6.1f} µs"
                f"  p99 {1e6 * sorted(ts)[int(0.99 * (len(ts) - 1))]:6.1f} µs"
            )
    club = make_player("club")
    for label, r in (
        ("4 players", Rules()),
        ("3 players", Rules(players=3)),
        ("2 players", Rules(players=2)),
    ):
        rng = random.Random(args.seed)
        t0 = time.perf_counter()
        for i in range(args.hands):
            play_hand(deal(r, i % r.players, rng), [club] * r.players, rng)
        dt = time.perf_counter() - t0
        print(f"\nclub vs club, {label}: {args.hands / dt:,.0f} hands/s ({args.hands} hands in {dt:.2f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
