"""Hostile progress (issue 29): damaged saved rows opened through the Learn page, for a browser's
cookie id and for a named learner; damaged import files, read and uploaded; and the merge of two
writers saving under one name.

Whether a value is a readable progress record is decided here by ``reference_read``, written from
the format lessons/progress.py documents (not by calling it): the page must load a readable
record and reset anything else with a note, and never raise. Counts of examples tried and clean
per class are printed at the end of the module (``-s`` shows them).
"""

from __future__ import annotations

import itertools
import json
import re
import sqlite3
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from lessons.progress import DrillStats, LessonProgress, Progress, ProgressError
from practice.records import load, load_browser, open_store, save
from ui.pager import PER_PAGE as PAGE_ROWS
from views.learn.progress import read_import

APP = str(Path(__file__).resolve().parents[2] / "app.py")
FORMAT = "euchre-coach-progress"
BROWSER = "FuzzBrowser_0123456789"
LIMIT_BYTES, LIMIT_ENTRIES, LIMIT_NAME, LIMIT_STEP, LIMIT_COUNT, LIMIT_DEPTH = (
    2_000_000,
    500,
    64,
    999,
    10**12,
    32,
)

TRIED: Counter[str] = Counter()
CLEAN: Counter[str] = Counter()
READABLE: Counter[str] = Counter()  # of the examples tried, how many were readable progress


@pytest.fixture(scope="module", autouse=True)
def counts() -> Iterator[None]:
    yield
    for name in sorted(TRIED):
        print(
            f"\n[progress fuzz] {name}: tried {TRIED[name]}, clean {CLEAN[name]}, readable {READABLE[name]}"
        )


# ---- the reference reader: the documented format, independently ----------------------------


def _depth(value: object) -> int:
    """How deep lists and objects nest in ``value`` (a top-level object is 1)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, level)
            stack.extend((v, level + 1) for v in (item.values() if isinstance(item, dict) else item))
    return deepest


def _refuse(name: str) -> None:
    raise ValueError(name)


def _count(value: object, high: int) -> bool:
    return type(value) is int and 0 <= value <= high


def reference_read(value: object) -> dict[str, Any] | None:  # noqa: C901 (older than the complexity rule: to split)
    """The parsed record if ``value`` is a readable progress record, else None."""
    if isinstance(value, bytes):
        if len(value) > LIMIT_BYTES:
            return None
        try:
            value = value.decode("utf-8")
        except UnicodeDecodeError:
            return None
    if not isinstance(value, str) or len(value) > LIMIT_BYTES:
        return None
    try:
        data = json.loads(value, parse_constant=_refuse)
    except (ValueError, RecursionError):
        return None
    if _depth(data) > LIMIT_DEPTH or not isinstance(data, dict):
        return None
    if set(data) - {"format", "version", "lessons", "exercises"} or data.get("format") != FORMAT:
        return None
    if type(data.get("version")) is not int or data["version"] != 1:
        return None
    for key, fields in (
        ("lessons", {"furthest", "done"}),
        ("exercises", {"attempts", "correct", "streak", "best"}),
    ):
        table = data.get(key, {})
        if not isinstance(table, dict) or len(table) > LIMIT_ENTRIES:
            return None
        for name, record in table.items():
            if not (1 <= len(name) <= LIMIT_NAME and name.isprintable()):
                return None
            if not isinstance(record, dict) or set(record) != fields:
                return None
            if key == "lessons":
                if not _count(record["furthest"], LIMIT_STEP) or type(record["done"]) is not bool:
                    return None
            else:
                if not all(_count(record[f], LIMIT_COUNT) for f in fields):
                    return None
                a, c, s, b = (record[f] for f in ("attempts", "correct", "streak", "best"))
                if c > a or s > c or b < s:
                    return None
    return data


# ---- strategies ------------------------------------------------------------------------------

names = st.one_of(st.sampled_from(["bowers", "ranking", "deck", "bid", "left_bower"]), st.text(max_size=70))
numbers = st.one_of(
    st.integers(-3, 12),
    st.integers(),
    st.sampled_from([LIMIT_STEP, LIMIT_STEP + 1, LIMIT_COUNT, LIMIT_COUNT + 1, 10**4000]),
    st.booleans(),
    st.floats(),
    st.none(),
    st.text(max_size=3),
)
lesson_records = st.fixed_dictionaries(
    {"furthest": numbers, "done": st.one_of(st.booleans(), numbers)}, optional={"extra": numbers}
)
drill_records = st.fixed_dictionaries(
    {"attempts": numbers, "correct": numbers, "streak": numbers, "best": numbers}
)
valid_drills = st.tuples(st.integers(0, 50), st.integers(0, 50), st.integers(0, 50), st.integers(0, 50)).map(
    lambda t: {
        "attempts": t[0] + t[1] + t[3],
        "correct": t[1] + t[3],
        "streak": min(t[2], t[1] + t[3]),
        "best": t[1] + t[3],
    }
)


@st.composite
def near_valid(draw: st.DrawFn) -> str:
    """A progress document with a mix of valid and damaged parts, as JSON text."""
    data: dict[str, Any] = {
        "format": draw(st.sampled_from([FORMAT, FORMAT, "other", None])),
        "version": draw(st.sampled_from([1, 1, 1, True, 2, "1", 1.0, 10**30])),
        "lessons": draw(
            st.dictionaries(
                names,
                lesson_records
                | st.fixed_dictionaries({"furthest": st.integers(0, 20), "done": st.booleans()}),
                max_size=4,
            )
        ),
        "exercises": draw(st.dictionaries(names, drill_records | valid_drills, max_size=3)),
    }
    for key in draw(st.lists(st.sampled_from(["lessons", "exercises", "version", "surprise"]), max_size=1)):
        if key == "surprise":
            data[key] = 1
        else:
            del data[key]
    nest = draw(st.sampled_from([0, 0, 0, 1, LIMIT_DEPTH]))
    value: Any = data
    for _ in range(nest):
        value = [value]
    return json.dumps(value)


damaged = st.one_of(
    st.binary(max_size=200),
    st.text(max_size=200),
    st.none(),
    st.integers(),
    st.floats(allow_nan=False),
    st.integers(1, 120_000).map(lambda n: "[" * n),
    st.integers(1, 6000).map(lambda n: "9" * n),
    st.integers(LIMIT_DEPTH - 2, LIMIT_DEPTH + 5).map(lambda n: "[" * n + "]" * n),
    near_valid(),
    near_valid().map(lambda text: text.encode("utf-8")),
    near_valid().map(lambda text: text[: len(text) // 2]),
)


valid_doc = st.builds(
    lambda lessons, exercises: json.dumps(
        {"format": FORMAT, "version": 1, "lessons": lessons, "exercises": exercises}
    ),
    st.dictionaries(
        names, st.fixed_dictionaries({"furthest": st.integers(0, 20), "done": st.booleans()}), max_size=5
    ),
    st.dictionaries(names, valid_drills, max_size=3),
)
# a third readable records (some of them still refused: a name too long or not printable), the rest damaged
saved_values = st.integers(0, 2).flatmap(lambda n: valid_doc if n == 0 else damaged)


def sqlite_value(value: object) -> object:
    """The value as SQLite can hold it (an int past 64 bits goes in as its digits)."""
    if isinstance(value, int) and not isinstance(value, bool) and not -(2**63) <= value < 2**63:
        return str(value)
    return value


# ---- class 1: any value read as progress ----------------------------------------------------


@settings(settings.get_profile("fuzz"), max_examples=300)
@given(value=saved_values)
def test_reading_any_value_raises_only_progress_error(value: object) -> None:
    TRIED["read any value"] += 1
    expected = reference_read(value)
    READABLE["read any value"] += expected is not None
    try:
        got = Progress.from_json(value)
    except ProgressError:
        assert expected is None, value
    else:
        assert expected is not None, value
        assert {k: (v.furthest, v.done) for k, v in got.lessons} == {
            k: (v["furthest"], v["done"]) for k, v in expected.get("lessons", {}).items()
        }
        assert Progress.from_json(got.to_json()) == got
    CLEAN["read any value"] += 1


# ---- classes 2 and 3: a damaged saved row, opened through the Learn page -----------------------


@pytest.fixture
def db_paths(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Iterator[Path]]:
    def fresh() -> Iterator[Path]:
        for n in itertools.count():
            path = tmp_path / f"coach{n}.sqlite3"
            monkeypatch.setenv("EUCHRE_COACH_DB", str(path))
            yield path

    yield fresh()


def store_row(path: Path, table: str, column: str, key: str, value: object, lax: bool) -> None:
    """A database whose progress row holds ``value``: in the app's schema, or (``lax``, and for
    NULL) in tables without its NOT NULL and TEXT type, as an older or hand-edited file may be."""
    raw = sqlite3.connect(path)
    if lax or value is None:
        for name, col in (("browser_progress", "browser"), ("lesson_progress", "learner")):
            raw.execute(
                f"CREATE TABLE {name} ({col} TEXT PRIMARY KEY, data, updated TEXT NOT NULL DEFAULT 0)"
            )
    raw.commit()
    raw.close()
    open_store(path).close()
    raw = sqlite3.connect(path)
    raw.execute(f"INSERT INTO {table} ({column}, data) VALUES (?, ?)", (key, sqlite_value(value)))
    raw.commit()
    raw.close()


def stored_back(path: Path, table: str, column: str, key: str) -> object:
    """What SQLite hands back for the row (it may have turned a number into text, or the reverse)."""
    raw = sqlite3.connect(path)
    raw.text_factory = bytes
    row = raw.execute(f"SELECT data FROM {table} WHERE {column} = ?", (key,)).fetchone()
    raw.close()
    return None if row is None else row[0]


def open_learn(browser: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.switch_page("views/learn/learn.py")
    at.session_state["learn_browser_id"] = browser
    at.run()
    return at


def text_of(markdown: str) -> str:
    """A message as the learner reads it: the backslash escapes that keep it from being markdown, and
    the invisible word joiners that keep an address from becoming a link, removed."""
    return re.sub(r"\\(.)", r"\1", markdown).replace("\u2060", "")


def reset_notes(at: AppTest) -> list[str]:
    return [text_of(w.value) for w in at.warning if "could not be read" in w.value]


def check_page(at: AppTest, readable: bool, who: str) -> None:
    assert not at.exception, [e.value for e in at.exception]
    notes = reset_notes(at)
    if readable:
        assert notes == []
    else:
        assert len(notes) == 1 and "was reset" in notes[0] and who.lower() in notes[0].lower(), notes
    assert any("1. The deck and the deal" in m.value for m in at.markdown), "the lesson list is drawn"


@settings(settings.get_profile("fuzz"), max_examples=8)
@given(value=saved_values, lax=st.booleans())
def test_a_damaged_browser_row_opens_the_learn_page(
    db_paths: Iterator[Path], value: object, lax: bool
) -> None:
    TRIED["browser row, Learn page"] += 1
    path = next(db_paths)
    store_row(path, "browser_progress", "browser", BROWSER, value, lax)
    raw = stored_back(path, "browser_progress", "browser", BROWSER)
    readable = reference_read(raw) is not None
    READABLE["browser row, Learn page"] += readable
    at = open_learn(BROWSER)
    check_page(at, readable, "this browser's saved progress")
    again = open_learn(BROWSER)  # the next visit: no crash, no note, the record readable
    check_page(again, True, "")
    load_browser(open_store(path), BROWSER)
    CLEAN["browser row, Learn page"] += 1


@settings(settings.get_profile("fuzz"), max_examples=8)
@given(value=saved_values, lax=st.booleans())
def test_a_damaged_named_row_opens_the_learn_page(db_paths: Iterator[Path], value: object, lax: bool) -> None:
    TRIED["named row, Learn page"] += 1
    path = next(db_paths)
    store_row(path, "lesson_progress", "learner", "Ada", value, lax)
    readable = reference_read(stored_back(path, "lesson_progress", "learner", "Ada")) is not None
    READABLE["named row, Learn page"] += readable
    at = open_learn("FuzzOtherBrowser_012345")
    at.text_input(key="learn-name-input").input("Ada").run()
    check_page(at, readable, "the saved progress for 'Ada'")
    flash = [s.value for s in at.success]
    assert flash == (
        ["Welcome back, Ada: your saved progress is loaded."] if readable else ["Saving progress for Ada."]
    )
    load(open_store(path), "Ada")  # readable now, whatever was there
    CLEAN["named row, Learn page"] += 1


@pytest.mark.parametrize("value", ["[" * 100_000, "9" * 5000, None], ids=["deep", "digits", "null"])
@pytest.mark.parametrize("owner", ["browser", "name"])
def test_the_testers_rows(db_paths: Iterator[Path], owner: str, value: object) -> None:
    path = next(db_paths)
    if owner == "browser":
        store_row(path, "browser_progress", "browser", BROWSER, value, lax=False)
        at = open_learn(BROWSER)
        check_page(at, False, "this browser's saved progress")
        at.button(key="learn-reset-ok").click().run()
        assert reset_notes(at) == [], "the note closes"
    else:
        store_row(path, "lesson_progress", "learner", "Ada", value, lax=False)
        at = open_learn("FuzzOtherBrowser_012345")
        at.text_input(key="learn-name-input").input("Ada").run()
        check_page(at, False, "the saved progress for 'Ada'")


def test_a_damaged_cookie_row_on_a_lesson_step_is_reset_and_the_step_saved(db_paths: Iterator[Path]) -> None:
    path = next(db_paths)
    store_row(path, "browser_progress", "browser", BROWSER, "[" * 100_000, lax=False)
    at = AppTest.from_file(APP, default_timeout=60)
    at.switch_page("views/learn/learn.py")
    at.session_state["learn_browser_id"] = BROWSER
    at.query_params["lesson"] = "bowers"
    at.query_params["step"] = "3"
    at.run()
    assert not at.exception and len(reset_notes(at)) == 1
    assert load_browser(open_store(path), BROWSER) == Progress().seen("bowers", 2, 7)


# ---- class 4: damaged import files ------------------------------------------------------------


@settings(settings.get_profile("fuzz"), max_examples=300)
@given(value=saved_values)
def test_any_import_file_gets_a_summary_or_one_message(value: object) -> None:
    TRIED["import file, read"] += 1
    data = value if isinstance(value, bytes) else str(sqlite_value(value)).encode("utf-8", "surrogatepass")
    result = read_import(data, Progress())
    READABLE["import file, read"] += reference_read(data) is not None
    if reference_read(data) is None:
        assert isinstance(result, str) and result.startswith("Could not import that file: ")
        assert "Accepted: a progress export" in result and "\n" not in result
    else:
        assert isinstance(result, tuple)
    CLEAN["import file, read"] += 1


def open_import(data: bytes) -> AppTest:
    at = open_learn("FuzzImportBrowser_0123456")
    at.file_uploader(key="learn-import").set_value(("progress.json", data, "application/json")).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@settings(settings.get_profile("fuzz"), max_examples=8)
@given(value=saved_values)
def test_any_import_file_through_the_learn_page(db_paths: Iterator[Path], value: object) -> None:
    TRIED["import file, Learn page"] += 1
    next(db_paths)
    data = value if isinstance(value, bytes) else str(sqlite_value(value)).encode("utf-8", "surrogatepass")
    at = open_import(data)
    READABLE["import file, Learn page"] += reference_read(data) is not None
    if reference_read(data) is None:
        assert [e.value for e in at.error if e.value.startswith("Could not import")] and not at.dataframe
    else:
        assert any(s.value.startswith("Progress imported") for s in at.success)
        assert len(at.dataframe) <= 1
    CLEAN["import file, Learn page"] += 1


def big_file(count: int, name_length: int) -> bytes:
    lessons = {
        f"{i:06d}".ljust(name_length, "x"): {"furthest": i % 7, "done": i % 3 == 0} for i in range(count)
    }
    return json.dumps({"format": FORMAT, "version": 1, "lessons": lessons, "exercises": {}}).encode()


def test_the_testers_large_import_is_refused_at_once(db_paths: Iterator[Path]) -> None:
    next(db_paths)
    data = big_file(12_594, 120)  # 12,594 records in 1.99 MB, as the tester's file
    assert 1_900_000 < len(data) < 2_000_000
    at = open_import(data)
    assert [text_of(e.value) for e in at.error] == [
        "Could not import that file: 'lessons' has 12,594 entries; at most 500 are kept. Accepted: a progress "
        'export as "Export progress" writes it: UTF-8 JSON of at most 2,000,000 bytes, an object with '
        '"format": "euchre-coach-progress", "version": 1, "lessons" and "exercises".'
    ]
    assert not at.dataframe and not [b for b in at.button if b.key and b.key.startswith("learn-import-")]


def table_rows(at: AppTest) -> int:
    return len(at.dataframe[0].value)


def test_a_large_import_is_summarised_and_paged(db_paths: Iterator[Path]) -> None:
    next(db_paths)
    exercises = {f"kind{i:03d}": {"attempts": 3, "correct": 2, "streak": 1, "best": 2} for i in range(500)}
    lessons = {"bowers": {"furthest": 3, "done": False}} | {
        f"extra{i:03d}": {"furthest": 0, "done": True} for i in range(499)
    }
    data = json.dumps({"format": FORMAT, "version": 1, "lessons": lessons, "exercises": exercises}).encode()
    at = open_import(data)
    assert [text_of(s.value) for s in at.success] == [
        "Progress imported (merged with what you had). The file held 500 lesson(s), 499 finished, and 500 "
        "exercise type(s) with 1,500 answers (1,000 right). 499 of its lessons are not lessons of this app: "
        "they are kept, not listed."
    ]
    assert len(at.dataframe) == 1 and table_rows(at) == PAGE_ROWS
    assert at.dataframe[0].value.iloc[0].tolist() == ["Lesson", "2. The bowers", "step 4 of 7"]
    assert any(c.value == "Records 1–20 of 1,000 · page 1 of 50" for c in at.caption)
    at.button(key="learn-import-next").click().run()
    assert any(c.value == "Records 21–40 of 1,000 · page 2 of 50" for c in at.caption)
    at.session_state["learn-import-page"] = 50
    at.run()
    assert any(c.value == "Records 981–1,000 of 1,000 · page 50 of 50" for c in at.caption)
    assert table_rows(at) == PAGE_ROWS and at.dataframe[0].value.iloc[-1].tolist() == [
        "Exercise",
        "kind499",
        "2 right of 3 · best streak 2",
    ]
    assert at.button(key="learn-import-next").disabled
    assert next(b for b in at.button if b.label == "Continue" and b.key == "open-bowers")


# ---- class 5: two writers under one name --------------------------------------------------------

LESSONS = ("deck", "bowers", "ranking")
TOTAL = 7
actions = st.one_of(
    st.tuples(st.just("seen"), st.sampled_from(LESSONS), st.integers(0, TOTAL - 1)),
    st.tuples(st.just("answer"), st.sampled_from(["bid", "points"]), st.booleans()),
)


def expected_drill(answers: list[bool]) -> tuple[int, int, int, int]:
    """(attempts, right, current streak, best streak) counted from the answers."""
    runs = [len(run) for right, run in ((k, list(g)) for k, g in itertools.groupby(answers)) if right]
    trailing = 0
    for right in reversed(answers):
        if not right:
            break
        trailing += 1
    return len(answers), sum(answers), trailing, max(runs, default=0)


@settings(settings.get_profile("fuzz"), max_examples=60)
@given(
    first=st.lists(actions, max_size=12),
    second=st.lists(actions, max_size=12),
    order=st.lists(st.booleans(), max_size=30),
)
def test_two_writers_under_one_name_both_keep_what_they_did(
    tmp_path: Path, first: list[tuple[str, str, Any]], second: list[tuple[str, str, Any]], order: list[bool]
) -> None:
    TRIED["merge, two writers"] += 1
    path = tmp_path / f"merge{TRIED['merge, two writers']}.sqlite3"
    conns = (open_store(path), open_store(path))
    mine = [Progress(), Progress()]
    queues = [list(first), list(second)]
    turns = [int(t) for t in order] + [0] * len(first) + [1] * len(second)
    for who in turns:  # each writer saves its own session's progress after each of its actions
        if not queues[who]:
            continue
        kind, name, arg = queues[who].pop(0)
        mine[who] = mine[who].seen(name, arg, TOTAL) if kind == "seen" else mine[who].answered(name, arg)
        save(conns[who], "Ada", mine[who])
    saved = load(conns[0], "Ada") or Progress()
    steps = {
        name: [arg for kind, n, arg in first + second if kind == "seen" and n == name] for name in LESSONS
    }
    # a lesson is recorded once past its first step (seeing step 1 of 7 is where everyone starts)
    assert {k: (v.furthest, v.done) for k, v in saved.lessons} == {
        name: (max(seen), max(seen) == TOTAL - 1) for name, seen in steps.items() if seen and max(seen) > 0
    }
    for kind in ("bid", "points"):
        per_writer = [
            expected_drill([a for k, n, a in acts if k == "answer" and n == kind]) for acts in (first, second)
        ]
        got = saved.drill(kind)
        if not any(w[0] for w in per_writer):
            assert got == DrillStats()
            continue
        longer = max(per_writer, key=lambda w: w[:3])
        assert (got.attempts, got.correct, got.streak) == longer[:3]
        assert got.best == max(w[3] for w in per_writer)
    CLEAN["merge, two writers"] += 1


progress_values = st.builds(
    Progress,
    st.dictionaries(
        st.sampled_from(LESSONS), st.builds(LessonProgress, st.integers(0, 9), st.booleans())
    ).map(lambda d: tuple(sorted(d.items()))),
    st.dictionaries(st.sampled_from(["bid", "points"]), valid_drills.map(lambda d: DrillStats(**d))).map(
        lambda d: tuple(sorted(d.items()))
    ),
)


@settings(settings.get_profile("fuzz"), max_examples=200)
@given(a=progress_values, b=progress_values, c=progress_values)
def test_the_merge_is_an_order_free_union(a: Progress, b: Progress, c: Progress) -> None:
    TRIED["merge laws"] += 1
    assert a.merged(b) == b.merged(a)
    assert a.merged(b).merged(c) == a.merged(b.merged(c))
    assert a.merged(a) == a
    both = a.merged(b)
    for key, lp in a.lessons + b.lessons:
        assert both.lesson(key).furthest >= lp.furthest and (both.lesson(key).done or not lp.done)
    assert Progress.from_json(both.to_json()) == both
    CLEAN["merge laws"] += 1


def test_two_browsers_with_one_name_through_the_learn_page(db_paths: Iterator[Path]) -> None:
    """The tester's case: both type the same name, one goes to bowers step 3, the other to
    ranking step 2; both lessons stay saved."""
    path = next(db_paths)
    one, two = open_learn("FuzzBrowserOne_01234567"), open_learn("FuzzBrowserTwo_01234567")
    for at in (one, two):
        at.text_input(key="learn-name-input").input("Ada").run()
    for at, lesson, step in ((one, "bowers", "3"), (two, "ranking", "2")):
        at.query_params["lesson"] = lesson
        at.query_params["step"] = step
        at.run()
        assert not at.exception
    saved = load(open_store(path), "Ada")
    assert saved == Progress((("bowers", LessonProgress(2, False)), ("ranking", LessonProgress(1, False))))


def test_names_from_an_import_file_are_shown_as_text(db_paths: Iterator[Path]) -> None:
    next(db_paths)
    image = "![t](https://evil.example/p.png)"
    good = json.dumps(
        {"format": FORMAT, "version": 1, "lessons": {image: {"furthest": 1, "done": False}}, "exercises": {}}
    ).encode()
    at = open_import(good)
    assert at.dataframe[0].value.iloc[0].tolist() == ["Lesson", image, "not a lesson of this app (kept)"]
    bad = json.dumps(
        {
            "format": FORMAT,
            "version": 1,
            "lessons": {image * 3: {"furthest": 1, "done": False}},
            "exercises": {},
        }
    ).encode()
    at = open_import(bad)
    [message] = [e.value for e in at.error]
    assert re.search(r"(?<!\\)[\[\]!]", message) is None, "every bracket escaped: no image, no link"
    assert text_of(message).count(image[:24]) == 1
