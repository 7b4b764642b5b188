"""The teacher's tools on the class page (issue 40, "The teacher in charge"), through app.py's router
in AppTest: level options in words, present mode suggested, a preview and a choice of three before
the room sees a question, the rules in force followed or the exception said, "End the class" asking
first, renaming, removing and locking, the timer, who has not answered, "Resume my class" on
/class, the one-time code for another device, and the join form's name filter and limit per minute.

AppTest cannot send cookies: a browser whose cookie holds the teacher's secret is played by a
session holding it in ``cl_teacher_secrets`` (the browser tests use the real cookie)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

import pytest
from streamlit.testing.v1 import AppTest

from classroom import service
from classroom.questions import ClassQuestion
from engine.core.rules import PRESETS
from store import classes

pytestmark = pytest.mark.usefixtures("class_db")


def ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.fixture
def page(class_page: Callable[..., AppTest]) -> Callable[..., AppTest]:
    """``page(query, state=None)``: the Class page opened by a link, ``state`` in its session."""
    return lambda query, state=None: class_page(query, state=state, timeout=90)


@pytest.fixture
def teacher(page: Callable[..., AppTest]) -> Callable[..., AppTest]:
    """``teacher(code, secret, **query)``: the teacher's page of class ``code``."""
    return lambda code, secret, **query: page({"class": code, "teacher": secret, **query})


def said(at: AppTest) -> str:
    parts = [*at.markdown, *at.caption, *at.info, *at.warning, *at.error, *at.success]
    return "\n".join(str(p.value) for p in parts).replace("\\", "")


def html(at: AppTest, testid: str) -> list[str]:
    return [str(h.value) for h in at.html if f'data-testid="{testid}"' in str(h.value)]


def click(at: AppTest, key: str) -> AppTest:
    return ok(at.button(key=key).click().run())


def test_level_options_are_shown_in_words(teacher: Callable[..., AppTest]) -> None:
    code, secret = classes.start_class()
    at = teacher(code, secret)
    trump = at.selectbox(key="cl_teacher_opt_left_bower_trump")
    assert trump.label == "Level: Trump"
    assert list(trump.options) == ["any", "clubs", "diamonds", "hearts", "spades"]
    assert list(at.selectbox(key="cl_teacher_opt_left_bower_bower").options) == [
        "any",
        "the left bower",
        "the right bower",
    ]
    trump.set_value("S").run()  # the value asked for is still the drill's code
    click(at, "cl_teacher_ask_exercise")
    q = ClassQuestion.from_json(classes.question(code, 1).body)
    assert q.trump == "S" and q.right == ("JC",)  # spades: the left bower is the other black jack


def test_the_class_page_suggests_present_mode_for_the_projector(
    page: Callable[..., AppTest], teacher: Callable[..., AppTest]
) -> None:
    code, secret = classes.start_class()
    at = teacher(code, secret)
    assert "On the projector, use present mode" in said(at)
    click(at, "cl_teacher_present")
    assert at.query_params["present"] == ["1"] or at.query_params["present"] == "1"
    ok(at.run())
    assert at.session_state["projector"] is True and "On the projector, use present mode" not in said(at)
    start = page({})
    assert "On the projector, use present mode" in said(start)


def test_a_preview_is_on_this_screen_only_until_ask_this_shows_it(
    page: Callable[..., AppTest], teacher: Callable[..., AppTest]
) -> None:
    code, secret = classes.start_class()
    token = classes.join(code, "Ada")
    at = teacher(code, secret)
    click(at, "cl_teacher_ask_exercise_preview")
    assert len(html(at, "cl-draft")) == 1 and "Preview: on this screen only." in said(at)
    previewed = next(m.value for m in at.markdown if "Which card is the left bower?" in str(m.value))
    assert classes.load(code).current == 0  # nothing asked: the room and the phones see nothing
    phone = page({"class": code}, {"cl_pupil_tokens": {code: token}})  # Ada's browser holds her token
    assert "Wait for the teacher's first question" in said(phone)

    click(at, "cl_teacher_ask_exercise")  # "Ask this" asks the question previewed, not a new one
    q = ClassQuestion.from_json(classes.question(code, 1).body)
    assert f"**{q.prompt}**" == previewed.replace("\\", "")
    assert not html(at, "cl-draft")  # asked: the preview is put away


def test_three_drawn_to_choose_from_and_the_one_picked_is_asked(teacher: Callable[..., AppTest]) -> None:
    code, secret = classes.start_class()
    at = teacher(code, secret)
    at.selectbox(key="cl_teacher_kind").set_value("points").run()
    click(at, "cl_teacher_ask_exercise_draw")
    assert [re.search(r'data-index="(\d)"', d)[1] for d in html(at, "cl-draft")] == ["0", "1", "2"]  # type: ignore[index]
    prompts = [str(m.value).replace("\\", "").strip("*") for m in at.markdown if "Who scores" in str(m.value)]
    assert len(prompts) == 3 and classes.load(code).current == 0
    click(at, "cl_teacher_ask_draft_1")
    assert ClassQuestion.from_json(classes.question(code, 1).body).prompt == prompts[1]


def test_the_questions_follow_the_rules_in_force_or_say_they_cannot(page: Callable[..., AppTest]) -> None:
    code, secret = classes.start_class()
    at = page({"class": code, "teacher": secret}, {"rules": PRESETS["Cutthroat (3 players)"]})
    assert "Questions follow the rules in force: Cutthroat (3 players)" in said(at)
    at.selectbox(key="cl_teacher_kind").set_value("points").run()
    assert "Scored for 3 players, as the rules in force have it." in said(at)
    assert not [s for s in at.selectbox if s.key == "cl_teacher_opt_points_players"]
    click(at, "cl_teacher_ask_exercise")
    assert ClassQuestion.from_json(classes.question(code, 1).body).prompt.startswith(
        "Three players (cutthroat)."
    )

    at.selectbox(key="cl_teacher_kind").set_value("bid").run()
    assert '"Order up or pass?" questions are dealt and judged under the standard rules only' in said(at)
    at.selectbox(key="cl_teacher_kind").set_value("can_play").run()
    assert "standard rules only" not in said(at)  # following suit is the same with three players


def test_end_the_class_asks_first_and_is_not_beside_reveal(
    bower: ClassQuestion, teacher: Callable[..., AppTest]
) -> None:
    code, secret = classes.start_class()
    classes.ask(code, secret, bower.to_json())
    at = teacher(code, secret)
    keys = [b.key for b in at.button]
    assert (
        keys.index("cl_teacher_end")
        > keys.index("cl_teacher_csv" if "cl_teacher_csv" in keys else "cl_teacher_handover_show")
        > keys.index("cl_teacher_reveal")
    )
    click(at, "cl_teacher_end")
    assert "End the class for everyone?" in said(at) and not classes.load(code).ended
    click(at, "cl_teacher_end_no")
    assert "End the class for everyone?" not in said(at) and not classes.load(code).ended
    click(at, "cl_teacher_end")
    click(at, "cl_teacher_end_yes")
    assert classes.load(code).ended and f"Class {code} has ended" in said(at)


def test_the_teacher_renames_removes_and_locks(
    page: Callable[..., AppTest], teacher: Callable[..., AppTest]
) -> None:
    code, secret = classes.start_class()
    tokens = {name: classes.join(code, name) for name in ("Ada", "Gus", "Ben")}
    ids = {p.name: p.id for p in classes.pupils(code)}
    at = teacher(code, secret)
    assert at.selectbox(key="cl_teacher_pupil_pick").label == "Pupil (3 in the class)"
    at.selectbox(key="cl_teacher_pupil_pick").set_value(ids["Gus"]).run()
    at.text_input(key="cl_teacher_rename_text").input("bot123")
    click(at, "cl_teacher_rename")
    assert '"bot123" is not a first name (it has a digit)' in said(at)
    at.selectbox(key="cl_teacher_pupil_pick").set_value(ids["Gus"]).run()
    at.text_input(key="cl_teacher_rename_text").input("Gustav")
    click(at, "cl_teacher_rename")
    assert classes.pupil(code, tokens["Gus"]).name == "Gustav"

    at.selectbox(key="cl_teacher_pupil_pick").set_value(ids["Ben"]).run()
    assert at.button(key="cl_teacher_remove").label == "Remove Ben"
    click(at, "cl_teacher_remove")
    assert [p.name for p in classes.pupils(code)] == ["Ada", "Gustav"]
    phone = page({"class": code}, {"cl_pupil_tokens": {code: tokens["Ben"]}})  # Ben's browser
    assert "not a pupil of this class any more" in said(phone) and phone.text_input(key="cl_pupil_name")

    lock = next(t for t in at.toggle if t.label == "Lock the class (no new pupils)")
    lock.set_value(True).run()
    assert classes.load(code).locked
    phone = page({"class": code})
    assert "The teacher has locked this class" in said(phone) and not phone.text_input
    assert ok(at.run()).selectbox(key="cl_teacher_pupil_pick").label == "Pupil (2 in the class)"


def test_the_timer_is_set_from_the_page_and_who_has_not_answered_is_named(
    bower: ClassQuestion, teacher: Callable[..., AppTest]
) -> None:
    code, secret = classes.start_class()
    tokens = {name: classes.join(code, name) for name in ("Ada", "Ben", "<Cy>")}
    at = teacher(code, secret)
    timer = next(s for s in at.selectbox if s.label == "Timer: reveal by itself after")
    assert list(timer.options) == ["off", "20 s", "30 s", "60 s"]
    timer.set_value(30).run()
    assert classes.load(code).timer == 30
    classes.ask(code, secret, bower.to_json())
    classes.answer(code, tokens["Ada"], 1, "JD")
    at = teacher(code, secret)
    assert "1 of 3 answered" in said(at)
    waiting = html(at, "cl-waiting")
    assert waiting and "Not answered yet: <b>Ben</b>, <b>&lt;Cy&gt;</b>" in waiting[0]
    left = html(at, "cl-countdown")
    assert left and int(re.search(r'data-left="(\d+)"', left[0])[1]) in range(25, 31)  # type: ignore[index]


def test_resume_my_class_on_the_class_page(page: Callable[..., AppTest]) -> None:
    code, secret = classes.start_class()
    ended, ended_secret = classes.start_class()
    classes.end(ended, ended_secret)
    at = page({}, {"cl_teacher_secrets": {code: secret, ended: ended_secret, "ZZZZZZ": "nothing"}})
    labels = {b.key: b.label for b in at.button if str(b.key).startswith("cl_resume_")}
    assert labels == {
        f"cl_resume_{code}": f"Resume my class {code}",
        f"cl_resume_{ended}": f"My class {ended} (ended): its summary",
    }
    click(at, f"cl_resume_{code}")
    assert at.query_params["class"] in (code, [code]) and f"Join code: `{code}`" in said(at)
    assert "teacher" not in at.query_params


def test_a_one_time_code_opens_the_class_on_another_device_once(
    page: Callable[..., AppTest], teacher: Callable[..., AppTest]
) -> None:
    code, secret = classes.start_class()
    at = teacher(code, secret)
    assert not html(at, "cl-handover-code")  # nothing shown until asked for
    click(at, "cl_teacher_handover_show")
    one_time = re.search(r'data-code="([A-Z2-9]{8})"', html(at, "cl-handover-code")[0])[1]  # type: ignore[index]
    other = page({"class": code, "handover": one_time})
    assert "handover" not in other.query_params
    assert f"Join code: `{code}`" in said(other) and other.button(key="cl_teacher_ask_exercise")
    assert other.session_state["cl_teacher_secrets"][code] == secret
    used = ok(at.run())  # the box says the code is used, and shows it no more (nor its QR code)
    assert "The one-time code is used: a device took the class with it" in said(used)
    assert not html(used, "cl-handover-code") and not html(used, "cl-handover-qr")
    again = page({"class": code, "handover": one_time})
    assert "was used already or has expired" in said(again) and not [
        b for b in again.button if b.label == "Ask this"
    ]

    click(at, "cl_teacher_handover_hide")
    click(at, "cl_teacher_handover_show")
    typed = re.search(r'data-code="([A-Z2-9]{8})"', html(at, "cl-handover-code")[0])[1]  # type: ignore[index]
    form = page({})
    form.text_input(key="cl_take_code").input(code.lower())
    form.text_input(key="cl_take_key").input(f"{typed[:4]}-{typed[4:]}")
    click(form, "cl_take_go")
    assert f"Join code: `{code}`" in said(form)

    click(at, "cl_teacher_handover_hide")
    click(at, "cl_teacher_handover_show")
    one_time = at.session_state["cl_teacher_handover"][1]
    at.session_state["cl_teacher_handover"] = (code, one_time, time.time() - 1)  # its two minutes are up
    expired = ok(at.run())
    assert "The one-time code has expired" in said(expired) and "opens nothing now" in said(expired)
    assert not html(expired, "cl-handover-code") and not html(expired, "cl-handover-qr")


def test_the_join_form_refuses_names_that_are_not_words_and_too_many_joins_a_minute(
    monkeypatch: pytest.MonkeyPatch,
    page: Callable[..., AppTest],
) -> None:
    code, _ = classes.start_class()
    monkeypatch.setattr(service, "JOINS_PER_MINUTE", 2)  # the limit the page reads

    def join(name: str) -> AppTest:
        at = page({"class": code})
        at.text_input(key="cl_pupil_name").input(name)
        return click(at, "cl_name_go")

    refused = join("bot123")
    assert "pupil" not in refused.query_params and '"bot123" is not a first name' in said(refused)
    refused = join("Big Dick")
    assert [str(e.value).replace("\\", "") for e in refused.error] == [  # (markdown's escapes taken out)
        "that name cannot be shown to the class: type your own first name"
    ]
    assert code in join("Ada").session_state["cl_pupil_tokens"]  # joined: the browser holds a token
    assert code in join("Ben").session_state["cl_pupil_tokens"]
    third = join("Cy")
    assert "cl_pupil_tokens" not in third.session_state
    assert "2 pupils joined this class in the last minute" in said(third) and "wait" in said(third)
    assert [p.name for p in classes.pupils(code)] == ["Ada", "Ben"]
