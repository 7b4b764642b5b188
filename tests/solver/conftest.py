"""The reference the fast solver is checked against, as fixtures: random play-phase positions, and a
plain brute-force minimax that uses only the rules engine (``legal_actions`` / ``apply``).

- ``random_line(rules, rng, pick_tricks_left)``: a deal bid out at random and played at random
  into its play phase (every state of the line).
- ``brute_force(state)``: the makers' total tricks with best play.
- ``card_values(state)``: the makers' total tricks after each legal card, by brute force.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from engine.core.actions import Action, Kind
from engine.core.hand import HandState, Phase, apply, deal, legal_actions
from engine.core.rules import Rules


def _play_phase_state(rules: Rules, rng: random.Random, alone_bias: float = 0.3) -> HandState:
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


def _random_line(rules: Rules, rng: random.Random, pick_tricks_left: Callable[[int], int]) -> list[HandState]:
    """A play-phase deal played at random: every state from the opening lead until
    ``pick_tricks_left(seats that play)`` tricks remain, plus a random number of cards
    of the next trick."""
    state = _play_phase_state(rules, rng)
    line = [state]
    active = len(state.active_seats)
    tricks_left = pick_tricks_left(active)
    plays = (5 - tricks_left) * active + rng.randrange(active)
    for _ in range(plays):
        state = apply(state, rng.choice(legal_actions(state)))
        line.append(state)
    return line


def _brute_force(state: HandState) -> int:
    """Makers' total tricks with best play: plain minimax over every legal line.

    Memoised on everything that decides the rest of the hand, so equal sub-positions
    reached by different orders of play are searched once (no pruning, no ordering).
    """
    key = (
        state.rules,
        state.trump,
        state.maker,
        state.out,
        state.hands,
        state.trick,
        state.to_act,
        state.maker_tricks,
        len(state.tricks),
    )
    if key in _memo:
        return _memo[key]
    if state.is_over:
        value = state.maker_tricks
    else:
        assert state.to_act is not None
        values = [_brute_force(apply(state, a)) for a in legal_actions(state)]
        value = max(values) if state.is_maker_side(state.to_act) else min(values)
    if len(_memo) > 400_000:
        _memo.clear()
    _memo[key] = value
    return value


_memo: dict[tuple[object, ...], int] = {}


def _card_values(state: HandState) -> dict[Action, int]:
    """Makers' total tricks after each legal card (then best play), by brute force."""
    return {a: _brute_force(apply(state, a)) for a in legal_actions(state)}


@pytest.fixture
def random_line() -> Callable[[Rules, random.Random, Callable[[int], int]], list[HandState]]:
    return _random_line


@pytest.fixture
def brute_force() -> Callable[[HandState], int]:
    return _brute_force


@pytest.fixture
def card_values() -> Callable[[HandState], dict[Action, int]]:
    return _card_values
