"""The teacher's screen in class mode, made for the projector: the join code, link and QR code,
the question, the live count of answers, and at the reveal the spread, the right answer drawn on
the cards and the engine's explanation; the controls sit below: reveal, the leaderboard, a timer
that reveals each question by itself, the lock (no new pupils), the next question (asked at once,
or previewed on this screen first, or one of three drawn to choose from), the pupils (rename,
remove), the summary as CSV, and at the very bottom "End the class", which asks first.

The teacher's link holds ``class=CODE&teacher=SECRET``: every action checks the secret in the
database (``store.classes``), so a pupil's link cannot drive the class. A projector shows the
browser's address bar to the room, and the browser's history keeps every address it showed, so
the secret is never put into the address: "Start a class" keeps it in the session and in a cookie
of this browser (``ec_teacher_CODE``, 12 hours) and only the code goes into the address; a
teacher's link opened on another device has its history entry replaced in place
(``history.replaceState``) by the address without the secret, never a new entry pushed (Back
never shows it). A reload still opens the teacher's page, and so does "Resume my class" on /class.
The secret is never drawn on the page either (a projector shows the page to the room): "Show my
teacher link / QR for another device" shows a one-time code (and its link as a QR code) that one
device can take the class with within two minutes (``store.classes.handover``); "Hide" forgets it.
The page's one poll is a fragment that reads the class's row twice a second at every stage (before
the first question, while one is open, after its reveal): a change of ``stage`` from any screen
(another tab, the device that took the class, the deal editor's "Ask … in class", the timer
running out) draws the page afresh, and a new question or a reveal scrolls the projector to the
question; while a question is open it reads the count and who has not answered only when its
``version`` moved. While the class's records are out of reach the last count stays, under a line
that says the page is reconnecting (``ui.class_reach``). The switches (leaderboard, timer, lock)
and Reveal act in their callbacks, before the page is drawn again, on what the click meant (lock,
timer off, reveal the question shown): a click on a page drawn before another screen moved the
class acts, never only redraws. A refused action's message stays until the next action; the
one-time code's box says when the code is used or has expired.

The questions follow the rules in force (the sidebar's) as far as each kind can
(``classroom.questions.rules_note``); where a kind cannot, the picker says so before it is asked.

The join link and QR code point at the address pupils use (``classroom.join_address``): the one
the teacher set on this page (kept in this browser's cookie ``ec_join_address``), else the
server's ``EUCHRE_COACH_PUBLIC_URL``, else this page's own address; a warning says so when that is
one only this computer reaches (localhost). The summary CSV is read from the database when the
teacher clicks to download it (``classroom.class_record.class_csv``), and a folded-away table says
which ideas each pupil got wrong. With ``&project=TABLE`` the page is one of the class's tables on
the projector instead (``views.class_mode.projected``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, tzinfo
from functools import partial
from html import escape
from zoneinfo import ZoneInfo

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from classroom import service as classes
from classroom.class_record import BOM, ClassRecord, class_csv, class_record
from classroom.marking import tally
from classroom.questions import (
    CLASS_KINDS,
    HAND_SEATS,
    ClassQuestion,
    DamagedQuestion,
    exercise_question,
    hand_question,
    lesson_steps,
    step_question,
)
from classroom.service import Room, StoreError, Teacher
from engine.analysis.situation import QuestionError as SeatQuestionError
from engine.analysis.situation import read_question as read_seat_question
from lessons.exercises import DRILLS
from ui.class_acts import K, _clicked, _keep, _problem, _switched, keep_secret, kept_secret
from ui.class_parts import (
    PROJECTOR_SECONDS,
    answer_cards,
    bars_html,
    countdown_html,
    ideas_html,
    leaderboard_html,
    poll_stage,
    question_text,
    question_top_html,
    scroll_script,
    table_cards,
    waiting_html,
)
from ui.class_reach import reconnecting_line, wait_for_records
from ui.daily_parts import class_daily_panel
from ui.echo import plain
from ui.layout import card_width, projector
from ui.rules_panel import current_rules, preset_name, set_rules
from views.class_mode.address import (
    PupilAddress,
    _address_panel,
    _address_warning,
    _join_panel,
    _keep_address,
    join_link,
    pupil_address,
)
from views.class_mode.class_tables import tables_panel, take_table_deal
from views.class_mode.projected import PROJECT_PARAM, projected_page
from views.class_mode.tools import (
    KeptClass,
    _ask_buttons,
    _end_panel,
    _handover_panel,
    _levels,
    _moved,
    _present_hint,
    _pupils_panel,
    _rules_said,
    kept_classes,
    level_words,
    take_handover_page,
    timer_words,
)

HAND_PARAM = "class_hand"  # the deal editor's "ask it in class" link: a seat's view at its first bid (views/deal_editor/editor.py)


def _counted(code: str, number: int, version: int) -> tuple[object, int, tuple[str, ...], tuple[str, ...]]:
    """The count of answers to question ``number``, the pupils' names and who has not answered yet,
    kept in the session and read again only when the class's ``version`` moved."""
    cache = st.session_state.get(K + "live")
    if cache is None or cache[0] != (code, number, version):
        room = Room(code)
        joined = room.pupils()
        done = room.answered(number) if number else frozenset()
        waiting = tuple(p.name for p in joined if p.id not in done)
        cache = ((code, number, version), len(done), tuple(p.name for p in joined), waiting)
        st.session_state[K + "live"] = cache
    return cache


def _last_counted(code: str, number: int) -> tuple[object, int, tuple[str, ...], tuple[str, ...]] | None:
    """The count last read for question ``number`` (drawn while the records are out of reach)."""
    cache = st.session_state.get(K + "live")
    return cache if cache is not None and cache[0][:2] == (code, number) else None


def _live(code: str, info: classes.ClassInfo) -> None:
    """The page's one poll, at every stage: twice a second it reads the class's row, and a stage
    moved from any screen draws the page afresh (``poll_stage``). With it, before the first question,
    the pupils who joined, and while a question is open, the answers so far and who has not answered
    yet, with the seconds left when the timer runs (when they run out, the poll reveals the question:
    ``Room.poll``). The records out of reach: the last count, under a line saying so."""
    big = projector()
    number, stage, revealed, closes = info.current, info.stage, info.revealed, info.closes

    @st.fragment(run_every=PROJECTOR_SECONDS)
    def live() -> None:
        away: StoreError | None = None
        try:
            cache: tuple[object, int, tuple[str, ...], tuple[str, ...]] | None = _counted(
                code, number, poll_stage(code, stage)
            )
        except StoreError as err:
            away, cache = err, _last_counted(code, number)
        except classes.ClassError:
            cache = _last_counted(code, number)  # the row stopped reading: the page says so at its next run
        reconnecting_line(away)  # first, in a place of its own: the count keeps its place
        # After a reveal the poll draws nothing: it only follows the stage. (An HTML mark drawn there
        # at each run, even unchanged, closed the teacher's open select boxes.)
        if cache is None or (number and revealed):
            return
        _, count, names, waiting = cache
        if number:
            st.markdown(
                f'<p data-testid="cl-count" data-number="{number}" data-count="{count}" '
                f'style="font-size:2.2em;font-weight:700;margin:0">{count} of {len(names)} answered</p>',
                unsafe_allow_html=True,
            )
            if closes is not None:
                st.html(countdown_html(max(0.0, closes - time.time()), big))
            if names:
                st.html(waiting_html(waiting))
        else:
            st.markdown(
                f'<p data-testid="cl-joined" style="font-size:1.6em;font-weight:700;margin:0">'
                f"{len(names)} joined</p>",
                unsafe_allow_html=True,
            )
            if names:
                st.caption(plain(", ".join(names)))

    live()


def _picker(teacher: Teacher) -> None:
    """The next question: an exercise kind at a level, a lesson's step, or a typed hand, under the
    rules in force as far as the kind can follow them (said when it cannot); asked at once,
    previewed first, or drawn three times to choose one (``_ask_buttons``)."""
    rules = current_rules()
    st.caption(
        plain(
            f"Questions follow the rules in force: {preset_name(rules)} ({rules.summary()}); change them "
            "in the sidebar."
        )
    )
    source = st.radio(
        "Next question", ("Exercise", "Lesson step", "Typed hand"), horizontal=True, key=K + "source"
    )
    if source == "Exercise":
        kind = st.selectbox("Kind", CLASS_KINDS, key=K + "kind", format_func=lambda k: DRILLS[k].title)
        options = _levels(kind, rules.players)
        _rules_said(kind, rules)
        _ask_buttons(
            teacher,
            "Ask this",
            K + "ask_exercise",
            (source, kind, tuple(sorted(options.items())), rules),
            lambda seed: exercise_question(kind, seed, options, rules),
            kind=kind,
        )
    elif source == "Lesson step":
        steps = lesson_steps()
        step = st.selectbox("Step", steps, key=K + "step", format_func=lambda s: s.name)
        if step is not None:
            _rules_said(step.kind, rules)
            _ask_buttons(
                teacher,
                "Ask this",
                K + "ask_step",
                (source, step.name, rules),
                lambda seed: step_question(step, seed, rules),
                kind=step.kind,
            )
    else:
        c1, c2, c3 = st.columns([3, 1, 1.5])
        hand = c1.text_input("Hand", placeholder="JH JD AH KS 9C", key=K + "hand")
        upcard = c2.text_input("Upcard", placeholder="9H", key=K + "upcard")
        seat = c3.selectbox("Seat", HAND_SEATS, key=K + "seat")
        _ask_buttons(
            teacher,
            "Ask: what would you bid?",
            K + "ask_hand",
            (source, hand, upcard, seat, rules),
            lambda seed: hand_question(hand, upcard, seat, seed, rules),
            draws=False,
        )


def _controls(teacher: Teacher, info: classes.ClassInfo) -> None:
    """Reveal, the leaderboard, the timer and the lock in one row, then the next question ("End the
    class" is at the bottom of the page, away from Reveal, and asks first: ``_end_panel``). The
    switches are keyed by the class's ``stage`` (each of them moves it), not its ``version``: a pupil
    joining or answering between the page's drawing and the teacher's click would otherwise make a
    new switch of the stored value. Each acts in its callback, before the page is drawn again, with
    the value clicked (``_switched``): on a page drawn before another screen moved the stage, the
    click is not lost to the new switch. Reveal reveals the question this page shows, or nothing
    when another screen has asked the next one since (it is said)."""
    code = teacher.code
    problem = _problem(code, K + "problem")
    if problem:
        st.error(plain(problem))
    c1, c2, c3, c4 = st.columns(4, vertical_alignment="center")
    if info.current and not info.revealed:
        c1.button(
            "Reveal",
            type="primary",
            key=K + "reveal",
            width="stretch",
            on_click=_clicked,
            args=(code, partial(teacher.reveal, number=info.current)),
        )
    _switch(
        c2,
        "Leaderboard",
        info.leaderboard,
        f"{K}board_{info.stage}",
        code,
        teacher.set_leaderboard,
    )
    choices = classes.TIMER_CHOICES + (() if info.timer in classes.TIMER_CHOICES else (info.timer,))
    key = f"{K}timer_{info.stage}"
    c3.selectbox(
        "Timer: reveal by itself after",
        choices,
        index=choices.index(info.timer),
        key=key,
        format_func=timer_words,
        on_change=_switched,
        args=(code, key, teacher.set_timer, info.timer),
    )
    _switch(
        c4,
        "Lock the class (no new pupils)",
        info.locked,
        f"{K}lock_{info.stage}",
        code,
        teacher.lock,
    )
    drafts = st.session_state.get(K + "drafts")
    drafting = (
        isinstance(drafts, tuple) and bool(drafts) and drafts[0] == code
    )  # previews here: keep them open
    with st.expander("Ask the next question", expanded=not info.current or info.revealed or drafting):
        _picker(teacher)


def _switch(
    spot: DeltaGenerator, label: str, value: bool, key: str, code: str, apply: Callable[[bool], object]
) -> None:
    """One of the class's switches (``_controls``): showing ``value``, keyed ``key``; a click
    ``apply``s the value clicked, in the callback."""
    spot.toggle(label, value=value, key=key, on_change=_switched, args=(code, key, apply, value))


def _zone() -> tzinfo:
    """The teacher's browser's time zone (the CSV's times are in it), UTC when it is not known."""
    try:
        name = st.context.timezone
        return ZoneInfo(name) if isinstance(name, str) and name else UTC
    except Exception:  # no browser, or a zone this machine does not know
        return UTC


def _summary(teacher: Teacher, record: ClassRecord) -> None:
    """The CSV summary, read from the database at the click (every answer saved until then), and
    which ideas each pupil got wrong."""
    zone = _zone()

    def build() -> bytes:  # runs at the click, on a thread of its own
        try:
            return class_csv(teacher.code, teacher.secret, zone)
        except (classes.ClassError, StoreError) as err:
            return (BOM + f"The summary could not be read just now: {err}. Try again.\n").encode("utf-8")

    st.download_button(
        "Download the summary (CSV)",
        build,
        file_name=f"class-{teacher.code}.csv",
        mime="text/csv",
        key=K + "csv",
        on_click="ignore",
    )
    if record.note:
        st.warning(plain(f"{record.note}; the summary and the leaderboard count every other record."))
    with st.expander("What each pupil got wrong"):
        st.caption(
            "For you, not the room: per pupil, the ideas (where each question came from) they answered "
            "wrong, over the questions revealed so far."
        )
        ideas = record.ideas()
        if ideas:
            st.html(ideas_html(ideas))
        else:
            st.caption("Nobody has joined yet.")


def teacher_page(code: str, secret: str) -> None:
    """The projector's page and the teacher's controls. A read the database cannot answer just now
    (busy) or a record of the class that does not read is said in one message, never an exception."""
    teacher = Teacher(code, secret)
    try:
        info = teacher.check()
    except (classes.ClassError, StoreError) as err:
        st.error(plain(err))
        if isinstance(err, StoreError):
            wait_for_records(code, PROJECTOR_SECONDS)  # drawn afresh once the records answer
        return
    _keep(code, secret)
    projected = st.query_params.get(PROJECT_PARAM)
    if projected and not info.ended:  # one table on the projector, nothing else (class_tables.py)
        projected_page(code, secret, projected)
        return
    _take_class_hand()
    take_table_deal()
    notice = st.session_state.pop(K + "notice", None)
    if notice:
        st.info(plain(notice))
    try:
        _teacher_page(teacher, info)
    except (classes.ClassError, StoreError) as err:
        st.error(plain(err))
        if isinstance(err, StoreError):
            wait_for_records(code, PROJECTOR_SECONDS)
    st.session_state.setdefault(K + "drawn", {})[code] = info.current


def _take_class_hand() -> None:
    """A link's ``class_hand=`` (a seat's view text at its first bid, as the deal editor writes it)
    fills the "Typed hand" form once, then leaves the address (a projector shows it to the room)."""
    text = st.query_params.get(HAND_PARAM)
    if text is None:
        return
    del st.query_params[HAND_PARAM]
    try:
        q = read_seat_question(text)
    except SeatQuestionError as err:
        st.session_state[K + "notice"] = f"The link's hand was not put in the form: {err}"
        return
    if q.round != 1:
        st.session_state[K + "notice"] = (
            "The link's hand was not put in the form: a typed hand is a first-round bid."
        )
        return
    changed = q.rules != current_rules()
    if changed:  # a typed hand is asked under the rules in force: the hand's own
        set_rules(q.rules)
    st.session_state.update(
        {
            K + "source": "Typed hand",
            K + "hand": " ".join(str(c) for c in q.hand),
            K + "upcard": str(q.upcard),
            K + "seat": q.seat,
        }
    )
    st.session_state[K + "notice"] = (
        'The hand from the deal editor is in the form under "Ask the next question" '
        '(Typed hand): press "Ask: what would you bid?" to ask it.'
        + (f" The rules in force are now its rules: {preset_name(q.rules)}." if changed else "")
    )


def _teacher_page(teacher: Teacher, info: classes.ClassInfo) -> None:
    code = teacher.code
    big = projector()
    if info.ended:
        st.markdown(f"## Class {code} has ended")
        record = class_record(code, teacher.secret)
        st.html(leaderboard_html(record.standings(), limit=classes.MAX_PUPILS))
        _summary(teacher, record)
        return
    if not big:
        _present_hint()
    where = pupil_address()
    _keep_address()
    if info.current == 0:
        _join_panel(code, big)
        _address_warning(where)
        _live(code, info)
    else:
        link = escape(join_link(code))
        st.html(
            f'<p data-testid="cl-join-line" style="color:#6b6b6b;font-size:0.95em;margin:0">Join code '
            f'<b>{escape(code)}</b> · <a href="{link}">{link}</a></p>'
        )
        _address_warning(where)
        _current(teacher, info, big)
        _live(code, info)
    if _moved(code, info):  # a new question or the reveal: the room sees it, not the controls
        st.html(scroll_script(info.current, info.stage), unsafe_allow_javascript=True)
    st.divider()
    _controls(teacher, info)
    _pupils_panel(teacher)
    # "Tables": the class plays in fours, the teacher over every table
    tables_panel(teacher.code, teacher.secret)
    class_daily_panel(code, where.address)  # "Today's deal for the class": its link, the class's results
    _summary(teacher, class_record(code, teacher.secret))
    _address_panel(where)
    _handover_panel(teacher)
    _end_panel(teacher)


def _current(teacher: Teacher, info: classes.ClassInfo, big: bool) -> None:
    """The question being asked (the live count below it: ``_live``), the spread and why after its reveal."""
    try:
        q = ClassQuestion.from_json(teacher.question(info.current).body)
    except (DamagedQuestion, classes.DamagedClass) as err:
        st.warning(plain(f"Question {info.current} cannot be shown: {err}. Ask the next question below."))
        return
    st.html(question_top_html(info.current))
    st.caption(plain(f"Question {info.current} · {q.source}"))
    question_text(q, big)
    if info.revealed:  # the cards and why beside the spread: all of it on one projected screen
        cards, spread = st.columns(2, gap="large")
        with cards:
            table_cards(q, card_width(70), True)
            answer_cards(q, card_width(90), True)
            _why(q)
        with spread:
            _reveal(teacher, info, q)
    else:
        table_cards(q, card_width(70))
        answer_cards(q, card_width(90), False)


def _why(q: ClassQuestion) -> None:
    """The engine's explanation, with the analyzer's figures for a bid and a close call said so."""
    st.markdown(plain(q.why))
    for line in q.figures:
        st.markdown(f"- {plain(line)}")
    if q.close:
        st.warning("A close call: the explanation above says what the answer depends on.")


def _reveal(teacher: Teacher, info: classes.ClassInfo, q: ClassQuestion) -> None:
    given = teacher.answers(info.current)
    t = tally(q, [a.answer for a in given])
    st.markdown(f"**{t.right} of {t.answered} right.** The answer: **{plain(q.answer_words)}**")
    st.html(bars_html(t, 1.3 if projector() else 1.0))
    if given.damaged + t.damaged:
        st.caption(
            plain(classes.damaged_note(given.damaged + t.damaged) + ": the spread counts every other answer.")
        )
    if info.leaderboard:
        st.markdown("**Leaderboard**")
        st.html(leaderboard_html(class_record(teacher.code, teacher.secret).standings()))


__all__ = [
    "KeptClass",
    "PupilAddress",
    "join_link",
    "keep_secret",
    "kept_classes",
    "kept_secret",
    "level_words",
    "pupil_address",
    "take_handover_page",
    "teacher_page",
    "timer_words",
]
