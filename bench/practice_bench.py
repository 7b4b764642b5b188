"""Practice table click timings in a real browser (targets: every click under 300 ms with club
players, under 1.5 s with expert players; a 10-point club game in under a minute).

    python -m bench practice_bench [--games 3] [--levels ccc] [--gc] [--learning]
        [--base REV [--rounds 2]]

Starts ``streamlit run app.py`` on a free loopback port (with a throw-away database) and
Debian's chromium, the same harness as the browser tests, then plays whole games by clicking
the learner's first legal choice. A click is timed in the browser from pointer-down until
the page is idle again. Clicks are split by what they draw: an ordinary decision, the
decision that ends a hand (the page then draws the hand review: "hand end" is the time from
the last card until the review is on the screen) and "Next hand". The server's own time for
the page (its ``practice-render-ms`` mark) is printed beside them, for all clicks ("server ms") and
by kind ("ms decision", "ms hand end", "ms next hand").

``--base REV``: before and after in one run. REV is checked out in a temporary git worktree (its
compiled code built there first), and the same games are played against a server of REV and
one of this checkout (with its uncommitted changes), alternating, ``--rounds`` times each (base
first); each side's figures are printed over all its rounds, so both see the same machine load.

``--gc`` turns Streamlit's full garbage collection after every script run back on
(``runner.postScriptGC``), to show what it costs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench.base_tree import base_tree, head_commit
from bench.browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    CONTROLS,
    ROOT,
    click_and_wait,
    goto,
    new_page,
    streamlit_process,
)
from engine.core.rules import Rules
from practice.codes import DealCode, encode


def _has(page: object, key: str) -> bool:
    return bool(page.locator(f".st-key-{key} button").count())  # type: ignore[attr-defined]


def _server_ms(page: object) -> float:
    mark = page.locator('[data-testid="practice-render-ms"]').first  # type: ignore[attr-defined]
    return float(mark.get_attribute("data-ms"))


def _learning_mode_on(page: object) -> None:
    """Open the table settings and switch learning mode on (the first hand fully guided)."""
    page.get_by_text("Table settings").click()  # type: ignore[attr-defined]
    click_and_wait(page, page.get_by_text("Learning mode: the first hand fully guided"))  # type: ignore[attr-defined]
    if not page.get_by_text("Hint —").count():  # type: ignore[attr-defined]
        raise RuntimeError("learning mode shows no hint at the learner's first decision")


def play_games(url: str, games: int, levels: str, learning: bool = False) -> dict[str, list[float]]:
    kinds: dict[str, list[float]] = {
        "decision": [],
        "hand end": [],
        "next hand": [],
        "server ms": [],
        "ms decision": [],  # the server's time by kind of click
        "ms hand end": [],
        "ms next hand": [],
        "game wall s": [],
    }
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        for game in range(games):
            with new_page(browser, url) as page:
                path = f"/practice?deal={encode(DealCode(Rules(), seed=1000 + game))}&levels={levels}"
                goto(page, path)
                goto(page, path)  # the second visit is the one a player sees: server and browser warm
                if learning:
                    _learning_mode_on(page)
                started = time.perf_counter()
                for _ in range(2000):
                    if _has(page, "practice_new_game_end"):
                        break
                    if _has(page, "practice_next_hand"):
                        kind = "next hand"
                        seconds = click_and_wait(page, page.locator(".st-key-practice_next_hand button"))
                    else:
                        seconds = click_and_wait(page, page.locator(CONTROLS).first)
                        ended = _has(page, "practice_next_hand") or _has(page, "practice_new_game_end")
                        kind = "hand end" if ended else "decision"
                    kinds[kind].append(seconds)
                    kinds["server ms"].append(_server_ms(page))
                    kinds[f"ms {kind}"].append(_server_ms(page))
                kinds["game wall s"].append(time.perf_counter() - started)
        browser.close()
    return kinds


def show(name: str, xs: list[float]) -> None:
    if not xs:
        return
    xs = sorted(xs)
    p95 = f"p95 {xs[int(0.95 * (len(xs) - 1))]:8.3f}" if len(xs) >= 20 else " " * 12  # too few for a p95
    print(f"{name:>12}: n={len(xs):4d}  median {statistics.median(xs):8.3f}  {p95}  max {xs[-1]:8.3f}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench practice_bench", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--levels", default="ccc", help="one letter per computer seat: b, c or e")
    parser.add_argument("--gc", action="store_true", help="turn Streamlit's post-run full collection back on")
    parser.add_argument(
        "--learning",
        action="store_true",
        help="learning mode: a hint at every decision of each game's first hand",
    )
    parser.add_argument(
        "--base",
        help="a commit to compare against in the same run: a server of it and one of this checkout take turns",
    )
    parser.add_argument("--rounds", type=int, default=2, help="with --base: rounds of each side (default 2)")
    args = parser.parse_args(argv)
    if args.gc:
        os.environ["STREAMLIT_RUNNER_POST_SCRIPT_GC"] = "true"
    with tempfile.TemporaryDirectory() as tmp:
        sides = [(f"this checkout ({head_commit()[:7]} and its changes)", ROOT)]
        if args.base:
            with base_tree(args.base) as tree:
                sides.insert(0, (f"base {args.base} ({head_commit(tree)[:7]})", tree))
                results = play_sides(sides, args, Path(tmp), args.rounds)
        else:
            results = play_sides(sides, args, Path(tmp), 1)
    print(
        f"levels={args.levels} games={args.games} post-run GC={'on' if args.gc else 'off'} "
        f"learning mode={'on' if args.learning else 'off'} "
        f"load average {os.getloadavg()[0]:.2f}; click seconds in the browser:"
    )
    for label, kinds in results.items():
        if len(results) > 1:
            print(f"-- {label}:")
        for name, xs in kinds.items():
            show(name, xs)
        clicks = kinds["decision"] + kinds["hand end"] + kinds["next hand"]
        show("all clicks", clicks)
    return 0


def play_sides(
    sides: list[tuple[str, Path]], args: argparse.Namespace, tmp: Path, rounds: int
) -> dict[str, dict[str, list[float]]]:
    """Each side's figures over ``rounds`` rounds, the sides taking turns (a fresh server and
    database each time)."""
    results: dict[str, dict[str, list[float]]] = {}
    for round_no in range(rounds):
        for k, (label, root) in enumerate(sides):
            db = tmp / f"bench-{round_no}-{k}.sqlite3"
            with streamlit_process(db, f"bench-server-{k}", root) as (url, _):
                kinds = play_games(url, args.games, args.levels, args.learning)
            print(f"round {round_no + 1}, {label}: load average {os.getloadavg()[0]:.2f}", flush=True)
            for name, xs in kinds.items():
                results.setdefault(label, {}).setdefault(name, []).extend(xs)
    return results


if __name__ == "__main__":
    raise SystemExit(main())
