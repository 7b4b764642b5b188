"""Generate engine/analysis/win_table.json: game-winning chances by score.

Plays many hands with the club player in every seat (random dealer, fresh deal each
hand), counts how often each outcome happens — (points to the dealer's side, points
to the other side), thrown-in hands included — and runs the dynamic programme of
``engine.analysis.wintable`` for targets 5, 7 and 10, for 4 players (standard rules)
and 2 players (the two-handed preset). Cutthroat has three scores and no table.

    python -m bench make_win_table [--hands 20000] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter
from collections.abc import Sequence

from engine.analysis.finish import advance
from engine.analysis.wintable import DATA_FILE, win_table
from engine.core.game import side_of, side_points
from engine.core.hand import deal
from engine.core.rules import PRESETS, Rules
from engine.search.registry import make_player

SETTINGS = {4: Rules(), 2: PRESETS["Two-handed"]}


def outcome_distribution(rules: Rules, hands: int, seed: int) -> dict[tuple[int, int], float]:
    rng = random.Random(seed)
    club = make_player("club")
    counts: Counter[tuple[int, int]] = Counter()
    for _ in range(hands):
        dealer = rng.randrange(rules.players)
        state = advance(deal(rules, dealer, rng), club, rng, until_play=False)
        pts = side_points(state)
        mine = side_of(rules, dealer)
        counts[(pts[mine], pts[1 - mine])] += 1
    return {k: v / hands for k, v in sorted(counts.items())}


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench make_win_table")
    p.add_argument("--hands", type=int, default=20000)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    out: dict[str, object] = {
        "about": "chance the side with score [us][them] wins; last index 1 if that side deals the next hand",
        "made_by": "python -m bench make_win_table",
        "hands": args.hands,
        "seed": args.seed,
        "distributions": {},
        "tables": {},
    }
    for players, rules in SETTINGS.items():
        start = time.perf_counter()
        dist = outcome_distribution(rules, args.hands, args.seed)
        print(f"{players} players: {args.hands} club hands in {time.perf_counter() - start:.1f} s: {dist}")
        out["distributions"][f"{players}p"] = {f"{x},{y}": p for (x, y), p in dist.items()}  # type: ignore[index]
        for target in (5, 7, 10):
            table = win_table(target, dist)
            out["tables"][f"{players}p/{target}"] = [  # type: ignore[index]
                [[round(w, 5) for w in cell] for cell in row] for row in table
            ]
    DATA_FILE.write_text(json.dumps(out, separators=(",", ":")) + "\n")
    print(f"wrote {DATA_FILE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
