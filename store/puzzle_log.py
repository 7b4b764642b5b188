"""The puzzles' records: every attempt, each learner's rating and each puzzle's rating.

Three tables in the app's database (``store.db``):

- ``puzzle_attempts``: one row per attempt at a puzzle of the bank: the learner (a key as the
  mistake deck's: ``practice.deck.learner_key``), the puzzle's id, solved (right at the first try)
  or not, both ratings before and after (the learner's with its deviation), the puzzle's themes
  (so the dashboard reads them without the bank), what the first try lost against the best in the
  puzzle's unit (NULL when right, or not known), the streak it was part of (NULL outside streak
  mode) and when;
- ``puzzle_learners``: a learner's current Glicko-2 rating (rating, deviation, volatility) and
  how many attempts made it;
- ``puzzle_ratings``: the same for each puzzle tried at least once (a puzzle never tried has its
  starting rating from the bank).

A rating is a tuple of three floats (``Glicko``: ``practice.ratings.Rating`` is one); the store
keeps numbers, it does not rate. ``record`` writes an attempt in one transaction that holds the
write lock from the read of both ratings to the write of the new ones (``BEGIN IMMEDIATE``: on
PostgreSQL the store's advisory lock), so two learners on the same puzzle at once both move it,
one after the other: the rating function is handed in (``Rate``, ``practice.puzzles`` hands
Glicko-2's), and run on the ratings as stored.

Writes without a connection go through ``store.db.writer`` like the other records; while the
database is busy the attempt waits there and ``record`` returns what it will be, worked out from
the ratings the caller last read. Reading checks every field of every row (a number that is not a
finite number in its range, a theme list that is not JSON, a time that does not read): a row
that does not pass is skipped and counted (``damaged``), never a crash.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from store import fields as stored
from store.backend import Connection
from store.db import StoreError, db_path, read, write, writer
from store.mistake_deck import clean_learner, stamp

Glicko = tuple[float, float, float]  # rating, deviation, volatility
Rate = Callable[[Glicko, Glicko], tuple[Glicko, Glicko]]  # (learner, puzzle) before -> after

RATING_BOUNDS = (0.0, 5000.0)
RD_BOUNDS = (1.0, 1000.0)
VOL_BOUNDS = (1e-6, 1.0)
MAX_THEMES = 12
MAX_LOST = 100.0  # a figure lost in any unit (points, win chance, tricks) stays far below this
UNITS = ("points", "win chance", "tricks")  # engine.core.problem.UNITS
MAX_ATTEMPTS_READ = 5_000  # a learner's latest attempts read for the dashboard and the selection
_PUZZLE_ID = re.compile(r"[A-Za-z0-9:_-]{1,40}")
_THEME = re.compile(r"[a-z0-9-]{1,40}")


def _standings(table: str, key: str) -> str:
    """A table of current ratings, one row per ``key``: learners' and puzzles' are alike."""
    return f"""CREATE TABLE IF NOT EXISTS {table} (
        {key} TEXT PRIMARY KEY,
        rating REAL NOT NULL,
        rd REAL NOT NULL,
        vol REAL NOT NULL,
        attempts INTEGER NOT NULL,
        updated TEXT NOT NULL
    )"""


SCHEMA: tuple[str, ...] = (
    """CREATE TABLE IF NOT EXISTS puzzle_attempts (
        id INTEGER PRIMARY KEY,
        learner TEXT NOT NULL,            -- 'browser:<id>' or 'name:<learner name>'
        puzzle TEXT NOT NULL,             -- the bank's puzzle id
        solved INTEGER NOT NULL,          -- 1: right at the first try; 0: not
        learner_before REAL NOT NULL,     -- the learner's rating before
        learner_rd_before REAL NOT NULL,  -- its deviation before
        learner_after REAL NOT NULL,
        learner_rd_after REAL NOT NULL,
        puzzle_before REAL NOT NULL,      -- the puzzle's rating before
        puzzle_after REAL NOT NULL,
        themes TEXT NOT NULL,             -- JSON list of the puzzle's themes
        lost REAL,                        -- what the first try lost against the best, in unit (NULL: right or not known)
        unit TEXT,                        -- 'points', 'win chance' or 'tricks'
        streak INTEGER,                   -- streak mode: puzzles solved in a row before this one; NULL otherwise
        at TEXT NOT NULL                  -- ISO time, UTC
    )""",
    "CREATE INDEX IF NOT EXISTS puzzle_attempts_learner ON puzzle_attempts (learner, id)",
    _standings("puzzle_learners", "learner"),
    _standings("puzzle_ratings", "puzzle"),
)


@dataclass(frozen=True, slots=True)
class Attempt:
    """One attempt, as recorded (``id`` 0: still waiting for a busy database)."""

    id: int
    learner: str
    puzzle: str
    solved: bool
    learner_before: tuple[float, float]  # rating, deviation
    learner_after: tuple[float, float]
    puzzle_before: float
    puzzle_after: float
    themes: tuple[str, ...]
    lost: float | None
    unit: str | None
    streak: int | None
    at: datetime

    @property
    def change(self) -> float:
        """How much the learner's rating moved."""
        return self.learner_after[0] - self.learner_before[0]


@dataclass(frozen=True, slots=True)
class Standing:
    """A rating as stored, and how many attempts made it."""

    rating: Glicko
    attempts: int


@dataclass(frozen=True, slots=True)
class Attempts:
    """A learner's attempts that passed every check (oldest first), and how many rows did not."""

    rows: tuple[Attempt, ...]
    damaged: int = 0


@dataclass(frozen=True, slots=True)
class PuzzleRatings:
    """Every puzzle's stored rating by id, and how many rows did not read."""

    by_id: dict[str, Standing]
    damaged: int = 0


# ---- checks ---------------------------------------------------------------------------------


def _number(value: object, bounds: tuple[float, float]) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    number = float(value)
    return number if math.isfinite(number) and bounds[0] <= number <= bounds[1] else None


def _glicko(values: Sequence[object]) -> Glicko | None:
    rating, rd, vol = (
        _number(values[0], RATING_BOUNDS),
        _number(values[1], RD_BOUNDS),
        _number(values[2], VOL_BOUNDS),
    )
    return None if rating is None or rd is None or vol is None else (rating, rd, vol)


def clean_rating(rating: Glicko) -> Glicko:
    """``rating`` if it is three finite numbers in range, else StoreError."""
    if len(rating) != 3:
        raise StoreError("a rating is three numbers: rating, deviation, volatility")
    checked = _glicko(rating)
    if checked is None:
        raise StoreError(
            f"a rating is {RATING_BOUNDS[0]:.0f} to {RATING_BOUNDS[1]:.0f}, its deviation "
            f"{RD_BOUNDS[0]:.0f} to {RD_BOUNDS[1]:.0f}, its volatility above 0 and at most 1"
        )
    return checked


def clean_puzzle(puzzle: str) -> str:
    if not isinstance(puzzle, str) or not _PUZZLE_ID.fullmatch(puzzle):
        raise StoreError("a puzzle id is 1 to 40 letters, digits, ':', '_' or '-'")
    return puzzle


def _themes(value: object) -> tuple[str, ...] | None:
    items = stored.text_list(value, 1_000, MAX_THEMES)
    if items is None or not all(_THEME.fullmatch(t) for t in items):
        return None
    return items


COLUMNS = (
    "id",
    "learner",
    "puzzle",
    "solved",
    "learner_before",
    "learner_rd_before",
    "learner_after",
    "learner_rd_after",
    "puzzle_before",
    "puzzle_after",
    "themes",
    "lost",
    "unit",
    "streak",
    "at",
)


def attempt_of(row: Sequence[object]) -> Attempt | None:
    """One row (``COLUMNS``) if every field reads, else None."""
    (row_id, learner, puzzle, solved, lb, lrb, la, lra, pb, pa, themes, lost, unit, streak, at) = row
    key, puzzle_id = stored.text(learner, 200), stored.text(puzzle, 40)
    numbers = [_number(v, RATING_BOUNDS) for v in (lb, la, pb, pa)] + [
        _number(v, RD_BOUNDS) for v in (lrb, lra)
    ]
    read_themes, when = _themes(themes), stored.moment(at)
    unit_text = None if unit is None else stored.text(unit, 20)
    if (
        type(row_id) is not int
        or key is None
        or puzzle_id is None
        or not _PUZZLE_ID.fullmatch(puzzle_id)
        or stored.whole(solved, 0, 1) is None
        or any(n is None for n in numbers)
        or read_themes is None
        or when is None
        or (lost is not None and _number(lost, (0.0, MAX_LOST)) is None)
        or (unit is not None and unit_text not in UNITS)
        or (streak is not None and stored.whole(streak, 0, 10**6) is None)
    ):
        return None
    before, after, p_before, p_after, rd_before, rd_after = (float(n or 0.0) for n in numbers)
    return Attempt(
        row_id,
        key,
        puzzle_id,
        solved == 1,
        (before, rd_before),
        (after, rd_after),
        p_before,
        p_after,
        read_themes,
        None if lost is None else float(lost),  # type: ignore[arg-type]
        unit_text,
        streak if isinstance(streak, int) else None,
        when,
    )


# ---- writing --------------------------------------------------------------------------------


def _stored(db: Connection, sql: str, key: str) -> Glicko | None:
    row = db.execute(sql, (key,)).fetchone()
    return None if row is None else _glicko(row)


def _rated(
    template: Attempt, rate: Rate, learner_before: Glicko, puzzle_before: Glicko
) -> tuple[Attempt, Glicko, Glicko]:
    """``template`` (the attempt's own fields) with both ratings before and after ``rate``; the new
    ratings whole (with their volatility)."""
    learner_after, puzzle_after = rate(learner_before, puzzle_before)
    attempt = replace(
        template,
        learner_before=(learner_before[0], learner_before[1]),
        learner_after=(clean_rating(learner_after)[0], learner_after[1]),
        puzzle_before=puzzle_before[0],
        puzzle_after=clean_rating(puzzle_after)[0],
    )
    return attempt, learner_after, puzzle_after


def _insert(
    db: Connection, template: Attempt, rate: Rate, learner_now: Glicko, puzzle_now: Glicko
) -> Attempt:
    """The attempt's transaction: the write lock, both stored ratings read (else the given ones),
    rated, the attempt and both new ratings written."""
    db.execute("BEGIN IMMEDIATE")  # the write lock from the read of the ratings to their write
    mine = _stored(db, "SELECT rating, rd, vol FROM puzzle_learners WHERE learner = ?", template.learner)
    its = _stored(db, "SELECT rating, rd, vol FROM puzzle_ratings WHERE puzzle = ?", template.puzzle)
    out, learner_after, puzzle_after = _rated(template, rate, mine or learner_now, its or puzzle_now)
    row_id = db.execute(
        "INSERT INTO puzzle_attempts (learner, puzzle, solved, learner_before, learner_rd_before, "
        "learner_after, learner_rd_after, puzzle_before, puzzle_after, themes, lost, unit, streak, at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (
            out.learner,
            out.puzzle,
            int(out.solved),
            *out.learner_before,
            *out.learner_after,
            out.puzzle_before,
            out.puzzle_after,
            json.dumps(list(out.themes)),
            out.lost,
            out.unit,
            out.streak,
            stamp(out.at),
        ),
    ).fetchone()[0]
    for table, column, who, value in (
        ("puzzle_learners", "learner", out.learner, learner_after),
        ("puzzle_ratings", "puzzle", out.puzzle, puzzle_after),
    ):
        db.execute(
            f"INSERT INTO {table} ({column}, rating, rd, vol, attempts, updated) VALUES (?, ?, ?, ?, 1, ?) "
            f"ON CONFLICT ({column}) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, "
            f"vol = excluded.vol, attempts = {table}.attempts + 1, updated = excluded.updated",
            (who, *value, stamp(out.at)),
        )
    return replace(out, id=int(row_id))


def _template(
    learner: str,
    puzzle: str,
    solved: bool,
    themes: Sequence[str],
    lost: float | None,
    unit: str | None,
    streak: int | None,
    now: datetime | None,
) -> Attempt:
    """An attempt's own fields, checked (its ratings still to come). Raises StoreError."""
    key, puzzle_id = clean_learner(learner), clean_puzzle(puzzle)
    theme_list = tuple(themes)
    if not 1 <= len(theme_list) <= MAX_THEMES or not all(
        isinstance(t, str) and _THEME.fullmatch(t) for t in theme_list
    ):
        raise StoreError(f"an attempt has 1 to {MAX_THEMES} themes, each a word of letters and '-'")
    if lost is not None and _number(lost, (0.0, MAX_LOST)) is None:
        raise StoreError(f"the figure lost is 0 to {MAX_LOST:.0f}")
    if unit is not None and unit not in UNITS:
        raise StoreError(f"a unit is one of {', '.join(UNITS)}")
    when = now or datetime.now(UTC)
    return Attempt(
        0, key, puzzle_id, solved, (0.0, 0.0), (0.0, 0.0), 0.0, 0.0, theme_list, lost, unit, streak, when
    )


def record(
    learner: str,
    puzzle: str,
    solved: bool,
    themes: Sequence[str],
    rate: Rate,
    learner_now: Glicko,
    puzzle_now: Glicko,
    *,
    lost: float | None = None,
    unit: str | None = None,
    streak: int | None = None,
    now: datetime | None = None,
    conn: Connection | None = None,
    wait: bool = True,
) -> Attempt:
    """Record an attempt: both ratings as stored (``learner_now`` and ``puzzle_now`` when none is
    stored yet, or the stored row is damaged) are read and rated (``rate``) and the new ones written
    with the attempt, under one write lock. Returns the attempt as written (while the database is
    busy: as it will be, rated from ``learner_now`` and ``puzzle_now``, ``id`` 0). ``wait`` False
    (the app's database only): hand the write to the background writer and return that at once,
    without waiting for it (a click's page is drawn sooner; a failure is kept for
    ``store.db.writer.status``, as every queued write's). Raises StoreError."""
    template = _template(learner, puzzle, solved, themes, lost, unit, streak, now)
    start_learner, start_puzzle = clean_rating(learner_now), clean_rating(puzzle_now)

    def work(db: Connection) -> Attempt:
        return _insert(db, template, rate, start_learner, start_puzzle)

    queued = _rated(template, rate, start_learner, start_puzzle)[0]
    if conn is None and not wait:

        def job(db: Connection) -> Attempt:
            for sql in SCHEMA:
                db.execute(sql)
            with db:
                return work(db)

        writer.submit(db_path(), job, "saving your puzzle")
        return queued
    return write(conn, SCHEMA, "saving your puzzle", work, queued, "your puzzle could not be saved")


# ---- reading --------------------------------------------------------------------------------


def _read(what: str, conn: Connection | None, query: Callable[[Connection], list[object]]) -> list[object]:
    return read(conn, SCHEMA, f"{what} could not be read", query)


def attempts(learner: str, conn: Connection | None = None, limit: int = MAX_ATTEMPTS_READ) -> Attempts:
    """``learner``'s latest ``limit`` attempts, oldest first; rows that do not read are skipped and
    counted. Raises StoreError."""
    key = clean_learner(learner)
    rows = _read(
        "your puzzles",
        conn,
        lambda db: db.execute(
            f"SELECT {', '.join(map(stored.as_read, COLUMNS))} FROM puzzle_attempts WHERE learner = ? "
            "ORDER BY id DESC LIMIT ?",
            (key, limit),
        ).fetchall(),
    )
    read = [attempt_of(row) for row in reversed(rows)]  # type: ignore[arg-type]
    good = tuple(a for a in read if a is not None and a.learner == key)
    return Attempts(good, len(read) - len(good))


def learner_rating(learner: str, conn: Connection | None = None) -> Standing | None:
    """``learner``'s stored rating, or None (never rated, or its row does not read). Raises StoreError."""
    key = clean_learner(learner)
    rows = _read(
        "your rating",
        conn,
        lambda db: db.execute(
            "SELECT rating, rd, vol, attempts FROM puzzle_learners WHERE learner = ?", (key,)
        ).fetchall(),
    )
    return _standing(rows[0]) if rows else None  # type: ignore[arg-type]


def _standing(row: Sequence[object]) -> Standing | None:
    rating, count = _glicko(row[:3]), stored.whole(row[3], 0, 2**62)
    return None if rating is None or count is None else Standing(rating, count)


def puzzle_ratings(conn: Connection | None = None) -> PuzzleRatings:
    """Every tried puzzle's rating by id; rows that do not read are skipped and counted."""
    rows = _read(
        "the puzzles' ratings",
        conn,
        lambda db: db.execute(
            f"SELECT {stored.as_read('puzzle')}, rating, rd, vol, attempts FROM puzzle_ratings"
        ).fetchall(),
    )
    by_id: dict[str, Standing] = {}
    for row in rows:
        puzzle = stored.text(row[0], 40)  # type: ignore[index]
        standing = _standing(row[1:])  # type: ignore[index]
        if puzzle is not None and _PUZZLE_ID.fullmatch(puzzle) and standing is not None:
            by_id[puzzle] = standing
    return PuzzleRatings(by_id, len(rows) - len(by_id))


__all__ = [
    "COLUMNS",
    "SCHEMA",
    "Attempt",
    "Attempts",
    "Glicko",
    "PuzzleRatings",
    "Rate",
    "Standing",
    "attempt_of",
    "attempts",
    "clean_puzzle",
    "clean_rating",
    "learner_rating",
    "puzzle_ratings",
    "record",
]
