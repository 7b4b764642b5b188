"""Where the analyzer's deals come from: the compiled club play-outs, or any Python player.

``make_runner`` returns an object whose ``run(first, count)`` samples ``count`` more deals
consistent with the view and plays every option out on each of them, returning a
``deal_loop.Batch`` (per deal and option: maker or -1, makers' tricks, points to the
learner's side, to the others; realistic and ceiling).

- ``make_runner(view, options, table, ...)``: the other seats are a table
  (``engine.analysis.tables.Table``), and the compiled loop ``deal_loop.FastRun`` is handed the
  table's numbers (``Table.numbers``: its thresholds by seat and round, and whether going alone
  is worth it) when the auction so far is all passes: the compiled Club player is the Club
  player's one implementation (``ClubPlayer`` is its adapter), thousands of deals a second on
  both cores. The open-hand ceiling costs several times a club play-out, so it is solved on the
  first ``CEILING_DEALS`` deals only (its own ``n`` and interval say so). An auction with a bid
  in it is run in Python with the table's player.
- ``PythonRun`` for any other player (an experiment, a new player):
  ``engine.analysis.sampler`` and ``engine.analysis.finish`` step by step.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

import numpy as np

from engine.analysis.finish import Outcome, Policy, play_out, solve_out
from engine.analysis.sampler import SampleStats, build_state, deal_hidden, sample_state
from engine.analysis.tables import Table
from engine.compiled import deal_loop
from engine.compiled.encoding import card_code, code_of, encode_state
from engine.core.actions import Action
from engine.core.cards import Card
from engine.core.hand import HandState, Phase, apply
from engine.core.view import SeatView

CEILING_DEALS = 1000  # compiled runs solve the ceiling on the first deals only (about ±0.1 points)


class Runner(Protocol):
    stats: SampleStats
    compiled: bool

    def run(self, first: int, count: int) -> deal_loop.Batch: ...


def _apply_option(state: HandState, action: Action, discard_card: Card | None) -> HandState:
    state = apply(state, action)
    if discard_card is not None and state.phase is Phase.DISCARD:
        from engine.core.actions import discard

        state = apply(state, discard(discard_card))
    return state


def _row(o: Outcome) -> tuple[int, int, int, int]:
    return (-1 if o.maker is None else o.maker, o.maker_tricks, o.us, o.them)


class PythonRun:
    """Deals from ``engine.analysis.sampler``, played out by ``player`` in Python: it bids (the
    sampler's check of the passes, the rest of the auction) and plays every other seat."""

    compiled = False

    def __init__(
        self,
        view: SeatView,
        options: Sequence[tuple[Action, Card | None]],
        player: Policy,
        ceiling: bool,
        rng: random.Random,
    ) -> None:
        self.view, self.options, self.player = view, list(options), player
        self.ceiling, self.rng = ceiling, rng
        self.stats = SampleStats()

    def run(self, first: int, count: int) -> deal_loop.Batch:
        nopt = len(self.options)
        real = np.zeros((count, nopt, 4), dtype=np.int64)
        ceil = np.zeros((count, nopt, 4), dtype=np.int64)
        me = self.view.seat
        for d in range(count):
            state = sample_state(self.view, self.rng, bidder=self.player, stats=self.stats)
            deal_seed = self.rng.getrandbits(32)
            for i, (action, card) in enumerate(self.options):
                after = _apply_option(state, action, card)
                real[d, i] = _row(play_out(after, me, self.player, random.Random(deal_seed)))
                if self.ceiling:
                    ceil[d, i] = _row(solve_out(after, me, self.player, random.Random(deal_seed)))
        return deal_loop.Batch(real, ceil if self.ceiling else None, np.zeros((count, 7), dtype=np.int64))


class CompiledRun:
    """``deal_loop.FastRun`` with its sampling counts gathered into a ``SampleStats``."""

    compiled = True

    def __init__(self, fast: deal_loop.FastRun) -> None:
        self.fast = fast
        self.stats = SampleStats()

    def run(self, first: int, count: int) -> deal_loop.Batch:
        batch = self.fast.run(first, count)
        d = batch.draws
        self.stats.drawn += int(d[:, deal_loop.DRAWN].sum())
        self.stats.rejected += int(d[:, deal_loop.REJECTED].sum())
        self.stats.unchecked += int(d[:, deal_loop.UNCHECKED].sum())
        for seat in range(4):
            k = int(d[:, deal_loop.REJECTED_BY + seat].sum())
            if k:
                self.stats.rejections_by_seat[seat] = self.stats.rejections_by_seat.get(seat, 0) + k
        return batch


def base_state(view: SeatView) -> np.ndarray:
    """The flat state at the view's decision (the other seats' cards are filled per deal)."""
    hands, leftover = deal_hidden(view, random.Random(0))
    return encode_state(build_state(view, hands, leftover))


def make_runner(
    view: SeatView,
    options: Sequence[tuple[Action, Card | None]],
    table: Table,
    ceiling: bool,
    rng: random.Random,
) -> Runner:
    """The compiled runner with ``table``'s numbers when the auction so far is all passes (the
    compiled sampler checks passes only); else ``PythonRun`` with the table's player."""
    checks = deal_loop.pass_checks(view)
    if checks is None:
        return PythonRun(view, options, table.player(), ceiling, rng)
    numbers = table.numbers(view.rules)  # by which the other seats bid and play; no score, as ever
    deal_loop.warm_up()
    codes = np.array([[code_of(a), -1 if d is None else card_code(d)] for a, d in options], dtype=np.int64)
    fast = deal_loop.FastRun(
        view,
        codes,
        checks,
        base_state(view),
        numbers,
        numbers,
        rng.getrandbits(62),
        ceiling,
        ceiling_deals=CEILING_DEALS,
    )
    return CompiledRun(fast)
