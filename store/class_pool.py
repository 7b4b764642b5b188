"""Class mode's tables and the connections to them: the schema (``SCHEMA``, the columns added
since, ``ADDED_COLUMNS``), a small pool of connections per database file, and ``run``: one
transaction (``BEGIN IMMEDIATE`` for a change, this process's writers to a file taking turns),
retried while another process holds the file. ``store.classes`` keeps the class on it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from store.backend import ERRORS, OPERATIONAL, Connection, Location
from store.db import (
    BUSY_TIMEOUT,
    DatabaseBusy,
    StoreError,
    busy_message,
    db_path,
    ensure_schema,
    location_key,
    open_connection,
    retrying,
    write_patience,
)
from store.redact import shown

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS classes (
        code TEXT PRIMARY KEY,
        teacher_hash TEXT NOT NULL,
        created REAL NOT NULL,
        last_question REAL,
        state TEXT NOT NULL DEFAULT 'open',
        leaderboard INTEGER NOT NULL DEFAULT 1,
        current INTEGER NOT NULL DEFAULT 0,
        revealed INTEGER NOT NULL DEFAULT 0,
        version INTEGER NOT NULL DEFAULT 0,
        stage INTEGER NOT NULL DEFAULT 0,
        locked INTEGER NOT NULL DEFAULT 0,
        timer INTEGER NOT NULL DEFAULT 0,
        closes REAL
    )""",
    """CREATE TABLE IF NOT EXISTS class_pupils (
        id INTEGER PRIMARY KEY,
        class_code TEXT NOT NULL REFERENCES classes(code) ON DELETE CASCADE,
        token_hash TEXT NOT NULL,
        name TEXT NOT NULL,
        joined REAL NOT NULL,
        UNIQUE (class_code, token_hash),
        UNIQUE (class_code, name)
    )""",
    """CREATE TABLE IF NOT EXISTS class_questions (
        class_code TEXT NOT NULL REFERENCES classes(code) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        body TEXT NOT NULL,
        opened REAL NOT NULL,
        revealed REAL,
        PRIMARY KEY (class_code, number)
    )""",
    """CREATE TABLE IF NOT EXISTS class_answers (
        class_code TEXT NOT NULL,
        number INTEGER NOT NULL,
        pupil INTEGER NOT NULL REFERENCES class_pupils(id) ON DELETE CASCADE,
        answer TEXT NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (class_code, number, pupil)
    )""",
    """CREATE TABLE IF NOT EXISTS class_handovers (
        class_code TEXT PRIMARY KEY REFERENCES classes(code) ON DELETE CASCADE,
        lookup TEXT NOT NULL,
        sealed TEXT NOT NULL,
        expires REAL NOT NULL,
        used REAL
    )""",
)
# Columns added to ``classes`` after its first version: a database made before them gets them when
# this module first opens it (an older server on the same file names its columns, so it reads on).
ADDED_COLUMNS = (
    ("locked", "INTEGER NOT NULL DEFAULT 0"),
    ("timer", "INTEGER NOT NULL DEFAULT 0"),
    ("closes", "REAL"),
)
POOL_IDLE = 8  # connections kept open per database file between uses
T = TypeVar("T")

# A few connections per database file, shared by every session's thread: a thread takes one from
# the pool (under a lock held only to take or give back), uses it alone and gives it back. No lock
# that a read needs is held while SQLite waits for another process: a busy file holds up only the
# calls that wait for it (this process's writes to that file take turns, _write_turn), never
# another class's poll or page.

_POOL = threading.Lock()
_IDLE: dict[str, list[Connection]] = {}
_READY: set[str] = set()  # files whose tables this process has made sure of
_TURNS: dict[str, threading.Lock] = {}  # per file: this process's writers, one at a time (_write_turn)
_generation = 0  # moved by forget_connections: a connection of an older one is closed when given back


def _open_connection(key: str, reading: bool) -> Connection:
    # implicit False: this module says BEGIN itself (IMMEDIATE for a change)
    conn = open_connection(key, BUSY_TIMEOUT, implicit=False)
    try:
        conn.execute("PRAGMA foreign_keys = ON")
    except ERRORS as err:
        conn.close()
        raise StoreError(f"cannot use the records database at {shown(key)}: {err}") from err
    if key not in _READY:
        try:
            ensure_schema(conn, SCHEMA, reading=reading)
            retrying(lambda: _migrate(conn), conn, reading=reading)
        except ERRORS as err:
            conn.close()
            raise StoreError(f"cannot prepare the class records at {shown(key)}: {err}") from err
        except StoreError:
            conn.close()
            raise
        with _POOL:
            _READY.add(key)
    return conn


def _migrate(conn: Connection) -> None:
    """Add the columns of ADDED_COLUMNS that an older ``classes`` table lacks (additive only: an
    older server on the same file reads on, its statements name their columns)."""
    have = {row[1] for row in conn.execute("PRAGMA table_info(classes)").fetchall()}
    for name, kind in ADDED_COLUMNS:
        if name in have:
            continue
        try:
            conn.execute(f"ALTER TABLE classes ADD COLUMN {name} {kind}")
        except OPERATIONAL as err:
            if "duplicate column" not in str(err):  # another process added it first: fine
                raise


@contextmanager
def _db(path: Location | None, reading: bool) -> Iterator[Connection]:
    key = location_key(path or db_path())
    with _POOL:
        idle = _IDLE.setdefault(key, [])
        conn = idle.pop() if idle else None
        generation = _generation
    if conn is None:
        conn = _open_connection(key, reading)
    try:
        yield conn
    finally:
        try:
            if conn.in_transaction:
                conn.rollback()
            clean = True
        except ERRORS:
            clean = False
        with _POOL:
            keep = clean and generation == _generation and len(_IDLE.setdefault(key, [])) < POOL_IDLE
            if keep:
                _IDLE[key].append(conn)
        if not keep:
            conn.close()


@contextmanager
def _write_turn(path: Location | None) -> Iterator[None]:
    """This process's writers to one file take turns (SQLite lets one write at a time anyway): a
    lock that wakes the next writer at once, instead of SQLite's sleeping retries, which under
    sixty taps at once kept some waiting for seconds. Reads never take it; a writer that cannot
    have its turn within a write's patience is told the database is busy."""
    key = location_key(path or db_path())
    with _POOL:
        turn = _TURNS.setdefault(key, threading.Lock())
    if not turn.acquire(timeout=write_patience().waited):
        raise DatabaseBusy(busy_message())
    try:
        yield
    finally:
        turn.release()


def run(
    path: Location | None, work: Callable[[Connection], T], *, reading: bool = False, one: bool = False
) -> T:
    """``work(conn)`` in one transaction: ``BEGIN IMMEDIATE`` for a change (its checks and its writes
    are one step for every server on the file), a plain ``BEGIN`` for a read (one consistent view).
    Retried while another process holds the file; a read gives up after about a second. ``one``:
    a read of one statement, consistent by itself (no BEGIN needed: a poll stays cheap)."""
    if not reading:
        with _write_turn(path):
            return _transaction(path, work, reading, False)
    return _transaction(path, work, reading, one)


def fetch_rows(path: Location | None, sql: str, args: Sequence[object]) -> list[Any]:
    """Every row of one query, read in one transaction (``run``, reading)."""
    return run(path, lambda conn: conn.execute(sql, args).fetchall(), reading=True)


def fetch_row(path: Location | None, sql: str, args: Sequence[object]) -> Any:
    """The first row of one query (None when there is none): a read of one statement (``run``, ``one``)."""
    return run(path, lambda conn: conn.execute(sql, args).fetchone(), reading=True, one=True)


def _transaction(path: Location | None, work: Callable[[Connection], T], reading: bool, one: bool) -> T:
    with _db(path, reading) as conn:

        def attempt() -> T:
            if one:
                return work(conn)
            conn.execute("BEGIN" if reading else "BEGIN IMMEDIATE")
            try:
                result = work(conn)
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.rollback()
                raise
            return result

        try:
            return retrying(attempt, conn, reading=reading)
        except StoreError:
            raise
        except ERRORS as err:
            raise StoreError(f"the class records could not be used: {err}") from err


def forget_connections() -> None:
    """Close the pooled connections (tests that delete their database file call this)."""
    global _generation
    with _POOL:
        idle = [conn for conns in _IDLE.values() for conn in conns]
        _IDLE.clear()
        _READY.clear()
        _generation += 1
    for conn in idle:
        conn.close()


__all__ = ["ADDED_COLUMNS", "POOL_IDLE", "SCHEMA", "fetch_row", "fetch_rows", "forget_connections", "run"]
