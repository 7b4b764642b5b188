"""Export a game as JSON Lines of replay records (one per hand), and import such a file to review it.

Each line is ``engine.deal_record.to_record(hand, meta)``; ``meta`` carries the game and hand
number, the seat levels and the game score the hand was dealt at. Importing replays every record through the engine and
reports the first problem with its line number; it never evaluates anything.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.deal_record import replay, to_record
from engine.errors import EuchreError
from engine.game import sides
from engine.hand import HandState
from engine.record_file import MAX_LINE_BYTES, JSONTextError, load_json

MAX_IMPORT_BYTES = 2_000_000


class ImportFileError(EuchreError):
    """A file that is not JSON Lines of replay records."""


def hand_record(hand: HandState, game_number: int, hand_number: int, levels: tuple[str, ...], seed: int,
                scores: tuple[int, ...] | None = None) -> dict[str, Any]:
    """``scores``: per side, when the hand was dealt."""
    meta: dict[str, Any] = {"game": game_number, "hand": hand_number, "levels": list(levels), "seed": seed,
                            "source": "euchre-coach practice"}
    if scores is not None:
        meta["scores"] = list(scores)
    return to_record(hand, meta)


def to_jsonl(records: Iterable[dict[str, Any]]) -> str:
    return "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in records)


@dataclass(frozen=True, slots=True)
class ImportedHand:
    line: int
    record: dict[str, Any]
    hand: HandState  # the final state the record replays to

    @property
    def scores(self) -> tuple[int, ...] | None:
        """The game score (per side) the hand was dealt at, when the record says one that can
        be: whole numbers from 0 to below the target, one per side; else None."""
        meta = self.record.get("meta")
        value = meta.get("scores") if isinstance(meta, dict) else None
        rules = self.hand.rules
        if (not isinstance(value, list) or len(value) != sides(rules)
                or not all(type(v) is int and 0 <= v < rules.target for v in value)):
            return None
        return tuple(value)


def from_jsonl(text: str | bytes) -> list[ImportedHand]:
    """Parse and replay a JSON Lines export. Raises ImportFileError naming the bad line.

    The limits are engine/record_file.py's (line length, nesting, digits), and the file
    holds at most MAX_IMPORT_BYTES."""
    if isinstance(text, bytes):
        if len(text) > MAX_IMPORT_BYTES:
            raise ImportFileError(f"the file is {len(text)} bytes; at most {MAX_IMPORT_BYTES} are accepted")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ImportFileError("the file is not UTF-8 text; export files are JSON Lines") from None
    elif not isinstance(text, str):
        raise ImportFileError("the file is not text; export files are JSON Lines")
    elif len(text) > MAX_IMPORT_BYTES:
        raise ImportFileError(f"the file is {len(text)} characters; at most {MAX_IMPORT_BYTES} are accepted")
    out: list[ImportedHand] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        if len(line) > MAX_LINE_BYTES:
            raise ImportFileError(f"line {number} is longer than {MAX_LINE_BYTES:,} characters; "
                                  "each line must be one replay record")
        try:
            record = load_json(line)
        except JSONTextError as err:
            raise ImportFileError(
                f"line {number} is not JSON ({err.msg}); each line must be one replay record"
            ) from None
        states, _, error = replay(record)
        if error is not None:
            where = "the deal" if error.step is None else f"action {error.step + 1}"
            raise ImportFileError(f"line {number}, {where}: {error.message}")
        out.append(ImportedHand(number, record, states[-1]))
    if not out:
        raise ImportFileError("the file holds no records; export a game from the practice table first")
    return out
