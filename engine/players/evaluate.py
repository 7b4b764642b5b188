"""Hand evaluation by a club player's rules of thumb, for bidding and for explaining.

The facts a player counts before calling trump: how many trumps (the left bower and
the joker included), the bowers, the off-suit aces, the voids, and who gets the
upcard. ``trick_estimate`` turns them into a rough count of tricks the hand takes on
its own; ``bid_strength`` adds what the seat knows about the upcard (it goes to the
dealer in round 1) and the "next" suit in round 2. The hand analyzer explains its
answers with the same facts (``hand_facts`` and ``describe_facts``).

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

from engine.core.cards import ACE, KING, Card, Suit
from engine.core.hand import Phase
from engine.core.ranking import effective_table, strength_table
from engine.core.rules import Rules
from engine.core.seats import same_side
from engine.core.view import SeatView

# Trick value of a trump by its strength under trump (engine.core.ranking: joker 30, right 29,
# left 28, A 27, K 26, Q 25, 10 24, 9 23, 8 22, 7 21).
TRUMP_VALUE = {30: 1.0, 29: 1.0, 28: 0.85, 27: 0.7, 26: 0.55, 25: 0.45, 24: 0.4, 23: 0.35, 22: 0.3, 21: 0.3}
TOP_SEQUENCE_VALUE = 1.0  # a trump in an unbroken run from the top of the suit is a sure trick
LENGTH_BONUS = 0.15  # per trump beyond the second
VOID_BONUS = 0.2  # per void off-suit when holding two or more trumps (a chance to ruff)
ACE_SHORT, ACE_LONG = 0.7, 0.55  # an off-ace in a suit of 1-2 cards / of 3 or more
KING_WITH_ACE, KING_GUARDED, KING_BARE = 0.3, 0.15, 0.05

# Own-hand trick estimate needed to make trump, by number of players (partner's help is
# expected in the 4-player game; the 3-player maker plays alone against two).
CALL_THRESHOLD = {4: 2.0, 3: 2.8, 2: 1.8}  # tuned by club-vs-club arena runs
ALONE_THRESHOLD = 3.8  # and the top trump in hand
DEFEND_ALONE_THRESHOLD = 2.6
NEXT_BONUS = 0.25  # round 2: "next" (same colour as the turned-down suit) for the dealer's opponents
REVERSE_NEXT_BONUS = 0.1  # round 2: the other colour for the dealer's side
UPCARD_SHARE = 0.6  # how much of the upcard's value changes hands when the dealer picks it up
UPCARD_EXTRA = 0.1  # and a little more: the dealer also gets to discard
JOKER_KEPT = 0.8  # round 1, joker decks: the joker is a trick in any suit, so a pass keeps it


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


def _top_strength(rules: Rules) -> int:
    return 30 if rules.joker else 29


def trick_estimate(hand: Sequence[Card], trump: Suit, joker_deck: bool = False) -> float:
    """Roughly how many tricks ``hand`` takes by itself with ``trump`` as trump.

    Trumps in an unbroken run from the top count a full trick each, other trumps by
    rank; length beyond two trumps, off-aces, guarded kings and voids (with trumps to
    ruff) add their share.
    """
    eff = effective_table(trump)
    table = strength_table(trump, trump)
    strengths = sorted((table[c] for c in hand if eff[c] == trump), reverse=True)
    total = 0.0
    expect = 30 if joker_deck else 29
    for s in strengths:
        if s == expect:
            total += TOP_SEQUENCE_VALUE
            expect -= 1
        else:
            total += TRUMP_VALUE[s]
            expect = 0
    if len(strengths) > 2:
        total += LENGTH_BONUS * (len(strengths) - 2)
    counts = [0, 0, 0, 0]
    for c in hand:
        if eff[c] != trump:
            counts[eff[c]] += 1
    for c in hand:
        s = eff[c]
        if s == trump:
            continue
        if c.rank == ACE:
            total += ACE_SHORT if counts[s] <= 2 else ACE_LONG
        elif c.rank == KING:
            if Card.of(ACE, s) in hand:
                total += KING_WITH_ACE
            else:
                total += KING_GUARDED if counts[s] >= 2 else KING_BARE
    if len(strengths) >= 2:
        voids = sum(1 for s in Suit if s != trump and counts[s] == 0)
        total += VOID_BONUS * min(voids, 2)
    return total


def best_discard(cards: Sequence[Card], trump: Suit) -> Card:
    """The club discard from ``cards``: never a trump unless all are trump; make a void
    with a low singleton; keep aces; otherwise the lowest card."""
    eff = effective_table(trump)
    plain = [c for c in cards if eff[c] != trump]
    if not plain:
        table = strength_table(trump, trump)
        return min(cards, key=lambda c: table[c])
    counts = [0, 0, 0, 0]
    for c in plain:
        counts[eff[c]] += 1
    return min(plain, key=lambda c: (c.rank == ACE, counts[eff[c]] != 1, c.rank, counts[eff[c]]))


def dealer_hand(hand: Sequence[Card], upcard: Card, trump: Suit) -> tuple[tuple[Card, ...], Card]:
    """The dealer's five cards after taking ``upcard`` and making the club discard; and the discard."""
    six = tuple(hand) + (upcard,)
    out = best_discard(six, trump)
    return tuple(c for c in six if c != out), out


def upcard_value(upcard: Card, trump: Suit) -> float:
    s = trump_strength(upcard, trump)
    return TRUMP_VALUE[s] if s else 0.0


def _partner_of(view: SeatView, seat: int) -> bool:
    return seat != view.seat and same_side(view.players, seat, view.seat)


def bid_strength(view: SeatView, trump: Suit, alone: bool = False) -> float:
    """The seat's trick estimate if it makes ``trump`` now, seat-aware.

    Round 1: the dealer counts its hand after picking up and discarding; the dealer's
    partner gains part of the upcard's value, an opponent of the dealer loses it (unless
    the dealer's partner goes alone: then the dealer does not pick up). Joker turned up:
    the dealer takes the joker whatever suit it names. Round 2: a bonus for calling
    "next" against the dealer, and a smaller one for "reverse next" on the dealer's side.
    Round 1 with the joker in hand: ``JOKER_KEPT`` less, since the joker is a trick whatever
    becomes trump and a pass keeps it (the sound model's fit for British Euchre: without it
    the dealer gained 0.03 points a hand by passing such hands, with it about 0.02, in
    ``bench/exploitability_check.py``'s check split by bowers and aces).
    """
    rules = view.rules
    hand = view.hand
    up = view.upcard
    kept = JOKER_KEPT if view.phase is Phase.BID1 and any(c.is_joker for c in hand) else 0.0
    if view.phase is Phase.NAME or (view.phase is Phase.BID1 and view.seat == view.dealer):
        five, _ = dealer_hand(hand, up, trump)
        value = trick_estimate(five, trump, rules.joker)
        if view.phase is Phase.BID1 and rules.optional_pickup:
            value = max(value, trick_estimate(hand, trump, rules.joker))
        return value - kept
    value = trick_estimate(hand, trump, rules.joker) - kept
    if view.phase is Phase.BID1:
        if _partner_of(view, view.dealer):
            if not alone:
                value += UPCARD_SHARE * upcard_value(up, trump) + UPCARD_EXTRA
        else:
            value -= UPCARD_SHARE * upcard_value(up, trump) + UPCARD_EXTRA
    elif view.phase is Phase.BID2 and view.turned_down is not None:
        dealer_side = view.seat == view.dealer or _partner_of(view, view.dealer)
        if trump == view.turned_down.partner and not dealer_side:
            value += NEXT_BONUS
        elif trump.is_red != view.turned_down.is_red and dealer_side:
            value += REVERSE_NEXT_BONUS
    return value


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


def strong_enough_alone(hand: Sequence[Card], trump: Suit, rules: Rules, threshold: float = ALONE_THRESHOLD) -> bool:
    """Alone: the top trump in hand and a trick estimate near a march (``threshold``; a
    bidding style may move it by seat and round, ``ClubPlayer.caution``)."""
    top = _top_strength(rules)
    if not any(trump_strength(c, trump) == top for c in hand):
        return False
    return trick_estimate(hand, trump, rules.joker) >= threshold


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
