"""The Hand Analyzer's sentences (issue 41, item 8): each point said once, no bullet arguing
against a too-close headline, "both win the game" instead of a close call when the score makes
the choice irrelevant, chances without a sign, the suit of a later trump named, the score box's
placeholder an example.

The analyses are built by hand (no simulation), so every expected word and figure is worked out
from the numbers written here. The views are real questions (``engine.analysis.situation``): the
learner is South; with four players the first seat's dealer is East, the third seat's West.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.analysis.bidding import Analysis, OptionResult, Stats
from engine.analysis.explain import (
    chances,
    explain,
    game_sentence,
    headline,
    round2_sentence,
    same_game_result,
    seat_sentence,
    upcard_sentence,
)
from engine.analysis.robust import close_call_reason
from engine.analysis.sampler import SampleStats
from engine.analysis.situation import question
from engine.core.actions import ORDER, PASS, Action
from engine.core.rules import Rules
from engine.core.view import SeatView
from views.analyze.parts import option_card

ALONE = Action.parse("order alone")
CALL_CLUBS = Action.parse("call C")


def analysis(
    best: OptionResult,
    second: OptionResult,
    *rest: OptionResult,
    margin: float,
    margin_ci: tuple[float, float],
    base_win: float | None = None,
) -> Analysis:
    return Analysis(
        options=(best, second, *rest),
        recommendation=best.action,
        runner_up=second.action,
        margin=margin,
        by_win_chance=base_win is not None,
        base_win=base_win,
        n=4000,
        seconds=0.1,
        stop_reason="separated",
        samples=SampleStats(),
        margin_ci=margin_ci,
    )


def view(hand: str, upcard: str, seat: str, round: int = 1, players: int = 4) -> SeatView:
    return question(hand, upcard, seat, round=round, rules=Rules(players=players)).view()


# ---- the same point said once --------------------------------------------------------------


def test_where_the_upcard_goes_is_said_once(hand_stats: Callable[..., Stats]) -> None:
    v = view("JH JD AH AS 9C", "9H", "first")
    assert seat_sentence(v) == "You bid first, and the dealer (East) is an opponent."
    assert upcard_sentence(v) == "Ordering up puts the nine of hearts (a trump) in the opponent's hand."
    a = analysis(
        OptionResult(ORDER, None, hand_stats(1.40, make=1.0), None),
        OptionResult(PASS, None, hand_stats(1.00, we_make=0.95, we_make_it=0.93), None),
        margin=0.40,
        margin_ci=(0.35, 0.45),
    )
    lines = explain(v, a)
    assert sum("nine of hearts" in line for line in lines) == 1, lines


def test_the_partner_dealer_and_the_dealer_are_each_told_once() -> None:
    # second seat: North deals, your partner; the J♥ turned up is hearts' right bower
    partner_deals = view("TD QS AS 9C KD", "JH", "second")
    assert seat_sentence(partner_deals) == "You bid second, and the dealer (North) is your partner."
    assert upcard_sentence(partner_deals) == (
        "Ordering up (assisting) puts the jack of hearts (the right bower) in your partner's hand."
    )
    dealer = view("JH KH AS 9C TD", "AH", "dealer")
    assert seat_sentence(dealer) == "You are the dealer and speak last in round 1."
    assert (
        upcard_sentence(dealer)
        == "Picking up gives you the ace of hearts (a trump) in exchange for your worst card."
    )


# ---- a too-close headline is not argued against ------------------------------------------------


def test_a_round_two_tie_is_not_argued_for_either_choice(hand_stats: Callable[..., Stats]) -> None:
    # Round 2, diamonds turned down, first seat. Pass: your side names trump later in 30% of deals
    # and makes it in 25% (euchred 30 - 25 = 5%); the other side makes it in 40%. Call clubs:
    # made in 70%, euchred 1.00 - 0.70 = 30%. Worth the same: the interval holds zero.
    v = view("JS AC KC 9C TH", "QD", "first", round=2)
    passing = OptionResult(
        PASS, None, hand_stats(0.32, we_make=0.30, we_make_it=0.25, they_make_it=0.40), None
    )
    clubs = OptionResult(CALL_CLUBS, None, hand_stats(0.30, make=0.70, euchred=0.30, we_make_it=0.70), None)
    a = analysis(passing, clubs, margin=0.02, margin_ci=(-0.03, 0.07))
    assert a.too_close
    assert headline(a) == "Too close to call: pass or call clubs"  # pass is euchred less: 5% against 30%
    lines = explain(v, a)
    assert lines[1] == (
        "Passing lets the other side name trump and make it in 40% of deals; "
        "calling clubs risks a euchre in 30% of deals."
    )
    turned = round2_sentence(v, PASS, (PASS, CALL_CLUBS))
    assert turned == (
        "Diamonds were turned down: hearts ('next', same colour) is the classic call for the dealer's opponents "
        "— with a red jack the dealer's side would likely have taken diamonds, and both red jacks are hearts' "
        "bowers too; with this hand passing and calling clubs are too close to call."
    )
    assert turned in lines
    for line in lines:
        assert "better off" not in line and "does better" not in line and "does best" not in line, line
    # without a tie the same sentence still names the recommendation
    assert (round2_sentence(v, PASS) or "").endswith("but this hand is better off passing.")


# ---- both win the game: no close call ----------------------------------------------------------


@pytest.fixture
def both_win(hand_stats: Callable[..., Stats]) -> Analysis:
    """9-6 to 10: 85% to win before the hand. Ordering up wins it in 0.85 + 0.15 = 100% of deals,
    alone in 0.85 + 0.149 = 99.9%; neither is ever euchred."""
    order = OptionResult(ORDER, None, hand_stats(1.40, make=1.0, win_delta=0.15), None)
    alone = OptionResult(ALONE, None, hand_stats(1.32, make=0.999, win_delta=0.149), None)
    passing = OptionResult(PASS, None, hand_stats(1.00, we_make=0.95, we_make_it=0.93, win_delta=0.10), None)
    return analysis(order, alone, passing, margin=0.001, margin_ci=(0.0, 0.002), base_win=0.85)


def test_two_choices_that_both_win_the_game_are_not_a_close_call(both_win: Analysis) -> None:
    a = both_win
    assert a.too_close and same_game_result(a) == "win"
    assert headline(a) == "Order up or order up alone: both win the game"
    assert game_sentence(a) == (
        "Both win the game: ordering up wins it in 100% of deals, ordering up alone in "
        ">99%, so the choice does not matter to the game."
    )
    assert close_call_reason({"people": a}, "people") == ""  # no "Close call" box
    lines = explain(view("JH JD AH AS 9C", "9H", "first"), a, score=(9, 6))
    assert lines[0] == "Order up or order up alone: both win the game."
    assert lines[1] == game_sentence(a)
    assert not any("too close" in line.lower() or "risks a euchre" in line for line in lines), lines


def test_a_tie_that_changes_the_game_is_still_a_close_call_without_signed_chances(
    hand_stats: Callable[..., Stats],
) -> None:
    # 8-9: 26% before the hand; ordering up 26 + 34.0 = 60.0%, passing 26 + 33.8 = 59.8%
    order = OptionResult(ORDER, None, hand_stats(0.57, make=0.84, euchred=0.16, win_delta=0.340), None)
    passing = OptionResult(PASS, None, hand_stats(0.09, we_make=0.38, we_make_it=0.33, win_delta=0.338), None)
    a = analysis(order, passing, margin=0.002, margin_ci=(-0.003, 0.007), base_win=0.26)
    assert a.too_close and same_game_result(a) is None
    assert headline(a).startswith("Too close to call")
    assert close_call_reason({"people": a}, "people") == (
        "Order up and pass are worth the same within the figures' uncertainty (their chances of winning the game "
        "0.2 percentage points apart, 95% interval -0.3 to +0.7)."
    )


def test_another_tables_chances_of_winning_have_no_sign(hand_stats: Callable[..., Stats]) -> None:
    # The people table orders up clearly; eager bidders pass: 26% + 36.6 = 62.6% against 26% + 33.2 = 59.2%.
    drive = analysis(
        OptionResult(ORDER, None, hand_stats(0.57, make=0.84, win_delta=0.40), None),
        OptionResult(PASS, None, hand_stats(0.09, win_delta=0.30), None),
        margin=0.10,
        margin_ci=(0.07, 0.13),
        base_win=0.26,
    )
    eager = analysis(
        OptionResult(PASS, None, hand_stats(0.20, win_delta=0.366), None),
        OptionResult(ORDER, None, hand_stats(0.50, make=0.84, win_delta=0.332), None),
        margin=0.034,
        margin_ci=(0.02, 0.05),
        base_win=0.26,
    )
    reason = close_call_reason({"people": drive, "eager": eager}, "people")
    assert reason == (
        "Against a table of eager bidders, pass gives more chance of winning the game "
        "(62.6% against 59.2% for order up)."
    )
    assert not re.search(r"[+-]\d+(\.\d)?%", reason)


def test_an_option_card_shows_the_chance_of_winning_itself(hand_stats: Callable[..., Stats]) -> None:
    # 53% before the hand, ordering up adds 10 points of chance: 63%; at the other table 53 + 4 = 57%
    order = OptionResult(ORDER, None, hand_stats(0.57, make=0.84, euchred=0.16, win_delta=0.10), None)
    html = option_card(
        order,
        recommended=True,
        players=4,
        base_win=0.53,
        others={"strong players": hand_stats(0.40, win_delta=0.04)},
    )
    text = re.sub(r"<[^>]+>", "", html)
    assert "Chance of winning the game: 63% (53% before this hand)" in text, text
    assert "strong players +0.40 (57% to win)" in text, text
    assert not re.search(r"[+-]\d+%", text), text  # points keep their sign (+0.57), chances have none


# ---- the suit of a later trump ---------------------------------------------------------------


@pytest.fixture
def later_lines(hand_stats: Callable[..., Stats]) -> Callable[[SeatView], list[str]]:
    """``later_lines(v)``: the first two chances said of a pass in ``v``'s question."""
    passing = hand_stats(-0.5, we_make=0.20, we_make_it=0.15, they_make_it=0.60)
    return lambda v: [c.text for c in chances(PASS, passing, view=v)][:2]


def test_after_a_pass_the_suits_your_side_may_still_name_are_said(
    later_lines: Callable[[SeatView], list[str]],
) -> None:
    # first seat: your partner (West, third) still speaks in round 1 and may order the hearts up
    assert later_lines(view("9C TD QS KD 9S", "9H", "first")) == [
        "your side names hearts or another suit later and makes it",
        "your side names hearts or another suit later and is euchred",
    ]
    # the dealer's partner passes to the dealer: the dealer may still pick the hearts up
    assert later_lines(view("9C TD QS KD 9S", "9H", "second"))[0] == (
        "your side names hearts or another suit later and makes it"
    )
    # third seat: your partner (first seat) has passed, so your side can only name another suit in round 2
    assert later_lines(view("9C TD QS KD 9S", "9H", "third"))[0] == (
        "your side names a suit other than hearts in round 2 and makes it"
    )
    assert later_lines(view("9C TD QS KD 9S", "9H", "dealer"))[0] == (
        "your side names a suit other than hearts in round 2 and makes it"
    )
    # round 2, first seat, diamonds turned down: only your partner (third seat) may still name a suit
    assert later_lines(view("JS AC KC 9C TH", "QD", "first", round=2)) == [
        "your partner names a suit other than diamonds later and makes it",
        "your partner names a suit other than diamonds later and is euchred",
    ]
    # three players, no partner: you may name another suit in round 2
    assert later_lines(view("9C TD QS KD 9S", "9H", "first", players=3)) == [
        "you name a suit other than hearts in round 2 and make it",
        "you name a suit other than hearts in round 2 and are euchred",
    ]


def test_the_option_card_names_the_suit_too(hand_stats: Callable[..., Stats]) -> None:
    v = view("9C TD QS KD 9S", "9H", "first")
    passing = OptionResult(
        PASS, None, hand_stats(-0.5, we_make=0.20, we_make_it=0.15, they_make_it=0.60), None
    )
    text = re.sub(r"<[^>]+>", "", option_card(passing, recommended=True, players=4, others={}, view=v))
    assert "Your side names hearts or another suit later and makes it" in text
    assert "names trump later" not in text


# ---- the score box -------------------------------------------------------------------------


def test_the_score_box_shows_an_example_not_a_value() -> None:
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(Path(__file__).resolve().parents[2] / "app.py"), default_timeout=60)
    at.switch_page("views/analyze/analyze.py")
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    box = at.text_input(key="an_score")
    assert box.value == "" and box.placeholder == "e.g. 6,8"
    assert box.help is not None and "10 points" in box.help  # the default game is to 10
    seats = at.selectbox(key="an_seat")
    assert seats.options == [
        "first (left of the dealer)",
        "second (dealer's partner)",
        "third (right of the dealer)",
        "dealer",
    ]
