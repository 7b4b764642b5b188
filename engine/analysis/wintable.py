"""The chance of winning the game from a score, from the distribution of one hand's outcome.

A hand ends with points to the dealer's side or to the other side (exactly one of
the two scores, or neither when the hand is thrown in). Given how often each
outcome happens (measured from club self-play, see ``python -m bench make_win_table``),
the chance that a side wins the game from ``(us, them)`` when ``us_deal`` says
whether that side deals the next hand is a small dynamic programme over scores:

    W(a, b, d) = sum over outcomes (x, y) of p_d(x, y) * W(a + x, b + y, not d)

with W = 1 once a >= target and 0 once b >= target. The deal alternates between
the sides (4 players: it passes left, to the other partnership; 2 players: to the
other player). A thrown-in hand scores nothing but passes the deal, which makes
W(a, b, 0) and W(a, b, 1) depend on each other; that 2x2 system is solved exactly.

The generated file ``win_table.json`` next to this module holds the measured
distributions and the tables for targets 5, 7 and 10 for 4 and 2 players.
Cutthroat (3 players, three scores) has no table: ``win_chance`` returns None.

>>> dist = {(1, 0): 0.5, (0, 1): 0.5}     # toy game: one point a hand, a coin flip
>>> table = win_table(2, dist)
>>> table[1][1][0], table[1][0][1]
(0.5, 0.75)
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from engine.core.rules import Rules

DATA_FILE = Path(__file__).with_name("win_table.json")

Distribution = dict[tuple[int, int], float]  # (dealer side's points, other side's points) -> probability
Table = list[list[list[float]]]  # [us][them][1 if us deal else 0]


def win_table(target: int, dealer_dist: Distribution) -> Table:
    """W[a][b][d] for 0 <= a, b < target (see the module docstring)."""
    total = sum(dealer_dist.values())
    if abs(total - 1.0) > 1e-6:
        raise ValueError(f"outcome probabilities must add up to 1, got {total}")
    p0 = dealer_dist.get((0, 0), 0.0)
    scoring = [(xy, p) for xy, p in dealer_dist.items() if xy != (0, 0) and p > 0]
    w: Table = [[[0.0, 0.0] for _ in range(target)] for _ in range(target)]

    def value(a: int, b: int, d: int) -> float:
        if a >= target:
            return 1.0
        if b >= target:
            return 0.0
        return w[a][b][d]

    for total_score in range(2 * target - 2, -1, -1):
        for a in range(min(target - 1, total_score), -1, -1):
            b = total_score - a
            if b >= target:
                continue
            # c1: we deal, dealer side's points go to us; c0: they deal.
            c1 = sum(p * value(a + x, b + y, 0) for (x, y), p in scoring)
            c0 = sum(p * value(a + y, b + x, 1) for (x, y), p in scoring)
            w1 = (c1 + p0 * c0) / (1 - p0 * p0)
            w[a][b][1] = w1
            w[a][b][0] = c0 + p0 * w1
    return w


@cache
def _load() -> dict[str, object]:
    data: dict[str, object] = json.loads(DATA_FILE.read_text())
    return data


def stored_table(players: int, target: int) -> Table | None:
    """The generated table for a player count and target, or None (cutthroat, or no file)."""
    if not DATA_FILE.exists():
        return None
    tables = _load().get("tables", {})
    assert isinstance(tables, dict)
    key = f"{players}p/{target}"
    table = tables.get(key)
    return table


def win_chance(rules: Rules, us: int, them: int, us_deal: bool) -> float | None:
    """Chance the learner's side wins the game from this score (None without a table)."""
    table = stored_table(rules.players, rules.target)
    if table is None:
        return None
    if us >= rules.target:
        return 1.0
    if them >= rules.target:
        return 0.0
    return table[us][them][1 if us_deal else 0]


def point_value(rules: Rules) -> float | None:
    """What one point is worth at the start of the game, in chance of winning it: half the
    gap between 1-0 and 0-1, averaged over who deals (None without a table). It converts a
    loss in chance of winning into the points a grade is measured in."""
    table = stored_table(rules.players, rules.target)
    if table is None or rules.target < 2:
        return None
    return sum(table[1][0][d] - table[0][1][d] for d in (0, 1)) / 4
