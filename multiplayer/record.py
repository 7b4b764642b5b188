"""A finished hand of a table of people as a replay record (``engine.io.deal_record``: the format
``python -m engine replay``, the Practice page's "This hand (JSON)" and its import read), so the
hand can be opened in the replay viewer and walked through afterwards.

The record is the engine's own hand (``GameState.history``: the hand as it ended, its deal and
every action), never the page's data; a hand still being played has none. The whole record (every
hand as dealt, the kitty, the dealer's discard) is the table's own, for its keeping and a teacher:
a person at the table gets ``seat_record``, which holds only what their seat may know by the end
of the hand (fair after the hand, issue 54 item 6): their own hand, the upcard, every bid and every
card played, and the dealer's discard only for the dealer; never another seat's unplayed cards (a
lone maker's partner's hand, sat out), the kitty, or (but for the dealer) the discard. It is the
engine's seat view of the hand as it ended (``engine.core.seat_text``: the position grammar with
``?`` for every hidden hand and ``discard-?``), which ``engine.core.seat_text.replay_view`` replays
step by step.
"""

from __future__ import annotations

from typing import Any

from engine.core.hand import HandState
from engine.core.view import view_of
from engine.io.deal_record import to_record
from multiplayer.errors import TableError
from multiplayer.table import PeopleTable, check_seat


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
    return to_record(finished_hand(table, number), _meta(table, number))


def _meta(table: PeopleTable, number: int | None) -> dict[str, Any]:
    return {"table": table.code, "game": table.game.game_number + 1, "hand": hand_number(table, number)}


def seat_record(table: PeopleTable, seat: int, number: int | None = None) -> dict[str, Any]:
    """What ``seat`` may keep of a finished hand (``finished_hand``): ``view``, its seat view of the
    hand as it ended (``engine.core.view.SeatView.to_text``), ``seat``, and the table, game and hand
    in ``meta``. Raises NoSuchHand, SeatError."""
    check_seat(table, seat)
    hand = finished_hand(table, number)
    return {"view": view_of(hand, seat).to_text(), "seat": seat, "meta": _meta(table, number)}


__all__ = ["NoSuchHand", "finished_hand", "hand_number", "hand_record", "seat_record"]
