"""The values every exercise shares: the question, the engine's solution, the feedback.

An ``Exercise`` is a frozen value made from a seed: the same kind, seed and options
always give the same question, so a teacher can share it and a test can replay it.
Nothing here holds an answer key: the answer is computed by asking the engine
(``lessons.exercises.solve``) when the learner checks.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.core.cards import Card, Suit
from engine.core.rules import Rules
from engine.core.view import SeatView


class Mode(StrEnum):
    PICK_CARD = "pick_card"  # click one card
    PICK_CARDS = "pick_cards"  # select every card that qualifies
    ORDER = "order"  # click the cards from strongest to weakest
    CHOICE = "choice"  # pick one of ``options``


Answer = Card | frozenset[Card] | tuple[Card, ...] | str


@dataclass(frozen=True, slots=True)
class Exercise:
    kind: str
    seed: int
    prompt: str
    mode: Mode
    cards: tuple[Card, ...] = ()  # what the learner looks at / answers with, in display order
    trump: Suit | None = None
    options: tuple[str, ...] = ()  # the choices for Mode.CHOICE
    trick: tuple[tuple[int, Card], ...] = ()  # (seat, card) in play order
    led: Card | None = None
    upcard: Card | None = None
    dealer: int | None = None
    seat: int = 0  # the learner's seat (South)
    rules: Rules = Rules()
    facts: tuple[str, ...] = ()  # context lines shown with the question
    settings: tuple[tuple[str, str], ...] = ()  # the options it was generated with
    view: SeatView | None = None  # one seat's decision (a bid, a discard, a card): what it can see
    class_prompt: str = ""  # the question for a class at a projector (nobody clicks); "" = ``prompt``

    @property
    def spoken_prompt(self) -> str:
        """The question as a teacher asks it of a class: the answer is said aloud, then revealed."""
        return self.class_prompt or self.prompt


@dataclass(frozen=True, slots=True)
class Solution:
    answer: Answer
    why: str  # a sentence built from the engine's answer
    judge: str = "the rules engine"
    link: str | None = None  # e.g. the analyzer with this hand filled in
    also: tuple[Answer, ...] = ()  # other answers worth the same within the judge's uncertainty: right too

    def accepts(self, answer: Answer) -> bool:
        """Is ``answer`` the engine's answer, or one it judges as good (a tie: "too close to call")?"""
        return answer == self.answer or answer in self.also


@dataclass(frozen=True, slots=True)
class Feedback:
    correct: bool
    message: str
    solution: Solution


def trump_intro(trump: Suit) -> str:
    return f"{trump.noun.capitalize()} {trump.symbol} are trump."


def singular(suit: Suit) -> str:
    """'a heart', 'a club' — what one card of the suit is called."""
    return f"a {suit.noun[:-1]}"


def card_list(cards: tuple[Card, ...] | list[Card]) -> str:
    names = [c.short for c in cards]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]
