"""The teacher's tools (class mode): asking from a lesson's drill or a hand (the drafts to choose from), the pupils' panel (rename, remove), handing the class to another device with a one-time code, ending the class, and the classes this browser is the teacher of."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from html import escape

import streamlit as st

from classroom import service as classes
from classroom.questions import (
    ClassQuestion,
    QuestionError,
    rules_problem,
)
from classroom.service import StoreError, Teacher
from engine.core.rules import Rules
from lessons.exercises import DRILLS
from lessons.searched import fresh_seeds
from ui.class_acts import ANY, K, _act, _ask, _problem, keep_secret
from ui.class_parts import (
    LIVE_SECONDS,
    answer_cards,
    qr_html,
    table_cards,
)
from ui.echo import plain
from ui.engine_ready import wait_until_ready
from ui.layout import PRESENT_PARAM
from views.class_mode.address import join_link

# A level option's name and values as the teacher reads them (the drills' codes stay what is asked).
LEVEL_NAMES = {
    "trump": "Trump",
    "bower": "Which bower",
    "trap": "The left bower's trap",
    "players": "Players",
    "seat": "Seat",
    "side": "Your side",
    "round": "Round",
    "joker": "Joker",
}


LEVEL_WORDS = {
    "trump": {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"},
    "bower": {"left": "the left bower", "right": "the right bower"},
    "trap": {"yes": "every time", "no": "now and then"},
    "players": {"2": "2 players", "3": "3 players", "4": "4 players"},
    "seat": {
        "first": "first, left of the dealer",
        "second": "second, the dealer's partner",
        "third": "third, right of the dealer",
        "dealer": "the dealer",
    },
    "side": {"makers": "the makers", "defenders": "the defenders"},
    "round": {"1": "round 1 (the upcard)", "2": "round 2 (name a suit)"},
    "joker": {"yes": "with the joker", "no": "without the joker"},
}


DRAWS = 3  # questions drawn to choose one from


def level_words(option: str, value: str) -> str:
    """A level option's value in words ("H" -> "hearts"); "any" stays "any", an unknown value as it is.

    >>> level_words("trump", "C"), level_words("bower", "right"), level_words("seat", ANY), level_words("x", "y")
    ('clubs', 'the right bower', 'any', 'y')
    """
    return value if value == ANY else LEVEL_WORDS.get(option, {}).get(value, value)


def timer_words(seconds: int) -> str:
    """The timer's choice in words.

    >>> timer_words(0), timer_words(30)
    ('off', '30 s')
    """
    return f"{seconds} s" if seconds else "off"


def _levels(kind: str, players: int) -> dict[str, str]:
    """The kind's level options, in words; "How many points?" is scored for the rules' ``players``."""
    options: dict[str, str] = {}
    accepted = {
        name: values
        for name, values in DRILLS[kind].options.items()
        if not (kind == "points" and name == "players")
    }
    if kind == "points":
        st.caption(f"Scored for {players} players, as the rules in force have it.")
    if accepted:
        cols = st.columns(len(accepted))
        for col, (name, values) in zip(cols, accepted.items(), strict=True):
            choice: str | None = col.selectbox(
                f"Level: {LEVEL_NAMES.get(name, name)}",
                (ANY, *values),
                key=f"{K}opt_{kind}_{name}",
                format_func=partial(level_words, name),
            )
            if choice is not None and choice != ANY:
                options[name] = choice
    return options


def _rules_said(kind: str, rules: Rules) -> None:
    """Said before a question is asked: a kind that cannot follow the rules in force (never pretended)."""
    problem = rules_problem(kind, rules)
    if problem:
        st.warning(plain(problem))


def _kept_drafts(code: str, signature: object) -> tuple[ClassQuestion, ...]:
    """The questions previewed for this class and the picker's choice as it is now (another choice: none)."""
    kept = st.session_state.get(K + "drafts")
    if isinstance(kept, tuple) and len(kept) == 3 and kept[0] == code and kept[1] == signature:
        return tuple(kept[2])
    return ()


def _ask_buttons(
    teacher: Teacher,
    label: str,
    key: str,
    signature: object,
    make: Callable[[int], ClassQuestion],
    draws: bool = True,
    kind: str | None = None,
) -> None:
    """Ask (the question previewed, else a fresh one), Preview, and Draw 3 to choose from; the
    previews are drawn below, on this screen only (this browser's session, never the database)."""
    code = teacher.code
    drafts = _kept_drafts(code, signature)
    c1, c2, c3 = st.columns(3)
    ask = c1.button(label, type="primary", key=key, width="stretch")
    preview = c2.button(
        "Preview",
        key=key + "_preview",
        width="stretch",
        help="Make the question and show it here, with its answer, before the room sees it.",
    )
    draw = draws and c3.button(
        f"Draw {DRAWS} to choose from",
        key=key + "_draw",
        width="stretch",
        help=f"Make {DRAWS} questions and show them here: ask the one you like.",
    )
    if ask:
        if len(drafts) == 1:
            chosen = drafts[0]
            _ask(teacher, lambda: chosen)
        else:
            seed = _seeds(kind, 1)[0]  # a fresh question each time (the seed is not a secret)
            _ask(teacher, lambda: make(seed))
        return
    if preview or draw:
        count = DRAWS if draw else 1
        try:
            wait_until_ready()
            with st.spinner(
                "The engine is making the question…"
                if count == 1
                else f"The engine is making {count} questions…"
            ):
                drafts = tuple(make(seed) for seed in _seeds(kind, count))
        except (QuestionError, ValueError) as err:
            st.error(plain(err))
            return
        st.session_state[K + "drafts"] = (code, signature, drafts)
        st.rerun()  # drawn by the next run, with the picker held open for them (the teacher's controls)
    _show_drafts(teacher, drafts, label)


def _seeds(kind: str | None, count: int) -> list[int]:
    """Seeds for ``count`` fresh questions of ``kind`` (None: not an exercise): for the analyzer's
    drills, among the seeds whose search is kept (``lessons.searched``), so the room does not wait."""
    return fresh_seeds(kind, count, random.SystemRandom(), wide=10**9)


def _show_drafts(teacher: Teacher, drafts: tuple[ClassQuestion, ...], label: str) -> None:
    if not drafts:
        return
    with st.container(border=True, key=K + "drafts_box"):
        many = len(drafts) > 1
        st.markdown(
            f"**{'Previews' if many else 'Preview'}: on this screen only.** Phones and the class's other "
            "screens see a question only once it is asked"
            + (": ask the one you like." if many else f': "{label}" above shows it to the room.')
        )
        st.caption(
            "A projector showing this screen shows the preview too: to keep it to yourself, run the class "
            'from another device ("Show my teacher link / QR for another device", below).'
        )
        for i, (col, q) in enumerate(zip(st.columns(len(drafts)), drafts, strict=True)):
            with col:
                st.html(f'<div data-testid="cl-draft" data-index="{i}" data-kind="{escape(q.kind)}"></div>')
                st.markdown(f"**{plain(q.prompt)}**")
                for line in q.facts:
                    st.caption(plain(line))
                width = 44 if many else 60
                table_cards(q, width, True)
                answer_cards(q, width, True)
                st.markdown(f"The answer: **{plain(q.answer_words)}** · {plain(q.source)}")
                if many and st.button(
                    "Ask this one", type="primary", key=f"{K}ask_draft_{i}", width="stretch"
                ):
                    _ask(teacher, _given(q))
        if st.button("Put the preview away" if not many else "Put the previews away", key=K + "drafts_away"):
            st.session_state.pop(K + "drafts", None)
            st.rerun()


def _given(q: ClassQuestion) -> Callable[[], ClassQuestion]:
    """The question drawn already, as ``_ask`` takes a question to make."""
    return lambda: q


def _moved(code: str, info: classes.ClassInfo) -> bool:
    """Whether this screen drew another question, or the reveal, since its last run (so it scrolls to it)."""
    seen = st.session_state.setdefault(K + "seen", {})
    before = seen.get(code)
    seen[code] = (info.current, info.revealed)
    return before is not None and before != (info.current, info.revealed) and info.current > 0


def _present_hint() -> None:
    """On a screen not in present mode: the projector wants it."""
    left, right = st.columns([4, 1], vertical_alignment="center")
    left.info(
        "On the projector, use present mode: large text and cards the back of the room can read, the sidebar "
        "folded away."
    )
    if right.button("Present mode", key=K + "present", width="stretch"):
        st.query_params[PRESENT_PARAM] = "1"  # read by app.py at the top of the next run (ui.layout)
        st.rerun()


def _pupils_panel(teacher: Teacher) -> None:
    """Rename or remove a pupil (a name is read as a pupil's own is: ``classroom.names``)."""
    with st.expander("Pupils: rename or remove"):
        _pupil_tools(teacher)


@st.fragment(run_every=LIVE_SECONDS)
def _pupil_tools(teacher: Teacher) -> None:
    """The pupils as they are now: redrawn each second (a pupil who joins does not rerun the page)."""
    code = teacher.code
    try:
        joined = teacher.pupils()
    except (classes.ClassError, StoreError):
        st.caption("The pupils cannot be read just now; they are read again in a moment.")
        return
    names = {p.id: p.name for p in joined}
    if not joined:
        st.caption("Nobody has joined yet.")
        return
    who = st.selectbox(
        f"Pupil ({len(joined)} in the class)",
        tuple(names),
        key=K + "pupil_pick",
        format_func=lambda i: names.get(i, "?"),
    )
    with st.form(K + "rename_form", border=False, clear_on_submit=True):
        c1, c2 = st.columns([3, 1], vertical_alignment="bottom")
        typed = c1.text_input("New name", key=K + "rename_text", max_chars=classes.MAX_NAME)
        rename = c2.form_submit_button("Rename", key=K + "rename", width="stretch")
    if rename and who is not None:
        _act(code, lambda: teacher.rename_pupil(who, typed), K + "pupil_problem")  # the name filter
    if (
        st.button(f"Remove {names.get(who, '')}" if who is not None else "Remove", key=K + "remove")
        and who is not None
    ):
        _act(code, lambda: teacher.remove_pupil(who), K + "pupil_problem")
    problem = _problem(code, K + "pupil_problem")
    if problem:  # drawn by every run of the panel until the next action
        st.error(plain(problem))
    st.caption(
        "A pupil taken out is back at the join form on their phone, and their answers leave the summary; "
        "lock the class (above) to keep them out."
    )


def _handover_panel(teacher: Teacher) -> None:
    """A one-time code (and its link as a QR code) another device takes the class with, shown only
    when asked for and hidden again after: the class's own secret is never on the page. Once the
    code is used or has expired, its box says so instead (``_handover_watch`` redraws it then)."""
    code = teacher.code
    kept = st.session_state.get(K + "handover")
    if not (isinstance(kept, tuple) and len(kept) == 3 and kept[0] == code):
        if st.button("Show my teacher link / QR for another device", key=K + "handover_show"):
            try:
                one_time = teacher.handover()
            except (classes.ClassError, StoreError) as err:
                st.error(plain(err))
                return
            st.session_state[K + "handover"] = (code, one_time, time.time() + classes.HANDOVER_S)
            st.rerun()
        return
    _, one_time, expires = kept
    with st.container(border=True, key=K + "handover_box"):
        try:
            used = teacher.handover_used()
        except (classes.ClassError, StoreError):
            used = None
        if used is not None:
            st.success(
                plain(
                    "The one-time code is used: a device took the class with it at "
                    f"{time.strftime('%H:%M:%S', time.localtime(used))}, and it opens nothing now. "
                    "If it was not yours, end the class and start a new one."
                )
            )
        elif time.time() > expires:
            st.warning(
                f"The one-time code has expired (it was not used within {int(classes.HANDOVER_S // 60)} "
                "minutes) and opens nothing now: hide it and show a new one."
            )
        else:
            _handover_watch(teacher, expires)
            link = f"{join_link(code)}&handover={one_time}"
            left, right = st.columns([1, 2], vertical_alignment="center")
            with left:
                st.html(qr_html(link, 240, testid="cl-handover-qr", alt="QR code of a one-time teacher link"))
            with right:
                shown = f"{one_time[:4]}-{one_time[4:]}"
                st.html(
                    f'<p data-testid="cl-handover-code" data-code="{escape(one_time)}" style="margin:0">On the other '
                    f"device, scan the code, or open the Class page and type the class code <b>{escape(code)}</b> "
                    f'and the one-time teacher code <b style="font-size:1.3em">{escape(shown)}</b>.</p>'
                )
                st.caption(
                    f"It works for one device, within {int(classes.HANDOVER_S // 60)} minutes; it is not the "
                    "class's own key, and once used or hidden it opens nothing."
                )
        if st.button("Hide", key=K + "handover_hide"):
            if used is None:
                try:
                    teacher.cancel_handover()
                except (classes.ClassError, StoreError) as err:
                    st.error(plain(err))
                    return
            st.session_state.pop(K + "handover", None)
            st.rerun()


@st.fragment(run_every=LIVE_SECONDS)
def _handover_watch(teacher: Teacher, expires: float) -> None:
    """While the one-time code is shown: the page is drawn afresh once it is used (by a device, on
    any server) or has expired, so that its box says so instead of showing it as if it still worked."""
    if time.time() > expires:
        st.rerun(scope="app")
    try:
        used = teacher.handover_used()
    except (classes.ClassError, StoreError):
        return  # read again at the next tick
    if used is not None:
        st.rerun(scope="app")


def _end_panel(teacher: Teacher) -> None:
    """ "End the class", at the bottom of the page, away from Reveal: it asks before it ends it."""
    code = teacher.code
    st.divider()
    if st.session_state.get(K + "confirm_end") != code:
        if st.button("End the class", key=K + "end"):
            st.session_state[K + "confirm_end"] = code
            st.rerun()
        return
    st.warning(
        "End the class for everyone? The phones stop taking answers and nobody can join; the leaderboard "
        "and the summary stay on this page."
    )
    c1, c2 = st.columns(2)
    if c1.button("Yes, end it now", type="primary", key=K + "end_yes", width="stretch"):
        st.session_state.pop(K + "confirm_end", None)
        _act(code, teacher.end)
    if c2.button("No, keep the class going", key=K + "end_no", width="stretch"):
        st.session_state.pop(K + "confirm_end", None)
        st.rerun()


@dataclass(frozen=True, slots=True)
class KeptClass:
    """A class this browser is the teacher of (its secret in the session or a cookie)."""

    code: str
    secret: str
    info: classes.ClassInfo


def kept_classes() -> tuple[KeptClass, ...]:
    """The classes this browser holds the teacher's secret of that are still there (open or ended,
    not expired), the latest first: what /class offers to resume."""
    found: dict[str, str] = {}
    session = st.session_state.get(K + "secrets", {})
    if isinstance(session, dict):
        found.update({str(c): str(v) for c, v in session.items() if v})
    try:
        cookies = dict(st.context.cookies)
    except Exception:  # no browser (AppTest's cookies are a stand-in object)
        cookies = {}
    for name, value in cookies.items():
        if isinstance(name, str) and name.startswith("ec_teacher_") and isinstance(value, str) and value:
            found.setdefault(name.removeprefix("ec_teacher_"), value)
    kept = []
    for code, secret in found.items():
        try:
            kept.append(KeptClass(code, secret, Teacher(code, secret).check()))
        except (classes.ClassError, StoreError):
            continue  # expired, unknown, damaged or not this secret's: nothing to resume
    return tuple(sorted(kept, key=lambda k: -max(k.info.created, k.info.last_question or 0.0)))


def take_handover_page(code: str, one_time: str) -> str | None:
    """A device opening the one-time link (or typing the code): the teacher's secret, kept by this
    browser from now on, or None after saying why it did not work."""
    try:
        secret = Teacher.take_over(code, one_time).secret
    except (classes.ClassError, StoreError) as err:
        st.error(plain(err))
        return None
    keep_secret(code, secret)
    return secret
