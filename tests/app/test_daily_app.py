"""The deal of the day through app.py's router in AppTest: the Practice toolbar's button opens
today's deal as one deal (the page link names it), a link's day that is not one is said, a class's
pupil who opens the teacher's link plays it for the class, and the teacher's "Today's deal for the
class" gives the link and shows the class's results by name."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.core.rules import Rules
from practice.daily import DailyDeal, today
from store import classes, daily_results
from store.daily_results import DayRow

APP = str(Path(__file__).resolve().parents[2] / "app.py")
CHOICES = ("practice_bid_", "practice_play-", "practice_discard-")


pytestmark = pytest.mark.usefixtures("class_db")


def _practice(query: dict[str, str], state: dict[str, object] | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.switch_page("views/practice/practice.py")
    at.session_state["practice_pace"] = "instant"
    for key, value in (state or {}).items():
        at.session_state[key] = value
    for key, value in query.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _play_out(at: AppTest) -> None:
    for _ in range(40):
        if any(b.key == "practice_replay_deal" for b in at.button):
            return
        choices = [b for b in at.button if b.key and b.key.startswith(CHOICES) and not b.disabled]
        assert choices
        choices[0].click().run()
        assert not at.exception, [e.value for e in at.exception]
    pytest.fail("the deal did not end in 40 clicks")


def test_the_toolbar_opens_todays_deal_as_one_deal(page_words: Callable[[AppTest], str]) -> None:
    at = _practice({})
    at.button(key="practice_daily").click().run()
    assert not at.exception
    assert at.query_params["daily"] == today().isoformat()
    assert "Deal of the day" in page_words(at) and "Your first play is the one that counts" in page_words(at)
    _play_out(at)
    assert any(b.key == "practice_back" for b in at.button)  # the game it interrupted waits
    words = page_words(at)
    assert "You are the first to play it today." in words and "The Expert's par" in words
    (row,) = daily_results.results(today().isoformat(), "{}").rows
    assert row.learner.startswith("browser:") and row.class_code is None
    at.button(key="practice_replay_deal").click().run()
    assert "this play is for practice and does not count again" in page_words(at)


def test_a_day_that_is_not_one_is_said_and_a_game_starts(page_words: Callable[[AppTest], str]) -> None:
    at = _practice({"daily": "2999-01-01"})
    words = page_words(at)
    assert (
        "That deal of the day link does not work" in words
        and "the deal of 2999-01-01 is not dealt yet" in words
    )
    assert "daily" not in at.query_params and "deal" in at.query_params


def test_a_pupil_plays_the_classs_deal_for_the_class(page_words: Callable[[AppTest], str]) -> None:
    code, _secret = classes.start_class()
    token = classes.join(code, "Ada")
    query = {"daily": today().isoformat(), "class": code}
    at = _practice(query, {"cl_pupil_tokens": {code: token}})  # the phone that joined
    assert at.query_params["class"] == code  # a reload still counts for the class
    _play_out(at)
    assert f"Played for class {code} as Ada" in page_words(at)
    (row,) = daily_results.results(today().isoformat(), "{}", class_code=code).rows
    assert row.pupil == "Ada"
    stranger = _practice(query)  # a browser that has not joined: the server's results only
    assert f"this browser has not joined class {code}" in page_words(stranger)


def test_the_teacher_gives_the_link_and_sees_the_class_by_name(page_words: Callable[[AppTest], str]) -> None:
    code, secret = classes.start_class()
    deal = DailyDeal(today(), Rules())
    day = deal.day.isoformat()
    daily_results.save(day, deal.rules_text, DayRow("browser:x", -2, 1, "euchred", 0.5))  # not the class's
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.switch_page("views/class_mode/class_mode.py")
    at.query_params["class"] = code
    at.query_params["teacher"] = secret
    at.run()
    at.button(key="cl_daily_set").click().run()
    assert not at.exception, [e.value for e in at.exception]
    panel = next(str(h.value) for h in at.html if "cl-daily-link" in str(h.value))
    link = re.search(r'href="([^"]+)"', panel)
    assert link is not None and link[1] == f"practice?daily={day}&amp;class={code}"
    assert "No pupil of this class has played it yet" in page_words(at)
    assert "On this server, 1 player has" in page_words(at)
    daily_results.save(day, deal.rules_text, DayRow("browser:p1", 1, 3, "made", 0.0, code, "Ada"))
    daily_results.save(day, deal.rules_text, DayRow("browser:p2", 2, 5, "marched", 0.25, code, "Bo"))
    at.button(key="cl_daily_refresh").click().run()
    assert "The class's results (2 pupils)" in page_words(at)
    table = next(str(h.value) for h in at.html if "The class&#x27;s results" in str(h.value))
    assert table.index("<td>Bo</td>") < table.index("<td>Ada</td>")  # the best first
    at.button(key="cl_daily_drop").click().run()
    assert any(b.key == "cl_daily_set" for b in at.button)
