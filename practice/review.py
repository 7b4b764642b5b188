"""Reviewing a finished hand: the learner's facts and the grade of each of the learner's decisions.

Grades are by points lost for the learner's side (own points minus the opponents'),
against the best choice:

- plays, the dealer's discard (or leaving the upcard) and the choice to defend alone: the
  double-dummy solver (``engine.compiled.solver``), every card known, so "best" means best with
  perfect knowledge. Before the solver can start, any other defend-alone declaration still
  to come is made the club player's way, the same for every choice compared;
- bids (both rounds, and naming trump under the joker): the analyzer's value of each legal
  bid against the table the learner chose (``engine.analysis.robust``: by default the
  people table, the other tables valued too; a fixed number of sampled deals seeded from the
  position). Two bids worth the same within the figures' uncertainty are a tie
  (``Analysis.too_close``, or less than its tie margin apart): the other is graded "good",
  never a mistake. Given the game score
  the analyzer ranks bids by the chance of winning the game, as its page does, and so
  does the grade: the chance lost is converted to points at what one point is worth at
  the start of the game (``wintable.point_value``, about 7.5% in a game to 10).

Loss thresholds (points): best 0 (same points and tricks), good <= 0.25 (or only a
trick fewer for the same points), inaccuracy <= 1, mistake <= 2, blunder more.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.analysis.bidding import Analysis
from engine.analysis.robust import DESCRIBED, Robust, analyze_robust
from engine.analysis.sampler import BIDDING_PHASES
from engine.analysis.styles import DEFAULT_STYLE
from engine.analysis.wintable import point_value
from engine.compiled.solver import makers_tricks, solve
from engine.compiled.solver import warm_up as warm_solver
from engine.core.actions import Action
from engine.core.errors import EuchreError
from engine.core.hand import HandState, Phase, from_cards
from engine.core.scoring import hand_points
from engine.core.seats import same_side
from engine.core.view import view_of
from engine.players.club import ClubPlayer
from store.practice_log import HandRow

GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
SOLVER_SOURCE = "solver (all four hands face up)"
ANALYZER_SOURCE = "analyzer (expected points)"
ANALYZER_WIN_SOURCE = "analyzer (chance of winning the game from {us}-{them})"
POINTS = "points"
WIN_CHANCE = "win chance"
LEARNER = 0
_EPS = 1e-9


@dataclass(frozen=True, slots=True)
class GradedDecision:
    step: int  # index into the hand's history
    before: HandState
    action: Action
    grade: str | None  # None: not graded
    loss: float  # lost against the best choice (0 for the best), in ``unit``
    best: Action | None  # the better choice when there is one
    values: tuple[tuple[Action, float], ...]  # each legal choice -> the learner side's value, in ``unit``
    source: str  # what judged it, or why it was not graded
    tricks_lost: int = 0  # tricks the side gives away against ``best`` (the tie-break when points are equal)
    unit: str = POINTS  # POINTS (net points this hand) or WIN_CHANCE (change in the chance of winning)

    def lost_text(self) -> str:
        """The loss as the review shows it: "0.40 points" or "3.1% chance of winning"."""
        if self.unit == WIN_CHANCE:
            return f"{100 * self.loss:.1f}% chance of winning"
        return f"{self.loss:.2f} points"


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


SeatScore = tuple[int, int]  # (the seat's side, the best opponent side) when the hand was dealt


@lru_cache(maxsize=256)
def bid_robust(before: HandState, seat: int = LEARNER, score: SeatScore | None = None,
               table: str = DEFAULT_STYLE) -> Robust | None:
    """The analyzer's evaluation of ``seat``'s bidding decision in ``before`` against every
    opponents' style, ``table`` driving, at the game ``score`` when one is given (None when
    the decision is not a bid it analyses). Deterministic: the seed comes from the position,
    and there is no time budget. The hint and the review read their figures from this one
    computation."""
    if before.phase not in BIDDING_PHASES or before.to_act != seat:
        return None
    seed = f"bid-analysis:{before.dealer}:{before.dealt}:{before.upcard}:{before.history}"
    try:
        return analyze_robust(view_of(before, seat), seed, drive=table, score=score, time_budget=None,
                              max_samples=BID_SAMPLES, ceiling=False)
    except EuchreError:
        return None


def bid_analysis(before: HandState, seat: int = LEARNER, score: SeatScore | None = None,
                 table: str = DEFAULT_STYLE) -> Analysis | None:
    """The chosen table's analysis of the bid (``bid_robust``'s driving analysis)."""
    robust = bid_robust(before, seat, score, table)
    return None if robust is None else robust.analysis


def _bid_values(a: Analysis) -> dict[Action, float]:
    """Each bid's value in the analysis's ranking unit: the change in the chance of winning
    when it ranks by that, else net points."""
    if a.by_win_chance:
        return {o.action: float(o.realistic.win_delta or 0.0) for o in a.options}
    return {o.action: float(o.realistic.ev) for o in a.options}


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
def grade_decision(step: int, before: HandState, action: Action, seat: int = LEARNER,
                   score: SeatScore | None = None, table: str = DEFAULT_STYLE) -> GradedDecision:
    """Grade one decision (memoised: a page may grade it in the background as soon as it is
    made). ``score``, the game score the hand was dealt at, ranks bids by the chance of
    winning the game (plays are judged by the hand's points either way); ``table`` is the
    table whose best response grades a bid."""
    legal = before.legal_actions()
    if len(legal) == 1:
        return GradedDecision(step, before, action, None, 0.0, None, (), "the only legal choice")
    tricks: dict[Action, int] = {}
    robust: Robust | None = None
    unit, scale = POINTS, 1.0  # scale: what one point of loss is in ``unit``
    if before.phase in (Phase.PLAY, Phase.DISCARD, Phase.DEFEND):
        solved = _solved_values(before, seat)
        if solved is None:
            return GradedDecision(step, before, action, None, 0.0, None, (), "not graded: solver unavailable")
        values, tricks = solved
        source = SOLVER_SOURCE
    else:
        robust = bid_robust(before, seat, score, table)
        if robust is None:
            return GradedDecision(step, before, action, None, 0.0, None, (),
                                  "not graded: no bidding analysis for this decision")
        values = _bid_values(robust.analysis)
        source = ANALYZER_SOURCE
        if robust.analysis.by_win_chance and score is not None:
            unit, scale = WIN_CHANCE, point_value(before.rules) or 1.0
            source = ANALYZER_WIN_SOURCE.format(us=score[0], them=score[1])
    if action not in values:
        return GradedDecision(step, before, action, None, 0.0, None, (), "not graded: no value for this choice")
    best_action = max(values, key=lambda a: (values[a], _side_tricks(before, tricks.get(a), seat)))
    loss = values[best_action] - values[action]
    tricks_lost = 0
    if tricks:
        tricks_lost = _side_tricks(before, tricks[best_action], seat) - _side_tricks(before, tricks[action], seat)
    grade = grade_for(max(0.0, loss) / scale, tricks_lost)
    ordered = tuple(sorted(values.items(), key=lambda kv: -kv[1]))
    if robust is not None and loss > 0:
        a = robust.analysis
        tied = loss < a.tie_margin or (a.too_close and action in (a.recommendation, a.runner_up))
        if tied:
            # Worth the same as the best within the figures' uncertainty: fine, never a mistake.
            source = (f"{source}; too close to call: {_worth(values[action], unit)} against "
                      f"{_worth(values[best_action], unit)} for the best, against {DESCRIBED[robust.drive]}")
            grade = "good"
    return GradedDecision(step, before, action, grade, max(0.0, loss),
                          None if grade == "best" else best_action, ordered, source, max(0, tricks_lost), unit)


def _worth(value: float, unit: str, signed: bool = True) -> str:
    """A value in the grade's unit: "+0.41" (points) or "+3.2% chance of winning"."""
    if unit == WIN_CHANCE:
        return f"{100 * value:{'+' if signed else ''}.1f}% chance of winning"
    return f"{value:{'+' if signed else ''}.2f}"


def _side_tricks(before: HandState, maker_tricks: int | None, seat: int) -> int:
    if maker_tricks is None:
        return 0
    return maker_tricks if before.is_maker_side(seat) else 5 - maker_tricks


def grade_hand(hand: HandState, seat: int = LEARNER, score: SeatScore | None = None,
               table: str = DEFAULT_STYLE) -> tuple[GradedDecision, ...]:
    """Grade every decision ``seat`` made in a finished (or partly played) hand, dealt at the
    game ``score`` when one is given, bids against ``table``."""
    return tuple(grade_decision(step, before, action, seat, score, table)
                 for step, before, action in learner_decisions(hand, seat))


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
