"""``python -m engine solve``: one line per record, errors per line, exit code 2 on any error."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.cli.solve import main

# South (seat 0, first to bid) holds the five top hearts; the dealer East picks up the 9H.
MARCH: dict[str, Any] = {
    "dealer": 3,
    "hands": [
        ["JH", "JD", "AH", "KH", "QH"],
        ["9C", "TC", "QC", "KC", "AC"],
        ["9S", "TS", "QS", "KS", "AS"],
        ["9D", "TD", "QD", "KD", "AD"],
    ],
    "upcard": "9H",
    "actions": ["order", "discard 9D"],
}


def run(tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: list[str]) -> tuple[int, list[Any]]:
    path = tmp_path / "records.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code = main([str(path)])
    out = capsys.readouterr().out
    return code, [json.loads(line) for line in out.splitlines()]


def test_march_every_card_wins_all_five(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """South holds JH JD AH KH QH; the only other trump is East's 9H, lower than all of them:
    whatever South leads, South wins every trick."""
    code, out = run(tmp_path, capsys, [json.dumps(MARCH)])
    assert code == 0
    assert out == [{"tricks": 5, "cards": {f"play {c}": 5 for c in ["JH", "JD", "AH", "KH", "QH"]}}]


def test_mid_trick_and_tricks_already_won(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """After two tricks (both South's: East had to follow the first with the 9H) and South's QH
    lead, West (clubs only) may play any club, and South still wins everything."""
    record = dict(
        MARCH,
        actions=MARCH["actions"]
        + [
            "play JH",
            "play 9C",
            "play 9S",
            "play 9H",
            "play JD",
            "play TC",
            "play TS",
            "play TD",
            "play QH",
        ],
    )
    code, out = run(tmp_path, capsys, [json.dumps(record)])
    assert code == 0
    assert out == [{"tricks": 5, "cards": {f"play {c}": 5 for c in ["QC", "KC", "AC"]}}]


def test_bad_records_give_error_lines_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bidding = dict(MARCH, actions=["pass"])
    illegal = dict(MARCH, actions=["order", "discard 9D", "play 9C"])
    over = dict(
        MARCH,
        actions=MARCH["actions"]
        + [f"play {c}" for c in "JH 9C 9S 9H JD TC TS TD QH QC QS QD KH KC KS KD AH AC AS AD".split()],
    )
    lines = [
        json.dumps(MARCH),
        "{not json",
        json.dumps(bidding),
        json.dumps(illegal),
        json.dumps({"dealer": 3}),
        json.dumps(over),
        "[1, 2]",
    ]
    code, out = run(tmp_path, capsys, lines)
    assert code == 2
    assert out[0]["tricks"] == 5
    assert "line 2 is not valid JSON" in out[1]["error"]
    assert "end in the bid1 phase" in out[2]["error"] and "play phase" in out[2]["error"]
    assert out[3]["error"].startswith("action 2 (counting from 0): play 9C is not legal")
    assert "missing hands, upcard" in out[4]["error"]
    assert "end in the over phase" in out[5]["error"]
    assert "not a JSON object" in out[6]["error"]
    assert all(set(line) == {"error"} for line in out[1:])


def test_unreadable_or_empty_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path / "missing.jsonl")]) == 2
    assert "cannot read" in capsys.readouterr().err
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n", encoding="utf-8")
    assert main([str(empty)]) == 2
    assert "no records found" in capsys.readouterr().err


def test_module_entry_point_reads_stdin(engine_json: Callable[[str, dict[str, Any]], Any]) -> None:
    assert engine_json("solve", MARCH)["tricks"] == 5
