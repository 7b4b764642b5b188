"""The values every exercise shares: the question, the engine's solution, the feedback.

An ``Exercise`` is a frozen value made from a seed: the same kind, seed and options
always give the same question, so a teacher can share it and a test can replay it.
Nothing here holds an answer key: the answer is computed by asking the engine
(``lessons.exercises.solve``) when the learner checks.

A drill about one seat's decision judged with figures (a bid, a call, going alone, a discard, a
card, defending alone) solves it as a ``engine.core.problem.Problem``: the seat's view, its choices,
the right ones (the best and its ties), each choice's figure, the judge and the reason, the very
value a puzzle and a class question of the same position carry. Its ``Solution`` is made from that
problem (``Solution.of``): its answer and ``also`` are the drill's words (or cards) for the
problem's right choices, its explanation the problem's reason and its judge the problem's source.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from engine.core.actions import Action
from engine.core.cards import Card, Suit
from engine.core.problem import Problem
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
    problem: Problem | None = None  # a seat's decision judged with figures: the position and its answer

    @classmethod
    def of(cls, problem: Problem, answer_of: Callable[[Action], Answer], link: str | None = None) -> Solution:
        """The drill's solution to ``problem``: ``answer_of`` gives the drill's answer for a choice (its
        card, or its words); the answer is the best choice's, ``also`` the other right choices' (each
        answer once: to the order-up drill, ordering up alone or not is one answer, "order up")."""
        answer, *also = dict.fromkeys(answer_of(Action.parse(choice)) for choice in problem.right)
        return cls(answer, problem.reason, problem.source, link, tuple(also), problem)

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


def card_of(action: Action) -> Card:
    """The card a card drill answers with for ``action`` (a card to play, to lead or to discard)."""
    assert action.card is not None
    return action.card


def card_list(cards: tuple[Card, ...] | list[Card]) -> str:
    names = [c.short for c in cards]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]
