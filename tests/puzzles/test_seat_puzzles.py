"""Seat puzzles (engine/puzzles/seat.py): the judge's figures, what a clear best is, and the screens."""

from __future__ import annotations

from engine.core.actions import Action
from engine.core.cards import parse_card, parse_cards
from engine.core.hand import from_cards
from engine.core.rules import Rules
from engine.core.view import SeatView, view_of
from engine.puzzles.seat import SCREENS, card_puzzle, clear_best, judge
from engine.search.seat_values import ChoiceValue, SeatValues, value_choices

# South made hearts and leads, holding both bowers, the A♥, the K♠ and the 9♣.
BOWERS = ["JH JD AH KS 9C", "TC QC KC AD QD", "9S TS QS AS KD", "JC JS TD 9D TH"]


def lead_view() -> SeatView:
    state = from_cards(Rules(), 3, [list(parse_cards(h)) for h in BOWERS], parse_card("9H"))
    state = state.apply("order").apply("discard 9D")
    return view_of(state, 0)


def values(*choices: tuple[str, float, float]) -> SeatValues:
    """Choices as (action, loss, spread), the first the best."""
    made = tuple(ChoiceValue(Action.parse(a), 1.0 - loss, 3.0, loss, spread) for a, loss, spread in choices)
    return SeatValues(made, made[0].action, 960)


def test_the_judge_gives_the_seat_judges_very_figures() -> None:
    view = lead_view()
    assert judge(view, 40) == value_choices(view, 40)
    assert judge(view, 40, "another seed") == value_choices(view, 40, "another seed")


def test_a_screen_that_says_no_stops_the_judge() -> None:
    view = lead_view()
    assert judge(view, 40, None, ((10, lambda v: False),)) is None
    assert judge(view, 40, None, ((10, lambda v: True),)) == value_choices(view, 40)


def test_two_cards_worth_the_same_make_no_puzzle() -> None:
    # The J♥ and the J♦ are the two highest trumps, both South's: whichever leads, the other is the
    # highest left, so they take the same tricks on every layout and no card is a clear best.
    view = lead_view()
    first_look = judge(view, SCREENS[0][0] + 1)
    assert first_look is not None
    right, left = (first_look.of(Action.parse(f"play {c}")) for c in ("JH", "JD"))
    assert right is not None and left is not None and right.points == left.points
    assert judge(view, 960, None, SCREENS) is None and card_puzzle(view, "standard") is None


def test_a_clear_best_beats_every_other_by_one_and_a_half_interval_and_a_tenth_of_a_point() -> None:
    assert clear_best(values(("play JH", 0, 0), ("play KS", 0.5, 0.2), ("play 9C", 0.31, 0.2)))
    assert not clear_best(values(("play JH", 0, 0), ("play KS", 0.5, 0.2), ("play 9C", 0.29, 0.2)))
    assert not clear_best(values(("play JH", 0, 0), ("play KS", 0.09, 0.01)))  # too small to teach
    assert not clear_best(values(("play JH", 0, 0)))  # one choice is no puzzle
