"""The refusals of a table of people: each a ValueError whose message says what was wrong and what
is accepted, and never names a card the asking seat may not know (``multiplayer.table`` passes them
on)."""

from __future__ import annotations


class TableError(ValueError):
    """A tap or a change the table refuses; the message says what was wrong and what is accepted."""


class StalePage(TableError):
    """The tap names an older version of the table: the page was drawn before it moved on."""


class NotYourTurn(TableError):
    """The seat is not the one to act."""


class NotLegal(TableError):
    """The tap is not a move the engine allows the seat now."""


class TablePaused(TableError):
    """The host paused the table."""


class GameOver(TableError):
    """The game (or the match) is decided: nothing more to play."""


class SeatError(TableError):
    """A seat that does not exist, is taken, cannot change now, or a level or name not accepted."""


class NotAtTable(TableError):
    """The key holds no seat at this table (or does not read as a key)."""


class NotHost(TableError):
    """The secret is not the host's."""


__all__ = [
    "GameOver",
    "NotAtTable",
    "NotHost",
    "NotLegal",
    "NotYourTurn",
    "SeatError",
    "StalePage",
    "TableError",
    "TablePaused",
]
