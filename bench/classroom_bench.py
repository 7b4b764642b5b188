"""Classroom load: N players clicking at once on one Streamlit server, and the click latency they see.

    python -m bench classroom_bench [--sessions 1,5,10,20] [--clicks 20] [--think 1.0] [--seed 1] [--json out.json]

Runs ``python -m engine warm-up`` (so no compile is measured), starts one ``streamlit run app.py``
on a free loopback port with a throw-away database, and one headless Chromium (Debian's, the same
harness as the browser tests). Then, for each N in ``--sessions``: opens N browser contexts, each
its own Streamlit session, at the Practice page with distinct deal seeds, and lets all N play at
the same time, like a class. Each session clicks one of the legal buttons the page shows (a bid or
a card, picked with a seeded random generator; "Next hand" or "New game" when the hand or game
is over), waits until its page is idle, thinks for ``--think`` seconds (jittered 0.5x to 1.5x) and
clicks again, ``--clicks`` times.

A click is timed in the browser (``performance.now()``) from pointer-down until the script run it
caused has finished (counted from the websocket's ``script_finished`` messages) and the page is
idle again, as in the browser tests (bench/browser.py). A click not answered within ``--timeout`` seconds is
counted as a timeout (shown in its own column, not among the timed clicks) and the session goes
on, reloading its page if it is still not idle.

Printed per N: clicks timed, timeouts, median / p95 / max click seconds, the server's RSS
(``VmRSS`` of /proc/PID/status; ``VmHWM`` is its peak) with the N sessions still open, the
server's CPU seconds per click, and the 1-minute load average at the end of that N. The figures
are wall-clock times on the machine that also runs the browser: read them against the load
average, and note that in a real class each player's browser runs on its own computer.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.async_api import Browser, Locator, Page, WebSocket, async_playwright
from playwright.async_api import Error as PlaywrightError

from bench.browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    CONTROLS,
    IDLE_CHECK,
    ROOT,
    RUN_COUNTER,
    finished_run,
    streamlit_process,
)
from engine.core.rules import Rules
from practice.codes import DealCode, encode

# Many pages at once in one browser: none of them may be throttled as a background page.
BROWSER_ARGS = CHROMIUM_ARGS + [
    "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
]
# What a session clicks when it has no bid or card to play, in this order.
AFTER_HAND = (
    ("practice_next_hand", "next hand"),
    ("practice_new_game_end", "new game"),
    ("practice_back", "back"),
    ("practice_next_step", "next step"),
)
OPEN_TIMEOUT_S = 120.0  # N pages opening at once on a loaded machine


class ClickTimeout(Exception):
    """A click was not answered (script run finished and page idle) within the per-click timeout."""


@dataclass
class Session:
    """One player: a browser context and page (its own Streamlit session) and its random generator."""

    index: int
    page: Page
    rng: random.Random
    finished: int = 0  # script runs the server reported finished to this page (websocket)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    clicks: list[float] = field(default_factory=list)
    kinds: dict[str, int] = field(default_factory=dict)
    server_ms: list[float] = field(default_factory=list)
    timeouts: int = 0
    reloads: int = 0
    open_s: float | None = None

    def attach(self) -> None:
        self.page.on("websocket", self._websocket)

    def _websocket(self, ws: WebSocket) -> None:
        ws.on("framereceived", self._frame)

    def _frame(self, payload: str | bytes) -> None:
        if finished_run(payload):  # conftest's reading of the frame: runs cut short by a rerun not counted
            self.finished += 1
            self.changed.set()

    async def wait_beyond(self, count: int, deadline: float) -> None:
        loop = asyncio.get_running_loop()
        while self.finished <= count:
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise ClickTimeout("no script run finished")
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), remaining)
            except TimeoutError:
                raise ClickTimeout("no script run finished") from None


def _remaining_ms(deadline: float) -> float:
    return max(1.0, (deadline - asyncio.get_running_loop().time()) * 1000)


async def _wait_idle(page: Page, deadline: float, settle_ms: int = 100) -> None:
    """Connected, not running, nothing stale, for ``settle_ms`` (conftest's _wait_idle)."""
    await page.evaluate("window.__ecIdleSince = null")
    await page.wait_for_function(IDLE_CHECK % settle_ms, timeout=_remaining_ms(deadline), polling=25)


async def _open(session: Session, url: str, timeout_s: float) -> None:
    """Open the page and wait until its first script run is drawn; notes the seconds it took."""
    deadline = asyncio.get_running_loop().time() + timeout_s
    count = session.finished
    await session.page.goto(url, wait_until="commit", timeout=_remaining_ms(deadline))
    await session.wait_beyond(count, deadline)
    await session.page.evaluate("window.__ecIdleSince = null")
    await session.page.wait_for_function(IDLE_CHECK % 0, timeout=_remaining_ms(deadline), polling=10)
    session.open_s = float(await session.page.evaluate("window.__ecIdleSeen")) / 1000
    await _wait_idle(session.page, deadline)


async def _click(session: Session, target: Locator, timeout_s: float) -> float:
    """Click and wait for the run it starts to finish and be drawn; the seconds from pointer-down
    (in the browser) until the page was idle again. Raises ClickTimeout after ``timeout_s``."""
    page = session.page
    deadline = asyncio.get_running_loop().time() + timeout_s
    count = session.finished
    try:
        await page.evaluate("window.__ecClickAt = null")
        await target.click(timeout=_remaining_ms(deadline))
        await session.wait_beyond(count, deadline)
        await page.evaluate("window.__ecIdleSince = null")  # idle is timed from after the run's end
        await page.wait_for_function(IDLE_CHECK % 0, timeout=_remaining_ms(deadline), polling=10)
        seen, clicked = await page.evaluate("[window.__ecIdleSeen, window.__ecClickAt]")
    except PlaywrightError as err:  # Playwright's TimeoutError is one
        raise ClickTimeout(str(err).splitlines()[0]) from err
    if clicked is None:
        raise ClickTimeout("the browser saw no pointer-down for the click")
    elapsed = (float(seen) - float(clicked)) / 1000
    try:
        await _wait_idle(page, asyncio.get_running_loop().time() + timeout_s)  # settle: not counted
    except PlaywrightError as err:
        raise ClickTimeout("the page did not settle after the click") from err
    return elapsed


async def _target(session: Session) -> tuple[str, Locator] | None:
    """A legal button the page shows (a random bid or card), else what ends the hand or game."""
    page = session.page
    choices = page.locator(CONTROLS).filter(visible=True)
    n = await choices.count()
    if n:
        return "decision", choices.nth(session.rng.randrange(n))
    for key, kind in AFTER_HAND:
        button = page.locator(f".st-key-{key} button").filter(visible=True).first
        if await button.count():
            return kind, button
    return None


async def _server_ms(page: Page) -> float | None:
    mark = page.locator('[data-testid="practice-render-ms"]')
    if not await mark.count():
        return None
    value = await mark.first.get_attribute("data-ms")
    return float(value) if value else None


async def _recover(session: Session, url: str, timeout_s: float) -> None:
    """After a timeout or an empty page: wait for idle, and reload the page if it never comes."""
    try:
        await _wait_idle(session.page, asyncio.get_running_loop().time() + timeout_s)
        if await _target(session) is not None:
            return
    except PlaywrightError:
        pass
    session.reloads += 1
    try:
        await _open(session, url, OPEN_TIMEOUT_S)
    except (PlaywrightError, ClickTimeout):
        pass  # the next click attempt counts as a timeout if the page is still gone


async def _play(session: Session, url: str, clicks: int, think: float, timeout_s: float) -> None:
    """``clicks`` attempts, each a measured click or a counted timeout, with think time between."""
    await asyncio.sleep(session.rng.uniform(0, think))  # a class does not click in step
    attempts = 0
    while attempts < clicks:
        try:
            target = await _target(session)
        except PlaywrightError:
            target = None
        if target is None:
            attempts += 1
            session.timeouts += 1  # nothing to click: counted, never a silent retry loop
            await _recover(session, url, timeout_s)
            continue
        kind, button = target
        attempts += 1
        try:
            seconds = await _click(session, button, timeout_s)
        except ClickTimeout:
            session.timeouts += 1
            await _recover(session, url, timeout_s)
            continue
        session.clicks.append(seconds)
        session.kinds[kind] = session.kinds.get(kind, 0) + 1
        try:
            ms = await _server_ms(session.page)
        except PlaywrightError:
            ms = None
        if ms is not None:
            session.server_ms.append(ms)
        await asyncio.sleep(think * session.rng.uniform(0.5, 1.5))


def _proc_status(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM of a process, in KiB."""
    figures: dict[str, int] = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            figures[name] = int(value.split()[0])
    return figures


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process so far (/proc/PID/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _p95(xs: list[float]) -> float | None:
    if len(xs) < 2:
        return xs[0] if xs else None
    return statistics.quantiles(xs, n=20, method="inclusive")[18]


def _practice_path(seed: int, levels: str) -> str:
    return f"/practice?deal={encode(DealCode(Rules(), seed=seed))}&levels={levels}"


async def _new_session(browser: Browser, index: int, rng_seed: str) -> Session:
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    await context.add_init_script(RUN_COUNTER)
    page = await context.new_page()
    session = Session(index, page, random.Random(rng_seed))
    session.attach()
    return session


async def _round(browser: Browser, base: str, pid: int, n: int, args: argparse.Namespace) -> dict[str, Any]:
    """N sessions open and play at once; the round's figures."""
    sessions = [await _new_session(browser, i, f"{args.seed}:{n}:{i}") for i in range(n)]
    urls = [base + _practice_path(args.seed * 100_000 + n * 100 + i, args.levels) for i in range(n)]
    try:
        opened = await asyncio.gather(
            *(_open(s, u, OPEN_TIMEOUT_S) for s, u in zip(sessions, urls, strict=True)),
            return_exceptions=True,
        )
        failed_opens = sum(isinstance(result, BaseException) for result in opened)
        cpu_before, started = _cpu_seconds(pid), time.perf_counter()
        played = await asyncio.gather(
            *(
                _play(s, u, args.clicks, args.think, args.timeout)
                for s, u in zip(sessions, urls, strict=True)
            ),
            return_exceptions=True,
        )
        wall = time.perf_counter() - started
        cpu = _cpu_seconds(pid) - cpu_before
        memory = _proc_status(pid)  # with the N sessions still open: their state is in the server
    finally:
        for session in sessions:
            await session.page.context.close()
    clicks = [t for s in sessions for t in s.clicks]
    kinds: dict[str, int] = {}
    for s in sessions:
        for kind, count in s.kinds.items():
            kinds[kind] = kinds.get(kind, 0) + count
    server_ms = [ms for s in sessions for ms in s.server_ms]
    opens = [s.open_s for s in sessions if s.open_s is not None]
    return {
        "sessions": n,
        "clicks": len(clicks),
        "timeouts": sum(s.timeouts for s in sessions),
        "reloads": sum(s.reloads for s in sessions),
        "failed_opens": failed_opens,
        "failed_sessions": [
            f"{type(result).__name__}: {result}" for result in played if isinstance(result, BaseException)
        ],
        "kinds": kinds,
        "median_s": round(statistics.median(clicks), 3) if clicks else None,
        "p95_s": round(p95, 3) if (p95 := _p95(clicks)) is not None else None,
        "max_s": round(max(clicks), 3) if clicks else None,
        "server_render_ms_median": round(statistics.median(server_ms), 1) if server_ms else None,
        "page_open_max_s": round(max(opens), 3) if opens else None,
        "server_rss_mib": round(memory.get("VmRSS", 0) / 1024, 1),
        "server_peak_rss_mib": round(memory.get("VmHWM", 0) / 1024, 1),
        "server_cpu_s_per_click": round(cpu / len(clicks), 4) if clicks else None,
        "server_cpu_share": round(cpu / wall, 3) if wall else None,
        "wall_s": round(wall, 1),
        "load_average_1min": round(os.getloadavg()[0], 2),
    }


async def _warm(browser: Browser, base: str, args: argparse.Namespace) -> None:
    """One unmeasured session first, so the server's first imports and caches are not in N = 1."""
    session = await _new_session(browser, -1, f"{args.seed}:warm")
    url = base + _practice_path(args.seed * 100_000 + 99_999, args.levels)
    try:
        await _open(session, url, OPEN_TIMEOUT_S)
        await _play(session, url, 5, 0.0, args.timeout)
    finally:
        await session.page.context.close()


async def _run(base: str, pid: int, args: argparse.Namespace, counts: list[int]) -> list[dict[str, Any]]:
    results = []
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS, headless=True)
        try:
            await _warm(browser, base, args)
            for n in counts:
                print(f"N={n}: opening {n} sessions ... (load average {os.getloadavg()[0]:.2f})", flush=True)
                results.append(await _round(browser, base, pid, n, args))
                _show_row(results[-1])
        finally:
            await browser.close()
    return results


@contextmanager
def _server(log_name: str = "classroom-bench-server") -> Iterator[tuple[str, int]]:
    """The browser tests' server (``streamlit_process``) with a throw-away database: its base URL
    and process id."""
    with (
        tempfile.TemporaryDirectory() as tmp,
        streamlit_process(Path(tmp) / "classroom.sqlite3", log_name) as (url, process),
    ):
        yield url, process.pid


def _fmt(value: float | None, width: int = 7) -> str:
    return f"{value:{width}.3f}" if value is not None else " " * (width - 1) + "-"


HEADER = (
    f"{'N':>3} {'clicks':>6} {'timeouts':>8} {'median s':>8} {'p95 s':>7} {'max s':>7} "
    f"{'RSS MiB':>8} {'peak MiB':>8} {'cpu s/click':>11} {'load 1m':>7}"
)


def _show_row(row: dict[str, Any]) -> None:
    print(HEADER)
    print(_row_text(row), flush=True)


def _row_text(row: dict[str, Any]) -> str:
    return (
        f"{row['sessions']:>3} {row['clicks']:>6} {row['timeouts']:>8} {_fmt(row['median_s'], 8)} "
        f"{_fmt(row['p95_s'])} {_fmt(row['max_s'])} {row['server_rss_mib']:>8.1f} "
        f"{row['server_peak_rss_mib']:>8.1f} {_fmt(row['server_cpu_s_per_click'], 11)} "
        f"{row['load_average_1min']:>7.2f}"
    )


def _sessions(text: str) -> list[int]:
    counts = [int(part) for part in text.split(",") if part.strip()]
    if not counts or min(counts) < 1:
        raise argparse.ArgumentTypeError("a comma-separated list of session counts, each at least 1")
    return counts


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench classroom_bench", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument(
        "--sessions", type=_sessions, default=[1, 5, 10, 20], help="session counts, e.g. 1,5,10,20"
    )
    parser.add_argument("--clicks", type=int, default=20, help="clicks per session")
    parser.add_argument(
        "--think", type=float, default=1.0, help="think time between clicks, seconds (jittered)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seeds the deals and the random choices")
    parser.add_argument("--levels", default="ccc", help="one letter per computer seat: b, c or e")
    parser.add_argument("--timeout", type=float, default=30.0, help="per-click timeout, seconds")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--no-warm-up", action="store_true", help="skip `python -m engine warm-up`")
    args = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        sys.exit(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)")
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # unwinds like Ctrl-C: the server is stopped
    if not args.no_warm_up:
        subprocess.run([sys.executable, "-m", "engine", "warm-up"], cwd=ROOT, check=True, timeout=600)
    load_before = os.getloadavg()[0]
    print(
        f"{os.cpu_count()} CPUs, load average {load_before:.2f} before the server starts; "
        f"clicks={args.clicks} think={args.think}s seed={args.seed} levels={args.levels}",
        flush=True,
    )
    try:
        with _server() as (url, pid):
            results = asyncio.run(_run(url, pid, args, args.sessions))
    except KeyboardInterrupt:
        sys.exit("interrupted: the server and the browser are stopped")
    print("\nclick seconds in the browser, pointer-down until the page is idle again:")
    print(HEADER)
    for row in results:
        print(_row_text(row))
    for row in results:
        extra = [f"{kind} {count}" for kind, count in sorted(row["kinds"].items())]
        for failure in row["failed_sessions"]:
            print(f"N={row['sessions']}: a session stopped early: {failure}")
        print(
            f"N={row['sessions']}: {', '.join(extra)}; reloads {row['reloads']}, failed opens "
            f"{row['failed_opens']}; slowest page open {row['page_open_max_s']} s; server render median "
            f"{row['server_render_ms_median']} ms; server CPU {row['server_cpu_share']} of a core over "
            f"{row['wall_s']} s"
        )
    if args.json:
        report = {
            "settings": {
                "sessions": args.sessions,
                "clicks": args.clicks,
                "think_s": args.think,
                "seed": args.seed,
                "levels": args.levels,
                "timeout_s": args.timeout,
            },
            "cpus": os.cpu_count(),
            "load_average_1min_before": round(load_before, 2),
            "results": results,
        }
        args.json.write_text(json.dumps(report, indent=2) + "\n")
        print(f"figures written to {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
