"""The pool of browser contexts the tests' pages open in (``bench.browser_pool``, the conftest's
``open_page``) leaves a test nothing of the test before it, in Chromium against the session's server.

A page that stored a cookie, localStorage and sessionStorage is closed; the next page of its size
opens in the same context (the reuse this is for) and finds only the pace cookie every page starts
with. Two pages open at once are in two contexts: a cookie of one is not the other's. A context whose
clock a test installed (``page.clock`` is the context's) is closed, not handed out again, and so is
one whose site's storage the test left in a page it closed itself. The pages open the server's
health check, a plain page of the app's site: no Streamlit front end to load.
"""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

SIZE = (1280, 900)
STORE = """() => {
  localStorage.setItem('left', 'behind');
  sessionStorage.setItem('left', 'behind');
  document.cookie = 'left=behind; path=/';
}"""
# what the page finds stored: the server's own cookie (Streamlit's _streamlit_xsrf) left out
STORED = """() => [localStorage.length, sessionStorage.length,
  document.cookie.split('; ').filter(c => c && !c.startsWith('_streamlit_xsrf=')).join('; ')]"""
NATIVE_CLOCK = (
    "() => String(Date.now).includes('[native code]') && String(setTimeout).includes('[native code]')"
)


def _health(page: Any) -> None:
    page.goto(page.app_url + "/_stcore/health")


def test_the_next_page_in_a_kept_context_finds_nothing_of_the_last(open_page: Any, app_url: str) -> None:
    with open_page(app_url, *SIZE) as first:
        _health(first)
        first.evaluate(STORE)
        assert first.evaluate(STORED) == [1, 1, "ec_pace=instant; left=behind"]
        kept = first.context
    with open_page(app_url, *SIZE, pace=None) as second:
        assert second.context is kept, "the context is handed out again"
        assert second.context.cookies() == []
        _health(second)
        assert second.evaluate(STORED) == [0, 0, ""]


def test_two_pages_open_at_once_are_two_browsers(open_page: Any, app_url: str) -> None:
    with open_page(app_url, *SIZE) as ann, open_page(app_url, *SIZE) as bob:
        assert ann.context is not bob.context
        _health(ann)
        _health(bob)
        ann.evaluate(STORE)
        assert "left=behind" in ann.evaluate("() => document.cookie")
        assert bob.evaluate(STORED) == [0, 0, "ec_pace=instant"]


def test_a_context_whose_clock_was_installed_is_not_kept(open_page: Any, app_url: str) -> None:
    with open_page(app_url, *SIZE) as first:
        _health(first)
        first.clock.install()
        assert not first.evaluate(NATIVE_CLOCK)
        changed = first.context
    with open_page(app_url, *SIZE) as second:
        assert second.context is not changed
        _health(second)
        assert second.evaluate(NATIVE_CLOCK)


def test_a_context_with_storage_left_in_a_closed_tab_is_not_kept(open_page: Any, app_url: str) -> None:
    with open_page(app_url, *SIZE) as first:
        tab = first.context.new_page()  # a second tab of the same browser, closed by the test
        tab.goto(app_url + "/_stcore/health")
        tab.evaluate(STORE)
        tab.close()
        left = first.context
    with open_page(app_url, *SIZE) as second:
        assert second.context is not left
        _health(second)
        assert second.evaluate(STORED) == [0, 0, "ec_pace=instant"]
