"""Issue 41, items 8 and 9, in Chromium at a phone's, a laptop's and a projector's size.

Item 8, the analyzer's wording at 9-6 (a game to 10): J♥ J♦ A♥ A♠ 9♣ with the 9♥ up, first seat.
Ordering up takes three tricks or more on every deal (three top trumps: it is never euchred), and
one point wins the game from 9, so ordering up and ordering up alone both win it: no "close call"
box, and no chance of winning printed with a sign. The seat box shows its whole label; the score
box's placeholder reads as an example, not as an entered score.

Item 9, the card-order exercise (lesson "ranking", step 4, seed 5): Q♣ J♥ A♥ 10♥ 9♣ with clubs
trump. By docs/rules.md §3 the order, strongest first, is Q♣ 9♣ (trumps; the J♥ is no bower under
clubs), then A♥ J♥ 10♥. Pressing 9♣ A♥ J♥ 10♥ Q♣ puts only the Q♣ out of place: one card is
marked ✗ and four ✓ (marking place by place would mark all five ✗).
"""

from __future__ import annotations

import re
from contextlib import ExitStack
from typing import Any

import pytest

pytestmark = pytest.mark.browser

SIZES = {"phone": (390, 844), "laptop": (1366, 900), "projector": (1920, 1080)}
NINE_SIX = "/analyze?view=standard/3/JH-JD-AH-AS-9C,?,?,?/9H&score=9,6"


def test_the_analyzer_says_both_win_the_game_at_nine_six(kit: Any, app_url: str) -> None:
    with ExitStack() as stack:  # the three sizes side by side, each its own session, loaded together
        pages = {size: stack.enter_context(kit.open_page(app_url, *SIZES[size])) for size in SIZES}
        kit.goto_all(list(pages.values()), [NINE_SIX] * len(pages))
        for size, page in pages.items():
            page.locator(".st-key-an_verdict h2").wait_for(timeout=60_000)
            kit.wait_idle(page)
            kit.assert_no_exception(page)
            headline = str(page.locator(".st-key-an_verdict h2").inner_text())
            assert "both win the game" in headline, (size, headline)
            main = str(page.locator('[data-testid="stMain"]').inner_text())
            assert "Close call" not in main, size
            assert not re.search(r"\+\d+(\.\d+)?%", main), (size, re.findall(r".{30}\+\d+(?:\.\d+)?%", main))
            seat = page.locator('input[aria-label="Your seat"]')
            assert seat.input_value() == "first (left of the dealer)", size
            assert seat.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), (
                f"{size}: the seat's label is cut"
            )
            score = page.locator('input[aria-label="Score (you, them)"]')
            assert score.get_attribute("placeholder") == "e.g. 6,8", size
            kit.screenshot(page, f"analyze-nine-six-{size}")


def test_one_card_out_of_place_is_the_one_marked(kit: Any, app_url: str) -> None:
    with ExitStack() as stack:  # the three sizes side by side, each its own session, pressed together
        pages = {size: stack.enter_context(kit.open_page(app_url, *SIZES[size])) for size in SIZES}
        everyone = list(pages.values())
        kit.goto_all(everyone, ["/learn?lesson=ranking&step=4&seed=5"] * len(pages))
        for page in everyone:
            kit.assert_no_exception(page)
        for card in ("9♣", "A♥", "J♥", "10♥", "Q♣"):
            kit.click_all(everyone, [page.get_by_role("button", name=card, exact=True) for page in everyone])
        for size, page in pages.items():
            kit.assert_no_exception(page)
            main = str(page.locator('[data-testid="stMain"]').inner_text())
            assert main.count("✗") == 1 and main.count("✓") == 4, (size, main[-600:])
            assert re.search(r"5th ✗", main), (size, main[-600:])  # the Q♣, pressed last, belongs first
            kit.screenshot(page, f"card-order-marks-{size}")
