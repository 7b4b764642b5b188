"""Progress read strictly and safely, saved without losing what another writer saved (issue 29).

The hostile inputs are the tester's (100,000 ``[``, a 5,000-digit number, NULL); the limits are
the documented ones in lessons/progress.py; the merged records are worked out by hand here.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lessons.progress import (
    MAX_BYTES,
    MAX_COUNT,
    MAX_ENTRIES,
    MAX_NAME,
    MAX_STEP,
    DrillStats,
    LessonProgress,
    Progress,
    ProgressError,
)
from practice.records import ProgressReset, load, load_browser, open_store, save, save_browser
from store.db import StoreError

BROWSER = "Zq3_x-8kLmNoPqRsTuVw"


def doc(lessons: dict[str, Any] | None = None, exercises: dict[str, Any] | None = None, **top: Any) -> str:
    data: dict[str, Any] = {
        "format": "euchre-coach-progress",
        "version": 1,
        "lessons": lessons or {},
        "exercises": exercises or {},
    }
    data.update(top)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("[" * 100_000, "nested deeper than 32 levels"),
        ("9" * 5000, "a number longer than 4300 digits"),
        (None, "not text (it is NULL)"),
        (12, "not text (it is int)"),
        (1.5, "not text (it is float)"),
        (b"\xff\xfe{}", "not UTF-8 text"),
        ("", "empty"),
        (" \n", "empty"),
        (b"x" * (MAX_BYTES + 1), "2,000,001 bytes"),
        ("x" * (MAX_BYTES + 1), "2,000,001 characters"),
        ('{"format": "euchre-coach-progress", "version": NaN}', "NaN is not a number JSON allows"),
        ('{"format": "euchre-coach-progress", "version": 1', "not valid JSON"),
        (doc(version=True), "version true is not supported"),
        (doc(version=10**30), "version a number with more than 19 digits"),
        (doc(extra=1), "unknown field 'extra'"),
        (doc({"x" * (MAX_NAME + 1): {"furthest": 0, "done": False}}), "1 to 64 printable characters"),
        (doc({"a\nb": {"furthest": 0, "done": False}}), "1 to 64 printable characters"),
        (doc({"": {"furthest": 0, "done": False}}), "1 to 64 printable characters"),
        (doc({"bowers": {"furthest": 1}}), "lacks 'done'"),
        (doc({"bowers": {"furthest": 1, "done": False, "x": 0}}), "unknown field 'x'"),
        (doc({"bowers": {"furthest": MAX_STEP + 1, "done": False}}), "at most 999"),
        (doc({"bowers": {"furthest": 1.0, "done": False}}), "got float"),
        (doc({"bowers": {"furthest": True, "done": False}}), "got true"),
        (doc({"bowers": {"furthest": 10**4000, "done": False}}), "more than 19 digits"),
        (doc({"bowers": {"furthest": 1, "done": None}}), "true or false, got NoneType"),
        (
            doc(exercises={"bid": {"attempts": MAX_COUNT + 1, "correct": 0, "streak": 0, "best": 0}}),
            "at most 1,000,000,000,000",
        ),
        (doc(exercises={"bid": {"attempts": 3, "correct": 2, "streak": 3, "best": 3}}), "do not add up"),
        (
            doc({f"l{i}": {"furthest": 0, "done": False} for i in range(MAX_ENTRIES + 1)}),
            "has 501 entries; at most 500",
        ),
        ('{"format": "euchre-coach-progress", "version": 1, "lessons": []}', "must be an object"),
    ],
)
def test_hostile_progress_is_refused_with_a_reason(value: object, message: str) -> None:
    with pytest.raises(ProgressError) as caught:
        Progress.from_json(value)
    assert message in str(caught.value)


def test_the_limits_themselves_are_read() -> None:
    lessons = {
        ("n" * (MAX_NAME - 4)) + f"{i:04d}": {"furthest": MAX_STEP, "done": True} for i in range(MAX_ENTRIES)
    }
    exercises = {
        f"kind{i}": {"attempts": MAX_COUNT, "correct": MAX_COUNT, "streak": 0, "best": 7}
        for i in range(MAX_ENTRIES)
    }
    p = Progress.from_json(doc(lessons, exercises))
    assert len(p.lessons) == MAX_ENTRIES and len(p.drills) == MAX_ENTRIES
    assert p.lesson("n" * (MAX_NAME - 4) + "0499") == LessonProgress(MAX_STEP, True)
    assert p.drill("kind7") == DrillStats(MAX_COUNT, MAX_COUNT, 0, 7)
    assert Progress.from_json(p.to_json().encode("utf-8")) == p
    p.check_limits()


def test_a_record_past_the_limits_is_not_saved(tmp_path: Path) -> None:
    too_many = Progress(tuple((f"l{i:03d}", LessonProgress()) for i in range(MAX_ENTRIES + 1)))
    with pytest.raises(ProgressError, match="501 entries"):
        too_many.check_limits()
    conn = open_store(tmp_path / "coach.sqlite3")
    with pytest.raises(StoreError, match="cannot save progress for 'Ada'.*501 entries"):
        save(conn, "Ada", too_many)
    assert load(conn, "Ada") is None
    # two records that are each fine but too many together: nothing is written that could not be read back
    half = MAX_ENTRIES // 2 + 1
    save(conn, "Ada", Progress(tuple((f"a{i:03d}", LessonProgress()) for i in range(half))))
    with pytest.raises(StoreError, match="together with what is saved"):
        save(conn, "Ada", Progress(tuple((f"b{i:03d}", LessonProgress()) for i in range(half))))
    saved = load(conn, "Ada")
    assert saved is not None and len(saved.lessons) == half


# ---- the merge ---------------------------------------------------------------------------


def test_merge_keeps_every_completed_step_worked_example() -> None:
    one = Progress(
        (("bowers", LessonProgress(2, False)), ("deck", LessonProgress(5, True))),
        (("bid", DrillStats(5, 3, 0, 2)), ("can_play", DrillStats(2, 2, 2, 2))),
    )
    two = Progress(
        (("deck", LessonProgress(1, False)), ("ranking", LessonProgress(1, False))),
        (("bid", DrillStats(4, 4, 4, 4)), ("points", DrillStats(1, 0, 0, 0))),
    )
    expected = Progress(
        # bowers only in one; deck: furthest 5 (max of 5 and 1), done (one finished it); ranking only in two
        (
            ("bowers", LessonProgress(2, False)),
            ("deck", LessonProgress(5, True)),
            ("ranking", LessonProgress(1, False)),
        ),
        # bid: one has the longer history (5 attempts > 4), the best streak is two's 4
        (
            ("bid", DrillStats(5, 3, 0, 4)),
            ("can_play", DrillStats(2, 2, 2, 2)),
            ("points", DrillStats(1, 0, 0, 0)),
        ),
    )
    assert one.merged(two) == expected
    assert two.merged(one) == expected
    assert expected.merged(expected) == expected
    # equal attempts: more right answers is the longer history, then the longer streak
    a = Progress((), (("bid", DrillStats(4, 2, 1, 2)),))
    b = Progress((), (("bid", DrillStats(4, 3, 0, 1)),))
    assert a.merged(b) == b.merged(a) == Progress((), (("bid", DrillStats(4, 3, 0, 2)),))


def test_two_browsers_with_one_name_both_keep_their_steps(tmp_path: Path) -> None:
    """The tester's case: one browser on bowers step 3, the other on ranking step 2."""
    first, second = open_store(tmp_path / "coach.sqlite3"), open_store(tmp_path / "coach.sqlite3")
    mine = Progress().seen("bowers", 2, 7)  # step 3, 0-based 2
    theirs = Progress().seen("ranking", 1, 6)
    save(first, "Ada", mine)
    written = save(second, "Ada", theirs)  # the second browser never loaded the first one's record
    both = Progress((("bowers", LessonProgress(2, False)), ("ranking", LessonProgress(1, False))))
    assert written == both and load(first, "Ada") == both
    save(first, "Ada", mine.seen("bowers", 3, 7))  # the first browser goes on, still without ranking
    assert load(second, "Ada") == Progress(
        (("bowers", LessonProgress(3, False)), ("ranking", LessonProgress(1, False)))
    )
    save_browser(first, BROWSER, mine)
    save_browser(second, BROWSER, theirs)  # two tabs of one browser: the same merge
    assert load_browser(first, BROWSER) == both


def test_the_read_merge_write_waits_for_another_writer(tmp_path: Path) -> None:
    """A save holds the write lock from its read to its write: while another connection is in
    the middle of writing, the save waits and then merges what that connection wrote."""
    path = tmp_path / "coach.sqlite3"
    open_store(path).close()
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    other.execute(
        "INSERT INTO lesson_progress (learner, data) VALUES ('Ada', ?)",
        (Progress().seen("deck", 5, 6).to_json(),),
    )
    result: list[Progress] = []
    saver = threading.Thread(
        target=lambda: result.append(save(open_store(path), "Ada", Progress().seen("bowers", 1, 7)))
    )
    saver.start()
    time.sleep(0.4)
    assert saver.is_alive(), "the save waits for the other writer's transaction"
    other.execute("COMMIT")
    saver.join(10)
    expected = Progress((("bowers", LessonProgress(1, False)), ("deck", LessonProgress(5, True))))
    assert result == [expected]
    assert load(open_store(path), "Ada") == expected


def test_concurrent_writers_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "coach.sqlite3"
    open_store(path).close()
    lessons = {0: ["deck", "bowers", "ranking"], 1: ["tricks", "following", "defending"]}
    errors: list[BaseException] = []

    def writer(who: int) -> None:
        conn = open_store(path)
        mine = Progress()
        try:
            for step in range(6):
                for lesson in lessons[who]:
                    mine = mine.seen(lesson, step, 99)
                    save(conn, "Ada", mine)  # each writer saves only what it has seen itself
        except BaseException as err:  # pragma: no cover - reported below
            errors.append(err)

    threads = [threading.Thread(target=writer, args=(who,)) for who in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors
    saved = load(open_store(path), "Ada")
    assert saved is not None
    assert {k: v.furthest for k, v in saved.lessons} == {
        name: 5 for group in lessons.values() for name in group
    }


# ---- damaged rows ------------------------------------------------------------------------


def lax_store(path: Path) -> sqlite3.Connection:
    """The progress tables without the NOT NULL and TEXT type of the app's schema, as an older or
    hand-edited database may have them, so that any value can be stored."""
    raw = sqlite3.connect(path)
    raw.execute(
        "CREATE TABLE browser_progress (browser TEXT PRIMARY KEY, data, updated TEXT NOT NULL DEFAULT 0)"
    )
    raw.execute(
        "CREATE TABLE lesson_progress (learner TEXT PRIMARY KEY, data, updated TEXT NOT NULL DEFAULT 0)"
    )
    raw.commit()
    raw.close()
    return open_store(path)


DAMAGED = [
    ("[" * 100_000, "nested deeper than 32 levels"),
    ("9" * 5000, "a number longer than 4300 digits"),
    (None, "not text (it is NULL)"),
    (b"\x00\xff garbage", "not UTF-8 text"),
    (7, "not text (it is int)"),
    ("x" * (MAX_BYTES + 5), "2,000,005 bytes"),
    (json.dumps({"x": 1}), "not a progress export"),
]


@pytest.mark.parametrize(("value", "reason"), DAMAGED)
@pytest.mark.parametrize("owner", ["name", "browser"])
def test_a_damaged_row_is_reset_once_and_kept_aside(
    tmp_path: Path, owner: str, value: object, reason: str
) -> None:
    conn = lax_store(tmp_path / "coach.sqlite3")
    table, column, key = (
        ("lesson_progress", "learner", "Ada") if owner == "name" else ("browser_progress", "browser", BROWSER)
    )
    with conn:
        conn.execute(f"INSERT INTO {table} ({column}, data) VALUES (?, ?)", (key, value))
    read: Callable[[], Progress | None] = (
        (lambda: load(conn, "Ada")) if owner == "name" else (lambda: load_browser(conn, BROWSER))
    )
    with pytest.raises(ProgressReset) as caught:
        read()
    assert reason in str(caught.value) and "was reset" in str(caught.value) and "damaged" in str(caught.value)
    assert read() is None, "reset: the next visit starts afresh, without an error"
    kept = conn.execute("SELECT source, owner, data, problem FROM damaged_progress").fetchall()
    assert kept == [(table, key, value, kept[0][3])] and reason in kept[0][3]


def test_text_that_is_not_utf8_inside_sqlite_is_a_damaged_row(tmp_path: Path) -> None:
    conn = open_store(tmp_path / "coach.sqlite3")  # the app's own schema
    with conn:
        conn.execute(
            "INSERT INTO browser_progress (browser, data) VALUES (?, CAST(x'7bff7d' AS TEXT))", (BROWSER,)
        )
    with pytest.raises(ProgressReset, match="not UTF-8 text"):
        load_browser(conn, BROWSER)
    assert load_browser(conn, BROWSER) is None


@pytest.mark.parametrize(("value", "reason"), DAMAGED[:3])
def test_saving_over_a_damaged_row_sets_it_aside(tmp_path: Path, value: object, reason: str) -> None:
    conn = lax_store(tmp_path / "coach.sqlite3")
    with conn:
        conn.execute("INSERT INTO lesson_progress (learner, data) VALUES ('Ada', ?)", (value,))
    mine = Progress().seen("bowers", 2, 7)
    assert save(conn, "Ada", mine) == mine
    assert load(conn, "Ada") == mine
    assert [r[0] for r in conn.execute("SELECT owner FROM damaged_progress")] == ["Ada"]
