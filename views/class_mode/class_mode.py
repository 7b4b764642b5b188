"""Class mode: the teacher asks, every pupil answers on a phone, the projector shows the room's answers.

The link and the browser decide who is looking: no class yet (start one, or join with a code), a
teacher (``?class=CODE&teacher=SECRET``, then the secret kept by the browser: views.class_mode.teacher), a
pupil (``?class=CODE``: the join form, then the pupil's token kept by the browser, never in the
address: ui.class_pupil). A browser that already joined the class (its session or cookie holds the
pupil's token) opening ``?class=CODE`` again is that pupil again, never a second one. A link that
still holds ``&pupil=TOKEN`` (an old link, one copied from a pupil's phone) has it taken out of the
address and never acts as that pupil: the token is read only from the browser that joined.
A browser that holds a class's teacher secret (its cookie) is offered "Resume my class" here; another
device takes a class with the one-time code the teacher's page shows on request (``&handover=CODE``
in the QR code's link, or typed here).
The class itself lives in the database (store.classes), so any server process sharing it serves any of them.
"""

from __future__ import annotations

import streamlit as st

from classroom import service as classes
from classroom.service import Room, StoreError, Teacher
from ui.class_parts import BIG_BUTTONS, for_pupils
from ui.class_pupil import kept_token, name_form, pupil_page
from ui.class_reach import address_guard, wait_for_records
from ui.echo import plain
from views.class_mode.teacher import keep_secret, kept_classes, kept_secret, take_handover_page, teacher_page


def _start_or_join() -> None:
    st.title("Class")
    st.write("A teacher asks, every pupil answers on a phone, and the projector shows the room's answers.")
    st.html(BIG_BUTTONS)
    left, right = st.columns(2, gap="large")
    with left:
        st.markdown("### Teachers")
        _resume()
        if st.button("Start a class", type="primary", key="cl_start"):
            try:
                teacher = Teacher.start()
            except StoreError as err:
                st.error(plain(err))
            else:
                keep_secret(
                    teacher.code, teacher.secret
                )  # never in the address: Back would show it (teacher.py)
                st.query_params["class"] = teacher.code
                st.rerun()
        st.caption(
            'On the projector, use present mode (the sidebar\'s "Present mode", or the button on the '
            "class's page): large text and cards the back of the room can read."
        )
        _take_over_form()
    with right:
        st.markdown("### Pupils")
        with st.form("cl_join_form", border=False):
            typed = st.text_input("Join with a code", max_chars=12, key="cl_code", placeholder="ABC234")
            go = st.form_submit_button("Join", key="cl_join_go", width="stretch")
        if go:
            try:
                code = classes.clean_code(typed)
                Room(code).load()
            except (classes.ClassError, StoreError) as err:
                st.error(plain(for_pupils(err)))
            else:
                st.query_params["class"] = code
                st.rerun()


def _resume() -> None:
    """ "Resume my class" for each class this browser is the teacher of (its cookie holds the secret)."""
    for kept in kept_classes():
        label = (
            f"Resume my class {kept.code}"
            if not kept.info.ended
            else f"My class {kept.code} (ended): its summary"
        )
        if st.button(
            label, type="primary" if not kept.info.ended else "secondary", key=f"cl_resume_{kept.code}"
        ):
            keep_secret(kept.code, kept.secret)
            st.query_params["class"] = kept.code
            st.rerun()


def _take_over_form() -> None:
    """Run a class from this device with the one-time code the teacher's screen shows."""
    with st.expander("Run your class from this device"):
        st.caption(
            'On the teacher\'s screen, press "Show my teacher link / QR for another device" and scan the '
            "code, or type the class code and the one-time teacher code here."
        )
        with st.form("cl_take_form", border=False):
            typed_code = st.text_input("Class code", max_chars=12, key="cl_take_code", placeholder="ABC234")
            typed_key = st.text_input(
                "One-time teacher code", max_chars=12, key="cl_take_key", placeholder="ABCD-EFGH"
            )
            go = st.form_submit_button("Take the class", key="cl_take_go")
        if go:
            try:
                code = classes.clean_code(typed_code)
            except classes.ClassError as err:
                st.error(plain(err))
                return
            if take_handover_page(code, typed_key) is not None:
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
    if params.get("pupil") is not None:  # never a seat: out of the address, whoever is looking
        st.html(address_guard("pupil"), unsafe_allow_javascript=True)
    if params.get("handover"):
        secret = take_handover_page(code, params["handover"])
        del st.query_params["handover"]  # used up either way: it leaves the address
        if secret is not None:
            teacher_page(code, secret)
        return
    if params.get("teacher"):
        teacher_page(code, params["teacher"])
    elif (kept := kept_secret(code)) is not None:
        teacher_page(code, kept)  # the secret left the address bar; this browser keeps it
    else:
        _pupil(code, params.get("pupil"))


# Said above the join form when a link held a pupil's token this browser does not hold.
LINK_NOT_YOURS = (
    "This link is not a pupil of this class in this browser: a pupil's place stays with the phone "
    "that joined. Join with your first name."
)


def _pupil(code: str, in_link: str | None) -> None:
    """A pupil's page: this browser's own place in the class (its session or cookie), else the join
    form. A token in the link (taken out of the address by ``main``) is never used: a copied link
    is not a seat; the form says why when it was not this browser's."""
    token = kept_token(code)
    if token is not None:
        pupil_page(code, token)
        return
    try:
        info = Room(code).load()
    except (classes.ClassError, StoreError) as err:
        st.error(plain(for_pupils(err)))
        if isinstance(err, StoreError):
            wait_for_records(code)
        return
    if info.ended:
        st.error(plain(f"The class {code} has ended."))
        return
    if in_link:
        st.warning(LINK_NOT_YOURS)
    name_form(code)


main()
