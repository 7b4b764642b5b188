"""The private coach of each person at a table: their own decisions of a finished hand graded
from their own seat, and the hint at their turn when the table allows hints.

Both are the Practice table's, for any seat: the grade is ``practice.review.grade_hand`` (each
decision judged from the seat's view alone: its layouts of the hidden cards fit what that seat
saw; a bid by the analyzer at the game score the hand was dealt at, as that seat reckons it), the
hint is ``practice.coach.hint`` (the advice the Practice page's Hint button shows). Nothing here
reads another seat's decisions: a seat's review holds only the decisions it made.

Grading takes seconds, so it never runs on a tap: ``start_review`` hands it to the Practice
table's background grader (``practice.grading.shared_grader``: a worker process of lower
priority) and ``seat_review`` returns it once done (None before); each hand and seat is graded
once in this process (kept by the hand, the seat and the score).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from concurrent.futures import Executor, Future

from engine.analysis.tables import DEFAULT_TABLE
from engine.core.game import GameState, add_hand, seat_score, side_points
from engine.core.hand import HandState
from multiplayer.errors import NotYourTurn, TableError
from multiplayer.record import finished_hand
from multiplayer.table import PeopleTable, check_seat, to_act
from practice import coach, review
from practice.grading import shared_grader

Grades = tuple[review.GradedDecision, ...]
KEPT = 256  # hands and seats whose grades this process keeps


class HintsOff(TableError):
    """The table does not allow hints (a match)."""


def score_at_deal(game: GameState, hand: HandState, seat: int) -> review.SeatScore:
    """The game score ``hand`` (a hand of ``game``: one of its finished hands, else the current
    one) was dealt at, as ``seat`` reckons it (its side, the best opponent side)."""
    done = game.history
    at = next((i for i, h in enumerate(done) if h is hand), None)
    if at is None:
        return seat_score(game.rules, game.scores_at_deal, seat)
    scores = tuple(game.scores)
    for finished in done:  # back to the score the game started at
        scores = tuple(a - b for a, b in zip(scores, side_points(finished), strict=True))
    for finished in done[:at]:
        scores = add_hand(scores, finished)
    return seat_score(game.rules, scores, seat)


def grade_seat(hand: HandState, seat: int, score: review.SeatScore) -> Grades:
    """Every decision ``seat`` made in ``hand``, graded from its seat (the Practice table's grader)."""
    return review.grade_hand(hand, seat, score, DEFAULT_TABLE)


_lock = threading.Lock()
_jobs: OrderedDict[tuple[HandState, int, review.SeatScore], Future[Grades]] = OrderedDict()
_executor: Executor | None = None  # None: the Practice table's shared grader


def use_executor(executor: Executor | None) -> None:
    """Grade on ``executor`` from now on (None: the shared background grader)."""
    global _executor
    _executor = executor


def start_review(table: PeopleTable, seat: int, number: int | None = None) -> Future[Grades]:
    """The grading of ``seat``'s decisions in a finished hand (``record.finished_hand``), started in
    the background the first time it is asked for (the same job after that)."""
    check_seat(table, seat)
    hand = finished_hand(table, number)
    key = (hand, seat, score_at_deal(table.game, hand, seat))
    with _lock:
        job = _jobs.get(key)
        if job is None or job.cancelled() or (job.done() and job.exception() is not None):
            job = (_executor or shared_grader()).submit(grade_seat, *key)
            _jobs[key] = job
            while len(_jobs) > KEPT:
                _jobs.popitem(last=False)
        return job


def seat_review(table: PeopleTable, seat: int, number: int | None = None, wait: float = 0.0) -> Grades | None:
    """``seat``'s graded decisions of a finished hand, waiting up to ``wait`` seconds for the
    background grader; None while it is still grading."""
    job = start_review(table, seat, number)
    try:
        return job.result(timeout=wait)
    except TimeoutError:
        return None


def seat_hint(table: PeopleTable, seat: int) -> coach.Hint:
    """The Practice page's hint for ``seat`` at its turn (``practice.coach.hint``, at the score the
    hand was dealt at, as that seat reckons it). Raises HintsOff, NotYourTurn."""
    check_seat(table, seat)
    if not table.hints:
        raise HintsOff("this table gives no hints (a match): the host chose so when opening it")
    if to_act(table) != seat:
        raise NotYourTurn("a hint is for your own turn: wait for your turn")
    game = table.game
    return coach.hint(game.hand, seat, score_at_deal(game, game.hand, seat), DEFAULT_TABLE)


__all__ = [
    "Grades",
    "HintsOff",
    "grade_seat",
    "score_at_deal",
    "seat_hint",
    "seat_review",
    "start_review",
    "use_executor",
]
