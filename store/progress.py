"""Learners' lesson progress in the app's SQLite database, one JSON record per learner name and
one per browser (``save_browser``/``load_browser``: the random id the Learn page keeps in a
cookie, so nobody has to type a name). Names and browser ids are separate tables: a name can
never reach a browser's record, or the other way round.

Every failure (unwritable folder, corrupt file, a record that does not parse) raises
``StoreError`` with a message a learner can read; the Learn page reports it and the
lessons keep working from the session.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from lessons.progress import Progress, ProgressError
from store.db import StoreError, connect, ensure_schema, retrying

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS lesson_progress (
        learner TEXT PRIMARY KEY,
        data TEXT NOT NULL,
        updated TEXT NOT NULL DEFAULT (datetime('now'))
    )""",
    """CREATE TABLE IF NOT EXISTS browser_progress (
        browser TEXT PRIMARY KEY,
        data TEXT NOT NULL,
        updated TEXT NOT NULL DEFAULT (datetime('now'))
    )""",
)
MAX_NAME = 40
BROWSER_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")


def clean_name(name: str) -> str:
    """A learner name: trimmed, 1..40 characters. Raises StoreError saying what is accepted."""
    text = " ".join(name.split())
    if not text or len(text) > MAX_NAME:
        raise StoreError(f"a learner name is 1 to {MAX_NAME} characters, got {len(text)}")
    return text


def open_store(path: Path | None = None) -> sqlite3.Connection:
    conn = connect(path)
    ensure_schema(conn, SCHEMA)
    return conn


def _write(conn: sqlite3.Connection, table: str, column: str, key: str, progress: Progress, whose: str) -> None:
    """Insert or replace one record of ``table`` (``column`` its key); ``whose`` names it in errors."""
    def write() -> None:
        with conn:
            conn.execute(
                f"INSERT INTO {table} ({column}, data, updated) VALUES (?, ?, datetime('now')) "
                f"ON CONFLICT({column}) DO UPDATE SET data = excluded.data, updated = excluded.updated",
                (key, progress.to_json()),
            )

    try:
        retrying(write)
    except sqlite3.Error as err:
        raise StoreError(f"cannot save {whose}: {err}") from err


def _read(conn: sqlite3.Connection, table: str, column: str, key: str, whose: str, saved: str) -> Progress | None:
    """One record of ``table``, or None; ``whose`` and ``saved`` name it in errors."""
    try:
        row = retrying(lambda: conn.execute(f"SELECT data FROM {table} WHERE {column} = ?", (key,)).fetchone())
    except sqlite3.Error as err:
        raise StoreError(f"cannot read {whose}: {err}") from err
    if row is None:
        return None
    try:
        return Progress.from_json(row[0])
    except ProgressError as err:
        raise StoreError(f"{saved} is damaged ({err}); starting afresh") from err


def save(conn: sqlite3.Connection, learner: str, progress: Progress) -> None:
    name = clean_name(learner)
    _write(conn, "lesson_progress", "learner", name, progress, f"progress for {name!r}")


def load(conn: sqlite3.Connection, learner: str) -> Progress | None:
    """The saved progress for ``learner``, or None if there is none yet."""
    name = clean_name(learner)
    return _read(conn, "lesson_progress", "learner", name, f"progress for {name!r}", f"the saved progress for {name!r}")


def learners(conn: sqlite3.Connection) -> tuple[str, ...]:
    try:
        rows = retrying(lambda: conn.execute("SELECT learner FROM lesson_progress ORDER BY learner").fetchall())
    except sqlite3.Error as err:
        raise StoreError(f"cannot list learners: {err}") from err
    return tuple(str(r[0]) for r in rows)


def clean_browser_id(browser: str) -> str:
    """A browser id: 16 to 64 URL-safe characters (letters, digits, - and _). Raises StoreError."""
    if not BROWSER_ID.fullmatch(browser):
        raise StoreError("a browser id is 16 to 64 letters, digits, '-' or '_'")
    return browser


def save_browser(conn: sqlite3.Connection, browser: str, progress: Progress) -> None:
    _write(conn, "browser_progress", "browser", clean_browser_id(browser), progress, "this browser's progress")


def load_browser(conn: sqlite3.Connection, browser: str) -> Progress | None:
    """The progress saved for this browser id, or None if there is none yet."""
    return _read(conn, "browser_progress", "browser", clean_browser_id(browser), "this browser's progress",
                 "this browser's saved progress")
