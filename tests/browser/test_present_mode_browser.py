"""Present mode on a classroom screen (issue 30, "Present mode for a room"), in Chromium, measured.

- At 1920x1080 body text is at least 28 px and every card's corner index on the walkthrough's table
  at least 24 px (the index is drawn in the card's picture: its size follows the picture's width).
- The walkthrough's hands never overlap one another and the card marked NEXT is not covered, at
  1920x1080 and 1366x768.
- At 1366x768 (and 1920x1080) the table, South's hand included, is on the screen.
- Switched on from the sidebar, present mode leaves the keys a presenter's clicker sends (the arrow
  keys, Page Up / Page Down) stepping the walkthrough straight away, without a click elsewhere.
- The link follows the walkthrough's step: a reload shows the same step; a bad step is explained.

Screenshots: test-artifacts/present/<what>-<w>x<h>.png.
"""

from __future__ import annotations

import re
from contextlib import ExitStack
from typing import Any

import pytest

pytestmark = pytest.mark.browser

CLASSROOM = (1920, 1080)
LAPTOP = (1366, 768)
DEAL = "/rules?section=deal&seed=42&dealer=0&present=1&step="
STEPS = (0, 6, 12)  # the deal, a trick in play with South's card marked NEXT, the third trick

# ui/cards.py draws a card in a 100-unit-wide box: the rank in the corner is 25 units high (a 10's
# two digits too, narrowed to the corner's width), and the index (rank and suit sign) runs from the
# rank's top (y 27 - 0.716 x size, Arial's capital height) to the suit sign's foot (y 38 + 7.5).
RANK_UNITS = 25

_CARDS = """() => [...document.querySelectorAll('[data-testid="card-table"] img[data-card]')].map(i => {
  const b = i.getBoundingClientRect();
  return {card: i.dataset.card, state: i.dataset.state, x: b.left, y: b.top, w: b.width, h: b.height};
})"""

_HANDS = """() => Object.fromEntries([...document.querySelectorAll('[data-testid="card-table"] [data-row^="seat-"]')]
  .map(e => { const b = e.getBoundingClientRect(); return [e.dataset.row, [b.left, b.top, b.right, b.bottom]]; }))"""

# Is the card marked NEXT the topmost element at points all over it (nothing covers it)?
_NEXT_UNCOVERED = """() => {
  const card = document.querySelector('[data-testid="card-table"] img[data-state="next"]');
  if (!card) return null;
  const b = card.getBoundingClientRect();
  const points = [];
  for (const fx of [0.08, 0.5, 0.92]) for (const fy of [0.06, 0.5, 0.94]) points.push([b.left + fx * b.width, b.top + fy * b.height]);
  return points.every(([x, y]) => document.elementFromPoint(x, y) === card);
}"""

# Body text: the page's paragraphs, leaving out captions, alerts and the table's own small print.
_BODY_TEXT = """() => [...document.querySelectorAll('[data-testid="stMain"] [data-testid="stMarkdownContainer"] p')]
  .filter(p => p.getBoundingClientRect().height > 0 && !p.closest('[data-testid="stCaptionContainer"]'))
  .map(p => parseFloat(getComputedStyle(p).fontSize))"""


def _step_shown(page: Any) -> int:
    match = re.search(r"Step (\d+) of", page.locator('[data-testid="stMain"]').inner_text())
    assert match, "no 'Step n of m' on the page"
    return int(match.group(1))


def _press(page: Any, wait_idle: Any, key: str) -> None:
    count = page.run_watch.finished
    page.keyboard.press(key)
    page.run_watch.wait_beyond(page, count)
    wait_idle(page)


def _disjoint(a: list[float], b: list[float]) -> bool:
    return a[2] <= b[0] + 0.5 or b[2] <= a[0] + 0.5 or a[3] <= b[1] + 0.5 or b[3] <= a[1] + 0.5


def test_text_and_card_indices_are_large_on_a_1920_screen(
    open_page: Any, app_url: str, goto: Any, screenshot: Any, record_timing: Any
) -> None:
    width, height = CLASSROOM
    with open_page(app_url, width, height) as page:
        for step in STEPS:
            goto(page, f"{DEAL}{step}")
            body = page.evaluate(_BODY_TEXT)
            assert body and min(body) >= 27.99, body
            cards = page.evaluate(_CARDS)
            assert len(cards) >= 10, cards
            index = [RANK_UNITS * c["w"] / 100 for c in cards]
            label = [(38 + 7.5 - (27 - 0.716 * RANK_UNITS)) * c["w"] / 100 for c in cards]
            assert min(index) >= 24, sorted(zip(index, [c["card"] for c in cards], strict=True))[:3]
            assert min(label) >= 24
            if step == 6:
                record_timing("present.1920.body_text_px", min(body))
                record_timing("present.1920.card_index_px", min(index))
            screenshot(page, f"present/rules-deal-step{step}-{width}x{height}")


def test_the_walkthrough_fits_the_screen_and_no_hand_covers_another(
    open_page: Any, app_url: str, goto_all: Any, screenshot: Any
) -> None:
    sizes = (CLASSROOM, LAPTOP)
    with ExitStack() as stack:  # both sizes side by side, each its own session, loaded together
        pages = [stack.enter_context(open_page(app_url, *size)) for size in sizes]
        for step in STEPS:
            goto_all(pages, [f"{DEAL}{step}"] * len(pages))
            for page, (width, height) in zip(pages, sizes, strict=True):
                size = f"{width}x{height}"
                hands = page.evaluate(_HANDS)
                assert sorted(hands) == [f"seat-{s}" for s in range(4)], size
                rows = list(hands.items())
                for i, (name, box) in enumerate(rows):
                    for other, box2 in rows[i + 1 :]:
                        assert _disjoint(box, box2), (size, step, name, box, other, box2)
                cards = page.evaluate(_CARDS)
                for i, a in enumerate(cards):  # no card covers another anywhere on the table (open hands)
                    for b in cards[i + 1 :]:
                        boxes = (
                            [a["x"], a["y"], a["x"] + a["w"], a["y"] + a["h"]],
                            [b["x"], b["y"], b["x"] + b["w"], b["y"] + b["h"]],
                        )
                        assert _disjoint(*boxes), (size, step, a, b)
                if step in (0, 6):  # someone is about to play a card (step 0: a bid, no card)
                    assert page.evaluate(_NEXT_UNCOVERED) in (True, None), size
                if step == 6:
                    assert page.evaluate(_NEXT_UNCOVERED) is True, size
                table = page.locator('[data-testid="card-table"]').bounding_box()
                assert table is not None and table["y"] + table["height"] <= height, (size, step, table)
                assert (
                    max(c["y"] + c["h"] for c in cards) <= height
                    and max(c["x"] + c["w"] for c in cards) <= width
                ), (size, step)
                nxt = page.get_by_role("button", name="Next").first.bounding_box()
                assert nxt is not None and nxt["y"] + nxt["height"] <= height, size
                screenshot(page, f"present/rules-deal-fit-step{step}-{width}x{height}")


def test_the_clicker_keys_step_straight_after_present_mode_is_switched_on(
    open_page: Any, app_url: str, goto: Any, click_and_wait: Any, wait_idle: Any, assert_no_exception: Any
) -> None:
    width, height = LAPTOP
    with open_page(app_url, width, height) as page:
        goto(page, "/rules?section=deal&seed=42&dealer=0&step=3")
        sidebar = page.locator('[data-testid="stSidebar"]')
        toggle = sidebar.get_by_role("switch", name="Present mode")
        click_and_wait(page, sidebar.get_by_text("Present mode", exact=True))
        assert toggle.is_checked()
        assert "present=1" in page.url
        assert_no_exception(page)
        # no click anywhere else: the clicker's keys go straight to the walkthrough
        for key, step in (("ArrowRight", 4), ("PageDown", 5), ("PageUp", 4), ("ArrowLeft", 3), ("End", None)):
            _press(page, wait_idle, key)
            if step is not None:
                assert _step_shown(page) == step, key
        assert _step_shown(page) > 12
        _press(page, wait_idle, "Home")
        assert _step_shown(page) == 0
        # the keys leave a text field alone: typing a deal number keeps its arrow keys
        field = page.get_by_label("Deal no.", exact=True).and_(page.get_by_test_id("stNumberInputField"))
        field.click()
        page.keyboard.press("ArrowRight")
        wait_idle(page)
        assert _step_shown(page) == 0


def test_the_link_keeps_the_step_and_a_reload_shows_it(
    page: Any, goto: Any, wait_idle: Any, assert_no_exception: Any
) -> None:
    goto(page, f"{DEAL}0")
    for _ in range(6):
        _press(page, wait_idle, "ArrowRight")
    assert _step_shown(page) == 6
    page.wait_for_url(re.compile(r"[?&]step=6(&|$)"))
    assert "seed=42" in page.url and "present=1" in page.url
    count = page.run_watch.finished
    page.reload(wait_until="commit")
    page.run_watch.wait_beyond(page, count)
    wait_idle(page)
    assert_no_exception(page)
    assert _step_shown(page) == 6
    # a bad step: explained as plain text, step 0 of the same deal
    goto(page, "/rules?section=deal&seed=42&dealer=0&step=%5Bx%5D(https://evil.example)")
    alerts = " ".join(page.locator('[data-testid="stAlert"]').all_inner_texts()).replace("\u2060", "")
    assert "step='[x](https://evil" in alerts and "step 0" in alerts, alerts
    # the address stays text: ui/echo.plain's word joiner after '://' keeps Streamlit from linking it
    assert page.locator('[data-testid="stAlert"] a').count() == 0
    assert _step_shown(page) == 0
    assert "Deal no." in page.locator('[data-testid="stMain"]').inner_text()
    assert (
        page.get_by_label("Deal no.", exact=True)
        .and_(page.get_by_test_id("stNumberInputField"))
        .input_value()
        == "42"
    )
