"""A seeded deal played out one action at a time, for the Rules page's walkthrough.

The club player (``engine.players.ClubPlayer``) chooses every action and gives its reason.
The same rules, seed and dealer always give the same walkthrough. A walkthrough can also start
from a position text (``HandState.from_text``, engine/core/position.py), as a teacher writes one or
a share link carries it: the text's actions are its first steps and the club player plays the
rest. ``Walkthrough.text`` is the whole hand as a position text, which is what the page's link
carries: the same text always gives the same walkthrough.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
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
    given: int = 0  # the first steps, the position text's own actions (no reason given)

    @property
    def text(self) -> str:
        """The whole hand as a position text: opened with ``build_from_text``, the same steps."""
        return self.final.to_text()

    def state_at(self, step: int) -> HandState:
        """The state after ``step`` actions (0 is the deal, len(steps) the end)."""
        return self.steps[step].state if step < len(self.steps) else self.final

    @property
    def length(self) -> int:
        return len(self.steps)


@lru_cache(maxsize=128)  # walkthroughs are immutable values: safe to share between sessions
def build_walkthrough(rules: Rules, seed: int, dealer: int) -> Walkthrough:
    rng = random.Random(seed)
    return _play_out(deal(rules, dealer, rng), [], rng, seed, 0)


@lru_cache(maxsize=128)
def build_from_text(text: str) -> Walkthrough:
    """The walkthrough of a position text: its actions (with the club player's reason where it
    would choose the same), then the club player's to the end (with a generator seeded by the
    text). Raises PositionError saying what is wrong with the text."""
    given = HandState.from_text(text)
    state = HandState.from_text(str(replace(given.to_position(), actions=())))
    steps: list[Step] = []
    player = ClubPlayer()
    for seat, action in given.history:
        decision = player.decide(view_of(state, seat), random.Random(len(steps)))
        reason = (str(decision.reason) or None) if decision.action == action else None
        steps.append(Step(state, action, describe(state, action), reason))
        state = apply(state, action)
    return _play_out(state, steps, random.Random(given.to_text()), 0, len(steps))


def _play_out(state: HandState, steps: list[Step], rng: random.Random, seed: int, given: int) -> Walkthrough:
    player = ClubPlayer()
    dealer = state.dealer
    while not state.is_over and len(steps) < MAX_STEPS:
        seat = state.to_act
        assert seat is not None
        decision = player.decide(view_of(state, seat), rng)
        action, reason = decision.action, str(decision.reason) or None
        steps.append(Step(state, action, describe(state, action), reason))
        state = apply(state, action)
    return Walkthrough(state.rules, seed, dealer, tuple(steps), state, "club", given)
