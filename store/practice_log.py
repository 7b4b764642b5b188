"""The practice table's records: finished games and hands, and the statistics built on them.

Two tables in the app's database (``store.db``): ``practice_games`` (one row per game or
replayed deal) and ``practice_hands`` (one row per finished hand, with its replay record
as JSON, the learner's facts and the grades of the learner's decisions). Saving a hand
is idempotent (one row per game, game number and hand number), so a page that reruns
never records a hand twice. Every database problem is raised as ``StoreError``.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

from engine.record_file import JSONTextError, load_json
from store.db import StoreError, connect, ensure_schema, retrying

T = TypeVar("T")

SCHEMA: tuple[str, ...] = (
    """CREATE TABLE IF NOT EXISTS practice_games (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL,               -- 'game', 'replay' (a deal tried again) or 'import'
        started_at TEXT NOT NULL,
        finished_at TEXT,
        rules TEXT NOT NULL,              -- JSON: the rules fields that differ from the defaults
        seed INTEGER NOT NULL,
        levels TEXT NOT NULL,             -- JSON list, one level per seat
        deal_code TEXT NOT NULL,
        scores TEXT,                      -- JSON list per side, when finished
        learner_won INTEGER               -- 1/0 when finished
    )""",
    """CREATE TABLE IF NOT EXISTS practice_hands (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES practice_games(id),
        game_number INTEGER NOT NULL,
        hand_number INTEGER NOT NULL,
        played_at TEXT NOT NULL,
        record TEXT NOT NULL,             -- JSON replay record (engine.deal_record.to_record)
        thrown_in INTEGER NOT NULL,
        learner_called INTEGER NOT NULL,  -- the learner was the maker
        learner_side_made INTEGER NOT NULL,  -- the learner's side named trump
        made INTEGER,                     -- the makers took 3+ tricks (NULL if thrown in)
        learner_alone INTEGER NOT NULL,
        euchres_for INTEGER NOT NULL,     -- the learner's side euchred the makers
        euchred INTEGER NOT NULL,         -- the learner's side was euchred
        points_for INTEGER NOT NULL,
        points_against INTEGER NOT NULL,
        grades TEXT NOT NULL,             -- JSON list of grade words for the learner's decisions
        UNIQUE (game_id, game_number, hand_number)
    )""",
)


@dataclass(frozen=True, slots=True)
class HandRow:
    """The facts of one finished hand from the learner's seat (see practice.review.hand_facts)."""

    game_number: int
    hand_number: int
    record: dict[str, Any]
    thrown_in: bool
    learner_called: bool
    learner_side_made: bool
    made: bool | None
    learner_alone: bool
    euchres_for: bool
    euchred: bool
    points_for: int
    points_against: int
    grades: tuple[str, ...]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _transaction(conn: sqlite3.Connection | None, work: Callable[[sqlite3.Connection], T]) -> T:
    """``work(db)`` in one transaction (the app's database unless ``conn`` is given), tried
    again while another program holds the database (store.db.retrying)."""
    own = conn is None
    db = connect() if conn is None else conn
    try:
        ensure_schema(db, SCHEMA)

        def attempt() -> T:
            with db:
                return work(db)

        return retrying(attempt)
    except sqlite3.Error as err:
        raise StoreError(f"the practice records could not be read or written: {err}") from err
    finally:
        if own:
            db.close()


def start_game(
    kind: str, rules: dict[str, Any], seed: int, levels: Sequence[str], deal_code: str,
    conn: sqlite3.Connection | None = None,
) -> int:
    """Record a started game; returns its id."""

    def insert(db: sqlite3.Connection) -> int:
        cur = db.execute(
            "INSERT INTO practice_games (kind, started_at, rules, seed, levels, deal_code) VALUES (?, ?, ?, ?, ?, ?)",
            (kind, _now(), json.dumps(rules), seed, json.dumps(list(levels)), deal_code),
        )
        assert cur.lastrowid is not None
        return cur.lastrowid

    return _transaction(conn, insert)


def save_hand(game_id: int, row: HandRow, conn: sqlite3.Connection | None = None) -> bool:
    """Record a finished hand; False if that hand was already recorded."""

    def insert(db: sqlite3.Connection) -> bool:
        cur = db.execute(
            """INSERT OR IGNORE INTO practice_hands (game_id, game_number, hand_number, played_at, record,
                   thrown_in, learner_called, learner_side_made, made, learner_alone, euchres_for, euchred,
                   points_for, points_against, grades)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
            (game_id, row.game_number, row.hand_number, _now(), json.dumps(row.record), row.thrown_in,
             row.learner_called, row.learner_side_made, row.made, row.learner_alone, row.euchres_for,
             row.euchred, row.points_for, row.points_against, json.dumps(list(row.grades))),
        )
        return cur.rowcount == 1

    return _transaction(conn, insert)


def finish_game(
    game_id: int, scores: Sequence[int], learner_won: bool, conn: sqlite3.Connection | None = None
) -> None:
    def update(db: sqlite3.Connection) -> None:
        db.execute(
            "UPDATE practice_games SET finished_at = ?, scores = ?, learner_won = ? WHERE id = ? AND finished_at IS NULL",
            (_now(), json.dumps(list(scores)), learner_won, game_id),
        )

    _transaction(conn, update)


def damaged_note(count: int) -> str:
    """'2 damaged records were skipped' (empty for none)."""
    if not count:
        return ""
    return f"{count} damaged record{' was' if count == 1 else 's were'} skipped"


class Records(list[dict[str, Any]]):
    """A game's replay records; ``damaged`` counts the rows skipped because they did not parse."""

    damaged: int = 0

    @property
    def note(self) -> str:
        return damaged_note(self.damaged)


def _json_value(text: object) -> Any:
    """A stored JSON column, or None when the row is damaged (not text, not JSON, too big or deep)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            return None
    if not isinstance(text, str):
        return None
    try:
        return load_json(text)
    except JSONTextError:
        return None


def game_records(game_id: int, conn: sqlite3.Connection | None = None) -> Records:
    """The replay records of a game's hands, in order (for export); damaged rows are skipped and counted."""
    rows = _transaction(conn, lambda db: db.execute(
        "SELECT record FROM practice_hands WHERE game_id = ? ORDER BY game_number, hand_number", (game_id,)
    ).fetchall())
    out = Records()
    for (text,) in rows:
        record = _json_value(text)
        if isinstance(record, dict):
            out.append(record)
        else:
            out.damaged += 1
    return out


@dataclass(frozen=True, slots=True)
class Stats:
    games: int  # games (and replayed deals) with at least one hand played
    games_finished: int
    games_won: int
    hands: int
    called: int
    called_made: int
    euchres_for: int
    euchred: int
    loners: int
    loners_made: int
    points_for: int
    points_against: int
    grades: dict[str, int]
    timeline: list[dict[str, Any]]  # one row per hand: index, played_at, net points, grade counts
    damaged: int = 0  # hands whose stored grades did not parse: left out of grades and timeline

    @property
    def damaged_note(self) -> str:
        """'2 damaged records were skipped', or '' when none were."""
        return damaged_note(self.damaged)

    @property
    def points_per_hand(self) -> float:
        return (self.points_for - self.points_against) / self.hands if self.hands else 0.0


def statistics(conn: sqlite3.Connection | None = None) -> Stats:
    """Everything the statistics view shows, from every recorded hand (damaged rows skipped, counted)."""

    def read(db: sqlite3.Connection) -> tuple[Any, Any, list[Any]]:
        # A game counts once a hand of it was played: the table opens a game on every visit.
        g = db.execute(
            """SELECT count(*), count(finished_at), coalesce(sum(learner_won), 0) FROM practice_games AS g
               WHERE EXISTS (SELECT 1 FROM practice_hands AS h WHERE h.game_id = g.id)"""
        ).fetchone()
        h = db.execute(
            """SELECT count(*), coalesce(sum(learner_called), 0),
                      coalesce(sum(learner_called AND made), 0), coalesce(sum(euchres_for), 0),
                      coalesce(sum(euchred), 0), coalesce(sum(learner_alone), 0),
                      coalesce(sum(learner_alone AND made), 0),
                      coalesce(sum(points_for), 0), coalesce(sum(points_against), 0)
               FROM practice_hands"""
        ).fetchone()
        rows = db.execute(
            "SELECT played_at, points_for - points_against, grades FROM practice_hands ORDER BY id"
        ).fetchall()
        return g, h, rows

    g, h, rows = _transaction(conn, read)
    grades: dict[str, int] = {}
    timeline: list[dict[str, Any]] = []
    damaged = 0
    index = 0
    for played_at, net, grade_json in rows:
        words = _json_value(grade_json)
        if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
            damaged += 1
            continue
        index += 1
        counts: dict[str, int] = {}
        for grade in words:
            counts[grade] = counts.get(grade, 0) + 1
            grades[grade] = grades.get(grade, 0) + 1
        timeline.append({"hand": index, "played_at": played_at, "net_points": net, **counts})
    return Stats(
        games=g[0], games_finished=g[1], games_won=g[2], hands=h[0], called=h[1], called_made=h[2],
        euchres_for=h[3], euchred=h[4], loners=h[5], loners_made=h[6], points_for=h[7],
        points_against=h[8], grades=grades, timeline=timeline, damaged=damaged,
    )


__all__ = [
    "SCHEMA", "HandRow", "Records", "Stats", "StoreError", "damaged_note", "finish_game", "game_records", "save_hand", "start_game",
    "statistics",
]
