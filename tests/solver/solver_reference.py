"""Test helpers: random play-phase positions across variants, and a plain brute-force minimax.

The brute force uses only the rules engine (``legal_actions`` / ``apply``): it is the
reference the fast solver is checked against.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.core.actions import Action, Kind
from engine.core.hand import HandState, Phase, apply, deal, legal_actions
from engine.core.rules import Rules

VARIANTS: tuple[Rules, ...] = (
    Rules(),
    Rules(joker=True),
    Rules(deck=28),
    Rules(deck=32, joker=True),
    Rules(players=3),
    Rules(players=3, deck=32, joker=True),
    Rules(players=2, optional_pickup=True),
    Rules(players=2, deck=28),
    Rules(defend_alone=True, stick_the_dealer=True),
    Rules(lone_lead="left_of_loner", discard_upcard=True),
)


def play_phase_state(rules: Rules, rng: random.Random, alone_bias: float = 0.3) -> HandState:
    """A random deal bid out at random until play starts (loners favoured by ``alone_bias``)."""
    while True:
        state = deal(rules, rng.randrange(rules.players), rng)
        while state.phase not in (Phase.PLAY, Phase.OVER):
            legal = legal_actions(state)
            alone = [a for a in legal if a.alone or a.kind is Kind.DEFEND_ALONE]
            bids = [a for a in legal if a.kind is not Kind.PASS]
            if alone and rng.random() < alone_bias:
                state = apply(state, rng.choice(alone))
            elif bids and rng.random() < 0.5:
                state = apply(state, rng.choice(bids))
            else:
                state = apply(state, rng.choice(legal))
        if state.phase is Phase.PLAY:
            return state


def random_line(
    rules: Rules, rng: random.Random, pick_tricks_left: Callable[[int], int]
) -> list[HandState]:
    """A play-phase deal played at random: every state from the opening lead until
    ``pick_tricks_left(seats that play)`` tricks remain, plus a random number of cards
    of the next trick."""
    state = play_phase_state(rules, rng)
    line = [state]
    active = len(state.active_seats)
    tricks_left = pick_tricks_left(active)
    plays = (5 - tricks_left) * active + rng.randrange(active)
    for _ in range(plays):
        state = apply(state, rng.choice(legal_actions(state)))
        line.append(state)
    return line


def brute_force(state: HandState) -> int:
    """Makers' total tricks with best play: plain minimax over every legal line.

    Memoised on everything that decides the rest of the hand, so equal sub-positions
    reached by different orders of play are searched once (no pruning, no ordering).
    """
    key = (state.rules, state.trump, state.maker, state.out, state.hands, state.trick,
           state.to_act, state.maker_tricks, len(state.tricks))
    if key in _memo:
        return _memo[key]
    if state.is_over:
        value = state.maker_tricks
    else:
        assert state.to_act is not None
        values = [brute_force(apply(state, a)) for a in legal_actions(state)]
        value = max(values) if state.is_maker_side(state.to_act) else min(values)
    if len(_memo) > 400_000:
        _memo.clear()
    _memo[key] = value
    return value


_memo: dict[tuple[object, ...], int] = {}


def card_values(state: HandState) -> dict[Action, int]:
    """Makers' total tricks after each legal card (then best play), by brute force."""
    return {a: brute_force(apply(state, a)) for a in legal_actions(state)}
