"""The player protocol: a seat's view and a seeded generator in, an action and a reason out."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from engine.core.actions import Action
from engine.core.view import SeatView


@dataclass(frozen=True, slots=True)
class Decision:
    """What a player does and why, in one short sentence a learner can read."""

    action: Action
    reason: str

    def __str__(self) -> str:
        return f"{self.action} ({self.reason})"


class Player(Protocol):
    """A computer player. It sees only ``view`` (never hidden cards) and draws any
    randomness from ``rng``, so the same view and seed always give the same decision."""

    def decide(self, view: SeatView, rng: random.Random) -> Decision: ...
