"""Load the chart library's code in the browser while a page is idle, before it is needed.

Streamlit loads plotly.js (a 4.7 MB script) the first time a page draws a plotly chart: on the
Charts page with a cold browser that is about 1.5 s of downloading and compiling before the
first square appears. A page a learner reads first (Home) asks the browser to import that same
module file when it has nothing else to do; the module is then in the browser's module map and
HTTP cache, and the Charts page draws without waiting for it. The file's name carries a hash of
the installed Streamlit's build, so it is looked up in Streamlit's own static folder.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import streamlit as st

IDLE_DELAY_MS = 1500  # after the page has been drawn: the first clicks are not slowed


@cache
def _plotly_module() -> str | None:
    """``static/js/PlotlyChart.<hash>.js`` as the page's link, or None when it cannot be found."""
    js = Path(st.__file__).parent / "static" / "static" / "js"
    found = sorted(js.glob("PlotlyChart.*.js"))
    return f"static/js/{found[0].name}" if len(found) == 1 else None


def prefetch_charts() -> None:
    """Import the chart module in the background once the page is idle (nothing when the
    browser already has it, or when the file is not where this Streamlit keeps it)."""
    module = _plotly_module()
    if module is None:
        return
    st.html(
        "<script>setTimeout(() => (window.requestIdleCallback || ((f) => f()))(() => "
        f"import('./{module}').catch(() => undefined)), {IDLE_DELAY_MS});</script>",
        unsafe_allow_javascript=True,
    )
