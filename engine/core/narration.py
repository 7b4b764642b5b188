"""Plain-English descriptions of actions, for walkthroughs and logs."""

from __future__ import annotations

from engine.core.actions import Action, Kind
from engine.core.hand import HandState
from engine.core.seats import partner, seat_name


def describe(state: HandState, action: Action) -> str:
    """One sentence for ``action`` taken in ``state`` (before it is applied)."""
    seat = state.to_act
    assert seat is not None
    who = seat_name(state.players, seat)
    up = state.upcard.name
    suit = state.upcard.suit
    alone = " and goes alone" if action.alone else ""
    is_dealer = seat == state.dealer
    k = action.kind
    if k is Kind.PASS:
        if state.phase.value == "defend":
            return f"{who} does not defend alone."
        if state.phase.value == "bid1":
            return f"{who} turns down the {up}." if is_dealer else f"{who} passes."
        return f"{who} passes{' — the hand is thrown in' if is_dealer else ''}."
    if k is Kind.ORDER:
        assert suit is not None
        if is_dealer:
            return f"{who} (the dealer) picks up the {up}: {suit.noun} are trump{alone}."
        if partner(state.players, seat) == state.dealer:
            return f"{who} assists: the dealer's partner orders up {suit.noun}{alone}."
        return f"{who} orders up the {up}: {suit.noun} are trump{alone}."
    if k is Kind.CALL:
        assert action.suit is not None
        return f"{who} calls {action.suit.noun}{alone}."
    if k is Kind.NAME:
        assert action.suit is not None
        return f"The joker was turned up: {who} (the dealer) names {action.suit.noun}{alone}."
    if k is Kind.DISCARD:
        assert action.card is not None
        return f"{who} discards the {action.card.name} face down."
    if k is Kind.DECLINE:
        return f"{who} leaves the {up} on the kitty."
    if k is Kind.DEFEND_ALONE:
        return f"{who} defends alone."
    assert action.card is not None
    return f"{who} plays the {action.card.name}."
