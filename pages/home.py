"""Home: what Euchre Coach is for, and where to go."""

from __future__ import annotations

import streamlit as st

from engine.cards import Suit
from engine.ranking import left_bower, right_bower
from ui.cards import show_cards
from ui.layout import card_width, page_header
from ui.rules_panel import current_rules

page_header(
    "Euchre Coach",
    "A place to learn Euchre, look closely at hands, and play. Every page follows the rules "
    "chosen in the sidebar, from the standard North American game to British Euchre with the "
    "Benny, cutthroat for three and the two-handed game.",
)

show_cards(
    [right_bower(Suit.HEARTS), left_bower(Suit.HEARTS)],
    trump=Suit.HEARTS,
    width=card_width(),
    labels=["right bower", "left bower"],
)
st.caption(
    "When hearts are trump, the jack of hearts is the highest card and the jack of diamonds "
    "the next: for that hand the jack of diamonds is a heart."
)

st.subheader("Where to go")
st.page_link("pages/learn.py", label="Learn", icon=":material/school:", help="Lessons on the game.")
st.page_link("pages/analyze.py", label="Analyze", icon=":material/search:", help="Look at a hand in detail.")
st.page_link("pages/practice.py", label="Practice", icon=":material/playing_cards:", help="Play hands against the computer.")
st.page_link(
    "pages/rules.py", label="Rules explorer", icon=":material/menu_book:",
    help="Trump ranking, follow-suit checker, scoring table and a deal walkthrough.",
)
st.caption(
    f"Rules in force: {current_rules().summary()}. Change them in the sidebar; "
    "the Rules explorer is built to be shown on a projector (see Display in the sidebar)."
)
