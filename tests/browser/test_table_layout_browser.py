"""The card table's layout in Chromium: what must be on the first screen without scrolling.

- Practice at a laptop's 1366×900: after the deal the learner's cards and the bid buttons, and
  after bidding the playable cards with their buttons, end above the bottom of the window.
- The Rules walkthrough in present mode at 1920×1080: all four hands on the one screen.
- ``?present=1`` in a link: buttons (and text) larger than without it, the sidebar folded away,
  and ``present=1`` kept in the link on the next page.

Positions are measured with getBoundingClientRect, relative to the window as first shown.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.rules import Rules
from practice.codes import DealCode, encode

pytestmark = pytest.mark.browser

LAPTOP = (1366, 900)
CLASSROOM = (1920, 1080)
BIDS = '[class*="st-key-practice_bid_"] button'
PLAY = '[class*="st-key-practice_play-"] button'

_BOTTOMS = """(selector) => Array.from(document.querySelectorAll(selector))
  .map(e => e.getBoundingClientRect()).filter(r => r.width > 0 && r.height > 0)
  .map(r => [r.bottom, r.right])"""


def _bottoms(page: Any, selector: str) -> list[tuple[float, float]]:
    return [(float(b), float(r)) for b, r in page.evaluate(_BOTTOMS, selector)]


def test_the_practice_hand_and_bid_buttons_are_on_a_laptops_first_screen(kit: Any, app_url: str) -> None:
    width, height = LAPTOP
    with kit.open_page(app_url, width, height) as page:
        kit.goto(page, f"/practice?deal={encode(DealCode(Rules(), seed=31337))}&levels=ccc")
        hand = _bottoms(page, '[data-hand="south"] img')
        bids = _bottoms(page, BIDS)
        assert len(hand) == 5 and bids, "the learner bids first in this deal, with five cards"
        kit.record_timing("layout.practice.1366.hand_bottom_px", max(b for b, _ in hand))
        kit.record_timing("layout.practice.1366.bids_bottom_px", max(b for b, _ in bids))
        assert max(b for b, _ in hand) < height and max(b for b, _ in bids) < height
        assert max(r for _, r in hand + bids) <= width
        # the other seats around the felt: one row of face-down cards each, the upcard in the middle
        for seat in ("1", "2", "3"):
            tops = page.evaluate(f"""Array.from(document.querySelectorAll('[data-seat="{seat}"] img'))
                                   .map(e => Math.round(e.getBoundingClientRect().top))""")
            assert len(tops) == 5 and len(set(tops)) == 1, (seat, tops)
        assert page.locator('[data-centre="upcard"] img[data-card]').count() == 2  # upcard and kitty
        kit.screenshot(page, "layout-practice-bid-1366x900")
        # order it up: play begins, and the cards the learner clicks are on the first screen too
        kit.click_and_wait(page, page.locator(".st-key-practice_bid_order button").first)
        page.locator(PLAY).first.wait_for()
        play = _bottoms(page, PLAY)
        assert play and max(b for b, _ in play) < height
        kit.record_timing("layout.practice.1366.play_buttons_bottom_px", max(b for b, _ in play))
        kit.screenshot(page, "layout-practice-play-1366x900")


@pytest.mark.parametrize("step", [0, 12])
def test_the_walkthroughs_four_hands_fit_one_classroom_screen_in_present_mode(
    kit: Any, app_url: str, step: int
) -> None:
    width, height = CLASSROOM
    with kit.open_page(app_url, width, height) as page:
        kit.goto(page, f"/rules?section=deal&seed=42&dealer=0&step={step}&present=1")
        cards = {seat: _bottoms(page, f'[data-row="seat-{seat}"] img[data-card]') for seat in range(4)}
        expected = 5 if step == 0 else 3  # three tricks under way at step 12: two played, one in play
        assert all(len(c) in (expected, expected - 1) for c in cards.values()), cards
        everything = [box for boxes in cards.values() for box in boxes]
        assert max(b for b, _ in everything) <= height, "a hand runs below the classroom screen"
        assert max(r for _, r in everything) <= width
        # the step's sentence and the Next button are on the same screen
        nxt = page.get_by_role("button", name="Next").first.bounding_box()
        assert nxt is not None and nxt["y"] + nxt["height"] <= height
        kit.screenshot(page, f"layout-rules-deal-present-step{step}-1920x1080")


def _button_size(page: Any, name: str) -> tuple[float, float]:
    box = page.get_by_role("button", name=name).first.evaluate(
        "e => [parseFloat(getComputedStyle(e).fontSize), e.getBoundingClientRect().height]"
    )
    return float(box[0]), float(box[1])


def test_present_1_in_a_link_makes_the_controls_bigger_and_stays_in_the_link(kit: Any, app_url: str) -> None:
    width, height = CLASSROOM
    with kit.open_page(app_url, width, height) as plain, kit.open_page(app_url, width, height) as present:
        kit.goto(plain, "/rules?section=deal&seed=7&dealer=0")
        kit.goto(present, "/rules?section=deal&seed=7&dealer=0&present=1")
        font, tall = _button_size(plain, "New deal")
        big_font, big_tall = _button_size(present, "New deal")
        assert big_font >= font * 1.25 and big_tall >= tall * 1.2, ((font, tall), (big_font, big_tall))
        text = "e => parseFloat(getComputedStyle(e).fontSize)"
        assert present.locator("h3").first.evaluate(text) > plain.locator("h3").first.evaluate(text)
        # the sidebar starts folded away in present mode, open without it
        assert present.locator('[data-testid="stSidebar"]').get_attribute("data-collapsed") == "true"
        assert plain.locator('[data-testid="stSidebar"]').get_attribute("data-collapsed") == "false"
        # another page keeps present mode and the link keeps present=1
        kit.goto(present, "/?present=1")
        kit.click_and_wait(
            present, present.locator('[data-testid="stMain"]').get_by_role("link", name="Practice")
        )
        present.wait_for_url("**present=1**")
        big_font, _ = _button_size(present, "New game")
        font, _ = _button_size(plain, "New deal")
        assert big_font >= font * 1.25
