"""One puzzle at the table: the position from the learner's seat, the learner's moves judged, the
other seats' answers, and the defence that beats a wrong move. No Streamlit: the page draws it.

**The table** (``start``): a puzzle's position turned so the learner sits South (seat 0), as every
table of the app is drawn (``turned``: the seats renumbered, nothing else changes). A seat puzzle
is its seat's view (``engine.core.seat_text.replay_view``: the hidden hands are placeholders, drawn
as backs); an open-hand puzzle is its whole deal (``Problem.position``), every card face up.

**The moves** (``progress``): a seat puzzle is one choice, judged by its problem (``Problem.right``:
the best and those worth the same within the figures' uncertainty). An open-hand puzzle takes up to
``Puzzle.moves`` of the learner's moves: the first judged by its problem, the later ones by the exact
solver (``engine.compiled.solver.solve``: per legal card the makers' tricks with perfect play); a move
is right when it keeps the goal (``Problem.goal``: "make 3 tricks", "take all five", "euchre them")
within reach against any defence. After a right move every other seat plays the solver's best card
for its side (the first such card in the order of the legal actions) until it is the learner's turn
again; a seat with one legal card plays it and the learner's forced cards are played for them.

**Tries** (as the mistake deck's quiz, ``practice.deck``): a wrong try asks to try again, once for the
whole puzzle; a second wrong try shows the answer. The puzzle is *solved* only when every move was
right at the first try: that is the result its rating takes (``Progress.result``), known at the
first wrong try or at the last right move. A wrong open-hand move is shown the defence that beats it
(``refutation``: best play for every seat from there to the last trick).

>>> turned("standard/3/?,?,JH-JD-AH-KS-9C,?/9H/pass,pass", 2)
'standard/1/JH-JD-AH-KS-9C,?,?,?/9H/pass,pass'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from engine.compiled.solver import solve
from engine.core.actions import Action
from engine.core.errors import EuchreError
from engine.core.hand import TRICKS, HandState, Phase
from engine.core.problem import Problem
from engine.core.seat_text import replay_view
from engine.core.seats import LEARNER, seat_name
from engine.puzzles.bank import Puzzle
from practice.review import settle_defence

TRIES = 2  # wrong tries in a whole puzzle before the answer is shown (the first asks to try again)
GOALS = {"take all five": TRICKS, "march": TRICKS, "euchre them": 3}
_TRICKS_GOAL = re.compile(r"(?:make|take|win) (\d) tricks?")


class PuzzleError(ValueError):
    """A puzzle that cannot be set at the table: its position does not read, or it does not fit
    its choices, its seat or its goal. The page leaves it out and says so."""


def turned(text: str, seat: int) -> str:
    """A position text (or a seat's view text) with every seat renumbered so that
    ``seat`` is seat 0: the dealer and the hands move round, the actions (which name no seat) stay."""
    parts = text.strip().split("/")
    if len(parts) < 4:
        raise PuzzleError("a position has four or five parts separated by '/'")
    hands = parts[2].split(",")
    n = len(hands)
    if not 0 <= seat < n or not parts[1].strip().isdigit():
        raise PuzzleError(f"seat {seat} is not a seat of this position")
    dealer = (int(parts[1]) - seat) % n
    parts[1] = str(dealer)
    parts[2] = ",".join(hands[(i + seat) % n] for i in range(n))
    return "/".join(parts)


def goal_tricks(goal: str) -> int:
    """The tricks the learner's side needs for an open-hand goal ("make 3 tricks": 3, "take all
    five": 5, "euchre them": 3). Raises PuzzleError for a goal it does not know."""
    text = " ".join(goal.lower().split())
    if text in GOALS:
        return GOALS[text]
    found = _TRICKS_GOAL.fullmatch(text)
    if found and 1 <= int(found.group(1)) <= TRICKS:
        return int(found.group(1))
    raise PuzzleError(f"a goal is 'make N tricks', 'take all five' or 'euchre them', not {goal!r}")


@dataclass(frozen=True, slots=True)
class Table:
    """A puzzle's position, turned: the learner is seat 0. ``open``: every hand is real and shown.
    ``befores``: the table before each action of its history (a seat's view cannot be replayed from
    its deal: its hidden hands are placeholders, so each is read from its text)."""

    state: HandState
    open: bool
    befores: tuple[HandState, ...] = ()


def _befores(text: str, open_hands: bool) -> tuple[HandState, ...]:
    """The state before each action of a position (or view) text: the text cut before it, read."""
    parts = text.strip().split("/")
    actions = parts[4].split(",") if len(parts) == 5 and parts[4].strip() else []
    out = []
    for i in range(len(actions)):
        cut = "/".join(parts[:4] + ([",".join(actions[:i])] if i else []))
        out.append(HandState.from_text(cut) if open_hands else replay_view(cut)[0])
    return tuple(out)


def history(at: Progress) -> tuple[tuple[HandState, int, Action], ...]:
    """Every action of the hand so far with the table before it: (before, seat, action)."""
    table = at.table
    out = [(b, seat, a) for b, (seat, a) in zip(table.befores, table.state.history, strict=True)]
    state = table.state
    for seat, action in at.now.history[len(state.history) :]:
        out.append((state, seat, action))
        state = state.apply(action)
    return tuple(out)


@lru_cache(maxsize=256)
def start(puzzle: Puzzle) -> Table:
    """The puzzle's table at its first move. Raises PuzzleError when it cannot be set."""
    p = puzzle.problem
    try:
        if puzzle.kind == "open":
            text = turned(p.position, replay_view(p.view)[1])
            state = HandState.from_text(text)
        else:
            text = turned(p.view, replay_view(p.view)[1])
            state, seat = replay_view(text)
            if seat != LEARNER:
                raise PuzzleError("the view did not turn to South")
        befores = _befores(text, puzzle.kind == "open")
    except EuchreError as err:
        raise PuzzleError(f"this puzzle's position does not read: {err}") from None
    if state.to_act != LEARNER or state.is_over:
        raise PuzzleError("it is not the puzzle's seat to act in its position")
    legal = {str(a) for a in state.legal_actions()}
    if not set(p.choices) <= legal:
        raise PuzzleError("the puzzle's choices are not the legal ones at its position")
    if puzzle.kind == "open":
        goal_tricks(p.goal)
    return Table(state, puzzle.kind == "open", befores)


# ---- the solver's answers ----------------------------------------------------------------------


def side_tricks(state: HandState, makers: int) -> int:
    """The learner's side's tricks when the makers take ``makers`` (every trick is someone's)."""
    return makers if state.is_maker_side(LEARNER) else TRICKS - makers


def card_tricks(state: HandState) -> dict[Action, int]:
    """Each legal card of the seat to act: the learner's side's tricks with perfect play after it."""
    return {a: side_tricks(state, int(t)) for a, t in solve(state).cards.items()}


def _best_for_seat(state: HandState) -> Action:
    """The seat to act's best card for its own side (ties: the first legal one)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    tricks = solve(state).cards
    seat = state.to_act
    assert seat is not None
    ours = state.is_maker_side(seat)
    best = max(tricks.values()) if ours else min(tricks.values())
    return next(a for a in legal if tricks.get(a) == best)


def _others_play(state: HandState) -> tuple[HandState, tuple[tuple[int, Action], ...]]:
    """The other seats' moves (and the learner's forced ones) until the learner has a real choice
    or the hand is over: declarations to defend alone as the club player makes them, cards by best
    play."""
    return _best_play(state, until_choice=True)


def refutation(state: HandState) -> tuple[tuple[int, Action], ...]:
    """Best play for every seat, the learner's included, from ``state`` to the last trick: after a
    wrong move, the defence that beats it."""
    return _best_play(state, until_choice=False)[1]


def _best_play(state: HandState, *, until_choice: bool) -> tuple[HandState, tuple[tuple[int, Action], ...]]:
    """Every seat's moves from ``state`` (declarations to defend alone as the club player makes
    them, cards by best play for the seat's own side) to the last trick, or with ``until_choice``
    until the learner has a real choice (then only the play goes on: PuzzleError otherwise); the
    state reached, and the moves."""
    moves: list[tuple[int, Action]] = []
    while not state.is_over:
        if state.phase is Phase.DEFEND:
            settled = settle_defence(state)
            moves.extend(settled.history[len(state.history) :])
            state = settled
            continue
        if until_choice and state.phase is not Phase.PLAY:
            raise PuzzleError("an open-hand puzzle goes on only in the play")
        seat = state.to_act
        assert seat is not None
        if until_choice and seat == LEARNER and len(state.legal_actions()) > 1:
            break
        action = _best_for_seat(state)
        moves.append((seat, action))
        state = state.apply(action)
    return state, tuple(moves)


def line_text(before: HandState, moves: tuple[tuple[int, Action], ...]) -> str:
    """Moves in a few words each, tricks apart: "West A♠, North 9♣, East K♠, South Q♠ · West 9♥ …"."""
    words: list[str] = []
    state = before
    for seat, action in moves:
        who = seat_name(state.players, seat)
        if action.card is not None:
            words.append(f"{who} {action.card.short}")
        else:
            words.append(f"{who}: {action}")
        tricks = len(state.tricks)
        state = state.apply(action)
        if len(state.tricks) > tricks:
            words[-1] += " ·"
    return " ".join(words).rstrip(" ·")


def line_tricks(before: HandState, moves: tuple[tuple[int, Action], ...]) -> int:
    """The learner's side's tricks at the end of ``moves`` played from ``before`` (a whole hand's)."""
    state = before
    for _, action in moves:
        state = state.apply(action)
    return side_tricks(state, state.maker_tricks)


# ---- the moves ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Move:
    """One of the learner's decisions in a puzzle: the table before it, the choices, the right ones
    (best first), each choice's figure and its unit, why, and who judged."""

    before: HandState
    choices: tuple[Action, ...]
    right: tuple[Action, ...]
    values: tuple[float, ...]
    unit: str
    source: str
    reason: str

    def value_of(self, action: Action) -> float | None:
        return self.values[self.choices.index(action)] if action in self.choices else None

    def lost(self, action: Action) -> float | None:
        """What ``action`` gives away against the best, in ``unit`` (None: not one of the choices)."""
        mine = self.value_of(action)
        return None if mine is None else max(0.0, max(self.values) - mine)


def first_move(puzzle: Puzzle, table: Table) -> Move:
    p: Problem = puzzle.problem
    choices = tuple(Action.parse(c) for c in p.choices)
    return Move(
        table.state, choices, tuple(Action.parse(r) for r in p.right), p.values, p.unit, p.source, p.reason
    )


def solver_move(state: HandState, need: int) -> Move:
    """A later move of an open-hand puzzle, judged by the solver: right when the side's tricks with
    perfect play stay at ``need`` or more."""
    tricks = card_tricks(state)
    choices = tuple(a for a in state.legal_actions() if a in tricks)
    right = tuple(sorted((a for a in choices if tricks[a] >= need), key=lambda a: -tricks[a]))
    if not right:  # the goal is already out of reach: the most tricks are right
        top = max(tricks.values())
        right = tuple(a for a in choices if tricks[a] == top)
    best = right[0]
    keeps = "keeps" if tricks[best] >= need else "comes nearest to"
    reason = (
        f"The {best.card.short if best.card else best} {keeps} your goal within reach against any defence: "
        f"{tricks[best]} trick{'s' if tricks[best] != 1 else ''} for your side with best play."
    )
    return Move(
        state,
        choices,
        right,
        tuple(float(tricks[a]) for a in choices),
        "tricks",
        "the solver, every card face up",
        reason,
    )


class Verdict(StrEnum):
    ASKING = "asking"  # the learner's move is awaited, no wrong try yet
    TRY_AGAIN = "try again"  # the last try was wrong: one more try
    GOING = "going"  # the last try was right and the puzzle goes on (a wrong try before)
    SOLVED = "solved"  # every move right at the first try
    DONE = "done"  # finished, but after a wrong try
    SHOWN = "shown"  # two wrong tries, or the answer asked for: the answer is shown


@dataclass(frozen=True, slots=True)
class Step:
    """A try and what followed it: the move it answered, the try, right or not, the other seats'
    answers after a right one, and after a wrong open-hand move the defence that beats it."""

    move: Move
    choice: Action
    right: bool
    answers: tuple[tuple[int, Action], ...] = ()
    refuted: tuple[tuple[int, Action], ...] = ()


@dataclass(frozen=True, slots=True)
class Progress:
    """Where an attempt stands after the learner's tries."""

    puzzle: Puzzle
    table: Table
    steps: tuple[Step, ...]
    verdict: Verdict
    now: HandState  # the table now
    move: Move | None  # the move awaited (None once over)
    moves_done: int
    shown: Move | None = None  # the move whose answer is shown (two wrong tries, or asked for)

    @property
    def over(self) -> bool:
        return self.verdict in (Verdict.SOLVED, Verdict.DONE, Verdict.SHOWN)

    @property
    def result(self) -> bool | None:
        """What the ratings take: True solved, False a wrong try, None not known yet."""
        if self.verdict is Verdict.SHOWN or any(not s.right for s in self.steps):
            return False
        return True if self.verdict is Verdict.SOLVED else None

    @property
    def first_lost(self) -> float | None:
        """What the first wrong try gave away against the best, in its move's unit (None: none)."""
        wrong = next((s for s in self.steps if not s.right), None)
        return None if wrong is None else wrong.move.lost(wrong.choice)

    @property
    def last(self) -> Step | None:
        return self.steps[-1] if self.steps else None


def progress(puzzle: Puzzle, tries: tuple[str, ...], gave_up: bool = False) -> Progress:
    """The attempt after ``tries`` (the learner's choices as action texts, in order); ``gave_up``:
    the learner asked for the answer (shown, not solved). Tries after it is over, or that are not a
    choice of their move, are not counted. Raises PuzzleError."""
    return _progress(puzzle, tuple(tries), gave_up)


@lru_cache(maxsize=512)
def _progress(puzzle: Puzzle, tries: tuple[str, ...], gave_up: bool) -> Progress:
    table = start(puzzle)
    move: Move | None = first_move(puzzle, table)
    state = table.state
    need = goal_tricks(puzzle.problem.goal) if table.open else 0
    steps: list[Step] = []
    wrong = done = 0
    verdict = Verdict.ASKING
    for text in tries:
        if move is None or verdict in (Verdict.SOLVED, Verdict.DONE, Verdict.SHOWN):
            break
        try:
            choice = Action.parse(text)
        except EuchreError:
            continue
        if choice not in move.choices:
            continue
        if choice not in move.right:
            wrong += 1
            refuted = refutation(state.apply(choice)) if table.open else ()
            steps.append(Step(move, choice, False, refuted=refuted))
            verdict = Verdict.SHOWN if wrong >= TRIES else Verdict.TRY_AGAIN
            continue
        done += 1
        state = state.apply(choice)
        answers: tuple[tuple[int, Action], ...] = ()
        if table.open and not state.is_over:
            state, answers = _others_play(state)
        steps.append(Step(move, choice, True, answers=answers))
        if not table.open or done >= puzzle.moves or state.is_over:
            move = None
            verdict = Verdict.DONE if wrong else Verdict.SOLVED
        else:
            move = solver_move(state, need)
            verdict = Verdict.GOING if wrong else Verdict.ASKING
    if gave_up and verdict not in (Verdict.SOLVED, Verdict.DONE):
        verdict = Verdict.SHOWN
    shown = move if verdict is Verdict.SHOWN else None
    if verdict is Verdict.SHOWN:
        move = None
    return Progress(puzzle, table, tuple(steps), verdict, state, move, done, shown)


__all__ = [
    "GOALS",
    "LEARNER",
    "TRIES",
    "Move",
    "Progress",
    "PuzzleError",
    "Step",
    "Table",
    "Verdict",
    "card_tricks",
    "goal_tricks",
    "history",
    "line_text",
    "line_tricks",
    "progress",
    "refutation",
    "side_tricks",
    "solver_move",
    "start",
    "turned",
]
