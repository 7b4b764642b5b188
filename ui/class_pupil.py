"""A pupil's phone in class mode: a name to join with, then the waiting screen, the question with
big buttons (a tap saves the answer, and another tap changes it until the reveal), and after the
reveal right or wrong with the engine's explanation.

The link holds ``class=CODE&pupil=TOKEN``, so a reload or a phone that slept comes straight back.
What is drawn comes from the database; a small fragment polls the class's ``stage`` every second
and reruns the page only when the teacher asked, revealed or ended (``store.classes.poll``).
"""

from __future__ import annotations

import streamlit as st

from classroom.marking import is_right, tally, toggled, words
from classroom.questions import ClassQuestion
from engine.core.cards import parse_card
from store import classes
from store.db import StoreError
from ui.cards import card_buttons
from ui.class_parts import (
    BIG_BUTTONS,
    LIVE_SECONDS,
    answer_cards,
    bars_html,
    poll_stage,
    question_trump,
    table_cards,
)
from ui.echo import plain

K = "cl_pupil_"  # session-state keys


def _watch(code: str, stage: int) -> None:
    """Rerun the page when the class's stage moves on (a question, a reveal, the end)."""

    @st.fragment(run_every=LIVE_SECONDS)
    def watcher() -> None:
        poll_stage(code, stage)

    watcher()


def name_form(code: str) -> None:
    """Join the class with a first name (no account)."""
    st.html(BIG_BUTTONS)
    st.markdown(f"### Join class {code}")
    with st.form("cl_name_form", border=False):
        name = st.text_input("Your first name", max_chars=classes.MAX_NAME, key=K + "name")
        go = st.form_submit_button("Join", type="primary", key="cl_name_go", width="stretch")
    if go:
        try:
            token = classes.join(code, name)
        except (classes.ClassError, StoreError) as err:
            st.error(plain(err))
            return
        st.query_params["pupil"] = token
        st.rerun()


def _save(code: str, token: str, number: int, text: str) -> None:
    try:
        classes.answer(code, token, number, text)
    except (classes.ClassError, StoreError) as err:
        st.session_state[K + "problem"] = str(err)


def _choose(code: str, token: str, number: int, text: str) -> None:
    _save(code, token, number, text)


def _answer_buttons(code: str, token: str, number: int, q: ClassQuestion, mine: str) -> str:
    """The answer targets; a tap saves at once. Returns the answer held after this run."""
    key = f"cl_q{number}"
    if q.mode in ("card", "cards"):
        tapped = next((c for c in q.cards if st.session_state.get(f"{key}-{parse_card(c)}")), None)
        if tapped is not None:  # the tap of the run before: saved before the cards are drawn
            new = tapped if q.mode == "card" else toggled(q, mine, tapped)
            _save(code, token, number, new)
            mine = new if K + "problem" not in st.session_state else mine
        held = set(mine.split())
        states = {parse_card(c): "selected" for c in q.cards if c in held}
        card_buttons([parse_card(c) for c in q.cards], key=key, trump=question_trump(q), states=states, width=96)
        return mine
    st.html(BIG_BUTTONS)
    for i, choice in enumerate(q.choices):
        st.button(choice, key=f"cl_choice_{number}_{i}", width="stretch",
                  type="primary" if choice == mine else "secondary",
                  on_click=_choose, args=(code, token, number, choice))
    return mine


def pupil_page(code: str, token: str) -> None:
    try:
        info = classes.load(code)
        me = classes.pupil(code, token)
    except classes.NotInClass as err:
        st.warning(plain(err))
        del st.query_params["pupil"]
        name_form(code)
        return
    except (classes.ClassError, StoreError) as err:
        st.error(plain(err))
        return
    st.caption(plain(f"Class {code} · {me.name}"))
    if info.ended:
        st.success("The class has ended. Thank you for playing!")
        return
    _watch(code, info.stage)
    if info.current == 0:
        st.markdown(f"### Hello {plain(me.name)}!")
        st.info("You are in. Wait for the teacher's first question: it will appear here by itself.")
        return
    q = ClassQuestion.from_json(classes.question(code, info.current).body)
    mine = classes.my_answer(code, token, info.current)
    # the mark tells the load benchmark (bench/class_load.py) which question a phone shows; the
    # prompt is escaped by plain(), so the one piece of raw HTML is the mark itself
    mark = f'<span data-testid="cl-question" data-number="{info.current}"></span>'
    st.markdown(f"{mark}**Question {info.current}.** {plain(q.prompt)}", unsafe_allow_html=True)
    for line in q.facts:
        st.caption(plain(line))
    table_cards(q, 64)
    if not info.revealed:
        if q.mode == "cards":
            st.caption("Tap every card that qualifies; tap a card again to take it out.")
        mine = _answer_buttons(code, token, info.current, q, mine)
        problem = st.session_state.pop(K + "problem", None)
        if problem:
            st.error(plain(problem))
        elif mine:
            st.success(plain(f"Answer saved: {words(q, mine)}. You can change it until the reveal."))
        return
    _revealed(code, info.current, q, mine)


def _revealed(code: str, number: int, q: ClassQuestion, mine: str) -> None:
    if not mine:
        st.info(plain(f"You did not answer this one. The answer: {q.answer_words}."))
    elif is_right(q, mine):
        st.success(plain(f"Right! You said {words(q, mine)}."))
    else:
        st.error(plain(f"Not this time: you said {words(q, mine)}; the answer is {q.answer_words}."))
    answer_cards(q, 64, True)
    st.markdown(plain(q.why))
    everyone = [a.answer for a in classes.answers(code, number)]
    st.html(bars_html(tally(q, everyone)))
    st.caption("Wait for the next question: it will appear here by itself.")


__all__ = ["name_form", "pupil_page"]
