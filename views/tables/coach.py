"""The coach beside a seated person (issue 54, items 4 and 7): the hint at their turn when the
table allows hints, and under a finished hand their own review (their decisions graded from
their seat: nobody else's grades, and no card they could not see when deciding), the hand in the
replay viewer and their record of it to download: both their seat's view of the hand as it ended
(``multiplayer.record.seat_record``: their own cards face up, the others as backs, the dealer's
discard face down but for the dealer; never the kitty nor a sat-out partner's hand).

The grades are worked out in the background after the hand ends (``multiplayer.service.review``:
None while the grader works), so a tap never waits for them: a small fragment looks every
``LOOK_EVERY`` seconds and redraws the page once they are ready.
"""

from __future__ import annotations

import json
from functools import partial
from typing import Any

import streamlit as st

from engine.core.errors import EuchreError
from multiplayer import service
from practice.replay import Replay, view_replay
from practice.review import GradedDecision
from ui.echo import plain
from ui.practice_panels import figures_html, grades_html
from ui.replay_view import REPLAY_LABEL, replay_viewer
from views.tables.words import Data

HINT = "tb_hint"  # session state: (code, version) of the page whose Hint was tapped
LOOK_EVERY = 2.0  # seconds between two looks for the review being graded


def _want_hint(code: str, version: int) -> None:
    st.session_state[HINT] = (code, version)


def hint_button(code: str, key: str, data: Data) -> None:
    """At the person's turn at a table that allows hints: "Hint", and once tapped, the Practice
    page's advice for their seat."""
    mine = data["to_act"] == data["you"] and bool(data["legal"]) and not data["between_hands"]
    if not (data["hints"] and mine):
        return
    st.button(
        "Hint",
        icon=":material/lightbulb:",
        key=f"tb_hint_btn_{data['version']}",
        on_click=_want_hint,
        args=(code, data["version"]),
    )
    if st.session_state.get(HINT) != (code, data["version"]):
        return
    try:
        with st.spinner("The coach looks at your hand…"):
            advice, text = service.hint_words(code, key)
    except service.StoreError:
        st.caption("No hint just now: the table's records are out of reach. Try again in a moment.")
        return
    except ValueError as err:  # hints off, not your turn (the table moved on), no advice here
        st.caption(plain(f"No hint here: {err}."))
        return
    st.info(f"**Hint — {advice.source}:** {text}", icon=":material/lightbulb:")
    if advice.figures:
        with st.expander("The figures behind this hint"):
            st.caption(advice.figures)


def review_panel(code: str, key: str, data: Data) -> None:
    """Under a finished hand: the person's own review, the replay, the record."""
    if not (data["between_hands"] or data["game_over"]):
        return
    try:
        record = service.hand_record(code, key)
        mine = service.review(code, key)
    except service.NoSuchHand:
        return
    except service.StoreError:
        st.caption("Your coach cannot reach the table's records just now.")
        return
    except ValueError as err:
        st.caption(plain(f"No review: {err}."))
        return
    number = record["meta"]["hand"]
    st.subheader(f"Your coach: hand {number}")
    if mine is None:
        st.caption("Your coach is grading your decisions of this hand, from your seat…")
        _look_again(code, key, number)
        return
    place = data["seats"][data["you"]]["place"]
    st.html(f'<div class="ec-review" data-testid="tb-review">{grades_html(mine.grades, place)}</div>')
    if any(g.grade is not None for g in mine.grades):
        with st.expander("The figures behind the grades"):
            st.html(f'<div class="ec-review">{figures_html(mine.grades)}</div>')
    costly = sum(g.grade in ("mistake", "blunder") for g in mine.grades)
    if costly and mine.in_deck:
        st.caption(f"Your {costly} mistake(s) went into your deck: the Review page asks them again.")
    elif costly:
        st.caption("Your mistakes could not be saved to your deck just now (the records are out of reach).")
    if st.toggle(REPLAY_LABEL, key=f"tb_replay_open_{code}_{number}"):
        seen = seat_replay(record, mine.grades)
        if seen is not None:
            replay_viewer(seen, f"tb_{code}_", record["seat"], open_hands=False)
    st.download_button(
        "This hand as you saw it (JSON)",
        partial(json.dumps, record),
        icon=":material/download:",
        file_name=f"euchre-table-{code}-hand-{number}.json",
        mime="application/json",
        key=f"tb_record_{code}_{number}",
        on_click="ignore",
        help="Your seat's view of the hand: your cards, the upcard, every bid and every card played",
    )


def seat_replay(record: dict[str, Any], grades: tuple[GradedDecision, ...]) -> Replay | None:
    """The replay of a person's view of a finished hand (``service.hand_record``), their grades at
    their decisions (``practice.replay.view_replay``: the other hands are placeholders, drawn only as
    backs with ``open_hands=False``); None when the view does not read."""
    try:
        return view_replay(record["view"], grades)
    except EuchreError:
        return None


@st.fragment(run_every=LOOK_EVERY)
def _look_again(code: str, key: str, number: int) -> None:
    """Redraws the page once the review of hand ``number`` is graded."""
    try:
        ready = service.review(code, key)
    except ValueError:
        return
    if ready is not None:
        st.rerun(scope="app")
