"""Reading a stored row's fields, one way for every store: a value that does not read is None.

A row may have been damaged or written by hand (another program, a restored backup, a hostile
edit), so each store reads every field with these and treats None as damage (the row skipped or
said to be damaged), never as a value to guess from:

- ``text(value, most)``: text of at most ``most`` characters; bytes that are UTF-8 count as text
  (``as_read`` hands SQLite's text over as bytes, so text that is not UTF-8 reads as None here
  rather than failing the whole fetch); ``nonempty``: '' is None too; ``raw``: bytes are None;
- ``whole(value, low, high)``: a whole number in ``low..high`` (never a bool or a float);
- ``number(value, low, high)``: a finite number in ``low..high``, whole or not (never a bool);
- ``text_list(value, most, items)``: a JSON list of 1 to ``items`` strings, written as text of at
  most ``most`` characters;
- ``moment(value)``: a time as ``stamp`` writes it (ISO, with its offset from UTC), in UTC;
- ``stamp(when)``: a time as the stores write it: ISO, UTC, to the second.
"""

from __future__ import annotations

import json
import math
from datetime import UTC, datetime


def as_read(column: str) -> str:
    """SQL that reads a TEXT column as bytes (a TEXT value that is not UTF-8 would fail in
    sqlite3's fetch); ``text`` decodes them."""
    return f"CASE WHEN typeof({column}) = 'text' THEN CAST({column} AS BLOB) ELSE {column} END"


def text(value: object, most: int, *, nonempty: bool = False, raw: bool = False) -> str | None:
    if isinstance(value, bytes) and not raw:
        try:
            value = value.decode("utf-8")
        except UnicodeDecodeError:
            return None
    if not isinstance(value, str) or len(value) > most or (nonempty and not value):
        return None
    return value


def text_list(value: object, most: int, items: int) -> tuple[str, ...] | None:
    found = text(value, most)
    if found is None:
        return None
    try:
        listed = json.loads(found)
    except (ValueError, RecursionError):
        return None
    if not isinstance(listed, list) or not 1 <= len(listed) <= items:
        return None
    if not all(isinstance(item, str) for item in listed):
        return None
    return tuple(listed)


def whole(value: object, low: int | None = None, high: int | None = None) -> int | None:
    if type(value) is not int:
        return None
    if (low is not None and value < low) or (high is not None and value > high):
        return None
    return value


def number(value: object, low: float, high: float) -> float | None:
    if type(value) not in (int, float):
        return None
    found = float(value)  # type: ignore[arg-type]
    return found if math.isfinite(found) and low <= found <= high else None


def moment(value: object) -> datetime | None:
    found = text(value, 64)
    if found is None:
        return None
    try:
        when = datetime.fromisoformat(found)
    except ValueError:
        return None
    return when.astimezone(UTC) if when.tzinfo is not None else None


def stamp(when: datetime) -> str:
    if when.tzinfo is None:
        raise ValueError("a stored time needs a time zone")
    return when.astimezone(UTC).isoformat(timespec="seconds")


__all__ = ["as_read", "moment", "number", "stamp", "text", "text_list", "whole"]
