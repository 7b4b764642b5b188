"""What one seat can see of a hand: the information set that players and the analyzer get.

A view holds the seat's own cards, the upcard, every public action (the dealer's
discard masked for everyone but the dealer), the tricks played, and the trick in
progress. It never holds another seat's hidden cards or the kitty.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.actions import Action, Kind
from engine.core.cards import Card, Suit, make_deck
from engine.core.hand import HandState, Phase, Trick, legal_actions, on_maker_side, shown_voids, winning_play
from engine.core.rules import Rules
from engine.core.seat_text import HIDDEN_DISCARD, replay_view, view_text


@dataclass(frozen=True, slots=True)
class SeatView:
    rules: Rules
    seat: int
    dealer: int
    hand: tuple[Card, ...]
    upcard: Card
    phase: Phase
    to_act: int | None
    history: tuple[tuple[int, Action], ...]
    trump: Suit | None
    maker: int | None
    alone: bool
    lone_defender: int | None
    out: tuple[int, ...]
    upcard_taken: bool
    turned_down: Suit | None
    tricks: tuple[Trick, ...]
    trick: tuple[tuple[int, Card], ...]
    leader: int | None
    hand_sizes: tuple[int, ...]
    discarded: Card | None  # only the dealer's own discard; None for everyone else
    legal: tuple[Action, ...]  # the seat's legal actions if it is to act, else ()

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat

    def is_maker_side(self, seat: int) -> bool:
        return on_maker_side(self.rules, self.maker, seat)

    @property
    def voids(self) -> tuple[frozenset[Suit], ...]:
        """The suits each seat has shown it lacks (``engine.core.hand.shown_voids``)."""
        return shown_voids(self.players, self.trump, self.tricks, self.trick)

    @property
    def winning(self) -> tuple[int, Card] | None:
        """The (seat, card) winning the trick on the table so far; None when none is."""
        if not self.trick or self.trump is None:
            return None
        return winning_play(self.trick, self.trump)

    @property
    def played_cards(self) -> tuple[Card, ...]:
        return tuple(c for t in self.tricks for _, c in t.plays) + tuple(c for _, c in self.trick)

    def to_text(self) -> str:
        """This view as one line of text: the position grammar with every hidden card as ``?``
        (engine/core/seat_text.py). ``SeatView.from_text`` gives back an equal view."""
        return view_text(self)

    @staticmethod
    def from_text(text: str) -> SeatView:
        """The view a seat's text describes (``to_text``'s inverse). Raises PositionError saying
        what is wrong (engine/core/seat_text.py)."""
        return view_of(*replay_view(text))

    def unseen_cards(self) -> tuple[Card, ...]:
        """Cards whose place this seat does not know: not in its hand, not played,
        not its own discard, and not the upcard (whose place is always known or
        narrowed: face up, in the dealer's hand, or turned down)."""
        known = set(self.hand) | set(self.played_cards) | {self.upcard}
        if self.discarded is not None:
            known.add(self.discarded)
        return tuple(c for c in make_deck(self.rules.deck, self.rules.joker) if c not in known)


def view_of(state: HandState, seat: int) -> SeatView:
    """The view of ``seat``: only what that seat can see."""
    if state.dealer == seat:
        history = state.history
        discarded = state.discarded
    else:
        history = tuple((s, HIDDEN_DISCARD if a.kind is Kind.DISCARD else a) for s, a in state.history)
        discarded = None
    return SeatView(
        rules=state.rules,
        seat=seat,
        dealer=state.dealer,
        hand=state.hands[seat],
        upcard=state.upcard,
        phase=state.phase,
        to_act=state.to_act,
        history=history,
        trump=state.trump,
        maker=state.maker,
        alone=state.alone,
        lone_defender=state.lone_defender,
        out=state.out,
        upcard_taken=state.upcard_taken,
        turned_down=state.turned_down,
        tricks=state.tricks,
        trick=state.trick,
        leader=state.leader,
        hand_sizes=tuple(len(h) for h in state.hands),
        discarded=discarded,
        legal=legal_actions(state) if state.to_act == seat else (),
    )
