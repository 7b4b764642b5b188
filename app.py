"""Euchre Coach: the entry point is only a router over the pages.

Every page gets the shared sidebar (rules panel, display settings) and the one-line
rules summary at the top. The pages live in views/, not pages/: a folder of that name
switches a fresh Streamlit server to its older folder-based page mode, which runs a
deep-linked page without this router.
"""

from __future__ import annotations

import gc
import threading

import streamlit as st

from engine.analysis.playout import warm_up
from ui.layout import display_sidebar
from ui.rules_panel import rules_sidebar, rules_summary_caption


def _warm_up_and_freeze() -> None:
    """Load the compiled cores, then freeze everything loaded so far (numba, LLVM's bindings,
    the engine's tables: about 230,000 objects that live as long as the process). A full garbage
    collection walks every unfrozen object while holding the GIL, about 110 ms here with these
    loaded, and a click would wait for it."""
    warm_up()
    gc.freeze()


@st.cache_resource(show_spinner=False)
def _warm_engine() -> threading.Thread:
    """Once per server process: load the compiled solver and analyzer in the background."""
    thread = threading.Thread(target=_warm_up_and_freeze, name="engine-warm-up", daemon=True)
    thread.start()
    return thread


def main() -> None:
    st.set_page_config(page_title="Euchre Coach", page_icon=":material/playing_cards:", layout="wide")
    page = st.navigation(
        [
            st.Page("views/home.py", title="Home", icon=":material/home:", default=True),
            st.Page("views/learn.py", title="Learn", icon=":material/school:"),
            st.Page("views/analyze.py", title="Analyze", icon=":material/search:"),
            st.Page("views/practice.py", title="Practice", icon=":material/playing_cards:"),
            st.Page("views/rules.py", title="Rules", icon=":material/menu_book:"),
        ]
    )
    _warm_engine()
    rules_sidebar()
    display_sidebar()
    rules_summary_caption()
    page.run()


main()
