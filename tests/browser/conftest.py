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
- ``served`` (session): starts ``streamlit run app.py`` headless on a free loopback port with a
  fresh temporary ``EUCHRE_COACH_DB``, waits for ``/_stcore/health``, stops it at the end; returns
  ``(url, db_path)``, for a test that also reads or writes the server's database (the class
  tests: ``classes.start_class(path=db)``, ``classes.load(code, path=db)``). One server for the
  whole session (per xdist worker): every test makes its own learner, class or deal, so the tests
  share it; a server costs seconds to start and its first page load imports the app.
  Its log is test-artifacts/streamlit-server-<worker>.log.
  ``streamlit_server`` (session) is its URL alone; ``own_class``: a class started on its database for
  one test, ``(url, db, code, teacher_secret)``.
  ``start_streamlit(db_path)`` is the same as a context manager, for a test that needs a fresh server;
  the ``start_server`` fixture returns it (the compiled code built first), for a test that starts
  its own servers (``with start_server(db_path, "my-server") as url: ...``), e.g. several on one
  database, or one started again (a test may start them on ``served``'s database too).
- ``app_url`` (session): the server's base URL, e.g. ``http://127.0.0.1:41234``.
- ``browser`` (session): Chromium from /usr/bin/chromium (Playwright's own download is not used).
- ``context_pool`` (session): the browser contexts the pages open in, kept from test to test
  (``bench.browser_pool``): a new page in a context that has loaded the app before costs about
  0.8 s of Chromium's CPU less than one in a new context. Each page is a new Streamlit session in a
  context no other open page uses (its own cookies: two pages open at once are two browsers);
  afterwards the context's cookies and localStorage are cleared, and a context the test changed
  (its clock, routes, init scripts, permissions, ...) is closed instead of kept. Each kept context
  also holds a keeper page on the server's health check, and Chromium runs with ``KEEPER_ARGS``
  (``--process-per-site``): a test's new page opens in the keeper's warm renderer process instead
  of starting one (about 0.7 s of Chromium's CPU a page: 1.66 to 0.96; the browser folder 641 s to 560 s).
- ``page`` (function): a new page (1280x900) in a pooled context, with ``page.app_url`` set.
- ``fresh_server`` (function): a second server started for one test; ``open_page(url)`` opens a
  page on any URL in a pooled context of its size (``with open_page(fresh_server) as page: ...``);
  ``open_page(url, fresh=True)``: in a new context, closed afterwards, for a test that needs a
  browser that has cached nothing.
  Every page's browser has chosen the practice table's instant pace (``bench.browser.new_page``);
  ``open_page(url, pace=None)`` is a new learner's (the Watch pace).
- ``record_timing`` (session): ``record_timing("rules.click.trump", seconds)`` adds a figure to
  test-artifacts/timings.json (merged with what is already there) at the end of the session,
  with ``load_average_1min`` (the figures are wall-clock times: read them against the load).

Helper fixtures (each returns a function; all but ``assert_no_exception`` are bench/browser.py's,
the harness the browser benchmarks share; ``click_and_wait`` and ``click_all`` with this suite's settle)
- ``wait_idle(page)``: waits until the app is connected, the script is not running and nothing is
  stale, and stays so for a short settle time.
- ``goto(page, path_and_query)``: opens a page of the app and waits until idle; returns the seconds
  from navigation start until the first script run finished (measured in the browser).
- ``goto_all(pages, paths)``: opens ``paths[i]`` in ``pages[i]`` at the same time (pages from
  ``open_page``), then waits for each; for many independent page loads.
- ``click_and_wait(page, locator)``: clicks and waits for the script run it causes (runs are
  counted from the websocket's ``script_finished`` messages, fragment runs included), then for the
  page to be idle for ``CLICK_SETTLE_MS`` (30 ms); returns the seconds from the click until the page
  was idle (measured in the browser). The harness's default (bench/browser.py) settles 100 ms: once the
  click's own run has finished and been drawn, that waits out no run in this app (no component
  reruns the page from the browser; a rerun the script asks for is part of the click's run), and
  it cost a tenth of a second a click, a third of a click-by-click test's time. On the class pages,
  whose live parts rerun on a timer, the 100 ms stay (``LIVE_SETTLE_MS``). For a click that starts
  no run (opening an expander), use ``locator.click()`` and ``wait_idle(page)``.
- ``click_all(pages, locators)``: ``click_and_wait`` on several pages (each its own session) at
  once: every click first, then each page's wait, so that the runs overlap; the seconds of each.
  For the same steps at several screen sizes.
- ``screenshot(page, name)``: a full-page PNG under test-artifacts/.
- ``assert_no_exception(page)``: fails with the exception text if the page shows a Streamlit exception.
- ``url_query(page)``: the query of the page's address; ``start_class(teacher, present=False)``:
  "Start a class" pressed on /class, the class's join code once it is shown (the class tests).
- ``kit``: all of the helpers above (and ``open_page``, ``record_timing``) in one, for a test that
  uses many of them: ``kit.goto(page, "/learn")``, ``kit.click_and_wait(page, button)``.
- ``sideways(page)``: how far the page reaches sideways: ``{"scroll": ..., "width": ..., "wide": [...]}``,
  the document's scroll width, the window's width and the elements that stick out past its right edge
  (the innermost ones last), for a failure message that says what to fix. A page a phone would scroll
  sideways has ``scroll > width + 1``.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse, urlsplit

import pytest

from bench import browser as harness
from bench.browser import (
    ARTIFACTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    ROOT,
    ServerFailed,
    streamlit_process,
)
from bench.browser_pool import KEEPER_ARGS, ContextPool
from store import classes


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
def served(tmp_path_factory: pytest.TempPathFactory, compiled_engine: None) -> Iterator[tuple[str, Path]]:
    db = tmp_path_factory.mktemp("db") / "coach.sqlite3"
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")  # two workers: a log each
    try:
        with start_streamlit(db, f"streamlit-server-{worker}") as url:
            yield url, db
    finally:
        classes.forget_connections()  # the tests' own connections to its database


@pytest.fixture
def own_class(served: tuple[str, Path]) -> Iterator[tuple[str, Path, str, str]]:
    """A class of the test's own on ``served``'s database: ``(url, db, code, teacher_secret)``; the
    test's connections to the database are closed after it."""
    url, db = served
    try:
        code, secret = classes.start_class(path=db)
        yield url, db, code, secret
    finally:
        classes.forget_connections()


@pytest.fixture(scope="session")
def streamlit_server(served: tuple[str, Path]) -> str:
    return served[0]


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
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS + KEEPER_ARGS, headless=True
        )
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def context_pool(browser: Any) -> Iterator[ContextPool]:
    pool = ContextPool(browser)
    yield pool
    pool.close()


@pytest.fixture
def page(context_pool: ContextPool, app_url: str) -> Iterator[Any]:
    with context_pool.page(app_url) as fresh:
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


CLICK_SETTLE_MS = 30  # how long the page stays idle after a click's run before the click counts as answered
# The class pages (/class) and the Tables page (/tables) redraw their live parts on a timer (st.fragment's run_every, twice a second on
# the projector): there the run that finishes first after a click may be the timer's, and the click's own
# run (which may rerun the whole page) start a moment later. There the harness's settle, which waits
# that moment out.
LIVE_SETTLE_MS = 100


def _settle_ms(page: Any) -> int:
    """How long ``page`` must stay idle after a click's run: ``LIVE_SETTLE_MS`` on a live page."""
    live = urlsplit(page.url).path.rstrip("/").endswith(("/class", "/tables"))
    return LIVE_SETTLE_MS if live else CLICK_SETTLE_MS


def _click_and_wait(page: Any, locator: Any) -> float:
    return harness.click_and_wait(page, locator, _settle_ms(page))


def _click_all(pages: list[Any], locators: list[Any]) -> list[float]:
    return harness.click_all(pages, locators, max(_settle_ms(page) for page in pages))


@pytest.fixture(scope="session")
def click_and_wait() -> Callable[[Any, Any], float]:
    return _click_and_wait


@pytest.fixture(scope="session")
def click_all() -> Callable[[list[Any], list[Any]], list[float]]:
    return _click_all


@pytest.fixture(scope="session")
def screenshot() -> Callable[[Any, str], Path]:
    return harness.screenshot


@pytest.fixture(scope="session")
def assert_no_exception() -> Callable[[Any], None]:
    return _assert_no_exception


_SIDEWAYS = """() => {
  const width = window.innerWidth;
  const wide = [];
  for (const el of document.querySelectorAll('[data-testid="stMain"] *')) {
    const box = el.getBoundingClientRect();
    if (box.width > 0 && box.right > width + 1) {
      const id = el.getAttribute('data-testid') || el.className.toString().slice(0, 60);
      wide.push(`${el.tagName.toLowerCase()}[${id}] right=${Math.round(box.right)}`);
    }
  }
  return {scroll: document.documentElement.scrollWidth, width, wide: wide.slice(-5)};
}"""


def _sideways(page: Any) -> dict[str, Any]:
    return dict(page.evaluate(_SIDEWAYS))


@pytest.fixture(scope="session")
def sideways() -> Callable[[Any], dict[str, Any]]:
    return _sideways


@pytest.fixture
def fresh_server(tmp_path: Path) -> Iterator[str]:
    """A second server of its own, started for one test (e.g. to test the very first visit)."""
    with start_streamlit(tmp_path / "coach.sqlite3", log_name="streamlit-fresh-server") as url:
        yield url


@pytest.fixture
def open_page(context_pool: ContextPool) -> Callable[..., Any]:
    """``with open_page(url) as page:`` a new page pointed at ``url``, in a pooled browser context of
    its size (``fresh=True``: in a new one)."""

    def opener(
        url: str, width: int = 1280, height: int = 900, pace: str | None = "instant", fresh: bool = False
    ) -> Any:
        return context_pool.page(url, width, height, pace, fresh)

    return opener


@dataclass(frozen=True)
class Kit:
    """The helper fixtures of this file in one (the ``kit`` fixture): each is the fixture of its name."""

    open_page: Callable[..., Any]
    goto: Callable[..., float]
    goto_all: Callable[[list[Any], list[str]], list[float]]
    wait_idle: Callable[..., None]
    click_and_wait: Callable[[Any, Any], float]
    click_all: Callable[[list[Any], list[Any]], list[float]]
    assert_no_exception: Callable[[Any], None]
    screenshot: Callable[[Any, str], Path]
    sideways: Callable[[Any], dict[str, Any]]
    url_query: Callable[[Any], dict[str, str]]
    record_timing: Callable[[str, float], None]


@pytest.fixture
def kit(open_page: Callable[..., Any], record_timing: Callable[[str, float], None]) -> Kit:
    """``kit.goto(page, path)``, ``kit.click_and_wait(page, locator)``, ...: this file's helpers in one."""
    return Kit(
        open_page=open_page,
        goto=harness.goto,
        goto_all=harness.goto_all,
        wait_idle=harness.wait_idle,
        click_and_wait=_click_and_wait,
        click_all=_click_all,
        assert_no_exception=_assert_no_exception,
        screenshot=harness.screenshot,
        sideways=_sideways,
        url_query=_url_query,
        record_timing=record_timing,
    )


def _url_query(page: Any) -> dict[str, str]:
    """The query of the page's address, the first value of each parameter."""
    return {k: v[0] for k, v in parse_qs(urlparse(page.url).query).items()}


@pytest.fixture(scope="session")
def url_query() -> Callable[[Any], dict[str, str]]:
    """``url_query(page)``: the query of the page's address, the first value of each parameter."""
    return _url_query


@pytest.fixture(scope="session")
def start_class(
    goto: Callable[..., float],
    click_and_wait: Callable[[Any, Any], float],
    url_query: Callable[[Any], dict[str, str]],
) -> Callable[..., str]:
    """``code = start_class(teacher, present=False)``: "Start a class" pressed on /class (in present
    mode with ``present``); once the address and the page show the class's join code, the code."""

    def start(teacher: Any, present: bool = False) -> str:
        goto(teacher, "/class?present=1" if present else "/class")
        click_and_wait(teacher, teacher.get_by_role("button", name="Start a class"))
        teacher.wait_for_function("() => location.search.includes('class=')", timeout=15_000)
        code = url_query(teacher)["class"]
        teacher.get_by_text(f"Join code: {code}").wait_for()
        return code

    return start


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
