"""Between two hands at the Practice table: no scrolling to reach "Next hand".

When a hand is over, a short result line ("North–South made it: 1 point, 4–6") and the "Next hand"
button come first, on the first screen, at a laptop's 1366×900 and at a phone's 390×844; the hand
review follows under them. Positions are measured with getBoundingClientRect, relative to the
window as first shown (Streamlit scrolls its main area, which starts at the top after a rerun).
"""

from __future__ import annotations

from contextlib import ExitStack
from typing import Any

import pytest

from bench.browser import CONTROLS
from engine.core.rules import Rules
from practice.codes import DealCode, encode

pytestmark = pytest.mark.browser

SIZES = {"laptop": (1366, 900), "phone": (390, 844)}
NEXT_HAND = ".st-key-practice_next_hand button"

_BOX = """(selector) => { const e = document.querySelector(selector);
  if (!e) return null; const r = e.getBoundingClientRect(); return [r.top, r.bottom, r.right]; }"""


def test_next_hand_and_the_result_are_on_the_first_screen(kit: Any, app_url: str) -> None:
    # both sizes side by side, each its own session, the same deal played together (click_all): the
    # learner's first legal choice until the hand is over
    with ExitStack() as stack:
        pages = {size: stack.enter_context(kit.open_page(app_url, *SIZES[size])) for size in SIZES}
        everyone = list(pages.values())
        kit.goto_all(
            everyone, [f"/practice?deal={encode(DealCode(Rules(), seed=5150))}&levels=ccc"] * len(pages)
        )
        for _ in range(60):
            playing = [page for page in everyone if not page.locator(NEXT_HAND).count()]
            if not playing:
                break
            kit.click_all(playing, [page.locator(CONTROLS).locator("visible=true").first for page in playing])
        else:
            pytest.fail("the hand did not end in 60 clicks")
        for size, page in pages.items():
            width, height = SIZES[size]
            page.evaluate("document.querySelector('[data-testid=\"stMain\"]')?.scrollTo(0, 0)")
            box = page.evaluate(_BOX, NEXT_HAND)
            assert box is not None, size
            top, bottom, right = box
            kit.record_timing(f"layout.practice.{width}.next_hand_bottom_px", bottom)
            kit.screenshot(page, f"practice-between-hands-{width}x{height}")
            assert bottom < height, f"{size}: Next hand ends at y={bottom:.0f}, under the {height} px window"
            assert right <= width, size
            line = page.locator('[data-testid="practice-hand-result"]')
            assert line.count() == 1, size
            text = line.inner_text()
            assert "made it" in text or "euchred" in text or "marched" in text or "thrown in" in text, text
            assert "–" in text  # the game score
            result = page.evaluate(_BOX, '[data-testid="practice-hand-result"]')
            assert result is not None and result[1] < height, size
            # the review comes after the button
            review = page.evaluate(_BOX, '[data-testid="practice-hand-record"]')
            assert review is not None and review[0] > top, size
