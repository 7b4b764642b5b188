"""The store keeps the app working: damaged rows are skipped and counted, a locked database is
retried and then reported without advice to change the path."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from store import db, practice_log
from store.practice_log import HandRow


def hand(number: int) -> HandRow:
    return HandRow(1, number, {"dealer": 0}, False, True, True, True, False, False, False, 1, 0, ("good",))


@pytest.fixture
def conn(tmp_path: Path) -> sqlite3.Connection:
    c = db.connect(tmp_path / "coach.sqlite3")
    game = practice_log.start_game("game", {}, 1, ["beginner"] * 4, "code", conn=c)
    for n in range(1, 5):
        practice_log.save_hand(game, hand(n), conn=c)
    return c


def test_damaged_rows_are_skipped_and_counted(conn: sqlite3.Connection) -> None:
    with conn:
        conn.execute("UPDATE practice_hands SET grades = 'not json' WHERE hand_number = 1")
        conn.execute("UPDATE practice_hands SET grades = '5' WHERE hand_number = 2")
        conn.execute("UPDATE practice_hands SET record = '{oops' WHERE hand_number = 3")
        conn.execute("UPDATE practice_hands SET record = ? WHERE hand_number = 4", ("[" * 10_000,))
    stats = practice_log.statistics(conn)
    assert stats.damaged == 2 and stats.damaged_note == "2 damaged records were skipped"
    assert stats.grades == {"good": 2} and [row["hand"] for row in stats.timeline] == [1, 2]
    records = practice_log.game_records(1, conn)
    assert len(records) == 2 and records.damaged == 2 and records.note == "2 damaged records were skipped"


def test_a_locked_database_is_retried_then_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "coach.sqlite3"
    practice_log.statistics(db.connect(path))  # creates the tables
    monkeypatch.setattr(db, "BUSY_TIMEOUT", 0.05)
    monkeypatch.setattr(db, "BUSY_PAUSE", 0.0)
    notices: list[str] = []
    monkeypatch.setattr(db, "busy_listeners", [notices.append])
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")  # another program holds the database
    try:
        with pytest.raises(db.DatabaseBusy) as caught:
            practice_log.statistics(db.connect(path))
    finally:
        other.execute("ROLLBACK")
        other.close()
    message = str(caught.value)
    assert "busy" in message and "another session or program" in message and db.ENV_VAR not in message
    assert "path" not in message
    assert notices == [db.BUSY_NOTICE] * (db.BUSY_TRIES - 1)
    assert "the database is busy (another session or program is writing to it); retrying…" in caplog.text


def test_a_lock_released_while_retrying_succeeds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "coach.sqlite3"
    conn = db.connect(path)
    practice_log.statistics(conn)
    monkeypatch.setattr(db, "BUSY_TIMEOUT", 0.05)
    monkeypatch.setattr(db, "BUSY_PAUSE", 0.0)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")

    def release(_: str) -> None:
        if other.in_transaction:
            other.execute("ROLLBACK")

    monkeypatch.setattr(db, "busy_listeners", [release])
    game = practice_log.start_game("game", {}, 1, ["club"] * 4, "code", conn=conn)
    other.close()
    assert practice_log.game_records(game, conn) == []
