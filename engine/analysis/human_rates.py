"""Tables that bid as often as people do: the people table and the cautious table.

The sound model (``engine.analysis.bidding_fit``) is a best response to itself, and it calls
far more than people: its dealer picks up about 35% of hands and its dealer's partner orders
up 32%, where people do 30% and 17%. A learner's real opponents are people, so the advice a
learner sees is by default the best response to the **people table**: the sound model's
thresholds with every seat and round that has a figure (``PUBLISHED``) raised or lowered until
it calls that share of all hands. Those six figures are the calling rates World of Card Games
published for its tables with humans, by seat, as a share of all hands dealt (page "Euchre:
statistics on choosing trump"). Those tables are not people only: the site's computer players
fill empty seats. And its games were mostly stick the dealer until late 2015, so the figures
come largely from stick-the-dealer games.

The page also has rows for the last two seats of round 2 (the third seat and the dealer), but
they could not be read; the remaining 14% of hands are shared by those two seats and the hands
thrown in. So those two seats call the mean share of the round 2s reaching them that the two
round-2 seats with a figure call (``ROUND2_REACHED`` for ``ROUND2_UNPUBLISHED``), an
extrapolation; a stuck dealer names a suit whatever he holds. The alone thresholds keep the
sound model's: no loner rate was read. (docs/research/people-table.md gives the figures.)

The **cautious table** is the older, blunter fit: the sound thresholds with three of the
figures matched (``CAUTIOUS_FIGURES``) and ``CAUTIOUS_EXTRA`` more on every other threshold,
to call and to go alone (a table that never bids light anywhere).

Each calling rate falls as its own threshold rises, so each threshold is found by bisection,
one seat after another in auction order, and the sweep repeats (a later seat's threshold
changes how often an earlier one is reached in round 2) until no threshold moves by a grid
step or ``SWEEPS`` is reached. The rates are measured by playing the auctions only
(``bidding_fit.rates_on``) on one set of seeded deals, so the same call gives the same table.

Only four-player Euchre has published figures. The three- and two-player games (cutthroat,
two-handed) use the sound model as their people table: with no figure to fit, moving a
threshold would be invented, and the sound table is the best available model of a competent
table. Their cautious table is the sound one plus ``CAUTIOUS_EXTRA`` everywhere.
"""

from __future__ import annotations

import math

import numpy as np

from engine.analysis.bidding_fit import make_deals, rates_on
from engine.analysis.tables import CAUTIOUS_EXTRA  # added to every threshold without a published figure
from engine.core.rules import Rules

# Share of all hands dealt in which the seat calls there (alone included), four-player Euchre,
# World of Card Games' human tables. Column: 2 * (seat left of the dealer) + round - 1.
PUBLISHED: dict[int, tuple[str, float]] = {
    2: ("first seat, round 1: per hand", 0.05),
    4: ("dealer's partner, round 1: per hand", 0.17),
    6: ("third seat, round 1: per hand", 0.05),
    0: ("dealer, round 1: per hand", 0.30),
    3: ("first seat, round 2: per hand", 0.18),
    5: ("dealer's partner, round 2: per hand", 0.11),
}
AUCTION_ORDER = (2, 4, 6, 0, 3, 5)  # the published decisions in the order they are met
ROUND2_REACHED = (3, 5)  # the round-2 seats with a figure, whose share of the hands reaching them ...
ROUND2_UNPUBLISHED = (7, 1)  # ... the round-2 seats without one take: third seat, dealer (unless stuck)
CAUTIOUS_FIGURES = (0, 4, 3)  # the cautious table matches these three and adds CAUTIOUS_EXTRA elsewhere
HUMAN_RATES = {k: PUBLISHED[k] for k in CAUTIOUS_FIGURES}  # the cautious table's figures
STEP = 0.05  # the cautious table's grid
PEOPLE_STEP = 0.01  # the people table's grid
LOW, HIGH = -1.5, 3.0  # bisection bounds (cautions)
BISECTIONS = 7  # (HIGH - LOW) / 2**7 = 0.035 < STEP
PEOPLE_BISECTIONS = 10  # (HIGH - LOW) / 2**10 = 0.0044 < PEOPLE_STEP
SWEEPS = 3
PEOPLE_SWEEPS = 6
DEALS = 12_000
PEOPLE_DEALS = 100_000  # auctions only: about 0.2 s a measurement


def _rate(rules: Rules, table: list[float], k: int, value: float, key: str, states: np.ndarray) -> float:
    """The rate ``key`` with column ``k`` of ``table`` set to ``value``."""
    trial = list(table)
    trial[k] = value
    return rates_on(states, rules, tuple(trial))[key]


def _match(
    rules: Rules,
    table: list[float],
    targets: dict[int, tuple[str, float]],
    states: np.ndarray,
    bisections: int,
    step: float,
    sweeps: int,
    nearest: bool = True,
) -> list[float]:
    """``table`` with each column of ``targets`` moved (in the dict's order) until it calls
    that share of hands on ``states``; the other columns are held. ``nearest``: of the two grid
    points around the bisection's end, the one whose rate is nearer the figure (else the
    nearest grid point to the end, as the cautious table was first fitted)."""
    for _ in range(sweeps):
        moved = False
        for k, (key, want) in targets.items():
            before, lo, hi = table[k], LOW, HIGH
            for _ in range(bisections):
                table[k] = (lo + hi) / 2
                if rates_on(states, rules, tuple(table))[key] > want:
                    lo = table[k]
                else:
                    hi = table[k]
            # the rate jumps where hands' bid strengths sit: of the grid points either side of
            # the jump, keep the one whose rate is nearer the figure
            if nearest:
                grid = {round(math.floor(lo / step) * step, 2), round(math.ceil(hi / step) * step, 2)}
                new = min(sorted(grid), key=lambda c: abs(_rate(rules, table, k, c, key, states) - want))
            else:
                new = round(round((lo + hi) / 2 / step) * step, 2)
            moved |= abs(new - before) > 1e-9
            table[k] = new
        if not moved:
            break
    return table


def reached_share(k: int) -> float:
    """A published per-hand figure as a share of the hands that reach that decision (everything
    called before it, by the published figures, does not reach it)."""
    earlier = [2, 4, 6, 0, 3, 5, 7, 1]
    before = sum(PUBLISHED[j][1] for j in earlier[: earlier.index(k)] if j in PUBLISHED)
    return PUBLISHED[k][1] / (1.0 - before)


def round2_rate() -> float:
    """The share of the round 2s reaching them that the round-2 seats with a figure call: the
    first seat 0.18 of the 0.43 of hands still open, the dealer's partner 0.11 of 0.25; their mean."""
    return sum(reached_share(k) for k in ROUND2_REACHED) / len(ROUND2_REACHED)


def people_table(
    rules: Rules, sound: tuple[float, ...], deals: int = PEOPLE_DEALS, seed: int = 4247
) -> tuple[float, ...]:
    """The people table (16 numbers, ``ClubPlayer.caution``) for ``rules``, from the sound
    model's ``sound`` table (see the module docstring)."""
    table = [float(c) for c in (tuple(sound) + (0.0,) * 16)[:16]]
    if rules.players != 4:
        return tuple(table)
    ordered = {k: PUBLISHED[k] for k in AUCTION_ORDER}
    for k in ROUND2_UNPUBLISHED:
        if not (k == 1 and rules.stick_the_dealer):
            ordered[k] = (("third seat" if k == 7 else "dealer") + ", round 2: when reached", round2_rate())
    table = _match(
        rules, table, ordered, make_deals(rules, deals, seed), PEOPLE_BISECTIONS, PEOPLE_STEP, PEOPLE_SWEEPS
    )
    return tuple(round(c, 2) for c in table)


def calibrate(
    rules: Rules, sound: tuple[float, ...], deals: int = DEALS, seed: int = 4242
) -> tuple[float, ...]:
    """The cautious table (16 numbers, ``ClubPlayer.caution``) for ``rules``, from the sound
    model's ``sound`` table (see the module docstring)."""
    caution = [round(c + CAUTIOUS_EXTRA, 2) for c in (tuple(sound) + (0.0,) * 16)[:16]]
    if rules.players != 4:
        return tuple(caution)
    caution = _match(
        rules, caution, HUMAN_RATES, make_deals(rules, deals, seed), BISECTIONS, STEP, SWEEPS, nearest=False
    )
    return tuple(round(c, 2) for c in caution)


__all__ = ["AUCTION_ORDER", "HUMAN_RATES", "PEOPLE_DEALS", "PUBLISHED", "calibrate", "people_table"]
