"""A class question about one seat's decision carries the drill's Problem (issue 52, item 3): asked
from a drill's seed, its problem is the one the drill solved for the same seed, and the answers a
phone may give that count right are the problem's right choices in the question's words. A typed
hand carries the analyzer's problem, and the figures the teacher reads are its values.

Stored bodies are written out by hand: one stored before questions carried their problem (the
seat's view as the question's own text) still reads; one with a problem reads back into the same
Problem; one whose problem does not read is a damaged question, never guessed at."""

from __future__ import annotations

import json
import re

import pytest

from classroom.questions import (
    ClassQuestion,
    DamagedQuestion,
    exercise_question,
    hand_question,
    read_question,
)
from engine.core.actions import Action, Kind
from engine.core.problem import Problem
from lessons.exercises import generate, solve

FIRST = "standard/3/JH-JD-AH-KS-9C,?,?,?/9H"
CARD_KINDS = ("discard", "keep_guards", "play_card")
WORDS_KINDS = ("bid", "name_suit", "go_alone", "defend_alone")

# A typed-hand question as the class page stored it once it kept its view and before it carried its
# problem: written out by hand.
VIEW_BODY = {
    "source": "A typed hand",
    "kind": "hand",
    "prompt": "You sit first, left of the dealer; the upcard is the 9♥. What would you bid?",
    "mode": "choice",
    "cards": ["JH", "JD", "AH", "KS", "9C"],
    "labels": [],
    "shown": [],
    "trump": None,
    "upcard": "9H",
    "facts": [],
    "choices": ["pass", "order up", "order up alone"],
    "right": ["order up"],
    "answer_words": "order up",
    "why": "Order up.",
    "figures": ["Order up: +0.74 points a hand (95% range +0.60 to +0.88), euchred in 12%"],
    "close": False,
    "view": FIRST,
}
# The same question as it is stored now, with its problem (figures made up, written by hand).
PROBLEM = {
    "view": FIRST,
    "choices": ["pass", "order", "order alone"],
    "right": ["order"],
    "values": [-0.3, 0.74, 0.4],
    "unit": "points",
    "source": "the hand analyzer (simulated play-outs of each choice)",
    "reason": "Order up.",
    "position": "",
    "goal": "",
}
PROBLEM_BODY = {**VIEW_BODY, "view": "", "problem": PROBLEM}


@pytest.mark.parametrize("kind", CARD_KINDS + WORDS_KINDS)
def test_a_drills_question_carries_the_problem_the_drill_solved(kind: str) -> None:
    ex = generate(kind, 5)
    drill = solve(ex).problem
    q = exercise_question(kind, 5)
    assert drill is not None and q.problem == drill
    assert q.view == "" and q.seat_view() == ex.view
    if kind in CARD_KINDS:  # the cards of the problem's right choices, by their codes
        assert set(q.right) == {str(Action.parse(r).card) for r in drill.right}
    else:  # the question's words for them: one of its choices each
        assert set(q.right) <= set(q.choices) and q.choices == ex.options
    best = Action.parse(drill.best)
    if kind == "bid":
        assert q.right[0] == (q.choices[0] if best.kind is Kind.ORDER else "pass")
    if kind == "defend_alone":
        assert q.right[0] == (
            "defend alone" if best.kind is Kind.DEFEND_ALONE else "defend with your partner"
        )


def test_a_drills_question_reads_back_with_its_problem() -> None:
    q = exercise_question("discard", 5)
    stored = json.loads(q.to_json())
    assert q.problem is not None and stored["problem"] == json.loads(q.problem.to_json())
    assert ClassQuestion.from_json(q.to_json()) == q


def test_a_typed_hand_carries_the_analyzers_problem_in_the_phones_words() -> None:
    q = hand_question("JH JD AH KS 9C", "9H", "first", 1)
    p = q.problem
    assert p is not None and p.choices == ("pass", "order", "order alone") and p.unit == "points"
    words = {"pass": "pass", "order": "order up", "order alone": "order up alone"}
    assert q.choices == tuple(words[c] for c in p.choices)
    assert q.right == tuple(words[r] for r in p.right)
    assert p.reason == q.why and p.source.startswith("the hand analyzer")
    # the teacher's figures, best first, are the problem's values to the hundredth
    said = [
        float(m.group(1)) for line in q.figures if (m := re.search(r": ([+-]?\d+\.\d+) points a hand", line))
    ]
    assert said == [round(v, 2) for v in sorted(p.values, reverse=True)]


def test_a_question_stored_with_its_view_before_it_carried_a_problem_still_reads() -> None:
    q = ClassQuestion.from_json(json.dumps(VIEW_BODY, ensure_ascii=False))
    assert q.problem is None and q.view == FIRST and q.right == ("order up",)
    seen = q.seat_view()
    assert seen is not None and (seen.seat, seen.dealer) == (0, 3)
    assert [str(a) for a in seen.legal] == ["pass", "order", "order alone"]


def test_a_stored_problem_reads_back_as_written() -> None:
    q = ClassQuestion.from_json(json.dumps(PROBLEM_BODY, ensure_ascii=False))
    assert q.problem == Problem(
        FIRST,
        ("pass", "order", "order alone"),
        ("order",),
        (-0.3, 0.74, 0.4),
        "points",
        "the hand analyzer (simulated play-outs of each choice)",
        "Order up.",
    )
    seen = q.seat_view()
    assert seen is not None and seen.seat == 0
    assert ClassQuestion.from_json(q.to_json()) == q


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        ({"problem": "order"}, "seat decision is not a JSON object"),
        ({"problem": {**PROBLEM, "choices": ["pass", "fly", "order alone"]}}, "'fly' is not an action"),
        ({"problem": {**PROBLEM, "right": ["call H"]}}, "right answers are some of the choices"),
        ({"problem": {**PROBLEM, "values": [1.0]}}, "a finite figure for each choice"),
        (
            {"problem": {**PROBLEM, "view": "standard/3/JH-JD-AH-KS-9C,?,?,?/9H/play-QQ"}},
            "seat view does not read",
        ),
        ({"view": FIRST}, "seat's view twice"),
    ],
)
def test_a_stored_problem_that_does_not_read_is_a_damaged_question(
    damage: dict[str, object], said: str
) -> None:
    body = json.dumps({**PROBLEM_BODY, **damage}, ensure_ascii=False)
    with pytest.raises(DamagedQuestion, match=said):
        ClassQuestion.from_json(body)
    assert read_question(body) is None
