"""The card-order exercise marks only the cards out of place, and says how many are in place (issue 41, item 9).

Every right order here is worked out by hand from docs/rules.md §3: the right bower, the left
bower, then the trumps A K Q 10 9; then the suit led A K Q J 10 9; the other suits never win.
A card is out of place when it is not on every longest run of the answer that already stands in
the right order: one card put too high is the only one marked, though the cards after it shift.
"""

from __future__ import annotations

import pytest

from engine.core.cards import Card, Suit, parse_cards
from lessons.card_drills import misplaced
from lessons.exercises import Exercise, Mode, check, solve
from views.learn.exercise import order_marks


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def exercise(shown: str, trump: Suit, led: str) -> Exercise:
    return Exercise(
        kind="rank_order",
        seed=0,
        prompt="",
        mode=Mode.ORDER,
        cards=cards(shown),
        trump=trump,
        settings=(("led", led),),
    )


# Clubs trump, hearts led: no bower among these (the J♥ is a plain heart; the left bower is the J♠).
# Trumps first, Q♣ above 9♣; then the hearts A♥, J♥, 10♥.
CLUBS = exercise("QC JH AH TH 9C", Suit.CLUBS, "H")
CLUBS_RIGHT = cards("QC 9C AH JH TH")


def message(ex: Exercise, answer: str) -> str:
    feedback = check(ex, cards(answer))
    assert not feedback.correct
    return feedback.message


def test_the_engine_orders_the_cards_as_worked_out_by_hand() -> None:
    assert solve(CLUBS).answer == CLUBS_RIGHT
    assert check(CLUBS, CLUBS_RIGHT).correct
    assert misplaced(CLUBS_RIGHT, CLUBS_RIGHT) == frozenset()
    assert order_marks(CLUBS_RIGHT, CLUBS_RIGHT) == ["correct"] * 5


@pytest.mark.parametrize(
    ("answer", "out", "marks", "said"),
    [
        # 10♥ first, the other four in their right order behind it: every card is one place off, but
        # only the 10♥ has to move (the issue: all five were marked ✗)
        pytest.param(
            "TH QC 9C AH JH",
            "TH",
            ["wrong", "correct", "correct", "correct", "correct"],
            "Not quite. 4 of your 5 cards are in place; the 10♥ is out of place: "
            "you put the 10♥ before the Q♣, but the Q♣ is a trump and the 10♥ is not.",
            id="one_card_put_first_is_the_only_card_marked",
        ),
        # the 9♣ dropped below two hearts
        pytest.param(
            "QC AH JH 9C TH",
            "9C",
            ["correct", "correct", "correct", "wrong", "correct"],
            "Not quite. 4 of your 5 cards are in place; the 9♣ is out of place: "
            "you put the 9♣ after the A♥, but the 9♣ is a trump and the A♥ is not.",
            id="a_trump_put_too_low_is_said_to_stand_after_a_card_it_beats",
        ),
        # moving either one mends the order: both are out of place
        pytest.param(
            "9C QC AH JH TH",
            "9C QC",
            ["wrong", "wrong", "correct", "correct", "correct"],
            "Not quite. 3 of your 5 cards are in place; the 9♣ and Q♣ are out of place: "
            "you put the 9♣ before the Q♣, but the Q♣ outranks the 9♣.",
            id="two_cards_swapped_are_both_marked",
        ),
    ],
)
def test_only_the_cards_out_of_place_are_marked_and_said(
    answer: str, out: str, marks: list[str], said: str
) -> None:
    assert misplaced(cards(answer), CLUBS_RIGHT) == frozenset(cards(out))
    assert order_marks(cards(answer), CLUBS_RIGHT) == marks
    assert message(CLUBS, answer).startswith(said)


def test_the_order_turned_round_has_every_card_out_of_place() -> None:
    answer = cards("TH JH AH 9C QC")
    assert misplaced(answer, CLUBS_RIGHT) == frozenset(answer)
    assert order_marks(answer, CLUBS_RIGHT) == ["wrong"] * 5
    assert message(CLUBS, "TH JH AH 9C QC").startswith(
        "Not quite. Every card is out of place: you put the 10♥ before the J♥, but the J♥ outranks the 10♥."
    )


def test_the_bowers_are_named_in_the_reason() -> None:
    # Hearts trump, spades led: J♥ (right bower), J♦ (left bower), A♥; then A♠... here K♠, 9♠.
    ex = exercise("AH JD KS JH 9S", Suit.HEARTS, "S")
    right = cards("JH JD AH KS 9S")
    assert solve(ex).answer == right
    answer = cards("AH JH JD KS 9S")  # the ace of trump put above both bowers
    assert misplaced(answer, right) == frozenset(cards("AH"))
    assert message(ex, "AH JH JD KS 9S").startswith(
        "Not quite. 4 of your 5 cards are in place; the A♥ is out of place: "
        "you put the A♥ before the J♥, but the J♥ (right bower) outranks the A♥."
    )
    # the left bower below the ace: J♦ and A♥ swapped, both marked
    assert misplaced(cards("JH AH JD KS 9S"), right) == frozenset(cards("AH JD"))


def test_two_swaps_leave_only_the_card_between_them_in_place() -> None:
    # 9♣ Q♣ swapped and 10♥ J♥ swapped: only the A♥ in the middle is on every longest run (3 cards long)
    answer = cards("9C QC AH TH JH")
    assert misplaced(answer, CLUBS_RIGHT) == frozenset(cards("9C QC TH JH"))
    assert order_marks(answer, CLUBS_RIGHT) == ["wrong", "wrong", "correct", "wrong", "wrong"]
    assert "1 of your 5 cards is in place" in message(CLUBS, "9C QC AH TH JH")
