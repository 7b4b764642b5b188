"""The load bench's core (bench/tables_load.py) on the smallest table: one table of four people
playing one hand on SQLite. Its accounting is checked against the store's own log and the table
as the service loads it, never against the bench's counters alone."""

from __future__ import annotations

from pathlib import Path

from bench.tables_load import account, play_tables
from multiplayer import service
from multiplayer.table import PERSON
from store import people_tables


def test_one_hand_of_four_people_is_accounted_against_the_store(tmp_path: Path) -> None:
    db = tmp_path / "coach.sqlite3"
    played = play_tables(db, tables=1, people=4, hands=1, poll=0.02, seed=3)
    out = account(db, played)
    (run,) = played.tables
    rows = people_tables.log(run.code, path=db)
    table = service.load_table(run.code, path=db)

    # The table played its one hand to the end and stopped there: four people sat (versions 1-4),
    # then every step of the hand was a person's action.
    assert table.game.hand.is_over and len(table.moves) == 1
    assert [r.action for r in rows[:4]] == ["sit"] * 4
    actions = [r for r in rows[4:] if r.by == PERSON]
    assert len(actions) == len(rows) - 4 == len(table.moves[0])
    assert [r.action for r in actions] == list(table.moves[0])
    # Every card of the hand is in the log: five tricks of four cards, or of three when one plays alone.
    plays = [r for r in actions if r.action.startswith("play")]
    assert len(plays) in (15, 20)

    # The versions run 1..N, each once, N the table's own version.
    assert [r.version for r in rows] == list(range(1, table.version + 1))

    # The bench's figures agree with the store: every accepted tap stored once, none lost or doubled.
    assert out["accepted"] == out["stored"] == len(actions)
    assert out["logged_steps"] == len(rows)
    assert out["sent"] == out["accepted"] + sum(out["refused"].values()) + len(out["failed"])
    assert out["lost"] == out["doubled"] == out["version_gaps"] == out["version_repeats"] == []
    taps = sorted((v + 1, move) for p in played.people for v, move, _, _ in p.accepted)
    assert taps == [(r.version, r.action) for r in actions]
    # Each action reached the three other people, once each.
    assert len(out["tap_to_screen_s"]) == 3 * len(actions) and out["never_seen"] == 0
    assert out["unfinished"] == 0 and out["hands"] == 1
