"""The background grading pool on its own: a decision graded in the background is used once and
only for the table it was graded against; finished hands are kept (up to a limit); earlier hands
are graded at the score they were dealt at."""

from __future__ import annotations

import random
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from engine.core.actions import Action
from engine.core.hand import HandState, deal
from engine.core.rules import Rules
from practice import grading
from practice.grading import GradingPool
from practice.review import GradedDecision


class Recorder:
    """Grades every decision "best" and notes (step, seat, score, table) of each call."""

    def __init__(self) -> None:
        self.calls: list[tuple[int, int, tuple[int, int] | None, str]] = []

    def __call__(
        self,
        step: int,
        before: HandState,
        action: Action,
        seat: int,
        score: tuple[int, int] | None,
        table: str,
    ) -> GradedDecision:
        self.calls.append((step, seat, score, table))
        return GradedDecision(step, before, action, "best", 0.0, None, (), table)


@pytest.fixture
def worker() -> Iterator[ThreadPoolExecutor]:
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="test-grader") as pool:
        yield pool


def _played(seed: int, decisions: int) -> tuple[HandState, list[tuple[int, HandState, Action]]]:
    """A hand of ``Rules()`` in which every seat takes its first legal action; seat 0's decisions
    among the first ``decisions`` steps."""
    state = deal(Rules(), dealer=3, rng=random.Random(seed))
    mine = []
    for step in range(decisions):
        action = state.legal_actions()[0]
        if state.to_act == 0:
            mine.append((step, state, action))
        state = state.apply(action)
    return state, mine


def test_a_background_grade_is_used_for_its_own_table_only(worker: ThreadPoolExecutor) -> None:
    grade = Recorder()
    pool = GradingPool(grade, worker)
    hand, mine = _played(5, 1)  # dealer 3: seat 0 bids first
    assert len(mine) == 1
    step, before, action = mine[0]
    pool.submit(step, before, action, (2, 7), "people")
    worker.submit(lambda: None).result()
    assert pool.pending == 0 and grade.calls == [(step, 0, (2, 7), "people")]
    # asked for another table: the background grade is not used, the decision is graded again
    grades = pool.hand_grades("key-strong", hand, (2, 7), "strong")
    assert [g.source for g in grades] == ["strong"]
    assert grade.calls[-1] == (step, 0, (2, 7), "strong") and len(grade.calls) == 2
    # asked again with the same key: kept, not graded a third time
    assert pool.hand_grades("key-strong", hand, (2, 7), "strong") is grades and len(grade.calls) == 2


def test_finished_hands_are_kept_up_to_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(grading, "FINISHED_LIMIT", 2)
    pool = GradingPool(Recorder())
    hands = [_played(seed, 4)[0] for seed in (1, 2, 3)]
    for hand in hands[:2]:
        pool.keep_finished(hand, ())
    assert list(pool.finished) == hands[:2]
    pool.keep_finished(hands[2], ())  # the limit reached: the kept grades start again
    assert list(pool.finished) == hands[2:]
