"""Generate engine/analysis/bidding_styles.json: the sound bidding model for every rules preset.

For each preset, iterated best response over the Club player's call thresholds by seat and
round (``engine.analysis.bidding_fit``) on ``--deals`` seeded deals, then, on fresh deals,
the model's exploitability (the most one seat gains by best-responding, in points a hand)
and its calling rates. Everything is seeded: the same command writes the same file.

    python tools/fit_bidding.py [--deals 25000] [--rounds 8] [--seed 1] [--preset NAME ...]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.analysis.bidding_fit import calling_rates, exploitability, fit  # noqa: E402
from engine.analysis.styles import DATA_FILE  # noqa: E402
from engine.rules import PRESETS  # noqa: E402


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=25000)
    p.add_argument("--check-deals", type=int, default=40000, help="fresh deals for exploitability and rates")
    p.add_argument("--rounds", type=int, default=8)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--preset", action="append", help="fit only these presets (default: all)")
    args = p.parse_args()
    old = json.loads(DATA_FILE.read_text()) if DATA_FILE.exists() else {"presets": {}}
    out = {"method": "iterated best response over the Club player's call thresholds by seat and round "
                     "(engine/analysis/bidding_fit.py)",
           "deals": args.deals, "check_deals": args.check_deals, "rounds": args.rounds, "seed": args.seed,
           "presets": dict(old.get("presets", {}))}
    for i, (name, rules) in enumerate(PRESETS.items()):
        if args.preset and name not in args.preset:
            continue
        start = time.perf_counter()
        caution, rounds, moved = fit(rules, args.deals, args.seed + 1000 * i, max_rounds=args.rounds)
        worst, gains = exploitability(rules, caution, args.check_deals, args.seed + 1000 * i + 1)
        club_worst, club_gains = exploitability(rules, (0.0,) * 8, args.check_deals, args.seed + 1000 * i + 1)
        rates = calling_rates(rules, caution, args.check_deals, args.seed + 1000 * i + 2)
        seconds = time.perf_counter() - start
        out["presets"][name] = {
            "rules": rules.changes(), "caution": list(caution), "rounds": rounds, "moved_last_round": moved,
            "exploitability": worst, "gains_by_seat_left_of_dealer": list(gains),
            "club_exploitability": club_worst, "club_gains_by_seat_left_of_dealer": list(club_gains),
            "calling_rates": rates, "seconds": round(seconds, 1),
        }
        print(f"{name}: caution {caution} after {rounds} rounds ({moved} moved last); exploitability "
              f"{worst:+.4f} (club {club_worst:+.4f}); {seconds:.0f} s", flush=True)
        DATA_FILE.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
