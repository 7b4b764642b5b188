"""The practice table's pace on the page: the learner's choice, remembered by their browser, and
the timer that shows the next step by itself (``practice.pace``).

The choice is kept in a cookie (``COOKIE``, a year, written by a line of JavaScript as the
learner's id is: ``ui.learn_profile``), so a learner who chose "Instant" finds it again on their
next visit; a new learner starts at ``DEFAULT_PACE`` (Watch).

The timer: each step that moves on by itself draws a mark with the step's token and a script that,
``frame_ms`` after the felt shows the step, clicks the hidden "tick" button if the mark still shows
that token and the felt still shows that step (a click of the learner's, another tab's run or a
new step has replaced them otherwise, and the old timer does nothing), once no script run is
under way (until then it looks again every 100 ms). The tick is an ordinary button, so each step
is one short run of the table's fragment, and the server decides what the step shows; it moves on
only from the step the tick was drawn for (``views.practice.felt``), so a tick that comes twice
still moves one step.

Why the page must be idle: a click carries no token, and the server reads it with the callback of
the last run that drew the button. A second timer of the same step (its script run again by a
redraw) that clicked while the next step's run was under way, its felt drawn but not yet its
mark, would be read as the next step's tick. On a busy machine a test once saw a step last 152 ms
(and 81 ms before): this is the one way to that found in the code, and the idle check closes it.
"""

from __future__ import annotations

import json

import streamlit as st

from practice.pace import DEFAULT_PACE, HELP, LABELS, Pace, read_pace

COOKIE = "ec_pace"
COOKIE_DAYS = 365
TICK_KEY = "practice_tick"  # the hidden button the timer clicks (class st-key-practice_tick)
MARK = "practice-pace"  # data-testid of the step's mark
HIDE_TICK = f"<style>.st-key-{TICK_KEY} {{ display: none; }}</style>"


def saved_pace() -> Pace:
    """The pace this browser chose before (its cookie), else the default."""
    try:
        cookie = st.context.cookies.get(COOKIE)
    except Exception:  # no browser (a script run without one)
        cookie = None
    return read_pace(cookie) or DEFAULT_PACE


VALUE = "practice_pace"  # session state: the pace in force (the controls' keys are their own)


def current_pace() -> Pace:
    """The pace in force: this session's choice, else the browser's saved one."""
    return read_pace(st.session_state.get(VALUE)) or saved_pace()


def pace_control(key: str, *, compact: bool = False) -> Pace:
    """The pace as a row of four buttons ("Watch", "Faster", "Instant", "Step"), under its own widget
    ``key`` (the page may show it in two places: beside the moves being shown, and in the table's
    settings); a change is kept in the browser's cookie. ``compact``: no label. Returns the pace
    in force."""
    st.session_state[key] = current_pace().value  # what either control chose, shown on this one
    st.segmented_control(
        "Pace",
        [p.value for p in Pace],
        format_func=lambda v: LABELS[Pace(v)],
        key=key,
        help=None if compact else HELP,
        label_visibility="collapsed" if compact else "visible",
        on_change=_chosen,
        args=(key,),
    )
    return current_pace()


def _chosen(key: str) -> None:
    pace = read_pace(st.session_state.get(key))
    if pace is None:  # the selected option clicked again deselects it: keep the pace as it was
        return
    st.session_state[VALUE] = pace.value
    st.session_state[VALUE + "_cookie"] = pace.value  # written by remember_pace in this run


def remember_pace() -> None:
    """Write the cookie when the learner changed the pace in this session (once per change)."""
    pace = read_pace(st.session_state.pop(VALUE + "_cookie", None))
    if pace is None:
        return
    cookie = json.dumps(f"{COOKIE}={pace.value}; max-age={COOKIE_DAYS * 24 * 3600}; path=/; samesite=lax")
    with st.container(key="practice_pace_cookie"):
        st.html(
            "<style>.st-key-practice_pace_cookie {display:none}</style>"
            f"<script>document.cookie = {cookie};</script>",
            unsafe_allow_javascript=True,
        )


def next_step_timer(token: str, ms: int, shows: int) -> None:
    """Show the next step by itself ``ms`` milliseconds after the felt shows this one (``shows``: its
    count of the hand's actions, the felt's ``data-actions``; see the module's notes); the
    caller draws the tick button (``TICK_KEY``) in the same run. The wait starts when the step is
    on the screen, not when the script arrives: a browser slow to draw the felt still shows the
    step for ``ms``."""
    mark = json.dumps(token)
    st.html(
        f'{HIDE_TICK}<div data-testid="{MARK}" data-step={mark} data-ms="{ms}"></div>'
        "<script>(() => { const token = " + mark + "; const shows = '" + str(int(shows)) + "';"
        f" const current = () => {{ const mark = document.querySelector('[data-testid=\"{MARK}\"]');"
        " return !!mark && mark.dataset.step === token; };"
        " const drawn = () => { const felt = document.querySelector('.ec-felt');"
        " return !!felt && felt.dataset.actions === shows; };"
        " const idle = () => { const app = document.querySelector('[data-testid=\"stApp\"]');"
        " return !!app && app.getAttribute('data-test-script-state') === 'notRunning'; };"
        " const fire = () => {"
        " if (!current() || !drawn()) return;"
        " if (!idle()) { setTimeout(fire, 100); return; }"
        f" const tick = document.querySelector('.st-key-{TICK_KEY} button');"
        " if (tick) tick.click(); };"
        " const start = () => setTimeout(fire, " + str(int(ms)) + ");"
        " if (drawn()) { start(); return; }"
        " const watch = new MutationObserver(() => {"
        " if (!current()) { watch.disconnect(); return; }"
        " if (drawn()) { watch.disconnect(); start(); } });"
        " watch.observe(document.body, {subtree: true, childList: true, attributes: true,"
        " attributeFilter: ['data-actions', 'data-step']}); })();</script>",
        unsafe_allow_javascript=True,
    )


__all__ = [
    "COOKIE",
    "TICK_KEY",
    "current_pace",
    "next_step_timer",
    "pace_control",
    "remember_pace",
    "saved_pace",
]
