"""The background grading pool on its own: a decision graded in the background is used once and
only for the table it was graded against; finished hands are kept (up to a limit)."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from engine.core.actions import Action
from engine.core.hand import HandState, Phase, deal
from engine.core.rules import Rules
from practice import grading
from practice.grader_process import ProcessGrader
from practice.grading import GradingPool


def _played(seed: int, steps: int) -> tuple[HandState, list[tuple[int, HandState, Action]]]:
    """A hand of ``Rules()`` dealt by seat 3 in which every seat takes its first legal action for
    ``steps`` steps; seat 0's decisions among them."""
    state = deal(Rules(), dealer=3, rng=random.Random(seed))
    mine = []
    for step in range(steps):
        action = state.legal_actions()[0]
        if state.to_act == 0:
            mine.append((step, state, action))
        state = state.apply(action)
    return state, mine


def test_a_background_grade_is_used_for_its_own_table_only(worker: ThreadPoolExecutor, grader: Any) -> None:
    pool = GradingPool(grader, worker)
    hand, mine = _played(5, 1)  # dealer 3: seat 0 (the learner) speaks first
    assert len(mine) == 1
    step, before, action = mine[0]
    pool.submit(step, before, action, (2, 7), "people")
    worker.submit(lambda: None).result()  # the single worker has graded it before this
    assert pool.pending == 0 and grader.tables == ["people"] and grader.seats == [0]
    # asked for another table: the background grade is not used, the decision is graded again
    grades = pool.hand_grades("key-strong", hand, (2, 7), "strong")
    assert [g.action for g in grades] == [action]
    assert grader.tables == ["people", "strong"] and grader.scores == [(2, 7), (2, 7)]
    # asked again with the same key: kept, not graded a third time
    assert pool.hand_grades("key-strong", hand, (2, 7), "strong") is grades and len(grader.tables) == 2


def test_finished_hands_are_kept_up_to_the_limit(monkeypatch: pytest.MonkeyPatch, grader: Any) -> None:
    monkeypatch.setattr(grading, "FINISHED_LIMIT", 2)
    pool = GradingPool(grader)
    hands = [_played(seed, 4)[0] for seed in (1, 2, 3)]
    for hand in hands[:2]:
        pool.keep_finished(hand, ())
    assert list(pool.finished) == hands[:2]
    pool.keep_finished(hands[2], ())  # the limit reached: the kept grades start again
    assert list(pool.finished) == hands[2:]


def test_a_queued_decision_is_graded_once_started_or_when_the_review_asks(
    worker: ThreadPoolExecutor, grader: Any
) -> None:
    pool = GradingPool(grader, worker)
    hand, mine = _played(5, 8)  # every seat passes twice: the learner's two passes
    first, second = mine
    pool.queue(*first, (0, 0), "people")
    worker.submit(lambda: None).result()
    assert grader.tables == [] and pool.pending == 1  # queued: nothing graded yet
    pool.start()  # the click's page is drawn
    worker.submit(lambda: None).result()
    assert grader.seats == [0] and pool.pending == 0
    pool.queue(*second, (0, 0), "people")
    grades = pool.hand_grades("key", hand, (0, 0), "people")  # the review starts what is queued
    assert [g.step for g in grades] == [first[0], second[0]] and len(grader.tables) == 2


def test_the_pool_grades_in_the_worker_process_with_the_real_grader_only(grader: Any) -> None:
    assert isinstance(GradingPool().executor, ProcessGrader)
    assert GradingPool().executor is grading.shared_grader()  # one worker for every table
    assert GradingPool(grader).executor is grading.local_grader()  # a test's grader, on a thread here


def test_where_no_worker_process_can_be_started_a_thread_grades(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_processes(self: ProcessGrader) -> None:
        raise OSError("no processes can be started here")

    monkeypatch.setattr(ProcessGrader, "_current", no_processes)
    monkeypatch.setattr(grading, "_shared_grader", None)
    pool = GradingPool()
    assert pool.executor is grading.local_grader()
    hand, mine = _played(5, 1)
    pool.submit(*mine[0], (0, 0), "people")
    grades = pool.hand_grades("key", hand, (0, 0), "people")
    assert [g.action for g in grades] == [mine[0][2]] and grades[0].grade is not None


def test_preparing_a_decision_leaves_its_grade_unchanged_and_quick_to_make() -> None:
    from engine.search.seat_values import judged
    from practice import review

    before = deal(Rules(), dealer=3, rng=random.Random(3))
    before = before.apply(before.legal_actions()[1])  # the learner orders up; then to the first card
    while before.phase is not Phase.PLAY or before.to_act != 0:
        before = before.apply(before.legal_actions()[0])
    step, action = len(before.history), before.legal_actions()[-1]
    judged.cache_clear()
    review.grade_decision.cache_clear()
    fresh = review.grade_decision(step, before, action, 0, (0, 0), "people")
    judged.cache_clear()
    review.grade_decision.cache_clear()
    review.prepare_grade(before, 0, (0, 0), "people")
    assert judged.cache_info().misses == 1
    prepared = review.grade_decision(step, before, action, 0, (0, 0), "people")
    assert prepared == fresh and judged.cache_info().misses == 1  # the valuation was not worked out again
