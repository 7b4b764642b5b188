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
- ``app_url`` (session): the server's base URL, e.g. ``http://127.0.0.1:41234``.
- ``browser`` (session): Chromium from /usr/bin/chromium (Playwright's own download is not used).
- ``page`` (function): a fresh browser context and page (1280x900), with ``page.app_url`` set.
- ``record_timing`` (session): ``record_timing("rules.click.trump", seconds)`` adds a figure to
  test-artifacts/timings.json (merged with what is already there) at the end of the session.

Helper fixtures (each returns a function)
- ``wait_idle(page)``: waits until the app is connected, the script is not running and nothing is
  stale, and stays so for a short settle time.
- ``goto(page, path_and_query)``: opens a page of the app and waits until idle; returns the seconds
  from navigation start until the first script run finished (measured in the browser).
- ``click_and_wait(page, locator)``: clicks and waits for the rerun it causes; returns the seconds
  from the click until that run finished (measured in the browser).
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

# Counts the script runs the page has started (every change of stApp's data-test-script-state to
# "running"; Streamlit 1.67 exposes initial / running / notRunning / rerunRequested there) and
# notes when the last run finished and when the last click began (performance.now(), in ms since
# the page was opened), so timings are measured inside the browser.
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
  return now - window.__ecIdleSince >= %d;
}"""


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


@pytest.fixture(scope="session")
def streamlit_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    ARTIFACTS.mkdir(exist_ok=True)
    port = _free_port()
    env = dict(os.environ)
    env["EUCHRE_COACH_DB"] = str(tmp_path_factory.mktemp("db") / "coach.sqlite3")
    command = [
        sys.executable, "-m", "streamlit", "run", "app.py",
        "--server.headless", "true", "--server.address", "127.0.0.1", "--server.port", str(port),
        "--server.fileWatcherType", "none", "--browser.gatherUsageStats", "false",
    ]
    log_path = ARTIFACTS / "streamlit-server.log"
    with open(log_path, "w") as log:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + STARTUP_TIMEOUT_S
            while not _healthy(url):
                if process.poll() is not None:
                    pytest.fail(f"streamlit exited with {process.returncode}:\n{log_path.read_text()[-3000:]}")
                if time.monotonic() > deadline:
                    pytest.fail(f"streamlit not healthy after {STARTUP_TIMEOUT_S}s:\n{log_path.read_text()[-3000:]}")
                time.sleep(0.2)
            yield url
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


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
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(_RUN_COUNTER)
    new_page = context.new_page()
    new_page.set_default_timeout(IDLE_TIMEOUT_MS)
    new_page.app_url = app_url
    yield new_page
    context.close()


@pytest.fixture(scope="session")
def record_timing() -> Iterator[Callable[[str, float], None]]:
    figures: dict[str, float] = {}

    def record(name: str, seconds: float) -> None:
        figures[name] = round(seconds, 4)

    yield record
    if figures:
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / "timings.json"
        try:
            existing = json.loads(path.read_text()) if path.exists() else {}
        except ValueError:
            existing = {}
        existing.update(figures)
        path.write_text(json.dumps(existing, indent=2, sort_keys=True) + "\n")


def _wait_idle(page: Any, settle_ms: int = 150, timeout_ms: int = IDLE_TIMEOUT_MS) -> None:
    """Wait until Streamlit is connected and idle (not running, nothing stale) for ``settle_ms``."""
    page.evaluate("window.__ecIdleSince = null")
    page.wait_for_function(_IDLE % settle_ms, timeout=timeout_ms, polling=25)


def _runs(page: Any) -> int:
    return int(page.evaluate("window.__ecRuns || 0"))


def _goto(page: Any, path_and_query: str = "/") -> float:
    """Open ``path_and_query`` (e.g. "/rules?section=deal") and wait until idle. Returns the
    seconds from the start of navigation until the page's first script run had finished
    (measured in the browser; the settle time is not counted)."""
    page.goto(page.app_url + path_and_query, wait_until="commit")
    page.wait_for_function(
        "() => window.__ecRuns >= 1 && window.__ecIdleAt !== null", timeout=IDLE_TIMEOUT_MS, polling=10
    )
    page.wait_for_function(_IDLE % 0, timeout=IDLE_TIMEOUT_MS, polling=10)
    elapsed = float(page.evaluate("window.__ecIdleAt")) / 1000
    _wait_idle(page)
    return elapsed


def _click_and_wait(page: Any, locator: Any) -> float:
    """Click and wait for the script run the click starts to finish. Returns the seconds from
    the click (pointer down, in the browser) until that run had finished."""
    before = _runs(page)
    locator.click()
    page.wait_for_function(
        f"() => window.__ecRuns > {before} && window.__ecIdleAt > window.__ecClickAt",
        timeout=IDLE_TIMEOUT_MS, polling=10,
    )
    page.wait_for_function(_IDLE % 0, timeout=IDLE_TIMEOUT_MS, polling=10)
    elapsed = float(page.evaluate("window.__ecIdleAt - window.__ecClickAt")) / 1000
    _wait_idle(page)
    return elapsed


def _screenshot(page: Any, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
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
def click_and_wait() -> Callable[[Any, Any], float]:
    return _click_and_wait


@pytest.fixture(scope="session")
def screenshot() -> Callable[[Any, str], Path]:
    return _screenshot


@pytest.fixture(scope="session")
def assert_no_exception() -> Callable[[Any], None]:
    return _assert_no_exception
