"""One local SQLite database for the whole app.

Its path comes from the environment variable ``EUCHRE_COACH_DB``; the default is
``~/.euchre_coach/coach.sqlite3``. Each feature keeps its own tables and creates
them with ``ensure_schema`` (idempotent ``CREATE TABLE IF NOT EXISTS``).
Problems (an unwritable folder, a corrupt file) raise ``StoreError`` with a
message a learner can read; callers report it and carry on without saving.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

ENV_VAR = "EUCHRE_COACH_DB"


class StoreError(RuntimeError):
    """The database cannot be opened, read or written."""


def db_path() -> Path:
    configured = os.environ.get(ENV_VAR)
    if configured:
        return Path(configured).expanduser()
    return Path.home() / ".euchre_coach" / "coach.sqlite3"


def connect(path: Path | None = None) -> sqlite3.Connection:
    """Open (creating if needed) the database. Raises StoreError with a clear reason."""
    target = path or db_path()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(target, timeout=5)
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()  # detects a corrupt file
    except (OSError, sqlite3.Error) as err:
        raise StoreError(
            f"cannot use the records database at {target}: {err}. "
            f"Set {ENV_VAR} to a writable file path; nothing will be saved until then."
        ) from err
    return conn


def ensure_schema(conn: sqlite3.Connection, statements: tuple[str, ...]) -> None:
    """Run idempotent CREATE statements, turning database errors into StoreError."""
    try:
        with conn:
            for sql in statements:
                conn.execute(sql)
    except sqlite3.Error as err:
        raise StoreError(f"cannot prepare the records database: {err}") from err
