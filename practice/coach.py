"""Coaching: the hint at a decision, and what the expert would have done in the learner's seat.

A hint sees only what the learner sees (``view_of``). Bids are advised by the
analyzer when it is installed (``engine.analysis.bidding``, the same analysis, at the
same game score, that grades the bid), otherwise by the club player, and the hint says
whose advice it is. Plays, discards and the choice to defend alone (graded by the solver,
not the analyzer) are advised by the strongest installed player (expert, else club).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from engine.analysis.explain import explain
from engine.analysis.styles import DEFAULT_STYLE
from engine.core.actions import Action
from engine.core.errors import EuchreError
from engine.core.game import new_game, sides
from engine.core.hand import HandState, Phase, from_cards
from engine.core.view import view_of
from engine.search.registry import told_the_score
from practice.review import SeatScore, bid_analysis, learner_decisions
from practice.session import LEARNER, Memo, PlayerFactory, Session, default_players, play_out
from practice.table import join_reason

BID_PHASES = (Phase.BID1, Phase.BID2, Phase.NAME)  # the analyzer's; defending alone is not a bid it values
_TITLES = {"beginner": "Beginner player", "club": "Club player", "expert": "Expert player"}


@dataclass(frozen=True, slots=True)
class Hint:
    action: Action
    reason: str
    source: str  # whose advice: "Club player's advice", "Analyzer", ...

    def __str__(self) -> str:
        """'Expert player's advice: play KD: the only legal choice.' (one sentence, however the
        reason begins)."""
        return f"{self.source}: {join_reason(str(self.action), self.reason)}"


def _hint_rng(session: Session, hand: HandState) -> random.Random:
    return random.Random(f"hint:{session.seed}:{hand.dealer}:{hand.dealt}:{len(hand.history)}")


def _analyzer_hint(hand: HandState, seat: int, score: SeatScore | None, table: str) -> Hint | None:
    analysis = bid_analysis(hand, seat, score, table)
    if analysis is None:
        return None
    try:
        lines = explain(view_of(hand, seat), analysis, score, table)
    except EuchreError:
        lines = []
    reason = " ".join(lines[:2]) if lines else f"the best expected points of the {len(analysis.options)} choices"
    return Hint(analysis.recommendation, reason, "Analyzer")


def hint(
    session: Session, hand: HandState, seat: int = LEARNER, players: PlayerFactory = default_players,
    score: SeatScore | None = None, table: str = DEFAULT_STYLE,
) -> Hint:
    """The recommended action for ``seat`` now and a one-line reason. ``score`` (the game score
    the hand was dealt at, ``seat``'s side first) ranks bids by the chance of winning, as the
    review's grade and the analyzer do; ``table`` is the table whose best response it advises."""
    if hand.to_act != seat:
        raise EuchreError("a hint is for your own turn")
    if hand.phase in BID_PHASES:
        advice = _analyzer_hint(hand, seat, score, table)
        if advice is not None:
            return advice
        level = "club"
    else:
        level = "expert"
    decision = players(level).decide(view_of(hand, seat), _hint_rng(session, hand))
    return Hint(decision.action, decision.reason, f"{_TITLES[level]}'s advice")


@dataclass(frozen=True, slots=True)
class ExpertComparison:
    level: str
    choices: tuple[tuple[int, Action, Action, str], ...]  # (step, yours, theirs, their reason)
    hand: HandState  # the hand played again with that level in your seat
    your_points: int
    their_points: int


def expert_in_your_seat(
    session: Session, game_number: int, hand_number: int, hand: HandState,
    players: PlayerFactory = default_players, memo: Memo | None = None, scores: tuple[int, ...] | None = None,
) -> ExpertComparison:
    """At each of your decisions, what the expert would have chosen; and the whole hand played
    again from the deal with the expert in your seat (the others keep their levels and seeds).
    ``scores`` (per side, when the hand was dealt) is the game score everyone is told, as in
    the hand itself; 0-0 when not given."""
    level = "expert"
    scores = scores if scores is not None else (0,) * sides(session.rules)
    player = told_the_score(players(level), session.rules, scores, LEARNER)
    choices = []
    for step, before, action in learner_decisions(hand, LEARNER):
        decision = player.decide(view_of(before, LEARNER), _hint_rng(session, before))
        choices.append((step, action, decision.action, decision.reason))
    opening = from_cards(hand.rules, hand.dealer, hand.dealt, hand.upcard, hand.kitty)
    game = new_game(session.rules, session.seed)
    game = replace(game, hand=opening, dealer=hand.dealer, game_number=game_number, hand_number=hand_number,
                   scores=scores)
    levels = (level,) + session.levels[1:]
    again = play_out(session, game, levels, players, memo)
    return ExpertComparison(level, tuple(choices), again, hand.points[LEARNER], again.points[LEARNER])
