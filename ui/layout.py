"""Page furniture shared by every page: the display settings and a page header.

Display settings live in session state under plain keys: ``four_colour`` (bool, see
``ui.cards.four_colour``) and ``projector`` (bool: large cards and text for a projector).
"""

from __future__ import annotations

import streamlit as st

from ui.cards import FOUR_COLOUR_KEY

PROJECTOR_KEY = "projector"
NORMAL_WIDTH = 90
PROJECTOR_WIDTH = 140


def projector() -> bool:
    return bool(st.session_state.get(PROJECTOR_KEY, False))


def card_width(normal: int = NORMAL_WIDTH) -> int:
    """The card width to draw with: bigger in projector mode."""
    return round(normal * PROJECTOR_WIDTH / NORMAL_WIDTH) if projector() else normal


def display_sidebar() -> None:
    """The display toggles in the sidebar (drawn by app.py on every page)."""
    with st.sidebar:
        st.subheader("Display")
        st.toggle(
            "Four-colour suits", key=FOUR_COLOUR_KEY,
            help="Diamonds blue and clubs green: easier for colour-blind players and on projectors.",
        )
        st.toggle("Projector mode", key=PROJECTOR_KEY, help="Large cards and text for a classroom screen.")
    if projector():
        st.html(
            "<style>.stMainBlockContainer p, .stMainBlockContainer li, .stMainBlockContainer label "
            "{font-size:1.35rem !important}</style>"
        )


def page_header(title: str, intro: str | None = None) -> None:
    st.title(title)
    if intro:
        st.write(intro)
