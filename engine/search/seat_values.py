"""What each choice is worth from one seat's own view: the valuation behind the Expert's cards,
the practice table's hints and its grades.

``value_choices(view, deals, seed)`` deals the unseen cards again ``deals`` times, each deal
consistent with what the seat has seen and with the auction (``engine.analysis.sampler``: the
club player's bidding, as the Expert reads it), tries every legal choice on every deal (the same
deals for every choice), lets the club player make any defend-alone declaration still to come,
and plays the rest out with best play for everyone (``engine.compiled.solver``). A choice's value
is its side's mean net points (own points minus the opponents') over the deals; its *loss* is
the best choice's value minus its own, with a 95% interval from the paired differences deal by
deal. The best choice is the one with the highest mean (then the most tricks for the side, then
the club player's habit), so the figures never name a choice that only works on the real,
hidden layout.

The seed comes from the view (``view_seed``), so the hint at a decision and the grade after it
compute the very same figures.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from engine.analysis.finish import Outcome, advance, outcome_of, warm_up
from engine.analysis.sampler import sample_state
from engine.compiled.solver import makers_tricks, solve
from engine.core.actions import Action
from engine.core.hand import HandState, Phase, apply
from engine.core.stats import mean_interval
from engine.core.view import SeatView
from engine.players.club import ClubPlayer

JUDGE_DEALS = 240  # deals per judged decision: about 0.1 s on this machine (bench/grade_check.py)
_EPS = 1e-9


@dataclass(frozen=True, slots=True)
class ChoiceValue:
    """One legal choice valued from the seat: mean net points and tricks for the seat's side, and
    the loss against the best choice with the half-width of its 95% interval (0 for the best)."""

    action: Action
    points: float
    tricks: float
    loss: float
    spread: float

    @property
    def tied(self) -> bool:
        """Worth the same as the best within the figures' uncertainty."""
        return self.loss <= self.spread + _EPS


@dataclass(frozen=True, slots=True)
class SeatValues:
    """Every legal choice of one decision valued over the same ``deals`` deals."""

    choices: tuple[ChoiceValue, ...]  # in the order of the legal actions
    best: Action
    deals: int

    def of(self, action: Action) -> ChoiceValue | None:
        return next((c for c in self.choices if c.action == action), None)

    @property
    def ranked(self) -> tuple[ChoiceValue, ...]:
        """Best first."""
        return tuple(sorted(self.choices, key=lambda c: (c.loss, -c.tricks)))


def view_seed(view: SeatView) -> str:
    """A seed made of everything the seat knows: the same view always gets the same deals."""
    return (
        f"seat-values:{view.rules}:{view.seat}:{view.dealer}:{view.hand}:{view.upcard}:"
        f"{view.history}:{view.discarded}"
    )


def deal_values(
    state: HandState, me: int, legal: tuple[Action, ...], club: ClubPlayer, rng: random.Random
) -> dict[Action, Outcome]:
    """Each legal action's outcome for ``me`` on one fully known deal: the play solved with every
    card known (declarations still to come made by ``club``)."""
    if state.phase is Phase.PLAY:
        sol = solve(state)
        return {a: outcome_of(state, me, sol.cards[a]) for a in legal}
    out: dict[Action, Outcome] = {}
    for a in legal:
        after = advance(apply(state, a), club, rng, until_play=True)
        out[a] = outcome_of(after, me) if after.is_over else outcome_of(after, me, makers_tricks(after))
    return out


def action_values(
    state: HandState, me: int, legal: tuple[Action, ...], club: ClubPlayer, rng: random.Random
) -> dict[Action, float]:
    """Each legal action's net points for ``me`` on one fully known deal (``deal_values``)."""
    return {a: float(o.net) for a, o in deal_values(state, me, legal, club, rng).items()}


def _tricks(o: Outcome) -> int:
    if o.maker is None:
        return 0
    return o.maker_tricks if o.we_made else 5 - o.maker_tricks


def value_choices(view: SeatView, deals: int = JUDGE_DEALS, seed: str | None = None) -> SeatValues:
    """Every legal choice of the seat to act valued over ``deals`` deals of the unseen cards that fit
    ``view`` (see the module docstring). Deterministic: the deals come from ``seed`` (by default
    ``view_seed(view)``)."""
    legal = view.legal
    if not legal:
        raise ValueError(f"seat {view.seat} is not to act (phase {view.phase.value})")
    warm_up()
    club = ClubPlayer()
    rng = random.Random(view_seed(view) if seed is None else seed)
    points = np.zeros((len(legal), deals))
    tricks = np.zeros((len(legal), deals))
    for i in range(deals):
        state = sample_state(view, rng, bidder=club, max_tries=10)
        for j, o in enumerate(deal_values(state, view.seat, legal, club, rng).values()):
            points[j, i], tricks[j, i] = o.net, _tricks(o)
    return summarise(legal, points, tricks, club.act(view))


def summarise(legal: tuple[Action, ...], points: np.ndarray, tricks: np.ndarray, habit: Action) -> SeatValues:
    """``SeatValues`` from each choice's net points and side tricks deal by deal (rows in the order
    of ``legal``, one column per deal): the best by mean points, then mean tricks, then ``habit``
    (the club player's choice); each loss with its 95% interval from the paired differences
    (``engine.core.stats.mean_interval``: the same deals for every choice)."""
    mean_points, mean_tricks = points.mean(axis=1), tricks.mean(axis=1)
    top = mean_points.max()
    tied_top = [j for j in range(len(legal)) if mean_points[j] >= top - _EPS]
    most = max(mean_tricks[j] for j in tied_top)
    candidates = [j for j in tied_top if mean_tricks[j] >= most - _EPS]
    habit_at = legal.index(habit) if habit in legal else -1
    best = habit_at if habit_at in candidates else candidates[0]
    choices = []
    for j, a in enumerate(legal):
        if j == best:
            loss, spread = 0.0, 0.0
        else:
            interval = mean_interval(points[best] - points[j])
            loss = interval.mean
            spread = (interval.high - interval.low) / 2 if interval.known else math.inf
        choices.append(
            ChoiceValue(a, float(mean_points[j]), float(mean_tricks[j]), float(loss), float(spread))
        )
    return SeatValues(tuple(choices), legal[best], points.shape[1])


@lru_cache(maxsize=1024)
def judged(view: SeatView, deals: int = JUDGE_DEALS) -> SeatValues:
    """``value_choices`` at the view's own seed, remembered: the hint and the grade of one decision
    share one computation."""
    return value_choices(view, deals)


__all__ = [
    "JUDGE_DEALS",
    "ChoiceValue",
    "SeatValues",
    "action_values",
    "deal_values",
    "judged",
    "value_choices",
    "view_seed",
]
