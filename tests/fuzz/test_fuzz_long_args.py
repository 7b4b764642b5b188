"""100 KB values in every option of every command (issue 29: ``python -m engine ...`` echoed a
100 KB argument back whole, as one line on stderr): exit 0 or 2, at most one line on stderr,
never a traceback, and no more than about 60 characters of the value in it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import __main__ as engine_main
from engine.cli import analyze, arena, replay, solve, study, warm_up
from engine.cli.common import MAX_MESSAGE

SIZE = 100_000
HAND = ["--hand", "JH JD AH KS 9C", "--upcard", "9H", "--seat", "first"]
FAST = ["--time", "0.05", "--samples", "20", "--no-ceiling"]


def _analyze(option: str, value: str) -> list[str]:
    base = {
        "--hand": ["--upcard", "9H", "--seat", "first"],
        "--upcard": ["--hand", "JH JD AH KS 9C", "--seat", "first"],
        "--seat": ["--hand", "JH JD AH KS 9C", "--upcard", "9H"],
    }.get(option, HAND)
    return [*base, *FAST, *([option, value] if option else [value])]


# (command, option or "" for a positional value, the arguments around it)
CASES = [
    *[
        (analyze.main, option, _analyze)
        for option in (
            "--hand",
            "--upcard",
            "--seat",
            "--round",
            "--turned-down",
            "--bids",
            "--score",
            "--rules",
            "--time",
            "--samples",
            "--seed",
            "--opponents",
            "",
        )
    ],
    *[
        (arena.main, option, lambda o, v: ["--hands", "2", "--games", "0", *([o, v] if o else [v])])
        for option in ("--a", "--b", "--hands", "--games", "--seed", "--rules", "")
    ],
    *[
        (command, "", lambda o, v: [v])
        for command in (replay.main, solve.main, study.main, warm_up.main, engine_main.main)
    ],
    *[
        (study.main, option, lambda o, v: ["charts", "--out", "charts.parquet", "--list-cells", o, v])
        for option in (
            "--rules",
            "--deals-per-cell",
            "--frequency-deals",
            "--cells",
            "--seed",
            "--workers",
            "--scheduler",
        )
    ],
    (study.main, "--out", lambda o, v: ["charts", "--list-cells", o, v + ".parquet"]),
    *[
        (study.main, option, lambda o, v: ["fit-bidding", "--out", "/nonexistent-folder/styles.json", o, v])
        for option in ("--preset", "--deals", "--check-deals", "--rounds")
    ],
    (study.main, "--out", lambda o, v: ["fit-bidding", o, v + ".json"]),
]

long_values = st.builds(
    lambda head, unit, spaced: (head + (unit + (" " if spaced else "")) * SIZE)[:SIZE],
    st.text(max_size=8),
    st.text(min_size=1, max_size=4),
    st.booleans(),
).map(lambda v: v.replace("\x00", "").replace("/", "_") or "Q" * SIZE)


def _check(run_main: Callable[..., Any], case: int, value: str) -> None:
    command, option, arguments = CASES[case]
    ran = run_main(command, arguments(option, value))
    if command is engine_main.main:  # an unknown command: the usage line, then the one error line
        assert ran.code == 2 and "Traceback" not in ran.err and len(ran.err_lines) == 2, ran.err[:300]
    else:
        ran.check()
    assert len(ran.err) <= MAX_MESSAGE + 400, (option, len(ran.err), ran.err[:300])
    runs = [value[i : i + 80] for i in range(0, 400, 80)]  # no 80 characters of the value in a row
    assert not any(run in ran.err for run in runs if run.strip()), (option, ran.err[:300])


@pytest.mark.parametrize("case", range(len(CASES)))
def test_every_option_once(tally: Any, run_main: Any, case: int) -> None:
    tally("long command-line values", lambda: _check(run_main, case, "Q" * SIZE))


@settings(settings.get_profile("fuzz"), max_examples=60)
@given(case=st.integers(0, len(CASES) - 1), value=long_values)
def test_a_100_kb_value_comes_back_short(tally: Any, run_main: Any, case: int, value: str) -> None:
    tally("long command-line values", lambda: _check(run_main, case, value))
