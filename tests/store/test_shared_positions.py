"""The deals a page link names by id (store.shared_positions): kept and read back whole, under ids
that are random and URL-safe, expired after KEEP_DAYS, and every damaged row or unknown id a
named error (a ValueError), never a crash."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from store.backend import Connection
from store.db import StoreError, connect
from store.shared_positions import (
    KEEP_DAYS,
    DamagedShare,
    SharedStart,
    ShareError,
    UnknownShare,
    check,
    load,
    new_id,
    save,
    stamp,
)

# Cards no seed deals: each seat holds one suit, South the hearts; the dealer (seat 0) turns the AH.
SUITED = "standard/0/9H-TH-JH-QH-KH,9C-TC-JC-QC-KC,9D-TD-JD-QD-KD,9S-TS-JS-QS-KS/AH"
NOW = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def sqlite_conn(tmp_path: Path) -> Iterator[Connection]:
    """SQLite only: a row PostgreSQL's column types would refuse, SQLite's own tables."""
    db = connect(tmp_path / "coach.sqlite3")
    yield db
    db.close()


def _rows(conn: Connection) -> int:
    return int(conn.execute("SELECT count(*) FROM shared_positions").fetchone()[0])


def test_a_start_is_kept_and_read_back_whole(conn: Connection) -> None:
    start = SharedStart(
        SUITED + "/pass,pass",
        seed=4_000_000_000,
        game_number=0,
        hand_number=3,
        dealer=0,
        scores=(4, 6),
        levels="bce",
        single_deal=True,
    )
    share_id = save(start, conn, now=NOW)
    assert len(share_id) == 16 and share_id.isalnum() and share_id == share_id.lower()
    assert load(share_id, conn, now=NOW + timedelta(days=KEEP_DAYS - 1)) == start
    plain = SharedStart(SUITED, seed=0)  # 0 each, the page's own levels, no dealer given
    again = save(plain, conn, now=NOW)
    assert again != share_id and load(again, conn, now=NOW) == plain
    row = conn.execute(
        "SELECT scores, levels, single_deal, created FROM shared_positions WHERE id = ?", (share_id,)
    ).fetchone()
    assert row == ("4-6", "bce", 1, "2025-03-01T12:00:00+00:00")


def test_ids_are_random_lower_case_base32() -> None:
    ids = {new_id() for _ in range(200)}
    assert len(ids) == 200  # 80 random bits each: no two alike
    assert all(len(i) == 16 and set(i) <= set("abcdefghijklmnopqrstuvwxyz234567") for i in ids)


def test_the_app_database_is_used_without_a_connection(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "env.sqlite3"
    monkeypatch.setenv("EUCHRE_COACH_DB", str(path))
    start = SharedStart(SUITED, seed=12, levels="ccc")
    share_id = save(start)  # through the background writer
    assert load(share_id) == start
    assert load(share_id, connect(path)) == start


def test_rows_expire_after_keep_days_and_saving_deletes_them(conn: Connection) -> None:
    old = save(SharedStart(SUITED, seed=1), conn, now=NOW)
    assert load(old, conn, now=NOW + timedelta(days=KEEP_DAYS)) == SharedStart(
        SUITED, seed=1
    )  # 90 days: kept
    with pytest.raises(UnknownShare, match="has expired"):
        load(old, conn, now=NOW + timedelta(days=KEEP_DAYS, seconds=1))
    assert _rows(conn) == 1
    fresh = save(SharedStart(SUITED, seed=2), conn, now=NOW + timedelta(days=KEEP_DAYS + 1))
    assert _rows(conn) == 1  # the expired row went with the new save
    with pytest.raises(UnknownShare, match="no deal is kept under it"):
        load(old, conn, now=NOW + timedelta(days=KEEP_DAYS + 1))
    assert load(fresh, conn, now=NOW + timedelta(days=KEEP_DAYS + 1)).seed == 2


@pytest.mark.parametrize(
    "share_id",
    [
        "",
        "short",
        "A" * 16,
        "abcdefghijklmno1",
        "abcdefghijklmnop" * 2,
        "../../etc/passwd",
        "abcdefghijklmnop'",
    ],
)
def test_an_id_that_is_not_one_is_unknown(share_id: str, conn: Connection) -> None:
    with pytest.raises(UnknownShare, match="not a shared deal's id"):
        load(share_id, conn)


def test_an_id_never_saved_is_unknown(conn: Connection) -> None:
    with pytest.raises(UnknownShare, match="no deal is kept under it") as caught:
        load("abcdefghijklmnop", conn)
    assert isinstance(caught.value, ShareError) and isinstance(caught.value, ValueError)


@pytest.fixture
def insert(write_shared_row: Callable[..., str]) -> Callable[..., str]:
    """``insert(conn, **changes)``: a row of the SUITED deal written by hand, made at NOW."""
    return lambda conn, **changes: write_shared_row(
        conn, {"position": SUITED, "created": stamp(NOW), **changes}
    )


def test_a_row_written_by_hand_reads(conn: Connection, insert: Callable[..., str]) -> None:
    share_id = insert(conn, scores="0-9", dealer=0)
    assert load(share_id, conn, now=NOW) == SharedStart(SUITED, 5, dealer=0, scores=(0, 9), levels="ccc")


@pytest.mark.parametrize(
    "column, value, says",
    [
        ("position", "not a position", "its position does not read"),
        ("position", SUITED.replace("9S", "9H"), "its position does not read"),  # the 9H twice
        ("position", b"\xff\xfe", "missing or not of its kind"),  # bytes that are not UTF-8
        ("position", "x" * 5000, "missing or not of its kind"),
        ("seed", -1, "its seed is not"),
        ("seed", 2**32, "its seed is not"),
        ("seed", "seven", "missing or not of its kind"),  # "7" would be stored as 7 (the column's affinity)
        ("game_number", 256, "its game number"),
        ("hand_number", 1.5, "missing or not of its kind"),
        ("dealer", 4, "its dealer is not a seat 0..3"),
        ("scores", "4-6-2", "its score is not 2 scores below 10"),
        ("scores", "4-10", "its score is not 2 scores below 10"),
        ("scores", "four-six", "missing or not of its kind"),
        ("levels", "cccc", "missing or not of its kind"),
        ("levels", "C1", "seat levels"),
        ("single_deal", 2, "missing or not of its kind"),
        ("created", "yesterday", "missing or not of its kind"),
        ("created", "2025-03-01T12:00:00", "missing or not of its kind"),  # no time zone
    ],
)
def test_a_damaged_row_is_a_named_error(
    column: str, value: object, says: str, sqlite_conn: Connection, insert: Callable[..., str]
) -> None:
    share_id = insert(sqlite_conn, **{column: value})
    with pytest.raises(DamagedShare, match=says):
        load(share_id, sqlite_conn, now=NOW)


def test_a_start_that_would_not_read_back_is_not_saved(sqlite_conn: Connection) -> None:
    conn = sqlite_conn
    with pytest.raises(DamagedShare, match="its position does not read"):
        save(SharedStart("standard/9", seed=1), conn)
    with pytest.raises(DamagedShare, match="its score is not 2 scores below 10"):
        save(SharedStart(SUITED, seed=1, scores=(3,)), conn)
    with pytest.raises(DamagedShare, match="its score is not 3 scores below 10"):  # cutthroat: three sides
        check(
            SharedStart(
                SUITED.replace("standard", "cutthroat").split(",9S")[0] + "/AH", seed=1, scores=(1, 2)
            )
        )
    assert conn.execute("SELECT count(*) FROM sqlite_master WHERE name = 'shared_positions'").fetchone() == (
        0,
    )


def test_a_database_that_cannot_be_read_is_a_store_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "coach.sqlite3"
    path.write_bytes(b"not a database at all" * 200)
    monkeypatch.setenv("EUCHRE_COACH_DB", str(path))
    with pytest.raises(StoreError):
        load("abcdefghijklmnop")
    with pytest.raises(StoreError):
        save(SharedStart(SUITED, seed=1))
