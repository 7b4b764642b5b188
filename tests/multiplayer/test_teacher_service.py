"""The teacher over a class's tables (multiplayer.service), on SQLite and on PostgreSQL (``any_db``):
tables opened from a class, all of them at a glance, the teaching table (every hand), pause,
take-back and redeal (which pause a table playing on until the host resumes it); a pupil's key, another class's teacher and a wrong secret can do none of it
(hostile input)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from classroom import service as classes
from engine.core.rules import Rules
from multiplayer import service
from multiplayer.errors import TablePaused
from store import people_tables
from store.backend import Location


def _class_with_tables(path: Location, keys: tuple[str, ...]) -> tuple[str, str, tuple[str, ...]]:
    teacher = classes.Teacher.start(now=0.0, path=path)
    code, secret = teacher.code, teacher.secret
    tables = service.open_class_tables(
        code, secret, 3, Rules(), pupils=2, level="beginner", now=0.0, path=path
    )
    service.join(tables[0], "Ann", keys[0], now=1.0, path=path)  # South
    service.join(tables[0], "Cy", keys[2], now=1.0, path=path)  # North: the other free seat
    return code, secret, tables


def test_a_teacher_opens_tables_for_the_class_and_sees_them_all(
    any_db: Location, keys: tuple[str, ...]
) -> None:
    code, secret, tables = _class_with_tables(any_db, keys)
    assert len(set(tables)) == 3
    table = service.load_table(tables[1], any_db)
    assert [s.level for s in table.seats] == [None, "beginner", None, "beginner"]  # pupils South and North
    glances = service.class_tables(code, secret, now=2.0, path=any_db)
    assert sorted(g["code"] for g in glances) == sorted(tables)
    people = {g["code"]: g["people"] for g in glances}
    assert people[tables[0]] == ["Ann", "Cy"] and people[tables[1]] == []
    assert all("hands" not in g and "hand" not in g for g in glances)
    teacher = classes.Teacher.start(now=0.0, path=any_db)
    other, other_secret = teacher.code, teacher.secret
    assert service.class_tables(other, other_secret, now=2.0, path=any_db) == ()
    with pytest.raises(classes.ClassError):
        service.class_tables(code, other_secret, now=2.0, path=any_db)
    with pytest.raises(classes.ClassError):
        service.open_class_tables(code, keys[0], 1, Rules(), now=2.0, path=any_db)


def test_only_the_teacher_pauses_takes_back_redeals_or_sees_every_hand(
    any_db: Location, keys: tuple[str, ...]
) -> None:
    code, secret, tables = _class_with_tables(any_db, keys)
    t = tables[0]
    teacher = classes.Teacher.start(now=0.0, path=any_db)
    _, other_secret = teacher.code, teacher.secret
    for hostile in (keys[0], keys[2], other_secret, "", "x" * 30, None):
        for power in (
            lambda s: service.teaching_table(t, s, 3.0, any_db),
            lambda s: service.set_paused(t, s, True, 3.0, any_db),
            lambda s: service.take_back(t, s, 0, 3.0, any_db),
            lambda s: service.redeal(t, s, 0, 3.0, any_db),
            lambda s: service.change_seat(t, s, 1, None, 3.0, any_db),
        ):
            with pytest.raises(service.NotHost):
                power(hostile)
    page = service.read(t, keys[0], 3.0, any_db)
    assert page["version"] == service.load_table(t, any_db).version  # nothing changed
    seen = service.teaching_table(t, secret, 3.0, any_db)
    assert [len(h) for h in seen["hands"]] == [5, 5, 5, 5] and seen["hands"][0] == page["hand"]
    assert "hands" not in page and str(seen["hands"][2]) not in str(page)  # the player's page: own hand only


def test_pause_take_back_and_redeal_reach_the_players(any_db: Location, keys: tuple[str, ...]) -> None:
    code, secret, tables = _class_with_tables(any_db, keys)
    t = tables[0]
    now = 3.0
    page = service.read(t, keys[0], now, any_db)
    while page["to_act"] is not None and len(page["tricks"]) < 1:  # play on past the first trick
        seat = page["to_act"]
        key = keys[seat]
        page = service.play(
            t, key, page["version"], service.read(t, key, now, any_db)["legal"][-1], now, any_db
        )
        now += 1.0
    assert len(page["tricks"]) == 1
    service.set_paused(t, secret, True, now, any_db)
    south = service.read(t, keys[0], now, any_db)
    assert south["paused"] and south["legal"] == []
    version = south["version"]
    with pytest.raises(service.StalePage):
        service.take_back(t, secret, version - 1, now, any_db)
    service.take_back(t, secret, version, now, any_db)
    after = service.read(t, keys[0], now, any_db)
    assert after["version"] == version + 1 and after["tricks"] == [] and len(after["hand"]) == 5
    assert people_tables.log(t, version, any_db)[0].by == "teacher"
    service.redeal(t, secret, after["version"], now, any_db)
    dealt = service.read(t, keys[0], now, any_db)
    assert dealt["auction"] == [] and dealt["version"] == after["version"] + 1
    assert service.load_table(t, any_db).moves[-1] == ("redeal",)
    service.set_paused(t, secret, False, now, any_db)
    assert not service.read(t, keys[2], now, any_db)["paused"]
    with pytest.raises(service.StalePage):  # a player's page from before the take-back
        service.play(t, keys[0], version, "pass", now, any_db)


def _playing_on(path: Location, keys: tuple[str, ...]) -> tuple[str, str, float]:
    """Seed 1: North deals, so East, a computer, bids first and leads the first trick; Ann (South)
    and Cy (North) are the people, West and East beginners. The people tap their first legal choice
    until the first trick is done; the table is not paused. Returns (code, host secret, now)."""
    opened = service.open_table(Rules(), [None, "beginner", None, "beginner"], now=0.0, path=path, seed=1)
    code = opened.code
    service.join(code, "Ann", keys[0], seat=0, now=1.0, path=path)
    service.join(code, "Cy", keys[2], seat=2, now=1.0, path=path)
    now = 2.0
    page = service.read(code, keys[0], now, path)
    while not page["tricks"]:
        mine = service.read(code, keys[page["to_act"]], now, path)
        page = service.play(code, keys[page["to_act"]], mine["version"], mine["legal"][0], now, path)
    table = service.load_table(code, path)
    assert (table.game.hand.dealer, len(table.game.hand.tricks), table.paused) == (2, 1, False)
    return code, opened.secret, now


@pytest.mark.parametrize("what", ["take back", "redeal"])
def test_a_take_back_or_redeal_on_a_table_playing_on_stays_until_the_host_resumes(
    any_db: Location, keys: tuple[str, ...], what: str
) -> None:
    code, secret, now = _playing_on(any_db, keys)
    before = service.load_table(code, any_db)
    change = service.take_back if what == "take back" else service.redeal
    change(code, secret, before.version, now, any_db)
    shown = service.load_table(code, any_db)
    hand = shown.game.hand
    assert shown.paused and hand.to_act == 3  # East, a computer: to lead trick 1 again, or to bid first
    if what == "take back":
        assert hand.tricks == () and hand.history == before.game.hand.history[: len(hand.history)]
        assert hand.trump == before.game.hand.trump and hand.history  # the auction stays
    else:
        assert hand.history == () and hand.dealt != before.game.hand.dealt
    steps = [(s.action, s.by) for s in people_tables.log(code, before.version, any_db)]
    assert steps == [(what, "teacher"), ("pause", "teacher")]
    # every read, by either person, at once or much later (North away by then: the computer would
    # play for them), finds the table paused at the position shown: nothing is played
    for when, key in ((now, keys[0]), (now + 1, keys[2]), (now + 5, keys[0]), (now + 500, keys[0])):
        page = service.read(code, key, when, any_db)
        assert page["paused"] and page["legal"] == [] and page["version"] == shown.version
        assert service.load_table(code, any_db).game == shown.game
    with pytest.raises(TablePaused):
        service.play(code, keys[0], shown.version, "pass", now + 500, any_db)
    service.set_paused(code, secret, False, now + 501, any_db)
    resumed = service.load_table(code, any_db)
    assert not resumed.paused and resumed.game.hand.history[: len(hand.history)] == hand.history
    assert resumed.game.hand.history[len(hand.history)][0] == 3  # East played on from there


def test_an_older_tables_database_gets_the_class_column(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:  # the table as the first release made it
        db.execute(
            people_tables.SCHEMA[0].replace(
                ",\n        class_code TEXT                -- the class whose teacher opened it (NULL: none)",
                "",
            )
        )
    assert "class_code" not in {
        r[1] for r in sqlite3.connect(path).execute("PRAGMA table_info(people_tables)")
    }
    opened = service.open_table(Rules(), [None, "club", "club", "club"], now=0.0, path=path)
    assert service.load_table(opened.code, path).code == opened.code
    assert "class_code" in {r[1] for r in sqlite3.connect(path).execute("PRAGMA table_info(people_tables)")}
