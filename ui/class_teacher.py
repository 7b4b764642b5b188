"""The teacher's screen in class mode, made for the projector: the join code, link and QR code,
the question, the live count of answers, and at the reveal the spread, the right answer drawn on
the cards and the engine's explanation; the controls (the next question, reveal, leaderboard,
end, the summary as CSV) sit below.

The teacher's link holds ``class=CODE&teacher=SECRET``: every action checks the secret in the
database (``store.classes``), so a pupil's link cannot drive the class. A projector shows the
browser's address bar to the room, and the browser's history keeps every address it showed, so
the secret is never put into the address: "Start a class" keeps it in the session and in a cookie
of this browser (``ec_teacher_CODE``, 12 hours) and only the code goes into the address; a
teacher's link opened on another device has its history entry replaced in place
(``history.replaceState``) by the address without the secret, never a new entry pushed (Back
never shows it). A reload still opens the teacher's page, and "The teacher's link" (folded away)
gives it for another device. The live count is a fragment that
polls the class's row twice a second and reads the count only when its ``version`` moved; a change
of ``stage`` (from another tab or server) reruns the page.

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
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, tzinfo
from html import escape
from urllib.parse import quote, unquote, urlsplit
from zoneinfo import ZoneInfo

import streamlit as st

from classroom import join_address
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
    step_question,
)
from lessons.exercises import DRILLS
from store import classes
from store.db import StoreError
from ui.class_parts import (
    PROJECTOR_SECONDS,
    answer_cards,
    bars_html,
    ideas_html,
    leaderboard_html,
    poll_stage,
    qr_html,
    question_text,
    table_cards,
)
from ui.echo import plain
from ui.engine_ready import wait_until_ready
from ui.layout import card_width, projector

K = "cl_teacher_"
ANY = "any"
ADDRESS_COOKIE = "ec_join_address"
ADDRESS_DAYS = 30  # the teacher's computer keeps its address on the school's network for a while, not for ever


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


# The address without the secret, put in place of the current history entry (Streamlit's own change
# of the query would push a new entry and leave the one with the secret one Back press away).
_STRIP = """(function () {
  const w = window.parent || window;
  const u = new URL(w.location.href);
  if (u.searchParams.has("teacher")) {
    u.searchParams.delete("teacher");
    w.history.replaceState(w.history.state, "", u.toString());
  }
})();"""


def _keep(code: str, secret: str) -> None:
    """Keep the checked secret out of the address bar and the history: in the session, and in a
    cookie for a reload; a secret in the address (a teacher's link) is replaced in place."""
    keep_secret(code, secret)
    script = ""
    try:
        held = st.context.cookies.get(_cookie(code))
    except Exception:  # no browser
        held = None
    if held != secret:
        value = json.dumps(f"{_cookie(code)}={secret}; path=/; max-age={int(classes.EXPIRY_S)}; samesite=strict")
        script += f"document.cookie = {value};\n"
    if st.query_params.get("teacher") is not None:
        script += _STRIP
    if script:
        st.html(f"<script>{script}</script>", unsafe_allow_javascript=True)


def teacher_link(code: str, secret: str) -> str:
    return f"{join_link(code)}&teacher={secret}"


def _address_warning(where: PupilAddress) -> None:
    """Said on the teacher's page when phones cannot open the join link (or a given address was bad)."""
    if where.problem:
        st.warning(plain(where.problem))
    if where.loopback:
        host = urlsplit(where.address or "").hostname
        st.warning(plain(f"Phones cannot open this join link: {host} is this computer's own address, so each phone "
                         "would look for the class on itself. Under \"The address pupils use\" below, type this "
                         "computer's address on the network (like http://192.168.1.20:8501), or start the app with "
                         f"{join_address.ENV_VAR} set to it."))


def _address_panel(where: PupilAddress) -> None:
    """The address pupils use, for the teacher to set (kept in this browser's cookie)."""
    with st.expander("The address pupils use", expanded=where.loopback):
        st.caption(plain(f"Pupils open {where.address or 'this page'}/{join_address.PAGE} ({where.source}). "
                         "Type the address phones reach this app at (this computer's address on the school's "
                         "network, or the server's); leave it empty to go back to "
                         f"{join_address.ENV_VAR} or this page's address."))
        with st.form(K + "address_form", border=False):
            typed = st.text_input("Address pupils use", key=K + "address_text",
                                  placeholder=where.address or "http://192.168.1.20:8501")
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
        value = json.dumps(f"{ADDRESS_COOKIE}={quote(kept, safe='')}; path=/; max-age={ADDRESS_DAYS * 86400}; "
                           "samesite=strict")
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
        st.html(f'<p data-testid="cl-join-link" style="font-size:1.15em">Open <a href="{escape(link)}" '
                f'style="font-weight:700">{escape(link)}</a> on a phone, or scan the code, and type your first name.</p>')
    with right:
        st.html(qr_html(link, 520 if projector() else 300))


def _live(code: str, number: int, stage: int, revealed: bool) -> None:
    """The answers so far (or the pupils who joined), redrawn twice a second from the database."""

    @st.fragment(run_every=PROJECTOR_SECONDS)
    def live() -> None:
        version = poll_stage(code, stage)
        if version is None:
            return
        cache = st.session_state.get(K + "live")
        if cache is None or cache[0] != (code, number, version):
            try:
                joined = classes.pupils(code)
                count = classes.answer_count(code, number) if number else 0
            except (classes.ClassError, StoreError):
                return  # busy just now: the next poll reads again
            cache = ((code, number, version), count, tuple(p.name for p in joined))
            st.session_state[K + "live"] = cache
        _, count, names = cache
        if number and not revealed:
            st.markdown(f'<p data-testid="cl-count" data-number="{number}" data-count="{count}" '
                        f'style="font-size:2.2em;font-weight:700;margin:0">{count} of {len(names)} answered</p>',
                        unsafe_allow_html=True)
        elif not number:
            st.markdown(f'<p data-testid="cl-joined" style="font-size:1.6em;font-weight:700;margin:0">'
                        f"{len(names)} joined</p>", unsafe_allow_html=True)
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
    """The next question: an exercise kind at a level, a lesson's step, or a typed hand."""
    source = st.radio("Next question", ("Exercise", "Lesson step", "Typed hand"), horizontal=True, key=K + "source")
    seed = secrets.randbelow(10**9)  # a fresh question each time (the seed is not a secret)
    if source == "Exercise":
        kind = st.selectbox("Kind", CLASS_KINDS, key=K + "kind", format_func=lambda k: DRILLS[k].title)
        options: dict[str, str] = {}
        accepted = DRILLS[kind].options
        if accepted:
            cols = st.columns(len(accepted))
            for col, (name, values) in zip(cols, accepted.items(), strict=True):
                choice = col.selectbox(f"Level: {name}", (ANY, *values), key=f"{K}opt_{kind}_{name}")
                if choice != ANY:
                    options[name] = choice
        if st.button("Ask this", type="primary", key=K + "ask_exercise"):
            _ask(code, secret, lambda: exercise_question(kind, seed, options))
    elif source == "Lesson step":
        steps = lesson_steps()
        step = st.selectbox("Step", steps, key=K + "step", format_func=lambda s: s.name)
        if st.button("Ask this", type="primary", key=K + "ask_step") and step is not None:
            _ask(code, secret, lambda: step_question(step, seed))
    else:
        c1, c2, c3 = st.columns([3, 1, 1.5])
        hand = c1.text_input("Hand", placeholder="JH JD AH KS 9C", key=K + "hand")
        upcard = c2.text_input("Upcard", placeholder="9H", key=K + "upcard")
        seat = c3.selectbox("Seat", HAND_SEATS, key=K + "seat")
        if st.button("Ask: what would you bid?", type="primary", key=K + "ask_hand"):
            _ask(code, secret, lambda: hand_question(hand, upcard, seat, seed))


def _controls(code: str, secret: str, info: classes.ClassInfo) -> None:
    c1, c2, c3 = st.columns(3)
    if info.current and not info.revealed and c1.button("Reveal", type="primary", key=K + "reveal", width="stretch"):
        _act(lambda: classes.reveal(code, secret))
    board = c2.toggle("Leaderboard", value=info.leaderboard, key=f"{K}board_{info.version}")
    if board != info.leaderboard:
        _act(lambda: classes.set_leaderboard(code, secret, board))
    if c3.button("End the class", key=K + "end", width="stretch"):
        _act(lambda: classes.end(code, secret))
    with st.expander("Ask the next question", expanded=not info.current or info.revealed):
        _picker(code, secret)


def _act(action: Callable[[], None]) -> None:
    try:
        action()
    except (classes.ClassError, StoreError) as err:
        st.error(plain(err))
        return
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

    st.download_button("Download the summary (CSV)", build, file_name=f"class-{code}.csv", mime="text/csv",
                       key=K + "csv", on_click="ignore")
    if record.note:
        st.warning(plain(f"{record.note}; the summary and the leaderboard count every other record."))
    with st.expander("What each pupil got wrong"):
        st.caption("For you, not the room: per pupil, the ideas (where each question came from) they answered "
                   "wrong, over the questions revealed so far.")
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
        return
    _keep(code, secret)
    notice = st.session_state.pop(K + "notice", None)
    if notice:
        st.info(plain(notice))
    try:
        _teacher_page(code, secret, info)
    except (classes.ClassError, StoreError) as err:
        st.error(plain(err))
    st.session_state.setdefault(K + "drawn", {})[code] = info.current


def _teacher_page(code: str, secret: str, info: classes.ClassInfo) -> None:
    big = projector()
    if info.ended:
        st.markdown(f"## Class {code} has ended")
        record = class_record(code, secret)
        st.html(leaderboard_html(record.standings(), limit=classes.MAX_PUPILS))
        _summary(code, secret, record)
        return
    where = pupil_address()
    _keep_address()
    if info.current == 0:
        _join_panel(code, big)
        _address_warning(where)
        _live(code, 0, info.stage, False)
    else:
        link = escape(join_link(code))
        st.html(f'<p data-testid="cl-join-line" style="color:#6b6b6b;font-size:0.95em;margin:0">Join code '
                f'<b>{escape(code)}</b> · <a href="{link}">{link}</a></p>')
        _address_warning(where)
        _current(code, secret, info, big)
    st.divider()
    _controls(code, secret, info)
    _summary(code, secret, class_record(code, secret))
    _address_panel(where)
    with st.expander("The teacher's link"):
        st.caption("It controls the class, so it is not in the address bar (a projector shows that to the room). "
                   "Open it on another device to run the class from there; keep it to yourself. Pupils use the join link.")
        st.code(teacher_link(code, secret), language=None, wrap_lines=True)


def _current(code: str, secret: str, info: classes.ClassInfo, big: bool) -> None:
    """The question being asked: live count before the reveal, the spread and why after it."""
    try:
        q = ClassQuestion.from_json(classes.question(code, info.current).body)
    except (DamagedQuestion, classes.DamagedClass) as err:
        st.warning(plain(f"Question {info.current} cannot be shown: {err}. Ask the next question below."))
        return
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
        _live(code, info.current, info.stage, False)


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
        st.caption(plain(classes.damaged_note(given.damaged + t.damaged) + ": the spread counts every other answer."))
    if info.leaderboard:
        st.markdown("**Leaderboard**")
        st.html(leaderboard_html(class_record(code, secret).standings()))


__all__ = ["PupilAddress", "join_link", "keep_secret", "kept_secret", "pupil_address", "teacher_link", "teacher_page"]
