"""classroom.questions and classroom.marking: questions made from the lessons' exercises and the
analyzer, and the marking of a class's answers, against values worked out by hand."""

from __future__ import annotations

import csv
import io

import pytest

from classroom.marking import Given, leaderboard, summary_csv, tally, toggled, words
from classroom.questions import (
    CLASS_KINDS,
    ClassQuestion,
    QuestionError,
    answer_fits,
    exercise_question,
    from_exercise,
    hand_question,
    lesson_steps,
    step_question,
)
from lessons.exercises import EXERCISE_KINDS, generate, solve

LEFT = {"H": "JD", "D": "JH", "S": "JC", "C": "JS"}

FOLLOW = ClassQuestion(
    source="Which of these can you play?",
    kind="can_play",
    prompt="...",
    mode="cards",
    cards=("9S", "9C", "TS", "JS"),
    trump="C",
    right=("9S TS",),
    answer_words="9♠, 10♠",
)


@pytest.mark.parametrize("trump", ["H", "D", "S", "C"])
def test_the_left_bower_question_is_the_jack_of_the_same_colour(trump: str) -> None:
    q = exercise_question("left_bower", 11, {"trump": trump})
    assert q.mode == "card" and q.trump == trump and q.right == (LEFT[trump],)
    assert LEFT[trump] in q.cards and "left bower" in q.prompt
    assert ClassQuestion.from_json(q.to_json()) == q


def test_a_trick_winner_question_names_who_played_each_card() -> None:
    q = exercise_question("trick_winner", 4, {"trump": "S"})
    assert len(q.cards) == 4 and len(q.labels) == 4
    assert set(q.labels) == {"North", "East", "South", "West"}
    assert q.right[0] in q.cards


def test_a_can_play_question_shows_the_card_led_and_marks_a_set() -> None:
    q = exercise_question("can_play", 2)
    assert q.mode == "cards" and len(q.shown) == 1 and q.shown[0][0].endswith("led")
    assert set(q.right[0].split()) <= set(q.cards)


def test_class_mode_offers_every_drill_of_the_lessons() -> None:
    assert set(CLASS_KINDS) == set(EXERCISE_KINDS) and len(CLASS_KINDS) == len(EXERCISE_KINDS)


def test_every_quick_class_kind_makes_a_question() -> None:
    # the kinds the rules answer; the judged ones are made in tests/lessons and below
    for kind in ("left_bower", "rank_order", "trick_winner", "can_play", "points", "trumps_out"):
        q = exercise_question(kind, 1)
        assert q.right and q.why and all(answer_fits(q, a) for a in q.right)


def test_putting_cards_in_order_is_a_choice_among_orders_in_class() -> None:
    q = exercise_question("rank_order", 5, {"trump": "H"})
    ex = generate("rank_order", 5, {"trump": "H"})
    right = solve(ex).answer
    assert isinstance(right, tuple)
    assert q.mode == "choice" and len(q.choices) == 4 and len(set(q.choices)) == 4
    assert q.right == (", ".join(c.short for c in right),) and q.right[0] in q.choices
    for other in q.choices:  # each wrong order is the right one with two neighbours swapped
        cards = other.split(", ")
        moved = [i for i, c in enumerate(cards) if c != right[i].short]
        assert other == q.right[0] or (len(moved) == 2 and moved[1] == moved[0] + 1)


def test_a_variant_drill_shows_its_upcard_and_a_table_drill_its_trick() -> None:
    q = exercise_question("two_handed", 0)
    assert q.mode == "choice" and q.upcard is not None and q.choices == ("pick it up", "pass")
    q = exercise_question("second_hand", 0)
    assert q.mode == "card" and len(q.shown) == 1 and q.shown[0][0] != "You"


def test_bad_kinds_and_levels_are_explained() -> None:
    with pytest.raises(QuestionError, match="class questions are"):
        exercise_question("nope", 1)
    with pytest.raises(QuestionError, match="trump"):
        exercise_question("left_bower", 1, {"trump": "X"})


def test_lesson_steps_carry_their_options() -> None:
    steps = lesson_steps()
    right_bower = next(s for s in steps if s.kind == "left_bower" and ("bower", "right") in s.options)
    q = step_question(right_bower, 3)
    assert q.source.startswith(f"Lesson {right_bower.lesson}, step {right_bower.step}")
    assert q.trump is not None and q.right == ("J" + q.trump,)  # the right bower: the jack of trump


def test_a_typed_hand_is_judged_by_the_analyzer() -> None:
    # Both bowers, the ace and 9 of trump after the pickup: the dealer picks it up (alone or not).
    q = hand_question("JH JD AH KS 9C", "9H", "dealer", 1)
    assert q.kind == "hand" and q.choices == ("pass", "pick it up", "pick it up alone")
    assert q.right[0].startswith("pick it up")
    assert len(q.figures) == 3 and all("points a hand" in f for f in q.figures)
    with pytest.raises(QuestionError, match="5 cards"):
        hand_question("JH JD AH", "9H", "first", 1)


def test_tapping_a_card_again_takes_it_out_of_the_set() -> None:
    assert toggled(FOLLOW, "", "TS") == "TS"
    assert toggled(FOLLOW, "TS", "9S") == "9S TS"  # in the question's order
    assert toggled(FOLLOW, "9S TS", "TS") == "9S"
    assert words(FOLLOW, "9S TS") == "9♠, 10♠" and words(FOLLOW, "") == "nothing"


def test_the_tally_has_a_bar_per_card_with_the_right_one_marked(bower: ClassQuestion) -> None:
    t = tally(bower, ["JD", "JD", "JH", "JD", "JS"])
    assert (t.answered, t.right) == (5, 3)
    assert [(b.answer, b.count, b.right) for b in t.bars] == [
        ("QD", 0, False),
        ("JD", 3, True),
        ("JH", 1, False),
        ("JS", 1, False),
    ]


def test_the_tally_of_sets_puts_the_right_set_first() -> None:
    t = tally(FOLLOW, ["9S", "9S TS", "9S TS JS", "9S", "9S TS"])
    assert [(b.answer, b.count, b.right) for b in t.bars] == [
        ("9S TS", 2, True),
        ("9S", 2, False),
        ("9S TS JS", 1, False),
    ]


def test_the_leaderboard_counts_only_revealed_questions(bower: ClassQuestion, points: ClassQuestion) -> None:
    questions = {1: bower, 2: points, 3: bower}
    given = [
        Given(1, "Ada", "JD"),
        Given(1, "Ben", "JH"),
        Given(2, "Ada", "makers 1"),
        Given(2, "Ben", "defenders 2"),
        Given(2, "Cy", "defenders 2"),
        Given(3, "Cy", "JD"),
    ]
    rows = leaderboard(questions, {1, 2}, given)  # question 3 is still open: Cy's JD does not count yet
    assert [(s.name, s.right, s.answered, s.rank) for s in rows] == [
        ("Ada", 1, 2, 1),
        ("Ben", 1, 2, 1),
        ("Cy", 1, 1, 1),
    ]


def test_the_summary_has_a_row_per_pupil_and_question_and_quotes_formulas(
    bower: ClassQuestion, points: ClassQuestion
) -> None:
    questions = {1: bower, 2: points}
    given = [Given(1, "Ada", "JD"), Given(2, "Ada", "makers 1"), Given(2, "=cmd", "defenders 2")]
    rows = list(csv.reader(io.StringIO(summary_csv(questions, ["Ada", "=cmd", "Dee"], given))))
    assert rows[0][:4] == ["pupil", "right", "answered", "rank"]
    # pupil, right, answered, rank, question, idea, text, right answer, answer, correct, counted, seconds, at
    # in the leaderboard's order: one right each for "=cmd" and Ada (ties by name: "=" sorts before
    # letters), none for Dee; with no revealed set given, every question counts
    assert [r[:4] + r[8:11] for r in rows[1:]] == [
        ["'=cmd", "1", "1", "1", "", "", "yes"],
        ["'=cmd", "1", "1", "1", "defenders 2", "yes", "yes"],
        ["Ada", "1", "2", "1", "J♦", "yes", "yes"],
        ["Ada", "1", "2", "1", "makers 1", "no", "yes"],
        ["Dee", "0", "0", "3", "", "", "yes"],
        ["Dee", "0", "0", "3", "", "", "yes"],
    ]


@pytest.mark.parametrize("kind", ["keep_guards", "loner_lead", "trumps_out"])
def test_a_seat_at_the_table_is_asked_in_class_as_the_lesson_asks_it(kind: str) -> None:
    """The defence drills and the trump count: the projector says the situation and the question,
    lists the tricks so far, shows the trick on the table, and counts right exactly the answers
    the lesson's own judge accepts."""
    from lessons.exercises import check, generate, solve

    ex = generate(kind, 0)
    q = from_exercise(ex, "drill")
    assert q.prompt.endswith("?") and "Trick 1:" not in q.prompt
    assert q.facts and all(line.startswith("Trick") for line in q.facts)
    assert [card for _, card in q.shown] == [str(c) for _, c in ex.trick]
    solution = solve(ex)
    for answer in q.right:
        given = ex.cards[q.cards.index(answer)] if q.mode == "card" else answer
        assert check(ex, given, solution).correct
    wrong = next(c for c in (q.cards if q.mode == "card" else q.choices) if c not in q.right)
    given = ex.cards[q.cards.index(wrong)] if q.mode == "card" else wrong
    assert not check(ex, given, solution).correct


def test_the_keep_guards_question_shows_the_trick_being_played() -> None:
    """The cards of the trick being played (the lone maker's lead and what followed it) are on the
    table, each captioned by who played it: a pupil sitting South sees West, North (the partner) and
    East by those names."""
    from lessons.exercises import generate

    q = exercise_question("keep_guards", 0)
    ex = generate("keep_guards", 0)
    assert ex.view is not None and ex.view.alone and ex.trick
    names = {1: "West", 2: "Your partner North", 3: "East"}
    assert q.shown == tuple((names[seat], str(card)) for seat, card in ex.trick)
    assert ex.trick[0][0] == ex.view.maker  # here the lone maker led it


@pytest.mark.parametrize("name", ["Ann\r=1+1", "Ann\n=1+1", "Ann\r\n@SUM(A1)", "\r=1+1", 'A "quoted"\rname'])
def test_a_cell_with_a_line_break_stays_one_cell_of_one_row(name: str, bower: ClassQuestion) -> None:
    # issue 50, item 10: the name filter stops such names first, but the writer holds by itself
    text = summary_csv({1: bower}, [name, "Dee"], [Given(1, name, "JD")])
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert len(rows) == 3 and all(len(r) == len(rows[0]) for r in rows)  # the header, then one row each
    pupils = [r[0] for r in rows[1:]]
    kept = "'" + name if name[0] in "\r" else name  # a cell starting with a carriage return is quoted too
    assert pupils == [kept, "Dee"]
    assert not any(
        cell.startswith(("=", "@", "+", "-")) for r in rows for cell in r
    )  # the formula guard holds
