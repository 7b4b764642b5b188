"""The records on PostgreSQL (``EUCHRE_COACH_DB`` a ``postgresql://`` URL): what only a server
shows. The stores' own tests run on both kinds through the ``any_db`` fixture (two server
processes answering one class while the teacher reveals: tests/classroom/test_class_concurrency.py);
here, the write lock servers share, a busy lock told apart from a server not there, the SQL said in
PostgreSQL's words, the background writer and the lesson records.

The server is this run's own (``postgres_url``: Debian's package, started on a loopback port).
"""

from __future__ import annotations

import time
from pathlib import Path

import psycopg
import pytest

from lessons.progress import LessonProgress, Progress
from practice import records
from store import db, lesson_progress, practice_log
from store.backend import ServerConnection, is_server, server_sql
from store.practice_log import HandRow
from store.redact import shown

ROOT = Path(__file__).resolve().parents[2]


def hand(number: int) -> HandRow:
    return HandRow(1, number, {"dealer": 0}, False, True, True, True, False, False, False, 1, 0, ("good",))


def test_a_postgres_url_is_the_server_and_a_path_is_a_file(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(db.ENV_VAR, " postgresql://coach@db.school/coach ")
    assert db.db_path() == "postgresql://coach@db.school/coach"
    monkeypatch.setenv(db.ENV_VAR, "/srv/coach/coach.sqlite3")
    assert db.db_path() == Path("/srv/coach/coach.sqlite3")
    assert (
        is_server("postgres://x@y/z") and not is_server(Path("postgresql:/x")) and not is_server("x.sqlite3")
    )


def test_a_server_that_is_not_there_is_a_clear_message_without_the_password() -> None:
    with pytest.raises(db.StoreError) as err:
        db.connect("postgresql://coach:s3cret@127.0.0.1:1/coach")
    message = str(err.value)
    assert "postgresql://coach:***@127.0.0.1:1/coach" in message and "s3cret" not in message
    assert "PostgreSQL server is running" in message and "EUCHRE_COACH_DB" in message


def test_sqlite_words_are_said_in_postgres_words() -> None:
    assert server_sql("UPDATE t SET a = ? WHERE b = ? AND c LIKE '50%'") == (
        "UPDATE t SET a = %s WHERE b = %s AND c LIKE '50%%'"
    )
    assert server_sql("ALTER TABLE classes ADD COLUMN closes REAL") == (
        "ALTER TABLE classes ADD COLUMN IF NOT EXISTS closes DOUBLE PRECISION"
    )
    assert server_sql("SELECT length(CAST(data AS BLOB)) FROM p") == "SELECT octet_length(data) FROM p"
    assert shown("postgresql://u:p@h/d") == "postgresql://u:***@h/d" and shown("postgresql://u@h/d") == (
        "postgresql://u@h/d"
    )


def test_one_writer_at_a_time_and_reads_never_wait(postgres_db: str) -> None:
    """BEGIN IMMEDIATE on one connection holds the database's write lock: another writer is told the
    database is busy after its wait, as SQLite says 'database is locked'; a read answers at once."""
    first = ServerConnection(postgres_db, wait=2.0, implicit=False)
    second = ServerConnection(postgres_db, wait=0.3, implicit=False)
    try:
        first.execute("CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, at REAL NOT NULL)")
        first.execute("INSERT INTO t (at) VALUES (?)", (1.5,))
        first.execute("BEGIN IMMEDIATE")
        first.execute("INSERT INTO t (at) VALUES (?)", (2.5,))
        start = time.monotonic()
        assert second.execute("SELECT count(*), sum(id) FROM t").fetchone() == (1, 1)  # the first row only
        assert time.monotonic() - start < 0.25
        with pytest.raises(psycopg.OperationalError) as busy:
            second.execute("BEGIN IMMEDIATE")
        assert db.is_busy(busy.value) and 0.25 < time.monotonic() - start < 2.0
        second.rollback()
        first.execute("COMMIT")
        second.execute("BEGIN IMMEDIATE")
        second.execute("INSERT INTO t (at) VALUES (?)", (3.25,))
        second.execute("COMMIT")
        rows = first.execute("SELECT id, at FROM t ORDER BY id").fetchall()
        assert [tuple(r) for r in rows] == [(1, 1.5), (2, 2.5), (3, 3.25)]
        assert first.execute("PRAGMA table_info(t)").fetchall() == [(0, "id"), (1, "at")]
    finally:
        first.close()
        second.close()


def test_the_practice_records_through_the_background_writer(
    postgres_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(db.ENV_VAR, postgres_db)
    game = practice_log.start_game("game", {"stick_the_dealer": True}, 7, ["you", "a", "b", "c"], "CODE")
    assert game > 0  # the server's id, not a provisional one: the write was done within its wait
    assert [practice_log.save_hand(game, hand(n)) for n in (1, 2, 2, 3)] == [True, True, False, True]
    practice_log.finish_game(game, [10, 4], True)
    stats = practice_log.statistics()
    assert stats.hands == 3 and stats.games == 1 and stats.grades == {"good": 3}
    assert len(practice_log.game_records(game)) == 3


def test_lesson_records_merge_on_the_server(postgres_db: str) -> None:
    conn = lesson_progress.open_store(postgres_db)
    try:
        records.save(conn, "Ada", Progress((("bowers", LessonProgress(2, False)),)))
        records.save(
            conn, "Ada", Progress((("bowers", LessonProgress(1, True)), ("ranking", LessonProgress(3))))
        )
        kept = records.load(conn, "Ada")
        assert kept is not None
        assert dict(kept.lessons) == {"bowers": LessonProgress(2, True), "ranking": LessonProgress(3, False)}
        assert lesson_progress.learners(conn) == ("Ada",)
    finally:
        conn.close()
