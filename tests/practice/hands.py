"""Hands set up for the practice table's tests, shared by more than one test module."""

from __future__ import annotations

from engine.core.actions import call
from engine.core.cards import Suit, parse_card, parse_cards
from engine.core.hand import HandState, Phase, from_cards
from engine.core.rules import Rules


def lone_hearts_maker(maker: int) -> HandState:
    """Rules with defend alone; South (the learner, dealer) holds the five top hearts. Everyone
    passes the 9C, then ``maker`` (West or East) names hearts alone holding only TH 9H AS KS QS:
    South takes every trick whoever plays beside them (any lead is followed or trumped from
    the top five trumps). North holds five clubs, no trump."""
    weak, diamonds = parse_cards("TH 9H AS KS QS"), parse_cards("AD KD QD TD 9D")
    hands = [parse_cards("JH JD AH KH QH"), weak if maker == 1 else diamonds,
             parse_cards("AC KC QC JC TC"), weak if maker == 3 else diamonds]
    state = from_cards(Rules(defend_alone=True), dealer=0, hands=hands, upcard=parse_card("9C"),
                       kitty=parse_cards("JS TS 9S"))
    for _ in range(4 + (maker - 1)):  # round 1 all pass; round 2 passes until the maker
        state = state.apply("pass")
    state = state.apply(call(Suit.HEARTS, alone=True))
    assert state.phase is Phase.DEFEND
    return state


__all__ = ["lone_hearts_maker"]
