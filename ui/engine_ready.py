"""The compiled engine's first start, shown instead of a silent wait.

After an install or an upgrade the numba code is built once (about 12 s for the solver and 36 s
for the analyzer's deal loop on a 2-core machine; then it loads from the disk cache in about a
second). The app starts that work in a background thread when the server starts; a page that
needs the compiled code calls :func:`wait_until_ready`, which returns at once when the work is
done and otherwise draws what is happening, how long it takes and how far it has got, until it is.
``python -m engine warm-up`` does the same build during set-up, so the app's first page never waits.
"""

from __future__ import annotations

import gc
import sys
import threading
import time
from dataclasses import dataclass, field

import streamlit as st

from engine.analysis.finish import WARM_UP_STEPS as STEPS
from engine.analysis.finish import WarmUpStep as Step


@dataclass
class WarmUp:
    """The background build's progress, shared by every session of one server process."""

    steps: tuple[Step, ...] = STEPS
    started: float = field(default_factory=time.monotonic)
    step: int = 0  # index into steps of the step running now; len(steps) when all are done
    step_started: float = field(default_factory=time.monotonic)
    error: str | None = None
    done: threading.Event = field(default_factory=threading.Event)

    def run(self) -> None:
        try:
            for index, step in enumerate(self.steps):
                self.step, self.step_started = index, time.monotonic()
                step.run()
            self.step = len(self.steps)
            # Freeze everything loaded so far (numba, LLVM's bindings, the engine's tables: about
            # 230,000 objects that live as long as the process). A full garbage collection walks
            # every unfrozen object while holding the GIL, about 110 ms with these loaded, and a
            # click would wait for it.
            gc.freeze()
            print(
                f"Euchre Coach: compiled engine ready in {time.monotonic() - self.started:.1f} s",
                file=sys.stderr,
                flush=True,
            )
        except Exception as err:  # noqa: BLE001 (shown on the page, and the page runs the code itself)
            self.error = f"{type(err).__name__}: {err}"
            print(
                f"Euchre Coach: building the compiled engine failed: {self.error}",
                file=sys.stderr,
                flush=True,
            )
        finally:
            self.done.set()

    def fraction(self, now: float) -> float:
        """How far the build has got, by the steps' usual durations (never quite 1 before the end)."""
        finished = sum(s.seconds for s in self.steps[: self.step])
        if self.step < len(self.steps):
            finished += min(now - self.step_started, 0.95 * self.steps[self.step].seconds)
        return min(finished / self.seconds, 1.0)

    @property
    def seconds(self) -> float:
        """The usual duration of a cold build."""
        return sum(s.seconds for s in self.steps)

    def message(self, now: float) -> str:
        """What is happening, how long it usually takes and how long it has run."""
        doing = f"building {self.steps[self.step].label}" if self.step < len(self.steps) else "finishing"
        return (
            f"After an install or an upgrade the simulation code is compiled once: about {self.seconds:.0f} s "
            f"on a small machine, then about a second at each start. This page carries on by itself. "
            f"Now: {doing} ({now - self.started:.0f} s so far)."
        )


@st.cache_resource(show_spinner=False)
def engine_warm_up() -> WarmUp:
    """Once per server process: build (or load) the compiled solver and analyzer in the background."""
    warm = WarmUp()
    threading.Thread(target=warm.run, name="engine-warm-up", daemon=True).start()
    return warm


def wait_until_ready(warm: WarmUp | None = None) -> None:
    """Return when the compiled engine (``warm``: the server's) is ready; until then show what is
    happening, redrawn twice a second."""
    warm = warm or engine_warm_up()
    if warm.done.is_set():
        return
    box = st.empty()
    while not warm.done.wait(0.5):
        now = time.monotonic()
        with box.container(border=True):
            st.markdown("**Preparing the analysis engine for its first use**")
            st.caption(warm.message(now))
            st.progress(warm.fraction(now))
    box.empty()


__all__ = ["WarmUp", "engine_warm_up", "wait_until_ready"]
