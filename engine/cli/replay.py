"""``python -m engine replay FILE``: replay deal records, one JSON result line per record."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from engine.deal_record import result_record
from engine.errors import EuchreError


def read_records(text: str) -> list[tuple[dict[str, Any] | None, str | None]]:
    """One JSON document, or JSON Lines. Each entry is (record, None) or (None, parse error)."""
    stripped = text.strip()
    if not stripped:
        return []
    try:
        whole = json.loads(stripped)
    except json.JSONDecodeError:
        whole = None
    else:
        if isinstance(whole, dict):
            return [(whole, None)]
    entries: list[tuple[dict[str, Any] | None, str | None]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except json.JSONDecodeError as err:
            entries.append((None, f"line {number} is not valid JSON: {err.msg} (column {err.colno})"))
            continue
        if not isinstance(value, dict):
            entries.append((None, f"line {number} is not a JSON object"))
            continue
        entries.append((value, None))
    return entries


class RecordSourceError(EuchreError):
    """The records file cannot be read, or holds no records."""


def load_records(name: str) -> list[tuple[dict[str, Any] | None, str | None]]:
    """The entries of a records file (``-`` for standard input), as ``read_records`` gives them."""
    try:
        if name == "-":
            text = sys.stdin.read()
        else:
            with open(name, encoding="utf-8") as fh:
                text = fh.read()
    except OSError as err:
        raise RecordSourceError(f"cannot read {name}: {err.strerror}") from None
    entries = read_records(text)
    if not entries:
        raise RecordSourceError("no records found: give one JSON record or JSON Lines")
    return entries


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine replay",
        description="Replay Euchre deal records and print each step's legal actions, the tricks and the points.",
    )
    parser.add_argument("file", help="a JSON record or a JSON Lines file of records; - for stdin")
    args = parser.parse_args(argv)
    try:
        entries = load_records(args.file)
    except RecordSourceError as err:
        print(err, file=sys.stderr)
        return 2
    failed = False
    for record, problem in entries:
        if record is None:
            result: dict[str, Any] = {"error": problem, "step": None}
        else:
            result = result_record(record)
        failed = failed or "error" in result
        print(json.dumps(result))
    return 2 if failed else 0
