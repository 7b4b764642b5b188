"""One local SQLite database for the whole app.

Its path comes from the environment variable ``EUCHRE_COACH_DB``; the default is
``~/.euchre_coach/coach.sqlite3``. Each feature keeps its own tables and creates
them with ``ensure_schema`` (idempotent ``CREATE TABLE IF NOT EXISTS``).
Problems (an unwritable folder, a corrupt file) raise ``StoreError`` with a
message a learner can read; callers report it and carry on without saving.

A database another program holds locked is *busy*, not broken: ``retrying`` waits and
tries again (telling ``busy_listeners`` each time), and after ``BUSY_TRIES`` tries raises
``DatabaseBusy``, whose message says to close the other program — not to change the path.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

ENV_VAR = "EUCHRE_COACH_DB"
BUSY_TIMEOUT = 2.0  # seconds SQLite itself waits for a lock, per try
BUSY_TRIES = 3
BUSY_PAUSE = 0.5  # seconds between tries
BUSY_NOTICE = "the database is busy (another session or program is writing to it); retrying…"

T = TypeVar("T")
log = logging.getLogger(__name__)
busy_listeners: list[Callable[[str], None]] = []  # a page may add one to show BUSY_NOTICE


class StoreError(RuntimeError):
    """The database cannot be opened, read or written."""


class DatabaseBusy(StoreError):
    """Another program kept the database locked through every retry."""


def db_path() -> Path:
    configured = os.environ.get(ENV_VAR)
    if configured:
        return Path(configured).expanduser()
    return Path.home() / ".euchre_coach" / "coach.sqlite3"


def is_busy(err: BaseException) -> bool:
    """True for SQLite's 'database is locked' / 'busy' (SQLITE_BUSY, SQLITE_LOCKED)."""
    if not isinstance(err, sqlite3.OperationalError):
        return False
    code = getattr(err, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    text = str(err).lower()
    return "locked" in text or "busy" in text


def busy_message() -> str:
    waited = BUSY_TRIES * BUSY_TIMEOUT + (BUSY_TRIES - 1) * BUSY_PAUSE
    return (f"the database is busy: another session or program is writing to it and kept it locked through {BUSY_TRIES} "
            f"tries over {waited:.0f} s. Nothing was saved this time; close the other program (another "
            "copy of the app, a database browser) or wait a moment, and try again.")


def retrying(work: Callable[[], T]) -> T:
    """``work()``, tried again while the database is busy. Raises DatabaseBusy after BUSY_TRIES;
    any other error passes through unchanged."""
    for attempt in range(1, BUSY_TRIES + 1):
        try:
            return work()
        except sqlite3.OperationalError as err:
            if not is_busy(err):
                raise
            if attempt == BUSY_TRIES:
                raise DatabaseBusy(busy_message()) from err
            log.warning(BUSY_NOTICE)
            for listener in list(busy_listeners):
                listener(BUSY_NOTICE)
            time.sleep(BUSY_PAUSE)
    raise AssertionError("unreachable")  # pragma: no cover


def connect(path: Path | None = None) -> sqlite3.Connection:
    """Open (creating if needed) the database. Raises StoreError with a clear reason
    (DatabaseBusy when another program holds it locked)."""
    target = path or db_path()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(target, timeout=BUSY_TIMEOUT)
    except (OSError, sqlite3.Error) as err:
        raise _cannot_use(target, err) from err
    try:
        conn.execute("PRAGMA foreign_keys = ON")
        retrying(lambda: conn.execute("SELECT count(*) FROM sqlite_master").fetchone())  # a corrupt file?
    except DatabaseBusy:
        conn.close()
        raise
    except sqlite3.Error as err:
        conn.close()
        raise _cannot_use(target, err) from err
    return conn


def _cannot_use(target: Path, err: BaseException) -> StoreError:
    return StoreError(
        f"cannot use the records database at {target}: {err}. "
        f"Set {ENV_VAR} to a writable file path; nothing will be saved until then."
    )


def ensure_schema(conn: sqlite3.Connection, statements: tuple[str, ...]) -> None:
    """Run idempotent CREATE statements (retrying while busy), turning database errors into StoreError."""

    def create() -> None:
        with conn:
            for sql in statements:
                conn.execute(sql)

    try:
        retrying(create)
    except sqlite3.Error as err:
        raise StoreError(f"cannot prepare the records database: {err}") from err
