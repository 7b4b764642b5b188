"""The deal editor: a teacher writes a deal by tapping cards into the hands, the upcard and the kitty
(or pastes a position text), the engine checks it, and a whole deal can be walked through on the
Rules page, shared, analysed at a seat's first bid, or asked in class (views/deal_editor/editor.py).

``deal_editor?position=TEXT`` opens a deal in the editor (its share link). On a phone the parts come
one under another; on a wider screen the deck sits beside the hands.
"""

from __future__ import annotations

import streamlit as st

from ui.layout import page_header, projector
from views.deal_editor import editor

INTRO = (
    "Write a deal card by card: choose a place, then tap cards in the deck. Tap a placed card to take it back. "
    "Or paste a position text. A whole deal can be walked through, shared, analysed from any seat, or asked "
    "in class."
)
page_header("Deal editor", None if projector() else INTRO)  # on the projector the deal gets the room
editor.adopt_link()
draft = editor.apply_taps(editor.current_draft())
editor.note()
editor.tap_error()
target = editor.pickers(draft)
deck_width, place_width = editor.widths()
left, right = st.columns([2, 3], gap="medium")  # the deck (six cards a row) beside the places
with left:
    editor.deck_view(draft, target, deck_width)
    editor.fill_controls(draft)
with right:
    editor.places_view(draft, target, place_width)
editor.paste_box(draft)
state = editor.check_view(draft)
if state is not None:
    editor.whole_deal_view(state)
