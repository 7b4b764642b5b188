"""A class's results (issue 40, "Results" and a pupil's score): the leaderboard, a phone's score, the
per-pupil ideas and the CSV summary are one computation over the revealed questions, read from
the database when asked for. Expected figures are counted by hand from the answers below."""

from __future__ import annotations

import csv
import io
import time
from datetime import UTC
from pathlib import Path

import pytest

from classroom.class_record import class_csv, class_record
from classroom.marking import CSV_HEADER, Given, Missed, Standing, leaderboard, missed_ideas, place
from classroom.questions import ClassQuestion
from store import classes


@pytest.fixture
def path(any_db: Path) -> Path:
    return any_db


def rows_of(data: bytes) -> list[dict[str, str]]:
    assert data.startswith(b"\xef\xbb\xbf"), "a UTF-8 BOM first: Excel then reads J\u2663 as it is"
    return list(csv.DictReader(io.StringIO(data[3:].decode("utf-8"))))


def test_the_csv_is_read_from_the_database_at_the_click_with_text_answer_and_time(
    path: Path, bower: ClassQuestion, points: ClassQuestion
) -> None:
    start = time.time()
    code, secret = classes.start_class(now=start, path=path)
    ada = classes.join(code, "Ada", now=start + 1, path=path)
    ben = classes.join(code, "Ben", now=start + 2, path=path)
    classes.ask(code, secret, bower.to_json(), now=start + 10, path=path)
    classes.answer(code, ada, 1, "JD", now=start + 14.5, path=path)
    classes.answer(code, ben, 1, "JH", now=start + 22, path=path)
    classes.reveal(code, secret, now=start + 30, path=path)
    classes.ask(code, secret, points.to_json(), now=start + 40, path=path)
    classes.answer(code, ada, 2, "makers 1", now=start + 43, path=path)

    rows = rows_of(class_csv(code, secret, UTC, path))  # mid-question: question 2 is still open
    assert list(rows[0]) == list(CSV_HEADER)
    by = {(r["pupil"], r["question"]): r for r in rows}
    assert len(rows) == 4  # two pupils, two questions
    first = by[("Ada", "1")]
    assert (first["question text"], first["idea"], first["right answer"]) == (
        "Hearts are trump. Which card is the left bower?",
        "Find the bower",
        "J♦",
    )
    assert (first["answer"], first["correct"], first["counted"], first["seconds"]) == (
        "J♦",
        "yes",
        "yes",
        "4.5",
    )
    assert first["answered at"] == time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(start + 14.5))
    assert (by[("Ben", "1")]["answer"], by[("Ben", "1")]["correct"], by[("Ben", "1")]["seconds"]) == (
        "J♥",
        "no",
        "12.0",
    )
    # the open question's answer is in the file, not yet counted: Ada 1 right of 1 answered, Ben 0 of 1
    assert (by[("Ada", "2")]["answer"], by[("Ada", "2")]["correct"], by[("Ada", "2")]["counted"]) == (
        "makers 1",
        "no",
        "no",
    )
    assert by[("Ben", "2")]["answer"] == "" and by[("Ben", "2")]["seconds"] == ""
    assert [(r["pupil"], r["right"], r["answered"], r["rank"]) for r in rows] == [
        ("Ada", "1", "1", "1"),
        ("Ada", "1", "1", "1"),
        ("Ben", "0", "1", "2"),
        ("Ben", "0", "1", "2"),
    ]

    # a pupil who joins and answers after that: the next download has them (it is read at the click)
    cy = classes.join(code, "Cy", now=start + 44, path=path)
    classes.answer(code, cy, 2, "defenders 2", now=start + 50, path=path)
    later = {(r["pupil"], r["question"]): r for r in rows_of(class_csv(code, secret, UTC, path))}
    assert later[("Cy", "2")]["answer"] == "defenders 2" and later[("Cy", "2")]["seconds"] == "10.0"


def test_the_leaderboard_the_csv_and_a_phone_agree_when_a_question_is_skipped(
    path: Path, bower: ClassQuestion, clubs_bower: ClassQuestion, points: ClassQuestion
) -> None:
    """Question 2 is asked and then skipped (question 3 asked without a reveal): it counts for
    nobody. Counted by hand over questions 1 and 3: Ada 1 right of 2, Ben 1 of 2, Cy 0 of 0."""
    code, secret = classes.start_class(path=path)
    tokens = {name: classes.join(code, name, path=path) for name in ("Ada", "Ben", "Cy")}
    classes.ask(code, secret, bower.to_json(), path=path)
    classes.answer(code, tokens["Ada"], 1, "JD", path=path)
    classes.answer(code, tokens["Ben"], 1, "QD", path=path)
    classes.reveal(code, secret, path=path)
    classes.ask(code, secret, points.to_json(), path=path)
    classes.answer(code, tokens["Ada"], 2, "defenders 2", path=path)
    classes.answer(code, tokens["Ben"], 2, "makers 1", path=path)
    classes.answer(code, tokens["Cy"], 2, "defenders 2", path=path)
    classes.ask(code, secret, clubs_bower.to_json(), path=path)  # skipped: no reveal of question 2
    classes.answer(code, tokens["Ada"], 3, "JC", path=path)
    classes.answer(code, tokens["Ben"], 3, "JS", path=path)
    classes.reveal(code, secret, path=path)

    expected = [("Ada", 1, 2, 1), ("Ben", 1, 2, 1), ("Cy", 0, 0, 3)]
    teacher = class_record(code, secret, path)
    assert [(s.name, s.right, s.answered, s.rank) for s in teacher.standings()] == expected
    phone = class_record(code, None, path)  # what a pupil's phone reads: no answer to question 2 at all
    assert [(s.name, s.right, s.answered, s.rank) for s in phone.standings()] == expected
    rows = rows_of(class_csv(code, secret, UTC, path))
    totals = {(r["pupil"], int(r["right"]), int(r["answered"]), int(r["rank"])) for r in rows}
    assert totals == set(expected)
    skipped = [r for r in rows if r["question"] == "2"]
    assert [(r["pupil"], r["correct"], r["counted"]) for r in skipped] == [
        ("Ada", "yes", "no"),
        ("Ben", "no", "no"),
        ("Cy", "yes", "no"),
    ]
    # which ideas each got wrong, over the counted questions: Ada the bower (question 3), Ben the
    # bower (question 1); Ben's wrong points answer was to the skipped question
    assert [(p.name, p.wrong) for p in teacher.ideas()] == [
        ("Ada", (Missed("Find the bower", (3,)),)),
        ("Ben", (Missed("Find the bower", (1,)),)),
        ("Cy", ()),
    ]


def answers(**by_pupil: dict[int, str]) -> list[Given]:
    """What each pupil answered, by question number: one ``Given`` an answer, in the order written."""
    return [
        Given(number, name, answer) for name, given in by_pupil.items() for number, answer in given.items()
    ]


def test_ranks_are_shared_by_equal_scores_and_said_in_words(
    bower: ClassQuestion, clubs_bower: ClassQuestion, points: ClassQuestion
) -> None:
    questions = {1: bower, 2: points, 3: clubs_bower}
    given = answers(
        Ada={1: "JD", 2: "defenders 2", 3: "JC"},
        Ben={1: "JD", 2: "defenders 2"},
        Cy={1: "JD", 3: "JS"},
        Dee={2: "makers 2"},
    )
    rows = leaderboard(questions, {1, 2, 3}, given, ["Dee", "Cy", "Ben", "Ada", "Eve"])
    # right: Ada 2, Ben 2, Cy 2, Dee 0, Eve 0 (no answer)
    assert [(s.name, s.right, s.answered, s.rank) for s in rows] == [
        ("Ada", 2, 3, 1),
        ("Ben", 2, 2, 1),
        ("Cy", 2, 2, 1),
        ("Dee", 0, 1, 4),
        ("Eve", 0, 0, 4),
    ]
    assert place(rows[1], rows) == "joint 1st of 5" and place(rows[4], rows) == "joint 4th of 5"
    alone = (Standing("Ada", 3, 3, 1), Standing("Ben", 1, 3, 2))
    assert place(alone[1], alone) == "2nd of 2"


def test_the_ideas_a_pupil_got_wrong_most_missed_first(
    bower: ClassQuestion, clubs_bower: ClassQuestion, points: ClassQuestion
) -> None:
    questions = {1: bower, 2: points, 3: clubs_bower, 4: points}
    given = answers(Ada={1: "QD", 2: "makers 1", 3: "JD", 4: "defenders 2"}, Ben={1: "JD"})
    rows = missed_ideas(questions, {1, 2, 3, 4}, given, ["Ada", "Ben"])
    # one right each (Ada question 4, Ben question 1): the leaderboard's order, ties by name
    assert [(p.name, p.right, p.answered, p.wrong) for p in rows] == [
        ("Ada", 1, 4, (Missed("Find the bower", (1, 3)), Missed("How many points?", (2,)))),
        ("Ben", 1, 1, ()),
    ]
