"""Test doubles for the computer players: simple, deterministic given their generator."""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.core.actions import Action
from engine.core.view import SeatView


@dataclass(frozen=True)
class Choice:
    action: Action
    reason: str


class RandomLegal:
    """Plays a uniformly random legal action drawn from the generator it is given."""

    def decide(self, view: SeatView, rng: random.Random) -> Choice:
        return Choice(view.legal[rng.randrange(len(view.legal))], "random legal action")


class CountingFactory:
    """Hands out RandomLegal players and counts how often they are asked to decide."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, level: str) -> RandomLegal:
        factory = self

        class Counted(RandomLegal):
            def decide(self, view: SeatView, rng: random.Random) -> Choice:
                factory.calls += 1
                return super().decide(view, rng)

        return Counted()


def random_players(level: str) -> RandomLegal:
    return RandomLegal()
