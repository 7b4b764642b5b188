"""The practice table's background grading: each decision of the learner's graded while they think.

A ``GradingPool`` submits each decision to a background grader (``review.grade_decision``, judged
from the learner's seat) when it is played, or queues it until the page that the click drew is on
the screen (``queue``, then ``start``); it hands the current hand's grades to the review (waiting
for the grader's jobs rather than grading a second time), keeps each finished hand's grades for the
game's chart, and grades again the earlier hands a reload rebuilt from the page link. It knows no
page, link or database: ``practice.table_session.PracticeTable`` owns one.

The real grader runs in a worker process at a lower priority (``shared_grader``,
``practice.grader_process``): it is Python, and on a thread of the page's process it held the
interpreter lock while the page drew. A grader of a test's own (any other ``grade``) runs on a
thread of this process (``local_grader``), as it need not be picklable.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor, wait
from typing import Any, TypeVar

from engine.core.actions import Action
from engine.core.game import add_hand, seat_score, sides
from engine.core.hand import HandState
from engine.core.rules import Rules
from engine.core.seats import LEARNER
from practice import review, skill
from practice.grader_process import ProcessGrader

FINISHED_LIMIT = 200  # finished hands whose grades are kept for the game's chart
REGRADE_WAIT = 2.0  # seconds the review waits for an earlier hand's grades worked out again after a reload
GRADE_WAIT = 10.0  # seconds the review waits for each background grade before grading itself
RUN_WAIT = 60.0  # seconds ``GradingPool.run`` waits for the worker before working it out here

Grade = Callable[[int, HandState, Action, int, review.SeatScore | None, str], review.GradedDecision]
Grades = tuple[review.GradedDecision, ...]
T = TypeVar("T")

_grader_lock = threading.Lock()
_shared_grader: Executor | None = None
_local_grader: ThreadPoolExecutor | None = None


def shared_grader() -> Executor:
    """The page process's one background grader: a worker process at a lower priority, started
    (and warmed up) the first time a table asks for it, which grades each decision while the
    learner thinks. Where no process can be started, a thread of this process (``local_grader``)."""
    global _shared_grader
    with _grader_lock:
        if _shared_grader is None:
            grader = ProcessGrader()
            ready = grader.start()
            if ready.done() and ready.exception() is not None:  # no worker could be started
                grader.shutdown(wait=False)
                _shared_grader = _thread_grader()
            else:
                _shared_grader = grader
        return _shared_grader


def local_grader() -> ThreadPoolExecutor:
    """One background thread of this process, for a grader of a test's own."""
    with _grader_lock:
        return _thread_grader()


def _thread_grader() -> ThreadPoolExecutor:
    global _local_grader
    if _local_grader is None:
        _local_grader = ThreadPoolExecutor(max_workers=1, thread_name_prefix="practice-grader")
    return _local_grader


class GradingPool:
    """One learner's decisions being graded, and the grades kept. ``grade`` grades one decision
    (step, state before it, action, seat, the seat's score, table); ``executor`` runs it (default
    ``shared_grader()`` for ``review.grade_decision``, else ``local_grader()``). The pool asks for
    the shared grader when it is made (a page opening), so its worker is ready before the first click."""

    def __init__(self, grade: Grade = review.grade_decision, executor: Executor | None = None) -> None:
        self._grade = grade
        self._executor = executor
        if executor is None and grade is review.grade_decision:
            self._executor = shared_grader()
        # each job, with the table it grades bids against
        self._jobs: list[tuple[Future[review.GradedDecision], str]] = []
        # decisions played whose grading waits for ``start`` (step, state before, action, score, table)
        self._queued: list[tuple[int, HandState, Action, review.SeatScore, str]] = []
        self._prepared: tuple[HandState, review.SeatScore, str] | None = None  # the last ``prepare``
        self._current: tuple[Any, Grades] | None = None  # (the hand's key, its grades)
        # each finished hand's graded decisions, kept for the game's chart (the hand is the key)
        self.finished: dict[HandState, Grades] = {}
        # earlier hands this page did not see played (a reload rebuilt them from the link), being graded
        self._regrading: dict[HandState, list[Future[review.GradedDecision]]] = {}

    @property
    def executor(self) -> Executor:
        return self._executor if self._executor is not None else local_grader()

    def submit(
        self, step: int, before: HandState, action: Action, score: review.SeatScore, table: str
    ) -> None:
        """Grade a decision just played, in the background."""
        job = self.executor.submit(self._grade, step, before, action, LEARNER, score, table)
        self._jobs.append((job, table))

    def queue(
        self, step: int, before: HandState, action: Action, score: review.SeatScore, table: str
    ) -> None:
        """Grade a decision just played, in the background once ``start`` is called (the page the
        click drew is on the screen): the grading never competes with drawing the click's page."""
        self._queued.append((step, before, action, score, table))

    def start(self) -> None:
        """Submit every queued decision to the background grader."""
        queued, self._queued = self._queued, []
        for decision in queued:
            self.submit(*decision)

    def prepare(self, before: HandState, score: review.SeatScore, table: str) -> None:
        """While the learner thinks at ``before``: have the background grader work out the figures
        grading any choice there reads (``review.prepare_grade``), once, after the grades queued
        before it; the grade of the choice made then comes quickly. Only for ``review.grade_decision``
        (a test's grader has nothing to prepare)."""
        if self._grade is not review.grade_decision or self._prepared == (before, score, table):
            return
        self._prepared = (before, score, table)
        self.executor.submit(review.prepare_grade, before, LEARNER, score, table)

    def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``fn(*args, **kwargs)`` where the grades are worked out, waited for: in the grading worker
        for ``review.grade_decision`` (its caches hold the figures of the decisions graded), else
        here; here too when the worker fails it (``fn`` is pure: the same answer either way)."""
        if self._grade is review.grade_decision and isinstance(self.executor, ProcessGrader):
            job = self.executor.submit(fn, *args, **kwargs)
            try:
                return job.result(timeout=RUN_WAIT)
            except Exception:  # the worker failed it (died, timed out, ...): work it out here
                job.cancel()
        return fn(*args, **kwargs)

    def luck(self, grades: Grades) -> tuple[float | None, str | None]:
        """The luck of the hand whose learner's decisions are ``grades`` (``skill.luck_of``), where the
        grades are worked out: the worker valued the hand while the learner thought at round 1
        (``review.prepare_grade``), so the click that ends the hand does not value it again."""
        return self.run(skill.luck_of, grades[:1], LEARNER)

    @property
    def pending(self) -> int:
        """Grades queued or started and not yet finished."""
        return len(self._queued) + sum(not job.done() for job, _ in self._jobs)

    def hand_grades(self, key: Any, hand: HandState, score: review.SeatScore, table: str) -> Grades:
        """The learner's graded decisions of ``hand`` (``key`` names it and the table), using what
        the background worker has finished for ``table`` (waiting up to ``GRADE_WAIT`` for each job);
        the rest graded here. A finished hand's grades are kept in ``finished``."""
        if self._current is not None and self._current[0] == key:
            return self._current[1]
        self.start()
        done: dict[tuple[int, HandState, Action], review.GradedDecision] = {}
        for job, graded_for in self._jobs:
            wait([job], timeout=GRADE_WAIT)
            if job.done() and not job.cancelled() and job.exception() is None and graded_for == table:
                graded = job.result()
                done[(graded.step, graded.before, graded.action)] = graded
        self._jobs.clear()
        grades = tuple(
            done.get(d) or self._grade(*d, LEARNER, score, table) for d in review.learner_decisions(hand)
        )
        self._current = (key, grades)
        if hand.is_over:
            self.keep_finished(hand, grades)
        return grades

    def keep_finished(self, hand: HandState, grades: Grades) -> None:
        """Keep a finished hand's grades for the game's chart (at most ``FINISHED_LIMIT`` hands)."""
        if len(self.finished) >= FINISHED_LIMIT:
            self.finished.clear()
        self.finished[hand] = grades

    def regrade_earlier(
        self, rules: Rules, earlier: tuple[HandState, ...], table: str, wait_s: float = REGRADE_WAIT
    ) -> int:
        """Grades for the ``earlier`` hands of a game (from its first) that have none kept (the page
        was reloaded and the link rebuilt them): each of the learner's decisions graded in the
        background as it was when played (the score at that hand's deal, ``table``), kept as the
        hand's jobs finish. Waits up to ``wait_s`` for them; returns how many hands are still being graded."""
        scores = (0,) * sides(rules)
        for hand in earlier:
            if hand not in self.finished and hand not in self._regrading:
                score = seat_score(rules, scores, LEARNER)
                self._regrading[hand] = [
                    self.executor.submit(self._grade, *d, LEARNER, score, table)
                    for d in review.learner_decisions(hand)
                ]
            scores = add_hand(scores, hand)
        jobs = [job for hand_jobs in self._regrading.values() for job in hand_jobs]
        if jobs and wait_s > 0:
            wait(jobs, timeout=wait_s)
        for hand, hand_jobs in list(self._regrading.items()):
            if all(job.done() for job in hand_jobs):
                del self._regrading[hand]
                if all(not job.cancelled() and job.exception() is None for job in hand_jobs):
                    self.keep_finished(hand, tuple(job.result() for job in hand_jobs))
        return len(self._regrading)


__all__ = [
    "GRADE_WAIT",
    "FINISHED_LIMIT",
    "REGRADE_WAIT",
    "RUN_WAIT",
    "Grade",
    "GradingPool",
    "local_grader",
    "shared_grader",
]
