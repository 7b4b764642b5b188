"""Exercises: order up or pass? Judged by the hand analyzer (or, on request, the club player).

The question is a real seeded deal; the learner sits South and everyone before them passed.
Nothing is canned: the verdict comes from ``engine.analysis`` (simulated play-outs of each
choice); ``solve_bid_with(ex, "club")`` asks the club player instead. The solution says which
judged it and links to the analyzer with the same hand filled in.

Four drills ask it, each a ``Table`` of rules (and scores):

- ``bid``: the standard game at 0–0;
- ``score_bid``: the standard game near the end, at a score drawn for the seed (``SCORES``); the
  analyzer then ranks the choices by the chance of winning the game;
- ``two_handed`` and ``cutthroat``: the two- and three-player games (lesson 9).

The figures are the Analyze page's for the same view (``engine.analysis.advice.value_bids``: its
deals seeded by the view, its interactive count), so the drill, its link to the analyzer and the
Practice hint quote the same values. A quick look on ``SCREEN_SAMPLES`` deals passes over most
deals that will not do before the full valuation is asked.

A question is drawn from a deal whose answer is clear (``lessons.balance.clear_answer``: the same
at every kind of table the analyzer knows, and outside its figures' uncertainty by a margin), and
each seed wants one of the two answers in turn (``lessons.balance.wanted``), so ordering up and
passing are each right in half of the questions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache

from engine.analysis.advice import INTERACTIVE, value_bids
from engine.analysis.bidding import Analysis
from engine.analysis.explain import gerund, label, percent, points, reasons, win_chance
from engine.analysis.robust import Robust, analyze_robust
from engine.analysis.situation import SEATS_BY_PLAYERS
from engine.core.action_words import action_words, answer_words, capital, go_alone, in_dealer_words
from engine.core.actions import ORDER, PASS, Action, Kind
from engine.core.hand import HandState, apply, deal
from engine.core.problem import Problem
from engine.core.ranking import effective_table, sort_hand
from engine.core.rules import Rules
from engine.core.seats import LEARNER, seat_name
from engine.core.view import SeatView, view_of
from engine.players.club import ClubPlayer
from engine.search.seat_values import view_seed
from lessons.balance import accepted, clear_answer, drawn, wanted
from lessons.exercise_model import Answer, Exercise, Mode, Solution

MAX_DEALS = 80  # deals analysed per question for a clear-cut one with the wanted answer
FILTERED_DEALS = 800  # deals dealt for them (a cheap filter skips the hopeless ones unanalysed)
ANALYZER = "the hand analyzer (simulated play-outs of each choice)"
CLUB = "the club player (a computer player's rules of thumb)"
SCREEN_SAMPLES = 400  # the quick look's deals per table (a screen only: the verdict is value_bids')
ANALYZER_SAMPLES = (
    INTERACTIVE.deals
)  # the verdict's cap: the Analyze page's (drill_balance re-judges on a multiple)
ANSWERS = ("order", "pass")
# late scores (your side, theirs) for the score drill, where one point more or less decides a lot
SCORES = ((9, 8), (8, 9), (9, 6), (6, 9), (8, 8), (9, 9), (7, 9), (9, 7), (4, 9), (8, 6))


@dataclass(frozen=True, slots=True)
class Table:
    """One drill of the order-up question: its kind, the rules it is dealt under, and the scores it
    is asked at (none: 0–0)."""

    kind: str
    rules: Rules
    scores: tuple[tuple[int, int], ...] = ()

    @property
    def seats(self) -> tuple[str, ...]:
        return SEATS_BY_PLAYERS[self.rules.players]


BID = Table("bid", Rules())
SCORE_BID = Table("score_bid", Rules(), SCORES)
TWO_HANDED = Table("two_handed", Rules(players=2, optional_pickup=True))
CUTTHROAT = Table("cutthroat", Rules(players=3))
TABLES = {t.kind: t for t in (BID, SCORE_BID, TWO_HANDED, CUTTHROAT)}


def _deal(table: Table, seed: int, dealer: int, attempt: int) -> HandState:
    base = f"bid:{seed}:deal" if table.kind == "bid" else f"{table.kind}:{seed}:deal"
    name = base if attempt == 0 else f"{base}:{attempt}"
    state = deal(table.rules, dealer, random.Random(name))
    while state.to_act != LEARNER:
        state = apply(state, PASS)
    return state


def drill_answer(action: Action) -> str | None:
    """'order' for ordering up (alone or not), 'pass' for passing."""
    return {Kind.ORDER: "order", Kind.PASS: "pass"}.get(action.kind)


def _may_order(state: HandState) -> bool:
    """A cheap filter when an order-up is wanted: two trumps at least (the upcard counted for the
    dealer). Only a filter for asking: the analyzer decides."""
    trump = state.upcard.suit
    assert trump is not None
    eff = effective_table(trump)
    held = sum(1 for c in state.hands[LEARNER] if eff[c] == trump)
    return held + (state.dealer == LEARNER) >= 2


def screened(view: SeatView, seed: str, score: tuple[int, int] | None = None) -> Robust:
    """A quick look on ``SCREEN_SAMPLES`` deals a table: only to pass over deals that will not do."""
    return analyze_robust(
        view, seed, score=score, time_budget=None, max_samples=SCREEN_SAMPLES, ceiling=False
    )


def valued(view: SeatView, score: tuple[int, int] | None = None) -> Robust:
    """The verdict: the Analyze page's figures for this view and score (one question, one answer)."""
    return value_bids(view, score=score)


def clear_choice(robust: Robust, answer_of: Callable[[Action], str | None]) -> str | None:
    """The drill's answer when the analysis gives it clearly (``lessons.balance.clear_answer``) and
    every kind of table agrees; else None."""
    return None if robust.close_call else clear_answer(robust.analysis, answer_of)


def clear_verdict(
    view: SeatView,
    answer_of: Callable[[Action], str | None],
    score: tuple[int, int] | None = None,
    screen_seed: str | None = None,
) -> str | None:
    """``clear_choice`` of the verdict (``valued``), asked only when a quick look on a few hundred
    deals (``screened``, seeded by ``screen_seed``, by default the view) finds the answer clear
    already: most deals that will not do are passed over at a tenth of the cost."""
    seed = f"call-screen:{view_seed(view)}" if screen_seed is None else screen_seed
    if clear_choice(screened(view, seed, score), answer_of) is None:
        return None
    return clear_choice(valued(view, score), answer_of)


@lru_cache(maxsize=512)
def _judged(kind: str, seed: int, dealer: int, score: tuple[int, int] | None) -> tuple[HandState, Robust]:
    """The question's deal and its analysis: the first of the seeded deals whose answer is clear and
    is the answer the seed wants (on the quick look, then on the verdict's figures); failing that
    the first clear one, failing that the first (``lessons.balance.drawn``)."""
    table = TABLES[kind]
    want = wanted(kind, seed, ANSWERS)

    def deals() -> Iterator[tuple[int, HandState]]:
        asked = 0
        for attempt in range(FILTERED_DEALS):
            state = _deal(table, seed, dealer, attempt)
            if want == "order" and asked and not _may_order(state):
                continue  # the cheap filter, once a first deal is kept to fall back on
            if asked >= MAX_DEALS:
                return
            asked += 1
            yield attempt, state

    def answer(deal_: tuple[int, HandState]) -> str | None:
        attempt, state = deal_
        view = view_of(state, LEARNER)
        return clear_verdict(view, drill_answer, score, f"{kind}-judge:{seed}:{attempt}")

    _, found = drawn(deals(), want, answer, f"{kind}:{seed}:{dealer}:{score}")
    return found, valued(view_of(found, LEARNER), score)


def _score(ex: Exercise) -> tuple[int, int] | None:
    text = dict(ex.settings).get("score")
    if not text:
        return None
    us, them = text.split(",")
    return int(us), int(them)


def _opening(ex: Exercise) -> tuple[HandState, Robust]:
    assert ex.dealer is not None
    return _judged(ex.kind, ex.seed, ex.dealer, _score(ex))


def _make(table: Table, seed: int, rng: random.Random, options: Mapping[str, str]) -> Exercise:
    n = table.rules.players
    position = table.seats.index(options["seat"]) if options.get("seat") else rng.randrange(n)
    dealer = (LEARNER - position - 1) % n
    score = rng.choice(table.scores) if table.scores else None
    state = _judged(table.kind, seed, dealer, score)[0]
    upcard = state.upcard
    assert upcard.suit is not None
    is_dealer = dealer == LEARNER
    passed = [seat_name(n, s) for s, _ in state.history]
    before = f"{', '.join(passed)} passed. " if passed else "You speak first. "
    order = answer_words(ORDER, dealer=is_dealer)
    ask = (
        f"{capital(order)} or pass?"
        if is_dealer
        else f"{capital(action_words(ORDER))} {upcard.suit.noun} or pass?"
    )
    scene = {
        2: "Two players, each for themself. ",
        3: "Three players (cutthroat): whoever makes trump plays alone against the other two. ",
    }.get(n, "")
    at = ""
    if score is not None:
        at = f"The score: your side {score[0]}, theirs {score[1]}, playing to {table.rules.target}. "
    settings = tuple(sorted(options.items())) + ((("score", f"{score[0]},{score[1]}"),) if score else ())
    facts = [f"your seat: {table.seats[position]}"]
    if score is not None:
        facts.append(f"score: you {score[0]}, they {score[1]}")
    return Exercise(
        kind=table.kind,
        seed=seed,
        mode=Mode.CHOICE,
        cards=sort_hand(state.hands[LEARNER]),
        upcard=upcard,
        dealer=dealer,
        trump=None,
        options=(order, answer_words(PASS)),
        prompt=(
            f"{scene}{at}You are South; {'you are the dealer' if is_dealer else seat_name(n, dealer) + ' deals'}. "
            f"The upcard is the {upcard.short}. {before}{ask}"
        ),
        rules=table.rules,
        facts=tuple(facts),
        settings=settings,
        view=view_of(state, LEARNER),
    )


def make_bid(seed: int, rng: random.Random, options: Mapping[str, str]) -> Exercise:
    return _make(BID, seed, rng, options)


def make_score_bid(seed: int, rng: random.Random, options: Mapping[str, str]) -> Exercise:
    return _make(SCORE_BID, seed, rng, options)


def make_two_handed(seed: int, rng: random.Random, options: Mapping[str, str]) -> Exercise:
    return _make(TWO_HANDED, seed, rng, options)


def make_cutthroat(seed: int, rng: random.Random, options: Mapping[str, str]) -> Exercise:
    return _make(CUTTHROAT, seed, rng, options)


def view_link(view: SeatView, score: tuple[int, int] | None = None) -> str:
    """The Analyze page with this bid filled in (its view text; the score apart)."""
    at = "" if score is None else f"&score={score[0]},{score[1]}"
    return f"analyze?view={view.to_text()}{at}"


def analyzer_link(ex: Exercise) -> str:
    assert ex.view is not None
    return view_link(ex.view, _score(ex))


def _by_analyzer(ex: Exercise, state: HandState) -> tuple[bool, bool, str]:
    """The analyzer's verdict, worded for the drill's two choices (order up or pass): the best way
    to order up (alone or not) against passing, never against a choice the drill does not offer."""
    view = view_of(state, LEARNER)
    analysis = _opening(ex)[1].analysis
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


def bid_problem(view: SeatView, analysis: Analysis, reason: str) -> Problem:
    """A bid judged by the analyzer, as a problem: every legal bid with its value in the analysis's
    unit (net points, or at a game score the change in the chance of winning the game), the
    recommendation right, and the runner-up too when the two are too close to call."""
    return Problem.at(view, analysis.values(), analysis.counted_right, analysis.unit, ANALYZER, reason)


def solve_bid_with(ex: Exercise, judge: str) -> Solution:
    """The verdict of ``judge`` ('analyzer' or 'club'). The analyzer's is the bid's problem
    (``bid_problem``), answered in the drill's two words: ordering up (alone or not), or passing."""
    name, decide = JUDGES[judge]
    bid, alone, reason = decide(ex, _opening(ex)[0])
    if ex.dealer == LEARNER:
        reason = in_dealer_words(reason)
    answer = ex.options[0] if bid else "pass"
    verb = answer + (f" {go_alone()}" if alone and ex.rules.players == 4 else "")
    why = f"Verdict from {name}: {verb}." + (f" {reason}" if reason else "")
    if judge != "analyzer":
        return Solution(answer, why, judge=name, link=analyzer_link(ex))
    assert ex.view is not None
    problem = bid_problem(ex.view, _opening(ex)[1].analysis, why)
    return Solution.of(
        problem, lambda a: ex.options[0] if a.kind is Kind.ORDER else "pass", analyzer_link(ex)
    )


def solve_bid(ex: Exercise) -> Solution:
    return solve_bid_with(ex, "analyzer")


def wrong_bid(ex: Exercise, answer: Answer, solution: Solution) -> str:
    return "Bidding is a judgement call: open the analyzer to see how close it is."


def bid_again(ex: Exercise, factor: int, seed: str) -> frozenset[Answer]:
    """The answers the same judge counts right on ``factor`` times the deals drawn from another
    ``seed`` (for ``python -m bench drill_balance``)."""
    assert ex.view is not None
    robust = analyze_robust(
        ex.view,
        f"{seed}:{view_seed(ex.view)}",
        score=_score(ex),
        time_budget=None,
        max_samples=factor * INTERACTIVE.deals,
        other_samples=factor * INTERACTIVE.other_deals,
        ceiling=False,
    )
    words = {"order": ex.options[0], "pass": "pass"}
    return frozenset(words[a] for a in accepted(robust.analysis, drill_answer))
