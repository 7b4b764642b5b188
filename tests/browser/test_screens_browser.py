"""The home page's way into the lessons, in Chromium.

Every page at a phone, a laptop and a projector size (a screenshot of each in
test-artifacts/screens/, and on the phone no page wider than the screen) is the accessibility
sweep's (test_accessibility_browser.py), which opens them all at the three sizes already.
"""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser


def test_the_home_page_start_link_opens_the_first_lesson(
    page: Any, goto: Any, click_and_wait: Any, assert_no_exception: Any
) -> None:
    goto(page, "/")
    click_and_wait(page, page.get_by_role("link", name="Start the first lesson"))
    assert_no_exception(page)
    assert page.url.endswith("/learn?lesson=deck&step=1")
    assert page.get_by_role("heading", name="Welcome to Euchre").count() == 1
