"""The cautious table: the sound model slowed down until it calls as often as people do.

The sound model (``engine.analysis.bidding_fit``) is a best response to itself, and it calls
more than people: its dealer picks up about 35% of hands and its dealer's partner orders up
32%, where published figures for human tables are about 30% and 17%. A learner's real
opponents are people, so the analyzer also values every option against a table that bids at
the human rates (``engine.analysis.styles``, style ``cautious``): the sound model's
thresholds, with the three seats and rounds that have a published figure (``HUMAN_RATES``)
raised until they call that share of hands, and every other threshold, to call and to go
alone, raised by ``CAUTIOUS_EXTRA``.

Each calling rate falls as its own threshold rises, so each is found by bisection, one seat
after another in auction order, and the sweep repeats (a later seat's threshold changes how
often an earlier one is reached in round 2) until no threshold moves or ``SWEEPS`` is reached.
The rates are measured on one set of seeded deals (``rates_on``), so the same call gives the
same table. Where the game has no published figures (three or two players) the cautious table is
the sound one plus ``CAUTIOUS_EXTRA`` everywhere.
"""

from __future__ import annotations

from engine.analysis.bidding_fit import make_deals, rates_on
from engine.analysis.styles import CAUTIOUS_EXTRA  # added to every threshold without a published figure
from engine.rules import Rules

# Share of hands in which the seat calls there (alone included), four-player Euchre, as quoted
# in the sound-model issue (issue 12): the dealer picks up about 30% of hands, the dealer's
# partner orders up about 17% in round 1, first seat names a suit in about 20% of round 2s.
HUMAN_RATES: dict[int, tuple[str, float]] = {  # column (2 * seat left of the dealer + round) -> rate
    0: ("dealer, round 1: per hand", 0.30),
    4: ("dealer's partner, round 1: per hand", 0.17),
    3: ("first seat, round 2: per hand", 0.20),
}
STEP = 0.05  # the thresholds' grid
LOW, HIGH = -1.5, 3.0  # bisection bounds (cautions)
BISECTIONS = 7  # (HIGH - LOW) / 2**7 = 0.035 < STEP
SWEEPS = 3
DEALS = 12_000


def calibrate(rules: Rules, sound: tuple[float, ...], deals: int = DEALS, seed: int = 4242) -> tuple[float, ...]:
    """The cautious table (16 numbers, ``ClubPlayer.caution``) for ``rules``, from the sound
    model's ``sound`` table (see the module docstring)."""
    caution = [round(c + CAUTIOUS_EXTRA, 2) for c in (tuple(sound) + (0.0,) * 16)[:16]]
    if rules.players != 4:
        return tuple(caution)
    states = make_deals(rules, deals, seed)
    for _ in range(SWEEPS):
        moved = False
        for k, (key, want) in HUMAN_RATES.items():
            before, lo, hi = caution[k], LOW, HIGH
            for _ in range(BISECTIONS):
                caution[k] = (lo + hi) / 2
                if rates_on(states, rules, tuple(caution))[key] > want:
                    lo = caution[k]
                else:
                    hi = caution[k]
            new = round(round((lo + hi) / 2 / STEP) * STEP, 2)
            moved |= abs(new - before) > 1e-9
            caution[k] = new
        if not moved:
            break
    return tuple(round(c, 2) for c in caution)


__all__ = ["HUMAN_RATES", "calibrate"]
