"""A stored question or answer that does not read is said, never guessed at (issue 39, item 4)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from classroom.marking import Given, leaderboard, summary_csv, tally, unreadable
from classroom.questions import ClassQuestion, DamagedQuestion, answer_fits, read_question


def test_a_question_reads_back_as_it_was_written(bower: ClassQuestion) -> None:
    assert ClassQuestion.from_json(bower.to_json()) == bower


@pytest.mark.parametrize(
    ("damage", "said"),
    [  # a body as it is stored, or the good question's body with keys changed (a dict) or taken out (a tuple)
        ("not json", "not the JSON object"),
        ("[1]", "not the JSON object"),
        ("[" * 10_000, "not the JSON object"),
        ({"extra": 1}, "unknown key 'extra'"),
        (("mode",), "missing key 'mode'"),
        ({"cards": ["XX", "JD"]}, "'XX', which is not a card"),
        ({"mode": "tap"}, "mode 'tap' is not one of card, cards, choice"),
        ({"right": ["AS"]}, "right answer is not one of its cards"),
        ({"trump": "X"}, "not a suit's letter"),
        ({"prompt": 5}, "prompt is not a text"),
    ],
)
def test_a_damaged_question_says_what_is_wrong(
    damage: str | dict[str, Any] | tuple[str, ...], said: str, bower: ClassQuestion
) -> None:
    good = json.loads(bower.to_json())
    if isinstance(damage, dict):
        body = json.dumps({**good, **damage})
    elif isinstance(damage, tuple):
        body = json.dumps({k: v for k, v in good.items() if k not in damage})
    else:
        body = damage
    with pytest.raises(DamagedQuestion, match=said):
        ClassQuestion.from_json(body)
    assert read_question(body) is None


def test_answers_that_are_not_answers_to_the_question_are_left_out_and_counted(bower: ClassQuestion) -> None:
    assert answer_fits(bower, "JD") and not answer_fits(bower, "AS") and not answer_fits(bower, "XX")
    t = tally(bower, ["JD", "JH", "XX", "AS", "JD JD"])
    assert (t.answered, t.right, t.damaged) == (2, 1, 3)
    given = [
        Given(1, "Ada", "JD"),
        Given(1, "Ben", "XX"),
        Given(2, "Cy", "JD"),
    ]  # question 2 is not there (a damaged row)
    assert unreadable({1: bower}, given) == 1
    assert [(s.name, s.right) for s in leaderboard({1: bower}, {1}, given)] == [("Ada", 1)]
    rows = [
        line.split(",") for line in summary_csv({1: bower}, ["Ada", "Ben", "Cy"], given, {1}).splitlines()
    ]
    # pupil, right, answered, rank ... answer, correct (columns 8 and 9)
    assert [r[:4] + r[8:10] for r in rows[1:]] == [
        ["Ada", "1", "1", "1", "J♦", "yes"],
        ["Ben", "0", "0", "2", "", ""],
        ["Cy", "0", "0", "2", "", ""],
    ]
