"""The Review page: the learner's mistake deck, one position at a time.

Every mistake or blunder of a saved practice hand, or of a hand at a table of people, comes back
here after 1, 3 and 7 days (``practice.deck``): the positions due today first, one at a time, at
the table as the learner's seat saw it (``ui.seat_retry``; a position from a table of people only
ever so: the other people's cards are never shown); then the ones coming up, with their dates, each of which can be
reviewed ahead. An answer is saved at once; a position answered in another tab meanwhile is not
moved twice (the page says it has moved on). The deck is this browser's, or the learner's whose
name was typed on the Learn page (``ui.seat_retry.who_is_here``).

Session state holds the position on the table (``CURRENT``, a deck entry as read) and the answers
this session recorded (``ANSWERED``); the deck is read from the database on every run: its counts,
the first position due and the first ``SHOWN`` coming up, no more (``practice.deck.deck_for``), so
a run costs the same with ten positions in the deck or five thousand.
"""

from __future__ import annotations

from datetime import UTC, datetime
from html import escape

import streamlit as st

from practice.deck import Answered, Deck, answer, date_text, deck_for, when_text
from practice.records import Entry, StoreError
from practice.table_text import choice_text
from ui.echo import plain
from ui.learn_profile import learner, remember_browser
from ui.replay_view import felt
from ui.seat_retry import forget, seat_retry, where, who_is_here

CURRENT = "review_current"  # the entry on the table
ANSWERED = "review_answered"  # (entry id, version) -> Answered, this session's answers
SHOWN = 30  # upcoming positions listed at most


def _quiz_key(e: Entry) -> str:
    return f"review_q_{e.id}_{e.version}"


def _take(e: Entry | None) -> None:
    """Put ``e`` on the table (None: the next one due)."""
    if e is None:
        st.session_state.pop(CURRENT, None)
    else:
        forget(_quiz_key(e))
        st.session_state[CURRENT] = e


def _answers() -> dict[tuple[int, int], Answered]:
    kept = st.session_state.get(ANSWERED)
    if not isinstance(kept, dict):
        kept = {}
        st.session_state[ANSWERED] = kept
    return kept


def _current(deck: Deck, who: str) -> Entry | None:
    """The entry on the table: the one the learner chose or is answering, else the first due."""
    e = st.session_state.get(CURRENT)
    if isinstance(e, Entry) and e.learner == who:
        return e
    first = deck.due[0] if deck.due else None
    if first is not None:
        st.session_state[CURRENT] = first
    return first


def _describe(e: Entry) -> str:
    m = e.mistake
    return f"{where(m.before)} — you chose *{choice_text(m.before, m.choice)}* ({m.grade})"


def _ask(e: Entry, now: datetime) -> bool:
    """The position on the table; True when it was answered in this run (the deck has changed)."""
    quiz = seat_retry(e.mistake, _quiz_key(e), felt)
    if not quiz.answered:
        return False
    answers = _answers()
    recorded = answers.get((e.id, e.version))
    changed = False
    if recorded is None:
        try:
            recorded = answer(e, quiz.first_right, now)
        except StoreError as err:
            st.warning(plain(f"Your answer could not be saved: {err}"))
            return False
        answers[(e.id, e.version)] = recorded
        changed = True
    note = recorded.text(now)
    if recorded.moved and not quiz.first_right:
        note = "Not right at the first try, so it starts again. " + note
    st.html(f'<p data-testid="review-next" data-stage="{recorded.stage}">{escape(note)}</p>')
    st.button(
        "Next position",
        icon=":material/arrow_forward:",
        key="review_next",
        type="primary",
        on_click=_take,
        args=(None,),
    )
    return changed


def _upcoming(deck: Deck, current: Entry | None) -> None:
    if not deck.upcoming:
        return
    st.subheader("Coming up")
    for e in deck.upcoming[:SHOWN]:
        with st.container(horizontal=True, vertical_alignment="center", gap="small", key=f"review_up_{e.id}"):
            st.markdown(f"**{when_text(e.due, deck.now)}** ({date_text(e.due)}) · {_describe(e)}")
            st.button(
                "Review ahead",
                key=f"review_ahead_{e.id}",
                on_click=_take,
                args=(e,),
                disabled=current is not None and current.id == e.id,
            )
    if deck.upcoming_count > len(deck.upcoming[:SHOWN]):
        st.caption(f"… and {deck.upcoming_count - len(deck.upcoming[:SHOWN]):,} more.")


def main() -> None:
    st.title("Review")
    who = who_is_here()
    name = learner()
    st.caption(
        f"Your mistake deck ({'saved for ' + name if name else 'saved in this browser'}): every mistake "
        "or blunder of your hands at Practice and at tables of people comes back after 1, 3 and 7 days. "
        "Right at the first try moves it on; otherwise it starts again tomorrow."
    )
    now = datetime.now(UTC)
    try:
        deck = deck_for(who, now, upcoming=SHOWN)
    except StoreError as err:
        st.warning(plain(f"The mistake deck cannot be read: {err}"))
        remember_browser()
        return
    if deck.damaged:
        st.caption(
            f"{deck.damaged:,} damaged deck entr{'y was' if deck.damaged == 1 else 'ies were'} skipped."
        )
    current = _current(deck, who)
    due = deck.due_count
    st.markdown(
        f"**{due:,} position{'s' if due != 1 else ''} to review today**"
        if due
        else "**Nothing to review today.**"
    )
    if current is not None:
        ahead = "" if deck.is_due(current) else " (reviewed ahead)"
        st.subheader(f"This position{ahead}")
        if _ask(current, now):
            deck = deck_for(who, now, upcoming=SHOWN)
    elif not deck.upcoming:
        st.info("Your deck is empty. Play a hand on the Practice page: its mistakes come here to review.")
        st.page_link("views/practice/practice.py", label="Go to Practice", icon=":material/playing_cards:")
    _upcoming(deck, current)
    if deck.retired:
        st.caption(
            f"{deck.retired:,} position{'s' if deck.retired != 1 else ''} answered right at every review "
            "left the deck."
        )
    remember_browser()


main()
