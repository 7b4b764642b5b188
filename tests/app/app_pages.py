"""Opening a page the way a browser does: app.py's router first, then the page, with a query."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]


def open_page(page: str, query: dict[str, str] | None = None) -> AppTest:
    """Run app.py with ``query`` as the URL's parameters, switch to ``page`` and run it."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    for k, v in (query or {}).items():
        at.query_params[k] = v
    at.run()
    at.switch_page(page)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at
