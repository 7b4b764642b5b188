"""Every page at a phone, a laptop and a desktop size, in Chromium: a screenshot of each for a
person to look at (test-artifacts/screens/<page>-<w>x<h>.png), and on the phone no page wider
than the screen (nothing to scroll sideways).

One server and one browser context (one session) per size; each page is opened at the three sizes
at once. Two of the pages are shot (and checked on the phone) by the tests that open them at these
three sizes already, at the same link and step: screens/practice-*.png by
test_phone_practice_browser.py's screenshots of the table (the first bid, before any click) and
screens/rules-deal-present-*.png by test_teacher_keys_browser.py's walkthrough in present mode (at
step 12).
"""

from __future__ import annotations

import re
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from engine.core.rules import Rules
from practice.codes import DealCode, encode

pytestmark = pytest.mark.browser

SIZES = ((390, 844), (1366, 900), (1920, 1080))
PHONE = SIZES[0]
SCREENS_DIR = Path(__file__).resolve().parents[2] / "test-artifacts" / "screens"
SCREENS = {
    "home": "/",
    "learn": "/learn",
    "learn-lesson": "/learn?lesson=bowers&step=5&seed=21",  # "Your turn: find the left bower" (an exercise)
    "analyze": "/analyze?hand=JH+JD+AH+KS+9C&upcard=9H&seat=first",
    "rules": "/rules",
    "rules-deal": "/rules?section=deal&seed=42&dealer=0&step=12",  # the walkthrough's table
    "practice-present": f"/practice?deal={encode(DealCode(Rules(), seed=31337))}&levels=ccc&present=1",
}


def test_every_page_at_every_size(
    open_page: Any, app_url: str, goto_all: Any, screenshot: Any, assert_no_exception: Any, sideways: Any
) -> None:
    SCREENS_DIR.mkdir(parents=True, exist_ok=True)
    too_wide = []
    with ExitStack() as stack:
        pages = [stack.enter_context(open_page(app_url, w, h)) for w, h in SIZES]  # one session per size
        for name, path in SCREENS.items():
            goto_all(pages, [path] * len(pages))  # the three sizes load at the same time
            for page, (width, height) in zip(pages, SIZES, strict=True):
                assert_no_exception(page)
                if name == "analyze":  # the link fills the form and the analysis runs in the first run
                    page.get_by_text(re.compile(r"^Recommendation")).first.wait_for(timeout=60_000)
                if name == "learn-lesson":
                    assert page.get_by_text("find the left bower").count() >= 1
                if (width, height) == PHONE:
                    reach = sideways(page)
                    if reach["scroll"] > reach["width"] + 1:
                        too_wide.append(f"{name}: {reach}")
                shot = screenshot(page, f"screens/{name}-{width}x{height}")
                assert shot.stat().st_size > 10_000
    assert not too_wide, "pages wider than the phone's screen:\n" + "\n".join(too_wide)


def test_the_home_page_start_link_opens_the_first_lesson(
    page: Any, goto: Any, click_and_wait: Any, assert_no_exception: Any
) -> None:
    goto(page, "/")
    click_and_wait(page, page.get_by_role("link", name="Start the first lesson"))
    assert_no_exception(page)
    assert page.url.endswith("/learn?lesson=deck&step=1")
    assert page.get_by_role("heading", name="Welcome to Euchre").count() == 1
