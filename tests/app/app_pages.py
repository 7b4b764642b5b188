"""Opening a page the way a browser opens a link: through app.py's router, with the link's query."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")


def open_page(page: str | None = None, query: dict[str, str] | None = None, timeout: float = 120) -> AppTest:
    """Run app.py routed to ``page`` (the default page when None) with ``query`` as the URL's
    parameters, and check that nothing raised."""
    at = AppTest.from_file(APP, default_timeout=timeout)
    if page:
        at.switch_page(page)
    for key, value in (query or {}).items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at
