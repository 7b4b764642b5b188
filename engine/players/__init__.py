"""Computer players that decide from the rules alone: Beginner and Club.

The Expert player, which searches with the analyzer and the solver, sits above them in
``engine.search.expert`` with the registry of every level (``make_player``). Nothing here imports
the analysis, the solver or the compiled code.
"""

from engine.players.base import Decision, Player
from engine.players.beginner import BeginnerPlayer
from engine.players.club import ClubPlayer
from engine.players.evaluate import Score

__all__ = ["BeginnerPlayer", "ClubPlayer", "Decision", "Player", "Score"]
