"""Learning from mistakes without Streamlit: what the learner's tries at a position mean, and the
mistake deck's schedule (1, 3 and 7 days, then retired; a wrong answer starts again), worked out
by hand on a calendar and checked with the clock moved on. A mistake from a table of people is
asked from its seat's view alone (``seat_only``): the same question whatever the other hands held."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

from engine.core.actions import ORDER, ORDER_ALONE, PASS, Action
from engine.core.cards import Card, parse_card, parse_cards
from engine.core.hand import HandState, from_cards
from engine.core.mistake import PEOPLE, PRACTICE
from engine.core.problem import Problem
from engine.core.rules import Rules
from engine.core.view import view_of
from practice import deck
from practice.deck import Verdict, judge, scheduled, when_text
from practice.review import COSTLY, GradedDecision
from practice.session import Session, Waiting
from practice.table_link import seat_levels
from practice.table_session import PracticeTable
from store.backend import Connection
from store.mistake_deck import DECK_GRADES, RETIRED, Entry, Mistake

MADE = datetime(2026, 12, 3, 14, 0, tzinfo=UTC)  # a Thursday afternoon
LEARNER_KEY = "browser:AbC_123-xyzXYZ7890qq"


def bidding() -> HandState:
    """South (seat 0) to speak first, holding both bowers and three more hearts, the 9♥ turned up."""
    hands = [parse_cards(t) for t in ("JH JD AH KH QH", "AC KC QC JC TC", "AS KS QS JS TS", "AD KD QD TD 9D")]
    return from_cards(Rules(), 3, hands, parse_card("9H"), parse_cards("9C 9S TH"))


def graded(action: Action, grade: str, step: int = 0, before: HandState | None = None) -> GradedDecision:
    """A graded bid at ``bidding()``: ordering is best, ordering alone as good, passing a blunder."""
    grades = {ORDER: "best", ORDER_ALONE: "good", PASS: "blunder", action: grade}
    return GradedDecision.from_values(
        step,
        before or bidding(),
        action,
        "test figures",
        {ORDER: 1.9, ORDER_ALONE: 1.8, PASS: -0.5},
        grades,
        top=ORDER,
        reason="Five trumps with both bowers: order it up.",
    )


# ---- the quiz ----------------------------------------------------------------------------


def test_tries_right_at_once_right_at_the_second_try_and_shown_after_two_wrong() -> None:
    right = (ORDER, ORDER_ALONE)
    assert judge(right, ()) == deck.Quiz(Verdict.ASKING, (), False)
    assert judge(right, (ORDER_ALONE,)) == deck.Quiz(Verdict.RIGHT, (ORDER_ALONE,), True)  # a "good" is right
    assert judge(right, (PASS,)).verdict is Verdict.TRY_AGAIN
    again = judge(right, (PASS, ORDER))
    assert again.verdict is Verdict.RIGHT and not again.first_right and again.answered
    shown = judge(right, (PASS, PASS))
    assert shown.verdict is Verdict.SHOWN and shown.answered and not shown.first_right
    # tries after the quiz is over do not count
    assert judge(right, (PASS, PASS, ORDER)) == shown
    assert judge(right, (ORDER, PASS)).tries == (ORDER,)
    assert not judge(right, (PASS,)).answered and judge(right, (PASS,)).last == PASS


def test_a_graded_decision_becomes_a_question_and_only_a_costly_one_a_deck_entry() -> None:
    q = deck.question_of(graded(PASS, "blunder"))
    assert q is not None
    assert (q.seat, q.choice, q.best, q.right, q.grade) == (0, PASS, ORDER, (ORDER, ORDER_ALONE), "blunder")
    assert q.reason.startswith("Five trumps")
    m = deck.mistake_of(graded(PASS, "blunder"))
    # the grade's own figures go with it, in the order of South's legal choices
    south = view_of(bidding(), 0).to_text()
    figures = Problem(
        south,
        ("pass", "order", "order alone"),
        ("order", "order alone"),
        (-0.5, 1.9, 1.8),
        "points",
        "test figures",
        "Five trumps with both bowers: order it up.",
    )
    assert m == Mistake(figures, bidding(), PASS, "blunder") and m.problem.value_of("order alone") == 1.8
    assert deck.question_of(graded(ORDER, "best")) is None  # nothing to find: it was right
    assert deck.mistake_of(graded(PASS, "inaccuracy")) is None  # only mistakes and blunders are kept
    assert deck.question_of(graded(PASS, "inaccuracy")) is not None
    ungraded = GradedDecision(0, bidding(), PASS, "the only legal choice")
    assert deck.question_of(ungraded) is None and deck.mistake_of(ungraded) is None


def test_the_deck_keeps_the_grades_review_calls_costly() -> None:
    assert DECK_GRADES == COSTLY


def test_a_mistake_from_a_table_of_people_is_asked_from_its_seats_view_alone(
    random_states: Callable[[Rules, int, int], Iterator[HandState]],
    redeal_hidden: Callable[[HandState, int, random.Random], HandState],
    hidden_from: Callable[[HandState, int | None], set[Card]],
) -> None:
    """For every position of 12 hands of mixed play, a question to its seat to act: ``seat_only``
    keeps the seat's view and its choices, and is the very same position when the cards the seat
    cannot see are dealt again among the places it cannot see: nothing of them is left in it. A
    Practice question is left whole (every hand may be shown once answered)."""
    asked = 0
    for state in random_states(Rules(), 12, 54):
        seat = state.to_act
        assert seat is not None
        legal = state.legal_actions()
        if len(legal) < 2:
            continue
        m = Mistake.without_figures(state, legal[-1], (legal[0],), "why", "mistake", PEOPLE)
        shown = deck.seat_only(m).before
        assert view_of(shown, seat) == view_of(state, seat) and shown.legal_actions() == legal
        assert sorted(shown.hands[seat]) == sorted(state.hands[seat])
        rng = random.Random(asked)
        for _ in range(2):
            other = redeal_hidden(state, seat, rng)
            assert deck.seat_only(dataclasses.replace(m, before=other)).before == shown
        practice = dataclasses.replace(m, source=PRACTICE)
        assert deck.seat_only(practice) is practice and hidden_from(practice.before, seat)
        asked += 1
    assert asked > 100


def test_add_mistakes_marks_where_they_were_played(conn: Connection) -> None:
    deck.add_mistakes(LEARNER_KEY, [graded(PASS, "blunder")], MADE, conn, source=PEOPLE)
    deck.add_mistakes("name:Ada", [graded(PASS, "blunder")], MADE, conn)
    later = MADE + timedelta(days=2)
    (people,) = deck.deck_for(LEARNER_KEY, later, conn).due
    (practice,) = deck.deck_for("name:Ada", later, conn).due
    assert (people.mistake.source, practice.mistake.source) == (PEOPLE, PRACTICE)
    assert people.mistake.others_private and not practice.mistake.others_private


# ---- the schedule, worked out by hand ------------------------------------------------------


def test_the_schedule_on_a_calendar() -> None:
    # added Thu 3 Dec 14:00: first due Fri 4 Dec (deck.add_mistakes uses INTERVALS[0])
    assert deck.INTERVALS == (1, 3, 7) and len(deck.INTERVALS) == RETIRED
    # right at the first try, Fri 4 Dec 09:00: stage 1, due Mon 7 Dec 09:00 (3 days)
    friday = datetime(2026, 12, 4, 9, 0, tzinfo=UTC)
    assert scheduled(0, True, friday) == (1, datetime(2026, 12, 7, 9, 0, tzinfo=UTC))
    # right again, Mon 7 Dec 20:00: stage 2, due Mon 14 Dec 20:00 (7 days)
    monday = datetime(2026, 12, 7, 20, 0, tzinfo=UTC)
    assert scheduled(1, True, monday) == (2, datetime(2026, 12, 14, 20, 0, tzinfo=UTC))
    # right a third time: retired
    later = datetime(2026, 12, 14, 21, 0, tzinfo=UTC)
    assert scheduled(2, True, later)[0] == RETIRED
    # wrong (or right only at the second try) at any stage: back to stage 0, due the next day
    assert scheduled(2, False, later) == (0, datetime(2026, 12, 15, 21, 0, tzinfo=UTC))
    assert scheduled(0, False, friday) == (0, datetime(2026, 12, 5, 9, 0, tzinfo=UTC))


def test_days_are_calendar_days_in_utc() -> None:
    late = datetime(2026, 12, 3, 23, 30, tzinfo=UTC)
    assert deck.days_until(datetime(2026, 12, 4, 0, 10, tzinfo=UTC), late) == 1  # 40 minutes, but tomorrow
    assert deck.days_until(datetime(2026, 12, 3, 0, 0, tzinfo=UTC), late) == 0
    assert deck.days_until(datetime(2026, 11, 30, 8, 0, tzinfo=UTC), late) == -3
    assert when_text(datetime(2026, 12, 6, 1, 0, tzinfo=UTC), late) == "in 3 days"
    assert when_text(datetime(2026, 11, 30, 8, 0, tzinfo=UTC), late) == "today"  # overdue
    # another time zone is the same moment
    eastern = datetime(2026, 12, 3, 20, 0, tzinfo=UTC).astimezone(
        timezone(timedelta(hours=-5))
    )  # 15:00 in New York
    assert deck.days_until(eastern, late) == 0
    assert deck.date_text(datetime(2026, 12, 6, 1, 0, tzinfo=UTC)) == "Sun 6 Dec"


def _entry(i: int, due: datetime, stage: int = 0) -> Entry:
    m = Mistake.without_figures(bidding(), PASS, (ORDER, ORDER_ALONE), "why", "blunder")
    return Entry(i, LEARNER_KEY, m, MADE, due, stage, 0)


def test_a_deck_sorts_its_entries_into_due_coming_up_and_retired() -> None:
    now = datetime(2026, 12, 5, 10, 0, tzinfo=UTC)
    entries = [
        _entry(1, datetime(2026, 12, 8, 9, 0, tzinfo=UTC)),
        _entry(2, datetime(2026, 12, 5, 22, 0, tzinfo=UTC)),
        _entry(3, datetime(2026, 12, 4, 9, 0, tzinfo=UTC)),
        _entry(4, MADE, RETIRED),
        _entry(5, datetime(2026, 12, 6, 9, 0, tzinfo=UTC)),
    ]
    d = deck.sorted_deck(entries, now, damaged=2)
    assert [e.id for e in d.due] == [3, 2]  # overdue first; 22:00 today is due today
    assert [e.id for e in d.upcoming] == [5, 1] and d.retired == 1 and d.damaged == 2
    assert d.line == "2 positions to review today"
    one = deck.sorted_deck(entries[2:3], now)
    assert one.line == "1 position to review today"
    ahead = deck.sorted_deck([entries[0], entries[4]], now)
    assert ahead.line == "Nothing to review today · 2 positions coming up (tomorrow)"
    assert deck.sorted_deck([entries[3]], now).line == ""


def test_the_learner_key_separates_names_from_browsers() -> None:
    assert deck.learner_key("Ada", "x" * 22) == "name:Ada"
    assert deck.learner_key("  ", "AbC_123-xyzXYZ7890qq") == "browser:AbC_123-xyzXYZ7890qq"
    assert deck.learner_key(None, "AbC_123-xyzXYZ7890qq") == LEARNER_KEY


# ---- the schedule with the clock moved on --------------------------------------------------


def test_a_mistake_comes_back_after_1_3_and_7_days_and_a_wrong_answer_starts_it_again(
    conn: Connection,
) -> None:
    assert (
        deck.add_mistakes(LEARNER_KEY, [graded(PASS, "blunder"), graded(ORDER, "best", step=1)], MADE, conn)
        == 1
    )
    d = deck.deck_for(LEARNER_KEY, MADE, conn)
    assert not d.due and len(d.upcoming) == 1 and when_text(d.upcoming[0].due, MADE) == "tomorrow"
    assert d.line == "Nothing to review today · 1 position coming up (tomorrow)"

    day1 = MADE + timedelta(days=1, hours=-5)  # Fri 4 Dec 09:00
    d = deck.deck_for(LEARNER_KEY, day1, conn)
    assert len(d.due) == 1 and d.line == "1 position to review today"
    done = deck.answer(d.due[0], True, day1, conn)
    assert done == deck.Answered(True, 1, datetime(2026, 12, 7, 9, 0, tzinfo=UTC))
    assert done.text(day1) == "Next review in 3 days (Mon 7 Dec)."
    assert not deck.deck_for(LEARNER_KEY, day1, conn).due

    day4 = datetime(2026, 12, 7, 8, 0, tzinfo=UTC)  # due today (at 09:00): day granularity
    d = deck.deck_for(LEARNER_KEY, day4, conn)
    assert len(d.due) == 1 and d.due[0].stage == 1
    assert deck.answer(d.due[0], False, day4, conn) == deck.Answered(
        True, 0, datetime(2026, 12, 8, 8, 0, tzinfo=UTC)
    )

    when = datetime(2026, 12, 8, 8, 0, tzinfo=UTC)
    for stage, days in ((1, 3), (2, 7)):
        e = deck.deck_for(LEARNER_KEY, when, conn).due[0]
        assert deck.answer(e, True, when, conn).stage == stage
        when += timedelta(days=days)
    e = deck.deck_for(LEARNER_KEY, when, conn).due[0]
    final = deck.answer(e, True, when, conn)
    assert (
        final.stage == RETIRED
        and final.text(when) == "Right at every review: this position leaves your deck."
    )
    d = deck.deck_for(LEARNER_KEY, when + timedelta(days=30), conn)
    assert not d.due and not d.upcoming and d.retired == 1 and d.line == ""
    # the same mistake made again later comes back into the deck, at the start
    assert deck.add_mistakes(LEARNER_KEY, [graded(PASS, "blunder")], when, conn) == 1
    assert deck.deck_for(LEARNER_KEY, when + timedelta(days=1), conn).due[0].stage == 0


def test_a_deck_is_per_learner(conn: Connection) -> None:
    deck.add_mistakes(LEARNER_KEY, [graded(PASS, "blunder")], MADE, conn)
    assert not deck.deck_for("name:Ada", MADE + timedelta(days=2), conn).due
    assert len(deck.deck_for(LEARNER_KEY, MADE + timedelta(days=2), conn).due) == 1


# ---- a finished practice hand fills the deck -----------------------------------------------


class BlunderingGrader:
    """Grades the learner's first decision a blunder (ordering up was best), every other "best"."""

    def __call__(
        self, step: int, before: HandState, action: Action, seat: int, score: Any, table: str
    ) -> GradedDecision:
        legal = before.legal_actions()
        if not any(who == 0 for who, _ in before.history) and len(legal) > 1:  # the learner's first decision
            best = next(a for a in legal if a != action)
            grades = tuple((a, "best" if a == best else "blunder") for a in legal)
            values = {a: 3.0 if a == best else 0.0 for a in legal}
            return GradedDecision.from_values(
                step, before, action, "test", values, dict(grades), top=best, reason="because"
            )
        return GradedDecision.from_values(step, before, action, "test", {action: 0.0})


def test_a_saved_hand_puts_its_mistakes_in_the_learners_deck(conn: Connection, random_players: Any) -> None:
    with ThreadPoolExecutor(max_workers=1) as worker:

        def new_table() -> PracticeTable:
            """Seed 11's game at a table that saves into ``conn``; the learner's first decision a blunder."""
            return PracticeTable(
                Session(Rules(), seat_levels(4, ()), 11),
                players=random_players,
                grade=BlunderingGrader(),
                grader=worker,
                conn=conn,
            )

        table = new_table()
        while table.position.waiting is Waiting.LEARNER:
            assert table.act(table.position.legal[0])
        table.save_finished()  # no learner: nothing goes into a deck
        assert not deck.deck_for(LEARNER_KEY, conn=conn).upcoming
        table = new_table()
        table.learner = LEARNER_KEY
        while table.position.waiting is Waiting.LEARNER:
            assert table.act(table.position.legal[0])
        table.save_finished()
        table.save_finished()  # the page draws the review on every run: still one entry
    blunders = [g for g in table.grades() if g.grade == "blunder"]
    d = deck.deck_for(LEARNER_KEY, conn=conn)
    assert (
        len(blunders) == 1
        and len(d.upcoming) == 1
        and when_text(d.upcoming[0].due, datetime.now(UTC)) == "tomorrow"
    )
    kept = d.upcoming[0].mistake
    assert (
        kept.before == blunders[0].before and kept.choice == blunders[0].action and kept.reason == "because"
    )


def test_a_large_deck_counts_with_a_thousands_separator() -> None:
    # issue 50, item 5: "5000 positions" on the Review page
    now = datetime(2026, 12, 5, 10, 0, tzinfo=UTC)
    due = [_entry(i, datetime(2026, 12, 4, 9, 0, tzinfo=UTC)) for i in range(5_000)]
    assert deck.sorted_deck(due, now).line == "5,000 positions to review today"
    later = [_entry(i, datetime(2026, 12, 8, 9, 0, tzinfo=UTC)) for i in range(1_234)]
    assert deck.sorted_deck(later, now).line.startswith("Nothing to review today · 1,234 positions coming up")
