"""Computer players: Beginner, Club and (when present) Expert.

>>> import random
>>> from engine import Rules, deal, view_of
>>> state = deal(Rules(), dealer=0, rng=random.Random(3))
>>> decision = make_player("club").decide(view_of(state, state.to_act), random.Random(0))
>>> decision.action in state.legal_actions()
True
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import TypeVar

from engine.errors import EuchreError
from engine.game import side_of
from engine.players.base import Decision, Player
from engine.players.evaluate import Score
from engine.rules import Rules

PLAYER_NAMES: tuple[str, ...] = ("beginner", "club", "expert")
P = TypeVar("P")


class UnknownPlayer(EuchreError):
    """A player name that is not one of PLAYER_NAMES (or a level not installed yet)."""


def available_players() -> tuple[str, ...]:
    """The names make_player accepts right now (expert only once its module exists)."""
    names = ["beginner", "club"]
    if importlib.util.find_spec("engine.players.expert") is not None:
        names.append("expert")
    return tuple(names)


def make_player(name: str) -> Player:
    """A new player of the named level: 'beginner', 'club' or 'expert' (case-insensitive)."""
    key = name.strip().lower() if isinstance(name, str) else name
    if key == "beginner":
        from engine.players.beginner import BeginnerPlayer

        return BeginnerPlayer()
    if key == "club":
        from engine.players.club import ClubPlayer

        return ClubPlayer()
    if key == "expert" and "expert" in available_players():
        module = importlib.import_module("engine.players.expert")
        player: Player = module.ExpertPlayer()
        return player
    listed = ", ".join(available_players())
    if key == "expert":
        raise UnknownPlayer(f"the expert player is not available yet; available players: {listed}")
    raise UnknownPlayer(f"{name!r} is not a player; available players: {listed}")


def told_the_score(player: P, rules: Rules, scores: tuple[int, ...], seat: int) -> P:
    """The player as it plays at this game score (players without a score sense are unchanged).

    ``scores`` are per side (engine.game); the seat sees its side's points and the best
    opponent's.
    """
    with_score = getattr(player, "with_score", None)
    if not callable(with_score):
        return player
    mine = side_of(rules, seat)
    theirs = max(v for side, v in enumerate(scores) if side != mine)
    told: P = with_score(Score(scores[mine], theirs, rules.target))
    return told


__all__ = [
    "PLAYER_NAMES", "Decision", "Player", "UnknownPlayer", "available_players", "make_player", "told_the_score",
]
