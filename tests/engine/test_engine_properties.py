"""Property tests over every variant: random complete hands checked against independent recounts.

Each example draws a rules variant and a seed, then plays four complete hands (one per
dealer seat, fewer players wrap) choosing uniformly among the legal actions. Across
the two tests that play hands, a run plays well over 1,000 complete hands.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import fields, is_dataclass
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.actions import PASS, Kind, play
from engine.core.cards import Card, Suit, make_deck
from engine.core.errors import IllegalAction
from engine.core.hand import HandState, apply, deal, legal_actions, replace
from engine.core.rules import Rules
from engine.core.view import view_of
from engine.io.deal_record import replay, to_record

# ---- an independent model of the rules (docs/rules.md §3, §8, §9), not using engine tables -------


def eff_suit(card: Card, trump: Suit) -> int:
    if card.rank == 15:
        return int(trump)
    if card.rank == 11 and card.suit_index in (int(trump), int(trump.partner)):
        return int(trump)
    return card.suit_index


def power(card: Card, trump: Suit, led: int) -> int:
    """Higher wins: joker, right, left, then trump by rank, then the led suit by rank."""
    if card.rank == 15:
        return 300
    if card.rank == 11 and card.suit_index == trump:
        return 299
    if card.rank == 11 and card.suit_index == trump.partner:
        return 298
    if card.suit_index == trump:
        return 200 + card.rank
    if card.suit_index == led:
        return 100 + card.rank
    return 0


def recount_points(players: int, maker_tricks: int, alone: bool, lone_defender: bool) -> tuple[int, int]:
    if maker_tricks < 3:
        return 0, (4 if lone_defender else 2)
    if maker_tricks == 5:
        return {4: 4 if alone else 2, 3: 3, 2: 2}[players], 0
    return 1, 0


def first_leader(state: HandState) -> int:
    n = state.rules.players
    start = state.maker if (state.alone and state.rules.lone_lead == "left_of_loner") else state.dealer
    assert start is not None
    seat = (start + 1) % n
    while seat in state.out:
        seat = (seat + 1) % n
    return seat


def cards_in(value: Any) -> set[Card]:
    """Every card anywhere inside a (nested) value."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, (tuple, list)):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    if is_dataclass(value) and not isinstance(value, type):
        return set().union(*(cards_in(getattr(value, f.name)) for f in fields(value)))
    return set()


def check_state(state: HandState) -> None:
    """Invariants that hold in every state."""
    rules = state.rules
    deck = make_deck(rules.deck, rules.joker)
    # Cards conserved: every card is in exactly one place.
    played = [c for t in state.tricks for _, c in t.plays] + [c for _, c in state.trick]
    places = [c for h in state.hands for c in h] + played + list(state.kitty)
    if state.upcard_taken:
        assert state.discarded is not None
        places.append(state.discarded)
    else:
        places.append(state.upcard)
    assert Counter(places) == Counter(deck)
    # Legal list: never empty until the hand ends, empty after.
    legal = legal_actions(state)
    assert (legal == ()) == state.is_over
    assert len(set(legal)) == len(legal)
    # apply accepts exactly the legal plays (its fast path must agree with legal_actions).
    if not state.is_over:
        for card in deck:
            try:
                apply(state, play(card))
                accepted = True
            except IllegalAction:
                accepted = False
            assert accepted == (play(card) in legal), card
    # Views: each seat sees its own hand, never another seat's hidden cards or the kitty.
    public = set(played) | {state.upcard}
    for seat in range(rules.players):
        view = view_of(state, seat)
        assert view.hand == state.hands[seat]
        hidden = {c for s, h in enumerate(state.hands) if s != seat for c in h} | set(state.kitty)
        if seat != state.dealer and state.discarded is not None:
            hidden.add(state.discarded)
        assert not (cards_in(view) & (hidden - public)), seat
        assert set(view.unseen_cards()) == set(deck) - set(view.hand) - public - (
            {view.discarded} if view.discarded else set()
        )
        assert view.legal == (legal if state.to_act == seat else ())
        assert view_of(redeal_hidden(state, seat), seat) == view


def redeal_hidden(state: HandState, seat: int) -> HandState:
    """The same state with every card ``seat`` cannot see shuffled among the places it cannot
    see (other hands, the kitty, and the dealer's discard unless ``seat`` is the dealer)."""
    rng = random.Random(seat)
    others = [s for s in range(state.rules.players) if s != seat]
    pool = [c for s in others for c in state.hands[s]] + list(state.kitty)
    hide_discard = seat != state.dealer and state.discarded is not None
    if hide_discard:
        assert state.discarded is not None
        pool.append(state.discarded)
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        hands[s], pool = tuple(pool[: len(hands[s])]), pool[len(hands[s]) :]
    discarded = pool.pop() if hide_discard else state.discarded
    return replace(state, hands=tuple(hands), kitty=tuple(pool), discarded=discarded)


def check_finished(state: HandState) -> None:
    """Trick and score bookkeeping agree with a recount written here."""
    rules = state.rules
    n = rules.players
    if state.trump is None:
        assert state.thrown_in and state.tricks == () and state.points == (0,) * n
        assert all(a.kind is Kind.PASS for _, a in state.history) and len(state.history) == 2 * n
        return
    trump = state.trump
    assert state.maker is not None
    active = [s for s in range(n) if s not in state.out]
    assert len(state.tricks) == 5 and len(state.out) == (1 if state.alone else 0) + (
        1 if state.lone_defender is not None else 0
    )
    leader = first_leader(state)
    for trick in state.tricks:
        assert trick.leader == leader
        seats = [s for s, _ in trick.plays]
        expected_order = sorted(active, key=lambda s: (s - leader) % n)
        assert seats == expected_order
        led = eff_suit(trick.plays[0][1], trump)
        best = max(trick.plays, key=lambda p: power(p[1], trump, led))
        assert trick.winner == best[0]
        leader = trick.winner
    # No renege: replay each seat's holdings backwards from the plays.
    start_hands = {s: [c for t in state.tricks for p, c in t.plays if p == s] for s in active}
    for s in active:
        assert len(start_hands[s]) == 5 and state.hands[s] == ()
    for k, trick in enumerate(state.tricks):
        led = eff_suit(trick.plays[0][1], trump)
        for seat, card in trick.plays[1:]:
            remaining = start_hands[seat][k:]
            if any(eff_suit(c, trump) == led for c in remaining):
                assert eff_suit(card, trump) == led, (seat, card)
    maker_side = {state.maker, (state.maker + 2) % 4} if n == 4 else {state.maker}
    maker_tricks = sum(1 for t in state.tricks if t.winner in maker_side)
    makers, defenders = recount_points(n, maker_tricks, state.alone, state.lone_defender is not None)
    assert state.points == tuple(makers if s in maker_side else defenders for s in range(n))
    assert state.maker_tricks == maker_tricks


def play_random_hand(rules: Rules, dealer: int, seed: int, check: bool, pass_bias: float = 0.0) -> HandState:
    """Uniformly random legal actions, except that a pass is taken with probability
    ``pass_bias`` whenever it is legal (so round 2, stick-the-dealer and thrown-in hands occur)."""
    rng = random.Random(seed)
    state = deal(rules, dealer, rng)
    while True:
        if check:
            check_state(state)
        if state.is_over:
            return state
        legal = legal_actions(state)
        action = PASS if PASS in legal and rng.random() < pass_bias else rng.choice(legal)
        state = apply(state, action)


# the random hands of the two tests below: any rules, any seed, sometimes a bias towards passing
random_hands = given(
    rules=st.from_type(Rules), seed=st.integers(0, 2**32), pass_bias=st.sampled_from([0.0, 0.6, 0.9])
)


@settings(max_examples=100, deadline=None)
@random_hands
def test_every_state_of_random_hands_keeps_the_invariants(rules: Rules, seed: int, pass_bias: float) -> None:
    for dealer in range(4):
        check_finished(play_random_hand(rules, dealer % rules.players, seed + dealer, True, pass_bias))


@settings(max_examples=300, deadline=None)
@random_hands
def test_random_hands_recount_replay_and_repeat(rules: Rules, seed: int, pass_bias: float) -> None:
    for dealer in range(4):
        final = play_random_hand(rules, dealer % rules.players, seed + dealer, False, pass_bias)
        check_finished(final)
        # Every action taken was legal where it was taken, and the record replays the hand.
        states, actions, error = replay(to_record(final))
        assert error is None and states[-1] == final
        for before, action in zip(states, actions, strict=False):
            assert action in legal_actions(before)
        # Same seed, same hand.
        assert play_random_hand(rules, dealer % rules.players, seed + dealer, False, pass_bias) == final
