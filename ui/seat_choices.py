"""A seat's choices at one position, with the buttons the practice table uses for that phase.

The Review page's "learn from your mistakes" (``ui.seat_retry``) and the Puzzles page
(``views.puzzles.board``) both put a position to the learner: a card to play or to discard is a
tap on the card (``ui.table.hand_buttons``: the card is the button), a bid or the choice to defend
alone a button with the table's label. ``hand_buttons`` has no callback, so the page reads the tap
back with ``tapped`` before it draws anything; a bid's button calls ``on_choice`` with the action's
text. Both kinds of button are keyed under the caller's ``key``.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from engine.core.actions import Action, Kind, discard
from engine.core.cards import Card
from engine.core.hand import HandState, Phase
from engine.core.ranking import sort_hand
from practice.table_text import action_label, disabled_reasons
from ui.cards import four_colour
from ui.layout import card_width
from ui.table import hand_buttons, hand_row_html

UPCARD_STAYS = "The upcard stays in your hand: discard one of your own five cards."


def cards_key(key: str, state: HandState) -> str:
    """The key of the cards' buttons at ``state``: one for playing a card, another for discarding."""
    return f"{key}_play" if state.phase is Phase.PLAY else f"{key}_discard"


def tapped(state: HandState, key: str) -> str | None:
    """The card tapped among the buttons of ``seat_choices(state, ..., key, ...)`` in the last run,
    as the action's text; None when none was (or the phase takes no card)."""
    if state.phase not in (Phase.PLAY, Phase.DISCARD):
        return None
    prefix = cards_key(key, state)
    for action in state.legal_actions():
        if action.card is not None and st.session_state.get(f"{prefix}-{action.card}") is True:
            return str(action)
    return None


def seat_choices(
    state: HandState, seat: int, key: str, on_choice: Callable[[str], None], *, hand_row: bool = False
) -> None:
    """``seat``'s choices at ``state``: its cards as buttons when it plays or discards (a card it
    may not choose greyed out, saying why), else a button for each choice, which calls ``on_choice``;
    ``hand_row``: its cards drawn above those buttons too (where the table does not show them)."""
    mine = sort_hand(state.hands[seat], state.trump)
    width, colour = card_width(), four_colour()
    legal = state.legal_actions()
    others: list[Action] = list(legal)
    if state.phase is Phase.PLAY:
        hand_buttons(
            mine,
            key=cards_key(key, state),
            trump=state.trump,
            width=width,
            colour=colour,
            disabled=disabled_reasons(state, seat, tuple(mine)),
        )
        return
    if state.phase is Phase.DISCARD:
        reasons: dict[Card, str] = {}
        if discard(state.upcard) not in legal:
            reasons = {state.upcard: UPCARD_STAYS}
        hand_buttons(
            (*mine, state.upcard),
            key=cards_key(key, state),
            trump=state.trump,
            width=width,
            colour=colour,
            disabled=reasons,
        )
        others = [a for a in legal if a.kind is not Kind.DISCARD]
    elif hand_row:
        st.html(hand_row_html(mine, trump=state.trump, width=width, colour=colour))
    if others:
        with st.container(horizontal=True, gap="small", key=f"{key}_bids"):
            for action in others:
                st.button(
                    action_label(state, action),
                    key=f"{key}_bid_{str(action).replace(' ', '_')}",
                    on_click=on_choice,
                    args=(str(action),),
                )


__all__ = ["UPCARD_STAYS", "cards_key", "seat_choices", "tapped"]
