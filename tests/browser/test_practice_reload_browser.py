"""A reload keeps your place at the Practice table (issue 30), in Chromium.

The page's link carries the hand's deal code and the learner's decisions (``deal=``, ``moves=``),
never a hidden card (issue 41); the learner plays into the hand until two tricks are taken,
reloads the page, and finds the same tricks, the same cards in hand and the same link, with no
warning.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from bench.browser import CONTROLS
from engine.core.rules import Rules
from practice.codes import DealCode, decode_moves, encode

pytestmark = pytest.mark.browser

_HAND = """() => Array.from(document.querySelectorAll('[class*="st-key-practice_play_cell-"] img'))
  .map(img => img.dataset.card)"""


def _tricks(page: Any) -> str:
    """The felt's trick count, e.g. "North–South 1 · East–West 1" ("" before trump is made)."""
    found = re.search(r"Tricks: ([^\n]*)", page.locator('[data-testid="stMainBlockContainer"]').inner_text())
    return found.group(1).strip() if found else ""


def _taken(page: Any) -> int:
    return sum(int(n) for n in re.findall(r"\d+", _tricks(page)))


def test_a_reload_mid_hand_keeps_the_tricks_and_the_hand(
    page: Any, goto: Any, click_and_wait: Any, wait_idle: Any, assert_no_exception: Any, screenshot: Any
) -> None:
    code = encode(DealCode(Rules(), seed=2024))
    goto(page, f"/practice?deal={code}&levels=ccc")
    for _ in range(20):  # the learner's first legal choice until two of their cards are played
        cards = len(page.evaluate(_HAND))
        if 0 < cards <= 3 and _taken(page) >= 2 and page.locator(CONTROLS).count():
            break
        click_and_wait(page, page.locator(CONTROLS).locator("visible=true").first)
    else:
        pytest.fail("two cards were not played in 20 clicks")
    assert_no_exception(page)
    tricks, hand, url = _tricks(page), sorted(page.evaluate(_HAND)), page.url
    link = parse_qs(urlparse(url).query)
    assert link["deal"] == [code] and not {"position", "seed", "start"} & set(link), url
    decisions, error = decode_moves(link["moves"][0])  # the learner's decisions: the cards they played
    played = [d.removeprefix("play ") for d in decisions if d.startswith("play ")]
    assert error is None and len(played) >= 2 and not set(played) & set(hand), url
    assert len(hand) <= 3 and _taken(page) >= 2

    page.reload()
    wait_idle(page)
    page.locator(CONTROLS).first.wait_for()
    assert_no_exception(page)
    screenshot(page, "practice-after-reload")
    assert _tricks(page) == tricks
    assert sorted(page.evaluate(_HAND)) == hand
    assert parse_qs(urlparse(page.url).query) == link  # the same link: the same position
    assert not page.locator('[data-testid="stAlert"]').count(), page.locator(
        '[data-testid="stAlert"]'
    ).all_inner_texts()


def test_a_new_tab_goes_on_with_the_unfinished_game(
    page: Any, goto: Any, click_and_wait: Any, wait_idle: Any, assert_no_exception: Any
) -> None:
    """Issue 49, item 4: Practice opened in a new tab without its link (the next day, say) resumes
    the browser's unfinished game, said on the page; the link names the same deal and moves."""
    code = encode(DealCode(Rules(), seed=2024))
    goto(page, f"/practice?deal={code}")
    for _ in range(3):
        click_and_wait(page, page.locator(CONTROLS).locator("visible=true").first)
    left = parse_qs(urlparse(page.url).query)
    assert left["deal"] == [code] and left.get("moves")
    wait_idle(page)
    tab = page.context.new_page()  # same browser: its cookie names the learner
    tab.app_url = page.app_url
    tab.run_watch = page.run_watch
    tab.goto(page.app_url + "/practice")
    tab.get_by_text("Welcome back").first.wait_for(timeout=30_000)
    tab.wait_for_function(f"() => location.search.includes('moves={left['moves'][0]}')", timeout=30_000)
    again = parse_qs(urlparse(tab.url).query)
    assert again["deal"] == left["deal"] and again["moves"] == left["moves"]
    assert_no_exception(tab)
