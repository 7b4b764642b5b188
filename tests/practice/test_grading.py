"""The background grading pool on its own: a decision graded in the background is used once and
only for the table it was graded against; finished hands are kept (up to a limit)."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from engine.core.actions import Action
from engine.core.hand import HandState, deal
from engine.core.rules import Rules
from practice import grading
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
