"""The learner's mistake deck: every graded mistake or blunder, kept to be answered again later.

One table in the app's database (``store.db``): ``mistake_deck``, one row per (learner, position,
seat). A row holds everything needed to show the position and judge an answer without grading it
again: the position before the decision as its text (``HandState.to_text``), the seat, the
learner's original choice, the best choice, every right answer (the choices graded best or good),
the reason in Euchre words, the grade, the decision as a position to answer with each choice's
figure (``problem``: ``engine.core.problem.Problem``'s JSON; the best, the right answers and the
reason are its own, and must agree with their columns), when it was made and when it is next due, its *stage*
(how many right answers in a row it has had; ``RETIRED`` when it has left the deck), a
*version* (one more at every answer) and its *source*: where it was played
(``engine.core.mistake.SOURCES``; at a table of people the other hands were other people's
cards, and the Review page never shows them). Those two columns came after the table: an older
deck gets them when first read or written (``store.db.add_columns``); its rows, all made before
tables of people kept a deck, read as the Practice table's, and without figures
(``Mistake.without_figures``).

Adding is idempotent: the same mistake added twice keeps one row, and its progress (a retired
one comes back at stage 0); a position once added from a table of people stays marked so. An answer is written with ``move`` in one immediate transaction keyed
by the row and its version: two tabs answering the same entry never lose or double-apply an
answer; the second finds it already moved on (``move`` returns False).

Reading checks every field of every row it reads (``load`` reads them all, ``live`` one page of
those due or coming up, in order, through an index; ``counts`` counts them in SQL, parsing none,
so the Review page's cost does not grow with the deck): a position text that does not parse, a seat
that is not to act there, an action that is not legal there, an unknown grade, a date that does
not read, a stage out of range. A row that does not pass is skipped and counted
(``Loaded.damaged``), never a crash; ``live`` reads on past it, so a page is full while the deck
has entries enough, and counts only the damaged rows it met (``counts`` cannot tell them). The schedule itself (how long until a stage is due) is the
practice layer's (``practice.deck``); this module only keeps it.

Writes of the app's database without a connection go through ``store.db.writer`` like the
practice records (``store.practice_log``); a connection passed in is used at once.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TypeVar

from engine.core.actions import Action
from engine.core.errors import EuchreError
from engine.core.hand import HandState
from engine.core.mistake import PRACTICE, SOURCES, Mistake
from engine.core.problem import Problem
from engine.core.view import view_of
from store import fields as stored
from store.backend import ERRORS, Connection
from store.db import (
    READ_FLUSH,
    StoreError,
    add_columns,
    connect,
    db_path,
    ensure_schema,
    read,
    retrying,
    write,
    writer,
)
from store.fields import stamp

T = TypeVar("T")

DECK_GRADES = ("mistake", "blunder")  # practice.review.COSTLY (a test keeps them equal)
RETIRED = 3  # the stage of an entry answered right at each of its reviews: it has left the deck
MAX_KEY = 80  # characters of a learner key ("browser:<id>" or "name:<name>")
MAX_TEXT = 4_000  # characters of a position text or a reason read back (a hand's text is about 200)
MAX_ANSWERS = 32  # right answers one position can hold (a decision has at most a few dozen choices)
MAX_PROBLEM = 16_000  # characters of a problem's JSON read back (a bid's is about 400)

SCHEMA: tuple[str, ...] = (
    """CREATE TABLE IF NOT EXISTS mistake_deck (
        id INTEGER PRIMARY KEY,
        learner TEXT NOT NULL,            -- 'browser:<id>' or 'name:<learner name>'
        position TEXT NOT NULL,           -- HandState.to_text() of the position before the decision
        seat INTEGER NOT NULL,            -- the learner's seat (0, South)
        choice TEXT NOT NULL,             -- the learner's original choice (an action's text)
        best TEXT NOT NULL,               -- the best choice
        answers TEXT NOT NULL,            -- JSON list of the right answers (graded best or good)
        reason TEXT NOT NULL,             -- why, in Euchre words
        grade TEXT NOT NULL,              -- 'mistake' or 'blunder'
        created TEXT NOT NULL,            -- ISO time, UTC
        due TEXT NOT NULL,                -- ISO time, UTC: when it is next to be reviewed
        stage INTEGER NOT NULL DEFAULT 0, -- right answers in a row; RETIRED: out of the deck
        version INTEGER NOT NULL DEFAULT 0,  -- one more at every answer
        answered TEXT,                    -- ISO time of the last answer
        source TEXT,                      -- where it was played: 'practice' or 'people' (NULL: practice)
        problem TEXT,                     -- Problem.to_json(): choices and figures (NULL: none kept)
        UNIQUE (learner, position, seat)
    )""",
    # the live entries (not retired) of a learner in order of their due time: a page of the due ones
    # and of those coming up is read, and counted, without reading the rest (``live``, ``counts``)
    f"CREATE INDEX IF NOT EXISTS mistake_deck_live ON mistake_deck (learner, due, id) WHERE stage < {RETIRED}",
)
ADDED_COLUMNS = (("source", "TEXT"), ("problem", "TEXT"))  # columns added since the table was first made


def _migrate(db: Connection) -> None:
    """Add the columns of ADDED_COLUMNS an older ``mistake_deck`` lacks (``store.db.add_columns``)."""
    add_columns(db, "mistake_deck", ADDED_COLUMNS)


@dataclass(frozen=True, slots=True)
class Entry:
    """A row of the deck, read back and checked."""

    id: int
    learner: str
    mistake: Mistake
    created: datetime
    due: datetime
    stage: int
    version: int

    @property
    def retired(self) -> bool:
        return self.stage >= RETIRED


@dataclass(frozen=True, slots=True)
class Loaded:
    """A learner's deck as read: the entries that passed every check, and how many rows did not."""

    entries: tuple[Entry, ...]
    damaged: int = 0


def clean_learner(key: str) -> str:
    """A learner key: 'browser:' or 'name:' and 1 to MAX_KEY characters in all. Raises StoreError."""
    if (
        not isinstance(key, str)
        or not key.startswith(("browser:", "name:"))
        or len(key) > MAX_KEY
        or key.endswith(":")
    ):
        raise StoreError("a learner key is 'browser:<id>' or 'name:<name>'")
    return key


def check(m: Mistake) -> None:
    """Raise ValueError unless ``m`` could be read back: a seat is to act, its problem is that
    seat's view with choices legal there, the learner's choice is legal and not a right answer, a
    known grade."""
    seat = m.before.to_act
    if seat is None or m.before.is_over:
        raise ValueError("no seat is to act in the position")
    legal = m.before.legal_actions()
    if m.problem.view != view_of(m.before, seat).to_text():
        raise ValueError("the problem is not the view of the seat to act")
    choices = {str(a) for a in legal}
    if m.choice not in legal or not set(m.problem.choices) <= choices:
        raise ValueError("an action is not legal in the position")
    if str(m.choice) in m.problem.right or len(m.problem.right) > MAX_ANSWERS:
        raise ValueError("the right answers hold the choice made")
    if m.grade not in DECK_GRADES:
        raise ValueError(f"not a deck grade: {m.grade!r}")
    if len(m.reason) > MAX_TEXT:
        raise ValueError("the reason is too long")
    if m.source not in SOURCES:
        raise ValueError(f"not a place a mistake is made: {m.source!r}")


# ---- writing --------------------------------------------------------------------------------


def _write(conn: Connection | None, what: str, work: Callable[[Connection], T], queued: T) -> T:
    """``store.db.write`` with this module's tables. Raises StoreError."""
    return write(conn, SCHEMA, what, work, queued, "the mistake deck could not be written", _migrate)


def add(
    learner: str,
    mistakes: Sequence[Mistake],
    created: datetime,
    due: datetime,
    conn: Connection | None = None,
) -> int:
    """Put ``mistakes`` into ``learner``'s deck, first due at ``due``. A position already in the
    deck keeps its row and progress (a retired one starts again at stage 0), and is marked as from
    a table of people if either was (never the other way: what was private stays so). Returns how many
    rows were added or started again (``len(mistakes)`` while the write waits for a busy database).
    Raises StoreError (a bad learner key, a mistake that would not read back, the database)."""
    key = clean_learner(learner)
    rows = []
    for m in mistakes:
        try:
            check(m)
        except ValueError as err:
            raise StoreError(f"this mistake cannot go into the deck: {err}") from err
        rows.append(
            (
                key,
                m.before.to_text(),
                m.seat,
                str(m.choice),
                str(m.best),
                json.dumps([str(a) for a in m.right]),
                m.reason,
                m.grade,
                stored.stamp(created),
                stored.stamp(due),
                m.source,
                m.problem.to_json(),
            )
        )

    def insert(db: Connection) -> int:
        count = 0
        for row in rows:
            cur = db.execute(
                "INSERT INTO mistake_deck (learner, position, seat, choice, best, answers, reason, grade, created, due, "
                "source, problem) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (learner, position, seat) DO UPDATE SET stage = 0, version = mistake_deck.version + 1, "
                "due = excluded.due, choice = excluded.choice, best = excluded.best, answers = excluded.answers, "
                "reason = excluded.reason, grade = excluded.grade, problem = excluded.problem "
                f"WHERE mistake_deck.stage >= {RETIRED}",
                row,
            )
            count += cur.rowcount
            if row[-2] != PRACTICE:  # the same position kept from practice: private from now on
                db.execute(
                    "UPDATE mistake_deck SET source = ? WHERE learner = ? AND position = ? AND seat = ? "
                    f"AND COALESCE(source, '{PRACTICE}') = '{PRACTICE}'",
                    (row[-2], *row[:3]),
                )
        return count

    return _write(conn, "saving your mistakes", insert, len(rows)) if rows else 0


def move(
    entry_id: int,
    version: int,
    stage: int,
    due: datetime,
    now: datetime,
    conn: Connection | None = None,
) -> bool:
    """Record an answer: the entry ``entry_id`` at ``version`` moves to ``stage``, next due at
    ``due``, in one immediate transaction. False (nothing written) when the entry is no longer at
    that version: another tab answered it first, and it has already moved on. Raises StoreError."""
    if not 0 <= stage <= RETIRED:
        raise StoreError(f"a deck stage is 0 to {RETIRED}")
    own = conn is None
    if conn is None:
        writer.flush(db_path(), READ_FLUSH)
    db = connect() if conn is None else conn
    try:
        ensure_schema(db, SCHEMA)

        def update() -> bool:
            db.execute("BEGIN IMMEDIATE")  # the write lock from the check to the write
            try:
                cur = db.execute(
                    "UPDATE mistake_deck SET stage = ?, due = ?, version = version + 1, answered = ? "
                    "WHERE id = ? AND version = ?",
                    (stage, stored.stamp(due), stored.stamp(now), entry_id, version),
                )
                moved = cur.rowcount == 1
            except BaseException:
                db.rollback()
                raise
            db.commit()
            return moved

        return retrying(update, db)
    except ERRORS as err:
        raise StoreError(f"the answer could not be saved: {err}") from err
    finally:
        if own:
            db.close()


# ---- reading --------------------------------------------------------------------------------


COLUMNS = (
    "id",
    "learner",
    "position",
    "seat",
    "choice",
    "best",
    "answers",
    "reason",
    "grade",
    "created",
    "due",
    "stage",
    "version",
    "source",
    "problem",
)


def _action(value: object) -> Action | None:
    text = stored.text(value, 40)
    if text is None:
        return None
    try:
        return Action.parse(text)
    except EuchreError:
        return None


def _answers(value: object) -> tuple[Action, ...] | None:
    items = stored.text_list(value, MAX_TEXT, MAX_ANSWERS)
    if items is None:
        return None
    actions = tuple(_action(item) for item in items)
    return None if any(a is None for a in actions) else tuple(a for a in actions if a is not None)


def _grade(value: object) -> str | None:
    text = stored.text(value, 20)
    return text if text in DECK_GRADES else None


def _source(value: object) -> str | None:
    """Where a row's mistake was played: NULL (a row from before the column) is the Practice table's."""
    if value is None:
        return PRACTICE
    text = stored.text(value, 20)
    return text if text in SOURCES else None


def entry(row: Sequence[object]) -> Entry | None:
    """One row (``COLUMNS``) if every field reads and fits the position, else None."""
    (
        entry_id,
        learner,
        position,
        seat,
        choice,
        best,
        answers,
        reason,
        grade,
        created,
        due,
        stage,
        version,
        source,
        problem,
    ) = row
    text, key = stored.text(position, MAX_TEXT), stored.text(learner, MAX_KEY)
    if text is None or key is None or type(entry_id) is not int:
        return None
    try:
        before = HandState.from_text(text)
    except (EuchreError, RecursionError):
        return None
    fields = (
        stored.whole(seat, 0, before.players - 1),
        _action(choice),
        _action(best),
        _answers(answers),
        stored.text(reason, MAX_TEXT),
        _grade(grade),
        stored.moment(created),
        stored.moment(due),
        stored.whole(stage, 0, RETIRED),
        stored.whole(version, 0, 2**62),
        _source(source),
    )
    if any(f is None for f in fields):
        return None
    seat_, choice_, best_, answers_, reason_, grade_, created_, due_, stage_, version_, source_ = fields
    assert isinstance(seat_, int) and isinstance(choice_, Action) and isinstance(best_, Action)
    assert isinstance(answers_, tuple) and isinstance(reason_, str) and isinstance(grade_, str)
    assert isinstance(created_, datetime) and isinstance(due_, datetime)
    assert isinstance(stage_, int) and isinstance(version_, int) and isinstance(source_, str)
    right = (best_, *(a for a in answers_ if a != best_))
    try:
        if seat_ != before.to_act:
            return None
        if problem is None:  # kept before the deck kept figures
            mistake = Mistake.without_figures(before, choice_, right, reason_, grade_, source_)
        else:
            kept = Problem.from_json(stored.text(problem, MAX_PROBLEM) or "")
            mistake = Mistake(kept, before, choice_, grade_, source_)
            if (mistake.right[0], set(mistake.right), mistake.reason) != (best_, set(right), reason_):
                return None  # the problem does not say what its columns say
        check(mistake)
    except (ValueError, EuchreError, RecursionError):
        return None
    return Entry(entry_id, key, mistake, created_, due_, stage_, version_)


def load(learner: str, conn: Connection | None = None) -> Loaded:
    """Every entry of ``learner``'s deck (retired ones too), in order of their due time; rows that
    do not pass the checks are skipped and counted. Raises StoreError."""
    key = clean_learner(learner)
    sql = f"SELECT {', '.join(map(stored.as_read, COLUMNS))} FROM mistake_deck WHERE learner = ? ORDER BY id"
    rows = _read(key, conn, lambda db: db.execute(sql, (key,)).fetchall())
    entries = [entry(row) for row in rows]
    good = tuple(sorted((e for e in entries if e is not None), key=lambda e: (e.due, e.id)))
    return Loaded(good, len(entries) - len(good))


@dataclass(frozen=True, slots=True)
class Counts:
    """A learner's deck counted at a moment ``until`` (the end of the learner's day): the live entries
    due before it, those due from it on, the first of those's due time, the retired ones. Counted in
    SQL: a damaged row is counted as its stage and due time say."""

    due: int
    upcoming: int
    next_due: datetime | None
    retired: int


def _read(learner: str, conn: Connection | None, query: Callable[[Connection], T]) -> T:
    """``query`` run on the app's database (this process's queued writes first) or ``conn``."""
    clean_learner(learner)
    return read(conn, SCHEMA, "the mistake deck could not be read", query, _migrate)


def counts(learner: str, until: datetime, conn: Connection | None = None) -> Counts:
    """How many of ``learner``'s live entries are due before ``until`` and from it on (with the first
    of those's due time), and how many are retired, without reading an entry. Raises StoreError."""
    key, edge = clean_learner(learner), stored.stamp(until)
    live = f"learner = ? AND stage < {RETIRED}"

    def query(db: Connection) -> tuple[object, ...]:
        due = db.execute(
            f"SELECT COUNT(*) FROM mistake_deck WHERE {live} AND due < ?", (key, edge)
        ).fetchone()
        later = db.execute(
            f"SELECT COUNT(*), MIN(due) FROM mistake_deck WHERE {live} AND due >= ?", (key, edge)
        ).fetchone()
        retired = db.execute(
            f"SELECT COUNT(*) FROM mistake_deck WHERE learner = ? AND stage = {RETIRED}", (key,)
        ).fetchone()
        return due[0], later[0], later[1], retired[0]

    due, upcoming, first, retired = _read(key, conn, query)
    assert isinstance(due, int) and isinstance(upcoming, int) and isinstance(retired, int)
    return Counts(due, upcoming, stored.moment(first) if upcoming else None, retired)


def live(learner: str, until: datetime, *, due: bool, limit: int, conn: Connection | None = None) -> Loaded:
    """Up to ``limit`` of ``learner``'s live entries (not retired): those due before ``until``
    (``due``) or from it on, in order of their due time (then id); the damaged rows met on the way
    are skipped, read past and counted. Only these rows are read and parsed. Raises StoreError."""
    key, edge = clean_learner(learner), stored.stamp(until)
    sql = (
        f"SELECT {', '.join(map(stored.as_read, COLUMNS))} FROM mistake_deck WHERE learner = ? "
        f"AND stage < {RETIRED} AND due {'<' if due else '>='} ? ORDER BY due, id LIMIT ? OFFSET ?"
    )

    def query(db: Connection) -> tuple[list[Entry], int]:
        good: list[Entry] = []
        damaged = offset = 0
        while len(good) < limit:
            want = limit - len(good)
            rows = db.execute(sql, (key, edge, want, offset)).fetchall()
            entries = [entry(row) for row in rows]
            good += [e for e in entries if e is not None]
            damaged += sum(e is None for e in entries)
            offset += len(rows)
            if len(rows) < want:
                break
        return good, damaged

    good, damaged = _read(key, conn, query)
    return Loaded(tuple(good), damaged)


__all__ = [
    "ADDED_COLUMNS",
    "COLUMNS",
    "Counts",
    "DECK_GRADES",
    "RETIRED",
    "SCHEMA",
    "Entry",
    "Loaded",
    "Mistake",
    "add",
    "check",
    "clean_learner",
    "entry",
    "counts",
    "live",
    "load",
    "move",
    "stamp",
]
