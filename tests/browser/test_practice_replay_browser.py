"""Replaying a finished practice hand in the browser: the viewer opens at the deal, the keyboard's
← and → (and Home / End) step through it like the buttons, and the table is drawn at each step;
then the hand's costly decision is answered again from the learner's seat by tapping a card."""

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


def test_the_keyboard_steps_through_the_replay(
    page: Any, goto: Any, click_and_wait: Any, wait_idle: Any, assert_no_exception: Any, screenshot: Any
) -> None:
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
    # the hand's costly decision (the dealer's discard), asked again from the learner's seat: the
    # other hands are backs until it is answered, and the discard is a tap on the card
    click_and_wait(page, page.get_by_text("Learn from your mistakes"))
    retry = page.locator('[data-testid="seat-retry"]')
    assert retry.count() == 1 and retry.locator("[data-seat]").count() == 4
    assert retry.get_attribute("data-verdict") == "asking"
    assert retry.locator('[data-seat="1"] img[data-card="back"]').count() == 5
    click_and_wait(page, page.locator('[class*="_quiz_2_discard-QS"] button').first)
    assert page.locator('[data-testid="seat-retry"]').get_attribute("data-verdict") == "right"
    assert "Right: Discard the Q♠" in page.locator('[data-testid="stMain"]').inner_text()
    click_and_wait(page, page.get_by_text("Show every hand"))
    assert page.locator('[data-testid="seat-retry"] [data-seat="1"] img[data-card="back"]').count() == 0
    assert_no_exception(page)
    screenshot(page, "practice-replay-retry")
