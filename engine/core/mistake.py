"""A position to answer again: the table before a costly decision, the seat that decided, what
it chose, the best choice, every right answer (the best first or among them), why in Euchre words,
the grade the choice got, and where it was played (``source``).

One value from the review to the Review page: the practice review makes it from a graded decision
(``practice.deck.question_of``), the mistake deck keeps it (``store.mistake_deck``: its entries
carry it as they read it back) and the retry at the table asks it (``ui.seat_retry``), with no
copy field by field on the way.

``before`` is the whole position, every hand in it (the deck grades and replays from it). Where it
came from says what of it the learner may ever see: at the Practice table (``PRACTICE``) the other
seats were computers, and once the position is answered every hand may be shown face up
(hindsight, named so); at a table of people (``PEOPLE``) the other hands were other people's
cards, and only the seat's own view is ever shown (``others_private``).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.actions import Action
from engine.core.hand import HandState

PRACTICE = "practice"  # the Practice table: the other seats were computers
PEOPLE = "people"  # a table of people: the other hands were other people's cards
SOURCES = (PRACTICE, PEOPLE)


@dataclass(frozen=True, slots=True)
class Mistake:
    before: HandState  # the position before the decision
    seat: int  # the seat that decided (the learner's)
    choice: Action  # what it chose
    best: Action  # the best choice
    right: tuple[Action, ...]  # every right answer (graded best or good), the best among them
    reason: str  # why, in Euchre words
    grade: str  # the grade the choice got ('mistake', 'blunder', 'inaccuracy')
    source: str = PRACTICE  # where it was played: one of SOURCES

    @property
    def others_private(self) -> bool:
        """The other hands were people's: no page may ever show them, not even after the answer."""
        return self.source != PRACTICE


__all__ = ["PEOPLE", "PRACTICE", "SOURCES", "Mistake"]
