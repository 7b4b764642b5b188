"""The browser harness shared by the end-to-end browser tests (tests/browser/conftest.py makes
fixtures of it) and the browser benchmarks (``python -m bench practice_bench``, ``classroom_bench``):
one headless ``streamlit run app.py`` on a free loopback port, Debian's Chromium through
Playwright, and the waits that time a click inside the browser.

- ``streamlit_process(db_path)``: the server as a context manager, yielding its base URL and
  process (``ServerFailed`` when it does not come up); its log goes to test-artifacts/.
- ``new_page(browser, app_url)``: a page in a fresh browser context (its own Streamlit session),
  with the run counter installed (``RUN_COUNTER``, ``RunWatch``; ``set_up_page``, ``pace_cookies``).
  The browser tests keep their contexts instead (``bench.browser_pool``).
- ``wait_idle(page)``, ``goto(page, path)``, ``goto_all(pages, paths)``, ``click_and_wait(page,
  locator)``, ``click_all(pages, locators)``, ``screenshot(page, name)``: see each; the timed ones
  return seconds measured in the browser.
- ``CONTROLS``: the practice table's enabled choices (bids, cards, discards) as one CSS selector.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
]
STARTUP_TIMEOUT_S = 60
IDLE_TIMEOUT_MS = 20_000  # a wait's first stretch; it goes on while the page is still working
PATIENCE_MS = 300_000  # the longest a page that is still working is waited for (a very busy machine)
ACTION_TIMEOUT_MS = (
    90_000  # a locator's own wait (an element to show, a click to take): passes at once when all is well
)
BUSY_CHECK = """() => {
  const app = document.querySelector('[data-testid="stApp"]');
  if (!app) return true;  // still loading
  return app.getAttribute('data-test-script-state') !== 'notRunning'
    || app.getAttribute('data-test-connection-state') !== 'CONNECTED'
    || !!document.querySelector('[data-testid="stStatusWidgetRunningIcon"]')
    || !!document.querySelector('[data-stale="true"]');
}"""

# Notes when the last click began (performance.now(), ms since the page was opened) so timings are
# measured inside the browser. Streamlit 1.67 shows its state on stApp's data-test-script-state
# (initial / running / notRunning / rerunRequested); a quick run may never show "running", so runs
# are counted from the websocket instead (RunWatch); __ecRuns/__ecIdleAt stay for debugging.
RUN_COUNTER = """
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
IDLE_CHECK = """() => {
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
        self.times: list[float] = []  # when each was received (``time.time()``), in order: late, never
        # early (a frame in flight, or the test busy elsewhere), so a run received after a moment may
        # have finished before it: a bound on when something happened counts runs, not these times

    def attach(self, page: Any) -> None:
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _frame(self, payload: str | bytes) -> None:
        if finished_run(payload):
            self.finished += 1
            self.times.append(time.time())

    def wait_beyond(self, page: Any, count: int, timeout_ms: int = IDLE_TIMEOUT_MS) -> None:
        """Until a run after the ``count``-th has finished: ``timeout_ms``, and longer while the page
        is still working (up to ``PATIENCE_MS``: the wait follows the page, not a fixed clock)."""
        start = time.monotonic()
        deadline = start + timeout_ms / 1000
        while self.finished <= count:
            if time.monotonic() > deadline:
                if time.monotonic() - start > PATIENCE_MS / 1000 or not page_busy(page):
                    raise AssertionError(f"no Streamlit script run finished within {timeout_ms} ms")
                deadline = time.monotonic() + 1.0
            page.wait_for_timeout(5)  # lets Playwright deliver the websocket events


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(url + "/_stcore/health", timeout=2) as response:
            return bool(response.status == 200)
    except OSError:
        return False


class ServerFailed(RuntimeError):
    """The Streamlit server exited or never became healthy."""


@contextmanager
def streamlit_process(
    db_path: Path | str, log_name: str = "streamlit-server", root: Path = ROOT
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """Run ``streamlit run app.py`` headless on a free loopback port with the database ``db_path`` (a
    SQLite file or a PostgreSQL URL);
    yields its base URL and process (the classroom bench reads its memory and CPU), and stops it
    on the way out, errors and Ctrl-C included. ``ServerFailed`` when it does not come up. ``root``:
    the checkout whose app.py runs (another commit's worktree, for a before-and-after bench; its
    own compiled-code cache)."""
    ARTIFACTS.mkdir(exist_ok=True)
    port = free_port()
    env = dict(os.environ)
    env["EUCHRE_COACH_DB"] = str(db_path)
    if root != ROOT:
        env["PYTHONPATH"] = str(root)
        env.pop("NUMBA_CACHE_DIR", None)
    command = [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        "app.py",
        "--server.headless",
        "true",
        "--server.address",
        "127.0.0.1",
        "--server.port",
        str(port),
        "--server.fileWatcherType",
        "none",
        "--browser.gatherUsageStats",
        "false",
    ]
    log_path = ARTIFACTS / f"{log_name}.log"
    with open(log_path, "w") as log:
        process = subprocess.Popen(command, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + STARTUP_TIMEOUT_S
            while not healthy(url):
                if process.poll() is not None:
                    raise ServerFailed(
                        f"streamlit exited with {process.returncode}:\n{log_path.read_text()[-3000:]}"
                    )
                if time.monotonic() > deadline:
                    raise ServerFailed(
                        f"streamlit not healthy after {STARTUP_TIMEOUT_S}s:\n{log_path.read_text()[-3000:]}"
                    )
                time.sleep(0.2)
            yield url, process
        finally:
            stop_process(process, 10)


def stop_process(process: subprocess.Popen[Any], seconds: float, sig: int = signal.SIGTERM) -> None:
    """Send ``process`` ``sig`` and wait up to ``seconds`` for it to end; kill it if it has not."""
    process.send_signal(sig)
    try:
        process.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def pace_cookies(app_url: str, pace: str | None) -> list[dict[str, str]]:
    """The cookie of a browser that chose the practice table's ``pace`` before (``ec_pace``, as
    ``views.practice.pace`` keeps it), for ``app_url``'s host; none for ``pace=None``."""
    if pace is None:
        return []
    host = urlsplit(app_url).hostname or "127.0.0.1"
    return [{"name": "ec_pace", "value": pace, "domain": host, "path": "/"}]


def set_up_page(page: Any, app_url: str) -> None:
    """What the harness's waits need on a new page: its ``app_url``, a ``RunWatch`` on its websocket,
    and a locator's wait long enough for a busy machine (the context's init script is ``RUN_COUNTER``)."""
    page.set_default_timeout(ACTION_TIMEOUT_MS)
    page.app_url = app_url
    page.run_watch = RunWatch()
    page.run_watch.attach(page)


@contextmanager
def new_page(
    browser: Any, app_url: str, width: int = 1280, height: int = 900, pace: str | None = "instant"
) -> Iterator[Any]:
    """A page in a fresh browser context (its own Streamlit session), closed afterwards.

    ``pace``: the practice table's pace this browser chose before (``pace_cookies``): by default
    "instant", a returning learner who goes straight to each turn, which is what a test or a benchmark
    that clicks through hands needs; None for a new learner (the Watch pace, each move shown one at
    a time)."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_cookies(pace_cookies(app_url, pace))
    context.add_init_script(RUN_COUNTER)
    fresh = context.new_page()
    set_up_page(fresh, app_url)
    try:
        yield fresh
    finally:
        context.close()


def hold_still(page: Any) -> None:
    """Pause the clock of the page's context (installed with ``page.clock.install()``) a second on
    from the page's own time: from then no timer fires, so a Streamlit page reads nothing and
    redraws nothing until ``page.clock.resume()``. (The clock runs on while the pause is on its way:
    a time closer than that may be in the past when it arrives, which Playwright refuses. Playwright
    for Python reads a number as seconds since 1970, not the milliseconds ``Date.now()`` gives.)"""
    page.clock.pause_at(float(page.evaluate("Date.now()")) / 1000 + 1.0)


def page_busy(page: Any) -> bool:
    """The page is still working: a script run, a rerun asked for, stale elements, or reconnecting."""
    return bool(page.evaluate(BUSY_CHECK))


def wait_for_idle(page: Any, settle_ms: int, timeout_ms: int, polling: int) -> None:
    """``IDLE_CHECK`` with ``settle_ms``: ``timeout_ms``, then on in stretches while the page is still
    working (``page_busy``), up to ``PATIENCE_MS`` in all; a page that is neither idle nor working
    fails after ``timeout_ms`` as before."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    start = time.monotonic()
    while True:
        try:
            page.wait_for_function(IDLE_CHECK % settle_ms, timeout=timeout_ms, polling=polling)
            return
        except PlaywrightTimeout:
            if time.monotonic() - start > PATIENCE_MS / 1000 or not page_busy(page):
                raise


def wait_idle(page: Any, settle_ms: int = 100, timeout_ms: int = IDLE_TIMEOUT_MS) -> None:
    """Wait until Streamlit is connected and idle (not running, nothing stale) for ``settle_ms``;
    longer than ``timeout_ms`` while the page is still working (``wait_for_idle``)."""
    page.evaluate("window.__ecIdleSince = null")
    wait_for_idle(page, settle_ms, timeout_ms, 25)


def goto(page: Any, path_and_query: str = "/") -> float:
    """Open ``path_and_query`` (e.g. "/rules?section=deal") and wait until idle. Returns the
    seconds from the start of navigation until the page's first script run had finished
    (measured in the browser; the settle time is not counted)."""
    return goto_all([page], [path_and_query])[0]


def goto_all(pages: list[Any], paths: list[str]) -> list[float]:
    """Open ``paths[i]`` in ``pages[i]``, all at once (each page its own session), then wait for
    each to be idle: several independent page loads in about the time of one or two."""
    counts = [page.run_watch.finished for page in pages]
    for page, path in zip(pages, paths, strict=True):
        page.goto(page.app_url + path, wait_until="commit")
    seconds = []
    for page, count in zip(pages, counts, strict=True):
        page.run_watch.wait_beyond(page, count)
        page.evaluate("window.__ecIdleSince = null")
        wait_for_idle(page, 0, IDLE_TIMEOUT_MS, 10)
        seconds.append(float(page.evaluate("window.__ecIdleSeen")) / 1000)
        wait_idle(page)
    return seconds


def click_and_wait(page: Any, locator: Any, settle_ms: int = 100) -> float:
    """Click and wait for the script run the click starts to finish and be drawn, then for the
    page to stay idle ``settle_ms``. Returns the seconds from the click (pointer down, in the
    browser) until the page was idle again (the settle not counted)."""
    return click_all([page], [locator], settle_ms)[0]


def click_all(pages: list[Any], locators: list[Any], settle_ms: int = 100) -> list[float]:
    """``click_and_wait`` on several pages (each its own session) at once: every click first, then
    each page's wait, so that the runs overlap. The seconds of each."""
    counts = [page.run_watch.finished for page in pages]
    for locator in locators:
        locator.click()
    return [_answered(page, count, settle_ms) for page, count in zip(pages, counts, strict=True)]


def _answered(page: Any, count: int, settle_ms: int) -> float:
    """Wait for a run beyond ``count`` runs to finish and the page to be idle, then idle for
    ``settle_ms`` from that moment (a run that starts meanwhile starts the wait again); the
    seconds from the last click until the page was first idle."""
    page.run_watch.wait_beyond(page, count)
    page.evaluate("window.__ecIdleSince = null")  # idle is timed from after the run's end
    wait_for_idle(page, 0, IDLE_TIMEOUT_MS, 10)
    elapsed = float(page.evaluate("window.__ecIdleSeen - window.__ecClickAt")) / 1000
    wait_for_idle(page, settle_ms, IDLE_TIMEOUT_MS, 10)
    return elapsed


def screenshot(page: Any, name: str) -> Path:
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


def type_hand(page: Any, hand: str, upcard: str) -> Any:
    """On the Analyze page, as a user types: the hand, Enter (which commits that box), then the
    upcard. Returns the upcard's box, for the caller to press its Enter (and time the answer)."""
    box = page.get_by_role("textbox", name="Your hand")
    box.fill(hand)
    box.press("Enter")
    wait_idle(page)
    up = page.get_by_role("textbox", name="Upcard", exact=True)
    up.fill(upcard)
    return up


# The learner's enabled choices at the practice table: a bid, a card to play or a card to discard.
CONTROLS = (
    '[class*="st-key-practice_bid_"] button:not([disabled]), '
    '[class*="st-key-practice_play-"] button:not([disabled]), '
    '[class*="st-key-practice_discard-"] button:not([disabled])'
)


__all__ = [
    "ARTIFACTS",
    "CHROMIUM",
    "CHROMIUM_ARGS",
    "CONTROLS",
    "IDLE_CHECK",
    "IDLE_TIMEOUT_MS",
    "ROOT",
    "RUN_COUNTER",
    "STARTUP_TIMEOUT_S",
    "RunWatch",
    "ServerFailed",
    "click_all",
    "click_and_wait",
    "finished_run",
    "free_port",
    "goto",
    "goto_all",
    "healthy",
    "hold_still",
    "new_page",
    "pace_cookies",
    "screenshot",
    "set_up_page",
    "stop_process",
    "streamlit_process",
    "type_hand",
    "wait_idle",
]
