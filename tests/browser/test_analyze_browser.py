"""The Hand Analyzer end to end in Chromium: paste a hand, run the analysis, read the recommendation.

Two hands whose answers a club player knows without a simulation: both bowers, the ace and
king of trump and an off-ace order up alone (only the Q, 10 and 9 of trump are out, docs/rules.md
§3); no trump and no ace in first seat passes. The figure analyze.paste_to_answer (seconds
from pressing Enter on the upcard to the rendered answer) goes to test-artifacts/timings.json.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

pytestmark = pytest.mark.browser


def ask(page: Any, wait_idle: Any, hand: str, upcard: str) -> float:
    """Type the hand and the upcard as a user would (Enter commits each box); seconds to the answer."""
    box = page.get_by_role("textbox", name="Your hand")
    box.fill(hand)
    box.press("Enter")
    wait_idle(page)
    up = page.get_by_role("textbox", name="Upcard", exact=True)
    up.fill(upcard)
    start = time.perf_counter()
    up.press("Enter")
    wait_idle(page)
    return time.perf_counter() - start


def recommendation(page: Any) -> str:
    heading = page.get_by_role("heading", name=re.compile(r"^Recommendation:"))
    heading.wait_for(timeout=20_000)
    return str(heading.inner_text())


def test_paste_a_hand_and_read_the_recommendation(
    page: Any, goto: Any, wait_idle: Any, assert_no_exception: Any, screenshot: Any, record_timing: Any
) -> None:
    goto(page, "/analyze")
    assert_no_exception(page)
    seconds = ask(page, wait_idle, "JH JD AH KH AS", "9H")
    assert_no_exception(page)
    assert "order up alone" in recommendation(page)
    main = page.locator('[data-testid="stMain"]')
    text = str(main.inner_text())
    assert "right bower" in text and "left bower" in text
    deals = re.search(r"(\d+) sampled deals in ([\d.]+) s", text)
    assert deals is not None, text[-800:]
    assert int(deals.group(1)) >= 24
    record_timing("analyze.paste_to_answer", seconds)
    screenshot(page, "analyze-order-alone")

    ask(page, wait_idle, "9C TD QS KD 9S", "9H")
    assert_no_exception(page)
    assert recommendation(page).endswith("pass")
    screenshot(page, "analyze-pass")
