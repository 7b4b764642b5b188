"""Coaching: the hint at a decision, and what the expert would have done in the learner's seat.

A hint sees only what the learner sees (``view_of``), and it reads the very figures the review
grades by, so following the hint is never graded worse than "best":

- bids: the analyzer (``practice.review.view_robust``, the same analysis, at the same game score
  and against the same table, that grades the bid); the club player's when the analyzer has no
  analysis for the decision, and the hint says whose advice it is;
- plays, discards and the choice to defend alone: the seat's own valuation
  (``engine.search.seat_values.judged``, the one the review grades with).

Each hint says why in Euchre words (``reason``); the figures behind it are a second line
(``figures``). "What the expert would have done" is the same advice at each of the learner's
decisions (``CoachPlayer``), and the hand played again from the deal with it in the learner's seat.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from engine.analysis.card_reasons import choice_reason
from engine.analysis.explain import gerund, win_against
from engine.analysis.robust import DESCRIBED
from engine.analysis.sampler import BIDDING_PHASES
from engine.analysis.tables import DEFAULT_TABLE
from engine.core.actions import Action
from engine.core.errors import EuchreError
from engine.core.game import new_game, sides
from engine.core.hand import HandState, from_cards
from engine.core.seats import LEARNER
from engine.core.view import SeatView, view_of
from engine.players.base import Decision
from engine.players.club import ClubPlayer
from engine.players.evaluate import Score
from engine.search.registry import told_the_score
from engine.search.seat_values import judged
from practice.review import SeatScore, bid_reason, learner_decisions, view_robust
from practice.session import Decider, Memo, PlayerFactory, Session, default_players, play_out
from practice.table_text import join_reason

COACH = "coach"  # the level name of the advice in the learner's seat when the hand is played again
EXPERT_ADVICE = "Expert player's advice"
CLUB_ADVICE = "Club player's advice"


@dataclass(frozen=True, slots=True)
class Hint:
    action: Action
    reason: str  # why, in Euchre words
    source: str  # whose advice: "Expert player's advice", "Analyzer", ...
    figures: str = ""  # the numbers behind it, for a second line

    def __str__(self) -> str:
        """'Expert player's advice: play KD: the only legal choice.' (one sentence, however the
        reason begins)."""
        return f"{self.source}: {join_reason(str(self.action), self.reason)}"


def _choice_name(action: Action) -> str:
    """A choice as the figures line names it: 'the Q♦', 'passing', 'ordering up alone'."""
    return f"the {action.card.short}" if action.card is not None else gerund(action)


def advise(view: SeatView, score: SeatScore | None = None, table: str = DEFAULT_TABLE) -> Hint:
    """The advice for the seat to act at ``view`` (its own seat): see the module docstring."""
    if not view.legal or view.to_act != view.seat:
        raise EuchreError("a hint is for your own turn")
    if len(view.legal) == 1:
        return Hint(view.legal[0], "the only legal choice", EXPERT_ADVICE)
    if view.phase in BIDDING_PHASES:
        robust = view_robust(view, score, table)
        if robust is None:
            club = ClubPlayer().decide(view, random.Random(0))
            return Hint(club.action, club.reason, CLUB_ADVICE)
        a = robust.analysis
        reason = (
            bid_reason(view, robust, score, table)
            or f"the best expected points of the {len(a.options)} choices"
        )
        realistic = a.option(a.recommendation).realistic
        figures = (
            f"{realistic.ev:+.2f} points a hand on average against {DESCRIBED[robust.table]} ({a.n:,} deals)"
        )
        if a.runner_up is not None:
            if a.by_win_chance:
                figures += f"; {win_against(a)}"
            else:
                figures += f"; {a.margin:.2f} points a hand ahead of {_choice_name(a.runner_up)}"
        return Hint(a.recommendation, reason, "Analyzer", figures)
    values = judged(view)
    best = values.of(values.best)
    assert best is not None
    figures = (
        f"{best.points:+.2f} points for your side on average over {values.deals} layouts of the hidden cards"
    )
    nxt = next((c for c in values.ranked if c.action != values.best), None)
    if nxt is not None:
        close = " (too close to call)" if nxt.tied else ""
        figures += (
            f"; next best {_choice_name(nxt.action)}, {nxt.loss:.2f} points behind "
            f"(give or take {nxt.spread:.2f}){close}"
        )
    return Hint(values.best, choice_reason(view, values.best), EXPERT_ADVICE, figures)


def hint(
    hand: HandState, seat: int = LEARNER, score: SeatScore | None = None, table: str = DEFAULT_TABLE
) -> Hint:
    """The recommended action for ``seat`` now and a one-line reason. ``score`` (the game score
    the hand was dealt at, ``seat``'s side first) ranks bids by the chance of winning, as the
    review's grade and the analyzer do; ``table`` is the table whose best response it advises."""
    if hand.to_act != seat:
        raise EuchreError("a hint is for your own turn")
    return advise(view_of(hand, seat), score, table)


@dataclass(frozen=True, slots=True)
class CoachPlayer:
    """A player that decides as the hints advise (``advise``), at the game score it is told."""

    table: str = DEFAULT_TABLE
    score: Score | None = None

    def with_score(self, score: Score | None) -> CoachPlayer:
        return replace(self, score=score)

    def decide(self, view: SeatView, rng: random.Random) -> Decision:
        score = None if self.score is None else (self.score.ours, self.score.theirs)
        advice = advise(view, score, self.table)
        return Decision(advice.action, advice.reason)


@dataclass(frozen=True, slots=True)
class ExpertComparison:
    level: str
    choices: tuple[tuple[int, Action, Action, str], ...]  # (step, yours, theirs, their reason)
    hand: HandState  # the hand played again with that level in your seat
    your_points: int
    their_points: int


def expert_in_your_seat(
    session: Session,
    game_number: int,
    hand_number: int,
    hand: HandState,
    players: PlayerFactory = default_players,
    memo: Memo | None = None,
    scores: tuple[int, ...] | None = None,
    table: str = DEFAULT_TABLE,
) -> ExpertComparison:
    """At each of your decisions, what the expert would have chosen (the hint's advice, from your
    seat's view); and the whole hand played again from the deal with that advice in your seat
    (the others keep their levels and seeds). ``scores`` (per side, when the hand was dealt) is
    the game score everyone is told, as in the hand itself; 0-0 when not given."""
    scores = scores if scores is not None else (0,) * sides(session.rules)
    coach = told_the_score(CoachPlayer(table), session.rules, scores, LEARNER)
    choices = []
    for step, before, action in learner_decisions(hand, LEARNER):
        decision = coach.decide(view_of(before, LEARNER), random.Random(0))
        choices.append((step, action, decision.action, decision.reason))
    opening = from_cards(hand.rules, hand.dealer, hand.dealt, hand.upcard, hand.kitty)
    game = new_game(session.rules, session.seed)
    game = replace(
        game,
        hand=opening,
        dealer=hand.dealer,
        game_number=game_number,
        hand_number=hand_number,
        scores=scores,
    )

    def seat_players(level: str) -> Decider:
        return CoachPlayer(table) if level == COACH else players(level)

    levels = (COACH,) + session.levels[1:]
    again = play_out(session, game, levels, seat_players, memo)
    return ExpertComparison("expert", tuple(choices), again, hand.points[LEARNER], again.points[LEARNER])
