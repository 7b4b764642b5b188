"""Exercise: order up or pass? Judged by the hand analyzer (or, on request, the club player).

The question is a real seeded deal; the learner sits South and everyone before them
passed. Nothing is canned: the verdict comes from ``engine.analysis`` (simulated
play-outs of each choice); ``solve_bid_with(ex, "club")`` asks the club player instead.
The solution says which judged it and links to the analyzer with the same hand filled in.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from functools import lru_cache

from engine.analysis.bidding import Analysis
from engine.analysis.explain import gerund, label, percent, points, reasons, win_chance
from engine.analysis.robust import Robust, analyze_robust
from engine.core.action_words import action_words, answer_words, capital, go_alone, in_dealer_words
from engine.core.actions import ORDER, PASS, Kind
from engine.core.hand import HandState, apply, deal
from engine.core.ranking import sort_hand
from engine.core.rules import Rules
from engine.core.seats import seat_name
from engine.core.view import view_of
from engine.players.club import ClubPlayer
from lessons.exercise_model import Answer, Exercise, Mode, Solution
from lessons.links import SEATS, AnalyzeLink

LEARNER = 0


MAX_DEALS = 40  # deals tried per question for a clear-cut one


def _deal(seed: int, dealer: int, attempt: int) -> HandState:
    name = f"bid:{seed}:deal" if attempt == 0 else f"bid:{seed}:deal:{attempt}"
    state = deal(Rules(), dealer, random.Random(name))
    while state.to_act != LEARNER:
        state = apply(state, PASS)
    return state


@lru_cache(maxsize=512)
def _judged(seed: int, dealer: int) -> tuple[HandState, Robust]:
    """The question's deal and its analysis: the first of the seeded deals whose answer is
    clear-cut (the same against every opponents' style, and outside the margin of error);
    a question is never drawn from a close call."""
    first: tuple[HandState, Robust] | None = None
    for attempt in range(MAX_DEALS):
        state = _deal(seed, dealer, attempt)
        robust = analyze_robust(
            view_of(state, LEARNER),
            f"bid-judge:{seed}:{attempt}",
            time_budget=None,
            max_samples=ANALYZER_SAMPLES,
            ceiling=False,
        )
        if not robust.close_call:
            return state, robust
        first = first or (state, robust)
    assert first is not None
    return first


def _opening(ex: Exercise) -> HandState:
    assert ex.dealer is not None
    return _judged(ex.seed, ex.dealer)[0]


def make_bid(seed: int, rng: random.Random, options: Mapping[str, str]) -> Exercise:
    position = SEATS.index(options["seat"]) if options.get("seat") else rng.randrange(4)
    dealer = (LEARNER - position - 1) % 4
    state = _judged(seed, dealer)[0]
    upcard = state.upcard
    assert upcard.suit is not None
    is_dealer = dealer == LEARNER
    passed = [seat_name(4, s) for s, _ in state.history]
    before = f"{', '.join(passed)} passed. " if passed else "You speak first. "
    order = answer_words(ORDER, dealer=is_dealer)
    ask = (
        f"{capital(order)} or pass?"
        if is_dealer
        else f"{capital(action_words(ORDER))} {upcard.suit.noun} or pass?"
    )
    return Exercise(
        kind="bid",
        seed=seed,
        mode=Mode.CHOICE,
        cards=sort_hand(state.hands[LEARNER]),
        upcard=upcard,
        dealer=dealer,
        trump=None,
        options=(order, answer_words(PASS)),
        prompt=(
            f"You are South; {'you are the dealer' if is_dealer else seat_name(4, dealer) + ' deals'}. "
            f"The upcard is the {upcard.short}. {before}{ask}"
        ),
        facts=(f"your seat: {SEATS[position]}",),
        settings=tuple(sorted(options.items())),
        view=view_of(state, LEARNER),
    )


def analyzer_link(ex: Exercise) -> str:
    assert ex.upcard is not None and ex.dealer is not None
    position = (LEARNER - ex.dealer - 1) % 4
    return AnalyzeLink(tuple(ex.cards), ex.upcard, SEATS[position]).url


ANALYZER = "the hand analyzer (simulated play-outs of each choice)"
CLUB = "the club player (a computer player's rules of thumb)"
ANALYZER_SAMPLES = 400  # fixed, with no time budget: the same seed always gets the same verdict


def _by_analyzer(ex: Exercise, state: HandState) -> tuple[bool, bool, str]:
    """The analyzer's verdict, worded for the drill's two choices (order up or pass): the best way
    to order up (alone or not) against passing, never against a choice the drill does not offer."""
    assert ex.dealer is not None
    view = view_of(state, LEARNER)
    analysis = _judged(ex.seed, ex.dealer)[1].analysis
    action = analysis.recommendation
    return (
        action.kind is Kind.ORDER,
        bool(action.alone),
        " ".join([two_choices(analysis), *reasons(view, analysis)[:1]]),
    )


def two_choices(analysis: Analysis) -> str:
    """'Pick it up — +0.50 points a hand, against +0.28 for passing.' (or the chances of winning the
    game when the analysis ranks by them): the recommendation's kind against the other choice."""
    orders = [o for o in analysis.options if o.action.kind is Kind.ORDER]
    passing = next(o for o in analysis.options if o.action.kind is Kind.PASS)
    ordering = next((o for o in orders if o.action == analysis.recommendation), None) or max(
        orders, key=lambda o: o.realistic.ev
    )
    first, second = (ordering, passing) if analysis.recommendation.kind is Kind.ORDER else (passing, ordering)
    name = label(first.action, first.discard)
    wins = [win_chance(analysis, o) for o in (first, second)]
    if analysis.by_win_chance and wins[0] is not None and wins[1] is not None:
        return (
            f"{name[:1].upper()}{name[1:]} — a {percent(wins[0])} chance of winning the game, against "
            f"{percent(wins[1])} for {gerund(second.action)}."
        )
    return (
        f"{name[:1].upper()}{name[1:]} — {points(first.realistic.ev)} points a hand, against "
        f"{points(second.realistic.ev)} for {gerund(second.action)}."
    )


def _by_club(ex: Exercise, state: HandState) -> tuple[bool, bool, str]:
    decision = ClubPlayer().decide(view_of(state, LEARNER), random.Random(f"bid-judge:{ex.seed}"))
    return decision.action.kind is Kind.ORDER, bool(decision.action.alone), str(decision.reason)


JUDGES: dict[str, tuple[str, Callable[[Exercise, HandState], tuple[bool, bool, str]]]] = {
    "analyzer": (ANALYZER, _by_analyzer),
    "club": (CLUB, _by_club),
}


def solve_bid_with(ex: Exercise, judge: str) -> Solution:
    name, decide = JUDGES[judge]
    bid, alone, reason = decide(ex, _opening(ex))
    if ex.dealer == LEARNER:
        reason = in_dealer_words(reason)
    answer = ex.options[0] if bid else "pass"
    verb = answer + (f" {go_alone()}" if alone else "")
    why = f"Verdict from {name}: {verb}." + (f" {reason}" if reason else "")
    return Solution(answer, why, judge=name, link=analyzer_link(ex))


def solve_bid(ex: Exercise) -> Solution:
    return solve_bid_with(ex, "analyzer")


def wrong_bid(ex: Exercise, answer: Answer, solution: Solution) -> str:
    return "Bidding is a judgement call: open the analyzer to see how close it is."
