"""Shared AppTest fixtures.

``through_router`` (opt-in: list it in a test's arguments, or ``pytestmark =
pytest.mark.usefixtures("through_router")``): makes every AppTest run start from app.py, as every
run does in the browser. Without it, because a ``pages/`` folder sits next to app.py, AppTest
(which resets Streamlit's folder-pages flag before each run) runs a page file on its own from the
second run on: no sidebar, no rules panel. See ui/router.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture
def through_router(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    from streamlit.runtime.scriptrunner import script_runner

    def run_app(main_script_path: str) -> None:
        code = compile(Path(main_script_path).read_text(), main_script_path, "exec")
        exec(code, {"__name__": "__main__", "__file__": main_script_path})

    monkeypatch.setattr(script_runner, "_mpa_v1", run_app)
    yield
