"""Practice records survive reconnecting; bad database paths fail with a clear StoreError."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path

import pytest

from store import practice_log
from store.db import StoreError, connect
from store.practice_log import HandRow


def test_hands_and_games_persist_across_connections(tmp_path: Path, hand_row: Callable[..., HandRow]) -> None:
    path = tmp_path / "coach.sqlite3"
    conn = connect(path)
    game = practice_log.start_game("game", {"target": 5}, 42, ["you", "club", "club", "club"], "CODE", conn)
    assert practice_log.save_hand(
        game,
        hand_row(
            0,
            learner_called=True,
            learner_side_made=True,
            made=True,
            points_for=1,
            points_against=0,
            grades=("best", "mistake"),
        ),
        conn,
    )
    assert practice_log.save_hand(
        game,
        hand_row(
            1,
            learner_side_made=True,
            made=False,
            euchred=True,
            points_for=0,
            points_against=2,
            grades=("blunder",),
        ),
        conn,
    )
    assert practice_log.save_hand(
        game,
        hand_row(2, euchres_for=True, made=False, points_for=2, points_against=0, grades=("best",)),
        conn,
    )
    assert not practice_log.save_hand(game, hand_row(2), conn)  # a rerun does not record a hand twice
    practice_log.finish_game(game, [5, 3], True, conn)
    conn.close()

    again = connect(path)  # a "restart": a fresh connection to the same file
    stats = practice_log.statistics(again)
    assert (stats.games, stats.games_finished, stats.games_won) == (1, 1, 1)
    assert stats.hands == 3 and stats.called == 1 and stats.called_made == 1
    assert stats.euchres_for == 1 and stats.euchred == 1
    assert (stats.points_for, stats.points_against) == (3, 2)
    assert stats.points_per_hand == pytest.approx(1 / 3)
    assert stats.grades == {"best": 2, "mistake": 1, "blunder": 1}
    assert [t["net_points"] for t in stats.timeline] == [1, -2, 2]
    assert practice_log.game_records(game, again) == [{"dealer": 0}, {"dealer": 1}, {"dealer": 2}]


def test_the_env_var_chooses_the_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hand_row: Callable[..., HandRow]
) -> None:
    monkeypatch.setenv("EUCHRE_COACH_DB", str(tmp_path / "env.sqlite3"))
    game = practice_log.start_game("game", {}, 1, ["you", "club"], "CODE")
    practice_log.save_hand(game, hand_row(0))
    assert (tmp_path / "env.sqlite3").exists()
    assert practice_log.statistics().hands == 1


def test_a_corrupt_database_file_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "broken.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError, match="broken.sqlite3"):
        practice_log.statistics(connect(path))


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_an_unwritable_folder_is_reported(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    with pytest.raises(StoreError, match="writable"):
        connect(folder / "sub" / "coach.sqlite3")


def test_a_path_under_a_file_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    monkeypatch.setenv("EUCHRE_COACH_DB", str(blocker / "coach.sqlite3"))
    with pytest.raises(StoreError, match="writable"):
        practice_log.statistics()
