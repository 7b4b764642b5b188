"""Class mode: the teacher asks, every pupil answers on a phone, the projector shows the room's answers.

The link decides who is looking: no class yet (start one, or join with a code), a teacher
(``?class=CODE&teacher=SECRET``, then the secret kept by the browser: ui.class_teacher), a pupil (``?class=CODE``, then
``&pupil=TOKEN`` once they have joined: ui.class_pupil). A browser that already joined the class (its
cookie holds the pupil's token) opening ``?class=CODE`` again is that pupil again, never a second one.
The class itself lives in the database (store.classes), so any server process sharing it serves any of them.
"""

from __future__ import annotations

import streamlit as st

from store import classes
from store.db import StoreError
from ui.class_parts import BIG_BUTTONS
from ui.class_pupil import name_form, pupil_page, rejoin_token
from ui.class_teacher import keep_secret, kept_secret, teacher_page
from ui.echo import plain


def _start_or_join() -> None:
    st.title("Class")
    st.write("A teacher asks, every pupil answers on a phone, and the projector shows the room's answers.")
    st.html(BIG_BUTTONS)
    left, right = st.columns(2, gap="large")
    with left:
        st.markdown("### Teachers")
        if st.button("Start a class", type="primary", key="cl_start"):
            try:
                code, secret = classes.start_class()
            except StoreError as err:
                st.error(plain(err))
            else:
                keep_secret(code, secret)  # never in the address: Back would show it (ui.class_teacher)
                st.query_params["class"] = code
                st.rerun()
    with right:
        st.markdown("### Pupils")
        with st.form("cl_join_form", border=False):
            typed = st.text_input("Join with a code", max_chars=12, key="cl_code", placeholder="ABC234")
            go = st.form_submit_button("Join", key="cl_join_go", width="stretch")
        if go:
            try:
                code = classes.clean_code(typed)
                classes.load(code)
            except (classes.ClassError, StoreError) as err:
                st.error(plain(err))
            else:
                st.query_params["class"] = code
                st.rerun()


def main() -> None:
    params = st.query_params
    raw = params.get("class")
    if not raw:
        _start_or_join()
        return
    try:
        code = classes.clean_code(raw)
    except classes.ClassError as err:
        st.error(plain(err))
        _start_or_join()
        return
    if params.get("teacher"):
        teacher_page(code, params["teacher"])
    elif params.get("pupil"):
        pupil_page(code, params["pupil"])
    elif (kept := kept_secret(code)) is not None:
        teacher_page(code, kept)  # the secret left the address bar; this browser keeps it
    elif (token := rejoin_token(code)) is not None:
        st.query_params["pupil"] = token  # the tab was closed: this browser is that pupil again
        pupil_page(code, token)
    else:
        try:
            info = classes.load(code)
        except (classes.ClassError, StoreError) as err:
            st.error(plain(err))
            return
        if info.ended:
            st.error(plain(f"The class {code} has ended."))
            return
        name_form(code)


main()
