"""Do the puzzle ratings find a learner's level? A simulation of learners of known strength.

    python -m bench puzzle_ratings [--learners 10] [--attempts 2000] [--seed 1]

Simulated learners of known strength (evenly spread from 900 to 2100 on the rating scale) take turns
at simulated puzzles of known difficulty (uniform from 800 to 2400, the bank's starting rating off
by a normal error of 150 points), ``--attempts`` attempts in all. Each puzzle is the one the app
would serve (``practice.puzzles.choose``: near the learner's rating and their weaker themes, lesson
level for a new learner); a learner solves it with the chance the Elo curve gives for the two true
strengths (1 / (1 + 10^(-(strength - difficulty) / 400))), and both ratings move (Glicko-2,
``practice.ratings.attempt``). Prints the rank correlation (Spearman) between the true strengths and
the final ratings, and how far each rating is from its strength (target: Spearman at least 0.9).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from dataclasses import dataclass

from practice.puzzles import History, choose
from practice.ratings import LEARNER_START, Rating, attempt, puzzle_start

THEMES = ("draw-trump", "second-hand-low", "the-discard", "bidding")


@dataclass(frozen=True, slots=True)
class SimPuzzle:
    id: str
    themes: tuple[str, ...]
    rating: float  # the starting rating (the bank's estimate)
    difficulty: float  # the true one


def ranks(values: Sequence[float]) -> list[float]:
    """Ranks from 1, ties sharing their mean rank."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(a: Sequence[float], b: Sequence[float]) -> float:
    """Spearman's rank correlation: Pearson's correlation of the ranks."""
    ra, rb = ranks(a), ranks(b)
    n = len(ra)
    ma, mb = sum(ra) / n, sum(rb) / n
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb, strict=True))
    va = sum((x - ma) ** 2 for x in ra)
    vb = sum((y - mb) ** 2 for y in rb)
    return float(cov / (va * vb) ** 0.5)


def simulate(learners: int = 10, attempts: int = 2000, seed: int = 1) -> tuple[list[float], list[Rating]]:
    """(true strengths, final ratings) after ``attempts`` attempts taken in turn."""
    rng = random.Random(seed)
    puzzles = []
    for i in range(600):
        difficulty = rng.uniform(800, 2400)
        estimate = min(3000.0, max(400.0, difficulty + rng.gauss(0, 150)))
        puzzles.append(SimPuzzle(f"p{i:04d}", (THEMES[i % len(THEMES)],), estimate, difficulty))
    strengths = [900 + 1200 * k / max(1, learners - 1) for k in range(learners)]
    ratings: dict[str, Rating] = {}
    mine = [LEARNER_START] * learners
    tried: list[list[tuple[str, tuple[str, ...], bool]]] = [[] for _ in range(learners)]
    for turn in range(attempts):
        k = turn % learners
        history = _history(tried[k])
        puzzle = choose(puzzles, ratings, mine[k], history, seed=f"sim{seed}:{k}")
        assert puzzle is not None
        chance = 1 / (1 + 10 ** (-(strengths[k] - puzzle.difficulty) / 400))
        solved = rng.random() < chance
        its = ratings.get(puzzle.id) or puzzle_start(puzzle.rating)
        mine[k], ratings[puzzle.id] = attempt(mine[k], its, solved)
        tried[k].append((puzzle.id, puzzle.themes, solved))
    return strengths, mine


def _history(tried: list[tuple[str, tuple[str, ...], bool]]) -> History:
    counts: dict[str, list[int]] = {}
    for _, themes, solved in tried:
        for t in themes:
            tally = counts.setdefault(t, [0, 0])
            tally[0] += 1
            tally[1] += solved
    return History(
        len(tried),
        frozenset(p for p, _, _ in tried),
        tuple((t, n, s) for t, (n, s) in sorted(counts.items())),
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench puzzle_ratings", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--learners", type=int, default=10)
    parser.add_argument("--attempts", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    strengths, final = simulate(args.learners, args.attempts, args.seed)
    print(f"{args.learners} learners, {args.attempts} attempts in all (seed {args.seed})")
    print(f"{'strength':>9} {'rating':>7} {'± 2 RD':>7} {'off by':>7}")
    for s, r in zip(strengths, final, strict=True):
        print(f"{s:9.0f} {r.rating:7.0f} {2 * r.rd:7.0f} {r.rating - s:+7.0f}")
    rho = spearman(strengths, [r.rating for r in final])
    off = sum(abs(r.rating - s) for s, r in zip(strengths, final, strict=True)) / len(final)
    print(
        f"Spearman rank correlation: {rho:.3f} (target at least 0.9); mean distance {off:.0f} rating points"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
