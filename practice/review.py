"""Reviewing a finished hand: the learner's facts and the grade of each of the learner's decisions.

Every grade uses only what the learner's seat could know. Grades are by points lost for the
learner's side (own points minus the opponents'), against the best choice:

- plays, the dealer's discard (or leaving the upcard) and the choice to defend alone: the
  seat's own valuation (``engine.search.seat_values.judged``): ``JUDGE_DEALS`` deals of the
  unseen cards that fit the learner's view and the auction, the same deals for every choice,
  each played out with best play. A choice within the 95% interval of the best is a tie:
  "good", never a mistake. The hint and "what the expert would have done" read the same
  figures (``practice.coach``), so following the hint is graded "best". What the actual
  layout gave, every card face up (``hindsight``), is kept as a second figure, never the grade;
- bids (both rounds, and naming trump under the joker): the analyzer's value of each legal
  bid against the table the learner chose (``engine.analysis.robust``: by default the
  people table, the other tables valued too; a fixed number of sampled deals seeded from the
  learner's view). Two bids worth the same within the figures' uncertainty are a tie
  (``Analysis.too_close``, or less than its tie margin apart): the other is graded "good",
  never a mistake. Given the game score
  the analyzer ranks bids by the chance of winning the game, as its page does, and so
  does the grade: the chance lost is converted to points at what one point is worth at
  the start of the game (``wintable.point_value``, about 7.5% in a game to 10).

Loss thresholds (points): best 0 (the best choice, or one worth exactly as much on every deal),
good <= 0.25 or a tie, inaccuracy <= 1, mistake <= 2, blunder more. Each grade carries its reason
in Euchre words (``reason``; ``engine.analysis.card_reasons`` for cards, the analyzer's
explanation for bids).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.analysis.advice import INTERACTIVE, value_bids
from engine.analysis.bidding import Analysis
from engine.analysis.card_reasons import choice_reason, mistake_reason, tie_reason
from engine.analysis.explain import compare_bids, explain, gerund
from engine.analysis.robust import DESCRIBED, Robust
from engine.analysis.sampler import BIDDING_PHASES
from engine.analysis.tables import DEFAULT_TABLE
from engine.analysis.wintable import point_value
from engine.compiled.solver import makers_tricks, solve
from engine.compiled.solver import warm_up as warm_solver
from engine.core.actions import Action
from engine.core.errors import EuchreError
from engine.core.hand import HandState, Phase, deal, from_cards
from engine.core.problem import Problem
from engine.core.rules import Rules
from engine.core.scoring import hand_points
from engine.core.seats import LEARNER, same_side
from engine.core.view import SeatView, view_of
from engine.players.club import ClubPlayer
from engine.search.seat_values import ChoiceValue, judged
from practice import skill
from store.practice_log import HandRow

GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
COSTLY = ("mistake", "blunder")  # the grades that go into the learner's mistake deck
RIGHT = ("best", "good")  # a choice graded so is a right answer
SEAT_SOURCE = "your seat: {n} layouts of the hidden cards that fit what you saw and the bidding"
ANALYZER_SOURCE = "analyzer (expected points)"
ANALYZER_WIN_SOURCE = "analyzer (chance of winning the game from {us}-{them})"
POINTS = "points"
WIN_CHANCE = "win chance"
_EPS = 1e-9


@dataclass(frozen=True, slots=True)
class ChoiceRow:
    """One legal choice as the judge valued it, in the decision's ``unit``: its value for the
    learner's side, what it loses against the best (the judge's own figure: for a card, the paired
    difference over the same layouts) and the half-width of that loss's 95% interval, the tricks it
    gives away against the best (the tie-break when points are equal), its grade, and whether it is
    worth the same as the best within the figures' uncertainty (a tie: "good", never a mistake)."""

    choice: Action
    value: float
    grade: str
    loss: float = 0.0
    spread: float = 0.0
    tricks_behind: float = 0.0
    tied: bool = False


@dataclass(frozen=True, slots=True)
class GradedDecision:
    """One of the learner's decisions, graded: a row for every legal choice (``rows``, the best
    first; none when it was not graded, ``source`` then says why), the figures of the choice made
    read from its row."""

    step: int  # index into the hand's history
    before: HandState
    action: Action
    source: str  # what judged it, or why it was not graded
    rows: tuple[ChoiceRow, ...] = ()
    unit: str = POINTS  # POINTS (net points this hand) or WIN_CHANCE (change in the chance of winning)
    hindsight: tuple[
        tuple[Action, float], ...
    ] = ()  # every card face up, this deal: net points (never the grade)
    reason: str = ""  # why, in Euchre words: for a right choice why it is right, else why the best is better

    @classmethod
    def from_values(
        cls,
        step: int,
        before: HandState,
        action: Action,
        source: str,
        values: Mapping[Action, float],
        grades: Mapping[Action, str] | None = None,
        *,
        top: Action | None = None,
        ties: tuple[Action, ...] = (),
        unit: str = POINTS,
        tricks_lost: float = 0.0,
        spread: float = 0.0,
        hindsight: tuple[tuple[Action, float], ...] = (),
        reason: str = "",
    ) -> GradedDecision:
        """A decision from each choice's value (``top``, the best, by default the highest): each
        row's loss against the best, its grade from ``grades`` (else the best "best", a tie "good",
        the rest by their loss); ``tricks_lost`` and ``spread`` are the choice made's."""
        best = top if top is not None else max(values, key=values.__getitem__)
        scale = (point_value(before.rules) or 1.0) if unit == WIN_CHANCE else 1.0  # one point, in ``unit``

        def row(choice: Action) -> ChoiceRow:
            loss = max(0.0, values[best] - values[choice])
            grade = (grades or {}).get(choice) or (
                "best" if choice == best else "good" if choice in ties else grade_for(loss / scale)
            )
            mine = choice == action
            return ChoiceRow(
                choice,
                values[choice],
                grade,
                loss,
                spread if mine else 0.0,
                tricks_lost if mine else 0.0,
                choice in ties,
            )

        rows = tuple(
            row(c) for c in (best, *sorted((c for c in values if c != best), key=lambda c: -values[c]))
        )
        return cls(step, before, action, source, rows, unit, hindsight, reason)

    def row(self, choice: Action) -> ChoiceRow | None:
        return next((r for r in self.rows if r.choice == choice), None)

    @property
    def grade(self) -> str | None:
        """The grade of the choice made (None: not graded)."""
        mine = self.row(self.action)
        return None if mine is None else mine.grade

    @property
    def loss(self) -> float:
        """Lost against the best choice (0 for the best), in ``unit``."""
        mine = self.row(self.action)
        return 0.0 if mine is None else mine.loss

    @property
    def spread(self) -> float:
        """The half-width of the 95% interval of ``loss``."""
        mine = self.row(self.action)
        return 0.0 if mine is None else mine.spread

    @property
    def tricks_lost(self) -> float:
        mine = self.row(self.action)
        return 0.0 if mine is None else mine.tricks_behind

    @property
    def top(self) -> Action | None:
        """The best choice (also when it is the one made)."""
        return self.rows[0].choice if self.rows else None

    @property
    def best(self) -> Action | None:
        """The better choice, when the one made was not the best."""
        return None if self.grade in (None, "best") else self.top

    @property
    def values(self) -> tuple[tuple[Action, float], ...]:
        """Each legal choice -> the learner side's value, in ``unit``."""
        return tuple((r.choice, r.value) for r in self.rows)

    @property
    def ties(self) -> tuple[Action, ...]:
        """The choices worth the same as the best within the figures' uncertainty."""
        return tuple(r.choice for r in self.rows if r.tied)

    @property
    def choice_grades(self) -> tuple[tuple[Action, str], ...]:
        return tuple((r.choice, r.grade) for r in self.rows)

    def lost_text(self) -> str:
        """The loss as the review shows it: "0.40 points" or "3.1% chance of winning"."""
        return loss_words(self.loss, self.unit)

    def grade_of(self, choice: Action) -> str | None:
        """The grade ``choice`` gets by the same figures (None: no value for it): the best choice
        "best", a tie "good", else by its loss. The retry and the mistake deck judge by this."""
        row = self.row(choice)
        return None if row is None else row.grade

    @property
    def right_answers(self) -> tuple[Action, ...]:
        """The choices graded best or good, in the order of the legal actions."""
        return tuple(a for a in self.before.legal_actions() if self.grade_of(a) in RIGHT)

    @property
    def problem(self) -> Problem | None:
        """The decision as a position to answer (``engine.core.problem``), from the deciding seat:
        every graded choice with its figure, the right answers (graded best or good by these figures)
        the best first, the grade's unit, source and reason. None when it was not graded."""
        top, seat = self.top, self.before.to_act
        if self.grade is None or top is None or seat is None:
            return None
        right = (top, *(a for a in self.right_answers if a != top))
        return Problem.at(
            view_of(self.before, seat), dict(self.values), right, self.unit, self.source, self.reason
        )

    def hindsight_text(self) -> str:
        """The face-up figure in words, or "" without one: "With every card face up (this deal only):
        your card made +1 for your side; the Q♥ would have made +2."."""
        if not self.hindsight:
            return ""
        face_up = dict(self.hindsight)
        if self.action not in face_up:
            return ""
        top = max(face_up.values())
        line = f"With every card face up (this deal only), your choice made {face_up[self.action]:+.0f} for your side"
        if face_up[self.action] < top - _EPS:
            better = [a for a, v in face_up.items() if v >= top - _EPS]
            line += f"; {_names(better)} would have made {top:+.0f}"
        return line + ". Luck of the layout, not the grade."


def _names(actions: list[Action]) -> str:
    words = [a.card.short if a.card is not None else str(a) for a in actions]
    return " or ".join(words[:3]) + (" …" if len(words) > 3 else "")


def loss_words(loss: float, unit: str) -> str:
    """A loss in ``unit`` as the review says it: "0.40 points" or "3.1% chance of winning"."""
    worth = _worth(loss, unit, signed=False)
    return worth if unit == WIN_CHANCE else f"{worth} points"


def grade_for(loss: float, tricks_lost: float = 0) -> str:
    """The grade word for a loss in points (and, for ties on points, tricks given away)."""
    if loss <= _EPS:
        return "best" if tricks_lost <= _EPS else "good"
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


SeatScore = tuple[int, int]  # (the seat's side, the best opponent side) when the hand was dealt


def view_robust(view: SeatView, score: SeatScore | None = None, table: str = DEFAULT_TABLE) -> Robust | None:
    """The analyzer's evaluation of the seat's bidding decision at ``view`` against every
    table (how the other seats bid), ``table`` driving, at the game ``score`` when one is given (None when the
    decision is not a bid it analyses): ``engine.analysis.advice.value_bids``, the one valuation
    of a bid the Analyze page, the hint and the grade all read (seeded by the view, the interactive
    budget: a count of deals)."""
    if view.phase not in BIDDING_PHASES or view.to_act != view.seat:
        return None
    try:
        return value_bids(view, table, score, INTERACTIVE)
    except EuchreError:
        return None


def bid_robust(
    before: HandState, seat: int = LEARNER, score: SeatScore | None = None, table: str = DEFAULT_TABLE
) -> Robust | None:
    """``view_robust`` at ``seat``'s view of ``before``."""
    return view_robust(view_of(before, seat), score, table)


def bid_analysis(
    before: HandState, seat: int = LEARNER, score: SeatScore | None = None, table: str = DEFAULT_TABLE
) -> Analysis | None:
    """The chosen table's analysis of the bid (``bid_robust``'s driving analysis)."""
    robust = bid_robust(before, seat, score, table)
    return None if robust is None else robust.analysis


def bid_ties(robust: Robust, values: dict[Action, float]) -> tuple[Action, ...]:
    """The bids worth the same as the best within the analysis's uncertainty: less than its tie
    margin behind, or the runner-up of a call too close to call."""
    a = robust.analysis
    top = max(values.values())
    return tuple(
        b
        for b, v in values.items()
        if top - v > _EPS and (top - v < a.tie_margin or (a.too_close and b == a.runner_up))
    )


def hindsight_values(before: HandState, seat: int) -> dict[Action, float]:
    """Each legal choice's net points for ``seat``'s side on this very deal, every card face up
    (the solver; declarations still to come made the club player's way). Empty when the solver
    cannot say. A figure of hindsight: never a grade."""
    try:
        if before.phase is Phase.PLAY:
            return {a: float(net_points(before, int(t), seat)) for a, t in solve(before).cards.items()}
        if before.phase in (Phase.DISCARD, Phase.DEFEND):
            out = {}
            for action in before.legal_actions():
                after = settle_defence(before.apply(action))
                out[action] = float(net_points(after, int(makers_tricks(after)), seat))
            return out
    except EuchreError:
        return {}
    return {}


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


def _seat_graded(step: int, before: HandState, action: Action, seat: int) -> GradedDecision:
    view = view_of(before, seat)
    try:
        judged_values = judged(view)
    except EuchreError:
        return GradedDecision(step, before, action, "not graded: no layout fits this view")
    chosen = judged_values.of(action)
    if chosen is None:
        return GradedDecision(step, before, action, "not graded: no value for this choice")
    top = judged_values.best
    best_tricks = judged_values.of(top)
    top_tricks = best_tricks.tricks if best_tricks else 0.0

    def row(c: ChoiceValue) -> ChoiceRow:
        tricks_behind = max(0.0, top_tricks - c.tricks)
        if c.action == top or (c.loss <= _EPS and c.spread <= _EPS and tricks_behind <= _EPS):
            grade = "best"  # the best, or the same result on every layout
        else:
            grade = "good" if c.tied else grade_for(max(0.0, c.loss), tricks_behind)
        tied = c.action != top and c.tied
        return ChoiceRow(c.action, c.points, grade, max(0.0, c.loss), c.spread, tricks_behind, tied)

    ranked = sorted(judged_values.ranked, key=lambda c: c.action != top)  # the best first
    rows = tuple(row(c) for c in ranked)
    grade = next(r.grade for r in rows if r.choice == action)
    if grade == "best":
        reason = choice_reason(view, action)
    elif grade == "good":  # within the tie of the best, or a small loss: the best and this, compared
        tied = any(r.tied for r in rows if r.choice == action)
        reason = tie_reason(view, action, top) if tied else mistake_reason(view, action, top)
    else:
        reason = mistake_reason(view, action, top)
    return GradedDecision(
        step,
        before,
        action,
        SEAT_SOURCE.format(n=judged_values.deals),
        rows,
        POINTS,
        tuple(hindsight_values(before, seat).items()),
        reason,
    )


@lru_cache(maxsize=512)
def grade_decision(
    step: int,
    before: HandState,
    action: Action,
    seat: int = LEARNER,
    score: SeatScore | None = None,
    table: str = DEFAULT_TABLE,
) -> GradedDecision:
    """Grade one decision (memoised: a page may grade it in the background as soon as it is
    made). ``score``, the game score the hand was dealt at, ranks bids by the chance of
    winning the game (plays are judged by the hand's points either way); ``table`` is the
    table whose best response grades a bid."""
    legal = before.legal_actions()
    if len(legal) == 1:
        return GradedDecision(step, before, action, "the only legal choice")
    if before.phase in (Phase.PLAY, Phase.DISCARD, Phase.DEFEND):
        return _seat_graded(step, before, action, seat)
    return _bid_graded(step, before, action, seat, score, table)


def _bid_graded(
    step: int, before: HandState, action: Action, seat: int, score: SeatScore | None, table: str
) -> GradedDecision:
    """A bid graded by the analyzer's figures (``view_robust``), in points or, at a game score, in
    the chance of winning the game converted at what a point is worth."""
    robust = bid_robust(before, seat, score, table)
    if robust is None:
        return GradedDecision(step, before, action, "not graded: no bidding analysis for this decision")
    values = robust.analysis.values()
    source = ANALYZER_SOURCE
    unit, scale = POINTS, 1.0  # scale: what one point of loss is in ``unit``
    if robust.analysis.by_win_chance and score is not None:
        unit, scale = WIN_CHANCE, point_value(before.rules) or 1.0
        source = ANALYZER_WIN_SOURCE.format(us=score[0], them=score[1])
    if action not in values:
        return GradedDecision(step, before, action, "not graded: no value for this choice")
    top = (
        robust.analysis.recommendation
        if robust.analysis.recommendation in values
        else max(values, key=values.__getitem__)
    )
    ties = bid_ties(robust, values)

    def row(choice: Action) -> ChoiceRow:
        behind = max(0.0, values[top] - values[choice])
        tied = choice != top and choice in ties
        if tied:  # worth the same as the best within the figures' uncertainty: never a mistake
            grade = "good"
        elif choice == top or behind <= _EPS:
            grade = "best"
        else:
            grade = grade_for(behind / scale)
        return ChoiceRow(choice, values[choice], grade, behind, tied=tied)

    others = sorted((b for b in values if b != top), key=lambda b: -values[b])
    rows = tuple(row(b) for b in (top, *others))
    grade = next(r.grade for r in rows if r.choice == action)
    if action != top and action in ties:
        source = (
            f"{source}; too close to call: {_worth(values[action], unit)} against "
            f"{_worth(values[top], unit)} for the best, against {DESCRIBED[robust.table]}"
        )
    view = view_of(before, seat)
    if grade == "best":
        reason = bid_reason(view, robust, score, table)
    else:  # the better bid against the learner's, each with its figures
        reason = compare_bids(view, robust.analysis, action, top)
        if action != top and action in ties:
            reason = f"Too close to call: {gerund(action)} does as well as {gerund(top)} within the figures. {reason}"
    return GradedDecision(step, before, action, source, rows, unit, (), reason)


def prepare_grade(
    before: HandState, seat: int = LEARNER, score: SeatScore | None = None, table: str = DEFAULT_TABLE
) -> None:
    """Work out ahead, while ``seat`` thinks at ``before``, the figures that grading any of its
    choices reads (the seat's valuation of every choice, or the bid analysis: both remembered), so
    that ``grade_decision`` of the choice made is quick. The grade is the same either way."""
    if before.to_act != seat or len(before.legal_actions()) < 2:
        return
    if before.phase in (Phase.PLAY, Phase.DISCARD, Phase.DEFEND):
        try:
            judged(view_of(before, seat))
        except EuchreError:
            pass
        return
    bid_robust(before, seat, score, table)
    if before.phase is Phase.BID1:  # the hand's luck is valued here too (``skill.luck_of``, at hand end)
        skill.hand_value(before, seat)


def warm_grader() -> None:
    """Load everything grading runs (the modules, the compiled code from its cache) by grading a bid
    and a card of one fixed deal: a background grader's first real grade is then as quick as any."""
    rules = Rules()
    state = deal(rules, dealer=3, rng=random.Random(0))
    order = state.legal_actions()[1]  # the first seat orders up: the hand is played
    grade_decision(0, state, order, LEARNER, (0, 0))
    state = state.apply(order)
    while not (state.phase is Phase.PLAY and state.to_act == LEARNER):
        state = state.apply(state.legal_actions()[0])
    grade_decision(len(state.history), state, state.legal_actions()[0], LEARNER, (0, 0))


def bid_reason(view: SeatView, robust: Robust, score: SeatScore | None, table: str) -> str:
    """The analyzer's explanation of its recommended bid, in its first two sentences."""
    try:
        lines = explain(view, robust.analysis, score, table)
    except EuchreError:
        lines = []
    return " ".join(lines[:2])


def _worth(value: float, unit: str, signed: bool = True) -> str:
    """A value in the grade's unit: "+0.41" (points) or "+3.2% chance of winning"."""
    if unit == WIN_CHANCE:
        return f"{100 * value:{'+' if signed else ''}.1f}% chance of winning"
    return f"{value:{'+' if signed else ''}.2f}"


def grade_hand(
    hand: HandState, seat: int = LEARNER, score: SeatScore | None = None, table: str = DEFAULT_TABLE
) -> tuple[GradedDecision, ...]:
    """Grade every decision ``seat`` made in a finished (or partly played) hand, dealt at the
    game ``score`` when one is given, bids against ``table``."""
    return tuple(
        grade_decision(step, before, action, seat, score, table)
        for step, before, action in learner_decisions(hand, seat)
    )


def hand_facts(
    hand: HandState,
    game_number: int,
    hand_number: int,
    record: dict[str, Any],
    grades: tuple[GradedDecision, ...],
    seat: int = LEARNER,
    learner: str | None = None,
    luck: tuple[float | None, str | None] | None = None,
) -> HandRow:
    """What the statistics need to know about one finished hand, from ``seat``'s side (``learner``:
    whose hand it is, for the skill figure per learner): the grades, each real decision's points
    lost by kind and the luck of the cards dealt, or why it has none (``practice.skill.luck_of``;
    ``luck``: its answer worked out already, where the grades were)."""
    points = hand.points
    mine = hand.is_maker_side(seat) if hand.maker is not None else False
    made = None if hand.maker is None else hand.maker_tricks >= 3
    opponents = [p for s, p in enumerate(points) if s != seat and not _same_side(hand, s, seat)]
    luck_figure, no_luck = skill.luck_of(grades, seat) if luck is None else luck
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
        decisions=skill.decision_facts(grades),
        luck=luck_figure,
        learner=learner,
        no_luck=no_luck,
    )


def _same_side(hand: HandState, a: int, b: int) -> bool:
    return hand.rules.players == 4 and same_side(4, a, b)
