"""The learner's cards at the Practice table are the buttons, in Chromium.

- A click (or a tap) on the card's picture plays it: the button is stretched over the picture.
- The cards that may be played are raised; the others are greyed out and a click on them does nothing.
- Keys 1, 2, ... play the first, second, ... card that may be played (not while typing in a box).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.rules import Rules
from practice.codes import DealCode, encode

pytestmark = pytest.mark.browser

PLAY = '[class*="st-key-practice_play-"] button'
# each card of the hand: its picture's box, whether its button is enabled, and the card
_CARDS = """() => Array.from(document.querySelectorAll('[class*="st-key-practice_play_cell-"]')).map(cell => {
  const img = cell.querySelector('img'); const b = cell.querySelector('button');
  const r = img.getBoundingClientRect();
  return {card: img.dataset.card, x: r.x + r.width / 2, y: r.y + r.height / 2, top: r.top,
          enabled: !b.disabled, opacity: getComputedStyle(img).opacity}; })"""


def _decisions(page: Any) -> str:
    search = str(page.evaluate("window.location.search"))
    text: str = page.locator('[data-testid="stMainBlockContainer"]').inner_text()
    return search + text


def _to_a_play_with_a_choice(page: Any, click_and_wait: Any) -> list[dict[str, Any]]:
    """Order it up, then click the first legal card until some cards are disabled and two or more
    may be played."""
    click_and_wait(page, page.locator(".st-key-practice_bid_order button").first)
    for _ in range(10):
        page.locator(PLAY).first.wait_for()
        cards = page.evaluate(_CARDS)
        legal = [c for c in cards if c["enabled"]]
        if len(legal) >= 2 and len(legal) < len(cards):
            return list(cards)
        click_and_wait(page, page.locator(f"{PLAY}:not([disabled])").first)
    pytest.fail("no play with both kinds of card")


def test_the_card_picture_is_the_button(
    page: Any, goto: Any, click_and_wait: Any, wait_idle: Any, screenshot: Any
) -> None:
    goto(page, f"/practice?deal={encode(DealCode(Rules(), seed=31337))}&levels=ccc")
    cards = _to_a_play_with_a_choice(page, click_and_wait)
    screenshot(page, "practice-cards-as-buttons")
    legal = [c for c in cards if c["enabled"]]
    other = [c for c in cards if not c["enabled"]]
    assert min(c["top"] for c in other) - max(c["top"] for c in legal) >= 4, "playable cards are raised"
    assert all(float(c["opacity"]) < 1 for c in other) and all(float(c["opacity"]) == 1 for c in legal)
    # a click on a greyed-out card does nothing
    before = _decisions(page)
    page.mouse.click(other[0]["x"], other[0]["y"])
    page.wait_for_timeout(700)
    wait_idle(page)
    assert _decisions(page) == before
    # a click in the middle of a playable card's picture plays it
    played = legal[0]["card"]
    count = page.run_watch.finished
    page.mouse.click(legal[0]["x"], legal[0]["y"])
    page.run_watch.wait_beyond(page, count)
    wait_idle(page)
    assert page.locator(f'[class*="st-key-practice_play_cell-{played}"]').count() == 0, "the card was played"


def test_number_keys_play_the_cards_that_may_be_played(
    page: Any, goto: Any, click_and_wait: Any, wait_idle: Any
) -> None:
    goto(page, f"/practice?deal={encode(DealCode(Rules(), seed=31337))}&levels=ccc")
    cards = _to_a_play_with_a_choice(page, click_and_wait)
    legal = [c["card"] for c in cards if c["enabled"]]
    # typing a digit in a text box is typing, not playing
    page.locator("details summary", has_text="Table settings").click()
    box = page.get_by_placeholder("ABCD-EFGH-IJKL-MNOP")
    box.click()
    box.press("2")
    page.wait_for_timeout(700)
    wait_idle(page)
    assert page.locator(f'[class*="st-key-practice_play_cell-{legal[1]}"]').count() == 1
    box.blur()
    page.locator('[data-testid="card-table"]').click()
    count = page.run_watch.finished
    page.keyboard.press("2")
    page.run_watch.wait_beyond(page, count)
    wait_idle(page)
    assert page.locator(f'[class*="st-key-practice_play_cell-{legal[1]}"]').count() == 0, "key 2 played it"
