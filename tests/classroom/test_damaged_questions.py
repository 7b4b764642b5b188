"""A stored question or answer that does not read is said, never guessed at (issue 39, item 4)."""

from __future__ import annotations

import json

import pytest

from classroom.marking import Given, leaderboard, summary_csv, tally, unreadable
from classroom.questions import ClassQuestion, DamagedQuestion, answer_fits, read_question

BOWER = ClassQuestion(
    source="Find the bower",
    kind="left_bower",
    prompt="Hearts are trump. Which card is the left bower?",
    mode="card",
    cards=("QD", "JD", "JH", "JS"),
    trump="H",
    right=("JD",),
    answer_words="J♦",
)
GOOD = json.loads(BOWER.to_json())


def test_a_question_reads_back_as_it_was_written() -> None:
    assert ClassQuestion.from_json(BOWER.to_json()) == BOWER


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ("not json", "not the JSON object"),
        ("[1]", "not the JSON object"),
        ("[" * 10_000, "not the JSON object"),
        (json.dumps({**GOOD, "extra": 1}), "unknown key 'extra'"),
        (json.dumps({k: v for k, v in GOOD.items() if k != "mode"}), "missing key 'mode'"),
        (json.dumps({**GOOD, "cards": ["XX", "JD"]}), "'XX', which is not a card"),
        (json.dumps({**GOOD, "mode": "tap"}), "mode 'tap' is not one of card, cards, choice"),
        (json.dumps({**GOOD, "right": ["AS"]}), "right answer is not one of its cards"),
        (json.dumps({**GOOD, "trump": "X"}), "not a suit's letter"),
        (json.dumps({**GOOD, "prompt": 5}), "prompt is not a text"),
    ],
)
def test_a_damaged_question_says_what_is_wrong(body: str, said: str) -> None:
    with pytest.raises(DamagedQuestion, match=said):
        ClassQuestion.from_json(body)
    assert read_question(body) is None


def test_answers_that_are_not_answers_to_the_question_are_left_out_and_counted() -> None:
    assert answer_fits(BOWER, "JD") and not answer_fits(BOWER, "AS") and not answer_fits(BOWER, "XX")
    t = tally(BOWER, ["JD", "JH", "XX", "AS", "JD JD"])
    assert (t.answered, t.right, t.damaged) == (2, 1, 3)
    given = [
        Given(1, "Ada", "JD"),
        Given(1, "Ben", "XX"),
        Given(2, "Cy", "JD"),
    ]  # question 2 is not there (a damaged row)
    assert unreadable({1: BOWER}, given) == 1
    assert [(s.name, s.right) for s in leaderboard({1: BOWER}, {1}, given)] == [("Ada", 1)]
    rows = [
        line.split(",") for line in summary_csv({1: BOWER}, ["Ada", "Ben", "Cy"], given, {1}).splitlines()
    ]
    # pupil, right, answered, rank ... answer, correct (columns 8 and 9)
    assert [r[:4] + r[8:10] for r in rows[1:]] == [
        ["Ada", "1", "1", "1", "J♦", "yes"],
        ["Ben", "0", "0", "2", "", ""],
        ["Cy", "0", "0", "2", "", ""],
    ]
