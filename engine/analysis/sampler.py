"""Deal the unseen cards again, consistently with what one seat knows.

``sample_state(view, rng)`` returns a whole ``HandState`` at the view's decision
point whose view for that seat is exactly ``view``: the seat's own cards, the
upcard (on the kitty, or in the dealer's hand once picked up), the cards played,
and the voids the play has shown are all respected. Bids mean something too: with
a ``bidder`` (the club player by default in the analyzer) a deal is rejected when
that player, holding the sampled cards, would not have made the bids and passes
that were actually made — so a seat that passed does not get a hand it would have
ordered with. After ``max_tries`` rejections the last deal that fits the cards is
kept (and counted in ``SampleStats.unchecked``), so sampling never hangs on a
surprising auction.

The sampler reads only the view: it never touches another seat's hidden cards.

This is the Python sampler. The analyzer's deal loop samples the same way in compiled code
(``engine.compiled.deal_loop.sample_deal``, fed the view's voids through the encoded state);
this one stays as the reference the conformance tests hold the compiled one to, and as the
sampler of the slower Python runs (``engine.analysis.runners.PythonRun``, the Expert's PIMC).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Protocol

from engine.core.actions import Action, Kind, discard
from engine.core.cards import Card, Suit
from engine.core.errors import EuchreError
from engine.core.hand import HandState, Phase, apply, from_cards
from engine.core.ranking import effective_table
from engine.core.view import SeatView, view_of
from engine.players.club import ClubPlayer

BIDDING_PHASES = (Phase.BID1, Phase.BID2, Phase.NAME)


class SamplingError(EuchreError):
    """No deal of the unseen cards fits what the seat has seen (a contradictory view)."""


class _Decision(Protocol):
    @property
    def action(self) -> Action: ...


class Bidder(Protocol):
    """Anything with the players' ``decide(view, rng)`` (engine.players.Player)."""

    def decide(self, view: SeatView, rng: random.Random) -> _Decision: ...


@dataclass
class SampleStats:
    """Bookkeeping of one sampler: how many deals were drawn, rejected and kept unchecked."""

    drawn: int = 0
    rejected: int = 0
    unchecked: int = 0
    rejections_by_seat: dict[int, int] = field(default_factory=dict)


def shown_voids(view: SeatView) -> dict[int, set[Suit]]:
    """Suits each seat has shown it lacks (``SeatView.voids``), as sets to narrow."""
    return {seat: set(suits) for seat, suits in enumerate(view.voids)}


def _dealer_holds_upcard(view: SeatView, rng: random.Random) -> bool:
    """The upcard sits, unseen-but-known, in the dealer's hand (taken and not yet played).

    With ``discard_upcard`` the dealer may have buried it: then it is held with the
    chance a uniform choice among the six cards would keep it, unless the dealer has
    no cards left or has shown a void in its suit (then it must have been buried).
    """
    if not view.upcard_taken or view.upcard in view.played_cards or view.discarded == view.upcard:
        return False
    if view.seat == view.dealer:
        return view.upcard in view.hand
    if not view.rules.discard_upcard:
        return True
    voids = shown_voids(view)[view.dealer]
    assert view.trump is not None
    if view.hand_sizes[view.dealer] == 0 or effective_table(view.trump)[view.upcard] in voids:
        return False
    return rng.random() >= 1 / 6


def deal_hidden(view: SeatView, rng: random.Random) -> tuple[list[tuple[Card, ...]], list[Card]]:
    """One assignment of the unseen cards: (current hands per seat, leftover cards for the kitty).

    Hands respect hand sizes, shown voids and the upcard in the dealer's hand. Seats
    are filled most-constrained first, each from the cards it may hold.
    """
    me = view.seat
    pool = list(view.unseen_cards())
    voids = shown_voids(view)
    eff = effective_table(view.trump) if view.trump is not None else None
    need: dict[int, int] = {}
    holds_upcard = _dealer_holds_upcard(view, rng) and view.dealer != me
    buried_upcard = (
        view.upcard_taken
        and view.dealer != me
        and not holds_upcard
        and (view.upcard not in view.played_cards)
    )
    for s in range(view.players):
        if s != me:
            need[s] = view.hand_sizes[s] - (1 if holds_upcard and s == view.dealer else 0)
    for _attempt in range(50):
        rng.shuffle(pool)
        left = list(pool)
        hands: dict[int, list[Card]] = {}

        def allowed(seat: int, card: Card) -> bool:
            return eff is None or eff[card] not in voids[seat]

        order = sorted(need, key=lambda s: sum(1 for c in left if allowed(s, c)) - need[s])
        ok = True
        for s in order:
            mine = [c for c in left if allowed(s, c)][: need[s]]
            if len(mine) < need[s]:
                ok = False
                break
            hands[s] = mine
            taken = set(mine)
            left = [c for c in left if c not in taken]
        if ok:
            out: list[tuple[Card, ...]] = []
            for s in range(view.players):
                if s == me:
                    out.append(view.hand)
                else:
                    extra = [view.upcard] if holds_upcard and s == view.dealer else []
                    out.append(tuple(hands[s] + extra))
            if buried_upcard:
                left.insert(0, view.upcard)  # build_state takes leftover[0] as the dealer's discard
            return out, left
    raise SamplingError("no deal of the unseen cards fits the cards played and the voids shown")


def _played_by(view: SeatView) -> dict[int, list[Card]]:
    played: dict[int, list[Card]] = {s: [] for s in range(view.players)}
    for t in view.tricks:
        for s, c in t.plays:
            played[s].append(c)
    for s, c in view.trick:
        played[s].append(c)
    return played


def build_state(view: SeatView, hands: list[tuple[Card, ...]], leftover: list[Card]) -> HandState:
    """The whole state at the view's decision point with these hidden hands."""
    played = _played_by(view)
    dealer = view.dealer
    hidden_discard: Card | None = view.discarded
    if view.upcard_taken and hidden_discard is None:
        hidden_discard = leftover[0]  # the dealer buried one of the unseen cards
    dealt: list[tuple[Card, ...]] = []
    for s in range(view.players):
        cards = list(hands[s]) + played[s]
        if s == dealer and view.upcard_taken and hidden_discard is not None and hidden_discard != view.upcard:
            cards.remove(view.upcard)
            cards.append(hidden_discard)
        dealt.append(tuple(cards))
    history = tuple(
        (s, discard(hidden_discard) if a.kind is Kind.DISCARD and a.card is None and hidden_discard else a)
        for s, a in view.history
    )
    used = {c for h in dealt for c in h} | {view.upcard}
    kitty = tuple(c for c in leftover if c not in used and c != hidden_discard)
    return HandState(
        rules=view.rules,
        dealer=dealer,
        dealt=tuple(dealt),
        hands=tuple(hands),
        upcard=view.upcard,
        kitty=kitty,
        phase=view.phase,
        to_act=view.to_act,
        history=history,
        trump=view.trump,
        maker=view.maker,
        alone=view.alone,
        lone_defender=view.lone_defender,
        out=view.out,
        discarded=hidden_discard if view.upcard_taken else None,
        upcard_taken=view.upcard_taken,
        turned_down=view.turned_down,
        tricks=view.tricks,
        trick=view.trick,
        leader=view.leader,
    )


def bids_agree(state: HandState, me: int, bidder: Bidder, rng: random.Random) -> int | None:
    """Replay the auction from the deal; the first other seat whose bid ``bidder`` would not
    have made with its sampled cards (a pass it would have ordered on, a bid it would have
    passed), or None when every bid fits."""
    opening = from_cards(state.rules, state.dealer, state.dealt, state.upcard)
    st = opening
    quick = isinstance(bidder, ClubPlayer) and type(bidder).decide is ClubPlayer.decide  # no sentence needed
    for seat, action in state.history:
        if st.phase not in BIDDING_PHASES:
            break
        if seat != me:
            view = view_of(st, seat)
            guess = bidder.act(view) if quick else bidder.decide(view, rng).action  # type: ignore[attr-defined]
            if (guess.kind is Kind.PASS) != (action.kind is Kind.PASS):
                return seat
            if action.kind is not Kind.PASS and guess.suit != action.suit and action.kind is not Kind.ORDER:
                return seat
        st = apply(st, action)
    return None


def sample_state(
    view: SeatView,
    rng: random.Random,
    bidder: Bidder | None = None,
    max_tries: int = 30,
    stats: SampleStats | None = None,
) -> HandState:
    """A whole state consistent with ``view`` (see the module docstring)."""
    stats = stats if stats is not None else SampleStats()
    check = bidder is not None and any(s != view.seat for s, _ in view.history)
    state: HandState | None = None
    for _ in range(max_tries if check else 1):
        hands, leftover = deal_hidden(view, rng)
        state = build_state(view, hands, leftover)
        stats.drawn += 1
        if not check:
            return state
        assert bidder is not None
        bad = bids_agree(state, view.seat, bidder, rng)
        if bad is None:
            return state
        stats.rejected += 1
        stats.rejections_by_seat[bad] = stats.rejections_by_seat.get(bad, 0) + 1
    stats.unchecked += 1
    assert state is not None
    return state
