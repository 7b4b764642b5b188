"""Home: what Euchre Coach is for, where a newcomer starts, and where to go."""

from __future__ import annotations

import streamlit as st

from engine.core.cards import Suit
from engine.core.ranking import left_bower, right_bower
from lessons.loader import load_lessons
from ui.cards import show_cards
from ui.layout import card_width, page_header
from ui.prefetch import prefetch_charts

# The page links below are drawn as buttons (the start link filled, the others outlined), so
# they read as things to click rather than as plain text. Streamlit gives a keyed container the
# class st-key-<key>; the rules stay inside these two containers.
LINK_STYLE = """<style>
.st-key-home_start a, .st-key-home_pages a {
  border-radius: 0.5rem; padding: 0.4rem 0.9rem; text-decoration: none;
}
.st-key-home_start a { background: #1b6e3a; }
.st-key-home_start a, .st-key-home_start a * { color: #fff !important; font-weight: 600; }
.st-key-home_start a:hover { background: #145a2e; }
.st-key-home_pages a { border: 1px solid rgba(49, 51, 63, 0.3); }
.st-key-home_pages a:hover { border-color: #1b6e3a; }
</style>"""

page_header(
    "Euchre Coach",
    "Learn Euchre from scratch, look closely at hands, and play against computer players. "
    "Euchre is a fast trick-taking card game for four players in two partnerships, played with "
    "a short deck of 24 cards.",
)
st.html(LINK_STYLE)

first = load_lessons()[0]
with st.container(border=True, key="home_start"):
    st.markdown("**New here?** The lessons start from the very beginning: no card game needed.")
    st.page_link(
        "views/learn/learn.py",
        label=f"Start the first lesson: {first.title}",
        icon=":material/play_arrow:",
        query_params={"lesson": first.id, "step": "1"},
    )

st.subheader("Where to go")
PAGES = [
    (
        "views/learn/learn.py",
        "Learn",
        ":material/school:",
        "Short lessons with exercises, from the deck and the bowers to strategy.",
    ),
    (
        "views/analyze/analyze.py",
        "Analyze a hand",
        ":material/search:",
        "Enter a hand and see how each bidding choice works out.",
    ),
    (
        "views/charts.py",
        "Call charts",
        ":material/grid_on:",
        "When to order up or name a suit: every kind of hand in every seat and score, computed by simulation. "
        "Prints as a handout.",
    ),
    (
        "views/practice/practice.py",
        "Practice",
        ":material/playing_cards:",
        "Play hands against computer players.",
    ),
    (
        "views/rules/rules.py",
        "Rules explorer",
        ":material/menu_book:",
        "Trump ranking, a follow-suit checker, the scoring table and a deal walked through step by step. "
        "Made for a classroom screen: switch on Present mode under Display in the sidebar.",
    ),
    (
        "views/class_mode/class_mode.py",
        "Class",
        ":material/groups:",
        "A live quiz for a classroom: the teacher asks on the projector, every pupil answers on a phone.",
    ),
]
with st.container(key="home_pages"):
    for path, label, icon, what in PAGES:
        st.page_link(path, label=label, icon=icon)
        st.caption(what)

st.subheader("The two highest cards")
show_cards(
    [right_bower(Suit.HEARTS), left_bower(Suit.HEARTS)],
    trump=Suit.HEARTS,
    width=card_width(),
    labels=["right bower", "left bower"],
)
st.caption(
    "When hearts are trump, the jack of hearts (the right bower) is the highest card and the jack "
    "of diamonds (the left bower) the next: for that hand the jack of diamonds is a heart."
)

st.subheader("Which Euchre?")
st.markdown(
    "Every page follows the rules chosen in the sidebar. The standard North American game is the "
    "default; the sidebar's **Preset** also offers:\n"
    "- **Tournament**: *stick the dealer*, when everyone passes twice the dealer must name trump.\n"
    "- **British Euchre**: a 25th card, the joker (called the *Benny*), is the highest trump.\n"
    "- **Two-handed**: two players, each for themselves; the dealer may leave the upcard.\n"
    "- **Cutthroat**: three players, each for themselves; the two who did not name trump defend together.\n"
    "- **Railroad**: a defender may face a lone maker alone too, and the dealer is stuck."
)

prefetch_charts()  # the Charts page's plotly.js, loaded while the learner reads this page
