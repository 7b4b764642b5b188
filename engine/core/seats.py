"""Seat geometry and names: who sits where, who partners whom.

Seats are numbered clockwise from 0 (South, the learner's seat). Only the four-player game
has partners, sitting opposite each other; with two or three players every seat is its own
side.

>>> partner(4, 1), partner(3, 1)
(3, None)
>>> same_side(4, 0, 2), same_side(4, 0, 1), same_side(3, 0, 0)
(True, False, True)
"""

from __future__ import annotations

LEARNER = 0  # the learner's seat (South) at every table the app deals: practice, lessons, puzzles

_NAMES = {
    4: ("South", "West", "North", "East"),
    3: ("South", "West", "East"),
    2: ("South", "North"),
}


def seat_name(players: int, seat: int) -> str:
    """Seats run clockwise from South (the learner's seat)."""
    return _NAMES[players][seat]


def left_of(players: int, seat: int) -> int:
    """The next seat clockwise: the deal, the bidding and the play all move this way."""
    return (seat + 1) % players


def partner(players: int, seat: int) -> int | None:
    """The seat across the table in the four-player game; None with two or three players."""
    return (seat + 2) % 4 if players == 4 else None


def same_side(players: int, a: int, b: int) -> bool:
    """Do seats ``a`` and ``b`` score together? (Partners, or the same seat.)"""
    return a == b or (players == 4 and a % 2 == b % 2)
