"""A records database another program holds locked (an EXCLUSIVE transaction): reads answer
within about a second with a "busy" message, saves return at once and are written in the
background as soon as the lock goes (nothing lost), a save that fails is reported, and the
Practice page answers within a couple of seconds and says what is waiting (store/db.py's writer).
Before the writer, each page waited about 7 s per database call (14 s for the Statistics view)."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from store import db, practice_log
from store.backend import Connection
from store.practice_log import HandRow

APP = str(Path(__file__).resolve().parents[2] / "app.py")

# The limits are the waits a locked database adds, over the same work on the free database timed just
# before and after (a busy machine slows both alike): a wait of the old patience (about 7 s a call)
# fails them all the same.
READ_LIMIT = 1.5  # seconds a read may wait on a locked database (three 0.25 s tries and two 0.1 s pauses)
SAVE_LIMIT = 1.0  # seconds a save may take on a locked database (the writer's first 0.2 s try)
PAGE_LIMIT = 5.0  # seconds a page run may wait on a locked database (its two reads give up within
# READ_LIMIT each; it was 14 s when a page waited out the write patience)


def hand(number: int) -> HandRow:
    return HandRow(
        0, number, {"dealer": number}, False, True, True, True, False, False, False, 1, 0, ("good",)
    )


@pytest.fixture
def path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    target = tmp_path / "coach.sqlite3"
    monkeypatch.setenv(db.ENV_VAR, str(target))
    practice_log.statistics()  # the tables exist
    return target


@contextmanager
def locked(path: Path) -> Iterator[sqlite3.Connection]:
    """Another program holding the database: an EXCLUSIVE transaction until the block ends."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        yield other
    finally:
        if other.in_transaction:
            other.execute("ROLLBACK")
        other.close()


def timed(work: object) -> float:
    start = time.perf_counter()
    assert callable(work)
    work()
    return time.perf_counter() - start


def test_a_read_of_a_locked_database_answers_within_a_second_or_so(path: Path) -> None:
    free = timed(practice_log.statistics)
    with locked(path):
        start = time.perf_counter()
        with pytest.raises(db.DatabaseBusy) as caught:
            practice_log.statistics()
        took = time.perf_counter() - start
    free = max(free, timed(practice_log.statistics))
    assert took < free + READ_LIMIT, (took, free)
    message = str(caught.value)
    assert "busy" in message and "could not be read" in message and "Nothing was saved" not in message


def test_saves_on_a_locked_database_return_at_once_and_land_when_it_is_free(path: Path) -> None:
    with locked(path) as other:
        start = time.perf_counter()
        game = practice_log.start_game("game", {}, 7, ["you", "club"], "CODE")
        assert practice_log.save_hand(game, hand(0))
        assert practice_log.save_hand(game, hand(1))
        practice_log.finish_game(game, [10, 3], True)
        took = time.perf_counter() - start
        assert game < 0  # provisional: the write waits in the queue
        status = practice_log.save_status()
        assert status.pending == 4 and status.busy and status.failed == ()
        assert practice_log.game_records(game) == []  # not written yet (the read gives up quickly)
        other.execute("ROLLBACK")  # the other program lets go
    assert took < 4 * SAVE_LIMIT, took
    assert db.writer.flush(path, 10.0, wait_if_busy=True)
    assert practice_log.save_status() == db.SaveStatus()
    stats = practice_log.statistics()
    assert (stats.games, stats.games_finished, stats.games_won, stats.hands) == (1, 1, 1, 2)
    assert practice_log.game_records(game) == [{"dealer": 0}, {"dealer": 1}]


def test_each_save_waits_at_most_its_first_try(path: Path) -> None:
    with locked(path):
        took = [timed(lambda: practice_log.start_game("game", {}, 1, ["you"], "C")) for _ in range(3)]
    assert max(took) < SAVE_LIMIT, took
    assert db.writer.flush(path, 10.0, wait_if_busy=True)
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT count(*) FROM practice_games").fetchone()[0] == 3


def test_a_save_on_a_free_database_returns_its_real_id(path: Path) -> None:
    game = practice_log.start_game("game", {}, 1, ["you"], "C")
    assert game > 0 and practice_log.save_hand(game, hand(0)) and not practice_log.save_hand(game, hand(0))
    assert practice_log.statistics().hands == 1


def test_a_failed_background_write_is_reported_not_lost(path: Path) -> None:
    with locked(path):
        game = practice_log.start_game("game", {}, 1, ["you"], "C")  # queued behind the lock

        def broken(conn: Connection) -> None:
            conn.execute("INSERT INTO no_such_table VALUES (1)")

        db.writer.submit(path, broken, "saving something")
    assert db.writer.flush(path, 10.0, wait_if_busy=True)
    status = practice_log.save_status()
    assert status.pending == 0 and len(status.failed) == 1
    assert status.failed[0].startswith("saving something: ") and "no_such_table" in status.failed[0]
    assert practice_log.game_records(game) == []  # the game itself was written
    assert practice_log.statistics().damaged == 0


def test_a_save_that_fails_at_once_raises_as_before(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    broken = tmp_path / "broken.sqlite3"
    broken.write_bytes(b"this is not a database" * 100)
    monkeypatch.setenv(db.ENV_VAR, str(broken))
    with pytest.raises(db.StoreError, match="broken.sqlite3"):
        practice_log.start_game("game", {}, 1, ["you"], "C")
    assert practice_log.save_status().failed == ()  # the caller was told: not reported twice


def _statistics_run() -> float:
    """Seconds of a fresh visit's run of the Practice page's statistics on the free database."""
    fresh = AppTest.from_file(APP, default_timeout=120)
    fresh.switch_page("views/practice/practice.py")
    fresh.session_state["practice_view"] = "Statistics"
    took = timed(fresh.run)
    assert not fresh.exception
    return took


def test_the_practice_page_answers_quickly_on_a_locked_database(path: Path) -> None:
    at = AppTest.from_file(APP, default_timeout=120)
    at.switch_page("views/practice/practice.py")
    at.run()  # unlocked: the compiled code warmed up, a game started
    assert not at.exception
    free = _statistics_run()
    with locked(path) as other:
        fresh = AppTest.from_file(APP, default_timeout=120)
        fresh.switch_page("views/practice/practice.py")
        fresh.session_state["practice_view"] = "Statistics"
        took = timed(fresh.run)
        assert not fresh.exception, [e.value for e in fresh.exception]
        assert any("Statistics are not available" in w.value and "busy" in w.value for w in fresh.warning)
        assert any("waiting to be saved" in i.value for i in fresh.info)  # this visit's game
        table_took = timed(at.run)
        other.execute("ROLLBACK")
    free = max(free, _statistics_run())
    assert took < free + PAGE_LIMIT and table_took < free + PAGE_LIMIT, (took, table_took, free)
    assert db.writer.flush(path, 10.0, wait_if_busy=True)
    # a game for each visit: the table's, the two on the free database and the one on the locked
    assert sqlite3.connect(path).execute("SELECT count(*) FROM practice_games").fetchone()[0] == 4
