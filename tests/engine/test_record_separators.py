"""A record ends at \\n (or \\r\\n) only, never at the other line breaks str.splitlines knows: JSON
strings may hold U+2028, U+2029 and U+0085 as they are (issue 29: such a record was read as two
broken records by replay and solve, from a file and from standard input)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.io.record_file import parse_text

ROOT = Path(__file__).resolve().parents[2]
GOOD = {"dealer": 0, "hands": [], "upcard": "9H"}


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85"])
def test_a_separator_inside_a_string_stays_in_its_record(separator: str) -> None:
    record = {**GOOD, "meta": f"one{separator}two"}
    text = json.dumps(record, ensure_ascii=False) + "\n" + json.dumps(GOOD) + "\r\n"
    assert list(parse_text(text)) == [(record, None), (GOOD, None)]


@pytest.mark.parametrize("control", ["\x0b", "\x0c", "\x1c", "\x1d", "\x1e"])
def test_a_raw_control_character_spoils_only_its_own_line(control: str) -> None:
    before = '{"dealer": 0, "meta": "a'
    text = before + control + 'b"}\n' + json.dumps(GOOD) + "\n"
    entries = list(parse_text(text))
    assert len(entries) == 2 and entries[1] == (GOOD, None)
    column = len(before) + 1  # the control character itself
    assert entries[0] == (None, f"line 1 is not valid JSON: Invalid control character at (column {column})")


def test_a_lone_carriage_return_between_tokens_is_whitespace() -> None:
    assert list(parse_text('{"dealer": 0,\r"upcard": "9H"}\n')) == [({"dealer": 0, "upcard": "9H"}, None)]


def test_a_blank_line_is_json_whitespace_only() -> None:
    text = json.dumps(GOOD) + "\n \t\n\u2028\n" + json.dumps(GOOD) + "\n"
    assert list(parse_text(text)) == [
        (GOOD, None),
        (None, "line 3 is not valid JSON: Expecting value (column 1)"),
        (GOOD, None),
    ]


def _engine(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args], cwd=ROOT, input=stdin, capture_output=True, timeout=300
    )


@pytest.mark.parametrize("command", ["replay", "solve"])
@pytest.mark.parametrize("source", ["file", "stdin"])
def test_the_commands_read_one_record_per_line(
    tmp_path: Path, command: str, source: str, readme_deal: dict[str, Any]
) -> None:
    # a legal record whose actions stop in the play phase: South leads (the README's example, cut short)
    play = {"rules": {}, **readme_deal, "actions": ["pass", "pass", "order", "discard AH"]}
    plain = _engine(command, "-", stdin=(json.dumps(play) + "\n").encode())
    assert plain.returncode == 0, plain.stderr
    expected = json.loads(plain.stdout)
    lines = [
        json.dumps({**play, "meta": f"a{sep}b{sep}"}, ensure_ascii=False)
        for sep in ("\u2028", "\x85", "\u2029")
    ]
    data = "\n".join(lines).encode() + b"\r\n"
    if source == "file":
        path = tmp_path / "records.jsonl"
        path.write_bytes(data)
        done = _engine(command, str(path))
    else:
        done = _engine(command, "-", stdin=data)
    assert done.returncode == 0 and done.stderr == b"", done.stderr
    assert [json.loads(line) for line in done.stdout.decode().split("\n") if line] == [expected] * 3
