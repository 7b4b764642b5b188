"""``python -m engine`` and ``python -m engine study`` without arguments: the usage and one line
saying what is missing, on stderr, exit 2 (they printed nothing there before); ``--help`` still
prints on stdout and exits 0."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine.__main__ import COMMANDS
from engine.__main__ import main as engine_main
from engine.cli.study import main as study_main

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("main", "argv", "usage", "error"),
    [
        (
            engine_main,
            [],
            "usage: python -m engine {" + ",".join(COMMANDS) + "} [args]",
            "engine: error: name a command",
        ),
        (engine_main, ["nonsense"], "usage: python -m engine {", "engine: error: unknown command 'nonsense'"),
        (
            study_main,
            [],
            "usage: python -m engine study charts|fit-bidding|puzzles --out FILE",
            "study: error: name the study to run: charts, fit-bidding or puzzles",
        ),
    ],
)
def test_no_command_prints_the_usage_on_stderr(
    main: object, argv: list[str], usage: str, error: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert callable(main)
    assert main(argv) == 2
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert out == "" and len(lines) == 2, err
    assert lines[0].startswith(usage) and lines[1].startswith(error)


@pytest.mark.parametrize("argv", [["--help"], ["-h"]])
def test_help_goes_to_stdout(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert engine_main(argv) == 0
    out, err = capsys.readouterr()
    assert err == "" and all(name in out for name in COMMANDS)
    assert study_main(argv) == 0
    out, err = capsys.readouterr()
    assert err == "" and "charts" in out and "fit-bidding" in out and "puzzles" in out


@pytest.mark.parametrize("argv", [[], ["study"]])
def test_the_real_command_without_arguments(argv: list[str]) -> None:
    ran = subprocess.run(
        [sys.executable, "-m", "engine", *argv], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert ran.returncode == 2 and ran.stdout == ""
    assert ran.stderr.startswith("usage: python -m engine") and len(ran.stderr.splitlines()) == 2, ran.stderr
