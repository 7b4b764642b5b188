"""A player decides from its view alone: re-dealing the cards it cannot see changes nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core.rules import VARIANTS
from engine.core.view import view_of
from engine.search.registry import make_player


@pytest.mark.parametrize("name", ["club", "beginner"])
def test_decision_ignores_hidden_cards(name: str, random_states: Any, redeal_hidden: Any) -> None:
    player = make_player(name)
    shuffle = random.Random(99)
    checked = moved = 0
    for index, rules in enumerate(VARIANTS):
        for i, state in enumerate(random_states(rules, deals=20, seed=1000 + index)):
            seat = state.to_act
            assert seat is not None
            other = redeal_hidden(state, seat, shuffle)
            assert view_of(other, seat) == view_of(state, seat)  # the re-deal is consistent
            moved += other.hands != state.hands
            first = player.decide(view_of(state, seat), random.Random(i))
            again = player.decide(view_of(other, seat), random.Random(i))
            assert first == again, (str(state), str(other))
            checked += 1
    assert checked > 1500
    assert moved > checked // 2  # the re-deal really moved hidden cards around
