"""Shared pieces of the fuzz suite: how many examples, running a command in-process, good records.

``FUZZ_EXAMPLES`` (environment) sets the examples per property; CI uses the small default, a
release check runs ``FUZZ_EXAMPLES=2000 python3 -m pytest tests/fuzz``. Every property is
derandomized, so a failure in CI is the same failure on a laptop.
"""

from __future__ import annotations

import atexit
import contextlib
import io
import json
import os
import random
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, settings

from engine.core.hand import apply, deal, legal_actions
from engine.core.rules import Rules
from engine.io.deal_record import to_record

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "0") or 0)
TRIED: Counter[str] = Counter()  # inputs tried per class of hostile input
CLEAN: Counter[str] = Counter()  # of those, the ones that met the contract


def tally(kind: str, check: Callable[[], None]) -> None:
    """Run ``check`` on one input of class ``kind``, counting it as tried, and as clean when it passes.
    ``FUZZ_REPORT=1`` prints the counts when the run ends."""
    TRIED[kind] += 1
    check()
    CLEAN[kind] += 1


@atexit.register
def _report() -> None:
    if os.environ.get("FUZZ_REPORT") and TRIED:
        for kind in sorted(TRIED):
            print(f"fuzz {kind}: {TRIED[kind]} tried, {CLEAN[kind]} clean", file=sys.stderr)


def fuzz_settings(default: int) -> settings:
    """``default`` examples in CI (FUZZ_EXAMPLES overrides), derandomized, no deadline."""
    return settings(
        max_examples=EXAMPLES or default, derandomize=True, deadline=None, database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                               HealthCheck.function_scoped_fixture, HealthCheck.data_too_large],
    )


@dataclass(frozen=True)
class Ran:
    code: int
    out: str
    err: str

    @property
    def err_lines(self) -> list[str]:
        return self.err.splitlines()

    def check(self) -> None:
        """The contract for any input: exit 0 or 2, at most one line on stderr, never a traceback,
        and every stdout line of a records command is JSON."""
        assert self.code in (0, 2), (self.code, self.err[-2000:])
        assert "Traceback" not in self.err and "Traceback" not in self.out
        assert len(self.err_lines) <= 1, self.err_lines[:5]
        if self.code == 2:
            assert self.err_lines or '"error"' in self.out, "exit 2 needs a message"


def run_main(main: Callable[[list[str]], int], argv: list[str], stdin: bytes | None = None) -> Ran:
    """Call a command's ``main(argv)`` in this process, capturing its output (SystemExit included)."""
    out, err = io.StringIO(), io.StringIO()
    old_stdin = None
    if stdin is not None:
        import sys

        old_stdin = sys.stdin
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exit_:  # argparse's --help or its own error path
                code = int(exit_.code or 0) if not isinstance(exit_.code, str) else 2
    finally:
        if old_stdin is not None:
            import sys

            sys.stdin = old_stdin
    return Ran(code, out.getvalue(), err.getvalue())


def good_record(seed: int, steps: int, players: int = 4) -> dict[str, Any]:
    """A legal record: a seeded deal and ``steps`` actions (each a seeded choice among the legal ones)."""
    rng = random.Random(seed)
    state = deal(Rules(players=players), seed % players, rng)
    for _ in range(steps):
        if state.is_over:
            break
        state = apply(state, rng.choice(legal_actions(state)))
    return to_record(state)


def json_lines(out: str) -> list[dict[str, Any]]:
    rows = [json.loads(line) for line in out.splitlines()]
    assert all(isinstance(r, dict) for r in rows)
    return rows
