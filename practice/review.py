"""Reviewing a finished hand: the learner's facts and the grade of each of the learner's decisions.

Grades are by points lost for the learner's side (own points minus the opponents'),
against the best choice:

- plays, the dealer's discard (or leaving the upcard) and the choice to defend alone: the
  double-dummy solver (``engine.solver``), every card known, so "best" means best with
  perfect knowledge. Before the solver can start, any other defend-alone declaration still
  to come is made the club player's way, the same for every choice compared;
- bids (both rounds, and naming trump under the joker): the analyzer's expected net points
  per legal bid (``engine.analysis.bidding.analyze``, club players finishing the hand, a
  fixed number of sampled deals seeded from the position).

Loss thresholds (points): best 0 (same points and tricks), good <= 0.25 (or only a
trick fewer for the same points), inaccuracy <= 1, mistake <= 2, blunder more.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.actions import Action
from engine.analysis.bidding import Analysis
from engine.analysis.robust import DESCRIBED, WHAT_IT_DOES, Robust, analyze_robust
from engine.analysis.sampler import BIDDING_PHASES
from engine.errors import EuchreError
from engine.hand import HandState, Phase, from_cards
from engine.players.club import ClubPlayer
from engine.scoring import hand_points
from engine.seats import same_side
from engine.solver import makers_tricks, solve
from engine.solver import warm_up as warm_solver
from engine.view import view_of
from store.practice_log import HandRow

GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
SOLVER_SOURCE = "solver (all four hands face up)"
ANALYZER_SOURCE = "analyzer (expected points)"
LEARNER = 0
_EPS = 1e-9


@dataclass(frozen=True, slots=True)
class GradedDecision:
    step: int  # index into the hand's history
    before: HandState
    action: Action
    grade: str | None  # None: not graded
    loss: float  # points lost against the best choice (0 for the best)
    best: Action | None  # the better choice when there is one
    values: tuple[tuple[Action, float], ...]  # each legal choice -> the learner side's net points
    source: str  # what judged it, or why it was not graded
    tricks_lost: int = 0  # tricks the side gives away against ``best`` (the tie-break when points are equal)


def grade_for(loss: float, tricks_lost: int = 0) -> str:
    """The grade word for a loss in points (and, for ties on points, tricks given away)."""
    if loss <= _EPS:
        return "best" if tricks_lost <= 0 else "good"
    if loss <= 0.25 + _EPS:
        return "good"
    if loss <= 1 + _EPS:
        return "inaccuracy"
    if loss <= 2 + _EPS:
        return "mistake"
    return "blunder"


def net_points(hand: HandState, maker_tricks: int, seat: int = LEARNER) -> int:
    """The learner side's points minus the opponents' if the makers take ``maker_tricks``."""
    makers, defenders = hand_points(
        hand.rules.players, maker_tricks, hand.alone, hand.lone_defender is not None
    )
    return makers - defenders if hand.is_maker_side(seat) else defenders - makers


def learner_decisions(hand: HandState, seat: int = LEARNER) -> list[tuple[int, HandState, Action]]:
    """(step, state before, action) for each decision ``seat`` made, replayed from the deal."""
    state = from_cards(hand.rules, hand.dealer, hand.dealt, hand.upcard, hand.kitty)
    out = []
    for step, (who, action) in enumerate(hand.history):
        if who == seat:
            out.append((step, state, action))
        state = state.apply(action)
    return out


BID_SAMPLES = 400  # deals per bid analysis and style: deterministic (no time budget), about 0.1 s


@lru_cache(maxsize=256)
def bid_robust(before: HandState, seat: int = LEARNER) -> Robust | None:
    """The analyzer's evaluation of ``seat``'s bidding decision in ``before`` against every
    opponents' style (None when the decision is not a bid it analyses). Deterministic: the
    seed comes from the position, and there is no time budget. The hint, the review and the
    analyzer all read their figures from this one computation."""
    if before.phase not in BIDDING_PHASES or before.to_act != seat:
        return None
    seed = f"bid-analysis:{before.dealer}:{before.dealt}:{before.upcard}:{before.history}"
    try:
        return analyze_robust(view_of(before, seat), seed, time_budget=None, max_samples=BID_SAMPLES, ceiling=False)
    except EuchreError:
        return None


def bid_analysis(before: HandState, seat: int = LEARNER) -> Analysis | None:
    """The sound model's analysis of the bid (``bid_robust``'s driving analysis)."""
    robust = bid_robust(before, seat)
    return None if robust is None else robust.analysis


def _solved_values(before: HandState, seat: int) -> tuple[dict[Action, float], dict[Action, int]] | None:
    try:
        if before.phase is Phase.PLAY:
            tricks = {a: int(t) for a, t in solve(before).cards.items()}
            values = {a: float(net_points(before, t, seat)) for a, t in tricks.items()}
            return values, tricks
        if before.phase in (Phase.DISCARD, Phase.DEFEND):
            values, tricks = {}, {}
            for action in before.legal_actions():
                after = settle_defence(before.apply(action))
                t = int(makers_tricks(after))
                tricks[action], values[action] = t, float(net_points(after, t, seat))
            return values, tricks
    except EuchreError:
        return None
    return None


def settle_defence(state: HandState) -> HandState:
    """``state`` with the defend-alone declarations still to come made as the club player makes
    them (a rule of the defender's own cards), so that play can start and be solved."""
    club = ClubPlayer()
    while state.phase is Phase.DEFEND:
        assert state.to_act is not None
        state = state.apply(club.decide(view_of(state, state.to_act), random.Random(0)).action)
    return state


def warm_up() -> bool:
    """Load the solver (numba compiles or loads its cache on first use) so the first hand review
    is quick. True once it is ready."""
    warm_solver()
    return True


@lru_cache(maxsize=512)
def grade_decision(step: int, before: HandState, action: Action, seat: int = LEARNER) -> GradedDecision:
    """Grade one decision (memoised: a page may grade it in the background as soon as it is made)."""
    legal = before.legal_actions()
    if len(legal) == 1:
        return GradedDecision(step, before, action, None, 0.0, None, (), "the only legal choice")
    tricks: dict[Action, int] = {}
    robust: Robust | None = None
    if before.phase in (Phase.PLAY, Phase.DISCARD, Phase.DEFEND):
        solved = _solved_values(before, seat)
        if solved is None:
            return GradedDecision(step, before, action, None, 0.0, None, (), "not graded: solver unavailable")
        values, tricks = solved
        source = SOLVER_SOURCE
    else:
        robust = bid_robust(before, seat)
        if robust is None:
            return GradedDecision(step, before, action, None, 0.0, None, (),
                                  "not graded: no bidding analysis for this decision")
        values = {o.action: float(o.realistic.ev) for o in robust.analysis.options}
        source = ANALYZER_SOURCE
    if action not in values:
        return GradedDecision(step, before, action, None, 0.0, None, (), "not graded: no value for this choice")
    best_action = max(values, key=lambda a: (values[a], _side_tricks(before, tricks.get(a), seat)))
    loss = values[best_action] - values[action]
    tricks_lost = 0
    if tricks:
        tricks_lost = _side_tricks(before, tricks[best_action], seat) - _side_tricks(before, tricks[action], seat)
    grade = grade_for(max(0.0, loss), tricks_lost)
    ordered = tuple(sorted(values.items(), key=lambda kv: -kv[1]))
    if robust is not None:
        # A bid is only as bad as its loss against the table it does best against: a choice
        # that is right against some sound-enough table is a close call, not a mistake.
        losses = {style: max(o.realistic.ev for o in a.options) - a.option(action).realistic.ev
                  for style, a in robust.by_style.items()}
        kindest = min(losses, key=losses.__getitem__)
        kind_loss = max(0.0, losses[kindest])
        if grade_for(kind_loss) != grade:
            ev = robust.by_style[kindest].option(action).realistic.ev
            source = (f"{ANALYZER_SOURCE}; close call: against {DESCRIBED[kindest]} (one that "
                      f"{WHAT_IT_DOES[kindest]}) this choice is worth "
                      f"{ev:+.2f} ({losses[kindest]:.2f} from that table's best), against a sound table "
                      f"{values[action]:+.2f} ({loss:.2f} from the best)")
            grade, loss = grade_for(kind_loss), kind_loss
    return GradedDecision(step, before, action, grade, max(0.0, loss),
                          None if grade == "best" else best_action, ordered, source, max(0, tricks_lost))


def _side_tricks(before: HandState, maker_tricks: int | None, seat: int) -> int:
    if maker_tricks is None:
        return 0
    return maker_tricks if before.is_maker_side(seat) else 5 - maker_tricks


def grade_hand(hand: HandState, seat: int = LEARNER) -> tuple[GradedDecision, ...]:
    """Grade every decision ``seat`` made in a finished (or partly played) hand."""
    return tuple(grade_decision(step, before, action, seat) for step, before, action in learner_decisions(hand, seat))


def hand_facts(
    hand: HandState, game_number: int, hand_number: int, record: dict[str, Any],
    grades: tuple[GradedDecision, ...], seat: int = LEARNER,
) -> HandRow:
    """What the statistics need to know about one finished hand, from ``seat``'s side."""
    points = hand.points
    mine = hand.is_maker_side(seat) if hand.maker is not None else False
    made = None if hand.maker is None else hand.maker_tricks >= 3
    opponents = [p for s, p in enumerate(points) if s != seat and not _same_side(hand, s, seat)]
    return HandRow(
        game_number=game_number,
        hand_number=hand_number,
        record=record,
        thrown_in=hand.thrown_in,
        learner_called=hand.maker == seat,
        learner_side_made=mine,
        made=made,
        learner_alone=hand.alone and hand.maker == seat,
        euchres_for=hand.maker is not None and not mine and made is False,
        euchred=mine and made is False,
        points_for=points[seat],
        points_against=max(opponents, default=0),
        grades=tuple(g.grade for g in grades if g.grade is not None),
    )


def _same_side(hand: HandState, a: int, b: int) -> bool:
    return hand.rules.players == 4 and same_side(4, a, b)
