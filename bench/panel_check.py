"""The textbook panel, with the figures behind every disagreement.

    python -m bench panel_check [--samples 1500]

Asks the analyzer (the default table, people, driving, as
``tests/analysis/test_textbook_panel.py`` does, with the same seeds and sample cap) about every
situation of the textbook panel (``bench/textbook_panel.py``) and prints its agreement. For each
disagreement it prints the textbook's answer and the analyzer's, each valued on the same sampled
deals: against every table (people, sound, cautious, eager, with club card play), and with
open-hand perfect play after the auction (the ceiling, which no card play can beat); then
whether the four-table analysis calls it a close call. The last lines count the disagreements
where every table and the open-hand play all prefer the analyzer's answer: those are not a
matter of the table (how the other seats bid) or of the club player's card play. About 1 minute
on one core.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from bench.textbook_panel import MAX_SAMPLES, SITUATIONS, Situation
from engine.analysis.bidding import Analysis, analyze
from engine.analysis.robust import analyze_robust


def _by_name(a: Analysis) -> dict[str, tuple[float, float | None]]:
    """Each option's expected points: with club card play, and the open-hand ceiling."""
    return {str(o.action): (o.realistic.ev, o.ceiling.ev if o.ceiling else None) for o in a.options}


def _book_answer(s: Situation, values: dict[str, tuple[float, float | None]]) -> str:
    """The textbook answer the analyzer values best (a situation may accept several)."""
    return max(s.answers, key=lambda name: values[name][0])


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench panel_check", description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--samples", type=int, default=MAX_SAMPLES, help=f"sampled deals a situation (default {MAX_SAMPLES})"
    )
    args = ap.parse_args(argv)
    start = time.perf_counter()
    rows: list[str] = []
    unflagged = settled = 0
    for s in SITUATIONS:
        a = analyze(
            s.view(), random.Random(s.seed), time_budget=None, max_samples=args.samples, ceiling=False
        )
        got = str(a.recommendation)
        if got in s.answers:
            continue
        # the same seed: its people-table analysis is ``a`` again, with the open-hand ceiling solved
        r = analyze_robust(s.view(), s.seed, time_budget=None, max_samples=args.samples)
        values = _by_name(r.analysis)
        book = _book_answer(s, values)
        by_table = {name: _by_name(x) for name, x in r.by_table.items()}
        every_table = all(v[got][0] > v[book][0] for v in by_table.values())
        ceil_got, ceil_book = values[got][1], values[book][1]
        open_hand = ceil_got is not None and ceil_book is not None and ceil_got > ceil_book
        unflagged += not r.close_call
        settled += every_table and open_hand
        tables = ", ".join(f"{name} {v[book][0]:+.2f}/{v[got][0]:+.2f}" for name, v in by_table.items())
        ceiling = (
            f"{ceil_book:+.2f}/{ceil_got:+.2f}" if ceil_got is not None and ceil_book is not None else "n/a"
        )
        rows.append(
            f"{s}\n    book: {book}, analyzer: {got}; book/analyzer by table: {tables}; "
            f"open hand {ceiling}; {'close call' if r.close_call else 'not a close call'}\n"
            f"    rule: {s.rule}"
        )
    total, wrong = len(SITUATIONS), len(rows)
    print("\n".join(rows))
    print(
        f"agreement: {total - wrong}/{total} = {(total - wrong) / total:.1%}; {wrong} disagreements, "
        f"{unflagged} not flagged as a close call"
    )
    print(f"every table and open-hand play prefer the analyzer's answer in {settled} of the {wrong}")
    print(f"({time.perf_counter() - start:.0f} s, at most {args.samples} sampled deals a situation)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
