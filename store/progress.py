"""Learners' lesson progress in the app's SQLite database, one JSON record per learner name.

Every failure (unwritable folder, corrupt file, a record that does not parse) raises
``StoreError`` with a message a learner can read; the Learn page reports it and the
lessons keep working from the session.
"""

from __future__ import annotations

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
)
MAX_NAME = 40


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


def save(conn: sqlite3.Connection, learner: str, progress: Progress) -> None:
    name = clean_name(learner)
    def write() -> None:
        with conn:
            conn.execute(
                "INSERT INTO lesson_progress (learner, data, updated) VALUES (?, ?, datetime('now')) "
                "ON CONFLICT(learner) DO UPDATE SET data = excluded.data, updated = excluded.updated",
                (name, progress.to_json()),
            )

    try:
        retrying(write)
    except sqlite3.Error as err:
        raise StoreError(f"cannot save progress for {name!r}: {err}") from err


def load(conn: sqlite3.Connection, learner: str) -> Progress | None:
    """The saved progress for ``learner``, or None if there is none yet."""
    name = clean_name(learner)
    try:
        row = retrying(lambda: conn.execute("SELECT data FROM lesson_progress WHERE learner = ?", (name,)).fetchone())
    except sqlite3.Error as err:
        raise StoreError(f"cannot read progress for {name!r}: {err}") from err
    if row is None:
        return None
    try:
        return Progress.from_json(row[0])
    except ProgressError as err:
        raise StoreError(f"the saved progress for {name!r} is damaged ({err}); starting afresh") from err


def learners(conn: sqlite3.Connection) -> tuple[str, ...]:
    try:
        rows = retrying(lambda: conn.execute("SELECT learner FROM lesson_progress ORDER BY learner").fetchall())
    except sqlite3.Error as err:
        raise StoreError(f"cannot list learners: {err}") from err
    return tuple(str(r[0]) for r in rows)
