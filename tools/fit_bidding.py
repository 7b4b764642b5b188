"""Generate engine/analysis/bidding_styles.json: the sound bidding model for every rules preset.

For each preset, iterated best response over the Club player's call and alone thresholds by
seat and round (``engine.analysis.bidding_fit``) on ``--deals`` seeded deals, then, on fresh
deals, the model's exploitability (the most one seat gains by best-responding, in points a
hand), its calling rates, and the cautious table (the same thresholds raised to the
published human calling rates, engine/analysis/human_rates.py) with its calling rates.
Everything is seeded: the same command writes the same file. This runs the presets one after
another in this process; ``python -m engine study fit-bidding`` runs the same fits (same
seeds, same JSON) as Dask tasks.

    python tools/fit_bidding.py [--deals 25000] [--rounds 8] [--seed 1] [--preset NAME ...]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.analysis.styles import DATA_FILE  # noqa: E402
from engine.rules import PRESETS  # noqa: E402
from engine.study.studies import FIT_DEALS, fit_preset, write_fit  # noqa: E402


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=FIT_DEALS)
    p.add_argument("--check-deals", type=int, default=40000, help="fresh deals for exploitability and rates")
    p.add_argument("--rounds", type=int, default=8)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--preset", action="append", help="fit only these presets (default: all)")
    args = p.parse_args()
    for name in PRESETS:
        if args.preset and name not in args.preset:
            continue
        result = fit_preset(name, args.deals, args.check_deals, args.rounds, args.seed)
        entry = result["entry"]
        print(f"{name}: caution {entry['caution']} after {entry['rounds']} rounds "
              f"({entry['moved_last_round']} moved last); exploitability {entry['exploitability']:+.4f} "
              f"(club {entry['club_exploitability']:+.4f}); {entry['seconds']:.0f} s", flush=True)
        write_fit([result], DATA_FILE, args.deals, args.check_deals, args.rounds, args.seed)


if __name__ == "__main__":
    main()
