"""Tables of people on screens: a card played, then on the other people's browsers; the teacher's
glance of the class's tables; a pause and a take-back on the players' screens (issue 54's load
and teacher targets, with real pages drawing).

    python -m bench tables_screens [--tables 8] [--watched 1] [--hands 2] [--seed 1] [--json out.json]

The app runs as it does for a class (``streamlit run app.py`` on a throw-away SQLite file). The bench
starts a class (``classroom.service.Teacher``), opens ``--tables`` tables for it with four seats
for pupils each (``multiplayer.service.open_class_tables``) and seats four people at every table,
each a thread doing what a person's page does (``bench.tables_load``: read every second, tap a
seeded legal move when it is theirs). At ``--watched`` of the tables, the four people also have
their page open in Chromium (a phone's 390x844, the seat's cookie), and the teacher has the class
page open (1920x1080, the teacher's cookie) with the glance of every table. The Chromium processes
run at ``nice 10``, below the server they measure: pupils' phones are not the server's machine.

Measured, every time from the store's log (the moment the service received the tap) on the same
clock as the pages' (``Date.now()``, one machine), by a MutationObserver in each page that notes
when a version is first drawn:

- tap -> each other person's browser: the people's table (``data-version`` of ``people-table``);
- tap -> the teacher's glance of that table (``data-glance`` rows of the class page), every table;
- after the play: the teacher (``service.set_paused``, ``service.take_back``) pauses each watched
  table and takes back its last trick; the time from each change until each of the four pages
  shows it (the table's ``data-paused``, then the new version).

The protocol people's own figures (tap -> their next read) are ``bench.tables_load``'s and are
printed too; lost and doubled actions are checked against the store's log there.
"""

from __future__ import annotations

import argparse
import os
import stat
import tempfile
import time
from collections.abc import Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from bench.browser import CHROMIUM, CHROMIUM_ARGS, streamlit_process, wait_idle
from bench.tables_load import HANDS, Person, _figures, account, finish, play_people, seat_people
from classroom.service import Teacher
from engine.core.rules import Rules
from multiplayer import service
from store import people_tables
from store.backend import Location

PAGE_WAIT_MS = 120_000  # a page's first draw on a busy machine
CHANGE_WAIT_S = 20.0  # the longest the bench waits for a pause or take-back to show on every page
POLL = (
    0.5  # seconds between two reads by a protocol person: a seated page's (views.tables.seated.FOLLOW_EVERY)
)
OBSERVER = """
window.__ecSeen = {}; window.__ecPaused = {}; window.__ecGlance = {};
const __ecLook = () => {
  const now = Date.now();
  for (const t of document.querySelectorAll('[data-testid="people-table"]')) {
    if (!(t.dataset.version in window.__ecSeen)) window.__ecSeen[t.dataset.version] = now;
    if (t.dataset.paused === '1' && !(t.dataset.version in window.__ecPaused)) window.__ecPaused[t.dataset.version] = now;
  }
  for (const g of document.querySelectorAll('[data-glance]')) {
    const key = g.dataset.glance + ':' + g.dataset.version;
    if (!(key in window.__ecGlance)) window.__ecGlance[key] = now;
  }
};
new MutationObserver(__ecLook).observe(document, {subtree: true, childList: true, attributes: true});
"""


def _niced_chromium(folder: Path) -> str:
    """A launcher that runs Chromium at ``nice 10`` (Playwright starts what it is given)."""
    script = folder / "chromium-nice"
    script.write_text(f'#!/bin/sh\nexec nice -n 10 {CHROMIUM} "$@"\n')
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return str(script)


def _page(browser: Any, url: str, size: tuple[int, int], cookie: str, path: str) -> Any:
    """A page of its own browser context at ``size``, holding ``cookie`` ("name=value"), opened at ``path``."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    name, value = cookie.split("=", 1)
    context.add_cookies([{"name": name, "value": value, "domain": "127.0.0.1", "path": "/"}])
    context.add_init_script(OBSERVER)
    page = context.new_page()
    page.set_default_timeout(PAGE_WAIT_MS)
    page.goto(url + path)
    return page


def _seen_ms(page: Any, name: str, table: str = "") -> dict[str, float]:
    """When ``page`` first drew each version (``name``: the page's record; ``table``: the glance's
    rows of that table, keyed "code:version")."""
    seen = dict(page.evaluate(f"window.{name}"))
    if table:
        return {k.split(":")[1]: v / 1000 for k, v in seen.items() if k.split(":")[0] == table}
    return {k: v / 1000 for k, v in seen.items()}


def _first_at_or_past(seen: dict[str, float], version: int) -> float | None:
    """When the page first drew a version at or past ``version`` (None: never)."""
    times = [at for v, at in seen.items() if int(v) >= version]
    return min(times) if times else None


def _screens(
    db: Location, codes: Sequence[str], pages: dict[str, list[tuple[int, Any]]], teacher: Any
) -> dict[str, Any]:
    """Tap -> other browsers, and tap -> the teacher's glance, from the store's log."""
    to_browser: list[float] = []
    to_glance: list[float] = []
    missed = 0
    for code in codes:
        drawn = {seat: _seen_ms(page, "__ecSeen") for seat, page in pages.get(code, [])}
        by_table = _seen_ms(teacher, "__ecGlance", code)
        for row in people_tables.log(code, path=db):
            if row.action == "sit" or row.by != "person":
                continue
            for seat, seen in drawn.items():
                if seat == row.seat:
                    continue
                at = _first_at_or_past(seen, row.version)
                if at is None:
                    missed += 1
                else:
                    to_browser.append(at - row.at)
            at = _first_at_or_past(by_table, row.version)
            if at is None:
                missed += 1
            else:
                to_glance.append(at - row.at)
    return {"tap_to_browser_s": to_browser, "tap_to_glance_s": to_glance, "never_drawn": missed}


def _wait_all(pages: list[Any], name: str, version: int, since: float, table: str = "") -> list[float]:
    """Seconds from ``since`` until each page drew ``name`` at ``version`` or past it (``table``:
    that table's row of the glance)."""
    waits: list[float] = []
    deadline = time.time() + CHANGE_WAIT_S
    for page in pages:
        while True:
            at = _first_at_or_past(_seen_ms(page, name, table), version)
            if at is not None:
                waits.append(at - since)
                break
            if time.time() > deadline:
                waits.append(float("inf"))
                break
            page.wait_for_timeout(50)
    return waits


def _teacher_changes(db: Location, secret: str, pages: dict[str, list[tuple[int, Any]]]) -> dict[str, Any]:
    """Pause each watched table, then take back its last trick: seconds until every page shows it."""
    paused: list[float] = []
    taken: list[float] = []
    for code, seated in pages.items():
        browsers = [page for _, page in seated]
        before = service.load_table(code, path=db).version
        since = time.time()
        service.set_paused(code, secret, True, path=db)
        paused += _wait_all(browsers, "__ecPaused", before + 1, since)
        version = service.load_table(code, path=db).version
        since = time.time()
        service.take_back(code, secret, version, path=db)
        taken += _wait_all(browsers, "__ecSeen", version + 1, since)
    return {"pause_to_players_s": paused, "take_back_to_players_s": taken}


def run(args: argparse.Namespace) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    from bench.class_load import _cpu

    folder = Path(tempfile.mkdtemp(prefix="tables-screens-"))
    db: Location = folder / "coach.sqlite3"
    teacher_of = Teacher.start(path=db)
    codes = service.open_class_tables(
        teacher_of.code, teacher_of.secret, args.tables, Rules(), 4, "club", False, path=db
    )
    persons: list[Person] = seat_people(db, codes, 4, args.seed)
    with ExitStack() as stack:
        url, server = stack.enter_context(streamlit_process(db, "tables-screens-server"))
        playwright = stack.enter_context(sync_playwright())
        browser = playwright.chromium.launch(executable_path=_niced_chromium(folder), args=CHROMIUM_ARGS)
        stack.callback(browser.close)
        class_code = teacher_of.code
        teacher = _page(
            browser,
            url,
            (1920, 1080),
            f"ec_teacher_{class_code}={teacher_of.secret}",
            f"/class?class={class_code}",
        )
        pages: dict[str, list[tuple[int, Any]]] = {}
        for p in persons:
            if p.table.code in codes[: args.watched]:
                code = p.table.code
                page = _page(browser, url, (390, 844), f"ec_table_{code}={p.key}", f"/tables?table={code}")
                pages.setdefault(code, []).append((p.seat, page))
        for page in [teacher, *(pg for seated in pages.values() for _, pg in seated)]:
            wait_idle(page, timeout_ms=PAGE_WAIT_MS)
        teacher.locator("[data-glance]").first.wait_for(state="attached")
        load = os.getloadavg()[0]
        cpu, own, wall = _cpu([server.pid]), time.process_time(), time.monotonic()
        played = play_people(db, persons, args.hands, None, POLL)
        wall = time.monotonic() - wall
        out: dict[str, Any] = {
            "server_cpu": (_cpu([server.pid]) - cpu) / wall,
            "service_cpu": (time.process_time() - own) / wall,
        }
        out.update(account(db, played))
        for code in codes:  # the last taps drawn everywhere before the figures are read
            final = service.load_table(code, path=db).version
            _wait_all([page for _, page in pages.get(code, [])], "__ecSeen", final, time.time())
            _wait_all([teacher], "__ecGlance", final, time.time(), code)
        out.update(_screens(db, codes, pages, teacher))
        out.update(_teacher_changes(db, teacher_of.secret, pages))
        out.update(
            {
                "watched": args.watched,
                "load_average_1min_start": load,
                "load_average_1min": os.getloadavg()[0],
                "seed": args.seed,
            }
        )
    return out


def report(out: dict[str, Any]) -> None:
    print(
        f"tables_screens: {out['tables']} tables of 4 people, {out['watched']} of them also in Chromium "
        f"({4 * out['watched']} pages) and the teacher's glance; {out['hands']} hands in {out['seconds']:.0f} s"
    )
    print(_figures("tap -> each other person's browser", out["tap_to_browser_s"]))
    print(_figures("tap -> the teacher's glance of that table", out["tap_to_glance_s"]))
    print(_figures("tap -> each other protocol person's read", out["tap_to_screen_s"]))
    print(_figures("pause -> each player's screen", out["pause_to_players_s"]))
    print(_figures("take back -> each player's screen", out["take_back_to_players_s"]))
    print(
        f"taps sent {out['sent']:,}, accepted {out['accepted']:,}, refused {sum(out['refused'].values()):,}, "
        f"failed {len(out['failed'])}; lost {len(out['lost'])}, doubled {len(out['doubled'])}, "
        f"version gaps {len(out['version_gaps'])}; drawn never: {out['never_drawn']}"
    )
    print(
        f"CPU, as a share of one core: the Streamlit server {100 * out['server_cpu']:.0f}%, the protocol "
        f"people's service calls {100 * out['service_cpu']:.0f}%; load average (1 min) "
        f"{out['load_average_1min_start']:.2f} at the start, {out['load_average_1min']:.2f} at the end "
        f"(on {os.cpu_count()} cores)"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench tables_screens", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument(
        "--watched", type=int, default=1, help="tables whose four people are also in Chromium"
    )
    parser.add_argument("--hands", type=int, default=HANDS, help="hands each table plays")
    return finish(parser, run, report, argv)


if __name__ == "__main__":
    raise SystemExit(main())
