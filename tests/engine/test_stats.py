"""The one 95% interval (engine/core/stats.py), against figures worked out by hand."""

from __future__ import annotations

import math

import numpy as np
import pytest

from engine.core.stats import Z95, Interval, counted_interval, mean_interval


def test_four_values_worked_by_hand() -> None:
    # 1, 2, 3, 4: mean 2.5; squared deviations 2.25 + 0.25 + 0.25 + 2.25 = 5, sample variance
    # 5 / 3; half-width 1.96 * sqrt(5 / 3 / 4) = 1.96 * 0.6454972 = 1.2651745.
    mean, low, high = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5
    assert low == pytest.approx(1.2348255, abs=1e-7)
    assert high == pytest.approx(3.7651745, abs=1e-7)


def test_the_deviation_is_the_sample_one() -> None:
    # 0 and 2: mean 1, sample variance (1 + 1) / 1 = 2, so s / sqrt(n) = sqrt(2) / sqrt(2) = 1 and
    # the half-width is 1.96 exactly (the population deviation, divisor n, would give 1.386).
    assert Z95 == 1.96
    assert mean_interval([0.0, 2.0]) == Interval(1.0, 1.0 - 1.96, 1.0 + 1.96)


def test_counts_are_the_values_written_out() -> None:
    # three 1s and one 0: mean 0.75; sample variance (3 * 0.25**2 + 0.75**2) / 3 = 0.25;
    # half-width 1.96 * sqrt(0.25 / 4) = 0.49.
    counted = counted_interval([(1.0, 3), (0.0, 1)])
    assert counted.mean == 0.75
    assert counted.low == pytest.approx(0.26) and counted.high == pytest.approx(1.24)
    assert mean_interval([1.0, 1.0, 1.0, 0.0]) == pytest.approx(counted)
    assert counted_interval([(5.0, 0), (1.0, 3), (0.0, 1)]) == counted  # a value never seen adds nothing


def test_lists_and_arrays_give_the_same_interval() -> None:
    values = [-2.0, 1.0, 1.0, 2.0, -1.0, 4.0]
    assert (
        mean_interval(values)
        == mean_interval(np.array(values))
        == mean_interval(np.array(values, dtype=np.int64))
    )


def test_fewer_than_two_values_leave_the_bounds_unknown() -> None:
    one = mean_interval([3.0])
    assert one.mean == 3.0 and math.isnan(one.low) and math.isnan(one.high) and not one.known
    assert counted_interval([(3.0, 1)])[0] == 3.0 and not counted_interval([(3.0, 1)]).known
    for empty in (mean_interval([]), counted_interval([]), counted_interval([(1.0, 0)])):
        assert all(math.isnan(x) for x in empty)
    assert mean_interval([2.0, 2.0]) == Interval(2.0, 2.0, 2.0)  # two equal values: known, and no spread


def test_shown_as_mean_plus_or_minus() -> None:
    assert mean_interval([0.0, 2.0]).shown() == "+1.000 ± 1.960"
    assert mean_interval([-0.5, -0.5]).shown(2) == "-0.50 ± 0.00"
    assert mean_interval([1.0]).shown() == "+1.000 ± ?"


def test_the_callers_use_it() -> None:
    from engine.analysis.bidding import _mean_ci
    from engine.core.rules import Rules
    from engine.search.arena import run_duplicate
    from engine.search.registry import make_player
    from engine.study.summary import mean_interval as study_interval

    assert study_interval is counted_interval
    assert _mean_ci(np.array([0.0, 2.0])) == (1.0, 1.0 - 1.96, 1.0 + 1.96)
    assert _mean_ci(np.array([1.0])) == (1.0, -8.0, 10.0)  # the analyzer shows an unknown spread as +-9
    # the arena shows an unknown interval (one deal) as every value the figure can take
    one = run_duplicate(Rules(), make_player("club"), make_player("club"), deals=1, seed=1).as_dict()
    assert one["a"]["ci95"] == [0.0, 4.0] and one["difference"]["ci95"] == [-4.0, 4.0]
    two = run_duplicate(Rules(), make_player("club"), make_player("beginner"), deals=2, seed=1)
    low, high = mean_interval(two.per_deal["diff"])[1:]
    assert two.as_dict()["difference"]["ci95"] == [round(low, 4), round(high, 4)]
