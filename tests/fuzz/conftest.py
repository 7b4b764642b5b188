"""What the fuzz suite shares: its hypothesis profile, running a command in-process, good records.

- The profile ``fuzz``: derandomized (a failure in CI is the same failure on a laptop), no deadline,
  no example database. A property says ``@settings(settings.get_profile("fuzz"), max_examples=N)``
  with N its examples in CI; ``FUZZ_EXAMPLES`` (environment) sets every property's examples instead,
  for a release check: ``FUZZ_EXAMPLES=2000 python3 -m pytest tests/fuzz``.
- Fixtures, each a function: ``tally(kind, check)`` runs one check and counts it (``FUZZ_REPORT=1``
  prints the counts when the run ends); ``run_main(main, argv, stdin)`` calls a command's ``main``
  in this process and returns a ``Ran``, whose ``check()`` is the contract for any input;
  ``good_record(seed, steps, players)`` a legal record; ``json_lines(out)`` the output's JSON rows;
  ``open_with(page, query, timeout)`` app.py opened at ``page`` by a link with ``query`` (NULs
  dropped: a URL cannot carry them), not yet checked. The shared connections of the class store
  (store.classes) are closed after each test, as each test has a database of its own.
"""

from __future__ import annotations

import atexit
import contextlib
import io
import json
import os
import random
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from streamlit.testing.v1 import AppTest

from engine.core.hand import apply, deal, legal_actions
from engine.core.rules import Rules
from engine.io.deal_record import to_record
from store import classes

APP = str(Path(__file__).resolve().parents[2] / "app.py")
# Pages app.py registers under a url_path of their own (``/class``): AppTest finds such a page
# only once st.navigation has run, so the link is opened after a first run on the home page.
OWN_URL_PATH = ("views/class_mode/class_mode.py",)
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "0") or 0)
TRIED: Counter[str] = Counter()  # inputs tried per class of hostile input
CLEAN: Counter[str] = Counter()  # of those, the ones that met the contract


settings.register_profile(
    "fuzz",
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
        HealthCheck.function_scoped_fixture,
        HealthCheck.data_too_large,
    ],
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """``FUZZ_EXAMPLES`` examples for every property of this folder (hypothesis keeps a test's
    settings on the test function)."""
    if not EXAMPLES:
        return
    for item in items:
        test = getattr(item, "obj", None)
        own = getattr(test, "_hypothesis_internal_use_settings", None)
        if own is not None and item.path.parent == Path(__file__).parent:
            test._hypothesis_internal_use_settings = settings(own, max_examples=EXAMPLES)  # type: ignore[union-attr]


def _tally(kind: str, check: Callable[[], None]) -> None:
    """Run ``check`` on one input of class ``kind``, counting it as tried, and as clean when it passes.
    ``FUZZ_REPORT=1`` prints the counts when the run ends."""
    TRIED[kind] += 1
    check()
    CLEAN[kind] += 1


@atexit.register
def _report() -> None:
    if os.environ.get("FUZZ_REPORT") and TRIED:
        for kind in sorted(TRIED):
            print(f"fuzz {kind}: {TRIED[kind]} tried, {CLEAN[kind]} clean", file=sys.stderr)


@dataclass(frozen=True)
class Ran:
    code: int
    out: str
    err: str

    @property
    def err_lines(self) -> list[str]:
        return self.err.splitlines()

    def check(self) -> None:
        """The contract for any input: exit 0 or 2, at most one line on stderr, never a traceback,
        and every stdout line of a records command is JSON."""
        assert self.code in (0, 2), (self.code, self.err[-2000:])
        assert "Traceback" not in self.err and "Traceback" not in self.out
        assert len(self.err_lines) <= 1, self.err_lines[:5]
        if self.code == 2:
            assert self.err_lines or '"error"' in self.out, "exit 2 needs a message"


def _run_main(main: Callable[[list[str]], int], argv: list[str], stdin: bytes | None = None) -> Ran:
    """Call a command's ``main(argv)`` in this process, capturing its output (SystemExit included)."""
    out, err = io.StringIO(), io.StringIO()
    old_stdin = None
    if stdin is not None:
        old_stdin = sys.stdin
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exit_:  # argparse's --help or its own error path
                code = int(exit_.code or 0) if not isinstance(exit_.code, str) else 2
    finally:
        if old_stdin is not None:
            sys.stdin = old_stdin
    return Ran(code, out.getvalue(), err.getvalue())


def _good_record(seed: int, steps: int, players: int = 4) -> dict[str, Any]:
    """A legal record: a seeded deal and ``steps`` actions (each a seeded choice among the legal ones)."""
    rng = random.Random(seed)
    state = deal(Rules(players=players), seed % players, rng)
    for _ in range(steps):
        if state.is_over:
            break
        state = apply(state, rng.choice(legal_actions(state)))
    return to_record(state)


def _json_lines(out: str) -> list[dict[str, Any]]:
    rows = [json.loads(line) for line in out.splitlines()]
    assert all(isinstance(r, dict) for r in rows)
    return rows


@pytest.fixture
def tally() -> Callable[[str, Callable[[], None]], None]:
    return _tally


@pytest.fixture
def run_main() -> Callable[..., Ran]:
    return _run_main


@pytest.fixture
def good_record() -> Callable[..., dict[str, Any]]:
    return _good_record


@pytest.fixture
def json_lines() -> Callable[[str], list[dict[str, Any]]]:
    return _json_lines


@pytest.fixture
def open_with() -> Callable[..., AppTest]:
    def open_link(
        page: str, query: dict[str, str], timeout: float = 120, state: dict[str, object] | None = None
    ) -> AppTest:
        """``page`` opened by a link with ``query``, in a session holding ``state`` first (what a
        browser keeps: a pupil's token, ``cl_pupil_tokens``)."""
        at = AppTest.from_file(APP, default_timeout=timeout)
        if page in OWN_URL_PATH:
            at.run()
        at.switch_page(page)
        for key, value in (state or {}).items():
            at.session_state[key] = value
        for key, value in query.items():
            at.query_params[key] = value.replace("\x00", "")
        at.run()
        return at

    return open_link


@pytest.fixture(autouse=True)
def _close_class_connections() -> Iterator[None]:
    yield
    classes.forget_connections()
