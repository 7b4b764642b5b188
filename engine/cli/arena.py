"""``python -m engine arena``: duplicate matches between two computer players (engine/search/arena.py)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from engine.cli.common import SEED_LIMIT, Parser, Progress, guarded, one_line, rules_option, tidy, whole
from engine.core.errors import EuchreError
from engine.core.rules import Rules
from engine.players import Player
from engine.search.arena import arrangements, run_duplicate, run_games
from engine.search.registry import ARENA_PLAYERS, make_player

# ---- command line -------------------------------------------------------------------

MAX_HANDS = 200_000  # about 10 minutes for club against beginner on one core; more is a typo
MAX_GAMES = 20_000
USAGE = (
    "usage: python -m engine arena --a PLAYER --b PLAYER [--hands N] [--games N] [--seed S] "
    "[--rules JSON] [--json] [--progress]"
)


class _Parser(Parser):
    def error(self, message: str) -> NoReturn:  # argparse's own errors: clear message, exit 2
        raise _BadArguments(tidy(message))


class _BadArguments(Exception):
    pass


def _parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="python -m engine arena",
        command="arena",
        description="Duplicate matches between two computer players (see engine/search/arena.py).",
    )
    names = ", ".join(ARENA_PLAYERS)
    p.add_argument("--a", default="club", help=f"side a's player ({names}); default club")
    p.add_argument("--b", default="beginner", help=f"side b's player ({names}); default beginner")
    p.add_argument(
        "--hands",
        type=whole("--hands", 1, MAX_HANDS),
        default=2000,
        help="number of deals (each played once per arrangement)",
    )
    p.add_argument(
        "--games",
        type=whole("--games", 0, MAX_GAMES),
        default=None,
        help="whole games per arrangement (default hands/20)",
    )
    p.add_argument("--seed", type=whole("--seed", -SEED_LIMIT, SEED_LIMIT), default=1)
    p.add_argument("--rules", default=None, help="rules as a JSON object, e.g. '{\"players\": 3}'")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    p.add_argument(
        "--progress", action="store_true", help="show progress on stderr even when it is not a terminal"
    )
    return p


def parse_args(argv: Sequence[str]) -> tuple[argparse.Namespace, Rules, Player, Player]:
    args = _parser().parse_args(list(argv))
    rules = rules_option(args.rules, "give an object like '{\"players\": 3}'")
    return args, rules, make_player(args.a), make_player(args.b)


def _run(argv: Sequence[str]) -> int:
    try:
        args, rules, a, b = parse_args(argv)
    except (_BadArguments, EuchreError) as err:
        print(f"arena: error: {one_line(err)} ({USAGE})", file=sys.stderr)
        return 2
    except SystemExit as exit_:  # --help
        return int(exit_.code or 0)
    enabled = True if args.progress else None
    shown = Progress("arena", "hands", args.hands, enabled)
    try:
        result = run_duplicate(rules, a, b, args.hands, args.seed, progress=shown)
    finally:
        shown.close()
    games = args.hands // 20 if args.games is None else args.games
    report: dict[str, Any] = {
        "a": args.a,
        "b": args.b,
        "seed": args.seed,
        "rules": rules.changes(),
        "plays_per_deal": len(arrangements(rules.players)),
        "hands": result.as_dict(),
    }
    if games:
        shown = Progress("arena games", "games", games, enabled)
        try:
            report["games"] = run_games(rules, a, b, games, args.seed, progress=shown)
        finally:
            shown.close()
    if args.json:
        print(json.dumps(report))
    else:
        print(format_report(report))
    return 0


def main(argv: Sequence[str]) -> int:
    return guarded("arena", lambda: _run(argv))


def format_report(report: dict[str, Any]) -> str:
    h = report["hands"]
    lines = [
        f"Arena: a = {report['a']}, b = {report['b']}, seed {report['seed']}, rules {report['rules'] or 'standard'}",
        f"{h['deals']} deals x {report['plays_per_deal']} plays = {h['hands_played']} hands "
        f"({h['thrown_in']} thrown in), {h['hands_per_second']} hands/s",
        "",
        f"{'side':<14}{'points/hand':>12}{'95% CI':>20}{'called':>8}{'make':>8}{'euchred':>9}{'march':>8}{'alone':>7}",
    ]
    for who in ("a", "b"):
        s = h[who]
        lo, hi = s["ci95"]
        interval = f"[{lo:.3f}, {hi:.3f}]"
        lines.append(
            f"{who + ': ' + report[who]:<14}"
            + f"{s['points_per_hand']:>12.3f}{interval:>20}{s['hands_called']:>8}"
            + f"{_pct(s['make_rate']):>8}{_pct(s['euchred_rate']):>9}{_pct(s['march_rate']):>8}{s['alone_calls']:>7}"
        )
    d = h["difference"]
    lo, hi = d["ci95"]
    interval = f"[{lo:.3f}, {hi:.3f}]"
    lines.append(f"{'a - b':<14}{d['points_per_hand']:>12.3f}{interval:>20}   (paired per deal)")
    if "games" in report:
        g = report["games"]
        lo, hi = g["a_win_share_ci95"] or (0.0, 1.0)
        lines += [
            "",
            f"Games ({g['method']}): {g['games']} games, {g['hands']} hands; a won {g['a_wins']}, b won {g['b_wins']}; "
            f"a's win share {g['a_win_share']:.3f} [{lo:.3f}, {hi:.3f}]",
        ]
    return "\n".join(lines)


def _pct(rate: float | None) -> str:
    return "-" if rate is None else f"{100 * rate:.1f}%"
