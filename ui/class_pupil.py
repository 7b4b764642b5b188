"""A pupil's phone in class mode: a name to join with, then the waiting screen, the question with
big buttons (a tap saves the answer, and another tap changes it until the reveal), and after the
reveal right or wrong with the engine's explanation.

The pupil's token is a key to their place: it is never in the address (a copied link, the history
of a shared school tablet would make anyone that pupil). The browser keeps it, in the session and
in a cookie for the class's life (``ec_pupil_CODE``, 12 hours, written by a line of JavaScript as
the teacher's secret is: views.class_mode.teacher): a reload, a phone that slept, a pupil who closed the tab
and opens the join link or scans the QR code again is back in as themselves, not a second pupil of
the same name (``kept_token``). An old link that still holds ``&pupil=…`` is taken out of the
address and never used: the page reads the token only from this browser (views/class_mode/class_mode.py).
Another phone typing a name already in the class is still refused, and so is a name that is not a first name or is on the class's block list
(``classroom.names``), anyone while the teacher has locked the class, and a join past the class's
limit per minute (``store.classes.JOINS_PER_MINUTE``: a script cannot fill the class). A pupil the
teacher removed is back at the join form; one the teacher renamed sees the new name.

While the teacher's timer runs, the phone counts down the seconds left; when they run out, the
first poll to see it (a phone's or the projector's, on any server) reveals the question.

An answer tapped while the class's records are out of reach (the database server stopped, the file
locked) is kept in the session (``Unsent``) with a lasting "not sent yet" mark, and sent by the
phone's next run that reaches them, as made at the tap (the timer's check); it is then "Answer
saved", or, when the question closed meanwhile, refused with a message that stays: never lost in
silence. An answer is one row per pupil and question, so sending it again never doubles it. While
the poll cannot read the class the phone says it is reconnecting (``ui.class_reach``). A message
about the pupil's answer stays until their next tap (``Said``).

After each reveal, and when the class ends, the phone shows the pupil's own score (the
leaderboard's computation: ``classroom.class_record``), and their place in the class while the
teacher's leaderboard is on.

Everything below the name line is one fragment that reruns itself every second (never the whole
page): each run reads the class's ``stage`` (``store.classes.poll``, one row) and reads the rest
(the question, the pupil's answer, the spread at the reveal) only when the stage moved, so an idle
phone costs the server one small query and the redraw of its own few elements. A tap reruns only
the fragment too.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, replace

import streamlit as st

from classroom import service as classes
from classroom.class_record import class_record
from classroom.marking import Standing, is_right, place, tally, toggled, words
from classroom.questions import ClassQuestion, DamagedQuestion, answer_fits
from classroom.service import Pupil, Room, StoreError
from engine.core.cards import parse_card
from ui.cards import card_buttons
from ui.class_parts import (
    BIG_BUTTONS,
    LIVE_SECONDS,
    answer_cards,
    bars_html,
    countdown_html,
    for_pupils,
    question_trump,
    table_cards,
)
from ui.class_reach import reconnecting_line, wait_for_records, watch
from ui.echo import plain

K = "cl_pupil_"  # session-state keys
TOKEN = re.compile(r"[A-Za-z0-9_-]{8,64}")  # a pupil's token as store.classes makes them (URL-safe)
GONE = (
    "This phone is not a pupil of this class any more (the teacher took it out): join again with your "
    "first name."
)
NOT_SENT = (
    "Not sent yet: {words}. The class's records are out of reach just now, so your answer is kept on "
    "this phone and will be sent when they are back. Keep this page open."
)


@dataclass(frozen=True)
class PhoneView:
    """What a phone shows at one stage of the class, read from the database when the stage moves."""

    stage: int
    info: classes.ClassInfo
    question: ClassQuestion | None
    mine: str  # the pupil's answer to the current question ("" when none)
    everyone: tuple[str, ...]  # every pupil's answer, read only once the question is revealed
    problem: str = ""  # why the current question cannot be shown (its record is damaged)
    damaged: int = 0  # answers left out of the spread: their records do not read
    standings: tuple[Standing, ...] = ()  # the class's leaderboard, read after a reveal and at the end
    name: str = ""  # the pupil's name as the class has it now (the teacher may rename them)


@dataclass(frozen=True, slots=True)
class Unsent:
    """An answer tapped while the class's records were out of reach: kept in the session until a
    run of the phone reaches them (``_send_unsent``)."""

    code: str
    number: int  # the question
    text: str  # the answer as stored
    words: str  # the answer as the pupil reads it
    tapped: float  # when it was tapped (time.time()): it is saved as made then


@dataclass(frozen=True, slots=True)
class Said:
    """A message about the pupil's answer to question ``number``: it stays until their next tap."""

    code: str
    number: int
    text: str


def _read(pupil: Pupil, stage: int) -> PhoneView:
    view = _read_class(pupil, stage)
    return replace(view, name=pupil.me().name)  # NotInClass once the teacher removed them


def _read_class(pupil: Pupil, stage: int) -> PhoneView:
    code = pupil.code
    info = pupil.load()
    # the pupil's score counts revealed questions only, so it moves only at a reveal (or shows at the end)
    standings = class_record(code, None).standings() if info.revealed or info.ended else ()
    if info.current == 0:
        return PhoneView(stage, info, None, "", (), standings=standings)
    try:
        q = ClassQuestion.from_json(pupil.question(info.current).body)
    except (DamagedQuestion, classes.DamagedClass) as err:
        return PhoneView(stage, info, None, "", (), problem=str(err), standings=standings)
    mine = pupil.my_answer(info.current)
    if not answer_fits(q, mine):
        mine = ""  # a stored answer that is not one of this question's: not shown as the pupil's
    everyone = pupil.answers(info.current) if info.revealed else classes.Rows[classes.Answer]()
    return PhoneView(
        stage, info, q, mine, tuple(a.answer for a in everyone), damaged=everyone.damaged, standings=standings
    )


def _kept_view(code: str) -> PhoneView | None:
    kept = st.session_state.get(K + "view")
    return kept if isinstance(kept, PhoneView) and kept.info.code == code else None


def _view(pupil: Pupil) -> tuple[PhoneView | None, StoreError | None]:
    """The phone's view (the one kept in the session while the class's stage has not moved), and
    why the class could not be read this time (None: it was). Unread, the kept view is drawn."""
    kept = _kept_view(pupil.code)
    try:
        _, stage = pupil.poll()
        if kept is not None and kept.stage == stage:
            return kept, None
        view = _read(pupil, stage)
    except StoreError as err:
        return kept, err  # out of reach or busy just now: the next run tries again
    st.session_state[K + "view"] = view
    return view, None


def _cookie(code: str) -> str:
    return f"ec_pupil_{code}"


def _cookie_token(code: str) -> str | None:
    try:
        cookie = st.context.cookies.get(_cookie(code))
    except Exception:  # no browser
        return None
    return (
        cookie if isinstance(cookie, str) and TOKEN.fullmatch(cookie) else None
    )  # (AppTest's are a stand-in)


def kept_token(code: str) -> str | None:
    """The pupil's token this browser holds for class ``code``: this session's, else its cookie's."""
    kept = st.session_state.get(K + "tokens", {}).get(code)
    if isinstance(kept, str) and TOKEN.fullmatch(kept):
        return kept
    return _cookie_token(code)


def _keep(code: str, token: str) -> None:
    """Keep the pupil's token in this session and in this browser's cookie for the class's life."""
    st.session_state.setdefault(K + "tokens", {})[code] = token
    if _cookie_token(code) != token and TOKEN.fullmatch(token):
        value = json.dumps(f"{_cookie(code)}={token}; path=/; max-age={int(classes.EXPIRY_S)}; samesite=lax")
        st.html(f"<script>document.cookie = {value};</script>", unsafe_allow_javascript=True)


def _forget(code: str) -> None:
    """Forget this browser's token for ``code`` (its pupil is gone): the session's and the cookie's."""
    st.session_state.get(K + "tokens", {}).pop(code, None)
    st.session_state.pop(K + "view", None)
    if _unsent(code) is not None:
        st.session_state.pop(K + "unsent")  # no pupil to send it for
    value = json.dumps(
        f"{_cookie(code)}=; path=/; max-age=0; samesite=lax"
    )  # (written this session, perhaps)
    st.html(f"<script>document.cookie = {value};</script>", unsafe_allow_javascript=True)


def name_form(code: str) -> None:
    """Join the class with a first name (no account): a name of words, not on the block list
    (``classroom.names.check_name``), within the class's joins per minute; not while it is locked.
    The token the class gives stays in this browser (``_keep``), never in the address."""
    st.html(BIG_BUTTONS)
    st.markdown(f"### Join class {code}")
    try:
        locked = Room(code).load().locked
    except (classes.ClassError, StoreError):
        locked = False  # the join below says what is wrong
    if locked:
        st.warning("The teacher has locked this class, so nobody new can join. Ask your teacher.")
        return
    with st.form("cl_name_form", border=False):
        name = st.text_input("Your first name", max_chars=classes.MAX_NAME, key=K + "name")
        go = st.form_submit_button("Join", type="primary", key="cl_name_go", width="stretch")
    if go:
        try:
            token = Pupil.join(code, name).token  # the name filter and the joins-per-minute limit
        except (classes.ClassError, StoreError) as err:
            st.error(plain(for_pupils(err)))
            return
        st.session_state.pop(K + "view", None)
        st.session_state.setdefault(K + "tokens", {})[code] = token
        st.rerun()


# ---- the pupil's answer: saved, or kept until the records are back ----------------------------------


def _unsent(code: str, number: int | None = None) -> Unsent | None:
    """The answer this phone keeps unsent for class ``code`` (to question ``number``, when given)."""
    kept = st.session_state.get(K + "unsent")
    if isinstance(kept, Unsent) and kept.code == code and (number is None or kept.number == number):
        return kept
    return None


def _said(code: str) -> Said | None:
    said = st.session_state.get(K + "said")
    return said if isinstance(said, Said) and said.code == code else None


def _hold(number: int, text: str) -> None:
    """The kept view holds the answer at once (the database is the record)."""
    kept: PhoneView | None = st.session_state.get(K + "view")
    if kept is not None and kept.info.current == number:
        st.session_state[K + "view"] = replace(kept, mine=text)


def _save(pupil: Pupil, number: int, text: str, shown: str) -> None:
    """Save the answer (``shown``: its words); kept unsent when the records are out of reach."""
    code = pupil.code
    st.session_state.pop(K + "said", None)  # a new tap: the last message has had its time
    try:
        pupil.answer(number, text)
    except StoreError:
        st.session_state[K + "unsent"] = Unsent(code, number, text, shown, time.time())
        _hold(number, text)
        return
    except classes.ClassError as err:
        if _unsent(code, number) is not None:
            st.session_state.pop(K + "unsent")
        st.session_state[K + "said"] = Said(
            code, number, f"Your answer to question {number} was not saved: {for_pupils(err)}."
        )
        return
    if _unsent(code, number) is not None:
        st.session_state.pop(K + "unsent")  # this tap, saved, replaces it
    _hold(number, text)


def _send_unsent(pupil: Pupil) -> None:
    """Send the answer kept unsent, as made at its tap; refused (the question closed meanwhile, the
    class ended), it is dropped with a message that stays. Still out of reach: kept for the next run."""
    code = pupil.code
    unsent = _unsent(code)
    if unsent is None:
        return
    try:
        pupil.answer(unsent.number, unsent.text, now=unsent.tapped)
    except StoreError:
        return
    except classes.NotInClass:
        raise
    except classes.ClassError as err:
        st.session_state.pop(K + "unsent")
        why = (
            "the class's records were out of reach until the question closed, so it does not count"
            if isinstance(err, classes.AnswerClosed)
            else for_pupils(err)
        )
        st.session_state[K + "said"] = Said(
            code,
            unsent.number,
            f"Your answer to question {unsent.number} ({unsent.words}) was not sent: {why}.",
        )
        return
    st.session_state.pop(K + "unsent")
    _hold(unsent.number, unsent.text)


def _answer_buttons(pupil: Pupil, number: int, q: ClassQuestion, mine: str) -> str:
    """The answer targets; a tap saves at once. Returns the answer held after this run."""
    key = f"cl_q{number}"
    if q.mode in ("card", "cards"):
        tapped = next((c for c in q.cards if st.session_state.get(f"{key}-{parse_card(c)}")), None)
        if tapped is not None:  # the tap of the run before: saved before the cards are drawn
            text = tapped if q.mode == "card" else toggled(q, mine, tapped)
            _save(pupil, number, text, words(q, text))
            mine = st.session_state[K + "view"].mine
        held = set(mine.split())
        states = {parse_card(c): "selected" for c in q.cards if c in held}
        card_buttons(
            [parse_card(c) for c in q.cards], key=key, trump=question_trump(q), states=states, width=96
        )
        return mine
    st.html(BIG_BUTTONS)
    for i, choice in enumerate(q.choices):
        st.button(
            choice,
            key=f"cl_choice_{number}_{i}",
            width="stretch",
            type="primary" if choice == mine else "secondary",
            on_click=_save,
            args=(pupil, number, choice, words(q, choice)),
        )
    return mine


# ---- the page ---------------------------------------------------------------------------------------


def pupil_page(code: str, token: str) -> None:
    """The phone of the pupil whose token this browser holds. The class's records out of reach: the
    view kept in this session is drawn (and taps kept) while it is retried, else the page waits."""
    pupil = Pupil(code, token)
    try:
        pupil.load()
    except classes.ClassError as err:  # unknown, expired, or its row damaged
        st.error(plain(for_pupils(err)))
        return
    except StoreError as err:
        _out_of_reach(pupil, err)
        return
    try:
        me = pupil.me()
    except (classes.NotInClass, classes.DamagedClass) as err:  # taken out, or their record does not read
        st.warning(GONE if isinstance(err, classes.NotInClass) else plain(for_pupils(err)))
        _forget(code)
        name_form(code)
        return
    except StoreError as err:
        _out_of_reach(pupil, err)
        return
    _keep(code, token)
    watch()
    st.session_state.pop(K + "view", None)  # a page run (a reload) reads the class afresh
    _phone(pupil, me.name)


def _out_of_reach(pupil: Pupil, err: StoreError) -> None:
    """The page's own read failed: the view this session keeps is drawn (its taps kept, retried by
    the live part), else the page says so and draws itself afresh once the records answer."""
    kept = _kept_view(pupil.code)
    if kept is None:
        st.error(plain(for_pupils(err)))
        wait_for_records(pupil.code, LIVE_SECONDS)
        return
    watch()
    _phone(pupil, kept.name)


@st.fragment(run_every=LIVE_SECONDS)
def _phone(pupil: Pupil, name: str) -> None:
    """The live part of the phone: reruns itself each second and on a tap."""
    code = pupil.code
    try:
        _send_unsent(pupil)
        view, away = _view(pupil)
    except classes.NotInClass:
        st.rerun(scope="app")  # the teacher took this pupil out: the page says so and shows the join form
    except classes.ClassError as err:
        st.error(plain(for_pupils(err)))
        return
    name = view.name if view is not None and view.name else name
    st.caption(plain(f"Class {code} · {name}"))
    reconnecting_line(away)  # in a place of its own: the question keeps its place
    if view is None:
        _say(code)
        return
    if view.info.ended:
        _say(code)
        st.success("The class has ended. Thank you for playing!")
        _score(view, name, final=True)
        return
    if view.problem:
        _say(code)
        st.warning(
            plain(
                f"Question {view.info.current} cannot be shown: {view.problem}. Wait for the next "
                "question: it will appear here by itself."
            )
        )
        return
    if view.question is None:
        _say(code)
        st.markdown(f"### Hello {plain(name)}!")
        st.info("You are in. Wait for the teacher's first question: it will appear here by itself.")
        return
    number, q, mine = view.info.current, view.question, view.mine
    # the mark tells the load benchmark (bench/class_load.py) which question a phone shows; the
    # prompt is escaped by plain(), so the one piece of raw HTML is the mark itself
    mark = f'<span data-testid="cl-question" data-number="{number}"></span>'
    st.markdown(f"{mark}**Question {number}.** {plain(q.prompt)}", unsafe_allow_html=True)
    for line in q.facts:
        st.caption(plain(line))
    left = view.info.left(time.time())
    if left is not None:
        st.html(countdown_html(left))
    table_cards(q, 64, view.info.revealed)
    if view.info.revealed:
        _say(code)
        _revealed(view, q, name)
    else:
        _open(pupil, number, q, mine)


def _say(code: str) -> None:
    """The message about the pupil's last answer (refused, or not sent in time): it stays, whatever
    the class shows, until their next tap."""
    said = _said(code)
    if said is not None:
        st.error(plain(said.text))


def _open(pupil: Pupil, number: int, q: ClassQuestion, mine: str) -> None:
    """The open question's answer targets, and what was saved, what waits to be sent, or why not."""
    code = pupil.code
    if q.mode == "cards":
        st.caption("Tap every card that qualifies; tap a card again to take it out.")
    waiting = _unsent(code, number)
    mine = _answer_buttons(pupil, number, q, waiting.text if waiting is not None else mine)
    waiting = _unsent(code, number)  # a tap of this run may have sent it, or replaced it
    _say(code)  # after the buttons: a tap of this run has cleared the last message, or made one
    if waiting is not None:
        st.warning(plain(NOT_SENT.format(words=waiting.words)))
    elif mine:
        st.success(plain(f"Answer saved: {words(q, mine)}. You can change it until the reveal."))


def _score(view: PhoneView, name: str, final: bool = False) -> None:
    """The pupil's own score, and their place while the teacher shows the leaderboard."""
    me = next((s for s in view.standings if s.name == name), None)
    if me is None:
        return
    where = f" · {place(me, view.standings)}" if view.info.leaderboard else ""
    lead = "Your final score" if final else "Your score"
    st.markdown(
        f'<p data-testid="cl-my-score" data-right="{me.right}" data-answered="{me.answered}" '
        f'data-rank="{me.rank}" style="font-size:1.15em;font-weight:600;margin:0">{lead}: {me.right} right '
        f"of {me.answered} answered{where}</p>",
        unsafe_allow_html=True,
    )


def _revealed(view: PhoneView, q: ClassQuestion, name: str) -> None:
    mine = view.mine
    if not mine:
        st.info(plain(f"You did not answer this one. The answer: {q.answer_words}."))
    elif is_right(q, mine):
        st.success(plain(f"Right! You said {words(q, mine)}."))
    else:
        st.error(plain(f"Not this time: you said {words(q, mine)}; the answer is {q.answer_words}."))
    _score(view, name)
    answer_cards(q, 64, True)
    st.markdown(plain(q.why))
    t = tally(q, list(view.everyone))
    st.html(bars_html(t))
    if view.damaged + t.damaged:
        st.caption(
            plain(classes.damaged_note(view.damaged + t.damaged) + ": the spread counts every other answer.")
        )
    st.caption("Wait for the next question: it will appear here by itself.")


__all__ = ["GONE", "NOT_SENT", "PhoneView", "Said", "Unsent", "kept_token", "name_form", "pupil_page"]
