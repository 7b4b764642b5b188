"""A puzzle's starting rating (engine/puzzles/rating.py), against figures worked by hand."""

from __future__ import annotations

import math

import pytest

from engine.puzzles.bank import RATING_RANGE
from engine.puzzles.rating import logit_right, rating_for, wrong_chance


def test_half_the_time_is_1500_and_the_odds_move_it_by_the_elo_scale() -> None:
    assert rating_for(0.5) == 1500.0
    # Wrong one time in ten: odds 1 to 9, 400 * log10(1/9) = -381.7.
    assert rating_for(0.1) == pytest.approx(1118.3, abs=0.05)
    assert rating_for(0.9) == pytest.approx(1881.7, abs=0.05)
    # Wrong three times in four: odds 3 to 1, +190.8.
    assert rating_for(0.75) == pytest.approx(1690.8, abs=0.05)


def test_no_puzzle_starts_at_an_extreme() -> None:
    low, high = rating_for(0.0), rating_for(1.0)
    assert low == rating_for(0.03) == pytest.approx(896.1, abs=0.05)
    assert high == rating_for(0.97) == pytest.approx(2103.9, abs=0.05)
    assert RATING_RANGE[0] <= low < high <= RATING_RANGE[1]


def test_the_logit_rule() -> None:
    # One choice a point behind, scale half a point: weights 1 and e^-2.
    assert logit_right((1.0, 0.0), (0,), 0.5) == pytest.approx(1 / (1 + math.exp(-2)))
    # Two right of three, the wrong one a trick behind.
    assert logit_right((3.0, 3.0, 2.0), (0, 1), 0.5) == pytest.approx(2 / (2 + math.exp(-2)))
    # Equal choices: chosen alike.
    assert logit_right((0.4, 0.4, 0.4, 0.4), (2,), 0.5) == pytest.approx(0.25)


def test_the_wrong_chance_is_the_mean_of_the_club_and_the_logit_rule() -> None:
    assert wrong_chance(1.0, 0.6) == pytest.approx(0.7)
    assert wrong_chance(0.25, 0.75) == pytest.approx(0.25)
    assert wrong_chance(0.0, 1.0) == 0.03 and wrong_chance(1.0, 0.0) == 0.97
