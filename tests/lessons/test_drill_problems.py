"""A drill about one seat's decision judged with figures answers with a Problem (issue 52, item 3):
the seat's view as text, its legal choices, the right ones (the best first, then its ties), each
choice's figure, the judge and the reason, the value a puzzle and a class question of the same
position carry. The drill's own answers (a card, or its words) are the problem's right choices.

The figures are checked against the judges asked afresh here (the seat's valuation, the hand
analyzer), and against two hand-worked positions:

- the discard: hearts made by the dealer, who holds J♥ J♦ A♥ K♥ 9♣ and picks up the Q♥, which
  stays (one of the five others goes); discarding the 9♣ keeps the five highest trumps, which take
  every trick: a march with the partner, +2 points on every layout; discarding a trump keeps the 9♣,
  which can lose a trick;
- going alone: South, first to speak, holds J♥ J♦ A♥ K♥ Q♥, the five highest hearts, with the 9♥
  up: every trick is South's, so ordering up alone is worth +4 points, with the partner +2
  (docs/rules.md, scoring).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.analysis.advice import value_bids
from engine.core.actions import Action, Kind
from engine.core.problem import Problem
from engine.core.view import SeatView
from engine.search.seat_values import value_choices
from lessons import call_drills, discard_drill
from lessons.call_drills import choice_words
from lessons.exercise_model import Answer, Exercise
from lessons.exercises import check, generate, solve

SEAT_KINDS = ("discard", "loner_lead", "keep_guards", "second_hand", "defend_alone")
BID_KINDS = ("bid", "name_suit", "go_alone")


def _answer_of(ex: Exercise) -> Callable[[Action], Answer]:
    """The drill's answer for a choice, as the question words it (written here, not the drill's)."""
    if ex.kind == "bid":
        return lambda a: ex.options[0] if a.kind is Kind.ORDER else "pass"
    if ex.kind == "name_suit":
        return choice_words
    if ex.kind == "go_alone":
        return lambda a: ex.options[1] if a.alone else ex.options[0]
    if ex.kind == "defend_alone":
        return lambda a: ex.options[1] if a.kind is Kind.DEFEND_ALONE else ex.options[0]
    return lambda a: a.card if a.card is not None else str(a)


def _problem(ex: Exercise) -> Problem:
    solution = solve(ex)
    problem = solution.problem
    assert problem is not None and ex.view is not None
    assert problem.view == ex.view.to_text()
    assert problem.choices == tuple(str(a) for a in ex.view.legal)
    assert solution.why == problem.reason and solution.judge == problem.source
    answer_of = _answer_of(ex)
    assert {solution.answer, *solution.also} == {answer_of(Action.parse(r)) for r in problem.right}
    assert solution.answer == answer_of(Action.parse(problem.best))
    for option in ex.options or ex.cards:
        assert check(ex, option, solution).correct == (option in {solution.answer, *solution.also})
    assert Problem.from_json(problem.to_json()) == problem
    return problem


@pytest.mark.parametrize("kind", SEAT_KINDS)
def test_a_card_or_a_declaration_is_the_seats_problem_in_its_valuations_figures(kind: str) -> None:
    ex = generate(kind, 0)
    problem = _problem(ex)
    assert ex.view is not None
    fresh = value_choices(ex.view)  # the seat's valuation, outside the drill's cache
    assert problem.values == pytest.approx(tuple(c.points for c in fresh.choices))
    assert problem.unit == "points" and problem.best == str(fresh.best)
    assert all(problem.value_of(problem.best) >= v for v in problem.values)


@pytest.mark.parametrize("kind", BID_KINDS)
def test_a_bid_is_the_analyzers_problem_in_its_figures(kind: str) -> None:
    ex = generate(kind, 0)
    problem = _problem(ex)
    assert ex.view is not None
    analysis = value_bids(ex.view).analysis  # the Analyze page's figures for the same view
    assert problem.values == pytest.approx(tuple(o.realistic.ev for o in analysis.options))
    assert problem.unit == "points" and problem.best == str(analysis.recommendation)
    assert problem.source.startswith("the hand analyzer")


def test_a_bid_at_a_late_score_is_judged_by_the_chance_of_winning() -> None:
    ex = generate("score_bid", 0)
    problem = _problem(ex)
    assert ex.view is not None and problem.unit == "win chance"
    us, them = (int(n) for n in dict(ex.settings)["score"].split(","))
    analysis = value_bids(ex.view, score=(us, them)).analysis
    assert problem.values == pytest.approx(tuple(o.realistic.win_delta or 0.0 for o in analysis.options))


def test_a_card_to_play_is_the_solvers_problem_in_tricks() -> None:
    ex = generate("play_card", 0)
    problem = _problem(ex)
    assert problem.unit == "tricks" and len(problem.right) == 1
    assert all(0 <= v <= 5 for v in problem.values)
    assert all(
        v < problem.value_of(problem.best)
        for c, v in zip(problem.choices, problem.values, strict=True)
        if c != problem.best
    )


def test_hand_worked_discard_problem(south: Callable[[str], SeatView]) -> None:
    view = south(
        "standard/0/JH-JD-AH-KH-9C,9S-TS-QS-KS-AS,9D-TD-QD-KD-AD,TC-JC-QC-KC-AC/QH/pass,pass,pass,order"
    )
    problem = _problem(discard_drill.discard_exercise(view))
    assert problem.right == ("discard 9C",) and problem.value_of("discard 9C") == pytest.approx(2.0)
    assert problem.choices == ("discard JH", "discard JD", "discard AH", "discard KH", "discard 9C")
    assert all(problem.value_of(f"discard {c}") < 2.0 for c in ("JH", "JD", "AH", "KH"))


def test_hand_worked_go_alone_problem(south: Callable[[str], SeatView]) -> None:
    view = south("standard/3/JH-JD-AH-KH-QH,9S-TS-QS-KS-AS,9D-TD-QD-KD-AD,TC-JC-QC-KC-AC/9H")
    problem = _problem(call_drills.go_alone_exercise(view))
    assert problem.choices == ("pass", "order", "order alone") and problem.right == ("order alone",)
    assert problem.value_of("order alone") == pytest.approx(4.0)
    assert problem.value_of("order") == pytest.approx(2.0)


@pytest.mark.parametrize("kind", ["left_bower", "points", "trumps_out"])
def test_a_question_without_a_seats_choice_has_no_problem(kind: str) -> None:
    assert solve(generate(kind, 0)).problem is None
