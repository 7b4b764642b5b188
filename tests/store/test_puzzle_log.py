"""The puzzles' records (store/puzzle_log.py) on SQLite and on PostgreSQL (``any_db``): an attempt
reads back as written with both ratings moved, also after a restart; attempts at one puzzle by two
learners at once each move it, one after the other (the write lock from read to write); the
background writer saves them; damaged rows are skipped and counted; bad input is refused."""

from __future__ import annotations

import threading
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from store import puzzle_log
from store.backend import Location
from store.db import StoreError, connect
from store.puzzle_log import Glicko

NOW = datetime(2026, 12, 3, 14, 0, tzinfo=UTC)
ADA, BEN = "name:Ada", "browser:AbC_123-xyzXYZ7890qq"
PUZZLE = "0123456789ab"
START_LEARNER: Glicko = (1500.0, 350.0, 0.06)
START_PUZZLE: Glicko = (1400.0, 200.0, 0.06)


def plus_ten(solved: bool) -> puzzle_log.Rate:
    """A rating rule of the test's own (the store does not rate): the winner gains 10, the loser
    loses 10, both deviations shrink by 1."""
    sign = 1.0 if solved else -1.0

    def rate(learner: Glicko, puzzle: Glicko) -> tuple[Glicko, Glicko]:
        return (
            (learner[0] + 10 * sign, learner[1] - 1, learner[2]),
            (puzzle[0] - 10 * sign, puzzle[1] - 1, puzzle[2]),
        )

    return rate


def _record(who: str, solved: bool, db: Location | None = None, **extra: object) -> puzzle_log.Attempt:
    conn = connect(db) if db is not None else None
    try:
        return puzzle_log.record(
            who,
            PUZZLE,
            solved,
            ("draw-trump", "make-it"),
            plus_ten(solved),
            START_LEARNER,
            START_PUZZLE,
            conn=conn,
            **{"now": NOW, **extra},  # type: ignore[arg-type]
        )
    finally:
        if conn is not None:
            conn.close()


def test_an_attempt_reads_back_with_both_ratings_moved(any_db: Location) -> None:
    first = _record(ADA, True, any_db, lost=None, unit="points", streak=None)
    second = _record(ADA, False, any_db, lost=0.75, unit="points", streak=3)
    assert first.id > 0 and second.id > first.id
    # the first attempt starts from the given ratings; the second from the stored ones
    assert (first.learner_before, first.learner_after) == ((1500.0, 350.0), (1510.0, 349.0))
    assert (first.puzzle_before, first.puzzle_after) == (1400.0, 1390.0)
    assert (second.learner_before, second.learner_after) == ((1510.0, 349.0), (1500.0, 348.0))
    assert (second.puzzle_before, second.puzzle_after) == (1390.0, 1400.0)
    conn = connect(any_db)  # a restart: a new connection
    try:
        read = puzzle_log.attempts(ADA, conn)
        mine = puzzle_log.learner_rating(ADA, conn)
        ratings = puzzle_log.puzzle_ratings(conn)
        nobody = puzzle_log.learner_rating(BEN, conn)
    finally:
        conn.close()
    assert read.rows == (first, second) and read.damaged == 0
    assert second.themes == ("draw-trump", "make-it") and second.lost == 0.75 and second.streak == 3
    assert second.change == -10.0
    assert mine == puzzle_log.Standing((1500.0, 348.0, 0.06), 2)
    assert ratings.by_id == {PUZZLE: puzzle_log.Standing((1400.0, 198.0, 0.06), 2)}
    assert nobody is None


def test_two_learners_at_once_each_move_the_puzzle(any_db: Location) -> None:
    errors: list[BaseException] = []

    def play(who: str) -> None:
        try:
            for _ in range(5):
                _record(who, True, any_db)
        except BaseException as err:  # pragma: no cover - reported below
            errors.append(err)

    threads = [threading.Thread(target=play, args=(who,)) for who in (ADA, BEN)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    conn = connect(any_db)
    try:
        rows = puzzle_log.attempts(ADA, conn).rows + puzzle_log.attempts(BEN, conn).rows
        ratings = puzzle_log.puzzle_ratings(conn)
    finally:
        conn.close()
    chain = sorted(rows, key=lambda a: a.id)
    # every attempt started from the rating the one before it left: none was lost
    assert [a.puzzle_before for a in chain] == [1400.0 - 10 * i for i in range(10)]
    assert ratings.by_id[PUZZLE] == puzzle_log.Standing((1300.0, 190.0, 0.06), 10)


def test_the_apps_database_through_the_background_writer(db: Path) -> None:
    attempt = _record(ADA, True)
    assert attempt.id > 0
    assert puzzle_log.attempts(ADA).rows == (attempt,)
    assert puzzle_log.learner_rating(ADA) == puzzle_log.Standing((1510.0, 349.0, 0.06), 1)


def test_an_attempt_left_to_the_background_writer(db: Path) -> None:
    queued = puzzle_log.record(
        ADA, PUZZLE, True, ("bidding",), plus_ten(True), START_LEARNER, START_PUZZLE, now=NOW, wait=False
    )
    assert queued.id == 0 and queued.learner_after == (1510.0, 349.0)  # as it will be
    written = puzzle_log.attempts(ADA).rows  # a read waits for this process's queued writes
    assert len(written) == 1 and written[0].id > 0
    assert replace(written[0], id=0) == queued


def test_damaged_rows_are_skipped_and_counted(any_db: Location) -> None:
    good = _record(ADA, True, any_db)
    conn = connect(any_db)
    try:
        base = (
            "INSERT INTO puzzle_attempts (learner, puzzle, solved, learner_before, learner_rd_before, "
            "learner_after, learner_rd_after, puzzle_before, puzzle_after, themes, lost, unit, streak, at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        )
        fine = [ADA, PUZZLE, 1, 1500.0, 350.0, 1510.0, 349.0, 1400.0, 1390.0, '["bidding"]', None, None, None]
        stamp = NOW.isoformat()
        bad_rows = [
            fine[:3] + [float("inf")] + fine[4:] + [stamp],  # not a finite rating
            fine[:9] + ["not json"] + fine[10:] + [stamp],  # themes not JSON
            fine[:9] + ['["Not A Theme!"]'] + fine[10:] + [stamp],  # not a theme's word
            fine + ["yesterday"],  # not a time
            fine[:10] + [-1.0] + fine[11:] + [stamp],  # a negative loss
            fine[:11] + ["furlongs"] + fine[12:] + [stamp],  # not a unit
            fine[:2] + [7] + fine[3:] + [stamp],  # solved is 0 or 1
            fine[:1] + ["no spaces allowed"] + fine[2:] + [stamp],  # not a puzzle id
        ]
        for values in bad_rows:
            conn.execute(base, values)
        conn.execute(
            "INSERT INTO puzzle_ratings (puzzle, rating, rd, vol, attempts, updated) VALUES (?, ?, ?, ?, ?, ?)",
            ("ffffffffffff", 1500.0, -3.0, 0.06, 1, stamp),  # a negative deviation
        )
        conn.commit()
        read = puzzle_log.attempts(ADA, conn)
        ratings = puzzle_log.puzzle_ratings(conn)
    finally:
        conn.close()
    assert read.rows == (good,) and read.damaged == len(bad_rows)
    assert set(ratings.by_id) == {PUZZLE} and ratings.damaged == 1


def test_a_damaged_stored_rating_starts_again_from_the_given_one(tmp_path: Path) -> None:
    path = tmp_path / "coach.sqlite3"
    _record(ADA, True, path)
    conn = connect(path)
    conn.execute("UPDATE puzzle_learners SET rating = 'lots' WHERE learner = ?", (ADA,))
    conn.commit()
    conn.close()
    again = _record(ADA, True, path)
    assert again.learner_before == (1500.0, 350.0)  # the damaged row was not guessed at


@pytest.mark.parametrize(
    ("who", "puzzle", "themes", "extra"),
    [
        ("Ada", PUZZLE, ("bidding",), {}),  # not a learner key
        (ADA, "no spaces", ("bidding",), {}),
        (ADA, PUZZLE, (), {}),
        (ADA, PUZZLE, ("Bidding!",), {}),
        (ADA, PUZZLE, ("bidding",), {"lost": -0.5}),
        (ADA, PUZZLE, ("bidding",), {"unit": "furlongs"}),
    ],
)
def test_bad_input_is_refused(
    tmp_path: Path, who: str, puzzle: str, themes: tuple[str, ...], extra: dict[str, object]
) -> None:
    conn = connect(tmp_path / "coach.sqlite3")
    try:
        with pytest.raises(StoreError):
            puzzle_log.record(
                who,
                puzzle,
                True,
                themes,
                plus_ten(True),
                START_LEARNER,
                START_PUZZLE,
                conn=conn,
                **extra,  # type: ignore[arg-type]
            )
        with pytest.raises(StoreError):
            puzzle_log.record(
                ADA, PUZZLE, True, ("bidding",), plus_ten(True), (1500.0, 0.0, 0.06), START_PUZZLE, conn=conn
            )
    finally:
        conn.close()


def test_only_the_latest_attempts_are_read_when_limited(tmp_path: Path) -> None:
    path = tmp_path / "coach.sqlite3"
    made = [_record(ADA, i % 2 == 0, path, now=NOW + timedelta(minutes=i)) for i in range(4)]
    conn = connect(path)
    try:
        assert puzzle_log.attempts(ADA, conn, limit=2).rows == tuple(made[2:])
    finally:
        conn.close()
