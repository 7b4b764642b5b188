"""A position to answer again: the table before a costly decision, the seat that decided, what
it chose, the best choice, every right answer (the best first or among them), why in Euchre words,
and the grade the choice got.

One value from the review to the Review page: the practice review makes it from a graded decision
(``practice.deck.question_of``), the mistake deck keeps it (``store.mistake_deck``: its entries
carry it as they read it back) and the retry at the table asks it (``ui.seat_retry``), with no
copy field by field on the way.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.actions import Action
from engine.core.hand import HandState


@dataclass(frozen=True, slots=True)
class Mistake:
    before: HandState  # the position before the decision
    seat: int  # the seat that decided (the learner's)
    choice: Action  # what it chose
    best: Action  # the best choice
    right: tuple[Action, ...]  # every right answer (graded best or good), the best among them
    reason: str  # why, in Euchre words
    grade: str  # the grade the choice got ('mistake', 'blunder', 'inaccuracy')


__all__ = ["Mistake"]
