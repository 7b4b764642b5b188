"""How often each bidding table calls, and how often it goes alone (issue 38, item 2).

    python -m bench table_loners [--deals 40000] [--seed 7] [--preset "Standard (North America)"]

For each table (people, sound, cautious, eager: ``engine.analysis.tables``) on the same seeded
deals, plays the auctions only (``engine.analysis.bidding_fit.rates_on``) and prints the share of
all hands on which the table makes trump, on which it goes alone, the alone share of its calls,
and the dealer's alone share of the round-1 pick-ups. No published human loner rate could be read
(docs/research/people-table.md), so these are what the tables give, not a fit.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from engine.analysis.bidding_fit import make_deals, rates_on
from engine.analysis.tables import TABLES, table_for
from engine.core.rules import PRESETS


def table_rates(preset: str, deals: int, seed: int) -> dict[str, dict[str, float]]:
    rules = PRESETS[preset]
    states = make_deals(rules, deals, seed)
    out = {}
    for table in TABLES:
        rates = rates_on(states, rules, table_for(table, rules).caution)
        calls = sum(v for k, v in rates.items() if k.endswith(": per hand"))
        alone = sum(v for k, v in rates.items() if k.endswith(": alone per hand"))
        dealer_r1 = rates.get("dealer, round 1: per hand", 0.0)
        dealer_alone = rates.get("dealer, round 1: alone per hand", 0.0)
        out[table] = {
            "calls": calls,
            "alone": alone,
            "alone of calls": alone / calls if calls else 0.0,
            "dealer alone of pick-ups": dealer_alone / dealer_r1 if dealer_r1 else 0.0,
        }
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench table_loners", description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=40_000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--preset", default=None, help="one preset (default: every four-player preset)")
    args = ap.parse_args(argv)
    presets = [args.preset] if args.preset else [p for p, r in PRESETS.items() if r.players == 4]
    for preset in presets:
        print(f"{preset}, {args.deals:,} deals (seed {args.seed}):")
        print(
            f"  {'table':<9} {'makes trump':>12} {'goes alone':>11} {'alone/calls':>12} {'dealer alone/pick-ups':>22}"
        )
        for table, r in table_rates(preset, args.deals, args.seed).items():
            print(
                f"  {table:<9} {100 * r['calls']:>11.1f}% {100 * r['alone']:>10.1f}% {100 * r['alone of calls']:>11.1f}%"
                f" {100 * r['dealer alone of pick-ups']:>21.1f}%"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
