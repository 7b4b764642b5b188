"""Glicko-2 (practice/ratings.py): Glickman's worked example to two decimals, the rules of a rating
period, and a simulation of 2,000 attempts by learners of known strength that ranks them in order."""

from __future__ import annotations

import math

import pytest

from bench.puzzle_ratings import simulate, spearman
from practice.ratings import SCALE, Rating, attempt, expected, rate

EXAMPLE = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]


def test_glickmans_worked_example() -> None:
    # "Example of the Glicko-2 system" (Glickman, 2013): r' 1464.06, RD' 151.52, sigma' 0.05999
    # (the paper rounds mu' to -0.2069 before converting: the unrounded 1464.0507 is within 0.01)
    after = rate(Rating(1500, 200, 0.06), EXAMPLE, tau=0.5)
    assert abs(after.rating - 1464.06) <= 0.01
    assert abs(after.rd - 151.52) <= 0.005
    assert abs(after.vol - 0.05999) <= 0.00001
    assert round((after.rating - 1500) / SCALE, 4) == -0.2069
    assert round(after.rd / SCALE, 4) == 0.8722


def test_the_expected_score_of_the_examples_first_game() -> None:
    # the paper's table: against 1400 / 30, g = 0.9955 and E = 0.639
    assert round(expected(Rating(1500, 200), Rating(1400, 30)), 3) == 0.639


def test_no_game_only_widens_the_deviation() -> None:
    # the paper's step 6: phi* = sqrt(phi^2 + sigma^2)
    after = rate(Rating(1500, 200, 0.06), [])
    assert after.rating == 1500
    assert after.rd == pytest.approx(math.sqrt((200 / SCALE) ** 2 + 0.06**2) * SCALE)


def test_an_attempt_moves_both_sides_the_right_way() -> None:
    learner, puzzle = Rating(1500, 350), Rating(1500, 200)
    won = attempt(learner, puzzle, True)
    lost = attempt(learner, puzzle, False)
    assert won[0].rating > 1500 > lost[0].rating
    assert won[1].rating < 1500 < lost[1].rating
    # an unsure learner moves more than a puzzle known better
    assert won[0].rating - 1500 > 1500 - won[1].rating
    # beating a much harder puzzle gains more than beating a much easier one
    hard = attempt(learner, Rating(1900, 200), True)[0].rating
    easy = attempt(learner, Rating(1100, 200), True)[0].rating
    assert hard > easy


def test_a_score_outside_0_to_1_is_refused() -> None:
    with pytest.raises(ValueError):
        rate(Rating(), [(Rating(), 2.0)])


def test_spearman_on_hand_worked_ranks() -> None:
    assert spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert spearman([1, 2, 3, 4], [40, 30, 20, 10]) == pytest.approx(-1.0)
    # ranks 1 2 3 4 against 2 1 4 3: d^2 sums to 4, 1 - 6*4/(4*15) = 0.6
    assert spearman([1, 2, 3, 4], [2, 1, 4, 3]) == pytest.approx(0.6)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_2000_attempts_rank_learners_of_known_strength_in_order(seed: int) -> None:
    strengths, final = simulate(learners=10, attempts=2000, seed=seed)
    assert spearman(strengths, [r.rating for r in final]) >= 0.9
    # and the ratings are near the strengths, not only in order
    assert sum(abs(r.rating - s) for s, r in zip(strengths, final, strict=True)) / len(final) < 150
