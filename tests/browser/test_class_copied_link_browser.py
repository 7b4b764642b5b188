"""A pupil's link is not their seat (issue 50, item 2), in Chromium against the session's server.

Gus joins on a phone: his address never holds his token (``pupil=``), in the address bar or in any
entry of the phone's history; the browser keeps it in a cookie. A link that still holds it (an old
link, or one copied from a shared tablet's history) opened in a fresh browser is the join form,
saying why in one line, with the token taken out of that browser's address and history (its entry
replaced in place); it never shows Gus's question, answer or score, and a tap there is nobody's.
Gus's own phone opening the same link is still Gus, his answer kept, the token again out of the
address.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from classroom.questions import ClassQuestion
from store import classes

pytestmark = pytest.mark.browser

LIVE_MS = 15_000


def _entries(page: Any) -> list[str]:
    """The address of every entry of the page's history, from the last back to the first."""
    seen = [str(page.evaluate("location.href"))]
    for _ in range(int(page.evaluate("history.length"))):
        page.evaluate("history.back()")
        try:
            page.wait_for_function("(before) => location.href !== before", arg=seen[-1], timeout=2000)
        except Exception:  # nothing to go back to
            break
        seen.append(str(page.evaluate("location.href")))
    return seen


def test_a_copied_pupil_link_opens_the_join_form_in_another_browser(
    own_class: tuple[str, Path, str, str], kit: Any, bower: ClassQuestion
) -> None:
    url, db, code, secret = own_class
    classes.ask(code, secret, bower.to_json(), path=db)
    with kit.open_page(url, 390, 844) as phone:
        kit.goto(phone, f"/class?class={code}")
        phone.get_by_label("Your first name").fill("Gus")
        kit.click_and_wait(phone, phone.get_by_role("button", name="Join"))
        phone.locator('[data-testid="cl-question"][data-number="1"]').wait_for(
            state="attached", timeout=LIVE_MS
        )
        phone.wait_for_function(f"() => document.cookie.includes('ec_pupil_{code}=')", timeout=LIVE_MS)
        token = next(c["value"] for c in phone.context.cookies() if c["name"] == f"ec_pupil_{code}")
        assert classes.pupil(code, token, path=db).name == "Gus"
        kit.click_and_wait(
            phone, phone.locator(".st-key-cl_q1-JD").get_by_role("button", name="J♦", exact=True)
        )
        phone.get_by_text("Answer saved: J♦.").wait_for(timeout=LIVE_MS)
        assert token not in phone.url and "pupil=" not in phone.url
        cookies = phone.context.cookies()
        history = _entries(phone)
        assert all(token not in href and "pupil=" not in href for href in history), history
    copied = f"/class?class={code}&pupil={token}"  # a link that holds the token, as old links did

    with kit.open_page(url, 390, 844) as stranger:  # a fresh browser: no cookie
        kit.goto(stranger, "/class")
        before = int(stranger.evaluate("history.length"))
        kit.goto(stranger, copied)
        stranger.get_by_text("This link is not a pupil of this class in this browser").wait_for(
            timeout=LIVE_MS
        )
        stranger.get_by_label("Your first name").wait_for()
        stranger.wait_for_function("() => !location.search.includes('pupil=')", timeout=LIVE_MS)
        kit.assert_no_exception(stranger)
        body = stranger.inner_text("body")
        assert "Gus" not in body and "Which card is the left bower" not in body and "J♦" not in body
        assert stranger.locator(".st-key-cl_q1-JD").count() == 0  # nothing to answer as Gus
        assert int(stranger.evaluate("history.length")) == before + 1  # its own entry, replaced
        history = _entries(stranger)
        assert all(token not in href for href in history), history

    with kit.open_page(url, 390, 844) as again:  # Gus's own phone (its cookie), on the same link
        again.context.add_cookies(cookies)
        kit.goto(again, copied)
        again.get_by_text("Answer saved: J♦.").wait_for(timeout=LIVE_MS)
        again.get_by_text(f"Class {code} · Gus").wait_for()
        again.wait_for_function("() => !location.search.includes('pupil=')", timeout=LIVE_MS)
        assert "not a pupil of this class" not in again.inner_text("body")
        kit.assert_no_exception(again)
    assert [p.name for p in classes.pupils(code, path=db)] == ["Gus"]
    assert [(a.name, a.answer) for a in classes.answers(code, 1, secret=secret, path=db)] == [("Gus", "JD")]
