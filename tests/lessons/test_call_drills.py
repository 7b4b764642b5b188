"""Naming a suit in round 2 (``name_suit``) and going alone or not (``go_alone``), judged by the analyzer.

Every seeded question is a legal bidding position of South's, the same for the same seed, and its
right answers are the analyzer's recommendation (plus the runner-up only when the two are too close
to call). The hand-worked positions hold the five highest trumps of a suit: with them every trick
is yours whatever the others hold (docs/rules.md: the bowers, then ace, king, queen of trump), so
calling that suit marches, and alone a march scores 4 instead of 2.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.analysis.advice import value_bids
from engine.core.actions import Kind
from engine.core.hand import Phase
from engine.core.view import SeatView
from lessons import call_drills
from lessons.exercise_model import Solution
from lessons.exercises import check, generate, solve

SEEDS = range(6)


def fresh_verdict(view: SeatView) -> tuple[str, ...]:
    """The analyzer asked again here, outside the drill's caches: the recommendation, and the
    runner-up when too close to call, as actions' text."""
    robust = value_bids(view)  # the Analyze page's figures for the same view
    a = robust.analysis
    tied = (a.recommendation, a.runner_up) if a.too_close and a.runner_up is not None else (a.recommendation,)
    return tuple(str(x) for x in tied)


def clear_caches() -> None:
    for cached in (call_drills._round2, call_drills._strong_hand, call_drills.judge):
        cached.cache_clear()


@pytest.mark.parametrize("kind", ["name_suit", "go_alone"])
def test_the_same_seed_gives_the_same_question_and_answer(kind: str) -> None:
    first = [(generate(kind, s), solve(generate(kind, s))) for s in (3, 4)]
    clear_caches()
    again = [(generate(kind, s), solve(generate(kind, s))) for s in (3, 4)]
    assert first == again
    assert first[0][0].view != first[1][0].view, "different seeds, different deals"


@pytest.mark.parametrize("seed", SEEDS)
def test_round_2_questions_are_legal_and_answered_as_the_analyzer_says(seed: int) -> None:
    ex = generate("name_suit", seed)
    view = ex.view
    assert view is not None and view.phase is Phase.BID2 and view.my_turn and view.seat == 0
    down = view.turned_down
    assert down is not None and f"{down.noun} cannot be trump" in ex.prompt
    calls = {f"call {a.suit.noun}" for a in view.legal if a.kind is Kind.CALL and a.suit is not None}
    assert set(ex.options) == calls | {"pass"} and len(calls) == 3
    assert all(a.kind is Kind.PASS or a.suit != down for a in view.legal)
    solution = solve(ex)
    verdict = fresh_verdict(view)
    words = {call_drills.choice_words(a) for a in view.legal if str(a) in verdict}
    assert {solution.answer, *solution.also} == words
    assert check(ex, solution.answer).correct
    wrong = next(o for o in ex.options if o not in words)
    assert not check(ex, wrong).correct


@pytest.mark.parametrize("seed", SEEDS)
def test_alone_questions_are_legal_and_answered_as_the_analyzer_says(seed: int) -> None:
    ex = generate("go_alone", seed)
    view = ex.view
    assert view is not None and view.phase in (Phase.BID1, Phase.BID2) and view.my_turn
    by_words = {call_drills._alone_words(view, a): a for a in view.legal}
    pair = [by_words[o] for o in ex.options]
    assert len(pair) == 2 and not pair[0].alone and pair[1].alone and pair[0].suit == pair[1].suit
    verdict = fresh_verdict(view)
    assert "pass" not in verdict, "asked only where making trump is clearly right"
    solution = solve(ex)
    right = {solution.answer, *solution.also}
    assert right == {o for o, a in zip(ex.options, pair, strict=True) if str(a) in verdict}
    assert all(check(ex, o).correct == (o in right) for o in ex.options)


@pytest.mark.parametrize("round_", ["1", "2"])
def test_the_round_option_picks_the_round(round_: str) -> None:
    view = generate("go_alone", 7, {"round": round_}).view
    assert view is not None and view.phase is (Phase.BID1 if round_ == "1" else Phase.BID2)


def test_hand_worked_round_2_five_top_clubs_call_clubs(south: Callable[[str], SeatView]) -> None:
    # East deals; hearts turned down. South holds J♣ J♠ A♣ K♣ Q♣: with clubs trump, the right and
    # left bowers and the ace, king and queen, the five highest trumps. Calling clubs takes all five tricks.
    view = south(
        "standard/3/JC-JS-AC-KC-QC,9S-TS-QS-KS-AS,9D-TD-QD-KD-AD,9C-TC-JD-TH-JH/9H/pass,pass,pass,pass"
    )
    ex = call_drills.name_suit_exercise(view)
    assert ex.options == ("call clubs", "call diamonds", "call spades", "pass")
    feedback = check(ex, "call clubs")
    assert feedback.correct and "Verdict from the hand analyzer" in feedback.message
    assert not check(ex, "pass").correct and not check(ex, "call diamonds").correct
    # the link is South's question in round 2: its hand, the 9♥ turned down after four passes
    assert feedback.solution.link == "analyze?view=standard/3/JC-JS-AC-KC-QC,?,?,?/9H/pass,pass,pass,pass"


def test_hand_worked_five_top_trumps_order_up_alone(south: Callable[[str], SeatView]) -> None:
    # East deals, 9♥ up; South, first to speak, holds J♥ J♦ A♥ K♥ Q♥: the five highest hearts. Every
    # trick is South's: a march, 2 points with the partner, 4 alone (docs/rules.md scoring).
    view = south("standard/3/JH-JD-AH-KH-QH,9S-TS-QS-KS-AS,9D-TD-QD-KD-AD,TC-JC-QC-KC-AC/9H")
    ex = call_drills.go_alone_exercise(view)
    assert ex.options == ("order up", "order up alone")
    assert check(ex, "order up alone").correct
    wrong = check(ex, "order up")
    assert not wrong.correct and "+4.00" in wrong.message and "+2.00" in wrong.message


def test_a_hand_the_analyzer_would_pass_is_no_alone_question(south: Callable[[str], SeatView]) -> None:
    view = south("standard/3/9C-TC-9D-TD-QS,9S-TS-JS-KS-AS,JH-QD-KD-AD-JD,JC-QC-KC-AC-AH/9H")
    with pytest.raises(ValueError, match="does not say to make trump"):
        call_drills.go_alone_exercise(view)


def test_too_close_to_call_accepts_either_answer(south: Callable[[str], SeatView]) -> None:
    view = south(
        "standard/3/JC-JS-AC-KC-QC,9S-TS-QS-KS-AS,9D-TD-QD-KD-AD,9C-TC-JD-TH-JH/9H/pass,pass,pass,pass"
    )
    ex = call_drills.name_suit_exercise(view)
    tie = Solution("call clubs", "Too close to call.", also=("pass",))
    assert check(ex, "call clubs", tie).correct and check(ex, "pass", tie).correct
    assert not check(ex, "call spades", tie).correct
