"""Plain-English descriptions of actions, for walkthroughs and logs (the verbs from
``engine.core.action_words``, in the present tense)."""

from __future__ import annotations

from engine.core.action_words import WORDS, Tense, Word, go_alone, word_for
from engine.core.actions import Action, Kind
from engine.core.hand import HandState, Phase
from engine.core.seats import partner, seat_name

NOW = Tense.PRESENT


def describe(state: HandState, action: Action) -> str:
    """One sentence for ``action`` taken in ``state`` (before it is applied)."""
    seat = state.to_act
    assert seat is not None
    who = seat_name(state.players, seat)
    up = f"the {state.upcard.name}"
    suit = state.upcard.suit
    alone = f" {go_alone(NOW)}" if action.alone else ""
    is_dealer = seat == state.dealer
    word = word_for(action, dealer=is_dealer, phase=state.phase)
    does = WORDS[word]
    k = action.kind
    if k is Kind.PASS:
        thrown_in = " — the hand is thrown in" if is_dealer and state.phase is Phase.BID2 else ""
        return f"{who} {does.say(NOW, up if word is Word.TURN_DOWN else '')}{thrown_in}."
    if k is Kind.ORDER:
        assert suit is not None
        if is_dealer:
            return f"{who} (the dealer) {does.say(NOW, up)}: {suit.noun} are trump{alone}."
        if partner(state.players, seat) == state.dealer:
            assist = WORDS[Word.ASSIST].say(NOW)
            return f"{who} {assist}: the dealer's partner {does.say(NOW, suit.noun)}{alone}."
        return f"{who} {does.say(NOW, up)}: {suit.noun} are trump{alone}."
    if k in (Kind.CALL, Kind.NAME):
        assert action.suit is not None
        joker = "The joker was turned up: " if k is Kind.NAME else ""
        dealer = " (the dealer)" if k is Kind.NAME else ""
        return f"{joker}{who}{dealer} {does.say(NOW, action.suit.noun)}{alone}."
    if k is Kind.DECLINE:
        return f"{who} {does.say(NOW, up)} on the kitty."
    if k is Kind.DEFEND_ALONE:
        return f"{who} {does.say(NOW)}."
    assert action.card is not None
    face_down = " face down" if k is Kind.DISCARD else ""
    return f"{who} {does.say(NOW, f'the {action.card.name}')}{face_down}."
