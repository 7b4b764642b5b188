"""Tables of people in the app's database (SQLite, or PostgreSQL shared by several servers).

Three tables:

- ``people_tables``: one row per table: its join code, the SHA-256 of the host's secret, when it
  was opened, the rules (``engine.core.position.rules_text``), the game as the engine replays it
  (the seed of ``engine.core.game.new_game`` and every action of every hand dealt, in the
  engine's action language, after the marks of how the hand was dealt (dealt again, or a deal the
  teacher chose, as its position text: ``engine.core.game.replay``): a JSON list of lists of
  texts), the seats (a JSON list: a
  computer's level, or a person's name and the SHA-256 of their private key, never the key), the
  version, the hints and pause switches and how many seconds a person may be silent.
- ``people_table_log``: one row per step (the version it made, the seat, the action, who took
  it, when), ``PRIMARY KEY (code, version)``: no version is ever made twice.
- ``people_seen``: when each seat's person was last seen, moved forward only; it is not a step
  of the table (a page's poll moves no version), so it lives beside the row.

A change is written by ``save`` as a compare-and-swap on the version, in one immediate
transaction: ``UPDATE ... WHERE code = ? AND version = ?`` and the log rows of its steps. A save
that finds the table at another version writes nothing and returns False (the page was stale,
or another server applied a move first): two servers sharing one PostgreSQL never both apply a
move, and two taps never play twice.

Reading checks every field (``load``): a text that does not read, a number out of range, a seat
that is not a computer's or a person's, or a game the engine cannot replay (an action not legal
where it stands) raises ``DamagedTable`` saying so, never a crash or a guess. An unknown code
raises ``NoSuchTable``. A database that cannot be opened, read or written raises ``StoreError``.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from engine.core.position import rules_text
from store import fields as stored
from store.backend import ERRORS, Connection, Location
from store.db import StoreError, add_columns, connect, db_path, ensure_schema, location_key, retrying
from store.people_rows import (
    MAX_ACTION,
    MAX_CODE,
    MAX_VERSION,
    DamagedTable,
    LogRow,
    NoSuchTable,
    SeatRecord,
    TableRecord,
    checked,
    record_of,
)

T = TypeVar("T")

SCHEMA: tuple[str, ...] = (
    """CREATE TABLE IF NOT EXISTS people_tables (
        code TEXT PRIMARY KEY,
        host_hash TEXT NOT NULL,       -- SHA-256 of the secret of the host, hex
        created REAL NOT NULL,         -- seconds since 1970, UTC
        rules TEXT NOT NULL,           -- engine.core.position.rules_text
        seed INTEGER NOT NULL,         -- the seed of engine.core.game.new_game
        moves TEXT NOT NULL,           -- JSON: per hand dealt, the texts of its actions
        seats TEXT NOT NULL,           -- JSON list per seat: {"level"} or {"name", "key"}
        version INTEGER NOT NULL,      -- one more at every step
        hints INTEGER NOT NULL,
        paused INTEGER NOT NULL,
        silent_after INTEGER NOT NULL, -- seconds before the computer plays for a silent person
        changed REAL NOT NULL,
        class_code TEXT                -- the class whose teacher opened it (NULL: none)
    )""",
    """CREATE TABLE IF NOT EXISTS people_table_log (
        code TEXT NOT NULL REFERENCES people_tables(code) ON DELETE CASCADE,
        version INTEGER NOT NULL,      -- the version of the table this step made
        seat INTEGER,                  -- who took it (NULL: a change of the table by the host)
        action TEXT NOT NULL,
        taken_by TEXT NOT NULL,        -- person, computer, computer for an away player, host
        at REAL NOT NULL,
        PRIMARY KEY (code, version)
    )""",
    """CREATE TABLE IF NOT EXISTS people_seen (
        code TEXT NOT NULL REFERENCES people_tables(code) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        seen REAL NOT NULL,
        PRIMARY KEY (code, seat)
    )""",
)


# ---- connections -------------------------------------------------------------------------------

_READY: set[str] = set()  # databases whose tables this process has made
_LOCK = threading.Lock()
ADDED_COLUMNS = (("class_code", "TEXT"),)  # columns added since the table was first made


def _migrate(db: Connection) -> None:
    """Add the columns of ADDED_COLUMNS an older ``people_tables`` lacks (``store.db.add_columns``)."""
    add_columns(db, "people_tables", ADDED_COLUMNS)


def _made(db: Connection) -> bool:
    """Does the database hold the tables already (a read: no lock another program's write holds)?"""
    return bool(retrying(lambda: db.execute("PRAGMA table_info(people_tables)").fetchall(), db, reading=True))


def _run(
    path: Location | None,
    work: Callable[[Connection], T],
    failed: str,
    *,
    writing: bool,
    missing: T | None = None,
) -> T:
    """``work(db)`` in one transaction (``BEGIN IMMEDIATE`` for a change: the check of the version
    and the write are one step for every server), retried while the database is busy. A read that
    can answer without the tables (``missing``: a class with no tables yet) does not make them: it
    never waits for the write lock, as another class page may be waiting for it."""
    target = path or db_path()
    db = connect(target)
    try:
        key = location_key(target)
        if key not in _READY and missing is not None and not _made(db):
            return missing
        if key not in _READY:
            ensure_schema(db, SCHEMA)
            retrying(lambda: _migrate(db), db)
            with _LOCK:
                _READY.add(key)

        def attempt() -> T:
            db.execute("BEGIN IMMEDIATE" if writing else "BEGIN")
            try:
                result = work(db)
            except BaseException:
                db.rollback()
                raise
            db.commit()
            return result

        return retrying(attempt, db, reading=not writing)
    except ERRORS as err:
        raise StoreError(f"{failed}: {err}") from err
    finally:
        db.close()


# ---- writing -----------------------------------------------------------------------------------


def _seats_text(seats: Sequence[SeatRecord]) -> str:
    listed = [
        {"level": s.level} if s.level is not None else {"name": s.name, "key": s.key_hash} for s in seats
    ]
    return json.dumps(listed, separators=(",", ":"), ensure_ascii=False)


def _moves_text(moves: Sequence[Sequence[str]]) -> str:
    return json.dumps([list(hand) for hand in moves], separators=(",", ":"))


def _seen(db: Connection, code: str, seats: Sequence[SeatRecord]) -> None:
    for seat, s in enumerate(seats):
        if s.level is None:
            db.execute(
                "INSERT INTO people_seen (code, seat, seen) VALUES (?, ?, ?) ON CONFLICT (code, seat) "
                "DO UPDATE SET seen = excluded.seen WHERE people_seen.seen < excluded.seen",
                (code, seat, s.seen),
            )


def insert(record: TableRecord, host_hash: str, now: float, path: Location | None = None) -> bool:
    """Keep a new table; False (nothing written) when its code is taken."""

    def work(db: Connection) -> bool:
        if db.execute("SELECT 1 FROM people_tables WHERE code = ?", (record.code,)).fetchone():
            return False
        db.execute(
            "INSERT INTO people_tables (code, host_hash, created, rules, seed, moves, seats, version, "
            "hints, paused, silent_after, changed, class_code) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                record.code,
                host_hash,
                now,
                rules_text(record.game.rules),
                record.game.seed,
                _moves_text(record.moves),
                _seats_text(record.seats),
                record.version,
                record.hints,
                record.paused,
                record.silent_after,
                now,
                record.class_code or None,
            ),
        )
        _seen(db, record.code, record.seats)
        return True

    return _run(path, work, "the table could not be opened", writing=True)


def save(
    before: int,
    record: TableRecord,
    steps: Sequence[tuple[int, int | None, str, str]],
    now: float,
    path: Location | None = None,
) -> bool:
    """Write ``record`` over the table at version ``before`` with its ``steps`` (version, seat,
    action, by) in the log, in one immediate transaction. False (nothing written) when the table
    is no longer at ``before``."""

    def work(db: Connection) -> bool:
        cur = db.execute(
            "UPDATE people_tables SET moves = ?, seats = ?, version = ?, hints = ?, paused = ?, "
            "changed = ? WHERE code = ? AND version = ?",
            (
                _moves_text(record.moves),
                _seats_text(record.seats),
                record.version,
                record.hints,
                record.paused,
                now,
                record.code,
                before,
            ),
        )
        if cur.rowcount != 1:
            return False
        for version, seat, action, by in steps:
            db.execute(
                "INSERT INTO people_table_log (code, version, seat, action, taken_by, at) VALUES (?, ?, ?, ?, ?, ?)",
                (record.code, version, seat, action, by, now),
            )
        _seen(db, record.code, record.seats)
        return True

    return _run(path, work, "your move could not be saved", writing=True)


def touch(code: str, seat: int, now: float, path: Location | None = None) -> None:
    """``seat``'s person was seen ``now`` (moved forward only; not a step of the table)."""

    def work(db: Connection) -> None:
        db.execute(
            "UPDATE people_seen SET seen = ? WHERE code = ? AND seat = ? AND seen < ?", (now, code, seat, now)
        )

    _run(path, work, "the table could not note that you are here", writing=True)


# ---- reading -----------------------------------------------------------------------------------

_COLUMNS = "rules, seed, moves, seats, version, hints, paused, silent_after, host_hash, class_code"
_ROW = f"SELECT {_COLUMNS} FROM people_tables WHERE code = ?"
MAX_CLASS_TABLES = 40  # the tables of one class read at a glance


def load(code: str, path: Location | None = None) -> tuple[TableRecord, str]:
    """The table of ``code`` and the hash of its host's secret; NoSuchTable, DamagedTable."""

    def work(db: Connection) -> tuple[Any, list[Any]]:
        row = db.execute(_ROW, (code,)).fetchone()
        seen = db.execute("SELECT seat, seen FROM people_seen WHERE code = ?", (code,)).fetchall()
        return row, seen

    row, seen = _run(path, work, "the table could not be read", writing=False)
    if row is None:
        raise NoSuchTable(f"there is no table {code[:MAX_CODE]!r}: check the code (six letters and digits)")
    return record_of(code, row, seen), checked(stored.text(row[8], 64), "host", code)


def of_class(class_code: str, path: Location | None = None) -> tuple[tuple[TableRecord | str, float], ...]:
    """The tables opened for the class ``class_code``, oldest first (at most MAX_CLASS_TABLES), each
    with when it last moved on (seconds since 1970: its turn to act began then); a table whose row
    does not read is given as its code alone, to be said so, never a crash."""

    def work(db: Connection) -> tuple[list[Any], list[Any]]:
        rows = db.execute(
            f"SELECT code, changed, {_COLUMNS} FROM people_tables WHERE class_code = ? "
            "ORDER BY created, code LIMIT ?",
            (class_code, MAX_CLASS_TABLES),
        ).fetchall()
        seen = db.execute(
            "SELECT s.code, s.seat, s.seen FROM people_seen s JOIN people_tables t ON t.code = s.code "
            "WHERE t.class_code = ?",
            (class_code,),
        ).fetchall()
        return rows, seen

    nothing: tuple[list[Any], list[Any]] = ([], [])
    rows, seen_rows = _run(path, work, "the class's tables could not be read", writing=False, missing=nothing)
    found: list[tuple[TableRecord | str, float]] = []
    for code, changed, *row in rows:
        seen = [(seat, when) for c, seat, when in seen_rows if c == code]
        try:
            record: TableRecord | str = record_of(code, row, seen)
        except DamagedTable:
            record = str(code)
        found.append((record, float(changed) if isinstance(changed, int | float) else 0.0))
    return tuple(found)


def log(code: str, since: int = 0, path: Location | None = None) -> tuple[LogRow, ...]:
    """The table's steps after version ``since``, in order (a row that does not read: DamagedTable)."""
    rows = _run(
        path,
        lambda db: db.execute(
            "SELECT version, seat, action, taken_by, at FROM people_table_log WHERE code = ? AND version > ? "
            "ORDER BY version",
            (code, since),
        ).fetchall(),
        "the table's moves could not be read",
        writing=False,
    )
    found = []
    for version, seat, action, by, at in rows:
        checked = (
            stored.whole(version, 1, MAX_VERSION),
            seat is None or stored.whole(seat, 0, 3) is not None,
            stored.text(action, MAX_ACTION, nonempty=True),
            stored.text(by, 40, nonempty=True),
        )
        if None in checked or checked[1] is False or not isinstance(at, int | float):
            raise DamagedTable(f"a step of the table {code} is damaged, so the table cannot go on")
        found.append(LogRow(version, seat, action, by, float(at)))
    return tuple(found)


__all__ = [
    "SCHEMA",
    "DamagedTable",
    "LogRow",
    "NoSuchTable",
    "SeatRecord",
    "TableRecord",
    "insert",
    "load",
    "log",
    "of_class",
    "save",
    "touch",
]
