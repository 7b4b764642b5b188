"""Damaged rows in every table of a class (issue 39, item 4): whatever was written into a field (text
where a number goes, NULL, a blob, a question body that is not JSON or has a key too many, an answer
that is not a card of its question, a current question past the last one), the teacher's page, the
projector and a pupil's phone, each opened through app.py's router, render with a message and
never an exception; one bad answer leaves the rest of the class's summary whole.

The tables are made without their NOT NULL constraints, as a file written by hand or by another
program can be. The class: Ada, Ben and Cy; question 1 revealed, question 2 open or revealed (both
are tried), Ada and Ben have answered both.
"""

from __future__ import annotations

import json
import math
import re
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from classroom.class_record import class_record
from classroom.marking import summary_csv
from classroom.questions import ClassQuestion
from store import classes

BIG = 2**63 - 1
NOT_A_NUMBER: list[Any] = ["abc", b"\x00\xff", None, "", "1.5.6"]
NOT_A_COUNTER: list[Any] = [*NOT_A_NUMBER, -1, 1.5, BIG, math.inf]
# (table, column, which row, values); "which row": class (the class), q2 (question 2), ada / ben (a pupil's
# row, or their answer to question 2)
DAMAGE: list[tuple[str, str, str, list[Any]]] = [
    ("classes", "created", "class", [*NOT_A_NUMBER, math.inf, -math.inf]),
    ("classes", "last_question", "class", ["abc", b"\x01", math.inf]),
    ("classes", "state", "class", ["closed", 5, None, b"open"]),
    ("classes", "leaderboard", "class", [2, "yes", None, 1.5]),
    ("classes", "current", "class", [*NOT_A_COUNTER, 3, 7, 10**9]),  # 3 and 7: past the last question
    ("classes", "revealed", "class", [2, "abc", None, -1]),
    ("classes", "version", "class", NOT_A_COUNTER),
    ("classes", "stage", "class", NOT_A_COUNTER),
    ("classes", "locked", "class", [2, "yes", None, 1.5]),  # the lock, the timer and when the question closes
    ("classes", "timer", "class", ["abc", None, -1, 1.5, 10**9]),
    ("classes", "closes", "class", ["abc", b"\x01", math.inf]),
    (
        "class_questions",
        "body",
        "q2",
        [
            "not json",
            "[1, 2]",
            "",
            "[" * 10_000,
            "null",
            '"text"',
            # the good question's body with keys changed (a dict) or taken out (a tuple)
            {"extra": 1},
            ("prompt",),  # the good body without its prompt
            {"cards": ["XX", "JD"]},
            {"cards": "QD JD"},
            {"mode": "tap"},
            {"right": ["AS"]},
            {"trump": "X"},
            {"shown": [["a"]]},
            {"close": "no"},
            {"labels": ["x"]},
            {"upcard": "ZZ"},
            5,
            b"\xff{",
            None,
        ],
    ),
    ("class_questions", "number", "q2", ["abc", 1.5, None, -2]),
    ("class_questions", "opened", "q2", NOT_A_NUMBER),
    ("class_questions", "revealed", "q2", ["abc", b"\x01", math.inf]),
    ("class_answers", "answer", "ben", ["XX", "AS", "JD JD", "", 5, b"\xff", None, "x" * 300, "QD JD"]),
    ("class_answers", "answer", "ada", ["XX", 5]),  # the phone's own answer
    ("class_answers", "at", "ben", NOT_A_NUMBER),
    ("class_answers", "number", "ben", ["abc", 1.5]),
    ("class_answers", "pupil", "ben", ["abc", 1.5, None]),
    (
        "class_pupils",
        "name",
        "ben",
        [b"\xff", None, "x" * 500],
    ),  # (5 in a TEXT column is the text "5": a name)
    ("class_pupils", "name", "ada", [b"\xff", None]),  # the phone's own name
]
# Each damage with question 2 open and revealed, but a field of the class row that reads the same
# either way (its times, state, switches, counters) only once.
ONCE = {"created", "last_question", "state", "leaderboard", "version", "stage", "locked", "timer"}
CASES = [
    (table, column, row, value, revealed)
    for table, column, row, values in DAMAGE
    for value in values
    for revealed in ((True,) if column in ONCE else (False, True))
]
MESSAGE = re.compile(r"damaged|missing|cannot be read|cannot be shown", re.IGNORECASE)


def loose_schema() -> tuple[str, ...]:
    return tuple(sql.replace("NOT NULL", "") for sql in classes.SCHEMA)


def good_body(change: dict[str, Any] | tuple[str, ...], question: ClassQuestion) -> str:
    """``question``'s stored body with keys changed (a dict) or taken out (a tuple)."""
    good = json.loads(question.to_json())
    if isinstance(change, dict):
        return json.dumps({**good, **change})
    return json.dumps({k: v for k, v in good.items() if k not in change})


def make_class(path: Path, revealed: bool, question: ClassQuestion) -> tuple[str, str, dict[str, str]]:
    conn = sqlite3.connect(path)
    with conn:
        for sql in loose_schema():
            conn.execute(sql)
    conn.close()
    code, secret = classes.start_class(path=path)
    tokens = {name: classes.join(code, name, path=path) for name in ("Ada", "Ben", "Cy")}
    for number in (1, 2):
        classes.ask(code, secret, question.to_json(), path=path)
        classes.answer(code, tokens["Ada"], number, "JD", path=path)
        classes.answer(code, tokens["Ben"], number, "JH", path=path)
        if number == 1 or revealed:
            classes.reveal(code, secret, path=path)
    return code, secret, tokens


def damage(path: Path, code: str, table: str, column: str, row: str, value: Any) -> None:
    where = {
        "class": ("code = ?", (code,)),
        "q2": ("class_code = ? AND number = 2", (code,)),
        "ada": ("class_code = ? AND name = 'Ada'", (code,)),
        "ben": ("class_code = ? AND name = 'Ben'", (code,)),
    }
    args: tuple[str, ...]
    if table == "class_answers":
        pupil = "Ada" if row == "ada" else "Ben"
        clause, args = (
            "class_code = ? AND number = 2 AND pupil = (SELECT id FROM class_pupils WHERE name = ?)",
            (code, pupil),
        )
    else:
        clause, args = where[row]
    conn = sqlite3.connect(path)
    with conn:
        conn.execute(f"UPDATE {table} SET {column} = ? WHERE {clause}", (value, *args))
    conn.close()
    classes.forget_connections()


def page_text(at: AppTest) -> str:
    parts = [*at.markdown, *at.error, *at.warning, *at.info, *at.success, *at.caption]
    return "\n".join(str(p.value) for p in parts).replace("\\", "")


@pytest.fixture
def open_class(open_with: Callable[..., AppTest]) -> Callable[..., AppTest]:
    def opened(query: dict[str, str], state: dict[str, object] | None = None) -> AppTest:
        at = open_with("views/class_mode/class_mode.py", query, timeout=60, state=state)
        assert not at.exception, [e.value for e in at.exception]
        return at

    return opened


@pytest.mark.parametrize(
    ("table", "column", "row", "value", "revealed"),
    CASES,
    ids=[f"{t}.{c}[{r}]={str(v)[:12]!r}-{'revealed' if x else 'open'}" for t, c, r, v, x in CASES],
)
def test_every_page_renders_a_damaged_class_with_a_message(
    db: Path,
    open_class: Callable[..., AppTest],
    tally: Callable[[str, Callable[[], None]], None],
    revealed: bool,
    table: str,
    column: str,
    row: str,
    value: Any,
    bower: ClassQuestion,
) -> None:
    path = db
    code, secret, tokens = make_class(path, revealed, bower)
    damage(
        path, code, table, column, row, good_body(value, bower) if isinstance(value, (dict, tuple)) else value
    )

    def check() -> None:
        teacher = open_class({"class": code, "teacher": secret})
        projector = open_class({"class": code, "teacher": secret, "present": "1"})
        phone = open_class({"class": code}, {"cl_pupil_tokens": {code: tokens["Ada"]}})  # Ada's browser
        for at in (teacher, projector):
            assert MESSAGE.search(page_text(at)), page_text(at)[:2000]
        seen = page_text(phone)
        # the phone says so when the damage touches what it shows; otherwise it shows the class as it is
        assert MESSAGE.search(seen) or "Question 2." in seen or "Hello" in seen, seen[:2000]
        if revealed and row == "ben" and table != "class_questions":
            # one bad answer or name: the leaderboard still has the rest of the class
            board = next(str(h.value) for h in teacher.html if "cl-leaderboard" in str(h.value))
            assert "Ada" in board

    tally("class damage", check)


@pytest.mark.parametrize(
    ("column", "value"), [("answer", "XX"), ("answer", 5), ("answer", "AS"), ("at", "abc"), ("pupil", "abc")]
)
def test_one_bad_answer_leaves_the_rest_of_the_summary_whole(
    tmp_path: Path, column: str, value: Any, bower: ClassQuestion
) -> None:
    path = tmp_path / "coach.sqlite3"
    code, secret, _ = make_class(path, revealed=True, question=bower)
    classes.forget_connections()
    damage(path, code, "class_answers", column, "ben", value)
    record = class_record(code, secret, path)
    rows = {
        line.split(",")[0]: line.split(",")
        for line in summary_csv(record.questions, record.names, record.given).splitlines()
    }
    assert rows["Ada"][1:3] == ["2", "2"]  # right, answered: both of Ada's answers
    assert rows["Ben"][1:3] == ["0", "1"]  # Ben's answer to question 1; the damaged one left out
    assert rows["Cy"][1:3] == ["0", "0"]
    assert record.damaged == 1 and record.note.startswith("1 damaged record was")
