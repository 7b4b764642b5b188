"""The deal of the day's results: one row per learner per day and rules (``practice.daily``).

One table in the app's database (``store.db``, SQLite or PostgreSQL): ``daily_results``, keyed by
the day (``YYYY-MM-DD``, UTC), the rules' text (``practice.daily.rules_text``: the rules fields that
differ from the defaults, as JSON) and the learner (``practice.deck.learner_key``: a typed name or
the browser's id). A row holds the learner's first play of that deal: the net points for their
side, the tricks their side took, what happened (``OUTCOMES``), the points their decisions lost by
the grades, and, when they played it for a class and the class knows them, the class's code and
their name in it.

The first play counts: saving again (a replay, a reload that saves once more, the background writer
trying a write a second time) keeps the row as it is, except that a row not yet tied to a class is
tied to the class of a later save (a pupil who played the deal before opening the class's link).
So every write leaves the table the same when run twice (``store.db``'s rule for the writer).

Writes go through ``store.db.writer`` (a click never waits for them). Reading checks every field of
every row (its type, its range, a known outcome word); a row that does not pass is left out of
every figure and counted (``DayResults.damaged``), never guessed. A database that cannot be opened,
read or written raises ``StoreError``.

>>> _row(("name:Ada", 2, 5, "marched", 0.0, None, None))
DayRow(learner='name:Ada', points=2, tricks=5, outcome='marched', lost=0.0, class_code=None, pupil=None)
>>> _row(("name:Ada", 9, 5, "marched", 0.0, None, None)) is None  # no hand scores 9 points
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

from engine.core.scoring import CASES, hand_points
from store import fields as stored
from store.backend import Connection
from store.db import StoreError, read, write
from store.pupil_names import MAX_NAME_CODES

T = TypeVar("T")

# what happened to the learner's side (practice.daily.OUTCOMES: a test keeps them equal)
OUTCOMES = ("made", "marched", "euchred", "they made it", "they marched", "euchred them", "thrown in")
MAX_POINTS = max(max(hand_points(p, tricks, alone, lone)) for p, alone, lone in CASES for tricks in range(6))
MAX_TRICKS = 5
MAX_LOST = 100.0  # points one hand's decisions can lose, far above any real loss (a hand swings 8 at most)
MAX_LEARNER = 200  # characters of a learner key
MAX_RULES = 400  # characters of the rules' text (every field changed is about 200)
MAX_CLASS = 12  # characters of a class's code (store.classes makes six)
MAX_PUPIL = MAX_NAME_CODES  # code points of a pupil's name
_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")

SCHEMA: tuple[str, ...] = (
    """CREATE TABLE IF NOT EXISTS daily_results (
        day TEXT NOT NULL,            -- YYYY-MM-DD, UTC
        rules TEXT NOT NULL,          -- practice.daily.rules_text: the changed rules fields, JSON
        learner TEXT NOT NULL,        -- practice.deck.learner_key
        points INTEGER NOT NULL,      -- net points for the learner's side (theirs minus the others')
        tricks INTEGER NOT NULL,      -- tricks the learner's side took
        outcome TEXT NOT NULL,        -- one of OUTCOMES
        lost REAL NOT NULL,           -- points the learner's decisions lost, by the grades
        class_code TEXT,              -- the class it was played for (NULL: none)
        pupil TEXT,                   -- the learner's name in that class (NULL: none)
        saved_at TEXT NOT NULL,       -- ISO time, UTC
        PRIMARY KEY (day, rules, learner)
    )""",
)
COLUMNS = ("learner", "points", "tricks", "outcome", "lost", "class_code", "pupil")


@dataclass(frozen=True, slots=True)
class DayRow:
    """One learner's first play of a day's deal."""

    learner: str
    points: int
    tricks: int
    outcome: str
    lost: float
    class_code: str | None = None
    pupil: str | None = None


@dataclass(frozen=True, slots=True)
class DayResults:
    """The rows of a day's deal that read, in the order they were saved; ``damaged`` counts the
    rows left out because they did not."""

    rows: tuple[DayRow, ...] = ()
    damaged: int = 0

    def of(self, learner: str) -> DayRow | None:
        """``learner``'s row, or None (not played, or their row does not read)."""
        return next((row for row in self.rows if row.learner == learner), None)


def _row(row: Sequence[Any]) -> DayRow | None:
    """A stored row as a ``DayRow``, or None when any field does not read."""
    if len(row) != len(COLUMNS):
        return None
    learner, points, tricks, outcome, lost, class_code, pupil = row
    checked = (
        stored.text(learner, MAX_LEARNER, nonempty=True, raw=True),
        stored.whole(points, -MAX_POINTS, MAX_POINTS),
        stored.whole(tricks, 0, MAX_TRICKS),
        outcome if outcome in OUTCOMES else None,
    )
    if any(value is None for value in checked):
        return None
    if isinstance(lost, bool) or not isinstance(lost, int | float) or not 0 <= lost <= MAX_LOST:
        return None  # (NaN fails the range too)
    if (class_code is None) != (pupil is None):
        return None
    if class_code is not None and (
        stored.text(class_code, MAX_CLASS, nonempty=True, raw=True) is None
        or stored.text(pupil, MAX_PUPIL, nonempty=True, raw=True) is None
    ):
        return None
    return DayRow(learner, points, tricks, outcome, float(lost), class_code, pupil)


def _key(day: str, rules: str) -> tuple[str, str]:
    if not isinstance(day, str) or not _DAY.fullmatch(day):
        raise StoreError(f"a day is written YYYY-MM-DD, not {day!r}")
    if not isinstance(rules, str) or not 0 < len(rules) <= MAX_RULES:
        raise StoreError(f"the rules' text is 1 to {MAX_RULES} characters")
    return day, rules


def save(day: str, rules: str, row: DayRow, conn: Connection | None = None) -> None:
    """Keep ``row`` as the learner's result for the day's deal under ``rules``, unless they have one
    already (the first play counts); a row kept without a class takes ``row``'s class and name."""
    key = _key(day, rules)
    if _row(tuple(getattr(row, column) for column in COLUMNS)) is None:
        raise StoreError(
            f"a result is a learner key of 1 to {MAX_LEARNER} characters, net points from -{MAX_POINTS} "
            f"to {MAX_POINTS}, 0 to {MAX_TRICKS} tricks, one of {', '.join(OUTCOMES)}, 0 to {MAX_LOST:.0f} "
            "points lost, and a class's code with the pupil's name in it (or neither)"
        )
    now = datetime.now(UTC).isoformat(timespec="seconds")
    values = (*key, *(getattr(row, column) for column in COLUMNS), now)

    def insert(db: Connection) -> None:
        db.execute(
            "INSERT INTO daily_results (day, rules, learner, points, tricks, outcome, lost, class_code, "
            "pupil, saved_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (day, rules, learner) DO UPDATE SET "
            "pupil = CASE WHEN daily_results.class_code IS NULL THEN excluded.pupil ELSE daily_results.pupil END, "
            "class_code = COALESCE(daily_results.class_code, excluded.class_code)",
            values,
        )

    write(conn, SCHEMA, "saving the deal of the day", insert, None, "your deal of the day could not be saved")


def _reading(conn: Connection | None, work: Callable[[Connection], T]) -> T:
    """``work(db)`` on the app's database (this process's queued writes first let land, briefly) or
    on ``conn``, with a read's patience."""
    return read(conn, SCHEMA, "the deal of the day's results could not be read", work)


def results(
    day: str, rules: str, class_code: str | None = None, conn: Connection | None = None
) -> DayResults:
    """Every result of the day's deal under ``rules`` (only the class ``class_code``'s pupils' when
    given), in the order saved; the rows that do not read are counted, not shown."""
    key = _key(day, rules)
    where = "day = ? AND rules = ?" + (" AND class_code = ?" if class_code is not None else "")
    params = key + ((class_code,) if class_code is not None else ())
    found = _reading(
        conn,
        lambda db: db.execute(
            f"SELECT {', '.join(COLUMNS)} FROM daily_results WHERE {where} ORDER BY saved_at, learner", params
        ).fetchall(),
    )
    rows = [_row(tuple(row)) for row in found]
    readable = tuple(row for row in rows if row is not None)
    return DayResults(readable, len(rows) - len(readable))


__all__ = ["MAX_POINTS", "OUTCOMES", "DayResults", "DayRow", "results", "save"]
