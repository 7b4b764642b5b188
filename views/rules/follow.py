"""The "can I play this?" checker: asks the engine which cards may follow a lead, and says why.

The legal cards come from ``engine.core.hand.legal_actions`` on a trick in progress (seat 0 led,
seat 1 holds the hand); the sentence is built from that answer and the effective suits.

>>> from engine.core.cards import parse_card, parse_cards, Suit
>>> answer = check_follow(parse_cards("JD QD AH 9C TS"), parse_card("KD"), Suit.HEARTS)
>>> [str(c) for c in answer.legal]
['QD']
>>> answer.sentence
'Hearts are trump. The K♦ leads diamonds. You hold a diamond, so you must follow diamonds: Q♦. The J♦ is the left bower: a heart this hand, not a diamond.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.cards import Card, Suit
from engine.core.hand import HandState, Phase, legal_actions
from engine.core.ranking import effective_suit, left_bower
from engine.core.rules import Rules


@dataclass(frozen=True, slots=True)
class FollowAnswer:
    trump: Suit
    led: Card
    led_suit: Suit
    hand: tuple[Card, ...]
    legal: tuple[Card, ...]
    sentence: str
    notes: tuple[str, ...]  # one caption per card of the hand


def _one(suit: Suit) -> str:
    return suit.noun[:-1]


def _list(cards: Sequence[Card]) -> str:
    return ", ".join(c.short for c in cards)


def engine_legal(hand: Sequence[Card], led: Card, trump: Suit) -> tuple[Card, ...]:
    """The cards of ``hand`` the engine allows after ``led``, in hand order."""
    state = HandState(
        rules=Rules(deck=32, joker=True),
        dealer=3,
        dealt=((), tuple(hand), (), ()),
        hands=((), tuple(hand), (), ()),
        upcard=led,
        kitty=(),
        phase=Phase.PLAY,
        to_act=1,
        trump=trump,
        trick=((0, led),),
        leader=0,
    )
    return tuple(a.card for a in legal_actions(state) if a.card is not None)


def check_follow(hand: Sequence[Card], led: Card, trump: Suit) -> FollowAnswer:
    """Which cards of ``hand`` may follow ``led`` with ``trump``, with the reasons in words."""
    hand = tuple(c for c in hand if c != led)
    legal = engine_legal(hand, led, trump)
    led_suit = effective_suit(led, trump)
    parts = [f"{trump.noun.capitalize()} are trump."]
    if led.is_joker:
        parts.append(f"The joker is the highest trump, so it leads {trump.noun}.")
    elif led == left_bower(trump):
        parts.append(
            f"The {led.short} is the left bower, so it leads {trump.noun}, not {led.suit.noun if led.suit else ''}."
        )
    else:
        parts.append(f"The {led.short} leads {led_suit.noun}.")
    following = [c for c in hand if effective_suit(c, trump) == led_suit]
    if not hand:
        parts.append("Pick the cards in your hand to see which you may play.")
    elif following and set(legal) == set(following):
        parts.append(
            f"You hold a{'n' if _one(led_suit)[0] in 'aeiou' else ''} {_one(led_suit)}, "
            f"so you must follow {led_suit.noun}: {_list(legal)}."
        )
    else:
        parts.append(f"You hold no {_one(led_suit)}, so you may play any card, trump included.")
    lb = left_bower(trump)
    if lb in hand and led_suit == lb.suit:
        parts.append(f"The {lb.short} is the left bower: a {_one(trump)} this hand, not a {_one(led_suit)}.")
    elif lb in hand and led_suit == trump:
        parts.append(f"The {lb.short} is the left bower, so it counts as a {_one(trump)} and follows.")
    notes = []
    for card in hand:
        eff = effective_suit(card, trump)
        if card in legal:
            notes.append(f"follows {led_suit.noun}" if eff == led_suit else "may be played")
        elif card == lb:
            notes.append(f"a {_one(trump)} now")
        else:
            notes.append(f"not a {_one(led_suit)}")
    return FollowAnswer(trump, led, led_suit, hand, legal, " ".join(parts), tuple(notes))
