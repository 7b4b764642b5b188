"""The first start's wait for the compiled code: what it says, and that a page carries on after it."""

from __future__ import annotations

import threading
import time

from streamlit.testing.v1 import AppTest

from engine.analysis.finish import WarmUpStep
from ui.engine_ready import WarmUp


def _steps(gate: threading.Event) -> tuple[WarmUpStep, ...]:
    def wait_for_gate() -> None:
        gate.wait(5)

    return (WarmUpStep("the solver", 10.0, lambda: None), WarmUpStep("the deal loop", 30.0, wait_for_gate))


def test_progress_counts_finished_steps_by_their_usual_durations() -> None:
    gate = threading.Event()
    warm = WarmUp(steps=_steps(gate))
    thread = threading.Thread(target=warm.run)
    thread.start()
    deadline = time.monotonic() + 5
    while warm.step < 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert warm.step == 1  # the first step is done, the second waits for the gate
    # 10 s of 40 s done, plus the second step's elapsed time (capped at 95% of its 30 s)
    assert abs(warm.fraction(warm.step_started + 3.0) - 13 / 40) < 1e-9
    assert abs(warm.fraction(warm.step_started + 100.0) - (10 + 28.5) / 40) < 1e-9
    text = warm.message(warm.started + 7.2)
    assert "about 40 s" in text and "building the deal loop" in text and "(7 s so far)" in text
    assert not warm.done.is_set()
    gate.set()
    thread.join(5)
    assert warm.done.is_set() and warm.error is None and warm.fraction(time.monotonic()) == 1.0


def test_a_failed_build_is_reported_and_the_wait_ends() -> None:
    def broken() -> None:
        raise RuntimeError("no compiler")

    warm = WarmUp(steps=(WarmUpStep("the solver", 10.0, broken),))
    warm.run()
    assert warm.done.is_set() and warm.error == "RuntimeError: no compiler"


def _page() -> None:
    import threading
    import time

    import streamlit as st

    from engine.analysis.finish import WarmUpStep
    from ui.engine_ready import WarmUp, wait_until_ready

    warm = WarmUp(steps=(WarmUpStep("the solver", 2.0, lambda: time.sleep(1.2)),))
    threading.Thread(target=warm.run).start()
    wait_until_ready(warm)
    st.write("page drawn after the build")


def test_the_page_waits_for_the_build_then_draws_without_the_notice() -> None:
    at = AppTest.from_function(_page, default_timeout=20).run()
    assert not at.exception
    assert [m.value for m in at.markdown] == ["page drawn after the build"]
    assert not at.get("progress")
