"""The Beginner: always legal, plausible, and making a new player's usual mistakes.

- Calls trump on the number of cards of the suit alone, and counts by the printed
  suit, so it forgets that the left bower is a trump (and counts no aces or voids).
- Leads its highest card and plays high when following, spending aces and bowers early.
- Trumps its partner's winning trick now and then (``PARTNER_RUFF_CHANCE``).
- Never goes alone unless it holds five of the suit, never defends alone.
Its reasons say what a beginner thinks, so a learner can spot the mistake.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.core.actions import ORDER, ORDER_ALONE, PASS, Kind, call, discard, name, play
from engine.core.cards import Card, Suit
from engine.core.hand import Phase
from engine.core.ranking import strength_table
from engine.core.view import SeatView
from engine.players.base import Decision
from engine.players.tracking import read_table

PARTNER_RUFF_CHANCE = 0.35
CARDS_TO_CALL = 3


def _printed_count(cards: tuple[Card, ...], suit: Suit) -> int:
    """Cards whose printed suit is ``suit`` — the beginner's count (no left bower)."""
    return sum(1 for c in cards if c.suit == suit)


@dataclass(frozen=True, slots=True)
class BeginnerPlayer:
    def decide(self, view: SeatView, rng: random.Random) -> Decision:
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} is not to act (phase {view.phase.value})")
        phase = view.phase
        if phase is Phase.PLAY:
            return _play(view, rng)
        if phase is Phase.BID1:
            return _round_one(view)
        if phase is Phase.BID2:
            return _round_two(view)
        if phase is Phase.NAME:
            suit = max(Suit, key=lambda s: (_printed_count(view.hand, s), -int(s)))
            return Decision(name(suit), f"Name {suit.noun}: I have the most of them.")
        if phase is Phase.DISCARD:
            return _discard(view)
        if phase is Phase.DEFEND:
            return Decision(PASS, "Defending alone sounds scary; let my partner help.")
        raise ValueError(f"no decision in phase {phase.value}")  # pragma: no cover


def _round_one(view: SeatView) -> Decision:
    suit = view.upcard.suit
    assert suit is not None
    dealer = view.seat == view.dealer
    count = _printed_count(view.hand, suit) + (1 if dealer else 0)
    if count >= 5 and ORDER_ALONE in view.legal:
        return Decision(ORDER_ALONE, f"I have {count} {suit.noun}: I'll go alone!")
    if count >= CARDS_TO_CALL:
        return Decision(ORDER, f"I have {count} {suit.noun}, so {suit.noun} it is.")
    return Decision(PASS, f"Only {count} {suit.noun}: pass.")


def _round_two(view: SeatView) -> Decision:
    suits = [a.suit for a in view.legal if a.kind is Kind.CALL and not a.alone and a.suit is not None]
    best = max(suits, key=lambda s: (_printed_count(view.hand, s), -int(s)))
    count = _printed_count(view.hand, best)
    if count >= CARDS_TO_CALL or PASS not in view.legal:
        forced = "" if count >= CARDS_TO_CALL else " (I have to name something)"
        return Decision(call(best), f"I have {count} {best.noun}: call {best.noun}{forced}.")
    return Decision(PASS, f"No suit with {CARDS_TO_CALL} cards: pass.")


def _discard(view: SeatView) -> Decision:
    trump = view.trump
    assert trump is not None
    options = [a.card for a in view.legal if a.kind is Kind.DISCARD and a.card is not None]
    plain = [c for c in options if c.suit != trump and c != view.upcard] or options
    out = min(plain, key=lambda c: (c.rank, int(c.suit_index)))
    return Decision(
        discard(out), f"Throw away the {out.short}, my lowest card that isn't a {trump.noun[:-1]}."
    )


def _play(view: SeatView, rng: random.Random) -> Decision:
    cards = [a.card for a in view.legal if a.card is not None]
    t = read_table(view)
    trump = t.trump
    if len(cards) == 1:
        return Decision(play(cards[0]), f"The {cards[0].short} is all I can play.")
    if not view.trick:
        plain = [c for c in cards if t.eff[c] != trump] or cards
        c = max(plain, key=lambda c: (t.power(c), -int(c.suit_index)))
        return Decision(play(c), f"Lead my best card, the {c.short}, while I can.")
    led = t.led
    assert led is not None
    table = strength_table(trump, led)
    following = all(t.eff[c] == led for c in cards)
    winners = [c for c in cards if table[c] > t.win_power]
    partner_winning = t.winner in t.teammates
    if following:
        if winners and not partner_winning:
            c = max(winners, key=lambda c: table[c])
            return Decision(play(c), f"Play high: the {c.short} should take it.")
        c = min(cards, key=lambda c: table[c])
        return Decision(play(c), f"Follow suit low with the {c.short}.")
    trumps = [c for c in cards if t.eff[c] == trump and table[c] > t.win_power]
    if trumps and (not partner_winning or rng.random() < PARTNER_RUFF_CHANCE):
        c = min(trumps, key=lambda c: table[c])
        return Decision(play(c), f"I have no {led.noun}, so I'll trump it with the {c.short}.")
    plain = [c for c in cards if t.eff[c] != trump] or cards
    c = min(plain, key=lambda c: (c.rank, int(c.suit_index)))
    return Decision(play(c), f"Get rid of the {c.short}.")


__all__ = ["BeginnerPlayer"]
