"""``python -m engine analyze``: what each bidding choice is worth for one hand.

    python -m engine analyze --hand "JH JD AH KS 9C" --upcard 9H --seat first
        [--round 2 --turned-down H] [--bids pass,pass] [--score 6,8] [--rules JSON]
    python -m engine analyze --view "standard/3/JH-JD-AH-KS-9C,?,?,?/9H" [--score 6,8]
        [--budget interactive|study] [--samples N] [--time S] [--seed N] [--no-ceiling]
        [--table people|sound|cautious|eager] [--json]

The deals are seeded by the question's text and counted, never timed (``engine.analysis.advice``):
the same question and budget give the same figures on any machine, and the same as the Analyze
page, the Practice hint and the bid grade.

``--view`` is the question as its seat's view in one line (engine/core/seat_text.py: the rules,
the dealer, the seat's own hand with ``?`` for the others, the upcard and the passes so far), the
text the Analyze page's links carry; it replaces --hand, --upcard, --seat, --round, --turned-down,
--bids and --rules. Bad input (an unparsable card, a duplicate, the upcard in the hand, a wrong card
count, the joker without the joker rule, a seat the table does not have) prints a
clear message and exits 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from engine.analysis.advice import BUDGETS, INTERACTIVE, STUDY, Budget, advise
from engine.analysis.bidding import Analysis, Stats
from engine.analysis.explain import label
from engine.analysis.robust import DESCRIBED, Robust, legend
from engine.analysis.situation import Question, QuestionError, question, read_question
from engine.analysis.tables import DEFAULT_TABLE, TABLES
from engine.cli.common import SEED_LIMIT, Parser, decimal, guarded, one_line, rules_option, whole
from engine.core.errors import EuchreError

MAX_TIME = 60.0  # seconds of sampling: the estimates stop improving long before
MIN_TIME = 0.01
MAX_SAMPLES = 1_000_000


def _parser() -> argparse.ArgumentParser:
    p = Parser(
        prog="python -m engine analyze",
        command="analyze",
        description="Call / pass / alone analysis of a hand.",
    )
    p.add_argument(
        "--view",
        default=None,
        help='the question as its seat\'s view, e.g. "standard/3/JH-JD-AH-KS-9C,?,?,?/9H" (instead of '
        "--hand, --upcard, --seat, --round, --turned-down, --bids and --rules)",
    )
    p.add_argument("--hand", help='your five cards, e.g. "JH JD AH KS 9C"')
    p.add_argument("--upcard", help="the turned-up card, e.g. 9H")
    p.add_argument(
        "--seat",
        help="first, second, third or dealer, in any case (fewer with 2-3 players; non-dealer = first)",
    )
    p.add_argument("--round", type=whole("--round", 1, 2), default=None, choices=(1, 2))
    p.add_argument("--turned-down", dest="turned_down", default=None, help="round 2: the turned-down suit")
    p.add_argument("--bids", default=None, help="the bids before yours, e.g. pass,pass")
    p.add_argument("--score", default=None, help="your side's score and theirs, e.g. 6,8")
    p.add_argument("--rules", default=None, help="rules as JSON, e.g. '{\"stick_the_dealer\": true}'")
    p.add_argument(
        "--budget",
        choices=tuple(BUDGETS),
        default=INTERACTIVE.name,
        help=f"how many deals to sample: interactive (at most {INTERACTIVE.deals:,}, the Analyze page's, the "
        f"hint's and the grade's: the same figures) or study (at most {STUDY.deals:,}); sampling stops "
        "earlier once the best choice is decided",
    )
    p.add_argument(
        "--samples",
        type=whole("--samples", 1, MAX_SAMPLES),
        default=None,
        help="at most this many sampled deals for the table named (instead of the budget's)",
    )
    p.add_argument(
        "--time",
        type=decimal("--time", MIN_TIME, MAX_TIME),
        default=None,
        help="also stop after this many seconds (off by default: with it the figures depend on the "
        "machine's speed and load)",
    )
    p.add_argument(
        "--seed",
        type=whole("--seed", -SEED_LIMIT, SEED_LIMIT),
        default=None,
        help="another seed for the deals (by default they are seeded by the question's text, as every page's)",
    )
    p.add_argument("--no-ceiling", dest="ceiling", action="store_false", help="skip open-hand solving")
    p.add_argument(
        "--table",
        "--opponents",
        dest="table",
        choices=TABLES,
        default=DEFAULT_TABLE,
        help="how the other seats bid, for the recommendation: people (default: as often as people "
        "do, by published figures), sound (strong players), cautious, eager (the club player); "
        "every table is valued and shown",
    )
    p.add_argument("--json", action="store_true", help="print JSON")
    return p


_VIEW_REPLACES = ("hand", "upcard", "seat", "round", "turned_down", "bids", "rules")


def parse_question(args: argparse.Namespace) -> Question:
    """The question from --view, or from --hand, --upcard and --seat (with their options)."""
    if args.view is not None:
        given = [f"--{k.replace('_', '-')}" for k in _VIEW_REPLACES if getattr(args, k) is not None]
        if given:
            raise QuestionError(f"--view holds the whole question; leave out {', '.join(given)}")
        return read_question(args.view, score=args.score)
    missing = [f"--{k}" for k in ("hand", "upcard", "seat") if getattr(args, k) is None]
    if missing:
        raise QuestionError(f"give {', '.join(missing)} (or the whole question as --view)")
    rules = rules_option(args.rules or None, "e.g. '{\"players\": 3}'")
    return question(
        args.hand,
        args.upcard,
        args.seat,
        rules=rules,
        round=args.round or 1,
        turned_down=args.turned_down,
        bids=args.bids,
        score=args.score,
    )


def _stats_json(s: Stats) -> dict[str, Any]:
    return {
        "ev": round(s.ev, 4),
        "ev_ci": [round(s.ev_ci[0], 4), round(s.ev_ci[1], 4)],
        "p_make": round(s.p_make, 4),
        "p_march": round(s.p_march, 4),
        "p_euchred": round(s.p_euchred, 4),
        "p_thrown_in": round(s.p_thrown_in, 4),
        "p_we_make": round(s.p_we_make, 4),
        "tricks": [round(t, 4) for t in s.tricks],
        "win_delta": None if s.win_delta is None else round(s.win_delta, 4),
        "n": s.n,
    }


def to_json(q: Question, r: Robust, lines: list[str]) -> dict[str, Any]:
    a = r.analysis
    options = []
    for o in a.options:
        row: dict[str, Any] = {"action": str(o.action), **_stats_json(o.realistic)}
        row["ev_by_table"] = {t: round(v, 4) for t, v in r.ev_by_table(o.action).items()}
        row["ev_by_style"] = row["ev_by_table"]  # its older name, kept for scripts that read it
        if o.discard is not None:
            row["discard"] = str(o.discard)
        row["play"] = "club players (realistic)"
        if o.ceiling is not None:
            row["ceiling"] = {"play": "open-hand perfect play (solver)", **_stats_json(o.ceiling)}
        options.append(row)
    best = a.option(a.recommendation)
    recommendations = {t: str(x.recommendation) for t, x in r.by_table.items()}
    return {
        "options": options,
        "recommendation": str(a.recommendation),
        **({"discard": str(best.discard)} if best.discard is not None else {}),
        "runner_up": None if a.runner_up is None else str(a.runner_up),
        "margin": round(a.margin, 4),
        "margin_ci": [round(a.margin_ci[0], 4), round(a.margin_ci[1], 4)],
        "too_close": a.too_close,
        "ranked_by": "win_chance" if a.by_win_chance else "points",
        "base_win": None if a.base_win is None else round(a.base_win, 4),
        "n": a.n,
        "seconds": round(a.seconds, 3),
        "stop": a.stop_reason,
        "rejected_deals": a.samples.rejected,
        "tables": list(r.by_table),
        "styles": list(r.by_table),  # the tables' older name, kept for scripts that read it
        "opponents": r.table,
        "table": r.table,
        "close_call": r.close_call,
        "close_call_reason": r.reason or None,
        "recommendation_by_table": recommendations,
        "recommendation_by_style": recommendations,  # its older name, kept for scripts that read it
        "explanation": lines,
        "view": q.text,
    }


def _table(a: Analysis, table: str) -> str:
    head = f"{'option':28} {'points':>7} {'95% interval':>16} {'make':>5} {'march':>6} {'euchred':>8} {'win±':>6} {'ceiling':>8}"
    rows = [head]
    for o in a.options:
        r = o.realistic
        win = "" if r.win_delta is None else f"{r.win_delta:+.1%}"
        ceil = "" if o.ceiling is None else f"{o.ceiling.ev:+.2f}"
        mark = " *" if o.action == a.recommendation else ""
        rows.append(
            f"{label(o.action, o.discard, codes=True) + mark:28} {r.ev:+7.2f} [{r.ev_ci[0]:+6.2f}, {r.ev_ci[1]:+6.2f}] "
            f"{r.p_make:5.0%} {r.p_march:6.0%} {r.p_euchred:8.0%} {win:>6} {ceil:>8}"
        )
    rows.append(
        f"({a.n} sampled deals in {a.seconds:.2f} s; points: against {DESCRIBED[table]}, club card play; "
        "ceiling: open-hand perfect play)"
    )
    if a.stop_reason == "time":
        rows.append("(the --time budget ran out before the figures settled: another run may differ slightly)")
    return "\n".join(rows)


def _other_tables(r: Robust) -> str:
    """One line per other table: each option's expected points against that table (and its
    change in the chance of winning the game, which ranks the options when a score is given)."""
    rows = []
    for other, a in r.by_table.items():
        if other == r.table:
            continue
        cells = ", ".join(
            f"{label(o.action, o.discard, codes=True).lower()} {o.realistic.ev:+.2f}"
            + (
                f" (chance to win the game {100 * o.realistic.win_delta:+.1f} points)"
                if o.realistic.win_delta is not None
                else ""
            )
            for o in a.options
        )
        rows.append(
            f"against {DESCRIBED[other]}: {cells} (best: {label(a.recommendation, codes=True).lower()})"
        )
    rows.append(f"({legend(r.table)})")
    return "\n".join(rows)


def _run(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    try:
        q = parse_question(args)
    except EuchreError as err:
        print(f"analyze: {one_line(err)}", file=sys.stderr)
        return 2
    budget = BUDGETS[args.budget]
    if args.samples is not None:
        budget = Budget("samples", args.samples, min(args.samples, budget.other_deals))
    advice = advise(
        q, table=args.table, budget=budget, ceiling=args.ceiling, seed=args.seed, time_budget=args.time
    )
    r, a, lines = advice.robust, advice.analysis, list(advice.lines)
    if args.json:
        print(json.dumps(to_json(q, r, lines)))
    else:
        print(_table(a, r.table))
        print(_other_tables(r))
        print()
        if r.close_call:
            print(f"Close call: {r.reason}")
        print("\n".join(lines))
    return 0


def main(argv: list[str]) -> int:
    return guarded("analyze", lambda: _run(argv))
