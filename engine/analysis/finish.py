"""Finishing a hand from a decision point: with computer players, or open-hand solving.

``play_out`` lets a player (the club player in the analyzer: realistic play) act
for every seat until the hand is over. ``solve_out`` lets the players finish the
auction and the discard, then asks the exact solver how many tricks the makers
take with every hand face up and perfect play by all sides: the *ceiling*, what
the hand is worth when nobody makes a mistake and everybody can see every card.

Either way the result is an ``Outcome`` seen from one seat (the learner's).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from engine.compiled import deal_loop, remove_stale_caches
from engine.compiled.solver import makers_tricks
from engine.compiled.solver import warm_up as warm_solver
from engine.core.actions import Action
from engine.core.hand import HandState, Phase, apply
from engine.core.scoring import hand_points
from engine.core.view import SeatView, view_of


class _Decision(Protocol):
    @property
    def action(self) -> Action: ...


class Policy(Protocol):
    def decide(self, view: SeatView, rng: random.Random) -> _Decision: ...


@dataclass(frozen=True, slots=True)
class Outcome:
    maker: int | None  # None: thrown in
    we_made: bool  # the learner's side are the makers
    maker_tricks: int
    us: int  # points to the learner's side
    them: int  # points to the best-scoring other side

    @property
    def net(self) -> int:
        """The learner's points minus the opponents' this hand."""
        return self.us - self.them


def outcome_of(state: HandState, me: int, maker_tricks: int | None = None) -> Outcome:
    """The result for ``me`` of a finished hand, or of a hand whose makers' tricks are known."""
    if state.maker is None:
        return Outcome(None, False, 0, 0, 0)
    tricks = state.maker_tricks if maker_tricks is None else maker_tricks
    makers, defenders = hand_points(state.players, tricks, state.alone, state.lone_defender is not None)
    we_made = state.is_maker_side(me)
    us = makers if we_made else defenders
    if we_made:
        them = defenders
    else:
        them = (
            makers if state.players != 3 or makers else defenders
        )  # cutthroat: the other defender scores too
    return Outcome(state.maker, we_made, tricks, us, them)


def advance(state: HandState, policy: Policy, rng: random.Random, until_play: bool) -> HandState:
    """Let ``policy`` act for every seat until the hand is over (or, with ``until_play``, starts play)."""
    while not state.is_over:
        if until_play and state.phase is Phase.PLAY:
            break
        seat = state.to_act
        assert seat is not None
        state = apply(state, policy.decide(view_of(state, seat), rng).action)
    return state


def play_out(state: HandState, me: int, policy: Policy, rng: random.Random) -> Outcome:
    """Realistic: the computer players finish the hand."""
    return outcome_of(advance(state, policy, rng, until_play=False), me)


@dataclass(frozen=True, slots=True)
class WarmUpStep:
    """One part of the compiled code's first build, with its usual cold duration."""

    label: str
    seconds: float  # measured cold on a 2-core machine (empty numba cache); loading it takes ~1 s
    run: Callable[[], None]


WARM_UP_STEPS: tuple[WarmUpStep, ...] = (
    WarmUpStep("old builds of the compiled code removed", 0.0, remove_stale_caches),
    WarmUpStep("the solver (perfect play with open hands)", 12.0, warm_solver),
    WarmUpStep("the analyzer's deal loop", 36.0, deal_loop.warm_up),
)


def warm_up() -> None:
    """Load the compiled solver and deal loop once per process (so neither is charged to an
    analysis's time budget). Idempotent; the app calls it in the background at start-up."""
    for step in WARM_UP_STEPS:
        step.run()


def solve_out(state: HandState, me: int, policy: Policy, rng: random.Random) -> Outcome:
    """The ceiling: players finish the bidding and discard, then open-hand perfect play."""
    state = advance(state, policy, rng, until_play=True)
    if state.is_over:
        return outcome_of(state, me)
    return outcome_of(state, me, makers_tricks(state))
