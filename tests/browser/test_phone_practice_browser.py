"""The Practice table on a phone (390×844) and the cards' motion, in Chromium.

- The first screen: at the first bid the learner's hand, the upcard and the bid buttons end at or
  above the window's bottom (844 px) and below Streamlit's 60 px top bar; opening the hint moves
  none of them; at the first play the cards the learner may play do too.
- Between hands: after each hand of a game to 5 points and of the next game's first hands (6
  hands at least) "Next hand" (or "New game" when the hand ended the game) is wholly on the
  screen below the top bar, and a tap at its middle lands on it, wherever the page
  was scrolled (as play left it, and scrolled to the bottom of the hand review).
- Motion: a card played since the table was last drawn moves in from its seat (a CSS animation of
  about 250 ms), a won trick goes to its winner's seat; neither under ``prefers-reduced-motion:
  reduce``, and nothing moves in the replay's steps.
- Screenshots of the table at 390×844, 1366×900 and 1920×1080 go to test-artifacts/ (the page as
  its link opens it to test-artifacts/screens/practice-<w>x<h>.png too, beside the other pages'
  screens, with a check that the phone has nothing to scroll sideways).

Positions are measured with getBoundingClientRect, relative to the window.
"""

from __future__ import annotations

from contextlib import ExitStack
from typing import Any

import pytest

from bench.browser import CONTROLS
from engine.core.rules import Rules
from practice.codes import DealCode, encode

pytestmark = pytest.mark.browser

PHONE = (390, 844)
HANDS = 6  # hands at least, through the end of a game to 5 points (its "New game") into the next
SIZES = {"phone": PHONE, "laptop": (1366, 900), "classroom": (1920, 1080)}
TOP_BAR = 60  # Streamlit's top bar (3.75rem): a tap above this hits its toolbar
DEAL = f"/practice?deal={encode(DealCode(Rules(), seed=31337))}&levels=ccc"  # South bids first, West deals
BIDS = '[class*="st-key-practice_bid_"] button'
PLAYABLE = '[class*="st-key-practice_play-"] button:not([disabled])'
NEXT_HAND = ".st-key-practice_next_hand button"
GAME_OVER = ".st-key-practice_new_game_end button"
REPLAY_NEXT = '[class*="st-key-practice_replay_"][class*="_next "] button'  # the replay viewer's Next
MOVE_MS = 250  # ui.table.MOVE_MS: the issue asks for about 250 ms

_BOXES = """(selector) => Array.from(document.querySelectorAll(selector))
  .map(e => e.getBoundingClientRect()).filter(r => r.width > 0 && r.height > 0)
  .map(r => [r.left, r.top, r.right, r.bottom])"""
_SCROLL = "(f) => { const m = document.querySelector('[data-testid=\"stMain\"]'); m.scrollTo(0, m.scrollHeight * f); }"
# Where a tap at the middle of the element lands: true when on the element itself (or inside it).
_TAP_LANDS = """(selector) => { const e = document.querySelector(selector); const r = e.getBoundingClientRect();
  const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  return hit !== null && (hit === e || e.contains(hit)); }"""
_MOTION = """(selector) => Array.from(document.querySelectorAll(selector)).map(e => {
  const s = getComputedStyle(e);
  return {name: s.animationName, ms: s.animationDuration.split(',').map(d => parseFloat(d) * 1000),
          display: s.display}; })"""


def _boxes(page: Any, selector: str) -> list[tuple[float, float, float, float]]:
    return [(float(a), float(b), float(c), float(d)) for a, b, c, d in page.evaluate(_BOXES, selector)]


def _on_first_screen(
    boxes: list[tuple[float, float, float, float]], width: int, height: int, what: str
) -> None:
    assert boxes, f"no {what} on the page"
    assert max(b[3] for b in boxes) <= height, (
        f"{what} end at y={max(b[3] for b in boxes):.0f}, under {height} px"
    )
    assert min(b[1] for b in boxes) >= TOP_BAR, (
        f"{what} start at y={min(b[1] for b in boxes):.0f}, under the top bar"
    )
    assert min(b[0] for b in boxes) >= 0 and max(b[2] for b in boxes) <= width, f"{what} run off the side"


def _to_top(page: Any) -> None:
    page.evaluate(_SCROLL, 0)
    page.wait_for_timeout(50)


def test_the_first_bid_and_the_first_play_fit_a_phones_first_screen(kit: Any, app_url: str) -> None:
    width, height = PHONE
    with kit.open_page(app_url, width, height) as page:
        kit.goto(page, DEAL)
        _to_top(page)
        hand = _boxes(page, '[data-hand="south"] img')
        upcard = _boxes(page, '[data-centre="upcard"] img')
        bids = _boxes(page, BIDS)
        assert len(hand) == 5 and len(upcard) == 2, (
            "South bids first with five cards; the upcard and the kitty"
        )
        assert len(bids) >= 2  # pass, order it up (and alone)
        for boxes, what in ((hand, "the hand"), (upcard, "the upcard"), (bids, "the bid buttons")):
            _on_first_screen(boxes, width, height, what)
        kit.record_timing("layout.practice.390.hand_bottom_px", max(b[3] for b in hand))
        kit.record_timing("layout.practice.390.bids_bottom_px", max(b[3] for b in bids))
        kit.screenshot(page, "phone-practice-bid-390x844")
        # the hint opens under the choices: the hand, the upcard and the bid buttons stay put
        kit.click_and_wait(page, page.locator(".st-key-practice_hint_btn button"))
        assert page.get_by_text("Hint —").count() >= 1
        _to_top(page)
        assert _boxes(page, '[data-hand="south"] img') == hand
        assert _boxes(page, BIDS) == bids
        assert _boxes(page, '[data-centre="upcard"] img') == upcard
        hint = _boxes(page, '[data-testid="stAlert"]')
        assert hint and min(b[1] for b in hint) > max(b[3] for b in bids), (
            "the hint is drawn under the choices"
        )
        kit.screenshot(page, "phone-practice-bid-hint-390x844")
        # order it up: the first play, and the cards South may play are on the first screen
        kit.click_and_wait(page, page.locator(".st-key-practice_bid_order button").first)
        page.locator(PLAYABLE).locator("visible=true").first.wait_for()
        _to_top(page)
        playable = _boxes(page, PLAYABLE)
        _on_first_screen(playable, width, height, "the playable cards")
        kit.record_timing("layout.practice.390.play_bottom_px", max(b[3] for b in playable))
        kit.assert_no_exception(page)
        kit.screenshot(page, "phone-practice-play-390x844")


def _check_bar_button(page: Any, selector: str, width: int, height: int, hand: int) -> None:
    """The bar's button is wholly on the screen under the top bar, and a tap on its middle hits it:
    as play left the page, then scrolled a third of the way, and to the bottom of the review."""
    for where in (None, 0.33, 1.0):
        if where is not None:
            page.evaluate(_SCROLL, where)
            page.wait_for_timeout(30)
        boxes = _boxes(page, selector)
        assert len(boxes) == 1, (hand, where, boxes)
        left, top, right, bottom = boxes[0]
        assert top >= TOP_BAR and bottom <= height, (
            f"hand {hand}, scrolled {where}: the button spans y={top:.0f}–{bottom:.0f}"
        )
        assert left >= 0 and right <= width, (hand, where, boxes)
        assert page.evaluate(_TAP_LANDS, selector), (
            f"hand {hand}, scrolled {where}: a tap on the button misses it"
        )


def test_next_hand_is_below_the_top_bar_after_each_hand_and_at_a_games_end(kit: Any, app_url: str) -> None:
    width, height = PHONE
    with kit.open_page(app_url, width, height) as page:
        kit.goto(page, f"/practice?deal={encode(DealCode(Rules(target=5), seed=4242))}&levels=bbb")
        hands = games = 0
        for _ in range(600):
            if hands >= HANDS and games:
                break
            for selector in (NEXT_HAND, GAME_OVER):
                if page.locator(selector).count():
                    hands += 1
                    _check_bar_button(page, selector, width, height, hands)
                    if hands == 1:
                        kit.screenshot(page, "phone-practice-hand-end-scrolled-390x844")
                    games += selector == GAME_OVER
                    kit.click_and_wait(page, page.locator(selector))
                    break
            else:  # the learner's first legal choice: a bid, a card or a discard
                kit.click_and_wait(page, page.locator(CONTROLS).locator("visible=true").first)
        assert hands >= HANDS and games, f"only {hands} hands and {games} games were played"
        kit.assert_no_exception(page)


def _motion(page: Any, selector: str) -> list[dict[str, Any]]:
    return list(page.evaluate(_MOTION, selector))


def _play_until(page: Any, click_and_wait: Any, selector: str) -> None:
    """Play South's first legal choice until ``selector`` is on the page (a card moving in, a trick
    going to its winner)."""
    for _ in range(40):
        if page.locator(selector).count():
            return
        assert not page.locator(NEXT_HAND).count(), f"the hand ended without {selector}"
        click_and_wait(page, page.locator(CONTROLS).locator("visible=true").first)
    pytest.fail(f"no {selector} in 40 clicks")


def test_a_played_card_moves_from_its_seat_and_a_won_trick_to_its_winner(kit: Any, app_url: str) -> None:
    with kit.open_page(app_url, *PHONE) as page:
        kit.goto(page, DEAL)
        # nothing is played yet: no card moves, and a Hint click (a run that plays nothing) moves none
        assert page.locator(".ec-in, .ec-gone").count() == 0
        kit.click_and_wait(page, page.locator(".st-key-practice_bid_order button").first)
        # North led and East followed: their two cards move in, one after the other, 250 ms each
        moving = _motion(page, ".ec-trick .ec-in[data-trick-seat]")
        assert len(moving) == 2, moving
        assert all(m["name"] == "ec-card-in" and m["ms"] == [MOVE_MS] for m in moving), moving
        delays = page.evaluate("""Array.from(document.querySelectorAll('.ec-trick .ec-in'))
                                 .map(e => parseFloat(getComputedStyle(e).animationDelay) * 1000)""")
        assert delays == [i * MOVE_MS for i in range(len(moving))], delays  # in the order played
        kit.click_and_wait(page, page.locator(".st-key-practice_hint_btn button"))
        assert page.locator(".ec-in, .ec-gone").count() == 0, "a run that plays no card moves none"
        # South's own card comes up from the hand under the felt (in the trick, or in the won trick
        # on its way to its winner)
        kit.click_and_wait(page, page.locator(PLAYABLE).locator("visible=true").first)
        south = page.locator('.ec-in[data-trick-seat="0"], .ec-in[data-gone-seat="0"]')
        assert south.count() == 1
        assert float(south.evaluate("e => parseFloat(getComputedStyle(e).getPropertyValue('--fy'))")) > 0
        _play_until(page, kit.click_and_wait, ".ec-gone")
        gone = _motion(page, ".ec-trick .ec-gone")
        assert len(gone) >= 2 and all("ec-trick-out" in m["name"].split(", ") for m in gone), gone
        assert all(200 <= ms <= 300 for m in gone for ms in m["ms"]), gone
        assert page.locator(".ec-gone[aria-hidden='true']").count() == len(gone)
        # prefers-reduced-motion: nothing moves, and the won trick is not drawn over the next one
        page.emulate_media(reduced_motion="reduce")
        still = _motion(page, ".ec-trick .ec-in, .ec-trick .ec-gone")
        assert still and all(m["name"] == "none" for m in still), still
        assert all(m["display"] == "none" for m in _motion(page, ".ec-trick .ec-gone"))
        kit.click_and_wait(page, page.locator(CONTROLS).locator("visible=true").first)
        assert all(m["name"] == "none" for m in _motion(page, ".ec-trick [data-trick-seat]"))
        page.emulate_media(reduced_motion="no-preference")
        kit.assert_no_exception(page)


def test_nothing_moves_in_the_replays_steps(kit: Any, app_url: str) -> None:
    with kit.open_page(app_url, *PHONE) as page:
        kit.goto(page, DEAL)
        for _ in range(60):
            if page.locator(NEXT_HAND).count():
                break
            kit.click_and_wait(page, page.locator(CONTROLS).locator("visible=true").first)
        kit.click_and_wait(page, page.get_by_text("Replay this hand step by step"))
        table = page.locator('[data-testid="replay-table"]')
        steps = int(table.get_attribute("data-steps"))
        for _ in range(steps // 2):  # to the middle of the play, a step at a time, as a teacher steps
            kit.click_and_wait(page, page.locator(REPLAY_NEXT).locator("visible=true").first)
        assert int(table.get_attribute("data-step")) == steps // 2
        cells = _motion(page, '[data-testid="replay-table"] .ec-trick > div')
        assert cells, "a trick on the replay's table"
        assert all(m["name"] == "none" for m in cells), cells
        assert (
            page.locator('[data-testid="replay-table"] .ec-in, [data-testid="replay-table"] .ec-gone').count()
            == 0
        )
        kit.assert_no_exception(page)


def test_screenshots_of_the_table_at_three_sizes(kit: Any, app_url: str) -> None:
    # the three sizes side by side, each its own session, the same deal played the same way together
    # (click_all): the learner's first legal choice at each step
    with ExitStack() as stack:
        pages = {size: stack.enter_context(kit.open_page(app_url, *SIZES[size])) for size in SIZES}
        everyone = list(pages.values())
        kit.goto_all(everyone, [DEAL] * len(pages))
        for size, page in pages.items():
            width, height = SIZES[size]
            kit.assert_no_exception(page)
            # the Practice page's screen, beside the other pages' screens: as the link opens it
            if size == "phone":
                reach = kit.sideways(page)
                assert reach["scroll"] <= reach["width"] + 1, f"wider than the phone's screen: {reach}"
            assert kit.screenshot(page, f"screens/practice-{width}x{height}").stat().st_size > 10_000
            _to_top(page)
            for selector, what in (('[data-hand="south"] img', "the hand"), (BIDS, "the bid buttons")):
                _on_first_screen(_boxes(page, selector), width, height, f"{size}: {what}")
            kit.screenshot(page, f"practice-bid-{width}x{height}")
        kit.click_all(
            everyone, [page.locator(".st-key-practice_bid_order button").first for page in everyone]
        )
        for size, page in pages.items():
            _to_top(page)
            _on_first_screen(_boxes(page, PLAYABLE), *SIZES[size], f"{size}: the playable cards")
        everyone[0].wait_for_timeout(3 * MOVE_MS)  # the cards have arrived
        for size, page in pages.items():
            kit.screenshot(page, "practice-play-{}x{}".format(*SIZES[size]))
        for _ in range(60):
            playing = [page for page in everyone if not page.locator(NEXT_HAND).count()]
            if not playing:
                break
            kit.click_all(playing, [page.locator(CONTROLS).locator("visible=true").first for page in playing])
        for size, page in pages.items():
            width, height = SIZES[size]
            _check_bar_button(page, NEXT_HAND, width, height, 1)
            _to_top(page)
            kit.screenshot(page, f"practice-hand-end-{width}x{height}")
            kit.assert_no_exception(page)
