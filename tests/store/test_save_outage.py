"""Saves while the records are out of reach (issue 50, item 3): the PostgreSQL server stopped, a
SQLite file's disk full. Before, such a save failed at once and was never tried again (20 of 29
Practice saves lost during a 6.6 s outage). Now the background writer keeps it queued and tries it
again for up to ``store.db.OUTAGE_LIMIT`` seconds, says so meanwhile (``SaveStatus.away``), and past
that lists the save as not saved (a lasting message); a save is never written twice.

A server of this module's own is stopped and started again (``bench.postgres.Server``); the disk
is a small tmpfs filled with a file (it needs root, as CI and the developers' machines run)."""

from __future__ import annotations

import subprocess
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from streamlit.testing.v1 import AppTest

from bench.postgres import PostgresMissing, Server, running_server, schema_url
from store import db, kept_games, practice_log
from store.practice_log import HandRow

APP = str(Path(__file__).resolve().parents[2] / "app.py")
SAVE_LIMIT = 1.5  # seconds a save may take while the records are out of reach (WRITE_WAIT is 1 s)
LAND_LIMIT = 30.0  # seconds for the queued saves to land once the records are back


def hand(number: int) -> HandRow:
    return HandRow(
        0, number, {"dealer": number}, False, True, True, True, False, False, False, 1, 0, ("good",)
    )


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    try:
        with running_server() as running:
            yield running
    except PostgresMissing as err:
        pytest.skip(str(err))


@pytest.fixture
def url(server: Server, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    server.start()
    location = schema_url(server.url, f"outage_{uuid.uuid4().hex[:12]}")
    monkeypatch.setenv(db.ENV_VAR, location)
    yield location
    server.start()  # the next test finds it running


def counts(location: str) -> tuple[int, int]:
    """(games, hands) recorded, read straight from the server."""
    with psycopg.connect(location) as conn:
        games = conn.execute("SELECT count(*) FROM practice_games").fetchone()
        hands = conn.execute("SELECT count(*) FROM practice_hands").fetchone()
    assert games is not None and hands is not None
    return int(games[0]), int(hands[0])


def timed_save(game: int, number: int) -> float:
    start = time.perf_counter()
    assert practice_log.save_hand(game, hand(number))  # True: saved, or kept to be saved
    return time.perf_counter() - start


def test_saves_while_the_server_is_stopped_wait_and_land_once(server: Server, url: str) -> None:
    game = practice_log.start_game("game", {}, 7, ["you", "club"], "CODE")
    assert game > 0 and timed_save(game, 0) < SAVE_LIMIT
    server.stop()  # every session ended: the writer's own connection is lost
    took = [timed_save(game, n) for n in range(1, 6)]
    kept_games.keep("ada", {"deal": "AAAE-E7IH-GFAA-BWZZ", "moves": "p"})
    status = practice_log.save_status()
    assert max(took) < SAVE_LIMIT, took
    assert status.away and status.pending == 6 and status.failed == ()
    assert 0 < status.retry_for <= db.OUTAGE_LIMIT
    server.start()
    assert db.writer.flush(url, LAND_LIMIT, wait_if_busy=True)
    assert counts(url) == (1, 6)  # every hand once, one game
    assert kept_games.kept("ada") == {"deal": "AAAE-E7IH-GFAA-BWZZ", "moves": "p"}
    assert practice_log.save_status() == db.SaveStatus()  # nothing waiting, nothing failed, reached


def test_a_game_started_while_the_server_is_stopped_keeps_its_hands(server: Server, url: str) -> None:
    server.stop()
    game = practice_log.start_game("game", {}, 7, ["you", "club"], "CODE")
    assert game < 0  # provisional: its row is written when the server is back
    assert timed_save(game, 0) < SAVE_LIMIT
    practice_log.finish_game(game, [10, 4], True)
    server.start()
    assert db.writer.flush(url, LAND_LIMIT, wait_if_busy=True)
    assert counts(url) == (1, 1)
    stats = practice_log.statistics()
    assert (stats.games, stats.games_finished, stats.games_won, stats.hands) == (1, 1, 1, 1)


def test_past_the_limit_a_save_is_listed_as_not_saved_and_later_ones_land(
    server: Server, url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(db, "OUTAGE_LIMIT", 1.0)
    game = practice_log.start_game("game", {}, 7, ["you", "club"], "CODE")
    server.stop()
    timed_save(game, 0)
    assert db.writer.flush(url, LAND_LIMIT, wait_if_busy=True)  # given up after about a second
    status = practice_log.save_status()
    assert status.away and status.retry_for == 0 and status.pending == 0
    assert len(status.failed) == 1
    assert status.failed[0].startswith("saving a hand: not saved: the records stayed out of reach for 1 s")
    assert "Check that the PostgreSQL server" in status.failed[0] and "Connection refused" in status.failed[0]
    start = time.perf_counter()
    timed_save(game, 1)  # the records are still away: tried once, then listed too
    assert db.writer.flush(url, LAND_LIMIT, wait_if_busy=True)
    assert time.perf_counter() - start < 5.0
    status = practice_log.save_status()
    assert len(status.failed) == 2 and status.not_saved == (("saving a hand", 2),)
    server.start()
    assert timed_save(game, 2) < SAVE_LIMIT  # back: written by the writer's next try
    assert db.writer.flush(url, LAND_LIMIT, wait_if_busy=True)
    status = practice_log.save_status()
    assert not status.away and len(status.failed) == 2  # the two not saved are still said
    assert counts(url) == (1, 1)


def test_a_start_written_twice_is_one_game(tmp_path: Path) -> None:
    # the writer runs a write again when the connection was lost while it committed: start_game's
    # second run finds its row by its token instead of adding a game
    conn = db.connect(tmp_path / "coach.sqlite3")
    practice_log.statistics(conn)  # the tables, with the token column and its index
    token = uuid.uuid4().hex
    row = ("game", "2026-12-06T10:00:00+00:00", "{}", 7, '["you"]', "CODE", token)
    sql = (
        "INSERT INTO practice_games (kind, started_at, rules, seed, levels, deal_code, token) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)"
    )
    conn.execute(sql, row)
    conn.commit()
    with pytest.raises(Exception, match="UNIQUE"):
        conn.execute(sql, row)  # the index holds one row per token
    conn.rollback()
    first = practice_log.start_game("game", {}, 7, ["you"], "CODE", conn)
    second = practice_log.start_game("game", {}, 7, ["you"], "CODE", conn)
    assert first != second  # two starts are two games; only the same start written again is one
    assert conn.execute("SELECT count(*) FROM practice_games").fetchone()[0] == 3


# ---- a SQLite file on a full disk ----------------------------------------------------------------


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 1 MB tmpfs, unmounted after (skipped where this process may not mount one)."""
    folder = tmp_path / "disk"
    folder.mkdir()
    made = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)], capture_output=True, check=False
    )
    if made.returncode != 0:
        pytest.skip(f"cannot mount a small disk here: {made.stderr.decode(errors='replace').strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def test_saves_on_a_full_disk_wait_and_land_once_it_has_room(
    small_disk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = small_disk / "coach.sqlite3"
    monkeypatch.setenv(db.ENV_VAR, str(path))
    game = practice_log.start_game("game", {}, 7, ["you", "club"], "CODE")
    assert game > 0 and timed_save(game, 0) < SAVE_LIMIT
    ballast = small_disk / "ballast"
    with open(ballast, "wb") as fh, pytest.raises(OSError, match="No space left"):
        fh.write(b"x" * 2_000_000)  # the disk is full
    took = [timed_save(game, n) for n in range(1, 4)]
    status = practice_log.save_status()
    assert max(took) < SAVE_LIMIT, took
    assert status.away and status.pending == 3 and status.failed == ()
    ballast.unlink()
    assert db.writer.flush(path, LAND_LIMIT, wait_if_busy=True)
    assert practice_log.statistics().hands == 4
    assert practice_log.save_status() == db.SaveStatus()


def test_the_practice_page_says_its_saves_wait_for_the_records(
    small_disk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(db.ENV_VAR, str(small_disk / "coach.sqlite3"))
    practice_log.statistics()  # the tables exist
    with open(small_disk / "ballast", "wb") as fh, pytest.raises(OSError, match="No space left"):
        fh.write(b"x" * 2_000_000)
    at = AppTest.from_file(APP, default_timeout=120)
    at.switch_page("views/practice/practice.py")
    at.run()  # a game starts: its start is kept waiting
    assert not at.exception, [e.value for e in at.exception]
    said = [w.value for w in at.warning]
    assert any(
        "waiting: the records are out of reach (the database does not answer)" in w and "tried again" in w
        for w in said
    ), said
    assert not any("Records are not being saved" in w for w in said)  # kept, not refused
    (small_disk / "ballast").unlink()
    assert db.writer.flush(small_disk / "coach.sqlite3", LAND_LIMIT, wait_if_busy=True)
    assert practice_log.save_status() == db.SaveStatus()
