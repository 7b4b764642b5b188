"""What the practice tests share: a background worker of their own and a grader that grades every
decision "best" and notes how it was called."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from engine.core.actions import Action
from engine.core.hand import HandState
from practice.review import GradedDecision


class FakeGrader:
    """Grades every decision "best" and notes which thread did it, with which score and table."""

    def __init__(self) -> None:
        self.threads: list[str] = []
        self.scores: list[tuple[int, int] | None] = []
        self.tables: list[str] = []
        self.seats: list[int] = []

    def __call__(
        self,
        step: int,
        before: HandState,
        action: Action,
        seat: int,
        score: tuple[int, int] | None,
        table: str,
    ) -> GradedDecision:
        self.threads.append(threading.current_thread().name)
        self.scores.append(score)
        self.tables.append(table)
        self.seats.append(seat)
        return GradedDecision.from_values(step, before, action, "fake", {action: 0.0})


@pytest.fixture
def worker() -> Iterator[ThreadPoolExecutor]:
    """One background thread (named test-grader-...), as the app's shared grader is."""
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="test-grader") as pool:
        yield pool


@pytest.fixture
def grader() -> FakeGrader:
    return FakeGrader()
