"""A pupil who closed the tab comes back as themselves (issue 40, Pupils), and the summary CSV is
read from the database at the click (issue 40, Results), in Chromium against the session's
server (the conftest's ``served``: its database is read here too).

Rejoin: Gus joins on a phone (390x844) by the join link; the browser keeps his token in a cookie.
The tab's context is closed; a new one holding only that cookie opens the join link again (no
token in it) and is Gus, the same pupil: no name form, no second pupil in the class or in the
teacher's count. Another phone typing "Gus" is still refused.

CSV: the teacher's page is drawn, then Gus answers the open question (the teacher's page does not
rerun as a whole for an answer); the file downloaded after that holds his answer, with a UTF-8 BOM.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest

from classroom.questions import ClassQuestion
from store import classes

pytestmark = pytest.mark.browser

LIVE_MS = 15_000  # a live part polls each second; allow for a loaded machine


def _join(page: Any, name: str, click_and_wait: Any) -> None:
    page.get_by_label("Your first name").fill(name)
    click_and_wait(page, page.get_by_role("button", name="Join"))


def test_a_pupil_who_closed_the_tab_rejoins_as_the_same_pupil(
    own_class: tuple[str, Path, str, str], kit: Any
) -> None:
    url, db, code, secret = own_class
    with kit.open_page(url, 390, 844) as phone:
        kit.goto(phone, f"/class?class={code}")
        _join(phone, "Gus", kit.click_and_wait)
        phone.get_by_text("Hello Gus!").wait_for(timeout=LIVE_MS)
        assert "pupil" not in kit.url_query(phone)  # never in the address
        phone.wait_for_function(f"() => document.cookie.includes('ec_pupil_{code}=')", timeout=LIVE_MS)
        cookies = phone.context.cookies()
    kept = [c for c in cookies if c["name"] == f"ec_pupil_{code}"]
    token = kept[0]["value"]
    assert classes.pupil(code, token, path=db).name == "Gus", "the browser keeps the pupil's token"
    assert kept[0]["expires"] > 0, "for the class's life, not only this session"

    with kit.open_page(url, 390, 844) as again:  # the tab and its context closed; the same phone
        again.context.add_cookies(cookies)
        kit.goto(again, f"/class?class={code}")  # the join link, as the QR code gives it: no token
        again.get_by_text("Hello Gus!").wait_for(timeout=LIVE_MS)
        assert again.get_by_label("Your first name").count() == 0
        assert "pupil" not in kit.url_query(again)
        kit.assert_no_exception(again)

    with kit.open_page(url, 390, 844) as other:  # another phone, no cookie: the name is taken
        kit.goto(other, f"/class?class={code}")
        _join(other, "Gus", kit.click_and_wait)
        other.get_by_text("someone in this class is already called Gus").wait_for(timeout=LIVE_MS)
        assert "pupil" not in kit.url_query(other)

    assert [p.name for p in classes.pupils(code, path=db)] == ["Gus"]
    with kit.open_page(url) as teacher:
        kit.goto(teacher, f"/class?class={code}&teacher={secret}")
        teacher.locator('[data-testid="cl-joined"]', has_text="1 joined").wait_for(timeout=LIVE_MS)


def test_the_summary_downloaded_mid_question_holds_the_answers_saved_since_the_page_was_drawn(
    own_class: tuple[str, Path, str, str], kit: Any, bower: ClassQuestion
) -> None:
    url, db, code, secret = own_class
    gus = classes.join(code, "Gus", path=db)
    classes.ask(code, secret, bower.to_json(), path=db)
    with kit.open_page(url) as teacher:
        kit.goto(teacher, f"/class?class={code}&teacher={secret}")
        teacher.locator('[data-testid="cl-count"]', has_text="0 of 1 answered").wait_for(timeout=LIVE_MS)
        classes.answer(code, gus, 1, "JD", path=db)  # after the page was drawn
        teacher.locator('[data-testid="cl-count"]', has_text="1 of 1 answered").wait_for(timeout=LIVE_MS)
        kit.wait_idle(teacher)
        with teacher.expect_download(timeout=LIVE_MS) as download:
            teacher.get_by_role("button", name="Download the summary (CSV)").click()
        data = Path(download.value.path()).read_bytes()
        kit.assert_no_exception(teacher)
    assert data.startswith(b"\xef\xbb\xbf")
    rows = list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))
    assert [
        (r["pupil"], r["question"], r["answer"], r["right answer"], r["correct"], r["counted"]) for r in rows
    ] == [("Gus", "1", "J♦", "J♦", "yes", "no")]  # right, not yet counted: the question is still open
    assert rows[0]["question text"] == "Hearts are trump. Which card is the left bower?"
    assert float(rows[0]["seconds"]) >= 0
