"""The rows of the tables of people (``store.people_tables``) as values, and their readers: every
field checked, a game replayed by the engine. A row that does not read raises ``DamagedTable``
saying which field, never a crash or a guess."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from engine.core.errors import EuchreError
from engine.core.game import DEALT, GameState, replay
from engine.core.position import MAX_TEXT, parse_rules
from engine.core.rules import Rules
from store import fields as stored
from store.pupil_names import MAX_NAME_CODES

T = TypeVar("T")

MAX_CODE = 12
MAX_SEED = 2**53
MAX_VERSION = 2**53
MAX_MOVES = 400_000  # characters of a game's moves (a match of five games is well under 100,000)
MAX_ACTION = 40  # characters of one action's text
MAX_DEAL_MARK = len(DEALT) + MAX_TEXT  # characters of a hand's mark of a deal given card by card
MAX_NAME = MAX_NAME_CODES  # code points of a name, as a pupil's name is kept
MAX_SILENT = 24 * 3600  # seconds
LEVEL = re.compile(r"[a-z]{1,20}")
KEY_HASH = re.compile(r"[0-9a-f]{64}")


class NoSuchTable(ValueError):
    """No table has this code."""


class DamagedTable(ValueError):
    """A table's row that does not read: the table cannot go on."""


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """A seat as kept: a computer's ``level``, or a person's ``name`` and ``key_hash`` (both empty
    for a free seat), and when its person was last seen (0 for a computer)."""

    level: str | None = None
    name: str = ""
    key_hash: str = ""
    seen: float = 0.0


@dataclass(frozen=True, slots=True)
class TableRecord:
    code: str
    game: GameState
    moves: tuple[tuple[str, ...], ...]
    seats: tuple[SeatRecord, ...]
    version: int
    hints: bool
    paused: bool
    silent_after: int
    class_code: str = ""  # the class whose teacher opened the table ("": none)


@dataclass(frozen=True, slots=True)
class LogRow:
    version: int
    seat: int | None
    action: str
    by: str
    at: float


def checked(read: T | None, what: str, code: str) -> T:
    """``read`` (a field's value as read), or DamagedTable naming the field when it did not read."""
    if read is None:
        raise DamagedTable(
            f"the record of the table {code} is damaged (its {what} cannot be read), so the table "
            "cannot go on: open a new table"
        )
    return read


def record_of(code: str, row: Sequence[Any], seen_rows: Sequence[Any]) -> TableRecord:
    """The table of ``code`` from its row (rules, seed, moves, seats, version, hints, paused, silent
    time, and the class code when the row has it) and its rows of ``people_seen`` (seat, seen), every field checked, its game replayed."""
    rules = checked(_rules(row[0]), "rules", code)
    seed = checked(stored.whole(row[1], 0, MAX_SEED), "seed", code)
    moves = checked(_moves(row[2]), "moves", code)
    version = checked(stored.whole(row[4], 0, MAX_VERSION), "version", code)
    hints, paused = (checked(stored.whole(row[i], 0, 1), "switches", code) for i in (5, 6))
    silent_after = checked(stored.whole(row[7], 1, MAX_SILENT), "silent time", code)
    seen: dict[int, float] = {}
    for seat, when in seen_rows:
        if stored.whole(seat, 0, 3) is None or not isinstance(when, int | float) or isinstance(when, bool):
            checked(None, "times seen", code)
        seen[seat] = float(when)
    seats = checked(_seats(row[3], rules.players, seen), "seats", code)
    game = checked(_replay(rules, seed, moves), "game", code)
    class_code = checked(stored.text(row[9], MAX_CODE), "class", code) if len(row) > 9 and row[9] else ""
    return TableRecord(code, game, moves, seats, version, bool(hints), bool(paused), silent_after, class_code)


def _rules(value: object) -> Rules | None:
    text = stored.text(value, 400, nonempty=True)
    try:
        return parse_rules(text) if text is not None else None
    except EuchreError:
        return None


def _moves(value: object) -> tuple[tuple[str, ...], ...] | None:
    text = stored.text(value, MAX_MOVES)
    try:
        listed = json.loads(text) if text is not None else None
    except (ValueError, RecursionError):
        return None
    if not isinstance(listed, list) or not listed:
        return None
    if not all(isinstance(hand, list) and all(_move(a) for a in hand) for hand in listed):
        return None
    return tuple(tuple(hand) for hand in listed)


def _move(value: object) -> bool:
    """An action's text, or a hand's mark of a deal given card by card (``engine.core.game.DEALT``)."""
    if not isinstance(value, str):
        return False
    return len(value) <= (MAX_DEAL_MARK if value.startswith(DEALT) else MAX_ACTION)


def _seats(value: object, players: int, seen: dict[int, float]) -> tuple[SeatRecord, ...] | None:
    text = stored.text(value, 4_000)
    try:
        listed = json.loads(text) if text is not None else None
    except (ValueError, RecursionError):
        return None
    if not isinstance(listed, list) or len(listed) != players:
        return None
    seats = []
    for seat, item in enumerate(listed):
        if not isinstance(item, dict):
            return None
        if set(item) == {"level"} and isinstance(item["level"], str) and LEVEL.fullmatch(item["level"]):
            seats.append(SeatRecord(level=item["level"]))
            continue
        name, key = item.get("name"), item.get("key")
        if set(item) != {"name", "key"} or not isinstance(name, str) or not isinstance(key, str):
            return None
        if len(name) > MAX_NAME or bool(name) != bool(key) or (key and not KEY_HASH.fullmatch(key)):
            return None
        if seat not in seen:
            return None
        seats.append(SeatRecord(name=name, key_hash=key, seen=seen[seat]))
    return tuple(seats)


def _replay(rules: Rules, seed: int, moves: tuple[tuple[str, ...], ...]) -> GameState | None:
    """The game the engine makes of ``moves`` from ``new_game(rules, seed)``
    (``engine.core.game.replay``: a hand dealt again is marked so); None when an action is not
    legal where it stands (or a hand is dealt before the last one ended)."""
    try:
        return replay(rules, seed, moves)
    except EuchreError:
        return None


__all__ = [
    "KEY_HASH",
    "LEVEL",
    "MAX_ACTION",
    "MAX_CODE",
    "MAX_VERSION",
    "DamagedTable",
    "LogRow",
    "NoSuchTable",
    "SeatRecord",
    "TableRecord",
    "checked",
    "record_of",
]
