"""A learner's unfinished Practice game kept for the next visit (store/kept_games.py), on SQLite and
PostgreSQL: kept, replaced, forgotten, one per learner, and a damaged row reads as none."""

from __future__ import annotations

import pytest

from store import db, kept_games
from store.backend import Connection


def test_a_game_is_kept_replaced_and_forgotten_per_learner(conn: Connection) -> None:
    assert kept_games.kept("ada", conn) is None
    kept_games.keep("ada", {"deal": "AAAE-E7IH-GFAA-BWZZ", "moves": "p"}, conn)
    kept_games.keep("bob", {"deal": "AAAA-AAAA-BNAA-CEMZ"}, conn)
    assert kept_games.kept("ada", conn) == {"deal": "AAAE-E7IH-GFAA-BWZZ", "moves": "p"}
    kept_games.keep("ada", {"deal": "AAAE-E7IH-GFAA-BWZZ", "moves": "p.3"}, conn)  # the game moved on
    assert kept_games.kept("ada", conn) == {"deal": "AAAE-E7IH-GFAA-BWZZ", "moves": "p.3"}
    kept_games.forget("ada", conn)
    assert kept_games.kept("ada", conn) is None
    assert kept_games.kept("bob", conn) == {"deal": "AAAA-AAAA-BNAA-CEMZ"}


def test_a_damaged_row_is_no_game_and_a_bad_link_is_refused(conn: Connection) -> None:
    kept_games.keep("ada", {"deal": "x"}, conn)
    with conn:
        conn.execute("UPDATE kept_games SET link = ? WHERE learner = ?", ('{"deal": 7}', "ada"))
    assert kept_games.kept("ada", conn) is None
    with pytest.raises(db.StoreError, match="at most 40 fields"):
        kept_games.keep("ada", {str(i): "x" for i in range(41)}, conn)
    with pytest.raises(db.StoreError, match="1 to 200 characters"):
        kept_games.keep("", {"deal": "x"}, conn)
