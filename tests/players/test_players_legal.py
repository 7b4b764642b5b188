"""Every player returns a legal action, with a reason, in every rules variant."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core.rules import VARIANTS
from engine.core.view import view_of
from engine.search.registry import PLAYER_NAMES, UnknownPlayer, make_player


@pytest.mark.parametrize("index", range(len(VARIANTS)), ids=[r.summary() for r in VARIANTS])
def test_players_only_return_legal_actions(index: int, random_states: Any) -> None:
    rules = VARIANTS[index]
    players = [make_player(n) for n in ("club", "beginner")]
    checked = 0
    phases = set()
    for i, state in enumerate(random_states(rules, deals=300 // rules.players, seed=index)):
        seat = state.to_act
        assert seat is not None
        view = view_of(state, seat)
        legal = set(state.legal_actions())
        for player in players:
            decision = player.decide(view, random.Random(i))
            assert decision.action in legal, (type(player).__name__, str(decision), str(state))
            assert decision.reason.strip(), "every decision comes with a reason"
        checked += 1
        phases.add(state.phase)
    assert checked > 1000
    assert {"bid1", "discard", "play"} <= {p.value for p in phases}


def test_make_player_names() -> None:
    assert PLAYER_NAMES == ("beginner", "club", "expert")
    assert type(make_player(" Club ")).__name__ == "ClubPlayer"
    with pytest.raises(
        UnknownPlayer, match="'grandmaster' is not a player; available players: beginner, club"
    ):
        make_player("grandmaster")
    with pytest.raises(ValueError):  # a named error, catchable as ValueError
        make_player("")
