"""Named errors. Every one is a ValueError so callers can catch broadly or exactly.

A message that names what a user typed quotes it with ``quoted``: at most ``SHOWN_CHARS``
characters of it, so a 100 KB argument or link value never comes back whole.

>>> quoted("9H")
"'9H'"
>>> quoted("x" * 100)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'"
"""

from __future__ import annotations

SHOWN_CHARS = 60  # characters of a user's value a message echoes


def quoted(value: object, limit: int = SHOWN_CHARS) -> str:
    """``value`` as a message quotes it: its ``repr`` (one line: line breaks and control characters
    escaped), text cut to ``limit`` characters with an ellipsis."""
    if isinstance(value, str):
        return repr(value if len(value) <= limit else value[:limit] + "…")
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return "a number with more than 19 digits"
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


class EuchreError(ValueError):
    """Base class for every error the engine raises on bad input."""


class CardParseError(EuchreError):
    """Text that is not a card (or not a list of cards)."""


class RulesError(EuchreError):
    """An unknown rules field, a bad value, or an impossible combination."""


class DealError(EuchreError):
    """A deal that cannot happen: wrong hand sizes, duplicate cards, cards not in the deck."""


class ActionParseError(EuchreError):
    """Text that is not an action in the canonical action language."""


class IllegalAction(EuchreError):
    """An action that is well formed but not legal in this state.

    The message lists the legal actions; the state it was applied to is unchanged
    (states are immutable, so this is automatic).
    """

    def __init__(self, message: str, legal: tuple[object, ...] = ()) -> None:
        super().__init__(message)
        self.legal = legal
