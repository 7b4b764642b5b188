"""The Point-count player: bids by a published point count, plays like the Club player.

Source: "Euchre Point System", Euchre Strategy (euchrestrategy.info, section Basic
Strategy of Euchre). Its chart gives points for each trump, for the up-card (added
when it goes to your side, subtracted when it goes to the opponents), for off-suit
aces and for a two-suited hand; 1-6 points pass ("risky"), 7-9 call ("aggressive"),
10 and more is a safe hand, and "anything above 10 points" should consider going alone.
Values as coded here, the source's first:

=====================  ======  ============================================
trump                  points  up-card in round 1
=====================  ======  ============================================
right bower            4       +4 to your side, -4 to the opponents
left bower             3       (never the up-card)
ace                    3       +3 / -3
king, queen            2       +2 / -2
ten, nine              1       +1 / -1
off-suit ace           2
two-suited hand        1       (trumps, the left bower included, and one
                               other suit; an all-trump hand also counts)
=====================  ======  ============================================

Call at 7 or more (the source's pass range ends at 6); go alone at 11 or more
("above 10"), whenever going alone is allowed. The source has one scale for every
seat: the seat enters through the up-card column, added when you or your partner
deal and subtracted when an opponent deals; round 2 has no up-card, so every seat
calls at 7 there (the turned-down suit may not be named).

Adaptations for what the four-handed, 24-card source does not cover:

- the joker (best bower) is worth 5, above the right bower; the 8 and 7 of trump
  (28 and 32-card decks) count 1, like the nine;
- the dealer counts the five cards it keeps after picking up the up-card and making
  the club discard (``evaluate.dealer_hand``), so the up-card counts once, as a trump
  in its hand;
- the dealer's partner going alone counts its own hand only (the dealer does not
  pick up when its partner goes alone);
- three players: the maker plays alone against two, so it calls at the source's
  safe 10; two players call at 7, like four;
- stick the dealer: the dealer names its best-counting suit when it may not pass.

Everything else (the dealer's discard or decline, defending alone, naming trump under
a turned-up joker, every card played) is the Club player's decision, reason included.
Like the Club player it is deterministic and reads only the view.

>>> from engine.core.cards import parse_cards, Suit
>>> count = count_hand(parse_cards("QC JD AC QH KD"), Suit.DIAMONDS)
>>> count.total, count.describe()
(8, 'right bower 4, king 2, ace of clubs 2')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.action_words import capital, go_alone, order_up
from engine.core.actions import ORDER, ORDER_ALONE, PASS, Kind, call
from engine.core.cards import ACE, Card, Suit
from engine.core.hand import Phase
from engine.core.ranking import effective_table
from engine.core.rules import Rules
from engine.core.seats import same_side
from engine.core.view import SeatView
from engine.players.base import Decision
from engine.players.club import ClubPlayer
from engine.players.evaluate import Score, dealer_hand, trump_strength

# Points by strength under trump (engine.core.ranking: joker 30, right 29, left 28, A 27, K 26,
# Q 25, 10 24, 9 23, 8 22, 7 21).
TRUMP_POINTS: dict[int, int] = {30: 5, 29: 4, 28: 3, 27: 3, 26: 2, 25: 2, 24: 1, 23: 1, 22: 1, 21: 1}
OFF_ACE_POINTS = 2
TWO_SUITED_POINTS = 1
CALL_AT: dict[int, int] = {4: 7, 3: 10, 2: 7}  # by number of players
ALONE_AT = 11

_TRUMP_NAMES = {
    30: "joker",
    29: "right bower",
    28: "left bower",
    27: "ace",
    26: "king",
    25: "queen",
    24: "ten",
    23: "nine",
    22: "eight",
    21: "seven",
}


@dataclass(frozen=True, slots=True)
class Count:
    """A hand's point count for one trump suit, item by item: (what, points)."""

    trump: Suit
    items: tuple[tuple[str, int], ...]

    @property
    def total(self) -> int:
        return sum(points for _, points in self.items)

    def plus(self, what: str, points: int) -> Count:
        return Count(self.trump, self.items + ((what, points),))

    def describe(self) -> str:
        """'right bower 4, king 2, ace of clubs 2' — 'nothing' for an empty count."""
        if not self.items:
            return "nothing"
        return ", ".join(
            f"{what} {points}" if points >= 0 else f"{what} −{-points}" for what, points in self.items
        )


def count_hand(hand: Sequence[Card], trump: Suit) -> Count:
    """The source's count of ``hand`` with ``trump`` as trump (no up-card)."""
    eff = effective_table(trump)
    strengths = sorted((trump_strength(c, trump) for c in hand if eff[c] == trump), reverse=True)
    items = [(_TRUMP_NAMES[s], TRUMP_POINTS[s]) for s in strengths]
    items += [(c.name, OFF_ACE_POINTS) for c in sorted(hand) if eff[c] != trump and c.rank == ACE]
    if len({eff[c] for c in hand} - {trump}) <= 1:
        items.append(("two-suited", TWO_SUITED_POINTS))
    return Count(trump, tuple(items))


def upcard_points(upcard: Card, trump: Suit) -> int:
    s = trump_strength(upcard, trump)
    return TRUMP_POINTS[s] if s else 0


def call_at(rules: Rules) -> int:
    return CALL_AT[rules.players]


def round_one_count(view: SeatView, alone: bool = False) -> Count:
    """The seat's count for ordering up the up-card (``alone``: if it goes alone)."""
    up = view.upcard
    trump = up.suit
    assert trump is not None, "the joker up-card goes straight to the dealer's naming"
    if view.seat == view.dealer:
        five, _ = dealer_hand(view.hand, up, trump)
        return count_hand(five, trump)
    count = count_hand(view.hand, trump)
    value = upcard_points(up, trump)
    if _partner_dealer(view):
        return count if alone else count.plus(f"the {up.short} to your partner", value)
    return count.plus(f"the {up.short} to the dealer", -value)


def round_two_counts(view: SeatView) -> list[Count]:
    """The count of every suit the seat may name, best first (ties: clubs, diamonds, hearts, spades)."""
    suits = [a.suit for a in view.legal if a.kind is Kind.CALL and not a.alone and a.suit is not None]
    counts = [count_hand(view.hand, s) for s in suits]
    return sorted(counts, key=lambda c: (-c.total, int(c.trump)))


def _partner_dealer(view: SeatView) -> bool:
    return view.players == 4 and view.dealer != view.seat and same_side(4, view.dealer, view.seat)


@dataclass(frozen=True, slots=True)
class PointCountPlayer:
    """Bids by the point count (module docstring); plays as ``ClubPlayer(score=score)``."""

    score: Score | None = None

    def with_score(self, score: Score | None) -> PointCountPlayer:
        return PointCountPlayer(score=score)

    def decide(self, view: SeatView, rng: random.Random) -> Decision:
        if not view.legal:
            raise ValueError(f"seat {view.seat} is not to act (phase {view.phase.value})")
        if view.phase is Phase.BID1:
            return self._round_one(view)
        if view.phase is Phase.BID2:
            return self._round_two(view)
        return ClubPlayer(score=self.score).decide(view, rng)

    def _round_one(self, view: SeatView) -> Decision:
        up = view.upcard
        need = call_at(view.rules)
        dealer = view.seat == view.dealer
        verb = capital(order_up(dealer=dealer, assist=_partner_dealer(view), upcard=f"the {up.short}"))
        if ORDER_ALONE in view.legal:
            alone = round_one_count(view, alone=True)
            if alone.total >= ALONE_AT:
                return Decision(
                    ORDER_ALONE,
                    f"{verb} {go_alone()}: {_points(alone)} — the count goes alone at {ALONE_AT}.",
                )
        count = round_one_count(view)
        if count.total >= need:
            return Decision(ORDER, f"{verb}: {_points(count)} — the count calls at {need}.")
        what = "Turn it down" if dealer else "Pass"
        return Decision(
            PASS, f"{what}: {_points(count)} with {count.trump.noun} as trump — the count calls at {need}."
        )

    def _round_two(self, view: SeatView) -> Decision:
        need = call_at(view.rules)
        best = round_two_counts(view)[0]
        trump = best.trump
        if call(trump, True) in view.legal and best.total >= ALONE_AT:
            return Decision(
                call(trump, True),
                f"Call {trump.noun} and go alone: {_points(best)} — the count goes alone at {ALONE_AT}.",
            )
        if best.total >= need:
            return Decision(call(trump), f"Call {trump.noun}: {_points(best)} — the count calls at {need}.")
        if PASS not in view.legal:
            return Decision(
                call(trump),
                f"Stick the dealer: you must name a suit; {trump.noun} counts best, {_points(best)}.",
            )
        return Decision(
            PASS, f"Pass: your best suit, {trump.noun}, counts {_points(best)} — the count calls at {need}."
        )


def _points(count: Count) -> str:
    return f"{count.total} point{'s' if count.total != 1 else ''} ({count.describe()})"


__all__ = [
    "ALONE_AT",
    "CALL_AT",
    "Count",
    "PointCountPlayer",
    "count_hand",
    "round_one_count",
    "round_two_counts",
]
