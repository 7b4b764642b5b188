"""Glicko-2 ratings for learners and puzzles: every attempt at a puzzle is a game between the two.

Mark Glickman's system ("Example of the Glicko-2 system", 2013): a rating ``r``, its deviation
``rd`` (how unsure the rating is: 350 for someone never rated, smaller with every game) and a
volatility ``vol`` (how erratic the results are). ``rate(player, games)`` is one rating period
(the paper's steps 2 to 8): each game an opponent's rating and the score, 1 for a win, 0 for a loss.
An attempt is one period for each side (``attempt``): the learner beat the puzzle when they solved
it at the first try, the puzzle beat the learner otherwise, so every attempt moves both ratings.

Implemented here rather than taken from PyPI: the ``glicko2`` package (2.1.0, the one maintained
under that name) has mutable players, no type hints, and its volatility step reads the rating
where the paper reads the deviation (``self.__rating**2`` for phi squared), which only gives the
paper's figures for a player rated exactly 1500.

The paper's worked example (tau 0.5): a player 1500 / 200 / 0.06 beats a 1400 / 30 and loses to
a 1550 / 100 and a 1700 / 300:

>>> after = rate(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0),
...                                        (Rating(1700, 300), 0.0)])
>>> mu, phi = (after.rating - 1500) / SCALE, after.rd / SCALE
>>> f"mu {mu:.4f} phi {phi:.4f} vol {after.vol:.5f}"  # the paper: -0.2069, 0.8722, 0.05999
'mu -0.2069 phi 0.8722 vol 0.06000'
>>> round(-0.2069 * SCALE + 1500, 2), round(after.rating, 2), round(after.rd, 2)  # the paper: 1464.06, 151.52
(1464.06, 1464.05, 151.52)

The paper converts mu' after rounding it to four digits (-0.2069: 1464.06); unrounded it is
1464.0507, within 0.01 of the paper's figure, and the volatility 0.059996 is within 0.00001 of its
0.05999 (tests/practice/test_ratings.py checks both).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

SCALE = 173.7178  # the paper's conversion between the Glicko scale and Glicko-2's (400 / ln 10)
TAU = 0.5  # the system constant: how much the volatility may change (the paper's example uses 0.5)
EPSILON = 1e-6  # the convergence tolerance of the volatility's iteration (the paper's)
RD_RANGE = (30.0, 350.0)  # a deviation never grows past an unrated player's, nor shrinks to nothing
RATING_RANGE = (400.0, 3000.0)  # as the puzzle bank's starting ratings (engine.puzzles.bank)
PROVISIONAL_RD = 110.0  # a deviation above this: the rating is provisional (as lichess marks it)


class Rating(NamedTuple):
    """A Glicko-2 rating on the Glicko scale (1500 the middle): the rating, its deviation and the
    volatility. A tuple of three floats: the store keeps it as it is."""

    rating: float = 1500.0
    rd: float = 350.0
    vol: float = 0.06

    def shown(self) -> str:
        """The rating as a learner reads it: "1,464 ± 303" (the 95% range, two deviations)."""
        return f"{self.rating:,.0f} ± {2 * self.rd:,.0f}"

    @property
    def provisional(self) -> bool:
        """Still unsure: a deviation above ``PROVISIONAL_RD`` (a few attempts more settle it)."""
        return self.rd > PROVISIONAL_RD


LEARNER_START = Rating(1500.0, 350.0, 0.06)  # a learner's first rating (the paper's unrated player)
PUZZLE_RD = 200.0  # a new puzzle's deviation: its starting rating is an estimate (the bank's)


def puzzle_start(rating: float) -> Rating:
    """A puzzle's rating before anyone tried it: the bank's starting rating, ``PUZZLE_RD``."""
    return Rating(_clamp(rating, RATING_RANGE), PUZZLE_RD, 0.06)


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(player: Rating, opponent: Rating) -> float:
    """The player's expected score against the opponent (the chance to win, the paper's E).

    >>> round(expected(Rating(1500, 200), Rating(1400, 30)), 3)
    0.639
    """
    return _e((player.rating - 1500) / SCALE, (opponent.rating - 1500) / SCALE, opponent.rd / SCALE)


def _clamp(value: float, bounds: tuple[float, float]) -> float:
    return min(max(value, bounds[0]), bounds[1])


def _volatility(phi: float, vol: float, delta: float, v: float, tau: float) -> float:
    """The paper's step 5: the new volatility, by the Illinois algorithm."""
    a = math.log(vol * vol)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (
            tau * tau
        )

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate(player: Rating, games: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after one rating period with ``games`` (opponent, score 0..1). No game:
    only the deviation grows (the paper's step 6). The rating stays in ``RATING_RANGE``, the
    deviation in ``RD_RANGE``."""
    mu = (player.rating - 1500.0) / SCALE
    phi = player.rd / SCALE
    if not games:
        grown = math.sqrt(phi * phi + player.vol * player.vol) * SCALE
        return Rating(player.rating, _clamp(grown, RD_RANGE), player.vol)
    terms = []
    for opponent, score in games:
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"a game's score is 0 to 1, not {score}")
        mu_j, phi_j = (opponent.rating - 1500.0) / SCALE, opponent.rd / SCALE
        terms.append((_g(phi_j), _e(mu, mu_j, phi_j), score))
    v = 1.0 / sum(g * g * e * (1.0 - e) for g, e, _ in terms)
    gain = sum(g * (s - e) for g, e, s in terms)
    vol = _volatility(phi, player.vol, v * gain, v, tau)
    phi_star = math.sqrt(phi * phi + vol * vol)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * gain
    return Rating(_clamp(mu_new * SCALE + 1500.0, RATING_RANGE), _clamp(phi_new * SCALE, RD_RANGE), vol)


def attempt(learner: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """Both ratings after one attempt: the learner against the puzzle as it was, the puzzle against
    the learner as they were (one rating period each).

    >>> learner, puzzle = attempt(Rating(1500, 350), Rating(1500, 200), True)
    >>> learner.rating > 1500 > puzzle.rating, learner.rd < 350
    (True, True)
    """
    score = 1.0 if solved else 0.0
    return rate(learner, [(puzzle, score)]), rate(puzzle, [(learner, 1.0 - score)])


__all__ = [
    "LEARNER_START",
    "PUZZLE_RD",
    "RATING_RANGE",
    "SCALE",
    "TAU",
    "Rating",
    "attempt",
    "expected",
    "puzzle_start",
    "rate",
]
