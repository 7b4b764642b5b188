"""A seeded deal played out one action at a time, for the Rules page's walkthrough.

The club player (``engine.players.ClubPlayer``) chooses every action and gives its reason.
The same rules, seed and dealer always give the same walkthrough, which is what a share link
relies on.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from engine.core.actions import Action
from engine.core.hand import HandState, apply, deal
from engine.core.narration import describe
from engine.core.rules import Rules
from engine.core.view import view_of
from engine.players.club import ClubPlayer

MAX_STEPS = 200  # a hand has at most ~40 actions; this only guards against a faulty player


@dataclass(frozen=True, slots=True)
class Step:
    state: HandState  # the state before the action
    action: Action
    sentence: str  # what happens, in English (engine.core.narration.describe)
    reason: str | None  # why, from the computer player, when it gives one


@dataclass(frozen=True, slots=True)
class Walkthrough:
    rules: Rules
    seed: int
    dealer: int
    steps: tuple[Step, ...]
    final: HandState
    player: str  # who chose the actions: "club"

    def state_at(self, step: int) -> HandState:
        """The state after ``step`` actions (0 is the deal, len(steps) the end)."""
        return self.steps[step].state if step < len(self.steps) else self.final

    @property
    def length(self) -> int:
        return len(self.steps)


@lru_cache(maxsize=128)  # walkthroughs are immutable values: safe to share between sessions
def build_walkthrough(rules: Rules, seed: int, dealer: int) -> Walkthrough:
    rng = random.Random(seed)
    state = deal(rules, dealer, rng)
    player = ClubPlayer()
    steps: list[Step] = []
    while not state.is_over and len(steps) < MAX_STEPS:
        seat = state.to_act
        assert seat is not None
        decision = player.decide(view_of(state, seat), rng)
        action, reason = decision.action, str(decision.reason) or None
        steps.append(Step(state, action, describe(state, action), reason))
        state = apply(state, action)
    return Walkthrough(rules, seed, dealer, tuple(steps), state, "club")
