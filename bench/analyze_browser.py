"""The Hand Analyzer in a real browser: seconds from the hand entered (Enter pressed on the upcard,
the hand already typed) until the result is on the screen, median and max over several hands;
and where "Next hand" sits on the Practice page at a phone's and a laptop's size.

    python -m bench analyze_browser [--hands 10] [--seed 30] [--no-next-hand] [--base REV [--rounds 2]]

Starts ``streamlit run app.py`` on a free loopback port (with a throw-away database) and Debian's
chromium, the harness of the browser tests (bench/browser.py). The hands are dealt from the seed
(five cards and an upcard of the 24-card deck; the first seat), typed into the page as a user
types them. The clock runs in the browser, from the Enter key until the result is drawn: the
verdict's heading names this hand's answer, the hand's six cards are drawn, and the page is idle
(``wait_idle``). One hand before the timed ones warms the server and the page.

``--base REV``: before and after in one run. REV is checked out in a temporary git worktree
(``bench.base_tree``, its compiled code built), and a server of it and one of this checkout (with
its uncommitted changes) take turns, ``--rounds`` times each (base first), each with a fresh
database, on the same hands.

"Next hand": a club game at 390x844 and at 1366x900, the learner's first legal choice until the
hand ends; the y of the button's top and bottom edges (CSS pixels from the top of the window).
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

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
    type_hand,
    wait_idle,
)
from engine.core.cards import make_deck
from engine.core.rules import Rules
from practice.codes import DealCode, encode

NEXT_HAND = ".st-key-practice_next_hand button"
DRAWN = """(cards) => {
  const shown = [...document.querySelectorAll('[data-testid="an-hand"] img[data-card]')].map(i => i.dataset.card);
  const verdict = document.querySelector('.st-key-an_verdict h2');
  return verdict !== null && cards.every(c => shown.includes(c));
}"""


def hands(count: int, seed: int) -> list[tuple[str, str]]:
    """``count`` (hand, upcard) pairs dealt from the 24-card deck by ``seed``; no upcard is the one
    before it (the warm-up's 9H first), so its Enter changes the question and starts the analysis."""
    rng = random.Random(seed)
    deck = list(make_deck(24, False))
    out: list[tuple[str, str]] = []
    while len(out) < count:
        cards = rng.sample(deck, 6)
        if str(cards[5]) != (out[-1][1] if out else "9H"):
            out.append((" ".join(str(c) for c in cards[:5]), str(cards[5])))
    return out


def time_answer(page: Any, hand: str, upcard: str) -> float:
    """Type the hand (Enter), then the upcard; seconds from the upcard's Enter to the answer drawn."""
    up = type_hand(page, hand, upcard)
    page.evaluate("window.__ecEnterAt = null")
    up.evaluate(
        "el => el.addEventListener('keydown', () => { window.__ecEnterAt = performance.now(); }, {once: true})"
    )
    up.press("Enter")
    page.wait_for_function(DRAWN, arg=[*hand.split(), upcard], timeout=120_000, polling=20)
    wait_idle(page, settle_ms=50, timeout_ms=120_000)
    drawn_ms = float(page.evaluate("performance.now() - window.__ecEnterAt"))
    return drawn_ms / 1000


def analyze_times(url: str, count: int, seed: int) -> list[float]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        with new_page(browser, url, 1366, 900) as page:
            goto(page, "/analyze")
            time_answer(page, "JH JD AH KH AS", "9H")  # warm: the page's modules, the simulator
            times = [time_answer(page, hand, up) for hand, up in hands(count, seed)]
        browser.close()
    return times


def next_hand_y(url: str) -> dict[str, tuple[float, float]]:
    """The top and bottom y of "Next hand" when a hand ends, at 390x844 and 1366x900."""
    out = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        for width, height in ((390, 844), (1366, 900)):
            with new_page(browser, url, width, height) as page:
                goto(page, f"/practice?deal={encode(DealCode(Rules(), seed=2024))}&levels=ccc")
                for _ in range(60):
                    if page.locator(NEXT_HAND).count():
                        break
                    click_and_wait(page, page.locator(CONTROLS).locator("visible=true").first)
                page.evaluate("window.scrollTo(0, 0)")
                box = page.locator(NEXT_HAND).first.bounding_box()
                out[f"{width}x{height}"] = (box["y"], box["y"] + box["height"])
        browser.close()
    return out


def _times(root: Path, tmp: Path, name: str, args: argparse.Namespace) -> list[float]:
    with streamlit_process(tmp / f"{name}.sqlite3", f"bench-analyze-{name}", root) as (url, _):
        return analyze_times(url, args.hands, args.seed)


def _show(label: str, times: list[float], seed: int) -> None:
    print(f"analyze{label}: hand entered -> result on screen, {len(times)} hands (seed {seed}), 1366x900")
    print(f"  median {statistics.median(times):.2f} s   max {max(times):.2f} s   min {min(times):.2f} s")
    print("  each: " + " ".join(f"{t:.2f}" for t in times))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench analyze_browser", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--hands", type=int, default=10, help="timed hands (default 10)")
    parser.add_argument("--seed", type=int, default=30, help="deals the hands (default 30)")
    parser.add_argument("--no-next-hand", action="store_true", help="leave out the Next hand positions")
    parser.add_argument("--base", help="a commit to compare against in the same run (servers take turns)")
    parser.add_argument("--rounds", type=int, default=2, help="with --base: rounds of each side (default 2)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        if args.base:
            with base_tree(args.base) as tree:
                sides = {f" (base {args.base})": tree, f" (this checkout, {head_commit()[:7]})": ROOT}
                times: dict[str, list[float]] = {label: [] for label in sides}
                for round_no in range(args.rounds):
                    for k, (label, root) in enumerate(sides.items()):
                        times[label] += _times(root, tmp, f"{round_no}-{k}", args)
            for label, each in times.items():
                _show(label, each, args.seed)
            return 0
        with streamlit_process(tmp / "bench.sqlite3", "bench-analyze") as (url, _):
            _show("", analyze_times(url, args.hands, args.seed), args.seed)
            if not args.no_next_hand:
                for size, (top, bottom) in next_hand_y(url).items():
                    print(f"practice: 'Next hand' at {size}: top y {top:.0f} px, bottom y {bottom:.0f} px")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
