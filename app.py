"""Euchre Coach: the entry point is only a router over the pages.

Every page gets the shared sidebar (rules panel, display settings) and the one-line
rules summary at the top; the pages themselves live in pages/.
"""

from __future__ import annotations

import streamlit as st

from ui.layout import display_sidebar
from ui.rules_panel import rules_sidebar, rules_summary_caption


def main() -> None:
    st.set_page_config(page_title="Euchre Coach", page_icon=":material/playing_cards:", layout="wide")
    page = st.navigation(
        [
            st.Page("pages/home.py", title="Home", icon=":material/home:", default=True),
            st.Page("pages/learn.py", title="Learn", icon=":material/school:"),
            st.Page("pages/analyze.py", title="Analyze", icon=":material/search:"),
            st.Page("pages/practice.py", title="Practice", icon=":material/playing_cards:"),
            st.Page("pages/rules.py", title="Rules", icon=":material/menu_book:"),
        ]
    )
    rules_sidebar()
    display_sidebar()
    rules_summary_caption()
    page.run()


main()
