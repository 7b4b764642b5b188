"""The puzzle bank's study (engine/puzzles/bank_study.py, python -m engine study puzzles): a task
gives the same puzzles from the same seed, the command writes the same bytes twice, and its
re-check judges a bank again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.cli.study import main
from engine.puzzles.bank import Puzzle, read_bank
from engine.puzzles.bank_study import open_task, seat_task, select
from engine.puzzles.open_hand import GOAL_THEMES


def _without_clock(result: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in result.items() if k != "seconds"}


def test_a_task_makes_the_same_puzzles_from_the_same_seed() -> None:
    first = open_task("two-handed", 0, 150, 11)
    assert _without_clock(first) == _without_clock(open_task("two-handed", 0, 150, 11))
    assert first["puzzles"] and first["puzzles"] != open_task("two-handed", 0, 150, 12)["puzzles"]
    seat = seat_task("standard", 0, 2, 11)
    assert _without_clock(seat) == _without_clock(seat_task("standard", 0, 2, 11))
    assert sum(seat["made"].values()) == len(seat["puzzles"]) <= sum(seat["tried"].values())


def test_select_keeps_the_lowest_ids_of_each_group() -> None:
    made = open_task("standard", 0, 200, 5)["puzzles"]
    puzzles = [Puzzle.from_json(line) for line in made]
    kept = select(puzzles, 1)
    groups = {(p.kind, p.preset, p.themes[0]) for p in puzzles}
    assert len(kept) == len(groups)
    for p in kept:
        same = [q.id for q in puzzles if (q.kind, q.preset, q.themes[0]) == (p.kind, p.preset, p.themes[0])]
        assert p.id == min(same) and p.themes[0] in GOAL_THEMES.values()


def test_the_command_writes_the_same_bank_twice_and_checks_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = [
        "--preset",
        "two-handed",
        "--seat-hands",
        "0",
        "--open-hands",
        "400",
        "--seed",
        "3",
        "--workers",
        "1",
    ]
    one, two = tmp_path / "one.jsonl.gz", tmp_path / "two.jsonl.gz"
    assert main(["puzzles", "--out", str(one), *args]) == 0
    assert main(["puzzles", "--out", str(two), *args]) == 0
    assert one.read_bytes() == two.read_bytes()
    puzzles, damaged = read_bank(one)
    assert damaged == 0 and puzzles and {p.preset for p in puzzles} == {"two-handed"}
    err = capsys.readouterr().err
    assert f"study puzzles: {len(puzzles)} puzzles to {one}" in err and "theme: " in err
    assert main(["puzzles", "--out", str(one), "--check", "5", "--workers", "1"]) == 0
    err = capsys.readouterr().err
    assert "study puzzles --check: 5 of 5 agree (100.0%): open 5/5" in err
