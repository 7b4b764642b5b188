"""A puzzle's table and the learner's choices, drawn as the Practice table draws its own.

``board`` draws the felt with every seat but the learner's (partner at the top, opponents left and
right: backs for a seat puzzle's hidden hands, the cards face up in an open-hand puzzle), each seat's
latest action on its chip, the upcard or the trick in the middle (``ui.table``). ``choices`` draws
the learner's cards under it with the buttons "learn from your mistakes" uses (``ui.seat_choices``):
a card to play or to discard is a tap on the card (``take_click`` reads the tap from session state
before the page draws anything), a bid or the choice to defend alone a button with the table's label.
``figures`` lists each choice's figure with its unit (the page puts it in an expander).
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import streamlit as st

from engine.core.hand import HandState
from engine.core.ranking import sort_hand
from practice.puzzle_play import LEARNER, Move, Progress, history
from practice.session import Move as TableMove
from practice.table_text import choice_text, latest_actions
from ui.cards import four_colour
from ui.layout import card_width
from ui.replay_view import seat_cards, state_bar
from ui.seat_choices import seat_choices, tapped
from ui.table import (
    centre_html,
    felt_html,
    hand_row_html,
    seat_html,
)

UNIT_WORDS = {"points": "points", "win chance": "chance of winning", "tricks": "tricks for your side"}


def board(at: Progress, caption: str) -> None:
    """The felt at the puzzle's table now (the learner is seat 0, drawn below it by ``choices``)."""
    state, open_hands, verdict = at.now, at.table.open, at.verdict.value
    moves = tuple(TableMove(before, seat, action, "") for before, seat, action in history(at))
    latest = latest_actions(state, moves)
    colour = four_colour()
    seats: dict[int, str] = {}
    for seat in range(1, state.players):
        body = seat_cards(state, seat, open_hands, colour)
        acting = "to act" if state.to_act == seat else None
        seats[seat] = seat_html(state, seat, "", body, latest.get(seat), acting)
    centre = centre_html(state, card_width(50), colour)
    st.html(
        f'<div data-testid="puzzle-board" data-verdict="{escape(verdict)}" data-open="{str(open_hands).lower()}">'
        f"{felt_html(state, state_bar(state, caption), seats, centre=centre)}</div>"
    )


def take_click(state: HandState, key: str) -> str | None:
    """The card the learner tapped in the last run (as an action's text), else None."""
    return tapped(state, key) if state.to_act == LEARNER else None


def choices(state: HandState, key: str, on_choice: Callable[[str], None] | None) -> None:
    """The learner's cards and choices; ``on_choice`` None: the cards only, nothing to choose."""
    if on_choice is None or state.to_act != LEARNER:
        mine = sort_hand(state.hands[LEARNER], state.trump)
        st.html(hand_row_html(mine, trump=state.trump, width=card_width(), colour=four_colour()))
        return
    seat_choices(state, LEARNER, key, on_choice, hand_row=True)


def figures(move: Move) -> None:
    """Each choice's figure, the best first, and who judged."""
    unit = UNIT_WORDS.get(move.unit, move.unit)
    ranked = sorted(zip(move.choices, move.values, strict=True), key=lambda cv: -cv[1])
    lines = []
    for action, value in ranked:
        mark = " ✓" if action in move.right else ""
        shown = (
            f"{100 * value:+.1f}%"
            if move.unit == "win chance"
            else (f"{value:.0f}" if move.unit == "tricks" else f"{value:+.2f}")
        )
        lines.append(f"- {choice_text(move.before, action)}: **{shown}** {unit}{mark}")
    st.markdown("\n".join(lines))
    st.caption(f"Judged by {move.source}. ✓ right answers.")


__all__ = ["UNIT_WORDS", "board", "choices", "figures", "take_click"]
