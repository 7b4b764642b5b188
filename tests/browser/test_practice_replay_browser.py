"""Replaying a finished practice hand in the browser: the viewer opens at the deal, the keyboard's
← and → (and Home / End) step through it like the buttons, and the table is drawn at each step."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bench.browser import CONTROLS
from engine.core.rules import Rules
from practice.codes import DealCode, encode

pytestmark = pytest.mark.browser

NEXT_HAND = ".st-key-practice_next_hand button, .st-key-practice_new_game_end button"
TABLE = '[data-testid="replay-table"]'


def _finish_hand(page: Any, click_and_wait: Any) -> None:
    for _ in range(60):
        if page.locator(NEXT_HAND).count():
            return
        click_and_wait(page, page.locator(CONTROLS).locator("visible=true").first)
    pytest.fail("the hand did not end in 60 clicks")


def _at_step(page: Any, step: int) -> None:
    page.wait_for_selector(f'{TABLE}[data-step="{step}"]', timeout=30_000)


def test_the_keyboard_steps_through_the_replay(page: Any, goto: Any, click_and_wait: Any, wait_idle: Any,
                                               assert_no_exception: Any, screenshot: Any) -> None:
    goto(page, f"/practice?deal={encode(DealCode(Rules(), seed=2))}&levels=ccc")
    _finish_hand(page, click_and_wait)
    click_and_wait(page, page.get_by_text("Replay this hand step by step"))
    _at_step(page, 0)
    steps = int(page.locator(TABLE).get_attribute("data-steps"))
    assert steps > 10
    assert page.locator(f"{TABLE} [data-seat]").count() == 4
    page.locator(TABLE).click()  # focus on the page, not on the toggle
    page.keyboard.press("ArrowRight")
    _at_step(page, 1)
    wait_idle(page)
    page.keyboard.press("ArrowRight")
    _at_step(page, 2)
    wait_idle(page)
    page.keyboard.press("ArrowLeft")
    _at_step(page, 1)
    wait_idle(page)
    page.keyboard.press("End")
    _at_step(page, steps)
    wait_idle(page)
    assert "The end of the hand." in page.locator('[data-testid="stMain"]').inner_text()
    click_and_wait(page, page.get_by_role("button", name=re.compile(r"^First")))
    _at_step(page, 0)
    assert_no_exception(page)
    screenshot(page, "practice-replay")
    # the hand's blunder (the dealer's discard), retried from the position before it
    click_and_wait(page, page.get_by_text("Learn from your mistakes"))
    retry = page.locator('[data-testid="replay-retry"]')
    assert retry.count() == 1 and retry.locator("[data-seat]").count() == 4
    click_and_wait(page, page.get_by_role("button", name="Discard the Q♠"))
    assert "not a mistake" in page.locator('[data-testid="stMain"]').inner_text()
    assert_no_exception(page)
    screenshot(page, "practice-replay-retry")
