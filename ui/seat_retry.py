"""One position to answer again, from the learner's seat ("learn from your mistakes", the Review page).

``seat_retry`` draws the table as it was before the decision, as the learner's seat saw it, from
that seat's chair (the seat that decided at the bottom: South at the Practice table, any seat at a
table of people): the learner's cards face up, every other hand as backs, the upcard or the trick in the middle, each
seat's latest action on its chip. The learner answers with the buttons the practice table uses
for that phase (``ui.seat_choices``, as the Puzzles page does): a card to play or to discard is a
tap on the card (the click is read from session state before anything is drawn, as the Practice
page reads its own), a bid or the choice to defend alone a button with the table's label. What the tries mean
is ``practice.deck.judge``'s: "Right: ..." with the reason; "Not quite — try again" once; after
a second wrong try, the answer (the best choice) and why. Only once the position is answered
may every hand be shown face up ("Show every hand"), and only for a position of the Practice
table, where the other seats were computers. A position from a table of people
(``Mistake.others_private``) is never shown but from the seat: no toggle, and the table is drawn
from ``practice.deck.seat_only``'s position, in which the other hands, the kitty and another
dealer's discard are placeholders, so the other people's cards never reach the browser, not even
hidden. The table is drawn by the ``felt`` passed in (``ui.replay_view.felt``, which shows hidden
hands as backs).

The tries are kept in session state under ``{key}_tries`` (the action texts), so each question
needs a key of its own. ``who_is_here`` names the learner at the keyboard (a typed learner name,
else this browser's id: ``ui.learn_profile``), whose mistake deck the pages read and write.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from html import escape
from typing import Protocol

import streamlit as st

from engine.core.actions import Action
from engine.core.hand import HandState, Phase
from engine.core.mistake import Mistake
from practice.deck import Quiz, Verdict, cost_text, judge, learner_key, retry_steps, review_line, seat_only
from practice.records import StoreError
from practice.replay import Step
from practice.table_text import choice_text
from ui.learn_profile import browser_id, learner
from ui.seat_choices import seat_choices, tapped
from ui.table import table_style

SHOW_ALL = "Show every hand"
PRIVATE_NOTE = (
    "Played at a table of people: the other players' cards stay theirs, so only what your seat saw is shown."
)


class Felt(Protocol):
    """Draws the table at a position (``ui.replay_view.felt``): passed in, since "learn from your
    mistakes" in ui.replay_view draws its questions with this widget and cannot be imported back."""

    def __call__(
        self,
        shown: HandState,
        played: Sequence[Step],
        caption: str,
        *,
        open_hands: bool = True,
        you: int = ...,
    ) -> str: ...


TRY_AGAIN = "Not quite — try again."


def who_is_here() -> str:
    """The learner at the keyboard as the mistake deck knows them: the name typed on the Learn page,
    else this browser's id (kept in a cookie: ``ui.learn_profile.remember_browser``)."""
    return learner_key(learner(), browser_id())


REVIEW_PAGE = "views/review.py"


def review_due_link() -> None:
    """The line that leads to the Review page: "3 positions to review today" (nothing for an empty
    deck, or when the database cannot be read: the page itself says why)."""
    try:
        line = review_line(who_is_here())  # the deck's counts only: no entry is read
    except StoreError:
        return
    if line:
        st.page_link(REVIEW_PAGE, label=line, icon=":material/replay:")


def where(before: HandState) -> str:
    """Where in the hand a decision is: "Bidding", "Your discard", "Defend alone?", "Trick 2"."""
    if before.phase is Phase.DISCARD:
        return "Your discard"
    if before.phase is Phase.DEFEND:
        return "Defend alone?"
    if before.phase is Phase.PLAY:
        return f"Trick {len(before.tricks) + 1}"
    return "Bidding"


def tries_of(key: str) -> tuple[Action, ...]:
    """The learner's tries at the question ``key`` so far."""
    raw = st.session_state.get(f"{key}_tries")
    out = []
    for text in raw if isinstance(raw, tuple) else ():
        try:
            out.append(Action.parse(text))
        except ValueError:
            continue
    return tuple(out)


def _add_try(key: str, text: str) -> None:
    raw = st.session_state.get(f"{key}_tries")
    st.session_state[f"{key}_tries"] = (*(raw if isinstance(raw, tuple) else ()), text)


def _take_card_click(q: Mistake, key: str) -> None:
    """A tapped card (``hand_buttons`` has no callback) becomes a try before anything is drawn."""
    tapped_card = tapped(q.before, key)
    if tapped_card is not None and not judge(q.right, tries_of(key)).answered:
        _add_try(key, tapped_card)


def _verdict_box(q: Mistake, quiz: Quiz) -> None:
    before = q.before
    if quiz.verdict is Verdict.TRY_AGAIN:
        assert quiz.last is not None
        st.warning(f"**{choice_text(before, quiz.last)}**: {TRY_AGAIN}", icon=":material/replay:")
    elif quiz.verdict is Verdict.RIGHT:
        assert quiz.last is not None
        chosen = choice_text(before, quiz.last)
        best = choice_text(before, q.best)
        also = (
            ""
            if quiz.last == q.best
            else f" (as good as the best, *{best}*, within the figures' uncertainty)"
        )
        st.success(f"**Right: {chosen}**{also}. {q.reason}".strip(), icon=":material/check:")
    elif quiz.verdict is Verdict.SHOWN:
        st.info(
            f"**The answer: {choice_text(before, q.best)}.** {q.reason}".strip(), icon=":material/lightbulb:"
        )


def seat_retry(q: Mistake, key: str, felt: Felt) -> Quiz:
    """Draw the question ``q`` (its state under ``key``; the table drawn by ``felt``) and return
    where it stands. A question from a table of people is drawn from its seat's view alone."""
    private = q.others_private
    q = seat_only(q)
    _take_card_click(q, key)
    quiz = judge(q.right, tries_of(key))
    before = q.before
    table_style()
    cost = cost_text(q)
    st.markdown(
        f"**{where(before)}:** you chose *{choice_text(before, q.choice)}* — **{q.grade}**"
        + (f" (it lost {cost}). " if cost else ". ")
        + ("What would you do here?" if not quiz.answered else "")
    )
    show_all = not private and quiz.answered and st.session_state.get(f"{key}_all") is True
    caption = f"{where(before)} · {'every hand face up' if show_all else 'what your seat saw'}"
    steps = retry_steps(q)
    st.html(
        f'<div data-testid="seat-retry" data-verdict="{escape(quiz.verdict.value)}" '
        f'data-open="{str(show_all).lower()}">{felt(before, steps, caption, open_hands=show_all, you=q.seat)}</div>'
    )
    _verdict_box(q, quiz)
    if quiz.answered and private:
        st.caption(PRIVATE_NOTE)
    elif quiz.answered:
        st.toggle(SHOW_ALL, key=f"{key}_all")
    else:
        seat_choices(before, q.seat, key, partial(_add_try, key))
    return quiz


def forget(key: str) -> None:
    """Clear the question ``key``'s tries (to answer it again from the start)."""
    for suffix in ("_tries", "_all"):
        st.session_state.pop(f"{key}{suffix}", None)


__all__ = [
    "PRIVATE_NOTE",
    "REVIEW_PAGE",
    "SHOW_ALL",
    "TRY_AGAIN",
    "Felt",
    "forget",
    "review_due_link",
    "seat_retry",
    "tries_of",
    "where",
    "who_is_here",
]
