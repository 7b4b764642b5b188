"""A pace a beginner can follow (issue 49, item 1), in Chromium on a phone (390×844).

A new learner (no ``ec_pace`` cookie) plays five hands at the default pace, Watch. The page's
felt carries ``data-actions``, how many of the hand's actions it shows; a MutationObserver in the
page notes every value it takes and when. For each hand:

- the first screen after "Next hand" (and the first of the game) shows the deal: 0 actions;
- every bid and every card up to the end of trick 1 is on screen by itself: the count goes up one
  at a time, never two at once, the learner's own forced cards included (they are steps too);
- each computer step stays at least ``READABLE_MS`` before the next (a bid's bubble can be read);
- a screenshot is taken of each step (test-artifacts/pace/).

After trick 1 the test taps "Skip to my turn" (and plays the first legal choice) to keep its run
short; the pace's own timings are ``practice.pace.TIMINGS``.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from bench.browser import ARTIFACTS, CONTROLS
from engine.core.rules import Rules
from practice.codes import DealCode, encode

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # a minute or more: the run starts it early

PHONE = (390, 844)
DEAL = f"/practice?deal={encode(DealCode(Rules(), seed=11))}&levels=ccc"
NEXT_HAND = ".st-key-practice_next_hand button"
GAME_OVER = ".st-key-practice_new_game_end button"
SKIP = ".st-key-practice_skip button"
READABLE_MS = 400  # a step shorter than this could not be read (the Watch pace gives 1.2-2 s)
HANDS = 5
SHOTS = ARTIFACTS / "pace"

# Every value the felt's data-actions takes, with the time it was first seen (ms, the page's clock)
# and whether the learner's choices were on screen while it lasted (the learner's own time to think).
OBSERVER = """(controls) => {
  window.__frames = [];
  const note = () => {
    const felt = document.querySelector('[data-testid="card-table"]');
    const value = felt ? felt.dataset.actions : null;
    const last = window.__frames.length ? window.__frames[window.__frames.length - 1] : null;
    if (value !== null && (last === null || last[0] !== value)) window.__frames.push([value, performance.now(), false]);
    const now = window.__frames.length ? window.__frames[window.__frames.length - 1] : null;
    if (now !== null && document.querySelector(controls)) now[2] = true;
  };
  note();
  new MutationObserver(note).observe(document.body, {subtree: true, childList: true, attributes: true});
}"""
# The felt's count, the cards on the trick and how many tricks are done ("Trick 2 · …" means one).
STATE = """() => {
  const felt = document.querySelector('[data-testid="card-table"]');
  if (!felt) return null;
  const centre = felt.querySelector('.ec-centre');
  return {actions: Number(felt.dataset.actions), trick: felt.querySelectorAll('[data-trick-seat]').length,
          title: centre ? centre.innerText : ''};
}"""


def _frames(page: Any) -> list[tuple[int, float, bool]]:
    return [(int(v), float(t), bool(c)) for v, t, c in page.evaluate("() => window.__frames")]


def _first_trick_over(state: dict[str, Any] | None) -> bool:
    """Trick 1 is done once the felt shows trick 2 or later (or the hand is over)."""
    if not state:
        return False
    title = str(state["title"])
    return "Trick 1 won" in title or any(f"Trick {n}" in title for n in range(2, 6))


def _visible(page: Any, selector: str) -> Any:
    return page.locator(selector).locator("visible=true")


def _hand_over(page: Any) -> bool:
    return bool(page.locator(NEXT_HAND).count() or page.locator(GAME_OVER).count())


def _watch_to_trick_two(page: Any, hand: int) -> None:
    """Watch the hand from the deal to the end of trick 1, a screenshot at each step, the learner
    making the first legal choice at each turn."""
    shot, seen = 0, -1
    while True:
        state = page.evaluate(STATE)
        if state is not None and state["actions"] != seen:
            seen = state["actions"]
            page.screenshot(path=str(SHOTS / f"hand{hand + 1}-step{shot:02d}.png"))
            shot += 1
        if _first_trick_over(state) or _hand_over(page):
            return
        controls = _visible(page, CONTROLS)
        if controls.count():
            controls.first.click()
        page.wait_for_timeout(60)


def _check_steps(page: Any, hand: int) -> None:
    """Since this hand's deal the felt's count went up one at a time, and every step the page moved
    on from by itself lasted long enough to read."""
    frames = _frames(page)
    start = max(i for i, (v, _, _) in enumerate(frames) if v == 0)  # this hand's deal
    steps = frames[start:]
    counts = [v for v, _, _ in steps]
    assert counts == list(range(len(counts))), (
        f"hand {hand + 1}: the table jumped ({counts}): a move was never shown by itself"
    )
    assert len(counts) >= 5  # at least the bids up to the learner and part of trick 1
    for (value, at, learners_turn), (_, nxt, _) in zip(steps, steps[1:], strict=False):
        if not learners_turn:  # a step the page moved on from by itself
            assert nxt - at >= READABLE_MS, f"hand {hand + 1}: step {value} lasted {nxt - at:.0f} ms"


def _finish_hand(page: Any) -> None:
    """The rest of the hand at once: skip to each turn and make the first legal choice. The page
    redraws at its own pace meanwhile, so a click that lands on a button just redrawn is tried
    again on the next turn of the loop (a busy machine redraws more slowly, never differently)."""
    for _ in range(400):
        if _hand_over(page):
            return
        target = _visible(page, SKIP) if _visible(page, SKIP).count() else _visible(page, CONTROLS)
        if target.count():
            try:
                target.first.click(timeout=5_000)
            except PlaywrightTimeout:
                pass  # redrawn under the click: look again
        page.wait_for_timeout(150)
    raise AssertionError("the hand did not end")


def test_a_new_learner_sees_each_bid_and_card_one_at_a_time(open_page: Any, app_url: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    with open_page(app_url, *PHONE, pace=None) as page:
        page.goto(app_url + DEAL)
        page.wait_for_selector('[data-testid="card-table"]', timeout=60_000)
        page.evaluate(OBSERVER, CONTROLS)
        for hand in range(HANDS):
            first = page.evaluate(STATE)
            assert first is not None and first["actions"] == 0, f"hand {hand + 1} did not start at the deal"
            _watch_to_trick_two(page, hand)
            _check_steps(page, hand)
            _finish_hand(page)
            if page.locator(GAME_OVER).count():
                break
            page.locator(NEXT_HAND).click()
            page.wait_for_function(
                "() => { const f = document.querySelector('[data-testid=\"card-table\"]');"
                " return f && f.dataset.actions === '0' && !document.querySelector('.st-key-practice_next_hand'); }"
            )
