"""Reopening a practice page link: the seconds ``PracticeTable.from_link`` takes to rebuild a game
(issue 50, item 8; target: a game of 8 hands against Expert players in at most 3 s).

    python -m bench link_reload [--levels eee] [--hands 8] [--games 3] [--seed 1] [--base REV] [--keep]

Plays ``--games`` games (seeds ``--seed`` on) of ``--hands`` hands against the computer seats
``--levels`` (one letter each: b, c, e), the learner's seat choosing as the Club player would (its
own seeded generator per decision), then takes the link the table writes (``link_params``) at two
points: the last hand just over ("next hand" waiting: the whole hand to replay) and the learner's
first decision of the hand after. Each link is opened as a reload does (``read_link``, then
``from_link`` with an empty memo) and timed: wall seconds and CPU seconds of this process (the
machine is shared; the CPU figure moves less with its load). Each row says whether the reopened
table holds the very hand, its moves and the game's scores (``same``) and how many earlier hands it
rebuilt.

``--base REV`` first runs the same measurement at an earlier commit, in a temporary git worktree
(its compiled code is built there first, about a minute; ``--keep`` leaves the worktree), so the
rows before and after come from one command on one machine. The script runs there as a file: it
uses only what both commits have (the practice table, its link, the session).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, cast

from bench.base_tree import rerun_at

ROOT = Path(__file__).resolve().parents[1]
LETTERS = {"b": "beginner", "c": "club", "e": "expert"}


def _played(levels: str, hands: int, seed: int) -> list[tuple[str, Any, dict[Any, Any]]]:
    """The game's positions to link: (what, position, memo) after ``hands`` hands and at the next deal."""
    from engine.core.rules import Rules
    from engine.core.view import view_of
    from engine.search.registry import make_player
    from practice.session import Session, Waiting, act, next_hand, replay

    session = Session(Rules(), ("you",) + tuple(LETTERS[c] for c in levels), seed)
    memo: dict[Any, Any] = {}
    club = make_player("club")
    pos = replay(session, memo=memo)
    finished, points = 0, cast(list[tuple[str, Any, dict[Any, Any]]], [])
    while len(points) < 2 and pos.waiting is not Waiting.DONE:
        if pos.waiting is Waiting.LEARNER:
            if finished == hands:
                points.append((f"hand {hands + 1}, first decision", pos, memo))
                break
            choice = club.decide(view_of(pos.hand, 0), random.Random(f"{seed}:{len(pos.session.decisions)}"))
            pos = act(pos, choice.action, memo=memo)
        else:
            finished += 1
            if finished == hands:
                points.append((f"hand {hands} over", pos, memo))
            pos = next_hand(pos, memo=memo)
    return points


def measure(levels: str, hands: int, games: int, seed: int) -> list[dict[str, object]]:
    """Every link's reload, timed, as rows."""
    from engine.core.rules import Rules
    from practice.table_link import read_link
    from practice.table_session import PracticeTable

    rows: list[dict[str, object]] = []
    with ThreadPoolExecutor(1) as grader:
        reached = 0
        for game in range(seed, seed + 10 * games):  # a game decided before --hands hands is left out
            points = _played(levels, hands, game)
            reached += len(points) == 2
            for what, pos, memo in points:
                table = PracticeTable(pos.session, memo=dict(memo), grader=grader)
                params = table.link_params()
                wall, cpu = time.perf_counter(), time.process_time()
                again = PracticeTable.from_link(read_link(params), Rules(), grader=grader)
                wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
                got = again.position
                same = (got.hand, got.game.scores, got.waiting) == (pos.hand, pos.game.scores, pos.waiting)
                earlier = got.game.history[:-1] if got.hand.is_over else got.game.history
                rows.append(
                    {
                        "seed": game,
                        "where": what,
                        "wall": wall,
                        "cpu": cpu,
                        "same": same,
                        "earlier": len(earlier),
                        "form": ",".join(k for k in params if k != "levels"),
                    }
                )
            if reached == games:
                break
    return rows


def show(title: str, rows: Sequence[dict[str, object]]) -> None:
    print(f"{title} (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    print(f"  {'seed':>4}  {'where':<26} {'wall s':>7} {'CPU s':>7}  same  earlier hands rebuilt  link")
    for r in rows:
        print(
            f"  {r['seed']:>4}  {r['where']!s:<26} {r['wall']:>7.2f} {r['cpu']:>7.2f}  {'yes' if r['same'] else 'NO':<4}  "
            f"{r['earlier']!s:>21}  {r['form']}"
        )
    walls = [float(str(r["wall"])) for r in rows]
    cpus = [float(str(r["cpu"])) for r in rows]
    print(
        f"  median {statistics.median(walls):.2f} s wall ({statistics.median(cpus):.2f} s CPU), "
        f"max {max(walls):.2f} s wall ({max(cpus):.2f} s CPU), over {len(rows)} links"
    )


def _at_base(rev: str, argv: list[str], keep: bool) -> int:
    """This script's measurement run at ``rev`` in a temporary worktree; its exit code."""
    return rerun_at(rev, __file__, argv, keep=keep, warm=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench link_reload", description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", default="eee", help="the computer seats, one letter each (b, c, e)")
    parser.add_argument("--hands", type=int, default=8, help="hands played before the links are taken")
    parser.add_argument(
        "--games", type=int, default=3, help="games that reach the hand after --hands (seeds --seed on)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--base", help="also measure at this commit first (a temporary git worktree)")
    parser.add_argument("--keep", action="store_true", help="keep the --base worktree")
    parser.add_argument("--title", default="after (this checkout)", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if any(c not in LETTERS for c in args.levels) or not 1 <= len(args.levels) <= 3:
        parser.error("--levels: one to three of the letters b, c, e")
    if args.hands < 1 or args.games < 1:
        parser.error("--hands and --games are at least 1")
    common = [
        "--levels",
        args.levels,
        "--hands",
        str(args.hands),
        "--games",
        str(args.games),
        "--seed",
        str(args.seed),
    ]
    if args.base and _at_base(args.base, common, args.keep) != 0:
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["EUCHRE_COACH_DB"] = str(Path(tmp) / "coach.sqlite3")  # the table records its games
        rows = measure(args.levels, args.hands, args.games, args.seed)
    show(f"{args.title}: {args.hands} hands against {args.levels}, {args.games} games", rows)
    return 0 if all(r["same"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
