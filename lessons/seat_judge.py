"""Card choices judged from the learner's own seat: the dealer's discard, a lead, a card to throw.

The judge is ``engine.search.seat_values`` (``judged(view)``): the unseen cards are dealt again
``JUDGE_DEALS`` times in ways that fit what the learner has seen and the bidding, every legal
choice is tried on every layout, and the rest of the hand is played out with every card known.
A choice's value is its side's mean net points (its points minus the other side's); the best
choice is the one worth most. These are the very figures the practice table grades a card by.
A choice is marked wrong only when it is **clearly worse** than the best: its loss at least
``lessons.balance.CLEAR`` half-widths of the 95% interval of the paired difference. Every other
choice (worth the same within the interval, or too little apart to be sure of) counts as right
too (``Solution.also``). So a choice marked wrong stays out of the tie, and the answer stays in it,
when the position is judged again on four times the layouts with another seed (``judged_again``;
``python -m bench drill_balance``). The reason in words is ``engine.analysis.card_reasons.choice_reason``
(and ``mistake_reason`` for a wrong answer).

A position is asked only when the question has a point (``worth_asking``): two or more legal
choices, at most half of them right (screened first on an eighth of the layouts, to keep a
question well under a second).
"""

from __future__ import annotations

from functools import lru_cache

from engine.analysis.card_reasons import choice_reason, mistake_reason
from engine.analysis.explain import points
from engine.core.actions import Action, Kind
from engine.core.cards import Card
from engine.core.problem import Problem
from engine.core.ranking import effective_table
from engine.core.view import SeatView
from engine.search.seat_values import JUDGE_DEALS, SeatValues, judged, value_choices, view_seed
from lessons.balance import CLEAR, card_class
from lessons.exercise_model import Answer, Solution, card_list, card_of
from lessons.play_drill import equivalent

SCREEN_DEALS = 32  # layouts in the quick screen before a position is judged in full (an eighth of the cost)
SCREEN_CHOICES = 4  # the screen turns a position down only with this many choices or more (with two or
# three, a tie on 32 layouts is common and says little of 240)
JUDGE = (
    f"your seat's own valuation: {JUDGE_DEALS} layouts of the hidden cards drawn from the ways that fit "
    "what you have seen and the bidding, each choice played out with best play (the practice table's grades)"
)


def values(view: SeatView) -> SeatValues:
    """Every legal choice's value from the seat (computed once per view)."""
    return judged(view)


def counted_right(v: SeatValues) -> tuple[Action, ...]:
    """The best choice first, then every other choice not clearly worse (worth the same within its
    interval, as two cards that are always worth the same are, or its loss below ``CLEAR``
    half-widths of its interval), best first."""
    return (
        v.best,
        *(c.action for c in v.ranked if c.action != v.best and (c.tied or c.loss < CLEAR * c.spread)),
    )


def right_cards(view: SeatView) -> tuple[Card, ...]:
    """The best card first, then every other card not clearly worse (``counted_right``)."""
    return tuple(a.card for a in counted_right(values(view)) if a.card is not None)


def worth_asking(view: SeatView, screen: bool = True) -> bool:
    """Two or more distinct moves (``distinct_moves``), at most half of them right. With ``SCREEN_CHOICES`` choices or more,
    a quick screen first: the same count of choices tied with the best on the first
    ``SCREEN_DEALS`` layouts (wider intervals, so more ties), which most positions that fail it fail
    already; a position screened out is simply not asked (``screen=False`` skips it: a drill whose
    positions mostly tie on 32 layouts and part on 240)."""
    n = len(view.legal)
    if n < 2:
        return False
    if screen and n >= SCREEN_CHOICES and 2 * sum(1 for c in screened(view).choices if c.tied) > n:
        return False
    moves = distinct_moves(view)
    right = set(counted_right(values(view)))
    return len(moves) >= 2 and 2 * sum(1 for m in moves if m & right) <= len(moves)


def distinct_moves(view: SeatView) -> list[frozenset[Action]]:
    """The legal choices, cards that are the same move counted once: two cards of a suit with
    nothing that could still matter ranked between them (``lessons.play_drill.equivalent``), as the
    9♣ and the 10♣ are when nobody can hold a card between them."""
    groups: list[set[Action]] = []
    for action in view.legal:
        card = action.card
        same = next(
            (
                g
                for g in groups
                if card is not None
                and view.trump is not None
                and any(a.card is not None and equivalent(view, a.card, card) for a in g)
            ),
            None,
        )
        if same is None:
            groups.append({action})
        else:
            same.add(action)
    return [frozenset(g) for g in groups]


@lru_cache(maxsize=2048)
def screened(view: SeatView) -> SeatValues:
    """The quick screen's figures: ``SCREEN_DEALS`` layouts (computed once per view)."""
    return value_choices(view, SCREEN_DEALS)


def screen_best(view: SeatView) -> Card:
    """The quick screen's best card (on ``SCREEN_DEALS`` layouts): a guess at the answer before a
    position is judged in full."""
    best = screened(view).best.card
    assert best is not None
    return best


def habit_of(view: SeatView, cards: tuple[Card, ...], habit: str) -> str:
    """``habit`` ('strongest' or 'weakest') when a card of that class is among ``cards``, else
    'other': whether the habit of always playing that card is right."""
    return habit if any(card_class(view, c) == habit for c in cards) else "other"


def weakest_or_other(view: SeatView) -> str:
    """'weakest' when the habit of playing the weakest card is right here, else 'other'."""
    return habit_of(view, right_cards(view), "weakest")


def right_again(view: SeatView, factor: int, seed: str) -> tuple[Action, ...]:
    """The choices inside the tie when the position is judged again on ``factor`` times the layouts
    drawn with another ``seed``: the best, and every choice worth the same within the 95% interval
    of the paired difference (``ChoiceValue.tied``; for ``python -m bench drill_balance``)."""
    v = value_choices(view, factor * JUDGE_DEALS, seed=f"{seed}:{view_seed(view)}")
    return (v.best, *(c.action for c in v.ranked if c.action != v.best and c.tied))


def judged_again(view: SeatView, factor: int, seed: str) -> frozenset[Answer]:
    """The cards of ``right_again``."""
    return frozenset(a.card for a in right_again(view, factor, seed) if a.card is not None)


def _action(view: SeatView, card: Card) -> Action | None:
    return next((a for a in view.legal if a.card == card), None)


def seat_problem(view: SeatView, source: str, reason: str) -> Problem:
    """The seat's decision as a problem: every legal choice with its value (net points a hand), the
    choices counted right (``counted_right``), judged by ``source``, with ``reason``."""
    v = values(view)
    return Problem.at(
        view, {c.action: c.points for c in v.choices}, counted_right(v), "points", source, reason
    )


def card_solution(view: SeatView, doing: str) -> Solution:
    """The answer and why: the reason in Euchre words, then the figures. ``doing`` names the choice
    ('discarding', 'leading', 'playing'). The solution is the seat's problem (``seat_problem``)."""
    v = values(view)
    right = right_cards(view)
    best = right[0]
    worth = v.of(v.best)
    assert worth is not None
    why = [
        choice_reason(view, v.best),
        f"Over {v.deals} layouts of the hidden cards that fit what you have seen, {doing} the {best.short} is "
        f"worth {points(worth.points)} points a hand to your side (your points minus theirs).",
    ]
    if len(right) > 1:
        others = card_list(list(right[1:]))
        why.append(
            f"The {others} {'is' if len(right) == 2 else 'are'} worth nearly as much (too little apart to be "
            "sure which is better), so counted right too."
        )
    return Solution.of(seat_problem(view, JUDGE, " ".join(why)), card_of)


def card_wrong(view: SeatView, answer: Answer) -> str:
    """What the learner's card risks, and what it costs in the judge's figures."""
    assert isinstance(answer, Card)
    chosen = _action(view, answer)
    if chosen is None:
        assert view.trump is not None and view.trick
        eff = effective_table(view.trump)
        led = eff[view.trick[0][1]]
        legal = [a.card for a in view.legal if a.card is not None]
        return f"You may not play the {answer.short}: you hold {led.noun}, so you must follow suit ({card_list(legal)})."
    v = values(view)
    best = v.best
    risk = mistake_reason(view, chosen, best).removesuffix(choice_reason(view, best)).strip()
    cost = v.of(chosen)
    assert cost is not None
    figure = (
        f"The {answer.short} is worth {cost.loss:.2f} points a hand less (give or take {cost.spread:.2f})."
    )
    return f"{risk} {figure}" if risk else figure


def is_play(view: SeatView) -> bool:
    return any(a.kind is Kind.PLAY for a in view.legal)
