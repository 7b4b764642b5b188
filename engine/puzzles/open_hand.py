"""Open-hand puzzles (as Bridge Master's problems): every hand face up, a goal, solved exactly.

The learner plays seat 0 (``LEARNER``) from a position in the play. The goal is a number of
tricks for the learner's side, in words (``GOALS``): the makers "make 3 tricks" or "take all
five", the defenders "euchre them" (three tricks) or "stop the march" (one trick, against a loner
or a side that could take all five). A move is **right** when the goal stays reachable against
any defence: with best play by every seat afterwards (``engine.compiled.solver``) the learner's
side still takes the goal's tricks. The other seats answer with best play (``reply``): the
opponents hold the learner's side to as few tricks as they can, the partner helps it to as many
(among equally good cards, the one the club player would choose). A wrong move is shown the
defence that beats it (``refutation``): best play by every seat from there.

A position makes a puzzle (``open_puzzle``) when a goal is still to reach and reachable, some
legal move loses it (a wrong first move exists), the right moves are few (at most half the
choices, at least one wrong), and the main line (the learner's right moves, the club player's
card among them when it is one, against the best defence) takes 2 to 4 of the learner's moves
to reach the goal (``MIN_MOVES``..``MAX_MOVES``), two of them at least with a card that loses it
(``MIN_DECISIONS``: not one choice and then moves that cannot go wrong). The problem holds the whole deal
(``Problem.position``), the first move's choices, the right ones and each choice's tricks for the
learner's side with best play after it (unit "tricks").

A page plays an open puzzle with ``goal_tricks`` (the goal's number of tricks), ``right_moves``
(is the learner's move right?), ``reply`` (the other seats' answers, up to the learner's next
turn) and ``refutation`` (after a wrong move, the line that beats it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.analysis.card_reasons import choice_reason, mistake_reason
from engine.analysis.tables import DEFAULT_TABLE, table_for
from engine.compiled.solver import solve
from engine.core.actions import Action
from engine.core.hand import TRICKS, HandState, Phase
from engine.core.problem import Problem
from engine.core.view import SeatView, view_of
from engine.puzzles.bank import Puzzle
from engine.puzzles.rating import TRICK_SCALE, logit_right, rating_for, wrong_chance
from engine.puzzles.rule_sets import LEARNER
from engine.puzzles.themes import reason_themes, risk_themes, seat_facts

# A goal's words -> (the learner's side is the makers?, the tricks it needs in all), the goals of
# each side in the order a position is tried for them.
GOALS: dict[str, tuple[bool, int]] = {
    "take all five": (True, 5),
    "make 3 tricks": (True, 3),
    "euchre them": (False, 3),
    "stop the march": (False, 1),
}
GOAL_THEMES = {
    "take all five": "march",
    "make 3 tricks": "make-it",
    "euchre them": "euchre-them",
    "stop the march": "stop-the-march",
}
MIN_MOVES, MAX_MOVES = 2, 4
MIN_DECISIONS = 2  # of the learner's moves on the main line, at least this many have a wrong card
OPEN_SOURCE = "the solver: every card face up, best play by every seat after each card"


class GoalError(ValueError):
    """A goal that is not one of GOALS."""


def goal_tricks(goal: str) -> int:
    """The tricks the learner's side needs in all (tricks already won included) for ``goal``."""
    if goal not in GOALS:
        raise GoalError(f"a goal is one of: {', '.join(GOALS)}; got {goal!r}")
    return GOALS[goal][1]


def side_won(state: HandState, seat: int) -> int:
    """The tricks ``seat``'s side has won so far."""
    makers = state.maker_tricks
    return makers if state.is_maker_side(seat) else len(state.tricks) - makers


def move_values(state: HandState, seat: int = LEARNER) -> dict[Action, int]:
    """Each legal card of the seat to move: ``seat``'s side's tricks in all with best play after it."""
    cards = solve(state).cards
    if state.is_maker_side(seat):
        return dict(cards)
    return {a: TRICKS - t for a, t in cards.items()}


def right_moves(state: HandState, target: int, seat: int = LEARNER) -> tuple[Action, ...]:
    """The learner's moves that keep ``target`` tricks for its side reachable against any defence,
    best first (most tricks, then the hand's order)."""
    values = move_values(state, seat)
    good = [a for a in values if values[a] >= target]
    return tuple(sorted(good, key=lambda a: -values[a]))


def _preferred(state: HandState, candidates: Sequence[Action]) -> Action:
    """Among equally good cards, the club player's when it is one of them, else the first."""
    assert state.to_act is not None
    habit = table_for(DEFAULT_TABLE, state.rules).player().act(view_of(state, state.to_act))
    return habit if habit in candidates else candidates[0]


def best_move(state: HandState, seat: int = LEARNER) -> Action:
    """The move best play gives the seat to act: the most tricks for its own side (for ``seat``'s
    partner: the most for ``seat``'s side; for an opponent: the fewest)."""
    values = move_values(state, seat)
    assert state.to_act is not None
    ours = state.is_maker_side(state.to_act) == state.is_maker_side(seat)
    top = max(values.values()) if ours else min(values.values())
    return _preferred(state, [a for a, v in values.items() if v == top])


def reply(state: HandState, seat: int = LEARNER) -> tuple[HandState, tuple[tuple[int, Action], ...]]:
    """The other seats' best play from ``state`` until ``seat`` is to move again or the hand is over:
    the state then, and the moves made (seat, action)."""
    made: list[tuple[int, Action]] = []
    while state.phase is Phase.PLAY and state.to_act != seat:
        assert state.to_act is not None
        move = best_move(state, seat)
        made.append((state.to_act, move))
        state = state.apply(move)
    return state, tuple(made)


def refutation(state: HandState, move: Action, seat: int = LEARNER) -> tuple[tuple[int, Action], ...]:
    """After ``move`` by ``seat``, best play by every seat to the end of the hand: for a wrong move,
    the defence that beats it (the learner's side playing its best all the same)."""
    state = state.apply(move)
    made: list[tuple[int, Action]] = []
    while state.phase is Phase.PLAY:
        assert state.to_act is not None
        best = best_move(state, seat)
        made.append((state.to_act, best))
        state = state.apply(best)
    return tuple(made)


@dataclass(frozen=True, slots=True)
class Line:
    """The main line of an open puzzle: the learner's moves to the goal against the best defence."""

    moves: int  # the learner's moves until the goal is reached
    decisions: int  # of them, the moves where some legal card loses the goal
    right_chance: float  # the logit rule's chance of choosing right at every one of them


def main_line(state: HandState, target: int, seat: int = LEARNER) -> Line | None:
    """Play the learner's right moves (the club player's card when it is right, else the best)
    against the best defence until the side has ``target`` tricks; None if the goal is lost or
    not reached (never, when the first position's goal is reachable)."""
    moves = decisions = 0
    chance = 1.0
    while state.phase is Phase.PLAY and side_won(state, seat) < target:
        if state.to_act != seat:
            state, _ = reply(state, seat)
            continue
        values = move_values(state, seat)
        right = [a for a, v in values.items() if v >= target]
        if not right:
            return None
        legal = list(values)
        moves += 1
        if len(right) < len(legal):
            decisions += 1
            chance *= logit_right(
                [float(values[a]) for a in legal], [legal.index(a) for a in right], TRICK_SCALE
            )
        state = state.apply(_preferred(state, right))
    return Line(moves, decisions, chance) if side_won(state, seat) >= target else None


def club_reaches(state: HandState, target: int, seat: int = LEARNER) -> bool:
    """Does the club player, playing the learner's seat from its own view, reach the goal against
    the best defence?"""
    club = table_for(DEFAULT_TABLE, state.rules).player()
    while state.phase is Phase.PLAY and side_won(state, seat) < target:
        if state.to_act != seat:
            state, _ = reply(state, seat)
            continue
        state = state.apply(club.act(view_of(state, seat)))
    return side_won(state, seat) >= target


def _few(right: int, legal: int) -> bool:
    """At least one wrong move, and at most half the choices right (one of two, three)."""
    return 1 <= right < legal and right <= max(1, legal // 2)


def _names(actions: Sequence[Action]) -> str:
    names = [f"the {'joker' if a.card.is_joker else a.card.short}" for a in actions if a.card is not None]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def open_reason(
    state: HandState, goal: str, values: dict[Action, int], right: Sequence[Action], tempting: Action
) -> str:
    """Why the right card is right: the seat's reason for it (card_reasons), then what the solver
    says of the right and the wrong cards, in tricks."""
    view = view_of(state, LEARNER)
    target = goal_tricks(goal)
    wrong = [a for a in values if a not in right]
    held = max(values[a] for a in wrong)
    keeps = "keeps" if len(right) == 1 else "keep"
    lets = "lets" if len(wrong) == 1 else "let"
    alone = state.maker == LEARNER and state.alone or state.lone_defender == LEARNER
    side = "you" if state.players == 2 or alone else "your side"
    most = "" if all(values[a] == held for a in wrong) else "at most "
    trick = "trick" if held == 1 else "tricks"
    return (
        f"{choice_reason(view, right[0])} With every card face up, {_names(right)} {keeps} the goal "
        f"({goal}: {target} {'trick' if target == 1 else 'tricks'}) within reach against any defence; "
        f"{_names(wrong)} {lets} the best defence hold {side} to {most}{held} {trick}."
    ) + (f" {_risk(view, tempting, right[0])}" if tempting in wrong else "")


def _risk(view: SeatView, tempting: Action, best: Action) -> str:
    """The risk ``mistake_reason`` names for ``tempting`` (without its general fallback), or ''."""
    text = mistake_reason(view, tempting, best)
    better = choice_reason(view, best)
    risk = text[: -len(better)].strip() if text.endswith(better) else ""
    return "" if risk.endswith("on most layouts of the hidden cards.") else risk


def open_puzzle(state: HandState, preset: str) -> Puzzle | None:
    """The open-hand puzzle at ``state`` (the learner, seat 0, to play), or None (see the module)."""
    if state.phase is not Phase.PLAY or state.to_act != LEARNER or state.maker is None:
        return None
    values = move_values(state)
    if len(values) < 2:
        return None
    makers = state.is_maker_side(LEARNER)
    won, top = side_won(state, LEARNER), max(values.values())
    for goal, (for_makers, target) in GOALS.items():
        if for_makers != makers or won >= target or top < target:
            continue
        right = tuple(sorted((a for a in values if values[a] >= target), key=lambda a: -values[a]))
        if not _few(len(right), len(values)):
            continue
        line = main_line(state, target)
        if line is None or not MIN_MOVES <= line.moves <= MAX_MOVES or line.decisions < MIN_DECISIONS:
            continue
        return _make(state, preset, goal, values, right, line)
    return None


def _make(
    state: HandState, preset: str, goal: str, values: dict[Action, int], right: tuple[Action, ...], line: Line
) -> Puzzle:
    view = view_of(state, LEARNER)
    legal = list(values)
    club = table_for(DEFAULT_TABLE, state.rules).player().act(view)
    wrong = [a for a in legal if a not in right]
    tempting = club if club in wrong else max(wrong, key=lambda a: values[a])
    best_reason = choice_reason(view, right[0])
    themes = (
        GOAL_THEMES[goal],
        *seat_facts(view),
        *reason_themes(best_reason),
        *risk_themes(mistake_reason(view, tempting, right[0])),
    )
    problem = Problem(
        view.to_text(),
        tuple(str(a) for a in legal),
        tuple(str(a) for a in right),
        tuple(float(values[a]) for a in legal),
        "tricks",
        OPEN_SOURCE,
        open_reason(state, goal, values, right, tempting),
        state.to_text(),
        goal,
    )
    club_wrong = 0.0 if club_reaches(state, goal_tricks(goal)) else 1.0
    rating = rating_for(wrong_chance(club_wrong, line.right_chance))
    return Puzzle.make("open", problem, tuple(dict.fromkeys(themes)), rating, preset, line.moves)


def recheck(puzzle: Puzzle) -> bool:
    """Does the solver, asked again from the puzzle's whole deal, find the same right moves?"""
    state = HandState.from_text(puzzle.problem.position)
    right = right_moves(state, goal_tricks(puzzle.problem.goal))
    return set(map(str, right)) == set(puzzle.problem.right)


__all__ = [
    "GOALS",
    "GOAL_THEMES",
    "MAX_MOVES",
    "MIN_DECISIONS",
    "MIN_MOVES",
    "OPEN_SOURCE",
    "GoalError",
    "Line",
    "best_move",
    "club_reaches",
    "goal_tricks",
    "main_line",
    "move_values",
    "open_puzzle",
    "open_reason",
    "recheck",
    "refutation",
    "reply",
    "right_moves",
    "side_won",
]
