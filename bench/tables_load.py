"""Tables of people under load: how long a card played takes to reach the other three screens, and
whether any action is lost or doubled (issue 54's load target).

    python -m bench tables_load [--tables 8] [--people 4] [--hands 3 | --seconds S] [--poll 0.5]
                                [--db sqlite|postgres] [--seed 1] [--json out.json]

One process plays the server: it opens ``--tables`` tables of four person's seats on a throw-away
database (a SQLite file, or with ``--db postgres`` a PostgreSQL server of its own, bench/postgres.py,
PostgreSQL's default durability), seats ``--people`` people at each (the other seats stay computers
of the club level), and runs one thread per person that does what the person's page does
(views/tables/seated.py): every ``--poll`` seconds (the page's fragment: 0.5 s) it reads the seat's
page data through ``multiplayer.service.read``, and when that data offers the seat a move (its turn,
or "next hand" between hands) it plays one at once, a seeded choice among the legal actions, with
the version it read (``multiplayer.service.play``). A refused tap (a stale page: another person
dealt the next hand first) is counted and never sent again; the page reads on. Each thread's reads
start at a seeded moment within the first poll, as pages opened at different moments do. After
``--hands`` hands a table stops at its last trick (with ``--seconds``: no hand is dealt after that
time). No browser: the figures are the server's and the poll's, not a phone's drawing.

Measured, on one clock (``time.time()``, one machine):

- tap -> a screen: for every action a person took (the store's log: its time is the moment the
  service received the tap, before the change was written), the time until each of the other
  people at the table first read a version at or past it;
- the same from the moment the tapping person's ``play`` answered (the change was committed by then);
- a read's own time (``service.read``: load, replay, answer), and the process's CPU (with
  PostgreSQL the database server's too) as a share of one core;
- taps sent, accepted, refused (by kind) and failed; and from the store's log (not the threads'
  counts): every accepted tap stored once at the version after the one it named (lost: an accepted
  tap not in the log; doubled: a person's action in the log no accepted tap accounts for, or one
  claimed twice), and each table's versions 1..N each once, N its version at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core.rules import Rules
from multiplayer import service
from multiplayer.table import PERSON, StalePage, TableError
from store import people_tables
from store.backend import Location

NAMES = ("Ann", "Bob", "Cy", "Dee")
LEVEL = "club"  # the computer in a seat no person takes
HANDS = 3
STOP_AFTER_S = 180.0  # seconds a table may go on past what its hands should take before the bench gives up


@dataclass
class TableRun:
    """One table's shared state among its people's threads: for each version at which a hand
    ended, whether the table deals on (the first thread to see it decides, so all agree)."""

    code: str
    hands: int
    until: float
    ends: dict[int, bool] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def deal_on(self, version: int) -> bool:
        with self.lock:
            if version not in self.ends:
                self.ends[version] = len(self.ends) + 1 < self.hands and time.time() < self.until
            return self.ends[version]


@dataclass
class Person:
    """One person's thread: what it read and tapped."""

    table: TableRun
    seat: int
    key: str
    rng: random.Random
    seen: dict[int, float] = field(default_factory=dict)  # version -> when first read
    reads: list[float] = field(default_factory=list)  # seconds per service.read
    accepted: list[tuple[int, str, float, int]] = field(
        default_factory=list
    )  # (version, move, answered, new)
    sent: int = 0
    refused: Counter[str] = field(default_factory=Counter)
    failed: list[str] = field(default_factory=list)
    finished: bool = False
    last: int = 0

    def saw(self, version: int, at: float) -> None:
        for v in range(self.last + 1, version + 1):
            self.seen[v] = at
        self.last = max(self.last, version)


def _person(p: Person, db: Location, poll: float, give_up: float, start: float) -> None:
    due = start + p.rng.uniform(0.0, poll)
    code = p.table.code
    while time.time() < give_up:
        time.sleep(max(0.0, due - time.time()))
        began = time.time()
        try:
            data = service.read(code, p.key, path=db)
        except service.StoreError as err:
            p.failed.append(f"read: {err}")
            data = None
        read = time.time()
        if data is not None:
            p.reads.append(read - began)
            p.saw(int(data["version"]), read)
            if data["game_over"] or (data["between_hands"] and not p.table.deal_on(int(data["version"]))):
                p.finished = True
                return
            if data["legal"] and (data["to_act"] == p.seat or data["between_hands"]):
                _tap(p, db, int(data["version"]), p.rng.choice(sorted(data["legal"])))
        due += poll
        while due < time.time():  # a read slower than the poll: the page's next tick, as a timer does
            due += poll


def _tap(p: Person, db: Location, version: int, move: str) -> None:
    p.sent += 1
    try:
        after = service.play(p.table.code, p.key, version, move, path=db)
    except StalePage:
        p.refused["stale page"] += 1
    except TableError as err:
        p.refused[type(err).__name__] += 1
    except service.StoreError as err:
        p.failed.append(f"play: {err}")
    else:
        answered = time.time()
        p.accepted.append((version, move, answered, int(after["version"])))
        p.saw(int(after["version"]), answered)


@dataclass
class Played:
    """A run: the tables' codes and every person's record."""

    tables: list[TableRun]
    people: list[Person]
    seconds: float


def play_tables(
    db: Location,
    tables: int = 8,
    people: int = 4,
    hands: int = HANDS,
    seconds: float | None = None,
    poll: float = 1.0,
    seed: int = 1,
) -> Played:
    """Open ``tables`` tables on ``db``, seat ``people`` people at each and let their threads play
    (module docstring); returns once every person has seen their table's end (or the bench gave up)."""
    if not 1 <= people <= 4:
        raise ValueError("a table seats 1 to 4 people")
    codes = [
        service.open_table(
            Rules(), [None] * people + [LEVEL] * (4 - people), path=db, seed=seed * 1000 + t
        ).code
        for t in range(tables)
    ]
    return play_people(db, seat_people(db, codes, people, seed), hands, seconds, poll)


def seat_people(db: Location, codes: Sequence[str], people: int, seed: int) -> list[Person]:
    """``people`` people joined at each of the open tables ``codes`` (seats 0, 1, ...; South and
    North first at a class's table, ``service.PUPIL_SEATS``), each with a seeded key and choices."""
    persons: list[Person] = []
    for t, code in enumerate(codes):
        run = TableRun(code, 0, float("inf"))
        for s in range(people):
            key = f"bench-{seed}-table{t}-seat{s}-key"
            seat = service.join(code, NAMES[s], key, path=db)
            persons.append(Person(run, seat, key, random.Random(f"{seed}:{t}:{s}")))
    return persons


def play_people(
    db: Location, persons: list[Person], hands: int = HANDS, seconds: float | None = None, poll: float = 1.0
) -> Played:
    """Let the seated ``persons`` play (a thread each) ``hands`` hands, or for ``seconds``."""
    start = time.time()
    runs = list({id(p.table): p.table for p in persons}.values())
    for run in runs:
        run.hands = hands if seconds is None else 10**9
        run.until = start + seconds if seconds is not None else float("inf")
    give_up = start + (seconds if seconds is not None else hands * 60.0 * poll) + STOP_AFTER_S
    threads = [
        threading.Thread(target=_person, args=(p, db, poll, give_up, start), daemon=True) for p in persons
    ]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    return Played(runs, persons, time.time() - start)


def _p95(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(0.95 * len(ordered)) - 1))] if ordered else float("nan")


def _checked(db: Location, run: TableRun, mine: list[Person], out: dict[str, Any]) -> tuple[int, int]:
    """One table's log against its people's accepted taps (into ``out``); its people's actions and
    steps in the log."""
    rows = people_tables.log(run.code, path=db)
    final = service.load_table(run.code, path=db).version
    versions = [r.version for r in rows]
    out["version_repeats"] += [f"{run.code}:{v}" for v, n in Counter(versions).items() if n > 1]
    out["version_gaps"] += [f"{run.code}:{v}" for v in range(1, final + 1) if v not in set(versions)]
    out["version_gaps"] += [f"{run.code}:{v} past the end" for v in versions if v > final]
    at = {r.version: r for r in rows}
    actions = {r.version: r for r in rows if r.by == PERSON and r.action != "sit"}
    claimed: Counter[int] = Counter()
    for p in mine:
        for version, move, answered, new in p.accepted:
            row = at.get(version + 1)
            if row is None or (row.seat, row.by, row.action) != (p.seat, PERSON, move) or new < version + 1:
                out["lost"].append(f"{run.code}: seat {p.seat} {move} after version {version}")
                continue
            claimed[version + 1] += 1
            out["answer_to_screen_s"] += [
                o.seen[version + 1] - answered for o in mine if o is not p and version + 1 in o.seen
            ]
    out["doubled"] += [f"{run.code}:{v}" for v, n in claimed.items() if n > 1]
    out["doubled"] += [f"{run.code}:{v} ({actions[v].action})" for v in actions if v not in claimed]
    for v, row in actions.items():
        for other in mine:
            if other.seat == row.seat:
                continue
            if v in other.seen:
                out["tap_to_screen_s"].append(other.seen[v] - row.at)
            else:
                out["never_seen"] += 1
    return len(actions), len(rows)


def account(db: Location, played: Played) -> dict[str, Any]:
    """The run's figures, its actions checked against the store's log (module docstring)."""
    out: dict[str, Any] = {"lost": [], "doubled": [], "version_gaps": [], "version_repeats": []}
    out.update({"tap_to_screen_s": [], "answer_to_screen_s": [], "never_seen": 0})
    stored = logged_steps = 0
    for run in played.tables:
        actions, steps = _checked(db, run, [p for p in played.people if p.table is run], out)
        stored += actions
        logged_steps += steps
    people = played.people
    reads = [r for p in people for r in p.reads]
    refused: Counter[str] = Counter()
    for p in people:
        refused.update(p.refused)
    out.update(
        {
            "tables": len(played.tables),
            "people": len(people),
            "seconds": played.seconds,
            "hands": sum(len(r.ends) for r in played.tables),
            "sent": sum(p.sent for p in people),
            "accepted": sum(len(p.accepted) for p in people),
            "refused": dict(refused),
            "failed": [f for p in people for f in p.failed],
            "stored": stored,
            "logged_steps": logged_steps,
            "unfinished": sum(not p.finished for p in people),
            "read_s": reads,
        }
    )
    return out


def _figures(name: str, values: Sequence[float]) -> str:
    if not values:
        return f"{name}: no samples"
    return (
        f"{name}: n={len(values):,}  p50 {statistics.median(values):.3f} s  p95 {_p95(values):.3f} s  "
        f"max {max(values):.3f} s"
    )


def report(out: dict[str, Any]) -> None:
    print(
        f"tables_load: {out['tables']} tables, {out['people']} people ({out['db']}), poll {out['poll']} s, "
        f"{out['hands']} hands in {out['seconds']:.0f} s"
    )
    print(_figures("tap -> each other person's screen", out["tap_to_screen_s"]))
    print(_figures("play answered (committed) -> each other screen", out["answer_to_screen_s"]))
    print(_figures("a read (service.read)", out["read_s"]))
    print(
        f"taps sent {out['sent']:,}, accepted {out['accepted']:,}, refused {sum(out['refused'].values()):,} "
        f"{out['refused']}, failed {len(out['failed'])}" + (f" ({out['failed'][0]})" if out["failed"] else "")
    )
    print(
        f"the store's log: {out['stored']:,} people's actions ({out['logged_steps']:,} steps with the joins); "
        f"lost {len(out['lost'])}, doubled {len(out['doubled'])}, version gaps {len(out['version_gaps'])}, "
        f"repeats {len(out['version_repeats'])}; actions a screen never showed: {out['never_seen']}; "
        f"people not finished: {out['unfinished']}"
    )
    print(f"this process's CPU (the server's work): {100 * out['cpu']:.0f}% of one core", end="")
    print(f"; PostgreSQL's: {100 * out['db_cpu']:.0f}%" if out["db"] == "postgres" else "")
    print(
        f"load average (1 min): {out['load_average_1min_start']:.2f} at the start, "
        f"{out['load_average_1min']:.2f} at the end (on {os.cpu_count()} cores)"
    )


def run(args: argparse.Namespace) -> dict[str, Any]:
    from bench.class_load import _cpu
    from bench.postgres import postgres_server, postmaster_pid

    with ExitStack() as stack:
        db: Location = Path(tempfile.mkdtemp(prefix="tables-load-")) / "coach.sqlite3"
        database = 0
        if args.db == "postgres":
            db = stack.enter_context(postgres_server(durable=True))
            database = postmaster_pid(db)
        load = os.getloadavg()[0]
        cpu, db_cpu, wall = time.process_time(), _cpu([-database] if database else []), time.monotonic()
        played = play_tables(db, args.tables, args.people, args.hands, args.seconds, args.poll, args.seed)
        wall = time.monotonic() - wall
        out = {
            "cpu": (time.process_time() - cpu) / wall,
            "db_cpu": (_cpu([-database] if database else []) - db_cpu) / wall,
            "load_average_1min_start": load,
            "load_average_1min": os.getloadavg()[0],
            "db": args.db,
            "poll": args.poll,
            "seed": args.seed,
        }
        out.update(account(db, played))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench tables_load", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument(
        "--people", type=int, default=4, help="people per table (1 to 4; computers in the rest)"
    )
    parser.add_argument("--hands", type=int, default=HANDS, help="hands each table plays")
    parser.add_argument("--seconds", type=float, help="play for this long instead (no hand dealt after it)")
    parser.add_argument(
        "--poll", type=float, default=0.5, help="seconds between two reads of a page (a seated page's: 0.5)"
    )
    parser.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    return finish(parser, run, report, argv)


def finish(
    parser: argparse.ArgumentParser,
    run: Callable[[argparse.Namespace], dict[str, Any]],
    report: Callable[[dict[str, Any]], None],
    argv: Sequence[str] | None = None,
) -> int:
    """The tables benches' common end: ``--seed`` and ``--json`` added, the run, its report, the file."""
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)
    out = run(args)
    report(out)
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
