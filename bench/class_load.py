"""Class mode under load: one teacher and N pupils on Streamlit servers sharing one database, timed
(issues 31 and 40).

    python -m bench class_load [--pupils 30] [--browsers 5] [--questions 5] [--idle 20] [--think 1.0,4.0]
                               [--nice 10] [--seed 1] [--servers 1] [--store sqlite|postgres] [--json out.json]

Runs ``python -m engine warm-up``, starts ``--servers`` ``streamlit run app.py`` processes, each on a
free loopback port, sharing a throw-away database: a SQLite file, or with ``--store postgres`` a
PostgreSQL server of its own (bench/postgres.py, PostgreSQL's default durability). The teacher is on
the first server and the pupils take the servers in turn, as behind a proxy. It opens the teacher's page (1920x1080, present mode) in a headless Chromium,
where the teacher starts a class. The pupils run in a second process started with ``nice -n 10``
(``--worker``), so that they do not starve the server they measure, in two kinds:

- ``--browsers`` of them are Chromium pages (one browser context each, 390x844), each joining by
  the link with a name (Chromium resets its processes' priorities, so the worker puts them back to
  the nice level every second);
- the rest are protocol clients (bench/class_socket.py): one websocket each, speaking Streamlit's
  protocol as the browser's client does (the same script runs on the server, the same messages),
  without a page to lay out and paint. Thirty Chromium pages on the server's own two cores took
  the load average to 17 and measured the browsers more than the server.

Each pupil waits for a question to appear, thinks (a seeded uniform ``--think`` seconds), and taps
one of its cards. The teacher asks ``--questions`` questions ("Find the bower"), waits until every
pupil has answered, reveals, and asks the next.

All times are wall-clock milliseconds (``Date.now()`` in the browsers, ``time.time()`` in the protocol
clients and the database's timestamps: one clock, one machine):

- tap -> count: a pupil's pointer-down to the first moment the projector's count reached that tap's
  rank among the question's taps (the k-th tap is counted when the projector shows k answers);
- next question -> phones: the teacher's pointer-down on "Ask this" to the moment each phone shows
  the question's card buttons (a protocol client: receives them), and per question the last phone;
- server CPU (user + system of the server processes, from /proc/PID/stat, summed; with
  ``--store postgres`` the database server's processes separately) as a share of one core:
  idle with the teacher alone, idle with the N pupils connected and waiting, and during the
  questions; with the idle figure per connected pupil per second. RSS (VmRSS) at the end and its peak (VmHWM).

The machine's 1-minute load average is printed too: read the figures against it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from playwright.async_api import Error as PlaywrightError

from bench.browser import CHROMIUM, CHROMIUM_ARGS, ROOT, new_page, streamlit_process, wait_idle
from bench.class_socket import WAIT, SocketPupil
from bench.classroom_bench import _cpu_seconds, _proc_status
from bench.postgres import postgres_server, postmaster_pid
from store.classes import JOINS_PER_MINUTE

BROWSER_ARGS = CHROMIUM_ARGS + [
    "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
]
# Each page notes, by Date.now(): its pointer-downs, the first moment each question's card
# buttons were on a phone, and each new count the projector showed.
OBSERVER = """
window.__clTaps = []; window.__clSeen = {}; window.__clCounts = [];
document.addEventListener('pointerdown', () => {
  const q = document.querySelector('[data-testid="cl-question"]');
  window.__clTaps.push([q ? Number(q.dataset.number) : 0, Date.now()]);
}, true);
const __clCheck = () => {
  const q = document.querySelector('[data-testid="cl-question"]');
  if (q) {
    const n = q.dataset.number;
    if (!(n in window.__clSeen) && document.querySelector('[class*="st-key-cl_q' + n + '-"] button')) {
      window.__clSeen[n] = Date.now();
    }
  }
  const c = document.querySelector('[data-testid="cl-count"]');
  if (c) {
    const key = c.dataset.number + ':' + c.dataset.count;
    const last = window.__clCounts[window.__clCounts.length - 1];
    if (!last || last[3] !== key) window.__clCounts.push([Number(c.dataset.number), Number(c.dataset.count), Date.now(), key]);
  }
};
new MutationObserver(__clCheck).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
"""
JOIN_TIMEOUT_S = 240.0
NICE = 10  # the pupils' processes: below the server they measure (19 starves them behind other work)
ANSWER_TIMEOUT_S = 120.0
BROWSERS = 5  # pupils in Chromium; the others are bench.class_socket's protocol clients


# ---- the pupils (the --worker process, started with nice -n 10) ------------------------------------


async def _pupil(
    browser: Any,
    url: str,
    code: str,
    index: int,
    questions: int,
    think: tuple[float, float],
    rng: random.Random,
    stop: Path,
) -> dict[str, Any]:
    context = await browser.new_context(viewport={"width": 390, "height": 844})
    await context.add_init_script(OBSERVER)
    page = await context.new_page()
    page.set_default_timeout(JOIN_TIMEOUT_S * 1000)
    await asyncio.sleep(index * JOIN_GAP_S)  # a class arrives over a minute or two, within the join limit
    await page.goto(f"{url}/class?class={code}")
    await page.get_by_label("Your first name").fill(pupil_name(index))
    hello = page.get_by_text(f"Hello {pupil_name(index)}!")
    told = page.get_by_text(WAIT)  # the class's join limit: wait as a pupil would, then press Join again
    while True:
        await page.get_by_role("button", name="Join").click()
        await hello.or_(told).first.wait_for()
        if await hello.count():
            break
        said = WAIT.search(await told.first.inner_text())
        await asyncio.sleep(int(said.group(1)) + 0.5 if said else 5.0)
    missed = 0
    for n in range(1, questions + 1):
        try:
            await page.wait_for_function(
                f"() => Object.keys(window.__clSeen).some(k => Number(k) >= {n})",
                timeout=JOIN_TIMEOUT_S * 1000,
                polling=50,
            )
        except PlaywrightError:
            missed += 1  # this phone never showed the question: its timings so far still count
            continue
        if f"{n}" not in await page.evaluate("window.__clSeen"):
            missed += 1  # a later question came first: this one was revealed before the phone caught up
            continue
        await asyncio.sleep(rng.uniform(*think))
        buttons = page.locator(f'[class*="st-key-cl_q{n}-"]').get_by_role("button").filter(visible=True)
        try:
            await buttons.first.wait_for(timeout=ANSWER_TIMEOUT_S * 1000)  # not between two draws of the page
            count = await buttons.count()
            await buttons.nth(rng.randrange(max(1, count))).click(timeout=ANSWER_TIMEOUT_S * 1000)
            await page.get_by_text("You can change it until the reveal").wait_for(
                timeout=ANSWER_TIMEOUT_S * 1000
            )
        except PlaywrightError as err:  # revealed before this phone could answer: on to the next
            print(f"pupil {index}, question {n}: {str(err).splitlines()[0]}", file=sys.stderr, flush=True)
            missed += 1
    result = {
        "name": pupil_name(index),
        "seen": await page.evaluate("window.__clSeen"),
        "taps": await page.evaluate("window.__clTaps"),
        "missed": missed,
    }
    while not stop.exists():  # stay connected (the page polling) while the teacher measures idle CPU
        await asyncio.sleep(0.5)
    await context.close()
    return result


# The join form refuses names with digits (a script's "bot123") and more than
# store.classes.JOINS_PER_MINUTE pupils a minute, so the bench's pupils are named by letters
# ("Pupil Aa", "Pupil Ab", ...) and arrive that far apart.
JOIN_GAP_S = 60.0 / JOINS_PER_MINUTE + 0.05  # seconds between two pupils joining


def pupil_name(index: int) -> str:
    return f"Pupil {chr(65 + index // 26)}{chr(97 + index % 26)}"


def _descendants(root: int) -> list[int]:
    """Every process below ``root`` (from /proc's parent ids)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, frontier = [], [root]
    while frontier:
        pid = frontier.pop()
        children = [p for p, parent in parents.items() if parent == pid]
        found += children
        frontier += children
    return found


async def _keep_niced(nice: int) -> None:
    """Chromium sets its own processes' priorities (run as root it even raises its browser process
    to nice -8), so ``nice`` on this process does not reach them: put every process below this one
    back to ``nice`` each second."""
    while True:
        for pid in _descendants(os.getpid()):
            try:
                if os.getpriority(os.PRIO_PROCESS, pid) != nice:
                    os.setpriority(os.PRIO_PROCESS, pid, nice)
            except OSError:
                pass  # the process ended meanwhile
        await asyncio.sleep(1.0)


async def _socket_pupil(
    url: str,
    code: str,
    index: int,
    questions: int,
    think: tuple[float, float],
    rng: random.Random,
    stop: Path,
) -> dict[str, Any]:
    await asyncio.sleep(index * JOIN_GAP_S)  # a class arrives over a minute or two, within the join limit
    pupil = SocketPupil(url, f"class={code}")
    return await pupil.session(pupil_name(index), questions, think, rng, stop, JOIN_TIMEOUT_S)


async def _pupils(
    urls: Sequence[str],
    code: str,
    n: int,
    browsers: int,
    questions: int,
    think: tuple[float, float],
    seed: int,
    stop: Path,
    nice: int,
) -> list[Any]:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS, headless=True)
        renice = asyncio.create_task(_keep_niced(nice))
        tasks = [
            (
                _pupil(
                    browser,
                    urls[i % len(urls)],
                    code,
                    i + 1,
                    questions,
                    think,
                    random.Random(f"{seed}:{i}"),
                    stop,
                )
                if i < browsers
                else _socket_pupil(
                    urls[i % len(urls)], code, i + 1, questions, think, random.Random(f"{seed}:{i}"), stop
                )
            )
            for i in range(n)
        ]
        results = await asyncio.gather(*tasks, return_exceptions=True)
        renice.cancel()
        await browser.close()
    return [r if isinstance(r, dict) else {"error": repr(r)} for r in results]


def worker(args: argparse.Namespace) -> int:
    think = tuple(float(x) for x in args.think.split(","))
    results = asyncio.run(
        _pupils(
            args.url.split(","),
            args.code,
            args.pupils,
            args.browsers,
            args.questions,
            (think[0], think[1]),
            args.seed,
            Path(args.out + ".stop"),
            args.nice,
        )
    )
    Path(args.out).write_text(json.dumps(results))
    return 0


# ---- the teacher and the measurements ---------------------------------------------------------------


def _cpu(pids: Sequence[int]) -> float:
    """CPU seconds of the processes ``pids`` (the Streamlit servers) and, for a negative pid, of that
    process's children too (the database server: a process per connection)."""
    total = 0.0
    for pid in pids:
        for one in [abs(pid), *(_descendants(abs(pid)) if pid < 0 else [])]:
            try:
                total += _cpu_seconds(one)
            except (OSError, ValueError, IndexError):
                pass  # a connection's process ended meanwhile
    return total


def _rss_mb(pids: Sequence[int]) -> tuple[float, float]:
    """The servers' resident memory now and at its peak (VmRSS, VmHWM), summed, in MiB."""
    statuses = [_proc_status(pid) for pid in pids]
    return sum(s.get("VmRSS", 0) for s in statuses) / 1024, sum(s.get("VmHWM", 0) for s in statuses) / 1024


def _share(pids: Sequence[int], seconds: float, database: int = 0) -> tuple[float, float]:
    """The servers' CPU and the database server's (``database``: its pid, 0 for none) over
    ``seconds`` of wall time, each as a share of one core."""
    before, db_before, start = _cpu(pids), _cpu([-database] if database else []), time.monotonic()
    time.sleep(seconds)
    wall = time.monotonic() - start
    return (_cpu(pids) - before) / wall, (_cpu([-database] if database else []) - db_before) / wall


def _p95(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(0.95 * len(ordered)) - 1))] if ordered else float("nan")


def _figures(name: str, values: Sequence[float]) -> str:
    if not values:
        return f"{name}: no samples"
    return (
        f"{name}: n={len(values)}  median {statistics.median(values):.2f} s  p95 {_p95(values):.2f} s  "
        f"max {max(values):.2f} s"
    )


def _tap_to_count(pupils: list[dict[str, Any]], counts: list[list[Any]]) -> list[float]:
    """Per tap: seconds until the projector first showed at least the tap's rank as its count."""
    delays: list[float] = []
    numbers = {int(n) for n, _, _, _ in counts}
    for n in numbers:
        taps = sorted(t for p in pupils for q, t in p.get("taps", []) if q == n)
        shown = [(int(c), float(at)) for q, c, at, _ in counts if q == n]
        for rank, tap in enumerate(taps, start=1):
            when = min((at for c, at in shown if c >= rank and at >= tap), default=None)
            if when is not None:
                delays.append((when - tap) / 1000)
    return delays


def _server_side(
    out: dict[str, Any],
    db: Path | str,
    code: str,
    asks: dict[int, float],
    pupils: list[dict[str, Any]],
    counts: list[list[Any]],
) -> None:
    """The same paths cut at the server's own timestamps (the database's answer and question
    times, the same clock as the browsers' Date.now()): what the pupils' starved browser adds, and
    what the server and the projector take."""
    from store import classes

    saved = classes.answers(code, path=db)
    opened = {q.number: q.opened for q in classes.questions(code, path=db)}
    taps = {(p["name"], int(n)): float(t) / 1000 for p in pupils if "name" in p for n, t in p.get("taps", [])}
    out["tap_to_saved_s"] = [a.at - taps[(a.name, a.number)] for a in saved if (a.name, a.number) in taps]
    to_count: list[float] = []
    for n in opened:
        times = sorted(a.at for a in saved if a.number == n)
        shown = [(int(c), float(at) / 1000) for q, c, at, _ in counts if q == n]
        for rank, at in enumerate(times, start=1):
            when = min((t for c, t in shown if c >= rank and t >= at), default=None)
            if when is not None:
                to_count.append(when - at)
    out["saved_to_count_s"] = to_count
    out["click_to_opened_s"] = [opened[n] - asks[n] / 1000 for n in asks if n in opened]
    out["opened_to_phone_s"] = [
        float(p["seen"][str(n)]) / 1000 - opened[n]
        for p in pupils
        if "seen" in p
        for n in opened
        if str(n) in p["seen"]
    ]


def run(args: argparse.Namespace) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    subprocess.run([sys.executable, "-m", "engine", "warm-up"], cwd=ROOT, check=True, timeout=900)
    tmp = Path(tempfile.mkdtemp(prefix="class-load-"))
    out: dict[str, Any] = {
        "pupils": args.pupils,
        "questions": args.questions,
        "nice": args.nice,
        "browsers": min(args.browsers, args.pupils),
        "servers": args.servers,
        "store": args.store,
        "load_average_1min_start": os.getloadavg()[0],
    }
    with ExitStack() as stack:
        db: Path | str = tmp / "coach.sqlite3"
        database = 0
        if args.store == "postgres":
            db = stack.enter_context(postgres_server(durable=True))
            database = postmaster_pid(db)
        servers = [
            stack.enter_context(streamlit_process(db, f"class-load-server-{k}")) for k in range(args.servers)
        ]
        urls = [url for url, _ in servers]
        pids = [server.pid for _, server in servers]
        playwright = stack.enter_context(sync_playwright())
        _measured(args, out, tmp, db, urls, pids, database, playwright)
    return out


def _start_class(teacher: Any, url: str) -> str:
    """Start a class on the projector's page; its join code (its secret kept by this browser)."""
    teacher.add_init_script(OBSERVER)
    teacher.goto(url + "/class?present=1")
    wait_idle(teacher)
    teacher.get_by_role("button", name="Start a class").click()
    teacher.wait_for_function("() => location.search.includes('class=')")
    teacher.get_by_text("Join code:").wait_for()
    code: str = teacher.url.split("class=")[1].split("&")[0]
    teacher.reload()
    wait_idle(teacher)
    return code


def _pupils_command(args: argparse.Namespace, urls: list[str], code: str, pupils_file: Path) -> list[str]:
    """The worker process that plays the pupils (``--worker``), at ``args.nice``."""
    return [
        "nice", "-n", str(args.nice), sys.executable, "-m", "bench", "class_load", "--worker",
        "--url", ",".join(urls), "--code", code, "--pupils", str(args.pupils),
        "--questions", str(args.questions), "--think", args.think, "--browsers", str(args.browsers),
        "--nice", str(args.nice), "--seed", str(args.seed), "--out", str(pupils_file),
    ]  # fmt: skip


def _ask_all(teacher: Any, args: argparse.Namespace) -> tuple[dict[int, float], list[int]]:
    """Ask ``args.questions`` questions, wait for every answer (or ``ANSWER_TIMEOUT_S``), reveal
    each: when each was asked (the page's clock, ms) and those revealed with answers missing."""
    asks: dict[int, float] = {}
    late: list[int] = []
    for n in range(1, args.questions + 1):
        wait_idle(teacher)
        teacher.get_by_role("button", name="Ask this").click()
        count = f'[data-testid="cl-count"][data-number="{n}"]'
        teacher.locator(count).wait_for(timeout=60_000)
        asks[n] = float(teacher.evaluate("window.__clTaps[window.__clTaps.length - 1][1]"))
        try:
            teacher.locator(f'{count}[data-count="{args.pupils}"]').wait_for(timeout=ANSWER_TIMEOUT_S * 1000)
        except PlaywrightError:
            late.append(n)  # revealed with answers missing: the phones were too slow
        shown = teacher.locator(count).get_attribute("data-count")
        print(f"question {n}: {shown} of {args.pupils} answered", file=sys.stderr, flush=True)
        time.sleep(1.0)
        teacher.get_by_role("button", name="Reveal").click()
        teacher.locator('[data-testid="cl-tally"]').wait_for(timeout=60_000)
        time.sleep(2.0)
    return asks, late


def _reach(pupils: list[dict[str, Any]], asks: dict[int, float], socket: bool | None = None) -> list[float]:
    """Seconds from each question asked to each phone showing it (``socket``: only the protocol
    clients, or only the browsers; None: all)."""
    return [
        (float(p["seen"][str(n)]) - asks[n]) / 1000
        for p in pupils
        if "seen" in p and (socket is None or bool(p.get("socket")) == socket)
        for n in asks
        if str(n) in p["seen"]
    ]


def _measured(
    args: argparse.Namespace,
    out: dict[str, Any],
    tmp: Path,
    db: Path | str,
    urls: list[str],
    pids: list[int],
    database: int,
    playwright: Any,
) -> None:
    url = urls[0]  # the teacher's server
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS, headless=True)
    with new_page(browser, url, 1920, 1080) as teacher:
        code = _start_class(teacher, url)
        out["idle_teacher_only_cpu"], out["idle_teacher_only_db_cpu"] = _share(pids, args.idle / 2, database)
        pupils_file = tmp / "pupils.json"
        pupils_proc = subprocess.Popen(_pupils_command(args, urls, code, pupils_file), cwd=ROOT)
        teacher.locator('[data-testid="cl-joined"]', has_text=f"{args.pupils} joined").wait_for(
            timeout=JOIN_TIMEOUT_S * 1000
        )
        print(f"{args.pupils} pupils joined", file=sys.stderr, flush=True)
        time.sleep(3)  # the last joins settle
        out["idle_with_pupils_cpu"], out["idle_with_pupils_db_cpu"] = _share(pids, args.idle, database)
        cpu_before, wall_before = _cpu(pids), time.monotonic()
        asks, late = _ask_all(teacher, args)
        out["questions_cpu"] = (_cpu(pids) - cpu_before) / (time.monotonic() - wall_before)
        counts = teacher.evaluate("window.__clCounts")
        # every phone on the reveal, polling
        out["idle_after_cpu"], out["idle_after_db_cpu"] = _share(pids, args.idle, database)
        Path(str(pupils_file) + ".stop").touch()
        pupils_proc.wait(timeout=300)
        out["rss_mb"], out["peak_rss_mb"] = _rss_mb(pids)
    browser.close()
    pupils = json.loads(pupils_file.read_text())
    out["pupil_errors"] = [p["error"] for p in pupils if "error" in p]
    out["tap_to_count_s"] = _tap_to_count([p for p in pupils if "error" not in p], counts)
    out["next_to_phone_s"] = _reach(pupils, asks)
    out["next_to_phone_browser_s"] = _reach(pupils, asks, socket=False)
    out["next_to_phone_socket_s"] = _reach(pupils, asks, socket=True)
    out["next_to_every_phone_s"] = [
        max(
            (float(p["seen"][str(n)]) - asks[n]) / 1000 for p in pupils if "seen" in p and str(n) in p["seen"]
        )
        for n in asks
    ]
    _server_side(out, db, code, asks, pupils, counts)
    out["late_questions"] = late
    out["missed_answers"] = sum(int(p.get("missed", 0)) for p in pupils)
    out["load_average_1min"] = os.getloadavg()[0]


def report(out: dict[str, Any]) -> None:
    n = out["pupils"]
    servers = out.get("servers", 1)
    print(
        f"class_load: 1 teacher, {n} pupils ({out['browsers']} in Chromium at nice {out['nice']}, "
        f"{n - out['browsers']} over the protocol), {out['questions']} questions, "
        f"{servers} server{'s' if servers > 1 else ''} on {out.get('store', 'sqlite')}"
    )
    print(_figures("tap -> count on the projector", out["tap_to_count_s"]))
    print(_figures("next question -> a phone shows it", out["next_to_phone_s"]))
    print("  " + _figures("in Chromium (drawn)", out["next_to_phone_browser_s"]))
    print("  " + _figures("over the protocol (the buttons received)", out["next_to_phone_socket_s"]))
    print(_figures("next question -> the last phone shows it", out["next_to_every_phone_s"]))
    print("  the same, cut at the server's timestamps:")
    print(
        "  "
        + _figures(
            "tap -> answer saved (the pupil's browser, the network, the server)", out["tap_to_saved_s"]
        )
    )
    print(
        "  "
        + _figures(
            "answer saved -> count on the projector (the poll, the projector)", out["saved_to_count_s"]
        )
    )
    print(
        "  "
        + _figures("'Ask this' -> question saved (the teacher's run, the engine)", out["click_to_opened_s"])
    )
    print(
        "  "
        + _figures(
            "question saved -> a phone shows it (the poll, the pupil's browser)", out["opened_to_phone_s"]
        )
    )
    print(f"server CPU, idle, teacher only: {100 * out['idle_teacher_only_cpu']:.1f}% of one core")
    idle = out["idle_with_pupils_cpu"]
    print(
        f"server CPU, idle, {n} pupils waiting: {100 * idle:.1f}% of one core "
        f"({100 * (idle - out['idle_teacher_only_cpu']) / n:.2f}% per pupil, i.e. "
        f"{1000 * (idle - out['idle_teacher_only_cpu']) / n:.1f} ms CPU per pupil per second)"
    )
    print(
        f"server CPU, idle after the last reveal ({n} phones showing it): {100 * out['idle_after_cpu']:.1f}% of one core"
    )
    print(f"server CPU during the questions: {100 * out['questions_cpu']:.1f}% of one core")
    if out.get("store") == "postgres":
        print(
            "database server CPU (PostgreSQL, every process): idle, teacher only "
            f"{100 * out['idle_teacher_only_db_cpu']:.1f}%, {n} pupils waiting {100 * out['idle_with_pupils_db_cpu']:.1f}% "
            f"({1000 * (out['idle_with_pupils_db_cpu'] - out['idle_teacher_only_db_cpu']) / n:.1f} ms CPU per pupil "
            f"per second), after the last reveal {100 * out['idle_after_db_cpu']:.1f}% of one core"
        )
    print(f"server RSS: {out['rss_mb']:.0f} MiB at the end, peak {out['peak_rss_mb']:.0f} MiB")
    print(
        f"pupils that failed: {len(out['pupil_errors'])}"
        + (f" ({out['pupil_errors'][0]})" if out["pupil_errors"] else "")
    )
    print(
        f"questions revealed before every pupil answered: {out['late_questions']}; "
        f"answers missed: {out['missed_answers']}"
    )
    print(
        f"load average (1 min): {out['load_average_1min_start']:.2f} at the start, "
        f"{out['load_average_1min']:.2f} at the end (on {os.cpu_count()} cores)"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench class_load", description=__doc__.split("\n\n")[0])
    parser.add_argument("--pupils", type=int, default=30)
    parser.add_argument("--questions", type=int, default=5)
    parser.add_argument("--idle", type=float, default=20.0, help="seconds of each idle CPU measurement")
    parser.add_argument(
        "--think", default="1.0,4.0", help="a pupil's thinking time before a tap: low,high seconds"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--browsers",
        type=int,
        default=BROWSERS,
        help="how many of the pupils are Chromium pages (the rest speak Streamlit's protocol: bench/class_socket.py)",
    )
    parser.add_argument("--nice", type=int, default=NICE, help="the pupils' processes' priority (0 to 19)")
    parser.add_argument("--servers", type=int, default=1, help="Streamlit servers sharing the database")
    parser.add_argument(
        "--store", choices=("sqlite", "postgres"), default="sqlite", help="the database the servers share"
    )
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    parser.add_argument("--code", help=argparse.SUPPRESS)
    parser.add_argument("--out", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return worker(args)
    out = run(args)
    report(out)
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=2))
    return 0
