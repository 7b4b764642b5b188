"""``python -m engine arena``: duplicate matches between two computer players (engine/arena.py)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from engine.arena import arrangements, run_duplicate, run_games
from engine.errors import EuchreError
from engine.expert import PLAYER_NAMES, make_player
from engine.players import Player
from engine.rules import Rules

# ---- command line -------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # argparse's own errors: clear message, exit 2
        raise _BadArguments(message)


class _BadArguments(Exception):
    pass


def _parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="python -m engine arena",
        description="Duplicate matches between two computer players (see engine/arena.py).",
    )
    names = ", ".join(PLAYER_NAMES)
    p.add_argument("--a", default="club", help=f"side a's player ({names}); default club")
    p.add_argument("--b", default="beginner", help=f"side b's player ({names}); default beginner")
    p.add_argument("--hands", type=int, default=2000, help="number of deals (each played once per arrangement)")
    p.add_argument("--games", type=int, default=None, help="whole games per arrangement (default hands/20)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rules", default=None, help='rules as a JSON object, e.g. \'{"players": 3}\'')
    p.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    return p


def parse_args(argv: Sequence[str]) -> tuple[argparse.Namespace, Rules, Player, Player]:
    args = _parser().parse_args(list(argv))
    if args.hands < 1 or args.hands > 10_000_000:
        raise _BadArguments(f"--hands must be between 1 and 10000000, got {args.hands}")
    if args.games is not None and not 0 <= args.games <= 1_000_000:
        raise _BadArguments(f"--games must be between 0 and 1000000, got {args.games}")
    rules = Rules()
    if args.rules is not None:
        try:
            data = json.loads(args.rules)
        except json.JSONDecodeError as err:
            raise _BadArguments(f"--rules is not valid JSON ({err.msg}); give an object like '{{\"players\": 3}}'") from None
        rules = Rules.from_dict(data)
    return args, rules, make_player(args.a), make_player(args.b)


def main(argv: Sequence[str]) -> int:
    try:
        args, rules, a, b = parse_args(argv)
    except (_BadArguments, EuchreError) as err:
        print(f"arena: error: {err}", file=sys.stderr)
        print("usage: python -m engine arena --a PLAYER --b PLAYER [--hands N] [--games N] [--seed S] "
              "[--rules JSON] [--json]", file=sys.stderr)
        return 2
    except SystemExit as exit_:  # --help
        return int(exit_.code or 0)
    result = run_duplicate(rules, a, b, args.hands, args.seed)
    games = args.hands // 20 if args.games is None else args.games
    report: dict[str, Any] = {
        "a": args.a, "b": args.b, "seed": args.seed, "rules": rules.changes(),
        "plays_per_deal": len(arrangements(rules.players)),
        "hands": result.as_dict(),
    }
    if games:
        report["games"] = run_games(rules, a, b, games, args.seed)
    if args.json:
        print(json.dumps(report))
    else:
        print(format_report(report))
    return 0


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
