"""Keep every run going through app.py's ``st.navigation`` router.

Streamlit 1.67 quirk: because a ``pages/`` folder sits next to app.py, a fresh server assumes
the old folder-based multipage mode until app.py has run once. If the very first visitor opens
a page link directly (``/rules?seed=...``), Streamlit runs that page file on its own: no sidebar,
no rules from the link. ``ensure_router`` notices that, switches the mode off and reruns, so
app.py runs and routes to the same page with the same query parameters.

Call ``ensure_router()`` as the first line of a page (``ui.layout.page_header`` does). Outside
that one situation it is a single attribute check. It reruns only when app.py has not run yet in
the session (no rules in session state), i.e. on the session's first run, when no click can be
lost. Note that AppTest resets Streamlit's flag before every run, so an AppTest of a page in
pages/ runs the page file alone after the first run; tests/app/test_shell_app.py shows a fixture
that makes every AppTest run go through app.py, as in the browser.
"""

from __future__ import annotations

import streamlit as st


def ensure_router() -> None:
    try:
        from streamlit.runtime.pages_manager import PagesManager
    except ImportError:  # a future Streamlit without the flag has no quirk either
        return
    if getattr(PagesManager, "uses_pages_directory", False):
        PagesManager.uses_pages_directory = False
        if "rules" not in st.session_state:  # app.py has never run in this session: this is its first
            st.rerun()  # run, so no widget event can be lost by starting it again through the router
