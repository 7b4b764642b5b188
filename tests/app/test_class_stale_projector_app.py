"""The projector follows the class from any screen, and a click on a page drawn before another
screen moved the class acts (issue 50, items 4 and 5), through app.py's router in AppTest.

- The page's one poll (the live part) runs at every stage: before the first question, while one
  is open, after its reveal (it was missing after a reveal, so a question asked elsewhere never
  reached the projector). Its run is seen by what it keeps: the class's version it last read.
- A page drawn before another screen asked the next question: "Lock" locks the class, "Timer
  off" stops the timer of the question now open, at the first click (the switches were keyed by
  the stage drawn, so the click only redrew the page); "Reveal" reveals nothing it has not shown
  and says so.
- The same page's switches sent again as drawn, or with a click already applied, after the stage
  moved and the page was drawn afresh (what a browser's live part asks for in the moment between
  the two, on a busy machine): nothing is applied (``ui.replayed``). They undid another screen's
  lock, and set the 20 s timer again at each stage, so the open question was revealed 18 s late.
- A refused rename's message stays through the panel's redraws until the next action.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from streamlit.testing.v1 import AppTest

from classroom.questions import ClassQuestion
from store import classes

pytestmark = pytest.mark.usefixtures("db")


def ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.fixture
def teacher(class_page: Callable[..., AppTest]) -> Callable[[str, str], AppTest]:
    """The teacher's page of class ``code``, opened by the teacher's link."""
    return lambda code, secret: class_page({"class": code, "teacher": secret})


def said(at: AppTest) -> str:
    parts = [*at.markdown, *at.caption, *at.info, *at.warning, *at.error, *at.success]
    return "\n".join(str(p.value) for p in parts).replace("\\", "")


def polls(at: AppTest, code: str) -> bool:
    """Whether the page's live poll ran in its last run: it keeps the class's version it read."""
    kept = at.session_state["cl_teacher_live"] if "cl_teacher_live" in at.session_state else None
    info = classes.load(code)
    return kept is not None and kept[0] == (code, info.current, info.version)


def test_the_page_polls_at_every_stage(bower: ClassQuestion, teacher: Callable[[str, str], AppTest]) -> None:
    code, secret = classes.start_class()
    assert polls(teacher(code, secret), code)  # before the first question
    classes.ask(code, secret, bower.to_json())
    assert polls(teacher(code, secret), code)  # a question open
    classes.reveal(code, secret)
    revealed = teacher(code, secret)
    assert "0 of 0 right." in said(revealed) and polls(revealed, code)  # after its reveal


def test_a_click_on_a_page_drawn_before_another_screen_moved_the_class_acts(
    bower: ClassQuestion, teacher: Callable[[str, str], AppTest]
) -> None:
    code, secret = classes.start_class()
    classes.set_timer(code, secret, 30)
    classes.ask(code, secret, bower.to_json())
    classes.reveal(code, secret)
    stale = teacher(code, secret)  # the projector shows question 1's reveal
    classes.ask(code, secret, bower.to_json())  # question 2, asked from another screen
    lock = next(t for t in stale.toggle if t.label == "Lock the class (no new pupils)")
    ok(lock.set_value(True).run())  # the first click
    assert classes.load(code).locked
    assert "Question 2" in said(stale)  # and the page shows question 2 now

    classes.ask(code, secret, bower.to_json())  # question 3, from another screen; its timer runs
    assert classes.load(code).closes is not None
    timer = next(s for s in stale.selectbox if s.label == "Timer: reveal by itself after")
    ok(timer.set_value(0).run())  # "Timer off", clicked on the page that shows question 2
    info = classes.load(code)
    assert info.timer == 0 and info.closes is None and info.current == 3 and info.locked

    classes.ask(code, secret, bower.to_json())  # question 4, from another screen
    ok(stale.button(key="cl_teacher_reveal").click().run())  # Reveal, on the page showing question 3
    info = classes.load(code)
    assert info.current == 4 and not info.revealed  # question 4, unseen here, is not revealed
    assert "question 4 was asked from another screen since, so this click revealed nothing" in said(stale)
    ok(stale.button(key="cl_teacher_reveal").click().run())  # question 4 is shown now: it reveals
    assert classes.load(code).revealed


def test_switches_sent_again_as_drawn_after_the_stage_moved_change_nothing(
    bower: ClassQuestion, teacher: Callable[[str, str], AppTest]
) -> None:
    code, secret = classes.start_class()
    classes.set_timer(code, secret, 600)  # long enough for a slow machine's runs below
    classes.ask(code, secret, bower.to_json())
    page = teacher(code, secret)  # drawn: not locked, the 600 s timer
    drawn = page._tree.get_widget_states()  # the switches as the browser holds them
    closes = classes.load(code).closes
    classes.lock(code, secret, True)  # another screen locks the class: the stage moves
    ok(page.run())  # the page drawn afresh: the switches of the new stage
    ok(page._run(widget_state=drawn))  # the old switches sent again, unchanged
    info = classes.load(code)
    assert info.locked  # not undone
    assert info.timer == 600 and info.closes == closes  # the open question's time not restarted

    # a click applied, then its switch sent again after another screen undid it: applied once
    lock = next(t for t in page.toggle if t.label == "Lock the class (no new pupils)")
    lock.set_value(False)  # the teacher opens the class on this page
    clicked = page._tree.get_widget_states()
    ok(page.run())
    assert not classes.load(code).locked
    classes.lock(code, secret, True)  # another screen locks it again
    ok(page.run())
    ok(page._run(widget_state=clicked))  # the click's switch sent again
    assert classes.load(code).locked  # the other screen's lock stands


def test_a_refused_rename_says_why_until_the_next_action(teacher: Callable[[str, str], AppTest]) -> None:
    code, secret = classes.start_class()
    classes.join(code, "Gus")
    at = teacher(code, secret)
    at.text_input(key="cl_teacher_rename_text").input("bot123")
    ok(at.button(key="cl_teacher_rename").click().run())
    refused = '"bot123" is not a first name'
    assert refused in said(at)
    for _ in range(2):  # the panel redraws itself: the message stays
        assert refused in said(ok(at.run()))
    at.text_input(key="cl_teacher_rename_text").input("Gustav")
    ok(at.button(key="cl_teacher_rename").click().run())  # the next action
    assert refused not in said(at) and [p.name for p in classes.pupils(code)] == ["Gustav"]
