"""The one position to answer (engine/core/problem.py): made, read back, and refused when damaged."""

from __future__ import annotations

import json

import pytest

from engine.core.problem import Problem, ProblemError

VIEW = "standard/3/JH-JD-AH-KS-9C,?,?,?/9H"


def _good() -> Problem:
    return Problem(
        VIEW,
        ("pass", "order", "order alone"),
        ("order", "pass"),
        (0.70, 0.74, 0.40),
        "points",
        "the analyzer",
    )


def test_a_problem_reads_back_and_names_its_best() -> None:
    p = _good()
    assert Problem.from_json(p.to_json()) == p
    assert p.best == "order" and p.is_right("pass") and not p.is_right("order alone")
    assert p.value_of("order alone") == 0.40


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"choices": []}, "1 to 40 different choices"),
        ({"choices": ["pass", "pass", "order"]}, "different choices"),
        ({"choices": ["pass", "fly", "order"]}, "is not an action"),
        ({"right": ["play JH"]}, "some of the choices"),
        ({"right": []}, "some of the choices"),
        ({"values": [0.1, 0.2]}, "a finite figure for each choice, or no figures"),
        ({"values": [0.1, float("nan"), 0.3]}, "finite"),
        ({"values": [0.1, True, 0.3]}, "finite number"),
        ({"unit": "dollars"}, "unit is one of"),
        ({"view": ""}, "the seat's view"),
        ({"reason": "x" * 2001}, "at most 2,000"),
        ({"source": 7}, "source is a text"),
    ],
)
def test_a_damaged_problem_is_refused_with_what_is_wrong(change: dict[str, object], words: str) -> None:
    data = {**json.loads(_good().to_json()), **change}
    with pytest.raises(ProblemError, match=words):
        Problem.from_json(data)


def test_a_problem_without_figures_reads_back_and_says_so() -> None:
    p = Problem(VIEW, ("pass", "order"), ("order",), (), "points", "")
    assert Problem.from_json(p.to_json()) == p
    assert not p.has_figures and _good().has_figures
    with pytest.raises(ProblemError, match="no figures"):
        p.value_of("pass")


def test_text_that_is_not_a_problem_is_refused() -> None:
    for text in ("not json", "[1, 2]", '{"view": "x"}'):
        with pytest.raises(ProblemError):
            Problem.from_json(text)
