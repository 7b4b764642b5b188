"""Euchre Coach: the entry point is only a router over the pages.

Every page gets the shared sidebar (rules panel, display settings) and the one-line
rules summary at the top. Present mode (ui.layout) is read from the link first: it decides
whether the sidebar starts folded away. The pages live in views/, not pages/: a folder of
that name switches a fresh Streamlit server to its older folder-based page mode, which runs
a deep-linked page without this router.
"""

from __future__ import annotations

import streamlit as st

from practice.records import guard_logs
from ui.engine_ready import engine_warm_up
from ui.layout import display_sidebar, sync_present_link
from ui.rules_panel import rules_sidebar, rules_summary_caption


def main() -> None:
    guard_logs()  # no database password in any log line, Streamlit's own included (store/redact.py)
    present = sync_present_link()  # ?present=1 in a link turns present mode on; the link keeps it while on
    st.set_page_config(
        page_title="Euchre Coach",
        page_icon=":material/playing_cards:",
        layout="wide",
        initial_sidebar_state="collapsed" if present else "auto",
    )
    page = st.navigation(
        [
            st.Page("views/home.py", title="Home", icon=":material/home:", default=True),
            st.Page("views/learn/learn.py", title="Learn", icon=":material/school:"),
            st.Page("views/analyze/analyze.py", title="Analyze", icon=":material/search:"),
            st.Page("views/charts.py", title="Charts", icon=":material/grid_on:"),
            st.Page("views/practice/practice.py", title="Practice", icon=":material/playing_cards:"),
            st.Page("views/review.py", title="Review", icon=":material/replay:"),
            st.Page("views/puzzles/puzzles.py", title="Puzzles", icon=":material/extension:"),
            st.Page("views/rules/rules.py", title="Rules", icon=":material/menu_book:"),
            st.Page("views/deal_editor/deal_editor.py", title="Deal editor", icon=":material/edit_note:"),
            st.Page(
                "views/class_mode/class_mode.py", title="Class", icon=":material/groups:", url_path="class"
            ),
            st.Page(
                "views/tables/tables.py",
                title="Tables",
                icon=":material/table_restaurant:",
                url_path="tables",
            ),
        ]
    )
    engine_warm_up()  # the compiled code, built or loaded in the background (ui/engine_ready.py)
    rules_sidebar()
    display_sidebar()
    rules_summary_caption()
    page.run()


main()
