"""The one 95% interval (engine/core/stats.py) and its companion for losses (``loss_interval``), against
figures worked out by hand."""

from __future__ import annotations

import math

import numpy as np
import pytest

from engine.core.stats import Z95, Interval, counted_interval, loss_interval, mean_interval


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


# ---- loss_interval: mean ÷ f to mean × f, f = exp(1.96 · (s / √n) / mean) ------------------------

E196 = 7.0993271  # e^1.96 = e^2 · e^-0.04 = 7.3890561 · 0.9607894


def test_a_loss_interval_worked_by_hand() -> None:
    # 0 and 1: mean 0.5, s² = 0.5, s / √2 = 0.5 = the mean, so f = e^1.96
    mean, low, high = loss_interval([0.0, 1.0])
    assert mean == 0.5
    assert low == pytest.approx(0.5 / E196, abs=1e-7) and high == pytest.approx(0.5 * E196, abs=1e-6)
    # 0, 1.2, 0.3: mean 0.5, s² = (0.25 + 0.49 + 0.04) / 2 = 0.39, s / √3 = √0.13 = 0.3605551;
    # 1.96 · 0.3605551 / 0.5 = 1.4133761, f = e^1.4 · e^0.0133761 = 4.0552000 · 1.0134660 = 4.1098073
    mean, low, high = loss_interval([0.0, 1.2, 0.3])
    assert mean == pytest.approx(0.5)
    assert low == pytest.approx(0.5 / 4.1098073, abs=1e-6) and high == pytest.approx(
        0.5 * 4.1098073, abs=1e-6
    )


def test_a_loss_interval_never_goes_below_zero_where_the_normal_one_does() -> None:
    # four best moves and one that lost a point: mean 0.2, s² = (4 · 0.04 + 0.64) / 4 = 0.2,
    # s / √5 = 0.2 = the mean. The normal interval: 0.2 ± 1.96 · 0.2 = -0.192 to 0.592.
    values = [0.0, 0.0, 0.0, 0.0, 1.0]
    normal = mean_interval(values)
    assert normal.low == pytest.approx(-0.192) and normal.high == pytest.approx(0.592)
    mean, low, high = loss_interval(values)
    assert mean == pytest.approx(0.2)
    assert low == pytest.approx(0.2 / E196, abs=1e-7) and high == pytest.approx(0.2 * E196, abs=1e-6)
    assert low > 0  # 0.028, never below the floor
    assert high > normal.high  # and further out above: such losses are skewed to the right


def test_a_loss_interval_holds_its_floor_on_many_samples() -> None:
    rng = np.random.default_rng(7)
    for n in (2, 3, 5, 20, 200):
        for _ in range(200):
            values = np.where(rng.random(n) < 0.7, 0.0, rng.exponential(1.0, n))
            i = loss_interval(values)
            if i.known:
                assert 0 < i.low <= i.mean <= i.high, (values, i)


def test_a_loss_interval_needs_two_different_values() -> None:
    for values in ([], [0.4], [0.0, 0.0, 0.0], [0.25, 0.25]):
        i = loss_interval(values)
        assert not i.known, values  # no spread seen: "0 to 0" after three best moves claims too much
    assert loss_interval([0.4]).mean == 0.4 and loss_interval([0.0, 0.0]).mean == 0.0
    assert math.isnan(loss_interval([]).mean)


def test_a_negative_loss_is_refused() -> None:
    with pytest.raises(ValueError, match="0 or more"):
        loss_interval([0.5, -0.1])
