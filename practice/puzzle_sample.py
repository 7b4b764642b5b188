"""A small puzzle bank made by the engine's own judges: for the tests, the puzzle bench and a machine
without the shipped bank (``EUCHRE_COACH_PUZZLES`` names its file). Nothing in it is written by hand.

Seeded deals are played by the club player at every seat. A *seat* puzzle is a decision of one seat
(a bid, the discard, defending alone, a card) that the practice table's grade judges (``practice.
review.grade_decision``: the seat judge for cards, the analyzer for bids) with exactly one right
answer; its figures, source and reason are the grade's (``GradedDecision.problem``). An *open-hand* puzzle is a
card of seat 0 in the play where the exact solver says some cards reach the goal and some do not;
the goal is the most the side can reach ("take all five", "make 3 tricks", "euchre them").

The themes are the decision's kind (``theme_of``); the starting rating says whether the club player
found the answer at that position (``CLUB_RIGHT`` when it did, ``CLUB_WRONG`` when it did not): the
shipped bank's study rates them from how often it errs over many deals, this sample from one.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

from engine.core.actions import Action, Kind
from engine.core.hand import TRICKS, HandState, Phase, deal
from engine.core.problem import Problem
from engine.core.rules import Rules
from engine.core.view import view_of
from engine.players.club import ClubPlayer
from engine.puzzles.bank import Puzzle, write_bank
from practice.puzzle_play import card_tricks
from practice.review import grade_decision

CLUB_RIGHT, CLUB_WRONG = 1300.0, 1700.0
OPEN_SOURCE = "the solver, every card face up"


def theme_of(before: HandState, seat: int) -> str:
    """A decision's theme by its kind: the bid (round 2: next and reverse next), the discard,
    defending alone, or a card as the makers ("make-it") or the defenders ("euchre-them")."""
    if before.phase is Phase.BID1:
        return "bidding"
    if before.phase is Phase.BID2:
        return "next"
    if before.phase is Phase.DISCARD:
        return "the-discard"
    if before.phase is Phase.DEFEND:
        return "defend-alone"
    return "make-it" if before.is_maker_side(seat) else "euchre-them"


def _club_choice(state: HandState, seat: int) -> Action:
    return ClubPlayer().decide(view_of(state, seat), random.Random(0)).action


def _rating(right: tuple[str, ...], club: Action) -> float:
    return CLUB_RIGHT if str(club) in right else CLUB_WRONG


def seat_puzzle(state: HandState, seat: int) -> Puzzle | None:
    """The decision of ``seat`` at ``state`` as a seat puzzle, or None (not graded, or more than one
    right answer)."""
    legal = state.legal_actions()
    if state.to_act != seat or len(legal) < 2:
        return None
    top = grade_decision(len(state.history), state, legal[0], seat).top
    if top is None:
        return None
    g = grade_decision(len(state.history), state, top, seat)  # its reason: why the best is right
    problem = g.problem
    if problem is None or len(problem.right) != 1:
        return None
    rating = _rating(problem.right, _club_choice(state, seat))
    return Puzzle.make("seat", problem, (theme_of(state, seat),), rating, "standard")


def open_puzzle(state: HandState, moves: int = 2) -> Puzzle | None:
    """Seat 0's card at ``state`` as an open-hand puzzle, or None when every card reaches the same."""
    if state.phase is not Phase.PLAY or state.to_act != 0 or len(state.legal_actions()) < 2:
        return None
    tricks = card_tricks(state)
    top = max(tricks.values())
    maker = state.is_maker_side(0)
    if top == TRICKS and maker:
        goal, need, theme = "take all five", TRICKS, "march"
    elif top >= 3:
        goal, need, theme = ("make 3 tricks", 3, "make-it") if maker else ("euchre them", 3, "euchre-them")
    else:
        return None
    choices = tuple(a for a in state.legal_actions() if a in tricks)
    right = sorted((a for a in choices if tricks[a] >= need), key=lambda a: -tricks[a])
    if len(right) == len(choices):
        return None
    best = right[0]
    assert best.card is not None
    reason = (
        f"The {best.card.short} keeps your goal within reach against any defence: {tricks[best]} "
        f"trick{'s' if tricks[best] != 1 else ''} for your side with best play."
    )
    problem = Problem(
        view_of(state, 0).to_text(),
        tuple(str(a) for a in choices),
        tuple(str(a) for a in right),
        tuple(float(tricks[a]) for a in choices),
        "tricks",
        OPEN_SOURCE,
        reason,
        state.to_text(),
        goal,
    )
    left = len(state.hands[0])
    rating = _rating(problem.right, _club_choice(state, 0))
    return Puzzle.make("open", problem, (theme,), rating, "standard", max(1, min(moves, left - 1)))


def _decisions(seed: int) -> Iterator[HandState]:
    """Every state of a seeded hand played by the club player at every seat."""
    state = deal(Rules(), dealer=seed % 4, rng=random.Random(seed))
    club = ClubPlayer()
    rng = random.Random(seed)
    while not state.is_over:
        yield state
        assert state.to_act is not None
        state = state.apply(club.decide(view_of(state, state.to_act), rng).action)


def sample_puzzles(seats: int, opens: int, seed: int = 0, max_deals: int = 400) -> tuple[Puzzle, ...]:
    """``seats`` seat puzzles (bids and cards of seats 0 to 3 in turn, a card every third) and
    ``opens`` open-hand puzzles from seeded deals."""
    found: dict[str, Puzzle] = {}
    made_seat = made_open = 0
    for number in range(seed, seed + max_deals):
        if made_seat >= seats and made_open >= opens:
            break
        seat = number % 4
        want_card = made_seat % 3 == 2
        for state in _decisions(number):
            if (
                made_open < opens
                and state.phase is Phase.PLAY
                and state.to_act == 0
                and len(state.tricks) >= 1
            ):
                puzzle = open_puzzle(state)
                if puzzle is not None and puzzle.id not in found:
                    found[puzzle.id] = puzzle
                    made_open += 1
                    break
            if made_seat < seats and state.to_act == seat and (state.phase is Phase.PLAY) == want_card:
                if state.phase is Phase.PLAY and state.history[-1][1].kind is Kind.DISCARD:
                    continue
                puzzle = seat_puzzle(state, seat)
                if puzzle is not None and puzzle.id not in found:
                    found[puzzle.id] = puzzle
                    made_seat += 1
                    break
    return tuple(found.values())


def write_sample(path: Path, seats: int = 6, opens: int = 4, seed: int = 0) -> tuple[Puzzle, ...]:
    """Make a sample bank and write it to ``path`` (``engine.puzzles.bank.write_bank``)."""
    puzzles = sample_puzzles(seats, opens, seed)
    write_bank(puzzles, path)
    return puzzles


__all__ = [
    "CLUB_RIGHT",
    "CLUB_WRONG",
    "open_puzzle",
    "sample_puzzles",
    "seat_puzzle",
    "theme_of",
    "write_sample",
]
