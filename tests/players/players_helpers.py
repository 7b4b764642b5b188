"""Shared test helpers: the rule variants, states reached by mixed play, hidden-card re-deals."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine.core.cards import Card
from engine.core.hand import HandState, deal, replace
from engine.core.rules import Rules
from engine.core.view import view_of
from engine.search.registry import make_player

VARIANTS: tuple[Rules, ...] = (
    Rules(),
    Rules(players=3),
    Rules(players=2, optional_pickup=True),
    Rules(players=2, deck=32),
    Rules(joker=True),
    Rules(deck=28, stick_the_dealer=True),
    Rules(deck=32, joker=True, stick_the_dealer=True),
    Rules(defend_alone=True, stick_the_dealer=True),
    Rules(defend_alone=True, lone_lead="left_of_loner", joker=True),
    Rules(discard_upcard=True, optional_pickup=True),
    Rules(players=3, joker=True, deck=28, discard_upcard=True),
)


def random_states(rules: Rules, deals: int, seed: int) -> Iterator[HandState]:
    """Every state of ``deals`` hands in which the seat to act is chosen by a mix of random
    legal moves (to reach odd positions), the Beginner and the Club player."""
    rng = random.Random(seed)
    players = [make_player("club"), make_player("beginner")]
    for i in range(deals):
        state = deal(rules, i % rules.players, rng)
        while not state.is_over:
            yield state
            seat = state.to_act
            assert seat is not None
            roll = rng.random()
            if roll < 0.3:
                action = rng.choice(state.legal_actions())
            else:
                action = players[roll < 0.65].decide(view_of(state, seat), rng).action
            state = state.apply(action)


def redeal_hidden(state: HandState, seat: int, rng: random.Random) -> HandState:
    """The same position with every card ``seat`` cannot place shuffled among the places
    it cannot see (the other hands, the kitty, another seat's discard)."""
    hidden = set(view_of(state, seat).unseen_cards())
    slots: list[tuple[str, int, int]] = []  # (where, which hand, index)
    for s, hand in enumerate(state.hands):
        if s != seat:
            slots += [("hand", s, i) for i, c in enumerate(hand) if c in hidden]
    slots += [("kitty", 0, i) for i, c in enumerate(state.kitty) if c in hidden]
    if state.discarded is not None and state.dealer != seat and state.discarded in hidden:
        slots.append(("discard", 0, 0))
    cards: list[Card] = []
    for where, s, i in slots:
        cards.append(state.hands[s][i] if where == "hand" else state.kitty[i] if where == "kitty" else state.discarded)  # type: ignore[misc]
    assert sorted(cards) == sorted(hidden), "every unseen card sits in a hidden place"
    rng.shuffle(cards)
    hands = [list(h) for h in state.hands]
    kitty = list(state.kitty)
    discarded = state.discarded
    for (where, s, i), card in zip(slots, cards, strict=True):
        if where == "hand":
            hands[s][i] = card
        elif where == "kitty":
            kitty[i] = card
        else:
            discarded = card
    return replace(state, hands=tuple(tuple(h) for h in hands), kitty=tuple(kitty), discarded=discarded)
