"""Puzzles page timings in a real browser at phone size (targets: answer to feedback at most 0.2 s
p95; the next puzzle shown at most 0.3 s p95 after the click).

    python -m bench puzzle_bench [--puzzles 40] [--bank PATH] [--seats 12 --opens 8]

Starts ``streamlit run app.py`` on a free loopback port with a throw-away database and Debian's
Chromium at 390 x 844 (the harness of the browser tests, bench/browser.py). The bank is ``--bank``,
else the shipped bank when it exists, else a small one the engine makes first
(``practice.puzzle_sample``: ``--seats`` seat puzzles and ``--opens`` open-hand ones). Each
puzzle is answered by a tap on a choice, wrong and right in turn (a wrong one's rating is recorded
at once, a right one's when the puzzle is over); a puzzle not over then is shown ("Show the
answer"); then "Next puzzle". A click is timed in the browser from pointer-down until the page is
idle again; the server's own time for the run (its ``puzzles-render-ms`` mark) is printed beside.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import sync_playwright

from bench.browser import CHROMIUM, CHROMIUM_ARGS, click_and_wait, goto, new_page, streamlit_process
from engine.core.actions import Action
from engine.puzzles.bank import BANK_FILE, Puzzle, read_bank
from practice.puzzle_play import progress
from practice.puzzle_sample import write_sample
from practice.puzzles import ENV_VAR
from practice.table_text import action_label

PHONE = (390, 844)


def _shown(page: Any, bank: dict[str, Puzzle]) -> Puzzle:
    ids = parse_qs(urlsplit(page.url).query).get("puzzle", [])
    if not ids or ids[0] not in bank:
        raise RuntimeError(f"no puzzle of the bank on the page: {page.url}")
    return bank[ids[0]]


def _choice(page: Any, puzzle: Puzzle, text: str) -> Any:
    kind, _, card = text.partition(" ")
    if kind in ("play", "discard"):
        return page.locator(f'[class*="st-key-pz"][class*="_{kind}-{card}"] button >> visible=true').first
    state = progress(puzzle, ()).now
    return page.get_by_role("button", name=action_label(state, Action.parse(text)), exact=True)


def _server_ms(page: Any) -> float:
    return float(page.locator('[data-testid="puzzles-render-ms"]').first.get_attribute("data-ms"))


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[18] if len(values) >= 2 else values[0]


def _line(name: str, seconds: list[float], server: list[float]) -> str:
    return (
        f"{name:<22} n={len(seconds):3d}  p50 {statistics.median(seconds):.3f} s  p95 {_p95(seconds):.3f} s  "
        f"max {max(seconds):.3f} s  (server p50 {statistics.median(server):.0f} ms, p95 {_p95(server):.0f} ms)"
    )


def run(bank_path: Path, count: int) -> tuple[list[float], list[float], list[float], list[float]]:
    """(answer seconds, answer server ms, next seconds, next server ms) over ``count`` puzzles."""
    bank = {p.id: p for p in read_bank(bank_path)[0]}
    answers: list[float] = []
    answers_ms: list[float] = []
    nexts: list[float] = []
    nexts_ms: list[float] = []
    os.environ[ENV_VAR] = str(bank_path)
    with (
        tempfile.TemporaryDirectory() as tmp,
        streamlit_process(Path(tmp) / "coach.sqlite3", "puzzle-bench") as (
            url,
            _,
        ),
        sync_playwright() as pw,
    ):
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        with new_page(browser, url, *PHONE) as page:
            goto(page, "/puzzles")
            for k in range(count):
                puzzle = _shown(page, bank)
                wrong = [c for c in puzzle.problem.choices if c not in puzzle.problem.right]
                choice = wrong[0] if k % 2 == 0 and wrong else puzzle.problem.right[0]
                answers.append(click_and_wait(page, _choice(page, puzzle, choice)))
                answers_ms.append(_server_ms(page))
                if not page.get_by_role("button", name="Next puzzle").count():
                    answers.append(click_and_wait(page, page.get_by_role("button", name="Show the answer")))
                    answers_ms.append(_server_ms(page))
                nexts.append(click_and_wait(page, page.get_by_role("button", name="Next puzzle")))
                nexts_ms.append(_server_ms(page))
        browser.close()
    return answers, answers_ms, nexts, nexts_ms


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench puzzle_bench", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--puzzles", type=int, default=40)
    parser.add_argument("--bank", type=Path, default=None)
    parser.add_argument("--seats", type=int, default=12)
    parser.add_argument("--opens", type=int, default=8)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        path = args.bank or (BANK_FILE if BANK_FILE.exists() else None)
        if path is None:
            path = Path(tmp) / "bank.jsonl.gz"
            made = write_sample(path, args.seats, args.opens)
            print(f"no bank file: made a sample of {len(made)} puzzles with the engine's judges")
        answers, answers_ms, nexts, nexts_ms = run(path, args.puzzles)
    print(f"{args.puzzles} puzzles at {PHONE[0]}x{PHONE[1]} (load average {os.getloadavg()[0]:.2f})")
    print(_line("answer -> feedback", answers, answers_ms) + "   target p95 <= 0.2 s")
    print(_line("next puzzle shown", nexts, nexts_ms) + "   target p95 <= 0.3 s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
