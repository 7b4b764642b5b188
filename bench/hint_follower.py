"""Does following the hints win games? A side that bids as the practice table's bid hints say
(the analyzer's recommendation against the chosen table, at the game score, as ``practice.coach``
gives it) against a side of club players, whole games to 10.

    python -m bench hint_follower [--games 100] [--table people] [--seed 1]

Both sides play their cards as the club player, so the games differ only in the bidding. The
hint follower asks the analyzer as the practice table does (``engine.analysis.advice.value_bids``:
the interactive budget's deals, seeded from the view, no clock). Games are played in both seatings
(``engine.search.arena.run_games``). Prints the hint follower's share of games won with a 95% interval,
and its points a hand against the club players'. About 3 s a game on this machine.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from engine.analysis.advice import value_bids
from engine.analysis.sampler import BIDDING_PHASES
from engine.analysis.tables import TABLES
from engine.core.rules import Rules
from engine.core.view import SeatView
from engine.players.base import Decision
from engine.players.club import ClubPlayer
from engine.players.evaluate import Score
from engine.search.arena import run_games


@dataclass(frozen=True, slots=True)
class HintFollower:
    """Bids as the analyzer recommends against ``table`` at the game score; plays as the club player."""

    table: str = "people"
    score: Score | None = None

    def with_score(self, score: Score | None) -> HintFollower:
        return HintFollower(self.table, score)

    def decide(self, view: SeatView, rng: random.Random) -> Decision:
        if view.phase not in BIDDING_PHASES:
            return ClubPlayer(score=self.score).decide(view, rng)
        score = None if self.score is None else (self.score.ours, self.score.theirs)
        a = value_bids(view, self.table, score).analysis  # the hint's own call (practice.review.view_robust)
        return Decision(a.recommendation, "the analyzer's recommendation")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench hint_follower", description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--table", default="people", choices=TABLES)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    start = time.perf_counter()
    out = run_games(Rules(), HintFollower(args.table), ClubPlayer(), args.games, args.seed)
    print(
        f"hint follower ({args.table} table) against club players, {args.games} game seeds in both seatings "
        f"({time.perf_counter() - start:.0f} s):"
    )
    for key, value in out.items():
        print(f"  {key}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
