"""The grading worker process: a grade worked out there is the very grade worked out here, the worker
runs at a lower priority, a killed worker's job is run again in a new one, and the worker ends with
the process that started it."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.core.actions import Action
from engine.core.hand import HandState, Phase, deal
from engine.core.rules import Rules
from engine.search.seat_values import judged
from practice import review
from practice.grader_process import NICE, ProcessGrader

ROOT = Path(__file__).resolve().parents[2]
Decision = tuple[int, HandState, Action]


def _decisions(seed: int) -> list[Decision]:
    """Seat 0's decisions in a hand of ``Rules()`` dealt by seat 3 (seat 0 bids first), in which
    seat 0 orders up and then every seat takes its last legal action."""
    state = deal(Rules(), dealer=3, rng=random.Random(seed))
    mine: list[Decision] = []
    while not state.is_over:
        legal = state.legal_actions()
        action = legal[1] if not state.history else legal[-1]  # order up, then the last choice
        if state.to_act == 0:
            mine.append((len(state.history), state, action))
        state = state.apply(action)
    return mine


@pytest.fixture(scope="module")
def grader() -> Iterator[ProcessGrader]:
    pool = ProcessGrader()
    yield pool
    pool.shutdown()


def _gone(pid: int) -> bool:
    """No such process, or only its exit status left (a zombie)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return True
    return "\nState:\tZ" in status


def test_a_grade_from_the_worker_is_the_grade_worked_out_here(grader: ProcessGrader) -> None:
    decisions = _decisions(7) + _decisions(8)
    phases = {before.phase for _, before, _ in decisions}
    assert {Phase.BID1, Phase.PLAY} <= phases  # a bid and cards: both kinds of grade
    jobs = [
        grader.submit(review.grade_decision, step, before, action, 0, (2, 5), "people")
        for step, before, action in decisions
    ]
    from_worker = [job.result(timeout=120) for job in jobs]
    review.grade_decision.cache_clear()
    judged.cache_clear()
    here = [
        review.grade_decision(step, before, action, 0, (2, 5), "people") for step, before, action in decisions
    ]
    assert from_worker == here  # every field: the grade, the loss, each choice's value, the reason
    assert sum(g.grade is not None for g in here) >= 4  # real grades, not only forced cards


def test_the_worker_runs_at_a_lower_priority(grader: ProcessGrader) -> None:
    assert grader.submit(os.nice, 0).result(timeout=120) == min(os.nice(0) + NICE, 19)
    assert grader.submit(os.getpid).result(timeout=120) != os.getpid()


def test_a_killed_workers_grade_is_worked_out_again_in_a_new_worker() -> None:
    grader = ProcessGrader()
    try:
        first = grader.start().result(timeout=120)
        step, before, action = _decisions(9)[1]  # the first card: a real grade
        job = grader.submit(review.grade_decision, step, before, action, 0, (0, 0), "people")
        os.kill(first, signal.SIGKILL)
        graded = job.result(timeout=120)  # no exception: the job ran again
        assert graded == review.grade_decision(step, before, action, 0, (0, 0), "people")
        assert grader.restarts == 1
        second = grader.submit(os.getpid).result(timeout=120)
        assert second != first and _gone(first)
    finally:
        grader.shutdown()


def test_the_worker_never_runs_the_pages_main_script(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Streamlit makes the app's script the __main__ module of every run; a spawned process runs the
    # parent's main script again unless it is kept out of the worker.
    marker = tmp_path / "ran"
    script = tmp_path / "app.py"
    script.write_text(f"open({str(marker)!r}, 'w').close()\n")
    page = types.ModuleType("__main__")
    page.__file__ = str(script)
    monkeypatch.setitem(sys.modules, "__main__", page)
    grader = ProcessGrader()
    try:
        assert grader.start().result(timeout=120) != os.getpid()
    finally:
        grader.shutdown()
    assert not marker.exists()
    assert sys.modules["__main__"] is page  # the page's __main__ is put back


WORKER_PID_THEN = """
import os, sys
from practice.grader_process import ProcessGrader

if __name__ == "__main__":
    grader = ProcessGrader()
    print(grader.start().result(timeout=120), flush=True)
    if sys.argv[1] == "exit":
        sys.exit(0)
    sys.stdin.read()  # wait to be killed
"""


@pytest.mark.parametrize("end", ["exit", "killed"])
def test_the_worker_ends_with_the_process_that_started_it(tmp_path: Path, end: str) -> None:
    script = tmp_path / "start_worker.py"
    script.write_text(WORKER_PID_THEN)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    parent = subprocess.Popen(
        [sys.executable, str(script), end], cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    assert parent.stdout is not None
    worker = int(parent.stdout.readline())
    assert not _gone(worker)
    if end == "killed":
        parent.kill()  # no shutdown at all: the worker sees its parent gone
    assert parent.wait(timeout=60) in (0, -signal.SIGKILL)
    deadline = time.monotonic() + 30
    while not _gone(worker) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _gone(worker)


def test_the_expert_in_your_seat_from_the_worker_is_the_one_worked_out_here(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from practice import coach
    from practice.session import Waiting
    from practice.table_link import read_link
    from practice.table_session import PracticeTable

    table = PracticeTable.from_link(read_link({"levels": "ccc"}), Rules(), (), seed=3)
    while table.position.waiting is Waiting.LEARNER:  # the learner's first legal choice to the hand's end
        assert table.act(table.position.legal[0])
    pos = table.position
    here = coach.expert_in_your_seat(
        pos.session,
        pos.game.game_number,
        pos.game.hand_number,
        pos.hand,
        scores=pos.game.scores_at_deal,
        table=table.table,
    )
    assert here.choices and here.hand.is_over

    def not_here(*_: object) -> None:
        raise AssertionError("the expert's figures were worked out in the page's process")

    monkeypatch.setattr(coach, "judged", not_here)  # this process only: the worker has its own
    monkeypatch.setattr(coach, "view_robust", not_here)
    assert table.expert_in_your_seat() == here


def test_the_hands_luck_is_valued_in_the_worker_and_is_the_luck_worked_out_here(
    monkeypatch: pytest.MonkeyPatch, db: Path
) -> None:
    """The luck of a finished hand is the hand's value at the learner's round-1 decision less the
    seat's average (``practice.skill.luck_of``): the worker values it while the learner thinks
    there, so the click that ends the hand does not (the page's process never values it)."""
    from practice import skill
    from practice.session import Waiting
    from practice.table_link import read_link
    from practice.table_session import PracticeTable
    from store import practice_log

    table = PracticeTable.from_link(read_link({"levels": "ccc"}), Rules(), (), seed=3)
    first = table.position.hand
    assert first.phase is Phase.BID1 and first.to_act == 0  # the learner (seat 0) bids in round 1
    # Worked out here first, the figures this process then keeps out of the page's reach
    expected = skill.hand_value(first, 0)
    average = skill.baseline()[skill.position_of(first.rules, first.dealer, 0)]
    assert expected is not None

    def not_here(*_: object) -> None:
        raise AssertionError("the hand's value was worked out in the page's process")

    monkeypatch.setattr(skill, "hand_value", not_here)  # this process only: the worker has its own
    while table.position.waiting is Waiting.LEARNER:  # the learner's first legal choice to the hand's end
        table.start_grading()
        assert table.act(table.position.legal[0])
    table.save_finished()
    hands = practice_log.skill_hands()
    assert len(hands) == 1 and hands[0].luck == pytest.approx(expected - average)
