"""What each of the sound model's decisions gives away, per hand that reaches it.

    python -m bench reached_check [--reached 6000] [--seed 21] [--preset NAME ...] [--caution JSON]

The fit's exploitability counts gains per hand dealt, so a decision reached once in 7,000
hands (the dealer's in round 2) cannot show there however wrong it is; yet what the last
seats of round 2 do is what passing is worth to everyone before them. For each preset
(default: all) and each seat and round, this deals fresh seeded hands until ``--reached`` of
them reach that decision (``engine.analysis.bidding_fit.top_up``), then counts what
the seat gains there by choosing per band of hands as the other half of the deals says
(``held_out_gain``): points per hand that reaches it, with the share of hands that do.
``--caution`` checks another table (16 numbers, as ``bidding_styles.json`` stores them).
The standard game's dealer in round 2 takes about 1 minute; the rest a few seconds each.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence

from engine.analysis.bidding_fit import (
    held_out_gain,
    make_deals,
    reached_mask,
    reached_rows,
    records,
    roles,
    seat_role,
    top_up,
)
from engine.analysis.tables import sound_caution
from engine.compiled.club_bidding import need_table
from engine.core.rules import PRESETS
from engine.players.evaluate import call_threshold

COMMON = 20000  # ordinary deals first; the rarer decisions are topped up


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench reached_check", description=__doc__.splitlines()[0])
    p.add_argument("--reached", type=int, default=6000)
    p.add_argument("--seed", type=int, default=21)
    p.add_argument("--preset", action="append", choices=sorted(PRESETS))
    p.add_argument("--caution", help="16 numbers as JSON (default: the shipped table)")
    args = p.parse_args(argv)
    for name in args.preset or list(PRESETS):
        rules = PRESETS[name]
        caution = tuple(json.loads(args.caution)) if args.caution else sound_caution(rules)
        needs = need_table(call_threshold(rules), caution)
        states = make_deals(rules, COMMON, args.seed)
        print(f"{name}:")
        for k in roles(rules):
            start = time.perf_counter()
            common = records(states, rules, caution, only=k)
            share = float(reached_mask(common, k).mean())
            rec = reached_rows(top_up(common, rules, caution, k, args.seed, args.reached), k)
            n = rec.strength.shape[0]
            print(
                f"  {seat_role(rules.players, k // 2)}, round {k % 2 + 1}: gains "
                f"{held_out_gain(rec, k, needs) / n:+.4f} a hand that reaches it ({n} hands; reached by "
                f"{share:.4f} of hands) {time.perf_counter() - start:.0f} s",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
