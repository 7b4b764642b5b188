"""Computer players that decide from the rules alone: Beginner and Club.

The Club player's decisions are compiled (``engine.compiled.club_bidding`` and ``club_play``);
``ClubPlayer`` encodes a seat's view for them and words their reasons. The Expert player,
which searches with the analyzer and the solver, sits above them in ``engine.search.expert`` with the
registry of every level (``make_player``). Nothing here imports the analysis or the solver.
"""

from engine.players.base import Decision, Player
from engine.players.beginner import BeginnerPlayer
from engine.players.club import ClubPlayer
from engine.players.evaluate import Score

__all__ = ["BeginnerPlayer", "ClubPlayer", "Decision", "Player", "Score"]
