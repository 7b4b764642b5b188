"""The Expert player: determinized search on the analyzer and the exact solver.

- Bidding (round 1, round 2, naming trump under a joker): the hand analyzer's own
  function (``engine.analysis.bidding.analyze``) simulates every bid — passing
  included, valued by how the rest of the auction goes with the sound bidding model
  (``engine.analysis.styles``) and the hand with club card play — on the same sampled
  deals, and the expert takes its recommendation.
- Everything else (the dealer's discard, defend alone, every card): sample deals
  of the unseen cards consistent with the view (cards seen, voids shown, the
  upcard in the dealer's hand, what the bids imply — ``engine.analysis.sampler``),
  try each legal action on each deal, finish any remaining declarations with club
  players, solve the play open-handed (``engine.compiled.solver``), and take the action
  with the best average points for its side. Ties go to the club player's choice.

It reads only the view, like every player.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace

from engine.analysis.bidding import analyze
from engine.analysis.explain import label
from engine.analysis.playout import Outcome, advance, outcome_of, warm_up
from engine.analysis.sampler import BIDDING_PHASES, sample_state
from engine.analysis.styles import opponents
from engine.compiled.solver import makers_tricks, solve
from engine.core.actions import Action, Kind
from engine.core.hand import HandState, Phase, apply
from engine.core.view import SeatView
from engine.players.base import Decision
from engine.players.club import ClubPlayer
from engine.players.evaluate import Score


@dataclass(frozen=True, slots=True)
class ExpertPlayer:
    """``play_samples``/``play_time``: deals per card decision; ``bid_time``: the bidding budget;
    ``score``: the game score, which makes it bid for the chance of winning the game, as the
    analyzer does when given one (``told_the_score``)."""

    play_samples: int = 40
    play_time: float = 0.1
    bid_time: float = 0.8
    bid_samples: int = 4000  # compiled club play-outs: about 0.1-0.2 s of CPU (bench/expert_bench.py)
    score: Score | None = None

    def with_score(self, score: Score | None) -> ExpertPlayer:
        return replace(self, score=score)

    def decide(self, view: SeatView, rng: random.Random) -> Decision:
        club = ClubPlayer()
        if len(view.legal) == 1:
            return Decision(view.legal[0], "the only legal choice")
        if view.phase in BIDDING_PHASES:
            return self._bid(view, rng)
        return self._search(view, rng, club)

    def _bid(self, view: SeatView, rng: random.Random) -> Decision:
        sound = opponents("sound", view.rules)
        score = None if self.score is None else (self.score.ours, self.score.theirs)
        a = analyze(
            view, rng, score=score, time_budget=self.bid_time, max_samples=self.bid_samples, ceiling=False,
            policy=sound, bidder=sound,
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

    def _search(self, view: SeatView, rng: random.Random, club: ClubPlayer) -> Decision:
        warm_up()
        me = view.seat
        legal = view.legal
        totals = {a: 0.0 for a in legal}
        start = time.perf_counter()
        n = 0
        while n < self.play_samples and (n < 4 or time.perf_counter() - start < self.play_time):
            state = sample_state(view, rng, bidder=club, max_tries=10)
            for a, value in action_values(state, me, legal, club, rng).items():
                totals[a] += value
            n += 1
        best_value = max(totals.values())
        tied = [a for a in legal if totals[a] >= best_value - 1e-9]
        habit = club.decide(view, rng).action
        choice = habit if habit in tied else tied[0]
        others = [totals[a] for a in legal if a not in tied]
        what = _what(choice)
        if not others:
            reason = f"{what}: every choice scores the same on {n} sampled deals solved open-handed"
        else:
            gain = (best_value - max(others)) / n
            reason = (
                f"{what}: best on average over {n} sampled deals solved open-handed "
                f"({best_value / n:+.2f} points, {gain:.2f} ahead of the next choice)"
            )
        return Decision(choice, reason)


def _what(action: Action) -> str:
    if action.card is not None:
        verb = "Play" if action.kind is Kind.PLAY else "Discard"
        return f"{verb} the {action.card.name}"
    return "Defend alone" if action.kind is Kind.DEFEND_ALONE else str(action).capitalize()


def _net(o: Outcome) -> float:
    return float(o.net)


def action_values(
    state: HandState, me: int, legal: tuple[Action, ...], club: ClubPlayer, rng: random.Random
) -> dict[Action, float]:
    """Each legal action's net points for ``me`` on one fully known deal: the play solved
    open-handed (declarations still to come made by ``club``)."""
    if state.phase is Phase.PLAY:
        sol = solve(state)
        return {a: _net(outcome_of(state, me, sol.cards[a])) for a in legal}
    out: dict[Action, float] = {}
    for a in legal:
        after = advance(apply(state, a), club, rng, until_play=True)
        out[a] = _net(outcome_of(after, me) if after.is_over else outcome_of(after, me, makers_tricks(after)))
    return out
