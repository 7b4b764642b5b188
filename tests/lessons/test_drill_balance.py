"""The drills' balance (issue 51, item 3) on a few seeds: ``python -m bench drill_balance`` measures 40
seeds of every kind (docs/research/drill-balance.md); here four seeds of a few kinds, judged again on
four times the deals with another seed, and the measure's own parts checked by hand."""

from __future__ import annotations

import pytest

from bench.drill_balance import measure, wrong_answers
from engine.core.cards import parse_cards
from lessons.balance import card_class
from lessons.exercise_model import Exercise, Mode, Solution

SEEDS = range(4)


@pytest.mark.parametrize("kind", ["bid", "go_alone", "keep_guards", "second_hand"])
def test_no_habit_wins_most_questions_and_a_second_judge_agrees(kind: str) -> None:
    row = measure(kind, SEEDS)
    assert row.questions == 4
    assert row.habit_share <= 0.5, row  # each block of four seeds wants each answer twice
    assert row.in_tie == 0, row  # no answer marked wrong is counted right when judged again
    assert row.agree == 1.0, row  # the answer is counted right again


def test_the_rule_drills_agree_by_construction() -> None:
    row = measure("trumps_out", SEEDS)
    assert row.in_tie == 0 and row.agree == 1.0 and row.habit_share <= 0.75


def test_the_wrong_answers_are_the_choices_not_accepted() -> None:
    ex = Exercise(kind="bid", seed=0, prompt="", mode=Mode.CHOICE, options=("order up", "pass"))
    assert wrong_answers(ex, Solution("pass", "")) == ["order up"]
    assert wrong_answers(ex, Solution("pass", "", also=("order up",))) == []


def test_a_cards_habit_is_read_from_its_strength_in_the_trick() -> None:
    from engine.core.view import SeatView

    # North deals and picks up the 9♠ (spades trump); East leads the K♣ and South, holding the A♣ and
    # the 9♣, must follow: the A♣ is the strongest legal card, the 9♣ the weakest
    view = SeatView.from_text("standard/2/AC-9C-9H-QS-TD,?,?,?/9S/pass,pass,pass,order,discard-?,play-KC")
    ace, nine = parse_cards("AC 9C")
    assert [a.card for a in view.legal] and {a.card for a in view.legal} == {ace, nine}
    assert card_class(view, ace) == "strongest" and card_class(view, nine) == "weakest"
