"""A finished hand of a table of people as a replay record (``engine.io.deal_record``: the format
``python -m engine replay``, the Practice page's "This hand (JSON)" and its import read), so the
hand can be opened in the replay viewer and walked through afterwards.

The record is the engine's own hand (``GameState.history``: the hand as it ended, its deal and
every action), never the page's data; a hand still being played has none, so no card still
hidden in play is ever given out this way. Once the hand is over the whole deal is open, as the
Practice page's review opens it.
"""

from __future__ import annotations

from typing import Any

from engine.core.hand import HandState
from engine.io.deal_record import to_record
from multiplayer.errors import TableError
from multiplayer.table import PeopleTable


class NoSuchHand(TableError):
    """The hand asked for is not a finished hand of the table's game."""


def finished_hand(table: PeopleTable, number: int | None = None) -> HandState:
    """The ``number``-th finished hand of the table's current game (1 is its first; None: the
    last finished one). Raises NoSuchHand."""
    done = table.game.history
    if not done:
        raise NoSuchHand("no hand of this game is finished yet: its record comes once the hand is over")
    if number is None:
        return done[-1]
    if type(number) is not int or not 1 <= number <= len(done):
        raise NoSuchHand(f"there is no such finished hand: this game's finished hands are 1 to {len(done)}")
    return done[number - 1]


def hand_number(table: PeopleTable, number: int | None = None) -> int:
    """The number (1, 2, ...) of ``finished_hand(table, number)`` in its game."""
    finished_hand(table, number)
    return len(table.game.history) if number is None else number


def hand_record(table: PeopleTable, number: int | None = None) -> dict[str, Any]:
    """The replay record of a finished hand (``finished_hand``), with the table, the game and the
    hand named in its ``meta``."""
    hand = finished_hand(table, number)
    meta = {"table": table.code, "game": table.game.game_number + 1, "hand": hand_number(table, number)}
    return to_record(hand, meta)


__all__ = ["NoSuchHand", "finished_hand", "hand_number", "hand_record"]
