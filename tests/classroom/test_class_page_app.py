"""The Class page in AppTest, through app.py's router: starting, joining, a question on a pupil's
phone, and a link that is not the teacher's."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from classroom.questions import ClassQuestion
from store import classes


@pytest.fixture(autouse=True)
def db(any_db: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The pages on SQLite and on PostgreSQL."""
    monkeypatch.setenv("EUCHRE_COACH_DB", str(any_db))
    yield any_db
    classes.forget_connections()


def text(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [e.value for e in at.error] + [e.value for e in at.info]
    return "\n".join(str(p) for p in parts + [w.value for w in at.warning] + [s.value for s in at.success])


def shown(at: AppTest) -> str:
    """The page's text as a reader sees it: markdown's escaping backslashes gone."""
    return text(at).replace("\\", "")


def test_a_teacher_starts_a_class_and_gets_a_code_and_a_qr_code(class_page: Callable[..., AppTest]) -> None:
    at = class_page()
    at.button(key="cl_start").click().run()
    code = at.query_params["class"]
    assert f"Join code: `{code}`" in text(at)
    assert any('data-testid="cl-qr"' in h.value for h in at.html)
    # the secret is not in the address bar (a projector shows it to the room), nor anywhere on the
    # page: the session keeps it, and the browser (a cookie, set by the page's script)
    assert "teacher" not in at.query_params
    secret = at.session_state["cl_teacher_secrets"][code]
    assert secret not in text(at) and not any(secret in c.value for c in at.code)
    assert not any(secret in str(c.value) for c in at.caption)
    assert classes.check_teacher(code, secret).current == 0
    assert any(f"ec_teacher_{code}={secret};" in h.value and "<script>" in h.value for h in at.html)
    at.run()  # a rerun without the secret in the link is still the teacher's page
    assert f"Join code: `{code}`" in text(at) and at.button(key="cl_teacher_ask_exercise")


def test_a_bad_code_and_an_unknown_code_get_a_clear_message(class_page: Callable[..., AppTest]) -> None:
    at = class_page()
    at.text_input(key="cl_code").input("AB1")
    at.button(key="cl_join_go").click().run()
    assert "a join code is 6 letters and digits" in shown(at)
    at = class_page({"class": "ZZZZZZ"})
    assert "there is no class with the code ZZZZZZ" in shown(at)


def test_a_pupil_joins_waits_and_answers_with_one_tap(
    bower: ClassQuestion, class_page: Callable[..., AppTest]
) -> None:
    code, secret = classes.start_class()
    at = class_page({"class": code})
    at.text_input(key="cl_pupil_name").input("<b>Ada</b>")  # not a first name: the join form refuses it
    at.button(key="cl_name_go").click().run()
    assert "pupil" not in at.query_params and "is not a first name" in shown(at)
    # a name the store holds from before the name filter is shown as it is, never as HTML
    token = classes.join(code, "<b>Ada</b>")
    at = class_page({"class": code}, state={"cl_pupil_tokens": {code: token}})
    assert "Hello \\<b\\>Ada\\</b\\>!" in text(at)

    classes.ask(code, secret, bower.to_json())
    at = class_page({"class": code}, state={"cl_pupil_tokens": {code: token}})
    assert "Hearts are trump. Which card is the left bower?" in text(at)
    assert not any("cl-tally" in h.value for h in at.html)  # nobody's answers before the reveal
    at.button(key="cl_q1-JH").click().run()
    assert classes.my_answer(code, token, 1) == "JH"
    assert "Answer saved: J♥. You can change it until the reveal." in shown(at)
    at.button(key="cl_q1-JD").click().run()
    assert classes.my_answer(code, token, 1) == "JD"

    classes.reveal(code, secret)
    at = class_page({"class": code}, state={"cl_pupil_tokens": {code: token}})
    assert "Right! You said J♦." in shown(at)
    tally = next(h.value for h in at.html if "cl-tally" in h.value)
    assert 'data-answer="JD" data-count="1" data-right="true"' in tally


def test_a_link_without_the_teachers_secret_cannot_drive_the_class(
    class_page: Callable[..., AppTest],
) -> None:
    code, secret = classes.start_class()
    token = classes.join(code, "Ada")
    at = class_page({"class": code, "teacher": token})
    assert "only the teacher's link can ask, reveal or end this class" in shown(at)
    assert not [b for b in at.button if b.label in ("Reveal", "Ask this", "End the class")]
    at = class_page({"class": code, "teacher": secret})
    assert [b for b in at.button if b.label == "Ask this"]


def test_the_teacher_sees_the_count_then_the_tally(
    bower: ClassQuestion, class_page: Callable[..., AppTest]
) -> None:
    code, secret = classes.start_class()
    tokens = [classes.join(code, name) for name in ("Ada", "Ben", "Cy")]
    classes.ask(code, secret, bower.to_json())
    classes.answer(code, tokens[0], 1, "JD")
    classes.answer(code, tokens[1], 1, "JH")
    at = class_page({"class": code, "teacher": secret})
    assert "2 of 3 answered" in shown(at)
    at.button(key="cl_teacher_reveal").click().run()
    page = shown(at)
    assert "1 of 2 right." in page and "Hearts are trump, so the left bower is the J♦." in page
    tally = next(h.value for h in at.html if "cl-tally" in h.value)
    assert 'data-answer="JD" data-count="1" data-right="true"' in tally
    assert 'data-answer="JH" data-count="1" data-right="false"' in tally
    board = next(h.value for h in at.html if "cl-leaderboard" in h.value)
    assert board.index("Ada") < board.index("Ben")
