"""A seeded deal played out one action at a time, for the Rules page's walkthrough.

The club player (``engine.players.make_player("club")``) chooses every action and gives
its reason when it is installed; otherwise a plain fallback (pass, then the first legal
choice) plays and the step is only described. The same rules, seed and dealer always give
the same walkthrough, which is what a share link relies on.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from engine.actions import ORDER, Action, Kind
from engine.cards import Suit
from engine.errors import EuchreError
from engine.hand import HandState, Phase, apply, deal, legal_actions
from engine.ranking import effective_suit
from engine.rules import Rules
from engine.seats import describe
from engine.view import view_of

MAX_STEPS = 200  # a hand has at most ~40 actions; this only guards against a faulty player


@dataclass(frozen=True, slots=True)
class Step:
    state: HandState  # the state before the action
    action: Action
    sentence: str  # what happens, in English (engine.seats.describe)
    reason: str | None  # why, from the computer player, when it gives one


@dataclass(frozen=True, slots=True)
class Walkthrough:
    rules: Rules
    seed: int
    dealer: int
    steps: tuple[Step, ...]
    final: HandState
    player: str  # who chose the actions: "club" or "fallback"

    def state_at(self, step: int) -> HandState:
        """The state after ``step`` actions (0 is the deal, len(steps) the end)."""
        return self.steps[step].state if step < len(self.steps) else self.final

    @property
    def length(self) -> int:
        return len(self.steps)


def _trumps_held(state: HandState, suit: Suit | None) -> int:
    seat = state.to_act
    if suit is None or seat is None:
        return 0
    return sum(1 for c in state.hands[seat] if effective_suit(c, suit) == suit)


def _fallback(state: HandState) -> Action:
    """Used only until the club player is installed: bid a suit when holding three of it,
    otherwise pass when allowed; elsewhere the first legal action."""
    legal = legal_actions(state)
    if state.phase is Phase.BID1 and _trumps_held(state, state.upcard.suit) >= 3 and ORDER in legal:
        return ORDER
    if state.phase is Phase.BID2:
        calls = [a for a in legal if a.kind is Kind.CALL and not a.alone and _trumps_held(state, a.suit) >= 3]
        if calls:
            return calls[0]
    for action in legal:
        if action.kind is Kind.PASS:
            return action
    return next((a for a in legal if not a.alone), legal[0])


def _club_player() -> object | None:
    try:
        from engine.players import make_player

        return make_player("club")
    except (ImportError, EuchreError):
        return None


@lru_cache(maxsize=128)  # walkthroughs are immutable values: safe to share between sessions
def build_walkthrough(rules: Rules, seed: int, dealer: int) -> Walkthrough:
    rng = random.Random(seed)
    state = deal(rules, dealer, rng)
    player = _club_player()
    steps: list[Step] = []
    while not state.is_over and len(steps) < MAX_STEPS:
        seat = state.to_act
        assert seat is not None
        action, reason = _fallback(state), None
        if player is not None:
            try:
                decision = player.decide(view_of(state, seat), rng)  # type: ignore[attr-defined]
                if decision.action in legal_actions(state):
                    action, reason = decision.action, str(decision.reason) or None
            except Exception:  # a player bug must not break the page; the fallback plays instead
                pass
        steps.append(Step(state, action, describe(state, action), reason))
        state = apply(state, action)
    return Walkthrough(rules, seed, dealer, tuple(steps), state, "club" if player is not None else "fallback")
