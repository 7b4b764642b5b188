"""Hand evaluation by a club player's rules of thumb, for bidding and for explaining.

The facts a player counts before calling trump: how many trumps (the left bower and
the joker included), the bowers, the off-suit aces, the voids, and who gets the
upcard. ``trick_estimate`` turns them into a rough count of tricks the hand takes on
its own; ``bid_strength`` adds what the seat knows about the upcard (it goes to the
dealer in round 1) and the "next" suit in round 2: both are the compiled Club player's
(``engine.compiled.club_bidding``, its numbers in ``engine.compiled.club_numbers``), called
here on cards and views. The Club player's reasons and the hand analyzer's answers are
worded with the facts (``hand_facts`` and ``describe_facts``).

>>> from engine.core.cards import parse_cards, Suit
>>> facts = hand_facts(parse_cards("JH JD AH KS 9C"), Suit.HEARTS)
>>> facts.trump_count, facts.right, facts.left, len(facts.off_aces)
(3, True, True, 0)
>>> describe_facts(facts)
'3 trumps (right bower, left bower, ace), no off-suit ace, void in diamonds'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from engine.compiled import club_bidding
from engine.compiled.club_numbers import ALONE_THRESHOLD, CALL_THRESHOLD, DEFEND_ALONE_THRESHOLD, JOKER_KEPT
from engine.compiled.encoding import card_code, encode_view
from engine.core.cards import ACE, Card, Suit
from engine.core.ranking import effective_table, strength_table
from engine.core.rules import Rules
from engine.core.view import SeatView


@dataclass(frozen=True, slots=True)
class Score:
    """The game score as a seat sees it: its side's points, the best opponent's, the target."""

    ours: int
    theirs: int
    target: int = 10


@dataclass(frozen=True, slots=True)
class HandFacts:
    trump: Suit
    trumps: tuple[Card, ...]  # effective trumps, high to low
    right: bool
    left: bool
    joker: bool
    off_aces: tuple[Card, ...]
    voids: tuple[Suit, ...]  # off-suits with no card
    singletons: tuple[Card, ...]  # the only card of its off-suit (not an ace)

    @property
    def trump_count(self) -> int:
        return len(self.trumps)


def trump_strength(card: Card, trump: Suit) -> int:
    """21..30 for a trump (joker highest), 0 for any other card."""
    s = strength_table(trump, trump)[card]
    return s if s > 20 else 0


def hand_facts(hand: Sequence[Card], trump: Suit) -> HandFacts:
    eff = effective_table(trump)
    table = strength_table(trump, trump)
    trumps = sorted((c for c in hand if eff[c] == trump), key=lambda c: -table[c])
    by_suit: dict[Suit, list[Card]] = {s: [] for s in Suit if s != trump}
    for c in hand:
        s = eff[c]
        if s != trump:
            by_suit[s].append(c)
    return HandFacts(
        trump=trump,
        trumps=tuple(trumps),
        right=Card.of(11, trump) in hand,
        left=Card.of(11, trump.partner) in hand,
        joker=any(c.is_joker for c in hand),
        off_aces=tuple(c for cards in by_suit.values() for c in cards if c.rank == ACE),
        voids=tuple(s for s, cards in by_suit.items() if not cards),
        singletons=tuple(cards[0] for cards in by_suit.values() if len(cards) == 1 and cards[0].rank != ACE),
    )


def _codes(cards: Sequence[Card]) -> np.ndarray:
    return np.array([card_code(c) for c in cards], dtype=np.int64)


def trick_estimate(hand: Sequence[Card], trump: Suit, joker_deck: bool = False) -> float:
    """Roughly how many tricks ``hand`` takes by itself with ``trump`` as trump (the compiled
    Club player's estimate, ``engine.compiled.club_bidding.trick_estimate``).

    Trumps in an unbroken run from the top count a full trick each, other trumps by
    rank; length beyond two trumps, off-aces, guarded kings and voids (with trumps to
    ruff) add their share.
    """
    return float(club_bidding.trick_estimate(_codes(hand), len(hand), int(trump), joker_deck))


def best_discard(cards: Sequence[Card], trump: Suit) -> Card:
    """The club discard from ``cards``: never a trump unless all are trump; make a void
    with a low singleton; keep aces; otherwise the lowest card (ties: the first in ``cards``)."""
    return cards[int(club_bidding.best_discard(_codes(cards), len(cards), int(trump)))]


def dealer_hand(hand: Sequence[Card], upcard: Card, trump: Suit) -> tuple[tuple[Card, ...], Card]:
    """The dealer's five cards after taking ``upcard`` and making the club discard; and the discard."""
    six = tuple(hand) + (upcard,)
    out = best_discard(six, trump)
    return tuple(c for c in six if c != out), out


def bid_strength(view: SeatView, trump: Suit) -> float:
    """The seat's trick estimate if it makes ``trump`` now, seat-aware (the compiled Club
    player's, ``engine.compiled.club_bidding.bid_strength``).

    Round 1: the dealer counts its hand after picking up and discarding; the dealer's
    partner gains part of the upcard's value, an opponent of the dealer loses it. Joker
    turned up: the dealer takes the joker whatever suit it names. Round 2: a bonus for
    calling "next" against the dealer, and a smaller one for "reverse next" on the dealer's
    side. Round 1 with the joker in hand: ``JOKER_KEPT`` less, since the joker is a trick
    whatever becomes trump and a pass keeps it (the sound model's fit for British Euchre:
    without it the dealer gained 0.03 points a hand by passing such hands, with it about
    0.02, in ``bench/exploitability_check.py``'s check split by bowers and aces).
    """
    hand = _codes(view.hand)
    return float(club_bidding.bid_strength(encode_view(view), view.seat, hand, len(hand), int(trump)))


def call_threshold(rules: Rules, score: Score | None = None) -> float:
    """The bid strength a club player wants before making trump; lower when the
    opponents need only one more point (a pass hands them the initiative)."""
    threshold = CALL_THRESHOLD[rules.players]
    if score is not None and score.theirs >= score.target - 1:
        threshold -= 0.25
    return threshold


def alone_worthwhile(rules: Rules, score: Score | None = None) -> bool:
    """Going alone only pays when 4 points are worth more than a partnership march's 2."""
    if not rules.can_go_alone:
        return False
    return score is None or score.target - score.ours > 2


def describe_facts(facts: HandFacts) -> str:
    """'3 trumps (right bower, ace), 1 off-suit ace, void in clubs' — for reasons and the analyzer."""
    n = facts.trump_count
    parts = []
    if n:
        names = [_trump_name(c, facts.trump) for c in facts.trumps]
        parts.append(f"{n} trump{'s' if n != 1 else ''} ({', '.join(names)})")
    else:
        parts.append("no trump")
    a = len(facts.off_aces)
    parts.append(f"{a} off-suit ace{'s' if a != 1 else ''}" if a else "no off-suit ace")
    if facts.voids:
        parts.append("void in " + " and ".join(s.noun for s in facts.voids))
    else:
        parts.append("no void")
    return ", ".join(parts)


def _trump_name(card: Card, trump: Suit) -> str:
    if card.is_joker:
        return "joker"
    if card.rank == 11:
        return "right bower" if card.suit == trump else "left bower"
    return {14: "ace", 13: "king", 12: "queen", 10: "ten", 9: "nine", 8: "eight", 7: "seven"}[card.rank]


__all__ = [
    "ALONE_THRESHOLD",
    "CALL_THRESHOLD",
    "DEFEND_ALONE_THRESHOLD",
    "JOKER_KEPT",
    "HandFacts",
    "Score",
    "alone_worthwhile",
    "best_discard",
    "bid_strength",
    "call_threshold",
    "dealer_hand",
    "describe_facts",
    "hand_facts",
    "trick_estimate",
    "trump_strength",
]
