"""Progress: the value, its JSON export/import, and the SQLite store (including broken databases)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lessons.progress import Progress, ProgressError
from lessons.scorecards import ScoreError, layout
from practice.records import load, load_browser, open_store, save, save_browser
from store.db import StoreError


def test_streaks_and_lessons() -> None:
    p = Progress()
    for right in (True, True, False, True):
        p = p.answered("can_play", right)
    d = p.drill("can_play")
    assert (d.attempts, d.correct, d.streak, d.best) == (4, 3, 1, 2)
    p = p.seen("bowers", 2, total_steps=7)
    assert p.lesson("bowers").furthest == 2 and not p.lesson("bowers").done
    p = p.seen("bowers", 6, total_steps=7).seen("bowers", 1, total_steps=7)
    assert p.lesson("bowers").furthest == 6 and p.lesson("bowers").done


def test_json_round_trip_and_merge() -> None:
    p = Progress().seen("deck", 5, 6).answered("points", True)
    assert Progress.from_json(p.to_json()) == p
    other = (
        Progress().seen("deck", 2, 6).seen("bowers", 1, 7).answered("points", False).answered("points", True)
    )
    merged = p.merged(other)
    assert merged.lesson("deck").done and merged.lesson("bowers").furthest == 1
    assert merged.drill("points").attempts == 2 and merged.drill("points").best == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not valid JSON"),
        ("[]", "not a progress export"),
        ('{"format": "euchre-coach-progress", "version": 9}', "version 9"),
        (
            '{"format": "euchre-coach-progress", "version": 1, "lessons": {"x": {"furthest": -1, "done": false}}}',
            "0 or more",
        ),
        (
            '{"format": "euchre-coach-progress", "version": 1, "lessons": {"x": {"furthest": 1, "done": "yes"}}}',
            "true or false",
        ),
        (
            '{"format": "euchre-coach-progress", "version": 1, "exercises": '
            '{"x": {"attempts": 1, "correct": 5, "streak": 0, "best": 0}}}',
            "do not add up",
        ),
    ],
)
def test_bad_imports_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ProgressError, match=message):
        Progress.from_json(text)


def test_store_saves_per_learner(tmp_path: Path) -> None:
    conn = open_store(tmp_path / "coach.sqlite3")
    assert load(conn, "Ada") is None
    ada = Progress().seen("deck", 1, 6)
    save(conn, "Ada", ada)
    save(conn, "Bo", Progress().answered("bid", True))
    save(conn, "  Ada ", ada.seen("deck", 3, 6))
    assert load(conn, "Ada") == ada.seen("deck", 3, 6)
    assert load(conn, "Bo") == Progress().answered("bid", True)
    with pytest.raises(StoreError, match="1 to 40 characters"):
        save(conn, "   ", ada)


def test_store_saves_per_browser_apart_from_names(tmp_path: Path) -> None:
    conn = open_store(tmp_path / "coach.sqlite3")
    browser = "Zq3_x-8kLmNoPqRsTuVw"  # 20 URL-safe characters, the shape of a cookie id
    assert load_browser(conn, browser) is None
    mine = Progress().seen("bowers", 4, 7).answered("left_bower", True)
    save_browser(conn, browser, mine)
    assert load_browser(conn, browser) == mine
    assert load(conn, browser) is None, "a browser id is not a learner name"
    save(conn, "Ada", Progress())
    assert load_browser(conn, browser) == mine, "a name does not overwrite a browser's record"
    reopened = open_store(tmp_path / "coach.sqlite3")  # another session, the same file
    assert load_browser(reopened, browser) == mine


@pytest.mark.parametrize("bad", ["", "short", "x" * 65, "has spaces in it at all", "semi;colon;0123456789"])
def test_a_bad_browser_id_is_refused_with_its_rule(tmp_path: Path, bad: str) -> None:
    conn = open_store(tmp_path / "coach.sqlite3")
    with pytest.raises(StoreError, match="16 to 64 letters, digits"):
        save_browser(conn, bad, Progress())
    with pytest.raises(StoreError, match="16 to 64 letters, digits"):
        load_browser(conn, bad)


def test_a_damaged_browser_record_is_reported_clearly(tmp_path: Path) -> None:
    conn = open_store(tmp_path / "coach.sqlite3")
    with conn:
        conn.execute(
            "INSERT INTO browser_progress (browser, data) VALUES ('AAAAAAAAAAAAAAAAAAAA', 'not json')"
        )
    with pytest.raises(StoreError, match="this browser's saved progress is damaged"):
        load_browser(conn, "AAAAAAAAAAAAAAAAAAAA")


def test_a_corrupt_database_is_reported_clearly(tmp_path: Path) -> None:
    broken = tmp_path / "broken.sqlite3"
    broken.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError, match="cannot use the records database"):
        open_store(broken)


def test_a_damaged_record_is_reported_clearly(tmp_path: Path) -> None:
    conn = open_store(tmp_path / "coach.sqlite3")
    with conn:
        conn.execute("INSERT INTO lesson_progress (learner, data) VALUES ('Ada', ?)", (json.dumps({"x": 1}),))
    with pytest.raises(StoreError, match="damaged"):
        load(conn, "Ada")


def test_an_unwritable_place_is_reported_clearly(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError, match="Set EUCHRE_COACH_DB"):
        open_store(blocker / "sub" / "coach.sqlite3")


def test_score_cards_show_every_score_once() -> None:
    # Pips showing must count the points, and the 6 and 4 have only 6 and 4 pips.
    for points in range(11):
        cards = layout(points)
        assert cards.six_pips + cards.four_pips == points
        assert cards.six_pips <= 6 and cards.four_pips <= 4
        assert (cards.six_pips > 0) <= cards.six_face_up and (cards.four_pips > 0) <= cards.four_face_up
    with pytest.raises(ScoreError, match="0 to 10"):
        layout(11)
