"""Learners' lesson progress in the app's SQLite database, one JSON record per learner name and
one per browser (``save_browser``/``load_browser``: the random id the Learn page keeps in a
cookie, so nobody has to type a name). Names and browser ids are separate tables: a name can
never reach a browser's record, or the other way round.

The store does not know what a record holds: each call takes a ``Codec``, the record's reader and
the most bytes it reads, and the record itself merges, checks its limits and writes its JSON
(``Record``). The lessons' record is ``lessons.progress.Progress``; ``practice.records`` binds the
two (the database layer sits below the practice table, and never imports the lessons).

Saving never overwrites: ``save`` and ``save_browser`` read the stored record, merge the new one
into it (``Record.merged``; for the lessons, the union of completed steps, the furthest step per
lesson) and write the result, in one transaction that holds the write lock from the read to the
write. Two browsers saving under one name therefore both keep what they completed.

A stored record that cannot be read (damaged bytes, NULL, a number or nesting past the reader's
limits: the codec's ``read`` raises ``ValueError``) is *reset*: it is moved to the ``damaged_progress`` table (the
latest damaged copy per record, for whoever wants to look at it) and the load raises
``ProgressReset`` once, saying so; the next load finds no record and the learner starts afresh.

Every other failure (unwritable folder, corrupt file) raises ``StoreError`` with a message a
learner can read; the Learn page reports it and the lessons keep working from the session.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, Protocol, Self, TypeVar, overload

from store.backend import ERRORS, Connection, Location
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
    """CREATE TABLE IF NOT EXISTS damaged_progress (
        source TEXT NOT NULL,
        owner TEXT NOT NULL,
        data BLOB,
        problem TEXT NOT NULL,
        moved TEXT NOT NULL DEFAULT (datetime('now')),
        PRIMARY KEY (source, owner)
    )""",
)
MAX_NAME = 40
BROWSER_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")


class ProgressReset(StoreError):
    """The stored record could not be read and was reset: the learner starts afresh."""


class Record(Protocol):
    """What the store needs of a saved record. ``merged``: both records in one (commutative and
    idempotent, so the order writers save in does not matter); ``check_limits`` raises ValueError
    when the record is more than its reader reads back; ``to_json`` the text stored."""

    def merged(self, other: Self) -> Self: ...
    def check_limits(self) -> None: ...
    def to_json(self) -> str: ...


R = TypeVar("R", bound=Record)


@dataclass(frozen=True, slots=True)
class Codec(Generic[R]):
    """How a stored record is read: ``read`` takes the stored value (bytes; a damaged row may hold
    anything, NULL or a number) and raises ``ValueError`` for one it cannot read; values past
    ``max_bytes`` are measured in the database and never fetched."""

    read: Callable[[object], R]
    max_bytes: int


@dataclass(frozen=True, slots=True)
class _Record:
    """Where one record lives: ``table`` keyed by ``column`` = ``key``; ``whose`` and ``saved``
    name it in messages ("progress for 'Ada'", "the saved progress for 'Ada'")."""

    table: str
    column: str
    key: str
    whose: str
    saved: str


def clean_name(name: str) -> str:
    """A learner name: trimmed, 1..40 characters. Raises StoreError saying what is accepted."""
    text = " ".join(name.split())
    if not text or len(text) > MAX_NAME:
        raise StoreError(f"a learner name is 1 to {MAX_NAME} characters, got {len(text)}")
    return text


@overload
def open_store(path: Path) -> sqlite3.Connection: ...
@overload
def open_store(path: Location | None = None) -> Connection: ...
def open_store(path: Location | None = None) -> Connection:
    conn = connect(path)
    ensure_schema(conn, SCHEMA)
    return conn


def _stored(conn: Connection, rec: _Record, codec: Codec[R]) -> tuple[bool, R | None, str | None]:
    """(found, progress, problem): (False, None, None) without a record, (True, progress, None)
    for a readable one, (True, None, what is wrong) for a damaged one. An oversized value is
    measured in SQLite and never fetched."""
    # Text comes back as bytes: a TEXT value that is not UTF-8 would fail inside sqlite3's fetch.
    row = conn.execute(
        "SELECT length(CAST(data AS BLOB)), CASE WHEN length(CAST(data AS BLOB)) > ? THEN NULL "
        "ELSE CASE WHEN typeof(data) = 'text' THEN CAST(data AS BLOB) ELSE data END END "
        f"FROM {rec.table} WHERE {rec.column} = ?",
        (codec.max_bytes, rec.key),
    ).fetchone()
    if row is None:
        return False, None, None
    size, data = row
    if size is not None and size > codec.max_bytes:
        return True, None, f"it is {size:,} bytes; at most {codec.max_bytes:,} are read"
    try:
        return True, codec.read(data), None
    except ValueError as err:
        return True, None, str(err)


def _set_aside(conn: Connection, rec: _Record, problem: str) -> None:
    """Move the damaged record to damaged_progress (inside the caller's transaction)."""
    conn.execute(
        "INSERT INTO damaged_progress (source, owner, data, problem) "
        f"SELECT ?, {rec.column}, data, ? FROM {rec.table} WHERE {rec.column} = ? "
        "ON CONFLICT (source, owner) DO UPDATE SET data = excluded.data, problem = excluded.problem, "
        "moved = excluded.moved",
        (rec.table, problem, rec.key),
    )
    conn.execute(f"DELETE FROM {rec.table} WHERE {rec.column} = ?", (rec.key,))


def _write(conn: Connection, rec: _Record, progress: R, codec: Codec[R]) -> R:
    """Merge ``progress`` into the stored record and write it, in one transaction; returns what
    was written. A damaged stored record is set aside and counts as empty."""
    try:
        progress.check_limits()
    except ValueError as err:
        raise StoreError(f"cannot save {rec.whose}: {err}") from err

    def merge_write() -> R:
        conn.execute("BEGIN IMMEDIATE")  # the write lock from the read to the write
        try:
            _, stored, problem = _stored(conn, rec, codec)
            if problem is not None:
                _set_aside(conn, rec, problem)
            merged = progress if stored is None else stored.merged(progress)
            merged.check_limits()
            conn.execute(
                f"INSERT INTO {rec.table} ({rec.column}, data, updated) VALUES (?, ?, datetime('now')) "
                f"ON CONFLICT({rec.column}) DO UPDATE SET data = excluded.data, updated = excluded.updated",
                (rec.key, merged.to_json()),
            )
        except BaseException:
            conn.rollback()
            raise
        conn.commit()
        return merged

    try:
        return retrying(merge_write)
    except StoreError:
        raise
    except ValueError as err:  # the merged record is past the limits
        raise StoreError(f"cannot save {rec.whose}: together with what is saved, {err}") from err
    except ERRORS as err:
        raise StoreError(f"cannot save {rec.whose}: {err}") from err


def _read(conn: Connection, rec: _Record, codec: Codec[R]) -> R | None:
    """The stored record, or None. A damaged one is set aside and ProgressReset raised."""
    try:
        found, stored, problem = retrying(lambda: _stored(conn, rec, codec))
    except ERRORS as err:
        raise StoreError(f"cannot read {rec.whose}: {err}") from err
    if problem is None:
        return stored if found else None

    def reset() -> None:
        conn.execute("BEGIN IMMEDIATE")
        try:
            _, _, still = _stored(conn, rec, codec)  # another session may have reset it meanwhile
            if still is not None:
                _set_aside(conn, rec, still)
        except BaseException:
            conn.rollback()
            raise
        conn.commit()

    try:
        retrying(reset)
    except ERRORS as err:
        raise ProgressReset(
            f"{rec.saved} is damaged ({problem}) and could not be reset ({err}); the lessons start afresh"
        ) from err
    raise ProgressReset(
        f"{rec.saved} is damaged and could not be read ({problem}), so it was reset: the lessons start afresh"
    )


def _named(learner: str) -> _Record:
    name = clean_name(learner)
    return _Record(
        "lesson_progress", "learner", name, f"progress for {name!r}", f"the saved progress for {name!r}"
    )


def _browser(browser: str) -> _Record:
    return _Record(
        "browser_progress",
        "browser",
        clean_browser_id(browser),
        "this browser's progress",
        "this browser's saved progress",
    )


def save(conn: Connection, learner: str, progress: R, codec: Codec[R]) -> R:
    """Merge ``progress`` into ``learner``'s saved record; returns the record as now saved."""
    return _write(conn, _named(learner), progress, codec)


def load(conn: Connection, learner: str, codec: Codec[R]) -> R | None:
    """The saved progress for ``learner``, or None if there is none yet. Raises ProgressReset
    (a StoreError) once if the record was damaged."""
    return _read(conn, _named(learner), codec)


def learners(conn: Connection) -> tuple[str, ...]:
    try:
        rows = retrying(
            lambda: conn.execute("SELECT learner FROM lesson_progress ORDER BY learner").fetchall()
        )
    except ERRORS as err:
        raise StoreError(f"cannot list learners: {err}") from err
    return tuple(str(r[0]) for r in rows)


def clean_browser_id(browser: str) -> str:
    """A browser id: 16 to 64 URL-safe characters (letters, digits, - and _). Raises StoreError."""
    if not BROWSER_ID.fullmatch(browser):
        raise StoreError("a browser id is 16 to 64 letters, digits, '-' or '_'")
    return browser


def save_browser(conn: Connection, browser: str, progress: R, codec: Codec[R]) -> R:
    """Merge ``progress`` into this browser's saved record; returns the record as now saved."""
    return _write(conn, _browser(browser), progress, codec)


def load_browser(conn: Connection, browser: str, codec: Codec[R]) -> R | None:
    """The progress saved for this browser id, or None if there is none yet. Raises
    ProgressReset (a StoreError) once if the record was damaged."""
    return _read(conn, _browser(browser), codec)
