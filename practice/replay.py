"""Replaying a finished hand step by step, like a chess game, and choosing the learner's costliest
decisions to learn from ("learn from your mistakes": ``practice.deck`` asks them again).

Everything here is pure (no Streamlit): the steps are replayed from the deal with the engine,
described by ``engine.core.narration.describe``, and the learner's decisions carry the grades the page
already has (``practice.review.grade_hand``); nothing is graded a second time.

>>> from engine.core.cards import parse_card, parse_cards
>>> from engine.core.hand import from_cards
>>> from engine.core.rules import Rules
>>> hands = [parse_cards(t) for t in ("JH JD AH KH QH", "AC KC QC JC TC", "AS KS QS JS TS", "AD KD QD TD 9D")]
>>> hand = from_cards(Rules(), 3, hands, parse_card("9H"), parse_cards("9C 9S TH")).apply("order")
>>> r = replay(hand)
>>> len(r), r.steps[0].text
(1, 'South orders up the nine of hearts: hearts are trump.')
>>> r.at(1).phase.value
'discard'
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from engine.analysis.wintable import point_value, win_chance
from engine.core.actions import Action, Kind
from engine.core.game import GameState, seat_score, side_of, side_points
from engine.core.hand import HandState, Phase, from_cards
from engine.core.narration import describe
from engine.core.rules import Rules
from engine.core.seat_text import replay_view
from engine.core.seats import LEARNER, seat_name
from practice.review import POINTS, WIN_CHANCE, GradedDecision

COSTLY = ("mistake", "blunder")  # the grades "learn from your mistakes" lists first
MILD = "inaccuracy"  # listed only when the hand has nothing worse


@dataclass(frozen=True, slots=True)
class Step:
    """One action of the hand: the position before it, who acted, what they did, in a sentence,
    and (for the learner's decisions) its grade."""

    index: int  # into the hand's history
    before: HandState
    seat: int
    action: Action
    text: str
    grade: GradedDecision | None = None  # the learner's graded decision (None for the others)


@dataclass(frozen=True, slots=True)
class Replay:
    """A finished hand as a list of steps. Position ``i`` (0 .. len) is the table before step ``i``;
    position ``len`` is the hand as it ended."""

    hand: HandState
    steps: tuple[Step, ...]

    def __len__(self) -> int:
        return len(self.steps)

    def at(self, i: int) -> HandState:
        """The position before step ``i`` (clamped to 0 .. len; len is the end of the hand)."""
        i = clamp(i, len(self.steps))
        return self.hand if i == len(self.steps) else self.steps[i].before

    def played(self, i: int) -> tuple[Step, ...]:
        """The steps already taken at position ``i``."""
        return self.steps[: clamp(i, len(self.steps))]


def clamp(i: int, last: int) -> int:
    """``i`` held within 0 .. ``last``."""
    return max(0, min(int(i), last))


def replay(hand: HandState, grades: tuple[GradedDecision, ...] = (), seat: int = LEARNER) -> Replay:
    """The hand's steps replayed from the deal, ``grades`` (``grade_hand``'s, for ``seat``) attached
    to the learner's decisions by their step."""
    by_step = {g.step: g for g in grades}
    state = from_cards(hand.rules, hand.dealer, hand.dealt, hand.upcard, hand.kitty)
    steps = []
    for index, (who, action) in enumerate(hand.history):
        grade = by_step.get(index) if who == seat else None
        steps.append(Step(index, state, who, action, describe(state, action), grade))
        state = state.apply(action)
    return Replay(hand, tuple(steps))


def view_replay(text: str, grades: tuple[GradedDecision, ...] = ()) -> Replay:
    """The steps of a finished hand as one seat saw them, from its seat view of the hand as it ended
    (``engine.core.view.SeatView.to_text``: its own cards, the upcard, every bid and card played, a
    discard but its own face down), ``grades`` (the seat's) at its decisions. The other seats' hands
    in the positions are the engine's placeholders (``engine.core.seat_text.replay_view``), fit to be
    drawn only as backs; a hidden discard's sentence names no card. Raises PositionError."""
    final, seat = replay_view(text)
    head, _, actions = text.strip().rpartition("/") if text.count("/") == 4 else (text, "", "")
    words = actions.split(",") if actions else []
    by_step = {g.step: g for g in grades}
    steps = []
    for index, (who, action) in enumerate(final.history):
        before = replay_view(f"{head}/{','.join(words[:index])}" if index else head)[0]
        hidden = action.kind is Kind.DISCARD and who != seat
        said = (
            f"{seat_name(before.players, who)} discards a card face down."
            if hidden
            else describe(before, action)
        )
        steps.append(Step(index, before, who, action, said, by_step.get(index) if who == seat else None))
    return Replay(final, tuple(steps))


def hand_id(hand: HandState) -> str:
    """A short identity of a hand (its deal and every action): two hands never share a viewer."""
    text = repr((hand.rules, hand.dealer, hand.dealt, hand.upcard, hand.kitty, hand.history))
    return hashlib.sha1(text.encode(), usedforsecurity=False).hexdigest()[:12]


# ---- learn from your mistakes ----------------------------------------------------------------


def points_lost(g: GradedDecision) -> float:
    """A grade's loss in points (a loss in chance of winning converted as the grade converts it)."""
    if g.unit == WIN_CHANCE:
        return g.loss / (point_value(g.before.rules) or 1.0)
    return g.loss


def costliest(grades: tuple[GradedDecision, ...]) -> tuple[GradedDecision, ...]:
    """The decisions to learn from: the mistakes and blunders, costliest first (the earlier on a
    tie); the inaccuracies only when the hand has nothing worse; none when all were fine."""
    worst = [g for g in grades if g.grade in COSTLY] or [g for g in grades if g.grade == MILD]
    return tuple(sorted(worst, key=lambda g: (-points_lost(g), g.step)))


# ---- the side's chance of winning over the game -----------------------------------------------


@dataclass(frozen=True, slots=True)
class Chance:
    """The learner's side's chance of winning the game at one point of it: at a hand's deal (``hand``
    1, 2, ...), or after the game's last finished hand (``hand`` = None)."""

    hand: int | None
    us: int
    them: int
    chance: float


def win_chances(game: GameState, seat: int = LEARNER) -> tuple[Chance, ...]:
    """The side's chance of winning the game (``engine.analysis.wintable.win_chance``, which knows who
    deals) at the deal of each finished hand of ``game`` and after the last: the engine's figure is
    per score and deal, not per decision. Empty without a table for the rules (cutthroat) or with
    no finished hand."""
    rules = game.rules
    if rules.players == 3 or not game.history:
        return ()
    mine = side_of(rules, seat)
    theirs = 1 - mine
    scores = list(game.scores)
    for hand in game.history:  # back to the score the game started at
        scores = [a - b for a, b in zip(scores, side_points(hand), strict=True)]
    out = []
    for number, hand in enumerate(game.history, start=1):
        chance = win_chance(rules, scores[mine], scores[theirs], side_of(rules, hand.dealer) == mine)
        if chance is None:
            return ()
        out.append(Chance(number, scores[mine], scores[theirs], chance))
        scores = [a + b for a, b in zip(scores, side_points(hand), strict=True)]
    next_dealer = (game.history[-1].dealer + 1) % rules.players
    chance = win_chance(rules, scores[mine], scores[theirs], side_of(rules, next_dealer) == mine)
    if chance is None:
        return ()
    out.append(Chance(None, scores[mine], scores[theirs], chance))
    return tuple(out)


# the engine figure behind a decision's chance of winning the game
SOLVED = "solver"  # a card (or discard, or defend-alone choice): this deal's result, every card face up (hindsight)
ANALYZED = "analyzer"  # a bid ranked by the chance of winning: the deal's chance plus the bid's change in it
AT_DEAL = "deal"  # a bid valued in points: no figure per bid; the chance at the deal, unchanged


@dataclass(frozen=True, slots=True)
class DecisionChance:
    """The learner's side's chance of winning the game right after one of the learner's decisions
    (``step``, into the hand's history), and the engine figure it comes from (``basis``): for
    ``SOLVED`` the game score after the hand as the solver would finish it (``us``, ``them``),
    otherwise the score at the deal."""

    step: int
    action: Action
    chance: float
    us: int
    them: int
    basis: str


def deal_chance(game: GameState, seat: int = LEARNER) -> Chance | None:
    """The side's chance of winning the game at the deal of ``game``'s current hand (the win table,
    at the score it was dealt at); None without a table (cutthroat)."""
    rules = game.rules
    if rules.players == 3:
        return None
    us, them = seat_score(rules, game.scores_at_deal, seat)
    chance = win_chance(rules, us, them, side_of(rules, game.hand.dealer) == side_of(rules, seat))
    return None if chance is None else Chance(game.hand_number + 1, us, them, chance)


def decision_chances(
    game: GameState, grades: tuple[GradedDecision, ...], seat: int = LEARNER
) -> tuple[DecisionChance, ...]:
    """The side's chance of winning the game after each of ``seat``'s graded decisions of ``game``'s
    current hand, in order, from the figures the grades already hold (nothing is computed again):

    - a card, a discard or the defend-alone choice: the side's net points for this very deal with
      every card face up from there on (``GradedDecision.hindsight``: the game's own course, not
      the grade); the hand's points go to the side that scores them and the win table gives the
      chance at that score, the next hand dealt;
    - a bid graded by the chance of winning: the chance at the deal plus the bid's change in it;
    - a bid graded in points: the chance at the deal, unchanged (``AT_DEAL``: no figure per bid).

    A decision without a value (not graded, the only legal choice) has no point. Empty without
    a win table (cutthroat)."""
    start = deal_chance(game, seat)
    if start is None:
        return ()
    return hand_decision_chances(game.rules, game.hand, start, grades, seat)


def hand_decision_chances(
    rules: Rules, hand: HandState, start: Chance, grades: tuple[GradedDecision, ...], seat: int = LEARNER
) -> tuple[DecisionChance, ...]:
    """``decision_chances`` for any hand of the game: ``hand`` dealt at ``start`` (its chance and
    score at the deal, as ``win_chances`` gives them for an earlier hand)."""
    us_next = side_of(rules, (hand.dealer + 1) % rules.players) == side_of(rules, seat)
    out = []
    for g in sorted(grades, key=lambda g: g.step):
        values = dict(g.values)
        if g.grade is None or g.action not in values:
            continue
        value = values[g.action]
        face_up = dict(g.hindsight)
        if g.before.phase in (Phase.PLAY, Phase.DISCARD, Phase.DEFEND):
            if g.action not in face_up:
                continue
            net = round(face_up[g.action])
            us, them = start.us + max(net, 0), start.them + max(-net, 0)
            chance = win_chance(rules, us, them, us_next)
            if chance is not None:
                out.append(DecisionChance(g.step, g.action, chance, us, them, SOLVED))
        elif g.unit == WIN_CHANCE:
            chance = min(1.0, max(0.0, start.chance + value))
            out.append(DecisionChance(g.step, g.action, chance, start.us, start.them, ANALYZED))
        elif g.unit == POINTS:
            out.append(DecisionChance(g.step, g.action, start.chance, start.us, start.them, AT_DEAL))
    return tuple(out)


__all__ = [
    "ANALYZED",
    "AT_DEAL",
    "Chance",
    "DecisionChance",
    "SOLVED",
    "deal_chance",
    "decision_chances",
    "hand_decision_chances",
    "win_chances",
    "Replay",
    "Step",
    "clamp",
    "costliest",
    "hand_id",
    "points_lost",
    "replay",
]
