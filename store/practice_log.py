"""The practice table's records: finished games and hands, and the statistics built on them.

Two tables in the app's database (``store.db``): ``practice_games`` (one row per game or
replayed deal) and ``practice_hands`` (one row per finished hand, with its replay record
as JSON, the learner's facts and the grades of the learner's decisions). Saving a hand
is idempotent (one row per game, game number and hand number), so a page that reruns
never records a hand twice. Every database problem is raised as ``StoreError``.

Writes to the app's database go through ``store.db.writer`` (in order, in the background,
retried while another program holds the file locked): a save waits ``store.db.WRITE_WAIT`` at most,
and when the file is busy it returns at once and the write is made later. A game started
then has a *provisional* id (negative) that its later saves use; ``save_status`` says what is
still waiting or has failed. Writes on a connection the caller passes run at once, as before.

Statistics read every row the figures use and check each field (type, range, known grade
words); a row that does not pass is left out of every figure and counted (``Stats.damaged``).
Sums are Python integers, so no stored value can overflow them.

The skill figure (``practice.skill``) reads four later columns of ``practice_hands``, added to an
older database when missing (``_migrate``): ``decisions`` (JSON list of ``[kind, points lost]``,
one per real decision of the learner's: ``DecisionFact``), ``luck`` (the hand's luck in points, or
NULL), ``no_luck`` (why a hand has no luck figure: one of NO_LUCK, NULL when it has one or for a
row written before the reason was kept) and ``learner`` (whose hand it is, or NULL). A row written
before them has NULL decisions and is left out of the skill figure, not counted as damaged, but
counted (``SkillHands.not_kept``) so the page can say why its hands are fewer than those played; a
decisions, luck or reason value that does not read is skipped and counted (``SkillHands.damaged``).
"""

from __future__ import annotations

import itertools
import json
import math
import re
import threading
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

from engine.core.scoring import CASES, hand_points
from engine.io.record_file import JSONTextError, load_json
from store import fields as stored
from store.backend import ERRORS, Connection
from store.db import (
    READ_FLUSH,
    SaveStatus,
    StoreError,
    add_columns,
    connect,
    db_path,
    ensure_schema,
    retrying,
    write,
    writer,
)

T = TypeVar("T")

GRADE_WORDS = (
    "best",
    "good",
    "inaccuracy",
    "mistake",
    "blunder",
)  # practice.review.GRADES (a test keeps them equal)
GAME_KINDS = ("game", "replay", "import")
MAX_HAND_POINTS = max(
    max(hand_points(p, tricks, alone, lone)) for p, alone, lone in CASES for tricks in range(6)
)
MAX_GRADES = 64  # grade words one hand can hold (a hand has a dozen decisions at most)
KINDS = ("bidding", "leading", "following", "defending")  # the kinds of decision (practice.skill)
MAX_LOST = 100.0  # points one decision can lose, far above any real loss (a hand swings 8 at most)
MAX_LUCK = 100.0  # a hand's luck in points, the same bound
# why a hand has no luck figure (practice.skill.NO_LUCK words them): a seat before the learner's ordered
# up (no round-1 decision), rules other than the defaults, or the hand could not be valued
NO_LUCK = ("ordered", "rules", "no_figure")
MAX_LEARNER = 200  # characters of a learner key
FIRST_YEAR = 2000  # no record of this app is older; a year before it (0001) is damage
_TIME = re.compile(
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}[T ][0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,6})?(Z|[+-][0-9]{2}:[0-9]{2})"
)

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
        record TEXT NOT NULL,             -- JSON replay record (engine.io.deal_record.to_record)
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
        decisions TEXT,                   -- JSON list of [kind, points lost] per real decision (NULL: not kept)
        luck REAL,                        -- the hand's luck in points (practice.skill), NULL when none
        no_luck TEXT,                     -- why luck is NULL (one of NO_LUCK), NULL when not known
        learner TEXT,                     -- whose hand it is (ui.learn_profile's key), NULL when not known
        UNIQUE (game_id, game_number, hand_number)
    )""",
)
# Columns added after the first release, with their types: an older database gets them (_migrate).
ADDED_COLUMNS = (("decisions", "TEXT"), ("luck", "REAL"), ("learner", "TEXT"), ("no_luck", "TEXT"))
# practice_games' ``token``: a random key each start_game writes, so that a start written again (the
# connection lost while it committed: store.db's writer tries it again) finds its row instead of
# adding a second game. Added by _migrate to every table, old or new, with its unique index.
GAME_TOKEN = "token"
GAME_TOKEN_INDEX = "CREATE UNIQUE INDEX IF NOT EXISTS practice_games_token ON practice_games (token)"


@dataclass(frozen=True, slots=True)
class DecisionFact:
    """One real decision of the learner's: its kind (one of KINDS) and the points it lost (>= 0)."""

    kind: str
    lost: float


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
    decisions: tuple[DecisionFact, ...] | None = None  # None: not kept (left out of the skill figure)
    luck: float | None = None  # the hand's luck in points (practice.skill.hand_luck)
    learner: str | None = None  # whose hand it is, when known
    no_luck: str | None = None  # why ``luck`` is None: one of NO_LUCK (practice.skill.luck_of)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _transaction(conn: Connection | None, work: Callable[[Connection], T], *, reading: bool = False) -> T:
    """``work(db)`` in one transaction (the app's database unless ``conn`` is given), tried
    again while another program holds the database (store.db.retrying; ``reading``: about a second)."""
    own = conn is None
    db = connect() if conn is None else conn
    try:
        ensure_schema(db, SCHEMA, reading=reading)
        retrying(lambda: _migrate(db), db, reading=reading)

        def attempt() -> T:
            with db:
                return work(db)

        return retrying(attempt, db, reading=reading)
    except ERRORS as err:
        raise StoreError(f"the practice records could not be read or written: {err}") from err
    finally:
        if own:
            db.close()


def _migrate(db: Connection) -> None:
    """Add the columns of ADDED_COLUMNS that an older ``practice_hands`` table lacks, and
    ``practice_games.token`` with its index (GAME_TOKEN)."""
    add_columns(db, "practice_hands", ADDED_COLUMNS)
    games = {row[1] for row in db.execute("PRAGMA table_info(practice_games)").fetchall()}
    if GAME_TOKEN not in games:
        add_columns(db, "practice_games", ((GAME_TOKEN, "TEXT"),))
        with db:
            db.execute(GAME_TOKEN_INDEX)


def _decisions_json(facts: tuple[DecisionFact, ...] | None) -> str | None:
    return None if facts is None else json.dumps([[f.kind, f.lost] for f in facts])


def _write(conn: Connection | None, what: str, work: Callable[[Connection], T], queued: T) -> T:
    """``store.db.write`` with this module's tables (and their later columns). Raises StoreError."""
    return write(conn, SCHEMA, what, work, queued, "the practice records could not be written", _migrate)


# Games started while the database was busy: provisional id (negative) -> the id the row got.
_provisional: dict[int, int] = {}
_provisional_lock = threading.Lock()
_provisional_ids = itertools.count(-1, -1)


def _game_row(game_id: int) -> int:
    """The row id of ``game_id`` (a provisional id once its game is written). Raises StoreError
    for a game whose start was never written."""
    if game_id > 0:
        return game_id
    with _provisional_lock:
        row = _provisional.get(game_id)
    if row is None:
        raise StoreError("the game it belongs to could not be recorded")
    return row


def start_game(
    kind: str,
    rules: dict[str, Any],
    seed: int,
    levels: Sequence[str],
    deal_code: str,
    conn: Connection | None = None,
) -> int:
    """Record a started game; returns its id (a provisional negative id while the write waits for
    a busy database: pass it to ``save_hand`` and ``finish_game`` like any other)."""
    with _provisional_lock:
        provisional = next(_provisional_ids)
    started, token = _now(), uuid.uuid4().hex

    def insert(db: Connection) -> int:
        found = db.execute("SELECT id FROM practice_games WHERE token = ?", (token,)).fetchone()
        game_id = int(
            found[0]
            if found is not None  # written already, by a try whose commit was not confirmed
            else db.execute(
                "INSERT INTO practice_games (kind, started_at, rules, seed, levels, deal_code, token) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (kind, started, json.dumps(rules), seed, json.dumps(list(levels)), deal_code, token),
            ).fetchone()[0]
        )
        if conn is None:
            with _provisional_lock:
                _provisional[provisional] = game_id
        return game_id

    return _write(conn, "starting a game", insert, provisional)


def save_hand(game_id: int, row: HandRow, conn: Connection | None = None) -> bool:
    """Record a finished hand; False if that hand was already recorded (True also while the
    write waits for a busy database). A luck that is not a finite number is kept as none, for the
    reason "no_figure" (SQLite would keep a NaN as NULL, a row without its reason)."""
    played = _now()
    luck = row.luck if row.luck is None or math.isfinite(row.luck) else None
    no_luck = None if luck is not None else (row.no_luck if row.luck is None else "no_figure")

    def insert(db: Connection) -> bool:
        cur = db.execute(
            """INSERT OR IGNORE INTO practice_hands (game_id, game_number, hand_number, played_at, record,
                   thrown_in, learner_called, learner_side_made, made, learner_alone, euchres_for, euchred,
                   points_for, points_against, grades, decisions, luck, learner, no_luck)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
            (
                _game_row(game_id),
                row.game_number,
                row.hand_number,
                played,
                json.dumps(row.record),
                row.thrown_in,
                row.learner_called,
                row.learner_side_made,
                row.made,
                row.learner_alone,
                row.euchres_for,
                row.euchred,
                row.points_for,
                row.points_against,
                json.dumps(list(row.grades)),
                _decisions_json(row.decisions),
                luck,
                row.learner,
                no_luck,
            ),
        )
        return cur.rowcount == 1

    return _write(conn, "saving a hand", insert, True)


def finish_game(
    game_id: int, scores: Sequence[int], learner_won: bool, conn: Connection | None = None
) -> None:
    finished = _now()

    def update(db: Connection) -> None:
        db.execute(
            "UPDATE practice_games SET finished_at = ?, scores = ?, learner_won = ? WHERE id = ? AND finished_at IS NULL",
            (finished, json.dumps(list(scores)), learner_won, _game_row(game_id)),
        )

    _write(conn, "saving the game's result", update, None)


def save_status() -> SaveStatus:
    """The app database's writes still waiting (it is busy) and those that failed unseen."""
    return writer.status(db_path())


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
    if not isinstance(text, str) or text != text.strip():  # the app writes none around it
        return None
    try:
        return load_json(text)
    except JSONTextError:
        return None


def _before_reading(conn: Connection | None) -> None:
    """A read of the app's database first lets this process's queued writes land (briefly)."""
    if conn is None:
        writer.flush(db_path(), READ_FLUSH)


def game_records(game_id: int, conn: Connection | None = None) -> Records:
    """The replay records of a game's hands, in order (for export); damaged rows are skipped and counted.
    A game whose start is still queued has none yet."""
    _before_reading(conn)
    try:
        row_id = _game_row(game_id)
    except StoreError:
        return Records()
    rows = _transaction(
        conn,
        lambda db: db.execute(
            "SELECT record FROM practice_hands WHERE game_id = ? ORDER BY game_number, hand_number", (row_id,)
        ).fetchall(),
        reading=True,
    )
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
    games: int  # games (and replayed deals) with at least one readable hand played
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
    damaged: int = 0  # rows (hands and games) that did not pass the checks: left out of every figure
    damaged_games: int = 0  # of which game rows

    @property
    def damaged_note(self) -> str:
        """'2 damaged records were skipped', or '' when none were."""
        return damaged_note(self.damaged)

    @property
    def points_per_hand(self) -> float:
        return (self.points_for - self.points_against) / self.hands if self.hands else 0.0


@dataclass(frozen=True, slots=True)
class _Hand:
    """The fields of one readable ``practice_hands`` row that the statistics use."""

    game_id: int
    played_at: str
    learner_called: bool
    made: bool | None
    learner_alone: bool
    euchres_for: bool
    euchred: bool
    points_for: int
    points_against: int
    grades: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class _Game:
    id: int
    finished: bool
    won: bool


def _flag(value: object) -> bool | None:
    """A stored 0/1 as a bool; None for anything else (a damaged field)."""
    found = stored.whole(value, 0, 1)
    return None if found is None else bool(found)


def _timestamp(value: object) -> str | None:
    """A stored time as ``_now`` writes it (``2026-12-06T14:03:09+00:00``: a date, a time to the
    second, perhaps its fraction, and its offset from UTC, nothing around it) in a year from
    FIRST_YEAR to next year, else None: a date without its time, a time without its zone, the
    years 0001 or 9999, a space after it are damage, never guessed."""
    if not isinstance(value, str) or _TIME.fullmatch(value) is None:
        return None
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        return None
    return value if FIRST_YEAR <= when.year <= datetime.now(UTC).year + 1 else None


def _grade_words(value: object) -> tuple[str, ...] | None:
    """The stored JSON list of grade words, each one of GRADE_WORDS; None when damaged."""
    words = _json_value(value)
    if not isinstance(words, list) or len(words) > MAX_GRADES or not all(w in GRADE_WORDS for w in words):
        return None
    return tuple(words)


HAND_COLUMNS = (
    "game_id",
    "played_at",
    "thrown_in",
    "learner_called",
    "learner_side_made",
    "made",
    "learner_alone",
    "euchres_for",
    "euchred",
    "points_for",
    "points_against",
    "grades",
)


def _hand(row: Sequence[object]) -> _Hand | None:
    """One ``practice_hands`` row (HAND_COLUMNS) if every field the figures use reads, else None."""
    game_id, played_at, thrown_in, called, side_made, made, alone, euchres_for, euchred, pf, pa, grades = row
    flags = [_flag(v) for v in (thrown_in, called, side_made, alone, euchres_for, euchred)]
    made_flag = None if made is None else _flag(made)
    points = (stored.whole(pf, 0, MAX_HAND_POINTS), stored.whole(pa, 0, MAX_HAND_POINTS))
    played = _timestamp(played_at)
    words = _grade_words(grades)
    if (
        type(game_id) is not int
        or played is None
        or words is None
        or None in flags
        or (made is not None and made_flag is None)
        or points[0] is None
        or points[1] is None
    ):
        return None
    return _Hand(
        game_id,
        played,
        bool(flags[1]),
        made_flag,
        bool(flags[3]),
        bool(flags[4]),
        bool(flags[5]),
        points[0],
        points[1],
        words,
    )


def _game(row: Sequence[object]) -> _Game | None:
    """One ``practice_games`` row (id, kind, started_at, finished_at, learner_won) if it reads, else None."""
    game_id, kind, started_at, finished_at, learner_won = row
    if type(game_id) is not int or kind not in GAME_KINDS or _timestamp(started_at) is None:
        return None
    if finished_at is None:
        return _Game(game_id, False, False) if learner_won is None else None
    won = _flag(learner_won)
    if _timestamp(finished_at) is None or won is None:
        return None
    return _Game(game_id, True, won)


def statistics(conn: Connection | None = None) -> Stats:
    """Everything the statistics view shows, from every readable recorded hand and game; rows that
    do not read (a field of the wrong type, out of range, an unknown grade word) are skipped and counted."""

    def read(db: Connection) -> tuple[list[Any], list[Any]]:
        games = db.execute(
            "SELECT id, kind, started_at, finished_at, learner_won FROM practice_games ORDER BY id"
        ).fetchall()
        hands = db.execute(f"SELECT {', '.join(HAND_COLUMNS)} FROM practice_hands ORDER BY id").fetchall()
        return games, hands

    _before_reading(conn)
    game_rows, hand_rows = _transaction(conn, read, reading=True)
    hands = [_hand(row) for row in hand_rows]
    readable = [h for h in hands if h is not None]
    games = [_game(row) for row in game_rows]
    played = {h.game_id for h in readable}  # a game counts once a hand of it was played (a visit opens one)
    counted = [g for g in games if g is not None and g.id in played]
    grades: dict[str, int] = {}
    timeline: list[dict[str, Any]] = []
    for index, h in enumerate(readable, start=1):
        counts: dict[str, int] = {}
        for grade in h.grades:
            counts[grade] = counts.get(grade, 0) + 1
            grades[grade] = grades.get(grade, 0) + 1
        timeline.append(
            {"hand": index, "played_at": h.played_at, "net_points": h.points_for - h.points_against, **counts}
        )
    damaged_games = sum(g is None for g in games)
    return Stats(
        games=len(counted),
        games_finished=sum(g.finished for g in counted),
        games_won=sum(g.won for g in counted),
        hands=len(readable),
        called=sum(h.learner_called for h in readable),
        called_made=sum(h.learner_called and h.made is True for h in readable),
        euchres_for=sum(h.euchres_for for h in readable),
        euchred=sum(h.euchred for h in readable),
        loners=sum(h.learner_alone for h in readable),
        loners_made=sum(h.learner_alone and h.made is True for h in readable),
        points_for=sum(h.points_for for h in readable),
        points_against=sum(h.points_against for h in readable),
        grades=grades,
        timeline=timeline,
        damaged=len(hands) - len(readable) + damaged_games,
        damaged_games=damaged_games,
    )


@dataclass(frozen=True, slots=True)
class SkillHand:
    """One hand's decisions for the skill figure: when it was played, its facts, its luck (or why
    it has none: one of NO_LUCK, None when not recorded)."""

    played_at: str
    decisions: tuple[DecisionFact, ...]
    luck: float | None
    no_luck: str | None = None


class SkillHands(list[SkillHand]):
    """The hands whose decisions were kept, in the order played; ``damaged`` counts the rows
    skipped because their decisions, luck, reason or time did not read. The hands recorded but not
    here: ``others``, of other learners (or none named) when a learner was asked for; ``not_kept``,
    written before the decisions were kept."""

    damaged: int = 0
    others: int = 0
    not_kept: int = 0


def _facts(value: object) -> tuple[DecisionFact, ...] | None:
    """The stored JSON list of [kind, points lost] pairs; None when damaged."""
    items = _json_value(value)
    if not isinstance(items, list) or len(items) > MAX_GRADES:
        return None
    out = []
    for item in items:
        if not isinstance(item, list) or len(item) != 2 or item[0] not in KINDS:
            return None
        lost = stored.number(item[1], 0, MAX_LOST)
        if lost is None:
            return None
        out.append(DecisionFact(item[0], lost))
    return tuple(out)


def _luck(value: object) -> float | None | bool:
    """A stored luck: None (none), a finite number within MAX_LUCK, or False when damaged."""
    if value is None:
        return None
    found = stored.number(value, -MAX_LUCK, MAX_LUCK)
    return False if found is None else found


def _reason_reads(value: object, luck: object) -> bool:
    """Does a stored reason for no luck read: NULL, one of NO_LUCK, or anything beside a luck figure
    (it is not read then)?"""
    return value is None or luck is not None or value in NO_LUCK


def skill_hands(conn: Connection | None = None, learner: str | None = None) -> SkillHands:
    """The hands whose decisions were kept (``learner``: only that learner's), for ``practice.skill``.
    A row without decisions (written before they were kept) is left out and counted in
    ``not_kept``, another learner's in ``others``; one whose decisions, luck, reason or time do not
    read is skipped and counted in ``damaged``."""

    def read(db: Connection) -> tuple[list[Any], int, int]:
        where = "decisions IS NOT NULL" + (" AND learner = ?" if learner is not None else "")
        args = (learner,) if learner is not None else ()
        rows = db.execute(
            f"SELECT played_at, decisions, luck, no_luck FROM practice_hands WHERE {where} ORDER BY id", args
        ).fetchall()
        not_kept = db.execute("SELECT COUNT(*) FROM practice_hands WHERE decisions IS NULL").fetchone()[0]
        others = 0
        if learner is not None:
            others = db.execute(
                "SELECT COUNT(*) FROM practice_hands WHERE decisions IS NOT NULL "
                "AND (learner IS NULL OR learner <> ?)",
                args,
            ).fetchone()[0]
        return rows, int(not_kept), int(others)

    _before_reading(conn)
    out = SkillHands()
    rows, out.not_kept, out.others = _transaction(conn, read, reading=True)
    for played_at, decisions, luck, no_luck in rows:
        played, facts, hand_luck = _timestamp(played_at), _facts(decisions), _luck(luck)
        if played is None or facts is None or hand_luck is False or not _reason_reads(no_luck, luck):
            out.damaged += 1
            continue
        reason = no_luck if hand_luck is None and isinstance(no_luck, str) else None
        out.append(SkillHand(played, facts, None if hand_luck is None else float(hand_luck), reason))
    return out


__all__ = [
    "GRADE_WORDS",
    "KINDS",
    "NO_LUCK",
    "SCHEMA",
    "DecisionFact",
    "HandRow",
    "SkillHand",
    "SkillHands",
    "Records",
    "SaveStatus",
    "Stats",
    "StoreError",
    "damaged_note",
    "finish_game",
    "game_records",
    "save_hand",
    "save_status",
    "skill_hands",
    "start_game",
    "statistics",
]
