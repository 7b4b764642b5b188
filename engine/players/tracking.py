"""What a seat can work out during the play from its view alone.

The cards still out (not in its hand, not played, not known to be dead), which seats
have shown out of a suit, who is winning the trick in progress, and who plays after
it. Built once per decision; every field is derived from the SeatView.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.core.cards import Card, Suit, make_deck
from engine.core.ranking import effective_table, strength_table
from engine.core.seats import partner
from engine.core.view import SeatView


@cache
def _deck(size: int, joker: bool) -> tuple[Card, ...]:
    return make_deck(size, joker)


@dataclass(frozen=True, slots=True)
class Table:
    trump: Suit
    eff: dict[Card, Suit]  # effective suit of every card
    outstanding: frozenset[Card]  # cards that may still be in another seat's hand
    top_out: tuple[int, int, int, int]  # per effective suit: strongest outstanding card (0 = none)
    shown_out: frozenset[tuple[int, Suit]]  # (seat, effective suit) a seat failed to follow
    teammates: frozenset[int]  # active seats on this seat's side for this hand (not itself)
    after: tuple[int, ...]  # active seats still to play to the current trick after this seat
    winner: int | None  # seat winning the current trick
    win_power: int  # its strength in the led suit
    led: Suit | None

    def power(self, card: Card) -> int:
        """Strength of ``card`` within its own effective suit (trumps 21..30, others 7..14)."""
        return strength_table(self.trump, self.eff[card])[card]

    def is_boss(self, card: Card) -> bool:
        """No outstanding card of its effective suit beats it."""
        return self.power(card) > self.top_out[self.eff[card]]

    def opponents_after(self) -> tuple[int, ...]:
        return tuple(s for s in self.after if s not in self.teammates)

    def may_ruff(self, seat: int, suit: Suit) -> bool:
        """Could ``seat`` trump a lead of ``suit``: shown out of it with trumps still out."""
        return (seat, suit) in self.shown_out and self.top_out[self.trump] > 0


def read_table(view: SeatView) -> Table:
    trump = view.trump
    assert trump is not None
    eff = effective_table(trump)
    me = view.seat
    played = set(view.played_cards)
    shown_out = {(seat, suit) for seat, suits in enumerate(view.voids) for suit in suits}
    led_now = eff[view.trick[0][1]] if view.trick else None
    known = played | set(view.hand)
    if view.discarded is not None:
        known.add(view.discarded)
    if not view.upcard_taken:
        known.add(view.upcard)  # turned down or left on the kitty: out of play
    outstanding = frozenset(c for c in _deck(view.rules.deck, view.rules.joker) if c not in known)
    top = [0, 0, 0, 0]
    for c in outstanding:
        s = eff[c]
        p = strength_table(trump, s)[c]
        if p > top[s]:
            top[s] = p
    teammates = frozenset(s for s in _team(view) if s != me and s not in view.out)
    n = view.players
    after: list[int] = []
    winner: int | None = None
    win_power = 0
    if view.trick:
        assert led_now is not None
        leading = view.winning
        assert leading is not None
        winner, card = leading
        win_power = strength_table(trump, led_now)[card]
        done = {seat for seat, _ in view.trick} | {me}
        nxt = (me + 1) % n
        while nxt not in done:
            if nxt not in view.out:
                after.append(nxt)
            nxt = (nxt + 1) % n
    return Table(
        trump=trump,
        eff=eff,
        outstanding=outstanding,
        top_out=(top[0], top[1], top[2], top[3]),
        shown_out=frozenset(shown_out),
        teammates=teammates,
        after=tuple(after),
        winner=winner,
        win_power=win_power,
        led=led_now,
    )


def _team(view: SeatView) -> tuple[int, ...]:
    """This seat's side for the hand: partners in the 4-player game; in cutthroat the two
    defenders play together against the maker; in the 2-player game nobody."""
    me = view.seat
    mate = partner(view.players, me)
    if mate is not None:
        return (me, mate)
    if view.players == 3 and view.maker is not None and me != view.maker:
        return tuple(s for s in range(3) if s != view.maker)
    return (me,)
