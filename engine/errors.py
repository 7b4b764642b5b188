"""Named errors. Every one is a ValueError so callers can catch broadly or exactly."""

from __future__ import annotations


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
