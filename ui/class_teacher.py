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
which ideas each pupil got wrong.
"""

from __future__ import annotations

import json
import os
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, tzinfo
from functools import partial
from html import escape
from urllib.parse import quote, unquote, urlsplit
from zoneinfo import ZoneInfo

import streamlit as st

from classroom import join_address
from classroom import service as classes
from classroom.class_record import BOM, ClassRecord, class_csv, class_record
from classroom.marking import tally
from classroom.questions import (
    CLASS_KINDS,
    HAND_SEATS,
    ClassQuestion,
    DamagedQuestion,
    QuestionError,
    exercise_question,
    hand_question,
    lesson_steps,
    rules_problem,
    step_question,
)
from classroom.service import AlreadyAsked, StoreError
from engine.analysis.situation import QuestionError as SeatQuestionError
from engine.analysis.situation import read_question as read_seat_question
from engine.core.rules import Rules
from lessons.exercises import DRILLS
from ui.class_parts import (
    LIVE_SECONDS,
    PROJECTOR_SECONDS,
    answer_cards,
    bars_html,
    countdown_html,
    ideas_html,
    leaderboard_html,
    poll_stage,
    qr_html,
    question_text,
    question_top_html,
    scroll_script,
    table_cards,
    waiting_html,
)
from ui.class_reach import WATCH, address_guard, reconnecting, wait_for_records
from ui.daily_parts import class_daily_panel
from ui.echo import plain
from ui.engine_ready import wait_until_ready
from ui.layout import PRESENT_PARAM, card_width, projector
from ui.rules_panel import current_rules, preset_name, set_rules

K = "cl_teacher_"
ANY = "any"
ADDRESS_COOKIE = "ec_join_address"
ADDRESS_DAYS = (
    30  # the teacher's computer keeps its address on the school's network for a while, not for ever
)
HAND_PARAM = "class_hand"  # the deal editor's "ask it in class" link: a seat's view at its first bid (ui/deal_editor.py)


@dataclass(frozen=True, slots=True)
class PupilAddress:
    """The address pupils open (None: this page's, unknown outside a browser), where it comes
    from, and what was wrong with an address that was given and could not be used."""

    address: str | None
    source: str
    problem: str = ""

    @property
    def loopback(self) -> bool:
        return self.address is not None and join_address.is_loopback(self.address)


def _own_address() -> str | None:
    """The address the teacher set on this page: this session's ("" once cleared), else the cookie's."""
    kept = st.session_state.get(K + "address")
    if isinstance(kept, str):
        return kept or None
    try:
        cookie = st.context.cookies.get(ADDRESS_COOKIE)
    except Exception:  # no browser
        cookie = None
    if not isinstance(cookie, str) or not cookie:
        return None
    try:
        return join_address.clean_address(unquote(cookie))
    except join_address.BadAddress:
        return None


def pupil_address() -> PupilAddress:
    """The address the join link and QR code use: the teacher's own, else the server's
    ``EUCHRE_COACH_PUBLIC_URL``, else this page's address."""
    own = _own_address()
    if own is not None:
        return PupilAddress(own, "set on this page")
    problem = ""
    given = os.environ.get(join_address.ENV_VAR, "").strip()
    if given:
        try:
            return PupilAddress(join_address.clean_address(given), join_address.ENV_VAR)
        except join_address.BadAddress as err:
            problem = f"{join_address.ENV_VAR} is not used: {err}"
    try:
        url = st.context.url or ""
    except Exception:  # no browser (a test run)
        url = ""
    return PupilAddress(join_address.page_address(url), "this page's address", problem)


def join_link(code: str) -> str:
    """The pupils' link: the address pupils use, with the class's code."""
    return join_address.join_link(pupil_address().address, code)


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


def _address_warning(where: PupilAddress) -> None:
    """Said on the teacher's page when phones cannot open the join link (or a given address was bad)."""
    if where.problem:
        st.warning(plain(where.problem))
    if where.loopback:
        host = urlsplit(where.address or "").hostname
        st.warning(
            plain(
                f"Phones cannot open this join link: {host} is this computer's own address, so each phone "
                'would look for the class on itself. Under "The address pupils use" below, type this '
                "computer's address on the network (like http://192.168.1.20:8501), or start the app with "
                f"{join_address.ENV_VAR} set to it."
            )
        )


def _address_panel(where: PupilAddress) -> None:
    """The address pupils use, for the teacher to set (kept in this browser's cookie)."""
    with st.expander("The address pupils use", expanded=where.loopback):
        st.caption(
            plain(
                f"Pupils open {where.address or 'this page'}/{join_address.PAGE} ({where.source}). "
                "Type the address phones reach this app at (this computer's address on the school's "
                "network, or the server's); leave it empty to go back to "
                f"{join_address.ENV_VAR} or this page's address."
            )
        )
        with st.form(K + "address_form", border=False):
            typed = st.text_input(
                "Address pupils use",
                key=K + "address_text",
                placeholder=where.address or "http://192.168.1.20:8501",
            )
            go = st.form_submit_button("Use this address", key=K + "address_go")
        if go:
            try:
                address = join_address.clean_address(typed) if typed.strip() else ""
            except join_address.BadAddress as err:
                st.error(plain(err))
                return
            st.session_state[K + "address"] = address
            st.rerun()


def _keep_address() -> None:
    """Write the address the teacher set into this browser's cookie (or take it out when cleared)."""
    kept = st.session_state.get(K + "address")
    if not isinstance(kept, str):
        return
    try:
        held = st.context.cookies.get(ADDRESS_COOKIE)
    except Exception:  # no browser
        held = None
    held = held if isinstance(held, str) else None
    if kept and (held is None or unquote(held) != kept):
        value = json.dumps(
            f"{ADDRESS_COOKIE}={quote(kept, safe='')}; path=/; max-age={ADDRESS_DAYS * 86400}; "
            "samesite=strict"
        )
    elif not kept and held:
        value = json.dumps(f"{ADDRESS_COOKIE}=; path=/; max-age=0; samesite=strict")
    else:
        return
    st.html(f"<script>document.cookie = {value};</script>", unsafe_allow_javascript=True)


def _join_panel(code: str, big: bool) -> None:
    link = join_link(code)
    left, right = st.columns([3, 2] if big else [2, 1], vertical_alignment="center")
    with left:
        st.markdown(f"## Join code: `{code}`")
        # a real link, escaped, so that a teacher who copies it gets the address as it is (markdown
        # would need a joiner inside "http://" to keep it from turning into a link of its own)
        st.html(
            f'<p data-testid="cl-join-link" style="font-size:1.15em">Open <a href="{escape(link)}" '
            f'style="font-weight:700">{escape(link)}</a> on a phone, or scan the code, and type your first name.</p>'
        )
    with right:
        st.html(qr_html(link, 520 if projector() else 300))


def _counted(code: str, number: int, version: int) -> tuple[object, int, tuple[str, ...], tuple[str, ...]]:
    """The count of answers to question ``number``, the pupils' names and who has not answered yet,
    kept in the session and read again only when the class's ``version`` moved."""
    cache = st.session_state.get(K + "live")
    if cache is None or cache[0] != (code, number, version):
        joined = classes.pupils(code)
        done = classes.answered(code, number) if number else frozenset()
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
    ``classes.poll``). The records out of reach: the last count, under a line saying so."""
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
        if away is not None:
            st.warning(reconnecting(away))
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


def _ask(code: str, secret: str, make: Callable[[], ClassQuestion]) -> None:
    """Make the question and ask it after the one this screen showed (``_drawn``): a click on another
    screen in the meantime asks nothing here and says so (classes.AlreadyAsked)."""
    after = _drawn(code)
    try:
        wait_until_ready()
        with st.spinner("The engine is making the question…"):
            q = make()
        classes.ask(code, secret, q.to_json(), after=after)
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


def _picker(code: str, secret: str) -> None:
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
            code,
            secret,
            "Ask this",
            K + "ask_exercise",
            (source, kind, tuple(sorted(options.items())), rules),
            lambda seed: exercise_question(kind, seed, options, rules),
        )
    elif source == "Lesson step":
        steps = lesson_steps()
        step = st.selectbox("Step", steps, key=K + "step", format_func=lambda s: s.name)
        if step is not None:
            _rules_said(step.kind, rules)
            _ask_buttons(
                code,
                secret,
                "Ask this",
                K + "ask_step",
                (source, step.name, rules),
                lambda seed: step_question(step, seed, rules),
            )
    else:
        c1, c2, c3 = st.columns([3, 1, 1.5])
        hand = c1.text_input("Hand", placeholder="JH JD AH KS 9C", key=K + "hand")
        upcard = c2.text_input("Upcard", placeholder="9H", key=K + "upcard")
        seat = c3.selectbox("Seat", HAND_SEATS, key=K + "seat")
        _ask_buttons(
            code,
            secret,
            "Ask: what would you bid?",
            K + "ask_hand",
            (source, hand, upcard, seat, rules),
            lambda seed: hand_question(hand, upcard, seat, seed, rules),
            draws=False,
        )


def _controls(code: str, secret: str, info: classes.ClassInfo) -> None:
    """Reveal, the leaderboard, the timer and the lock in one row, then the next question ("End the
    class" is at the bottom of the page, away from Reveal, and asks first: ``_end_panel``). The
    switches are keyed by the class's ``stage`` (each of them moves it), not its ``version``: a pupil
    joining or answering between the page's drawing and the teacher's click would otherwise make a
    new switch of the stored value. Each acts in its callback, before the page is drawn again, with
    the value clicked (``_switched``): on a page drawn before another screen moved the stage, the
    click is not lost to the new switch. Reveal reveals the question this page shows, or nothing
    when another screen has asked the next one since (it is said)."""
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
            args=(code, partial(classes.reveal, code, secret, number=info.current)),
        )
    key = f"{K}board_{info.stage}"
    c2.toggle(
        "Leaderboard",
        value=info.leaderboard,
        key=key,
        on_change=_switched,
        args=(code, key, partial(classes.set_leaderboard, code, secret)),
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
        args=(code, key, partial(classes.set_timer, code, secret)),
    )
    key = f"{K}lock_{info.stage}"
    c4.toggle(
        "Lock the class (no new pupils)",
        value=info.locked,
        key=key,
        on_change=_switched,
        args=(code, key, partial(classes.lock, code, secret)),
    )
    drafts = st.session_state.get(K + "drafts")
    drafting = (
        isinstance(drafts, tuple) and bool(drafts) and drafts[0] == code
    )  # previews here: keep them open
    with st.expander("Ask the next question", expanded=not info.current or info.revealed or drafting):
        _picker(code, secret)


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


def _switched(code: str, key: str, apply: Callable[[object], object]) -> None:
    """A switch's callback: ``apply`` the value the teacher clicked."""
    _apply(code, lambda: apply(st.session_state[key]))


def _problem(code: str, where: str) -> str:
    kept = st.session_state.get(where)
    return str(kept[1]) if isinstance(kept, tuple) and len(kept) == 2 and kept[0] == code else ""


def _act(code: str, action: Callable[[], object], where: str = K + "problem") -> None:
    """A button's action, then the page drawn afresh; refused, its message stays (``_apply``)."""
    if _apply(code, action, where) or where == K + "problem":
        st.rerun()


def _zone() -> tzinfo:
    """The teacher's browser's time zone (the CSV's times are in it), UTC when it is not known."""
    try:
        name = st.context.timezone
        return ZoneInfo(name) if isinstance(name, str) and name else UTC
    except Exception:  # no browser, or a zone this machine does not know
        return UTC


def _summary(code: str, secret: str, record: ClassRecord) -> None:
    """The CSV summary, read from the database at the click (every answer saved until then), and
    which ideas each pupil got wrong."""
    zone = _zone()

    def build() -> bytes:  # runs at the click, on a thread of its own
        try:
            return class_csv(code, secret, zone)
        except (classes.ClassError, StoreError) as err:
            return (BOM + f"The summary could not be read just now: {err}. Try again.\n").encode("utf-8")

    st.download_button(
        "Download the summary (CSV)",
        build,
        file_name=f"class-{code}.csv",
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
    try:
        info = classes.check_teacher(code, secret)
    except (classes.ClassError, StoreError) as err:
        st.error(plain(err))
        if isinstance(err, StoreError):
            wait_for_records(code, PROJECTOR_SECONDS)  # drawn afresh once the records answer
        return
    _keep(code, secret)
    _take_class_hand()
    notice = st.session_state.pop(K + "notice", None)
    if notice:
        st.info(plain(notice))
    try:
        _teacher_page(code, secret, info)
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


def _teacher_page(code: str, secret: str, info: classes.ClassInfo) -> None:
    big = projector()
    if info.ended:
        st.markdown(f"## Class {code} has ended")
        record = class_record(code, secret)
        st.html(leaderboard_html(record.standings(), limit=classes.MAX_PUPILS))
        _summary(code, secret, record)
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
        _current(code, secret, info, big)
        _live(code, info)
    if _moved(code, info):  # a new question or the reveal: the room sees it, not the controls
        st.html(scroll_script(info.current, info.stage), unsafe_allow_javascript=True)
    st.divider()
    _controls(code, secret, info)
    _pupils_panel(code, secret)
    class_daily_panel(code, where.address)  # "Today's deal for the class": its link, the class's results
    _summary(code, secret, class_record(code, secret))
    _address_panel(where)
    _handover_panel(code, secret)
    _end_panel(code, secret)


def _current(code: str, secret: str, info: classes.ClassInfo, big: bool) -> None:
    """The question being asked (the live count below it: ``_live``), the spread and why after its reveal."""
    try:
        q = ClassQuestion.from_json(classes.question(code, info.current).body)
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
            _reveal(code, secret, info, q)
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


def _reveal(code: str, secret: str, info: classes.ClassInfo, q: ClassQuestion) -> None:
    given = classes.answers(code, info.current, secret=secret)
    t = tally(q, [a.answer for a in given])
    st.markdown(f"**{t.right} of {t.answered} right.** The answer: **{plain(q.answer_words)}**")
    st.html(bars_html(t, 1.3 if projector() else 1.0))
    if given.damaged + t.damaged:
        st.caption(
            plain(classes.damaged_note(given.damaged + t.damaged) + ": the spread counts every other answer.")
        )
    if info.leaderboard:
        st.markdown("**Leaderboard**")
        st.html(leaderboard_html(class_record(code, secret).standings()))


# ---- the teacher's tools ------------------------------------------------------------------------------

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
    code: str,
    secret: str,
    label: str,
    key: str,
    signature: object,
    make: Callable[[int], ClassQuestion],
    draws: bool = True,
) -> None:
    """Ask (the question previewed, else a fresh one), Preview, and Draw 3 to choose from; the
    previews are drawn below, on this screen only (this browser's session, never the database)."""
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
            _ask(code, secret, lambda: chosen)
        else:
            seed = secrets.randbelow(10**9)  # a fresh question each time (the seed is not a secret)
            _ask(code, secret, lambda: make(seed))
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
                drafts = tuple(make(secrets.randbelow(10**9)) for _ in range(count))
        except (QuestionError, ValueError) as err:
            st.error(plain(err))
            return
        st.session_state[K + "drafts"] = (code, signature, drafts)
        st.rerun()  # drawn by the next run, with the picker held open for them (``_controls``)
    _show_drafts(code, secret, drafts, label)


def _show_drafts(code: str, secret: str, drafts: tuple[ClassQuestion, ...], label: str) -> None:
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
                    _ask(code, secret, _given(q))
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


def _pupils_panel(code: str, secret: str) -> None:
    """Rename or remove a pupil (a name is read as a pupil's own is: ``classroom.names``)."""
    with st.expander("Pupils: rename or remove"):
        _pupil_tools(code, secret)


@st.fragment(run_every=LIVE_SECONDS)
def _pupil_tools(code: str, secret: str) -> None:
    """The pupils as they are now: redrawn each second (a pupil who joins does not rerun the page)."""
    try:
        joined = classes.pupils(code)
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
        _act(
            code, lambda: classes.rename_pupil(code, secret, who, typed), K + "pupil_problem"
        )  # the name filter
    if (
        st.button(f"Remove {names.get(who, '')}" if who is not None else "Remove", key=K + "remove")
        and who is not None
    ):
        _act(code, lambda: classes.remove_pupil(code, secret, who), K + "pupil_problem")
    problem = _problem(code, K + "pupil_problem")
    if problem:  # drawn by every run of the panel until the next action
        st.error(plain(problem))
    st.caption(
        "A pupil taken out is back at the join form on their phone, and their answers leave the summary; "
        "lock the class (above) to keep them out."
    )


def _handover_panel(code: str, secret: str) -> None:
    """A one-time code (and its link as a QR code) another device takes the class with, shown only
    when asked for and hidden again after: the class's own secret is never on the page. Once the
    code is used or has expired, its box says so instead (``_handover_watch`` redraws it then)."""
    kept = st.session_state.get(K + "handover")
    if not (isinstance(kept, tuple) and len(kept) == 3 and kept[0] == code):
        if st.button("Show my teacher link / QR for another device", key=K + "handover_show"):
            try:
                one_time = classes.handover(code, secret)
            except (classes.ClassError, StoreError) as err:
                st.error(plain(err))
                return
            st.session_state[K + "handover"] = (code, one_time, time.time() + classes.HANDOVER_S)
            st.rerun()
        return
    _, one_time, expires = kept
    with st.container(border=True, key=K + "handover_box"):
        try:
            used = classes.handover_used(code, secret)
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
            _handover_watch(code, secret, expires)
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
                    classes.cancel_handover(code, secret)
                except (classes.ClassError, StoreError) as err:
                    st.error(plain(err))
                    return
            st.session_state.pop(K + "handover", None)
            st.rerun()


@st.fragment(run_every=LIVE_SECONDS)
def _handover_watch(code: str, secret: str, expires: float) -> None:
    """While the one-time code is shown: the page is drawn afresh once it is used (by a device, on
    any server) or has expired, so that its box says so instead of showing it as if it still worked."""
    if time.time() > expires:
        st.rerun(scope="app")
    try:
        used = classes.handover_used(code, secret)
    except (classes.ClassError, StoreError):
        return  # read again at the next tick
    if used is not None:
        st.rerun(scope="app")


def _end_panel(code: str, secret: str) -> None:
    """ "End the class", at the bottom of the page, away from Reveal: it asks before it ends it."""
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
        _act(code, lambda: classes.end(code, secret))
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
            kept.append(KeptClass(code, secret, classes.check_teacher(code, secret)))
        except (classes.ClassError, StoreError):
            continue  # expired, unknown, damaged or not this secret's: nothing to resume
    return tuple(sorted(kept, key=lambda k: -max(k.info.created, k.info.last_question or 0.0)))


def take_handover_page(code: str, one_time: str) -> str | None:
    """A device opening the one-time link (or typing the code): the teacher's secret, kept by this
    browser from now on, or None after saying why it did not work."""
    try:
        secret = classes.take_handover(code, one_time)
    except (classes.ClassError, StoreError) as err:
        st.error(plain(err))
        return None
    keep_secret(code, secret)
    return secret


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
