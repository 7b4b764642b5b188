"""The registry of every computer player level: ``make_player(name)`` for the practice table's
levels (``PLAYER_NAMES``) and the bidders the arena also compares (``ARENA_PLAYERS``), and
``told_the_score``, which gives a player the game score it plays at.

>>> import random
>>> from engine import Rules, deal, view_of
>>> state = deal(Rules(), dealer=0, rng=random.Random(3))
>>> decision = make_player("club").decide(view_of(state, state.to_act), random.Random(0))
>>> decision.action in state.legal_actions()
True
"""

from __future__ import annotations

from typing import TypeVar

from engine.analysis.tables import SoundBidder
from engine.core.errors import EuchreError, quoted
from engine.core.game import seat_score
from engine.core.rules import Rules
from engine.players.base import Player
from engine.players.beginner import BeginnerPlayer
from engine.players.club import ClubPlayer
from engine.players.evaluate import Score
from engine.players.point_count import PointCountPlayer
from engine.search.expert import ExpertPlayer

PLAYER_NAMES: tuple[str, ...] = ("beginner", "club", "expert")  # the levels a learner plays against
# ... and the bidders the arena also compares (card play of both is the Club player's):
# "sound" bids by the sound bidding model, "pointcount" by a published point count.
ARENA_PLAYERS: tuple[str, ...] = PLAYER_NAMES + ("sound", "pointcount")
P = TypeVar("P")


class UnknownPlayer(EuchreError):
    """A player name that is not one of ARENA_PLAYERS."""


def make_player(name: str) -> Player:
    """A new player by name: 'beginner', 'club', 'expert', 'sound' or 'pointcount' (any case)."""
    key = name.strip().lower() if isinstance(name, str) else name
    if key == "beginner":
        return BeginnerPlayer()
    if key == "club":
        return ClubPlayer()
    if key == "expert":
        return ExpertPlayer()
    if key == "sound":
        return SoundBidder()
    if key == "pointcount":
        return PointCountPlayer()
    raise UnknownPlayer(f"{quoted(name)} is not a player; available players: {', '.join(ARENA_PLAYERS)}")


def told_the_score(player: P, rules: Rules, scores: tuple[int, ...], seat: int) -> P:
    """The player as it plays at this game score (players without a score sense are unchanged).

    ``scores`` are per side (engine.core.game); the seat sees its side's points and the best
    opponent's.
    """
    with_score = getattr(player, "with_score", None)
    if not callable(with_score):
        return player
    told: P = with_score(Score(*seat_score(rules, scores, seat), rules.target))
    return told


__all__ = ["ARENA_PLAYERS", "PLAYER_NAMES", "UnknownPlayer", "make_player", "told_the_score"]
