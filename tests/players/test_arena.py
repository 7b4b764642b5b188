"""The arena: duplicate arrangements, a small match, and the command line's errors."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from engine.cli.arena import main
from engine.core.rules import Rules
from engine.search.arena import arrangements, run_duplicate
from engine.search.registry import make_player

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_sits_in_every_seat_equally(players: int) -> None:
    layouts = arrangements(players)
    for seat in range(players):
        seen = Counter(layout[seat] for layout in layouts)
        assert seen["a"] == seen["b"] > 0
    assert all({"a", "b"} <= set(layout) for layout in layouts)
    if players == 4:  # partners sit opposite
        assert all(layout[0] == layout[2] and layout[1] == layout[3] for layout in layouts)


def test_a_player_against_itself_breaks_even_on_every_deal() -> None:
    """Duplicate with the same deterministic player on both sides: each deal is played with
    the same cards from both chairs, so the paired difference is exactly zero."""
    club = make_player("club")
    result = run_duplicate(Rules(), club, club, deals=40, seed=5).as_dict()
    assert result["difference"]["points_per_hand"] == 0
    assert result["a"]["points_per_hand"] == result["b"]["points_per_hand"]
    assert result["hands_played"] == 80


def test_points_add_up_to_the_scoring_table() -> None:
    """Per hand one side scores 1, 2 or 4 points (or 0 when thrown in): a+b per deal is in that range."""
    result = run_duplicate(Rules(), make_player("club"), make_player("beginner"), deals=30, seed=2)
    for a, b in zip(result.per_deal["a"], result.per_deal["b"], strict=True):
        assert a >= 0 and b >= 0 and a + b <= 4


def test_cli_json_smoke() -> None:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "engine",
            "arena",
            "--a",
            "club",
            "--b",
            "beginner",
            "--hands",
            "30",
            "--games",
            "2",
            "--seed",
            "3",
            "--rules",
            '{"players": 3}',
            "--json",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    report = json.loads(out.stdout)
    assert report["plays_per_deal"] == 6 and report["hands"]["hands_played"] == 180
    lo, hi = report["hands"]["difference"]["ci95"]
    assert lo <= report["hands"]["difference"]["points_per_hand"] <= hi
    assert report["games"]["games"] == 12 and report["games"]["a_wins"] + report["games"]["b_wins"] == 12


def test_cli_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--hands", "10", "--games", "0"]) == 0
    text = capsys.readouterr().out
    assert "a: club" in text and "b: beginner" in text and "a - b" in text and "hands/s" in text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--a", "grandmaster"], "'grandmaster' is not a player; available players: beginner, club"),
        (["--hands", "many"], "--hands must be a whole number from 1 to 200000, got 'many'"),
        (["--hands", "0"], "--hands must be a whole number from 1 to 200000, got '0'"),
        (["--hands", "10000000"], "--hands must be a whole number from 1 to 200000"),
        (["--rules", "{players: 3}"], "--rules is not valid JSON"),
        (["--rules", '{"players": 5}'], "rules field 'players' is 5; allowed: 2, 3, 4"),
        (["--rules", '{"colour": "red"}'], "unknown rules field(s) 'colour'"),
        (["--speed", "fast"], "unrecognized arguments: --speed fast"),
    ],
)
def test_cli_bad_arguments(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "usage:" in err and "Traceback" not in err
