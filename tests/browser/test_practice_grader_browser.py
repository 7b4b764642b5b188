"""The practice table's grading worker killed in the middle of a hand: the learner sees nothing of
it. The hand plays on, and its review grades every decision (the killed worker's jobs were run
again in a new worker), with no error on the page.

The worker is the server's child process started by multiprocessing's spawn
(``practice/grader_process.py``); this test has a server of its own, so no other test's grading is
disturbed.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bench.browser import CONTROLS, ServerFailed, streamlit_process
from engine.core.rules import Rules
from practice.codes import DealCode, encode

pytestmark = pytest.mark.browser

NEXT_HAND = ".st-key-practice_next_hand button"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, compiled_engine: None) -> Iterator[tuple[str, int]]:
    """A server of this module's own: its URL and process id."""
    db = tmp_path_factory.mktemp("grader") / "coach.sqlite3"
    try:
        with streamlit_process(db, "practice-grader-server") as (url, process):
            yield url, process.pid
    except ServerFailed as err:
        pytest.fail(str(err))


def _workers(parent: int) -> list[int]:
    """The grading workers of the server ``parent``: its children started by multiprocessing's spawn."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ")
        except (OSError, IndexError, ValueError):
            continue
        if ppid == parent and b"spawn_main" in command:
            found.append(int(entry.name))
    return found


def test_a_killed_grading_worker_costs_the_learner_nothing(
    open_page: Any, server: tuple[str, int], goto: Any, click_and_wait: Any, assert_no_exception: Any
) -> None:
    url, pid = server
    with open_page(url) as page:
        goto(page, f"/practice?deal={encode(DealCode(Rules(), seed=2024))}&levels=ccc")
        click_and_wait(page, page.locator(CONTROLS).first)  # a bid: graded in the worker
        deadline = time.monotonic() + 60
        while not _workers(pid):
            assert time.monotonic() < deadline, "no grading worker was started"
            time.sleep(0.2)
        killed = _workers(pid)
        for worker in killed:
            os.kill(worker, signal.SIGKILL)
        for _ in range(60):  # the learner's first legal choice until the hand is over
            if page.locator(NEXT_HAND).count():
                break
            click_and_wait(page, page.locator(CONTROLS).first)
        else:
            pytest.fail("the hand did not end in 60 clicks")
        assert_no_exception(page)
        table = page.locator("table.ec-rows", has=page.locator("caption", has_text="Your decisions"))
        grades = table.locator("tbody tr td:nth-child(2)").all_inner_texts()
        whys = table.locator("tbody tr td:nth-child(4)").all_inner_texts()
        assert grades and any(g != "—" for g in grades)
        assert not [w for w in whys if "not graded" in w]  # every decision graded, or forced
        assert set(_workers(pid)) - set(killed)  # a new worker took the killed one's place
