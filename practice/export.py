"""Export a game as JSON Lines of replay records (one per hand), and import such a file to review it.

Each line is ``engine.io.deal_record.to_record(hand, meta)``; ``meta`` carries the game and hand
number, the seat levels and the game score the hand was dealt at. Importing replays every record through the engine and
reports the first problem with its line number; it never evaluates anything.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from engine.core.errors import EuchreError
from engine.core.game import sides
from engine.core.hand import HandState
from engine.io.deal_record import replay, to_record
from engine.io.record_file import MAX_LINE_BYTES, JSONTextError, load_json

MAX_IMPORT_BYTES = 2_000_000


class ImportFileError(EuchreError):
    """A file that is not JSON Lines of replay records."""


def hand_record(
    hand: HandState,
    game_number: int,
    hand_number: int,
    levels: tuple[str, ...],
    seed: int,
    scores: tuple[int, ...] | None = None,
) -> dict[str, Any]:
    """``scores``: per side, when the hand was dealt."""
    meta: dict[str, Any] = {
        "game": game_number,
        "hand": hand_number,
        "levels": list(levels),
        "seed": seed,
        "source": "euchre-coach practice",
    }
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
        if (
            not isinstance(value, list)
            or len(value) != sides(rules)
            or not all(type(v) is int and 0 <= v < rules.target for v in value)
        ):
            return None
        return tuple(value)


@dataclass(frozen=True, slots=True)
class Refused:
    """A line of an import file that is not imported."""

    reason: str  # why, in a few words, for counting ("not JSON")
    message: str  # the line's message, naming it ("line 5 is not JSON (...)")


NOT_A_RECORD = "; each line must be one replay record"
JSON_SPACE = b" \t\r\n"


def record_lines(data: bytes) -> Iterator[tuple[int, bytes]]:
    """(line number, the line without its ``\r``) for every line holding more than JSON's
    whitespace. A line ends at ``\n`` only (``engine.io.record_file``: a JSON string may hold
    U+2028 and the other breaks of ``str.splitlines``)."""
    for number, raw in enumerate(data.split(b"\n"), start=1):
        if raw.strip(JSON_SPACE):
            yield number, raw.removesuffix(b"\r")


def read_record(number: int, raw: bytes) -> ImportedHand | Refused:
    """One line of an import file replayed, or why it is refused; the limits are
    engine/io/record_file.py's (line length, nesting, digits)."""
    if len(raw) > MAX_LINE_BYTES:
        return Refused("too long", f"line {number} is longer than {MAX_LINE_BYTES:,} bytes{NOT_A_RECORD}")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return Refused("not UTF-8 text", f"line {number} is not UTF-8 text")
    try:
        record = load_json(text)
    except JSONTextError as err:
        return Refused("not JSON", f"line {number} is not JSON ({err.msg}){NOT_A_RECORD}")
    if not isinstance(record, dict):
        return Refused("not a JSON object", f"line {number} is not a JSON object{NOT_A_RECORD}")
    states, _, error = replay(record)
    if error is not None:
        if error.step is None:
            return Refused("a deal that cannot be dealt", f"line {number}, the deal: {error.message}")
        return Refused(
            "an action that cannot be played", f"line {number}, action {error.step + 1}: {error.message}"
        )
    return ImportedHand(number, record, states[-1])


def from_jsonl(text: str | bytes) -> list[ImportedHand]:
    """Parse and replay a JSON Lines export (``read_record`` line by line). Raises
    ImportFileError naming the first bad line; the file holds at most MAX_IMPORT_BYTES."""
    if isinstance(text, bytes):
        if len(text) > MAX_IMPORT_BYTES:
            raise ImportFileError(f"the file is {len(text)} bytes; at most {MAX_IMPORT_BYTES} are accepted")
        try:
            text.decode("utf-8")
        except UnicodeDecodeError:
            raise ImportFileError("the file is not UTF-8 text; export files are JSON Lines") from None
        data = text
    elif not isinstance(text, str):
        raise ImportFileError("the file is not text; export files are JSON Lines")
    elif len(text) > MAX_IMPORT_BYTES:
        raise ImportFileError(f"the file is {len(text)} characters; at most {MAX_IMPORT_BYTES} are accepted")
    else:
        data = text.encode("utf-8")
    out: list[ImportedHand] = []
    for number, raw in record_lines(data):
        item = read_record(number, raw)
        if isinstance(item, Refused):
            raise ImportFileError(item.message)
        out.append(item)
    if not out:
        raise ImportFileError("the file holds no records; export a game from the practice table first")
    return out
