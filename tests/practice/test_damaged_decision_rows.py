"""Damaged practice rows are left out and counted, never read as good (issue 50, item 9: 5 of 19
damaged decision rows were taken as good: a NaN luck, a date-only time, the years 0001 and 9999,
trailing spaces). A row's time is read only as the app writes it (``2026-11-24T18:00:00+00:00``:
date, time to the second, its zone, nothing around it) in a year from 2000 to next year; a stored
JSON value with spaces around it is damage (the app writes none); a luck that is not a finite
number is never kept as a figure."""

from __future__ import annotations

import math
from datetime import UTC, datetime
from pathlib import Path

import psycopg
import pytest

from store import practice_log
from store.backend import Location, is_server
from store.db import connect
from store.practice_log import DecisionFact, HandRow

GOOD_TIME = "2026-11-24T18:00:00+00:00"
NEXT_YEAR = datetime.now(UTC).year + 1


def row(hand: int, luck: float | None = 0.25, no_luck: str | None = None) -> HandRow:
    return HandRow(
        0,
        hand,
        {"dealer": hand},
        False,
        False,
        False,
        True,
        False,
        False,
        False,
        0,
        1,
        ("good",),
        (DecisionFact("bidding", 0.5),),
        luck,
        "ada",
        no_luck,
    )


def two_hands(path: Path) -> object:
    """A database with two good hands of one game (hand 1 the one a test damages)."""
    conn = connect(path)
    game = practice_log.start_game("game", {}, 1, ["you", "club", "club", "club"], "CODE", conn)
    practice_log.save_hand(game, row(0), conn)
    practice_log.save_hand(game, row(1), conn)
    return conn


DAMAGED = [  # (column, stored value): each of them a row the figures must not read
    ("played_at", "2026-11-24"),  # a date without its time
    ("played_at", "0001-11-24T18:00:00+00:00"),
    ("played_at", "9999-11-24T18:00:00+00:00"),
    ("played_at", "1999-11-24T18:00:00+00:00"),  # before any record of this app
    ("played_at", f"{NEXT_YEAR + 1}-01-01T00:00:00+00:00"),  # after next year
    ("played_at", GOOD_TIME + " "),  # a space after it
    ("played_at", " " + GOOD_TIME),
    ("played_at", "2026-11-24T18:00:00"),  # no zone: which day it was is not known
    ("played_at", "2026-11-24T18"),  # an hour without minutes
    ("played_at", "20261124T180000Z"),  # the compact form, which the app never writes
    ("played_at", "2026-W48-2T18:00:00+00:00"),  # a week date
    ("played_at", "\u0662\u0660\u0662\u0666-11-24T18:00:00+00:00"),  # Arabic-Indic digits
    ("luck", "NaN"),  # as text: SQLite keeps a NaN bound as a number as NULL (see below)
    ("luck", "Infinity"),
    ("luck", "1e999"),  # read back as infinity
    ("decisions", '[["bidding", 0.5]] '),  # a space after the JSON
    ("decisions", '\n[["bidding", 0.5]]'),
    ("no_luck", "ordered "),
    ("grades", '["good"] '),
]


@pytest.mark.parametrize(("column", "value"), DAMAGED)
def test_a_damaged_row_is_left_out_and_counted(tmp_path: Path, column: str, value: str) -> None:
    conn = two_hands(tmp_path / "coach.sqlite3")
    if column == "no_luck":
        conn.execute("UPDATE practice_hands SET luck = NULL WHERE hand_number = 1")  # type: ignore[attr-defined]
    conn.execute(f"UPDATE practice_hands SET {column} = ? WHERE hand_number = 1", (value,))  # type: ignore[attr-defined]
    conn.commit()  # type: ignore[attr-defined]
    hands = practice_log.skill_hands(conn)  # type: ignore[arg-type]
    stats = practice_log.statistics(conn)  # type: ignore[arg-type]
    if column == "grades":  # the statistics' own column
        assert (stats.hands, stats.damaged) == (1, 1)
        return
    assert (len(hands), hands.damaged) == (1, 1)
    assert hands[0].luck == 0.25 and hands[0].decisions == (DecisionFact("bidding", 0.5),)  # hand 0, as saved
    assert (stats.hands, stats.damaged) == ((1, 1) if column == "played_at" else (2, 0))


def test_the_times_the_app_writes_are_read(tmp_path: Path) -> None:
    conn = two_hands(tmp_path / "coach.sqlite3")
    for value in (
        "2026-11-24T18:00:00+00:00",
        "2026-11-24 18:00:00.250+02:00",
        f"{NEXT_YEAR}-01-01T00:00:00Z",
    ):
        conn.execute("UPDATE practice_hands SET played_at = ? WHERE hand_number = 1", (value,))  # type: ignore[attr-defined]
        conn.commit()  # type: ignore[attr-defined]
        assert practice_log.skill_hands(conn).damaged == 0  # type: ignore[arg-type]
        assert practice_log.statistics(conn).damaged == 0  # type: ignore[arg-type]


@pytest.mark.parametrize("luck", [math.nan, math.inf, -math.inf])
def test_a_luck_that_is_no_number_is_saved_as_none_with_its_reason(any_db: Location, luck: float) -> None:
    conn = connect(any_db)
    game = practice_log.start_game("game", {}, 1, ["you", "club", "club", "club"], "CODE", conn)
    assert practice_log.save_hand(game, row(0, luck=luck), conn)
    (hand,) = practice_log.skill_hands(conn)
    assert hand.luck is None and hand.no_luck == "no_figure"  # not a NULL without its reason


def test_a_nan_luck_on_the_server_is_left_out_and_counted(postgres_db: str) -> None:
    # PostgreSQL keeps a NaN (SQLite cannot: a NaN bound as a number is NULL there)
    conn = connect(postgres_db)
    game = practice_log.start_game("game", {}, 1, ["you", "club", "club", "club"], "CODE", conn)
    practice_log.save_hand(game, row(0), conn)
    practice_log.save_hand(game, row(1), conn)
    assert is_server(postgres_db)
    with psycopg.connect(postgres_db, autocommit=True) as raw:
        raw.execute("UPDATE practice_hands SET luck = 'NaN'::float8 WHERE hand_number = 1")
    hands = practice_log.skill_hands(conn)
    assert (len(hands), hands.damaged) == (1, 1)
