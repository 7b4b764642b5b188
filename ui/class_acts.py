"""The teacher's page's actions (class mode): a click that acts on the class as it is now, and the message of a refused one kept until the next action; the teacher's secret kept by this browser (a cookie) and never in the address; asking the next question after the one this screen showed."""

from __future__ import annotations

import json
from collections.abc import Callable

import streamlit as st

from classroom import service as classes
from classroom.questions import (
    ClassQuestion,
    QuestionError,
)
from classroom.service import AlreadyAsked, StoreError, Teacher
from ui.class_reach import WATCH, address_guard
from ui.echo import plain
from ui.engine_ready import wait_until_ready
from ui.replayed import applied, fresh

K = "cl_teacher_"


ANY = "any"


PROBLEMS = (K + "problem", K + "pupil_problem")  # where a refused action's message waits to be drawn


def _apply(code: str, action: Callable[[], object], where: str = K + "problem") -> bool:
    """Do a teacher's action; a refusal's message is kept (``where``: the controls', or the pupil
    panel's) and drawn by every run until the next action. Returns whether it was done."""
    for key in PROBLEMS:
        st.session_state.pop(key, None)  # a new action: the last message has had its time
    try:
        action()
    except AlreadyAsked as err:
        st.session_state[K + "notice"] = str(err)
        return False
    except (classes.ClassError, StoreError) as err:
        st.session_state[where] = (code, str(err))
        return False
    return True


def _clicked(code: str, action: Callable[[], object]) -> None:
    """A button's callback: ``action``, before the page is drawn again."""
    _apply(code, action)


def _switched(code: str, key: str, apply: Callable[[object], object], drawn: object) -> None:
    """A switch's callback: ``apply`` the value the teacher clicked (``drawn``: the value the switch
    was drawn with). A stale switch sent again, with its drawn value or one already applied, is
    not applied (``ui.replayed``)."""
    value = st.session_state.get(key)
    if fresh(key, value, drawn) and _apply(code, lambda: apply(value)):
        applied(key, value)


def _problem(code: str, where: str) -> str:
    kept = st.session_state.get(where)
    return str(kept[1]) if isinstance(kept, tuple) and len(kept) == 2 and kept[0] == code else ""


def _act(code: str, action: Callable[[], object], where: str = K + "problem") -> None:
    """A button's action, then the page drawn afresh; refused, its message stays (``_apply``)."""
    if _apply(code, action, where) or where == K + "problem":
        st.rerun()


def _cookie(code: str) -> str:
    return f"ec_teacher_{code}"


def kept_secret(code: str) -> str | None:
    """The teacher's secret this browser holds for ``code`` (the session's, else its cookie's)."""
    kept = st.session_state.get(K + "secrets", {}).get(code)
    if kept:
        return str(kept)
    try:
        cookie = st.context.cookies.get(_cookie(code))
    except Exception:  # no browser
        cookie = None
    return cookie if isinstance(cookie, str) and cookie else None  # (AppTest's cookies are a stand-in object)


def keep_secret(code: str, secret: str) -> None:
    """Keep the teacher's secret for ``code`` in this session (a new class: it never enters the address)."""
    st.session_state.setdefault(K + "secrets", {})[code] = secret


def _keep(code: str, secret: str) -> None:
    """Keep the checked secret out of the address bar and the history: in the session, and in a
    cookie for a reload; a secret in the address (a teacher's link) is replaced in place and kept
    out of any address pushed later (``ui.class_reach.address_guard``). The page's connection
    watcher goes in the same script element (``ui.class_reach.WATCH``)."""
    keep_secret(code, secret)
    script = WATCH
    try:
        held = st.context.cookies.get(_cookie(code))
    except Exception:  # no browser
        held = None
    if held != secret:
        value = json.dumps(
            f"{_cookie(code)}={secret}; path=/; max-age={int(classes.EXPIRY_S)}; samesite=strict"
        )
        script += f"<script>document.cookie = {value};</script>"
    if st.query_params.get("teacher") is not None:
        script += address_guard("teacher")
    st.html(script, unsafe_allow_javascript=True)


def _ask(teacher: Teacher, make: Callable[[], ClassQuestion]) -> None:
    """Make the question and ask it after the one this screen showed (``_drawn``): a click on another
    screen in the meantime asks nothing here and says so (classes.AlreadyAsked)."""
    after = _drawn(teacher.code)
    try:
        wait_until_ready()
        with st.spinner("The engine is making the question…"):
            q = make()
        teacher.ask(q.to_json(), after=after)
        st.session_state.pop(K + "drafts", None)
    except classes.AlreadyAsked as err:
        st.session_state[K + "notice"] = str(err)
    except (QuestionError, classes.ClassError, StoreError) as err:
        st.error(plain(err))
        return
    st.rerun()


def _drawn(code: str) -> int | None:
    """The question this browser's page showed when it was last drawn (None: not drawn yet)."""
    drawn = st.session_state.get(K + "drawn", {})
    return drawn.get(code) if isinstance(drawn, dict) else None
