"""Ties are ties (issue 28, item 3): two options worth the same within the figures' uncertainty
are "too close to call", named the safer first, and no sentence says one earns more.

The analyses here are built by hand, so every expected word and figure is worked out from the
numbers written in the test, not taken from a simulation."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.analysis.bidding import TIE_POINTS, TIE_WIN, Analysis, OptionResult, Stats
from engine.analysis.explain import headline, risk_sentence
from engine.analysis.robust import close_call_reason
from engine.analysis.sampler import SampleStats
from engine.core.actions import ORDER, PASS, Action


@pytest.fixture
def order_or_pass(hand_stats: Callable[..., Stats]) -> Callable[..., Analysis]:
    """``order_or_pass(order_ev, pass_ev, margin_ci, wins=None)``: order up (made it 70% of deals,
    euchred 30%) against pass (your side named trump later in 30% of deals and made it in 25%; the
    other side made it in 40%)."""

    def analysis(
        order_ev: float,
        pass_ev: float,
        margin_ci: tuple[float, float],
        wins: tuple[float, float] | None = None,
    ) -> Analysis:
        return _analysis(hand_stats, order_ev, pass_ev, margin_ci, wins)

    return analysis


def _analysis(
    hand_stats: Callable[..., Stats],
    order_ev: float,
    pass_ev: float,
    margin_ci: tuple[float, float],
    wins: tuple[float, float] | None,
) -> Analysis:
    order_win, pass_win = (None, None) if wins is None else wins
    order = OptionResult(
        ORDER, None, hand_stats(order_ev, we_make=1.0, we_make_it=0.70, win_delta=order_win), None
    )
    passing = OptionResult(
        PASS,
        None,
        hand_stats(pass_ev, we_make=0.30, we_make_it=0.25, they_make_it=0.40, win_delta=pass_win),
        None,
    )
    if wins is None:
        best, other, margin = (
            (order, passing, order_ev - pass_ev)
            if order_ev >= pass_ev
            else (passing, order, pass_ev - order_ev)
        )
    else:
        best, other, margin = (
            (order, passing, wins[0] - wins[1]) if wins[0] >= wins[1] else (passing, order, wins[1] - wins[0])
        )
    return Analysis(
        options=(passing, order),
        recommendation=best.action,
        runner_up=other.action,
        margin=margin,
        by_win_chance=wins is not None,
        base_win=None if wins is None else 0.5,
        n=4000,
        seconds=0.1,
        stop_reason="separated",
        samples=SampleStats(),
        margin_ci=margin_ci,
    )


def test_an_interval_holding_zero_is_too_close_to_call_and_the_safer_option_comes_first(
    order_or_pass: Callable[..., Analysis],
) -> None:
    a = order_or_pass(order_ev=0.32, pass_ev=0.30, margin_ci=(-0.03, 0.07))
    assert a.too_close
    # ordering is euchred in 1.00 - 0.70 = 30% of deals, passing leaves your side euchred in
    # 0.30 - 0.25 = 5%: pass is named first although order up has the higher mean
    assert headline(a) == "Too close to call: pass or order up"
    assert risk_sentence(a) == (
        "Passing lets the other side name trump and make it in 40% of deals; "
        "ordering up risks a euchre in 30% of deals."
    )


def test_a_separated_margin_under_the_tie_margin_is_too_close_too(
    order_or_pass: Callable[..., Analysis],
) -> None:
    a = order_or_pass(order_ev=0.33, pass_ev=0.30, margin_ci=(0.01, 0.05))
    assert TIE_POINTS == 0.05 and a.margin < TIE_POINTS and a.too_close
    assert headline(a).startswith("Too close to call")


def test_a_clear_margin_is_a_recommendation(order_or_pass: Callable[..., Analysis]) -> None:
    a = order_or_pass(order_ev=0.40, pass_ev=0.30, margin_ci=(0.04, 0.16))
    assert not a.too_close
    assert headline(a) == "Order up — 0.10 points a hand better than passing"


def test_at_a_score_the_tie_margin_is_half_a_percent_of_winning(
    order_or_pass: Callable[..., Analysis],
) -> None:
    close = order_or_pass(order_ev=0.5, pass_ev=0.2, margin_ci=(0.001, 0.007), wins=(0.104, 0.100))
    assert TIE_WIN == 0.005 and close.too_close  # 0.4% apart: a tie even though its interval excludes 0
    clear = order_or_pass(order_ev=0.5, pass_ev=0.2, margin_ci=(0.01, 0.03), wins=(0.12, 0.10))
    assert not clear.too_close
    # chances, never a bare difference (it read as points): 50% before the hand, +12 and +10 points
    assert headline(clear) == "Order up — a 62% chance of winning the game, against 60% after passing"


def test_no_sentence_says_an_option_earns_more_when_the_figures_are_equal(
    order_or_pass: Callable[..., Analysis],
) -> None:
    drive = order_or_pass(order_ev=0.40, pass_ev=0.20, margin_ci=(0.1, 0.3))
    # another table's best is pass by 0.03 points: inside the tie margin, so not a close call
    level = order_or_pass(order_ev=-0.52, pass_ev=-0.49, margin_ci=(0.01, 0.05))
    assert close_call_reason({"people": drive, "eager": level}, "people") == ""
    # by 0.20 points it is, and the sentence quotes both figures
    apart = order_or_pass(order_ev=-0.40, pass_ev=-0.20, margin_ci=(0.1, 0.3))
    assert close_call_reason({"people": drive, "eager": apart}, "people") == (
        "Against a table of eager bidders, pass earns more (-0.20 points a hand, against -0.40 for order up)."
    )


def test_a_tie_of_the_driving_table_is_said_with_its_interval(order_or_pass: Callable[..., Analysis]) -> None:
    tied = order_or_pass(order_ev=0.32, pass_ev=0.30, margin_ci=(-0.03, 0.07))
    assert close_call_reason({"people": tied}, "people") == (
        "Order up and pass are worth the same within the figures' uncertainty "
        "(+0.02 points a hand apart, 95% interval -0.03 to +0.07)."
    )


def test_the_order_action_is_the_one_the_options_carry() -> None:
    assert Action.parse("order") == ORDER and Action.parse("pass") == PASS
