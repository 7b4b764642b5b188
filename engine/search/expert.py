"""The Expert player: determinized search on the analyzer and the exact solver.

- Bidding (round 1, round 2, naming trump under a joker): the hand analyzer's own
  function (``engine.analysis.bidding.analyze``) simulates every bid — passing
  included, valued by how the rest of the auction goes with the sound bidding model
  (``engine.analysis.tables``) and the hand with club card play — on the same sampled
  deals, and the expert takes its recommendation.
- Everything else (the dealer's discard, defend alone, every card): the seat's own
  valuation (``engine.search.seat_values``, the one the practice table's hints and grades
  use): deals of the unseen cards consistent with the view and the auction, every legal
  action tried on the same deals and played out with best play, the best mean points for
  its side taken (ties to the club player's choice). The reason is in Euchre words
  (``engine.analysis.card_reasons``).

It reads only the view, like every player.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from engine.analysis.bidding import analyze
from engine.analysis.card_reasons import choice_reason
from engine.analysis.explain import label
from engine.analysis.sampler import BIDDING_PHASES
from engine.analysis.tables import table_for
from engine.core.view import SeatView
from engine.players.base import Decision
from engine.players.evaluate import Score
from engine.search.seat_values import value_choices


@dataclass(frozen=True, slots=True)
class ExpertPlayer:
    """``play_samples``: deals per card decision (``engine.search.seat_values``); the bidding budget is ``bid_samples`` deals (never a clock);
    ``score``: the game score, which makes it bid for the chance of winning the game, as the
    analyzer does when given one (``told_the_score``)."""

    play_samples: int = 40
    bid_samples: int = 4000  # compiled club play-outs: about 0.1-0.2 s of CPU (bench/expert_bench.py)
    score: Score | None = None

    def with_score(self, score: Score | None) -> ExpertPlayer:
        return replace(self, score=score)

    def decide(self, view: SeatView, rng: random.Random) -> Decision:
        if len(view.legal) == 1:
            return Decision(view.legal[0], "the only legal choice")
        if view.phase in BIDDING_PHASES:
            return self._bid(view, rng)
        return self._search(view, rng)

    def _bid(self, view: SeatView, rng: random.Random) -> Decision:
        score = None if self.score is None else (self.score.ours, self.score.theirs)
        a = analyze(
            view,
            rng,
            score=score,
            time_budget=None,  # a count of deals, never a clock: the same bid on any machine
            max_samples=self.bid_samples,
            ceiling=False,
            table=table_for("sound", view.rules),
        )
        best = a.option(a.recommendation)
        r = best.realistic
        if a.by_win_chance and r.win_delta is not None:
            worth = f"{100 * r.win_delta:+.1f}% chance of winning the game ({r.ev:+.2f} points a hand)"
            ahead = f"{100 * a.margin:.1f}%"
        else:
            worth, ahead = f"worth {r.ev:+.2f} points a hand", f"{a.margin:.2f}"
        reason = f"{label(best.action)}: {worth} over {a.n} simulated deals"
        if a.runner_up is not None:
            reason += f", {ahead} more than {label(a.runner_up)}"
        return Decision(a.recommendation, reason)

    def _search(self, view: SeatView, rng: random.Random) -> Decision:
        values = value_choices(view, self.play_samples, seed=f"expert:{rng.random()}")
        return Decision(values.best, choice_reason(view, values.best))
