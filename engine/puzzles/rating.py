"""A puzzle's starting rating: how often a club-level learner gets it wrong, on the Glicko-2 scale.

The chance of a wrong answer is the mean of two estimates, each between 0 and 1:

- **the club players** (``club_wrong``): the share of the club players asked who choose a wrong
  answer. For a bid, four club players bid it, one per table of the analyzer (people, sound,
  cautious, eager: the same rules of thumb with different call thresholds); for a card, a discard
  or defending alone, the club player (it decides by rules of thumb and draws nothing at random,
  so one asking is all there is); for an open-hand puzzle, the club player plays the learner's
  moves (from its own view) against the best defence, and is wrong when the goal is lost;
- **the figures' pull** (``1 - logit_right``): a learner who weighs the choices roughly picks
  each with a chance that falls off with what it gives up, ``exp(-(best - value) / SCALE)``
  (a logit choice rule; ``SCALE``: half a point for the seat judge's points, half a trick for the
  solver's tricks). Many choices close to the best make a puzzle hard; one clear winner makes it
  easy. An open-hand puzzle multiplies the chances of its moves on the main line.

The chance ``p`` (kept between ``P_LOW`` and ``P_HIGH``, so no puzzle starts at an extreme) is
then the rating at which a learner rated ``BASE`` (1500, the club level) solves it with chance
``1 - p`` by the Glicko-2 (Elo) expectation ``1 / (1 + 10 ** ((R_puzzle - R_learner) / 400))``:

    rating = 1500 + 400 * log10(p / (1 - p))

so a puzzle the club level solves half the time starts at 1500, one it solves nine times in ten
at 1118, one it misses nine times in ten at 1882; the range is 896 to 2104.

>>> round(rating_for(0.5)), round(rating_for(0.1)), round(rating_for(0.9))
(1500, 1118, 1882)
>>> round(logit_right((1.0, 0.0), (0,), 0.5), 3)  # one point behind: chosen 12% of the time
0.881
"""

from __future__ import annotations

import math
from collections.abc import Sequence

BASE = 1500.0
ELO = 400.0  # the Glicko-2 (Elo) scale: 400 rating points = odds of 10 to 1
P_LOW, P_HIGH = 0.03, 0.97
POINT_SCALE = 0.5  # points: a choice half a point behind the best is picked e**-1 as often
TRICK_SCALE = 0.5  # tricks, for open-hand puzzles


def logit_right(values: Sequence[float], right: Sequence[int], scale: float) -> float:
    """The chance that a learner choosing by the logit rule (see the module) picks one of the
    choices at the indices ``right``."""
    top = max(values)
    weights = [math.exp(-(top - v) / scale) for v in values]
    return sum(weights[i] for i in right) / sum(weights)


def wrong_chance(club_wrong: float, right_chance: float) -> float:
    """The chance a club-level learner answers wrong: the mean of the club players' share of wrong
    answers and the logit rule's chance of a wrong one, kept within ``P_LOW``..``P_HIGH``."""
    p = (club_wrong + (1.0 - right_chance)) / 2.0
    return min(P_HIGH, max(P_LOW, p))


def rating_for(p_wrong: float) -> float:
    """The Glicko-2 rating of a puzzle a club-level (1500) learner gets wrong with chance
    ``p_wrong``, rounded to a tenth."""
    p = min(P_HIGH, max(P_LOW, p_wrong))
    return round(BASE + ELO * math.log10(p / (1.0 - p)), 1)


__all__ = ["BASE", "POINT_SCALE", "TRICK_SCALE", "logit_right", "rating_for", "wrong_chance"]
