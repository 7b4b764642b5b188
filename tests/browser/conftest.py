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
  ``start_streamlit(db_path)`` is the same as a context manager, for a test that needs a fresh server.
- ``app_url`` (session): the server's base URL, e.g. ``http://127.0.0.1:41234``.
- ``browser`` (session): Chromium from /usr/bin/chromium (Playwright's own download is not used).
- ``page`` (function): a fresh browser context and page (1280x900), with ``page.app_url`` set.
- ``fresh_server`` (function): a second server started for one test; ``open_page(url)`` opens a
  page on any URL in a new context (``with open_page(fresh_server) as page: ...``).
- ``record_timing`` (session): ``record_timing("rules.click.trump", seconds)`` adds a figure to
  test-artifacts/timings.json (merged with what is already there) at the end of the session,
  with ``load_average_1min`` (the figures are wall-clock times: read them against the load).

Helper fixtures (each returns a function)
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
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-quic",
]
STARTUP_TIMEOUT_S = 60
IDLE_TIMEOUT_MS = 20_000

# Notes when the last click began (performance.now(), ms since the page was opened) so timings are
# measured inside the browser. Streamlit 1.67 shows its state on stApp's data-test-script-state
# (initial / running / notRunning / rerunRequested); a quick run may never show "running", so runs
# are counted from the websocket instead (RunWatch); __ecRuns/__ecIdleAt stay for debugging.
_RUN_COUNTER = """
window.__ecRuns = 0;
window.__ecIdleAt = null;
window.__ecClickAt = null;
new MutationObserver((mutations) => {
  for (const m of mutations) {
    const value = m.target.getAttribute('data-test-script-state');
    if (value === 'running' && m.oldValue !== 'running') window.__ecRuns += 1;
    if (value === 'notRunning') window.__ecIdleAt = performance.now();
  }
}).observe(document, {attributes: true, subtree: true, attributeOldValue: true,
                      attributeFilter: ['data-test-script-state']});
document.addEventListener('pointerdown', () => { window.__ecClickAt = performance.now(); }, true);
"""
_IDLE = """() => {
  const app = document.querySelector('[data-testid="stApp"]');
  if (!app) return false;
  const idle = app.getAttribute('data-test-connection-state') === 'CONNECTED'
    && app.getAttribute('data-test-script-state') === 'notRunning'
    && !document.querySelector('[data-stale="true"]')
    && !document.querySelector('[data-testid="stStatusWidgetRunningIcon"]')
    && !document.querySelector('[data-testid="stSkeleton"]');
  const now = performance.now();
  if (!idle) { window.__ecIdleSince = null; return false; }
  if (window.__ecIdleSince == null) window.__ecIdleSince = now;
  if (now - window.__ecIdleSince < %d) return false;
  window.__ecIdleSeen = window.__ecIdleSince;
  return true;
}"""


def finished_run(payload: str | bytes) -> bool:
    """Is this websocket frame Streamlit's ForwardMsg ``script_finished`` for a run that was not
    cut short by a rerun?"""
    if not isinstance(payload, bytes):
        return False
    from google.protobuf.message import DecodeError
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    msg = ForwardMsg()
    try:
        msg.ParseFromString(payload)
    except DecodeError:
        return False
    return msg.WhichOneof("type") == "script_finished" and (
        msg.script_finished != ForwardMsg.ScriptFinishedStatus.FINISHED_EARLY_FOR_RERUN
    )


class RunWatch:
    """Counts the script runs the server reports finished to one page, from the websocket itself
    (Streamlit's ForwardMsg ``script_finished``): exact even when a run is too quick for the
    frontend to ever show a "running" state. Runs cut short by a rerun are not counted."""

    def __init__(self) -> None:
        self.finished = 0

    def attach(self, page: Any) -> None:
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _frame(self, payload: str | bytes) -> None:
        if finished_run(payload):
            self.finished += 1

    def wait_beyond(self, page: Any, count: int, timeout_ms: int = IDLE_TIMEOUT_MS) -> None:
        deadline = time.monotonic() + timeout_ms / 1000
        while self.finished <= count:
            if time.monotonic() > deadline:
                raise AssertionError(f"no Streamlit script run finished within {timeout_ms} ms")
            page.wait_for_timeout(5)  # lets Playwright deliver the websocket events


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(url + "/_stcore/health", timeout=2) as response:
            return bool(response.status == 200)
    except OSError:
        return False


class ServerFailed(RuntimeError):
    """The Streamlit server exited or never became healthy."""


@contextmanager
def streamlit_process(db_path: Path, log_name: str = "streamlit-server") -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """Run ``streamlit run app.py`` headless on a free loopback port with the database ``db_path``;
    yields its base URL and process (the classroom bench reads its memory and CPU), and stops it
    on the way out, errors and Ctrl-C included. ``ServerFailed`` when it does not come up."""
    ARTIFACTS.mkdir(exist_ok=True)
    port = _free_port()
    env = dict(os.environ)
    env["EUCHRE_COACH_DB"] = str(db_path)
    command = [
        sys.executable, "-m", "streamlit", "run", "app.py",
        "--server.headless", "true", "--server.address", "127.0.0.1", "--server.port", str(port),
        "--server.fileWatcherType", "none", "--browser.gatherUsageStats", "false",
    ]
    log_path = ARTIFACTS / f"{log_name}.log"
    with open(log_path, "w") as log:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + STARTUP_TIMEOUT_S
            while not _healthy(url):
                if process.poll() is not None:
                    raise ServerFailed(f"streamlit exited with {process.returncode}:\n{log_path.read_text()[-3000:]}")
                if time.monotonic() > deadline:
                    raise ServerFailed(f"streamlit not healthy after {STARTUP_TIMEOUT_S}s:\n{log_path.read_text()[-3000:]}")
                time.sleep(0.2)
            yield url, process
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@contextmanager
def start_streamlit(db_path: Path, log_name: str = "streamlit-server") -> Iterator[str]:
    """``streamlit_process`` for a test: yields the base URL; a server that does not come up fails the test."""
    with ExitStack() as stack:
        try:
            url, _ = stack.enter_context(streamlit_process(db_path, log_name))
        except ServerFailed as err:
            pytest.fail(str(err))
        yield url


@pytest.fixture(scope="session")
def streamlit_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    # As the README's set-up command does: build the compiled code before the server starts (about
    # 50 s once after a change to it, 1 s after), so no test's timeout includes a first compile.
    subprocess.run([sys.executable, "-m", "engine", "warm-up"], cwd=ROOT, check=True, timeout=600)
    with start_streamlit(tmp_path_factory.mktemp("db") / "coach.sqlite3") as url:
        yield url


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


@contextmanager
def new_page(browser: Any, app_url: str, width: int = 1280, height: int = 900) -> Iterator[Any]:
    """A page in a fresh browser context (its own Streamlit session), closed afterwards."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_init_script(_RUN_COUNTER)
    fresh = context.new_page()
    fresh.set_default_timeout(IDLE_TIMEOUT_MS)
    fresh.app_url = app_url
    fresh.run_watch = RunWatch()
    fresh.run_watch.attach(fresh)
    try:
        yield fresh
    finally:
        context.close()


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


def _wait_idle(page: Any, settle_ms: int = 100, timeout_ms: int = IDLE_TIMEOUT_MS) -> None:
    """Wait until Streamlit is connected and idle (not running, nothing stale) for ``settle_ms``."""
    page.evaluate("window.__ecIdleSince = null")
    page.wait_for_function(_IDLE % settle_ms, timeout=timeout_ms, polling=25)


def _goto(page: Any, path_and_query: str = "/") -> float:
    """Open ``path_and_query`` (e.g. "/rules?section=deal") and wait until idle. Returns the
    seconds from the start of navigation until the page's first script run had finished
    (measured in the browser; the settle time is not counted)."""
    return _goto_all([page], [path_and_query])[0]


def _goto_all(pages: list[Any], paths: list[str]) -> list[float]:
    """Open ``paths[i]`` in ``pages[i]``, all at once (each page its own session), then wait for
    each to be idle: several independent page loads in about the time of one or two."""
    counts = [page.run_watch.finished for page in pages]
    for page, path in zip(pages, paths, strict=True):
        page.goto(page.app_url + path, wait_until="commit")
    seconds = []
    for page, count in zip(pages, counts, strict=True):
        page.run_watch.wait_beyond(page, count)
        page.evaluate("window.__ecIdleSince = null")
        page.wait_for_function(_IDLE % 0, timeout=IDLE_TIMEOUT_MS, polling=10)
        seconds.append(float(page.evaluate("window.__ecIdleSeen")) / 1000)
        _wait_idle(page)
    return seconds


def _click_and_wait(page: Any, locator: Any) -> float:
    """Click and wait for the script run the click starts to finish and be drawn. Returns the
    seconds from the click (pointer down, in the browser) until the page was idle again."""
    count = page.run_watch.finished
    locator.click()
    page.run_watch.wait_beyond(page, count)
    page.evaluate("window.__ecIdleSince = null")  # idle is timed from after the run's end
    page.wait_for_function(_IDLE % 0, timeout=IDLE_TIMEOUT_MS, polling=10)
    elapsed = float(page.evaluate("window.__ecIdleSeen - window.__ecClickAt")) / 1000
    _wait_idle(page)
    return elapsed


def _screenshot(page: Any, name: str) -> Path:
    """A PNG of the whole page under test-artifacts/. Streamlit scrolls inside its main area, not
    the document, so the viewport is stretched to the main area's height for the shot."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    size = page.viewport_size or {"width": 1280, "height": 900}
    height = page.evaluate(
        "() => { const m = document.querySelector('[data-testid=\"stMain\"]'); return m ? m.scrollHeight : 0; }"
    )
    tall = min(max(int(height), size["height"]), 6000)
    if tall > size["height"]:
        page.set_viewport_size({"width": size["width"], "height": tall})
        page.wait_for_timeout(100)
    page.screenshot(path=str(path), full_page=True)
    if tall > size["height"]:
        page.set_viewport_size(size)
    return path


def _assert_no_exception(page: Any) -> None:
    errors = page.locator('[data-testid="stException"]')
    if errors.count():
        pytest.fail("the page shows an exception:\n" + "\n".join(errors.all_inner_texts()))


@pytest.fixture(scope="session")
def wait_idle() -> Callable[..., None]:
    return _wait_idle


@pytest.fixture(scope="session")
def goto() -> Callable[..., float]:
    return _goto


@pytest.fixture(scope="session")
def goto_all() -> Callable[[list[Any], list[str]], list[float]]:
    return _goto_all


@pytest.fixture(scope="session")
def click_and_wait() -> Callable[[Any, Any], float]:
    return _click_and_wait


@pytest.fixture(scope="session")
def screenshot() -> Callable[[Any, str], Path]:
    return _screenshot


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
