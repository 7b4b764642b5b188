"""Home: what Euchre Coach is for, and where to go."""

from __future__ import annotations

import streamlit as st

from engine.cards import Suit
from engine.ranking import left_bower, right_bower
from ui.cards import show_cards
from ui.layout import card_width, page_header

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
PAGES = [
    ("views/learn.py", "Learn", ":material/school:", "Short lessons with exercises, from the deck and the bowers to strategy."),
    ("views/analyze.py", "Analyze", ":material/search:", "Enter a hand and see how each bidding choice works out."),
    ("views/practice.py", "Practice", ":material/playing_cards:", "Play hands against computer players."),
    ("views/rules.py", "Rules explorer", ":material/menu_book:",
     "Trump ranking, a follow-suit checker, the scoring table and a deal walked through step by step."),
]
for path, label, icon, what in PAGES:
    st.page_link(path, label=label, icon=icon)
    st.caption(what)
st.caption("The Rules explorer is made for a projector: see Display in the sidebar.")
