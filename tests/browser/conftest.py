"""End-to-end browser fixtures: one headless Streamlit server, Debian's Chromium through Playwright.

Use them from any test module in tests/browser/ (mark the tests ``@pytest.mark.browser``); the
helpers are fixtures too, so nothing needs importing::

    import pytest

    @pytest.mark.browser
    def test_my_page(page, goto, click_and_wait, assert_no_exception, screenshot):
        goto(page, "/practice?seed=7")            # loads and waits until Streamlit is idle
        click_and_wait(page, page.get_by_role("button", name="Deal"))
        assert_no_exception(page)
        screenshot(page, "practice-dealt")         # -> test-artifacts/practice-dealt.png

Fixtures
- ``streamlit_server`` (session): starts ``streamlit run app.py`` headless on a free loopback port
  with a fresh temporary ``EUCHRE_COACH_DB``, waits for ``/_stcore/health``, stops it at the end.
  Its log is test-artifacts/streamlit-server.log.
  ``start_streamlit(db_path)`` is the same as a context manager, for a test that needs a fresh server;
  the ``start_server`` fixture returns it (the compiled code built first), for a test that starts
  its own servers (``with start_server(db_path, "my-server") as url: ...``), e.g. several on one database.
- ``app_url`` (session): the server's base URL, e.g. ``http://127.0.0.1:41234``.
- ``browser`` (session): Chromium from /usr/bin/chromium (Playwright's own download is not used).
- ``page`` (function): a fresh browser context and page (1280x900), with ``page.app_url`` set.
- ``fresh_server`` (function): a second server started for one test; ``open_page(url)`` opens a
  page on any URL in a new context (``with open_page(fresh_server) as page: ...``).
- ``record_timing`` (session): ``record_timing("rules.click.trump", seconds)`` adds a figure to
  test-artifacts/timings.json (merged with what is already there) at the end of the session,
  with ``load_average_1min`` (the figures are wall-clock times: read them against the load).

Helper fixtures (each returns a function; all but ``assert_no_exception`` are bench/browser.py's,
the harness the browser benchmarks share)
- ``wait_idle(page)``: waits until the app is connected, the script is not running and nothing is
  stale, and stays so for a short settle time.
- ``goto(page, path_and_query)``: opens a page of the app and waits until idle; returns the seconds
  from navigation start until the first script run finished (measured in the browser).
- ``goto_all(pages, paths)``: opens ``paths[i]`` in ``pages[i]`` at the same time (pages from
  ``open_page``), then waits for each; for many independent page loads.
- ``click_and_wait(page, locator)``: clicks and waits for the script run it causes (runs are
  counted from the websocket's ``script_finished`` messages, fragment runs included), then for the
  page to be idle; returns the seconds from the click until then (measured in the browser). For a
  click that starts no run (opening an expander), use ``locator.click()`` and ``wait_idle(page)``.
- ``screenshot(page, name)``: a full-page PNG under test-artifacts/.
- ``assert_no_exception(page)``: fails with the exception text if the page shows a Streamlit exception.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest

from bench import browser as harness
from bench.browser import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, ROOT, ServerFailed, new_page, streamlit_process


@contextmanager
def start_streamlit(db_path: Path | str, log_name: str = "streamlit-server") -> Iterator[str]:
    """``streamlit_process`` for a test: yields the base URL; a server that does not come up fails the test."""
    with ExitStack() as stack:
        try:
            url, _ = stack.enter_context(streamlit_process(db_path, log_name))
        except ServerFailed as err:
            pytest.fail(str(err))
        yield url


@pytest.fixture(scope="session")
def compiled_engine() -> None:
    # As the README's set-up command does: build the compiled code before a server starts (about
    # 50 s once after a change to it, 1 s after), so no test's timeout includes a first compile.
    subprocess.run([sys.executable, "-m", "engine", "warm-up"], cwd=ROOT, check=True, timeout=600)


@pytest.fixture(scope="session")
def streamlit_server(tmp_path_factory: pytest.TempPathFactory, compiled_engine: None) -> Iterator[str]:
    with start_streamlit(tmp_path_factory.mktemp("db") / "coach.sqlite3") as url:
        yield url


@pytest.fixture
def start_server(compiled_engine: None) -> Callable[..., AbstractContextManager[str]]:
    """``with start_server(db_path, log_name) as url:`` a server of the test's own (start_streamlit)."""
    return start_streamlit


@pytest.fixture(scope="session")
def app_url(streamlit_server: str) -> str:
    return streamlit_server


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any, app_url: str) -> Iterator[Any]:
    with new_page(browser, app_url) as fresh:
        yield fresh


@pytest.fixture(scope="session")
def record_timing() -> Iterator[Callable[[str, float], None]]:
    figures: dict[str, float] = {}

    def record(name: str, seconds: float) -> None:
        figures[name] = round(seconds, 4)

    yield record
    if figures:
        # the machine's load when the figures were taken: they are wall-clock times
        figures["load_average_1min"] = round(os.getloadavg()[0], 2)
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / "timings.json"
        try:
            existing = json.loads(path.read_text()) if path.exists() else {}
        except ValueError:
            existing = {}
        existing.update(figures)
        path.write_text(json.dumps(existing, indent=2, sort_keys=True) + "\n")


def _assert_no_exception(page: Any) -> None:
    errors = page.locator('[data-testid="stException"]')
    if errors.count():
        pytest.fail("the page shows an exception:\n" + "\n".join(errors.all_inner_texts()))


@pytest.fixture(scope="session")
def wait_idle() -> Callable[..., None]:
    return harness.wait_idle


@pytest.fixture(scope="session")
def goto() -> Callable[..., float]:
    return harness.goto


@pytest.fixture(scope="session")
def goto_all() -> Callable[[list[Any], list[str]], list[float]]:
    return harness.goto_all


@pytest.fixture(scope="session")
def click_and_wait() -> Callable[[Any, Any], float]:
    return harness.click_and_wait


@pytest.fixture(scope="session")
def screenshot() -> Callable[[Any, str], Path]:
    return harness.screenshot


@pytest.fixture(scope="session")
def assert_no_exception() -> Callable[[Any], None]:
    return _assert_no_exception


@pytest.fixture
def fresh_server(tmp_path: Path) -> Iterator[str]:
    """A second server of its own, started for one test (e.g. to test the very first visit)."""
    with start_streamlit(tmp_path / "coach.sqlite3", log_name="streamlit-fresh-server") as url:
        yield url


@pytest.fixture
def open_page(browser: Any) -> Callable[..., Any]:
    """``with open_page(url) as page:`` a page in a new browser context pointed at ``url``."""

    def opener(url: str, width: int = 1280, height: int = 900) -> Any:
        return new_page(browser, url, width, height)

    return opener


# The bowers by trump, from this table (not from the engine): the jack of trump is the right
# bower, the jack of the same colour the left. Keys: the suit's letter and its name.
_JACKS = {"H": ("JD", "JH"), "D": ("JH", "JD"), "S": ("JC", "JS"), "C": ("JS", "JC")}
_BOWERS = {**_JACKS, **{name: _JACKS[name[0]] for name in ("Hearts", "Diamonds", "Spades", "Clubs")}}


@pytest.fixture(scope="session")
def bowers() -> Callable[[str], tuple[str, str]]:
    """``left, right = bowers("H")`` (or ``bowers("Hearts")``): the two bowers' card codes."""
    return _BOWERS.__getitem__


@pytest.fixture(scope="session")
def ask_the_bower(
    click_and_wait: Callable[[Any, Any], float],
    assert_no_exception: Callable[[Any], None],
    bowers: Callable[[str], tuple[str, str]],
) -> Callable[[Any], tuple[str, str]]:
    """``left, right = ask_the_bower(teacher)``: the teacher's "Ask this" on the class page (the
    picker's first kind, "find the left bower"); the bowers of the trump the projector's prompt names."""

    def ask(teacher: Any) -> tuple[str, str]:
        click_and_wait(teacher, teacher.get_by_role("button", name="Ask this"))
        assert_no_exception(teacher)
        prompt = teacher.get_by_text(re.compile(r"are trump\. Which card is the left bower\?")).first
        prompt.wait_for()
        trump = re.search(r"(Hearts|Diamonds|Spades|Clubs)", prompt.inner_text())
        assert trump is not None, prompt.inner_text()
        return bowers(trump[1])

    return ask
