"""The teacher's secret is never one Back press away (issue 39, item 1), read from Chromium's own
``history`` and ``location``.

- "Start a class" never puts the secret into the address: one entry is pushed (``?class=CODE``),
  and going back through every entry never shows ``teacher=``.
- A teacher's link opened on another device (``?class=CODE&teacher=SECRET``) has its own entry
  replaced in place by the address without the secret: ``history.length`` does not grow, Back
  goes to the page before, Forward comes back to the address without the secret, and the page is
  still the teacher's (a question asked from it leaves the address as it is).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

pytestmark = pytest.mark.browser

LIVE_MS = 15_000


def _length(page: Any) -> int:
    return int(page.evaluate("history.length"))


def _href(page: Any) -> str:
    return str(page.evaluate("location.href"))


def _kept_secret(page: Any, code: str) -> str:
    """The teacher's secret as this browser keeps it: in its cookie (the page never shows it)."""
    page.wait_for_function(f"() => document.cookie.includes('ec_teacher_{code}=')", timeout=LIVE_MS)
    return str(next(c["value"] for c in page.context.cookies() if c["name"] == f"ec_teacher_{code}"))


def _entries_back(page: Any, wait_idle: Any) -> list[str]:
    """The address of every history entry from here back to the first (Back pressed each time)."""
    seen = [_href(page)]
    for _ in range(_length(page)):
        page.evaluate("history.back()")
        try:
            page.wait_for_function("(before) => location.href !== before", arg=seen[-1], timeout=3000)
        except Exception:  # nothing to go back to
            break
        seen.append(_href(page))
        if seen[-1].startswith("http"):
            wait_idle(page)
    return seen


def test_start_a_class_never_puts_the_secret_in_the_history(
    page: Any, goto: Any, wait_idle: Any, click_and_wait: Any, assert_no_exception: Any
) -> None:
    goto(page, "/class")
    before = _length(page)
    click_and_wait(page, page.get_by_role("button", name="Start a class"))
    page.wait_for_function("() => location.search.includes('class=')", timeout=LIVE_MS)
    wait_idle(page)
    assert_no_exception(page)
    code = parse_qs(urlparse(_href(page)).query)["class"][0]
    page.get_by_text(f"Join code: {code}").wait_for()
    secret = _kept_secret(page, code)
    assert len(secret) >= 20 and secret not in page.inner_text("body")  # never drawn on the page
    assert _length(page) == before + 1  # one entry: the class's address, without the secret
    entries = _entries_back(page, wait_idle)
    assert all(secret not in href and "teacher=" not in href for href in entries), entries
    assert any(f"class={code}" in href for href in entries) and any(
        href.endswith("/class") for href in entries
    )


def test_a_teachers_link_replaces_its_own_history_entry(
    browser: Any,
    app_url: str,
    open_page: Any,
    goto: Any,
    wait_idle: Any,
    click_and_wait: Any,
    assert_no_exception: Any,
    ask_the_bower: Any,
) -> None:
    with open_page(app_url) as first:  # the teacher starts the class on one device
        goto(first, "/class")
        click_and_wait(first, first.get_by_role("button", name="Start a class"))
        first.wait_for_function("() => location.search.includes('class=')", timeout=LIVE_MS)
        wait_idle(first)
        code = parse_qs(urlparse(_href(first)).query)["class"][0]
        secret = _kept_secret(first, code)
    query = f"class={code}&teacher={secret}"  # a teacher's link, as a teacher may still have one

    with open_page(app_url) as other:  # and opens the teacher's link on another
        goto(other, "/class")
        before = _length(other)
        goto(other, f"/class?{query}")
        other.wait_for_function("() => !location.search.includes('teacher=')", timeout=LIVE_MS)
        wait_idle(other)
        assert_no_exception(other)
        assert _length(other) == before + 1  # the link's own entry, replaced in place: nothing pushed
        assert secret not in _href(other) and f"class={code}" in _href(other)
        other.get_by_text(f"Join code: {code}").wait_for()
        ask_the_bower(other)  # a rerun of the teacher's page leaves the address without the secret
        wait_idle(other)
        assert secret not in _href(other) and _length(other) == before + 1
        entries = _entries_back(other, wait_idle)
        assert all(secret not in href and "teacher=" not in href for href in entries), entries
        for _ in entries[1:]:  # forward again to the last entry
            here = _href(other)
            other.evaluate("history.forward()")
            other.wait_for_function("(before) => location.href !== before", arg=here, timeout=LIVE_MS)
        wait_idle(other)
        assert secret not in _href(other) and f"class={code}" in _href(other)
        other.get_by_role("button", name="Reveal").wait_for(timeout=LIVE_MS)  # still the teacher's page
        assert_no_exception(other)
