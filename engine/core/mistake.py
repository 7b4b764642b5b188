"""A position to answer again: the learner's costly decision, kept to be asked again.

A mistake is a ``Problem`` (``engine.core.problem``: what the deciding seat saw, its choices, the
right answers the best first, each choice's figure, who judged it and why) with what only the
learner's own game knows: the whole position before the decision (``before``, every hand in it:
the deck replays from it), the choice made, the grade it got and where it was played
(``source``). The practice review makes it from a graded decision (``practice.deck.question_of``:
the grade's own ``GradedDecision.problem``), the mistake deck keeps it (``store.mistake_deck``)
and the retry at the table asks it (``ui.seat_retry``); the best choice, the right answers and the
reason are the problem's, read from it, never copied beside it.

Where it came from says what of ``before`` the learner may ever see: at the Practice table
(``PRACTICE``) the other seats were computers, and once the position is answered every hand may
be shown face up (hindsight, named so); at a table of people (``PEOPLE``) the other hands were
other people's cards, and only the seat's own view is ever shown (``others_private``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.actions import Action
from engine.core.hand import HandState
from engine.core.problem import Problem
from engine.core.view import view_of

PRACTICE = "practice"  # the Practice table: the other seats were computers
PEOPLE = "people"  # a table of people: the other hands were other people's cards
SOURCES = (PRACTICE, PEOPLE)


@dataclass(frozen=True, slots=True)
class Mistake:
    problem: Problem  # the position to answer, from the deciding seat (the right answers: best first)
    before: HandState  # the whole position before the decision
    choice: Action  # what the seat chose
    grade: str  # the grade the choice got ('mistake', 'blunder', 'inaccuracy')
    source: str = PRACTICE  # where it was played: one of SOURCES

    @classmethod
    def without_figures(
        cls,
        before: HandState,
        choice: Action,
        right: Sequence[Action],
        reason: str,
        grade: str,
        source: str = PRACTICE,
    ) -> Mistake:
        """A mistake whose choices have no figures (a deck row kept before the deck kept them):
        ``right`` the best first. The seat is the one to act at ``before``."""
        seat = before.to_act
        if seat is None:
            raise ValueError("no seat is to act in the position")
        view = view_of(before, seat)
        problem = Problem(
            view.to_text(), tuple(map(str, view.legal)), tuple(map(str, right)), (), "points", "", reason
        )
        return cls(problem, before, choice, grade, source)

    @property
    def seat(self) -> int:
        """The seat that decided: the one to act at ``before``."""
        seat = self.before.to_act
        assert seat is not None, "a mistake's position has a seat to act"
        return seat

    @property
    def best(self) -> Action:
        return Action.parse(self.problem.best)

    @property
    def right(self) -> tuple[Action, ...]:
        """Every right answer (graded best or good), the best first."""
        return tuple(Action.parse(a) for a in self.problem.right)

    @property
    def reason(self) -> str:
        """Why the best is best, in Euchre words."""
        return self.problem.reason

    @property
    def others_private(self) -> bool:
        """The other hands were people's: no page may ever show them, not even after the answer."""
        return self.source != PRACTICE


__all__ = ["PEOPLE", "PRACTICE", "SOURCES", "Mistake"]
