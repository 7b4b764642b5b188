"""The Review page's cost against the size of the mistake deck (issue 50, item 8; target: a click
with 5,000 positions in the deck in at most 0.2 s).

    python -m bench review_deck [--sizes 10,5000] [--runs 7] [--base REV] [--keep]

For each size, a throw-away database holds one learner's deck of that many positions (dealt and
played at random from seed 1 to a decision of South's with a choice: half of them due today, half
coming up over the next 30 days). The Review page (views/review.py, through app.py, in Streamlit's
AppTest: the server's side of a click) is opened for that learner, then run again ``--runs`` times,
each run timed as a click reruns the page; the median and the slowest are printed, with the time of
``practice.deck.deck_for`` alone (the deck read as the page reads it).

``--base REV`` first runs the same measurement at an earlier commit, in a temporary git worktree
(``--keep`` leaves it), so the figures before and after come from one command on one machine. The
script runs there as a file: it uses only what both commits have.
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
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bench.base_tree import rerun_at

ROOT = Path(__file__).resolve().parents[1]
BROWSER = "BenchReview_0123456789"  # the learner's browser id (22 characters, as the cookie's)
KEY = f"browser:{BROWSER}"


def mistakes(count: int, seed: int) -> list[Any]:
    """``count`` different positions where South (seat 0) chooses among several legal actions,
    each kept as a mistake: the first legal choice taken, the second the best and only right one."""
    from engine.core.hand import deal
    from engine.core.rules import Rules
    from store.mistake_deck import Mistake

    rng = random.Random(seed)
    found: dict[str, Any] = {}
    while len(found) < count:
        state = deal(Rules(), rng.randrange(4), rng)
        for _ in range(rng.randrange(0, 24)):
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        if state.is_over or state.to_act != 0 or len(state.legal_actions()) < 2:
            continue
        legal = state.legal_actions()
        found.setdefault(
            state.to_text(),
            Mistake.without_figures(state, legal[0], (legal[1],), "A bench position.", "mistake"),
        )
    return list(found.values())


def fill(db: Path, count: int) -> None:
    """The learner's deck in ``db``: ``count`` positions, half due today, half over the next 30 days."""
    from store.db import connect
    from store.mistake_deck import add

    conn = connect(db)
    now = datetime.now(UTC)
    made = mistakes(count, 1)
    due = made[: count // 2 or 1]
    add(KEY, due, now - timedelta(days=3), now - timedelta(days=2), conn)
    for day, start in enumerate(range(len(due), count, 100), start=1):
        later = made[start : start + 100]
        add(KEY, later, now, now + timedelta(days=1 + day % 30), conn)
    conn.close()


def measure(sizes: Sequence[int], runs: int) -> list[dict[str, Any]]:
    from streamlit.testing.v1 import AppTest

    import practice
    from practice.deck import deck_for

    app = (
        Path(practice.__file__).resolve().parents[1] / "app.py"
    )  # the tree measured (--base: the worktree's)

    rows: list[dict[str, Any]] = []
    for size in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            db = Path(tmp) / "coach.sqlite3"
            os.environ["EUCHRE_COACH_DB"] = str(db)
            fill(db, size)
            at = AppTest.from_file(str(app), default_timeout=120)
            at.switch_page("views/review.py")
            at.session_state["learn_browser_id"] = BROWSER
            at.run()
            if at.exception:
                raise RuntimeError(f"the Review page failed: {[e.value for e in at.exception]}")
            said = next((m.value for m in at.markdown if "to review today" in m.value), "?")
            clicks = []
            for _ in range(runs):
                start = time.perf_counter()
                at.run()
                clicks.append(time.perf_counter() - start)
            reads = []
            for _ in range(runs):
                start = time.perf_counter()
                deck_for(KEY)
                reads.append(time.perf_counter() - start)
            rows.append(
                {
                    "size": size,
                    "median": statistics.median(clicks),
                    "max": max(clicks),
                    "read": statistics.median(reads),
                    "said": said,
                }
            )
    return rows


def show(title: str, rows: Sequence[dict[str, Any]]) -> None:
    print(f"{title} (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    print(
        f"  {'positions':>9}  {'click median s':>14}  {'click max s':>11}  {'deck_for s':>10}  the page says"
    )
    for r in rows:
        print(f"  {r['size']:>9}  {r['median']:>14.3f}  {r['max']:>11.3f}  {r['read']:>10.3f}  {r['said']}")


def _at_base(rev: str, argv: list[str], keep: bool) -> int:
    """This script's measurement run at ``rev`` in a temporary worktree; its exit code."""
    return rerun_at(rev, __file__, argv, keep=keep, warm=False)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench review_deck", description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="10,5000", help="deck sizes, comma-separated")
    parser.add_argument("--runs", type=int, default=7, help="timed page runs per size")
    parser.add_argument("--base", help="also measure at this commit first (a temporary git worktree)")
    parser.add_argument("--keep", action="store_true", help="keep the --base worktree")
    parser.add_argument("--title", default="after (this checkout)", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    try:
        sizes = [int(s) for s in args.sizes.split(",")]
    except ValueError:
        parser.error("--sizes: whole numbers joined by commas, like 10,5000")
    if not sizes or min(sizes) < 1 or max(sizes) > 100_000 or args.runs < 1:
        parser.error("--sizes: 1 to 100,000 positions each; --runs at least 1")
    if args.base and _at_base(args.base, ["--sizes", args.sizes, "--runs", str(args.runs)], args.keep) != 0:
        return 1
    show(args.title, measure(sizes, args.runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
