"""A class question about one seat's decision carries it as a Problem (the seat's view as text,
SeatView.to_text, its choices, the right ones and their figures), the very problem the drill of the
same seed solved; it reads the view back (SeatView.from_text). Stored questions from before the
view was kept, and from before the problem was carried (the view as the question's own text),
still read. The view texts are written out by hand from the seat grammar
(engine/core/seat_text.py): South is seat 0, so the first seat's dealer is seat 3 and the dealer's
question comes after three passes."""

from __future__ import annotations

import json

import pytest

from classroom.questions import (
    ClassQuestion,
    DamagedQuestion,
    exercise_question,
    hand_question,
    read_question,
)
from engine.core.actions import Action
from engine.core.cards import parse_cards
from engine.core.hand import Phase
from lessons.exercises import generate

FIRST = "standard/3/JH-JD-AH-KS-9C,?,?,?/9H"
DEALER = "standard/0/JH-JD-AH-KS-9C,?,?,?/9H/pass,pass,pass"

# A typed-hand question as the class page stored it before questions kept their view (the key
# "view" missing): written out by hand.
OLD_BODY = json.dumps(
    {
        "source": "A typed hand",
        "kind": "hand",
        "prompt": "You sit first, left of the dealer; the upcard is the 9♥. What would you bid?",
        "mode": "choice",
        "cards": ["JH", "JD", "AH", "KS", "9C"],
        "labels": [],
        "shown": [],
        "trump": None,
        "upcard": "9H",
        "facts": [],
        "choices": ["pass", "order up", "order up alone"],
        "right": ["order up"],
        "answer_words": "order up",
        "why": "Order up.",
        "figures": [],
        "close": False,
    },
    ensure_ascii=False,
)


def test_a_typed_hand_keeps_its_seats_view_and_reads_it_back() -> None:
    q = hand_question("JH JD AH KS 9C", "9H", "first", 1)
    assert q.problem is not None and q.problem.view == FIRST and q.view == ""
    seen = q.seat_view()
    assert seen is not None
    assert (seen.seat, seen.dealer, seen.phase) == (0, 3, Phase.BID1)
    assert seen.hand == tuple(parse_cards("JH JD AH KS 9C"))
    assert [str(a) for a in seen.legal] == ["pass", "order", "order alone"]
    dealer = hand_question("JH JD AH KS 9C", "9H", "dealer", 1)
    assert dealer.problem is not None and dealer.problem.view == DEALER
    assert dealer.choices[1:] == ("pick it up", "pick it up alone")


def test_the_view_goes_into_the_stored_question_and_comes_back() -> None:
    q = hand_question("JH JD AH KS 9C", "9H", "first", 1)
    stored = json.loads(q.to_json())
    assert stored["problem"]["view"] == FIRST and stored["view"] == ""
    back = ClassQuestion.from_json(q.to_json())
    assert back == q and back.seat_view() == q.seat_view()


def test_a_question_stored_before_the_view_was_kept_still_reads() -> None:
    q = ClassQuestion.from_json(OLD_BODY)
    assert q.view == "" and q.problem is None and q.seat_view() is None
    assert q.right == ("order up",) and q.cards == ("JH", "JD", "AH", "KS", "9C")


def test_a_stored_view_that_does_not_read_is_a_damaged_question() -> None:
    body = json.loads(OLD_BODY)
    body["view"] = "standard/3/JH-JD-AH-KS-9C,?,?,?/9H/play-QQ"
    with pytest.raises(DamagedQuestion, match="seat view does not read"):
        ClassQuestion.from_json(json.dumps(body))
    assert read_question(json.dumps(body)) is None
    body["view"] = 7
    assert read_question(json.dumps(body)) is None


@pytest.mark.parametrize("kind", ["bid", "name_suit", "discard", "play_card"])
def test_a_drills_question_of_one_seat_keeps_the_drills_view(kind: str) -> None:
    ex = generate(kind, 5, {})
    assert ex.view is not None
    q = exercise_question(kind, 5)
    assert q.problem is not None and q.problem.view == ex.view.to_text() and q.seat_view() == ex.view


def test_a_count_of_one_seat_keeps_its_view_as_text() -> None:
    """How many trumps are out: a question about the seat, but not one of its choices."""
    ex = generate("trumps_out", 5, {})
    assert ex.view is not None
    q = exercise_question("trumps_out", 5)
    assert q.problem is None and q.view == ex.view.to_text() and q.seat_view() == ex.view


def test_a_bid_drills_view_is_the_seat_at_its_bid() -> None:
    """The dealer's bid of seed 5: three passes before it, the dealer's own hand written."""
    ex = generate("bid", 5, {"seat": "dealer"})
    q = exercise_question("bid", 5, {"seat": "dealer"})
    assert ex.view is not None and q.problem is not None and q.problem.view == ex.view.to_text()
    assert q.problem.view.startswith("standard/0/") and q.problem.view.endswith("/pass,pass,pass")
    assert q.choices == ("pick it up", "pass")
    assert Action.parse("order") in ex.view.legal


@pytest.mark.parametrize("kind", ["left_bower", "points"])
def test_a_question_about_no_seat_has_no_view(kind: str) -> None:
    q = exercise_question(kind, 5)
    assert q.view == "" and q.problem is None and q.seat_view() is None
