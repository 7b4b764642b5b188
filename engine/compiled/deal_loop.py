"""Thousands of analyzer deals a second: sampling, play-outs and the ceiling in one compiled loop.

For a bidding decision (``engine.analysis.bidding``), ``FastRun(view, options, ...)``
deals the unseen cards again and again (each deal from its own generator stream,
``splitmix64(seed, deal index)``, so a deal does not depend on how the work is split
into batches or threads), rejects deals where a seat that passed would have bid
with its sampled cards (the Club player's bidding, ``engine.compiled.club_bidding``; after
``max_tries`` rejections the last deal is kept and counted as unchecked, as
``engine.analysis.sampler.sample_state`` does), then plays every option out on the
same deal with club players (``engine.compiled.playout``: realistic, club-level
play) and, for the ceiling, solves the play open-handed after the auction with the
exact solver's core (``engine.solver_core.search``).

``FastRun.run(first, count)`` returns per deal and option the 4 numbers of
``playout.outcome`` (maker or -1, makers' tricks, points to the learner's side, to
the others) for the realistic and the ceiling play-outs (the ceiling only for the first
``ceiling_deals`` deals: the solver costs several times a club play-out), and the
sampling counts.
Batches are split over two threads (every compiled function releases the GIL; each
thread has its own transposition table).
"""

from __future__ import annotations

import random
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np
from numba import njit

from engine.compiled import solver_core
from engine.compiled.club_bidding import club_bid, need_table
from engine.compiled.club_numbers import CALL_THRESHOLD
from engine.compiled.club_play import maker_side
from engine.compiled.encoding import (
    A_DISCARD,
    A_PASS,
    BIT,
    P_BID1,
    P_BID2,
    P_DISCARD,
    P_OVER,
    S_DOWN,
    S_HANDS,
    S_LEADER,
    S_OUT,
    S_PHASE,
    S_PLAYERS,
    S_TRUMP,
    S_UPCARD,
    card_code,
    code_of,
    encode_state,
)
from engine.compiled.playout import advance, apply_action, outcome
from engine.compiled.solver_core import Table, thread_table
from engine.core.actions import PASS
from engine.core.hand import deal
from engine.core.rules import Rules
from engine.core.view import SeatView, view_of

GOLDEN = -7046029254386353131  # 0x9E3779B97F4A7C15 as a signed int64
MIX1 = -4658895280553007687  # 0xBF58476D1CE4E5B9
MIX2 = -7723592293110705685  # 0x94D049BB133111EB
DRAWN, REJECTED, UNCHECKED, REJECTED_BY = 0, 1, 2, 3  # columns of the sampling counts


@njit(cache=True, nogil=True, inline="always")
def _next(state: np.ndarray) -> int:
    """splitmix64: the next 64 random bits of ``state[0]`` (signed arithmetic, logical shifts)."""
    z = state[0] + GOLDEN
    state[0] = z
    z = (z ^ ((z >> 30) & 0x3FFFFFFFF)) * MIX1
    z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * MIX2
    return int(z ^ ((z >> 31) & 0x1FFFFFFFF))


@njit(cache=True, nogil=True, inline="always")
def _below(state: np.ndarray, n: int) -> int:
    return ((_next(state) >> 11) & 0x1FFFFFFFFFFFFF) % n


@njit(cache=True, nogil=True)
def _solve(
    s: np.ndarray,
    h: np.ndarray,
    table: np.ndarray,
    tt: Table,
) -> int:
    """Makers' tricks with open-hand perfect play from the first lead (``engine.compiled.solver.encode``)."""
    t = s[S_TRUMP]
    k = 0
    mask = 0
    lead = 0
    for seat in range(s[S_PLAYERS]):
        if (s[S_OUT] >> seat) & 1:
            continue
        bits = 0
        for i in range(5):
            c = s[S_HANDS + 5 * seat + i]
            if c >= 0:
                bits |= BIT[t, c]
        h[k] = bits
        if maker_side(s, seat):
            mask |= 1 << k
        if seat == s[S_LEADER]:
            lead = k
        k += 1
    for i in range(k, 4):
        h[i] = 0
    return solver_core.search((h, k, mask, lead, table, 0, 5), -1, 6, tt)


@njit(cache=True, nogil=True)
def sample_deal(
    base: np.ndarray,
    me: int,
    pool: np.ndarray,
    checks: np.ndarray,
    bid_needs: np.ndarray,
    bid_alone: bool,
    seed: int,
    index: int,
    max_tries: int,
    s: np.ndarray,
    cards: np.ndarray,
    rs: np.ndarray,
    draws: np.ndarray,
) -> None:
    """Deal number ``index``: the other seats' hands into ``s`` (a copy of ``base``), the
    sampling counts into ``draws``. ``cards`` and ``rs`` are scratch arrays."""
    npool = pool.shape[0]
    players = base[S_PLAYERS]
    tries = max_tries if checks.shape[0] > 0 else 1
    rs[0] = seed ^ (index * MIX2)
    _next(rs)
    cards[:] = pool
    for j in range(draws.shape[0]):
        draws[j] = 0
    for attempt in range(tries):
        for i in range(npool - 1, 0, -1):  # Fisher-Yates
            j = _below(rs, i + 1)
            x = cards[i]
            cards[i] = cards[j]
            cards[j] = x
        k = 0
        for seat in range(players):
            if seat == me:
                continue
            for i in range(5):
                s[S_HANDS + 5 * seat + i] = cards[k]
                k += 1
        draws[DRAWN] += 1
        bad = -1
        for r in range(checks.shape[0]):
            seat = checks[r, 0]
            s[S_PHASE] = checks[r, 1]
            s[S_DOWN] = (s[S_UPCARD] >> 3) if checks[r, 1] == P_BID2 else -1
            if club_bid(s, seat, bid_needs, bid_alone) != A_PASS:
                bad = seat
                break
        s[S_PHASE] = base[S_PHASE]
        s[S_DOWN] = base[S_DOWN]
        if bad < 0:
            return
        draws[REJECTED] += 1
        draws[REJECTED_BY + bad] += 1
        if attempt == tries - 1:
            draws[UNCHECKED] = 1


@njit(cache=True, nogil=True)
def run_deals(
    base: np.ndarray,
    me: int,
    pool: np.ndarray,
    checks: np.ndarray,
    options: np.ndarray,
    play_needs: np.ndarray,
    play_alone: bool,
    bid_needs: np.ndarray,
    bid_alone: bool,
    seed: int,
    first: int,
    count: int,
    max_tries: int,
    ceiling: bool,
    real: np.ndarray,
    ceil: np.ndarray,
    draws: np.ndarray,
    tt: Table,
) -> None:
    """Deals ``first .. first + count - 1``: see the module docstring. ``checks`` rows are
    (seat, phase) of the passes to respect; ``options`` rows (action code, discard code or -1)."""
    nopt = options.shape[0]
    cards = pool.copy()
    s = base.copy()
    w = base.copy()
    res = np.zeros(4, dtype=np.int64)
    h = np.zeros(4, dtype=np.int64)
    table = np.zeros(4, dtype=np.int64)
    rs = np.zeros(1, dtype=np.int64)
    for d in range(count):
        sample_deal(
            base, me, pool, checks, bid_needs, bid_alone, seed, first + d, max_tries, s, cards, rs, draws[d]
        )
        for o in range(nopt):
            w[:] = s
            apply_action(w, options[o, 0])
            if options[o, 1] >= 0 and w[S_PHASE] == P_DISCARD:
                apply_action(w, A_DISCARD + options[o, 1])
            advance(w, play_needs, play_alone, True)
            if ceiling:
                if w[S_PHASE] == P_OVER:
                    outcome(w, me, -1, res)
                else:
                    outcome(w, me, _solve(w, h, table, tt), res)
                for j in range(4):
                    ceil[d, o, j] = res[j]
            advance(w, play_needs, play_alone, False)
            outcome(w, me, -1, res)
            for j in range(4):
                real[d, o, j] = res[j]


# ---- the Python side -------------------------------------------------------------------------

_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()
THREADS = 2
MIN_SPLIT = 16  # deals: smaller batches run on the calling thread only


def _executor() -> ThreadPoolExecutor:
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(max_workers=THREADS - 1, thread_name_prefix="analyzer")
        return _pool


@dataclass(frozen=True)
class Batch:
    real: np.ndarray  # (deals, options, 4): maker or -1, makers' tricks, our points, theirs
    ceil: np.ndarray | None  # the same with open-hand perfect play, for the deals below ceiling_deals
    draws: np.ndarray  # (deals, 7): drawn, rejected, unchecked, rejected by seat 0..3


def pass_checks(view: SeatView) -> np.ndarray | None:
    """(seat, phase) of every other seat's pass in the view's auction; None if a bid was made."""
    rows: list[tuple[int, int]] = []
    phase = P_BID1
    for seat, action in view.history:
        if action.kind.value != "pass":
            return None
        if seat != view.seat:
            rows.append((seat, phase))
        if seat == view.dealer:
            phase = P_BID2
    return np.array(rows, dtype=np.int64).reshape(len(rows), 2)


class FastRun:
    """One analysis's compiled deal loop (see the module docstring)."""

    def __init__(
        self,
        view: SeatView,
        options: np.ndarray,
        checks: np.ndarray,
        base: np.ndarray,
        play: tuple[np.ndarray, bool],
        bid: tuple[np.ndarray, bool],
        seed: int,
        ceiling: bool,
        max_tries: int = 30,
        ceiling_deals: int = 1 << 62,
    ) -> None:
        self.view = view
        self.options = options
        self.checks = checks
        self.base = base
        self.pool = np.array(sorted(card_code(c) for c in view.unseen_cards()), dtype=np.int64)
        self.play = play  # (call thresholds by seat and round: club_bidding.need_table, alone worthwhile)
        self.bid = bid
        self.seed = seed
        self.ceiling = ceiling
        self.max_tries = max_tries
        self.ceiling_deals = ceiling_deals

    def _run(
        self,
        segments: list[tuple[int, int, bool]],
        real: np.ndarray,
        ceil: np.ndarray,
        draws: np.ndarray,
        offset: int,
    ) -> None:
        """Run (first deal, count, solve the ceiling) segments; rows are ``deal - offset``."""
        tt = thread_table()
        for first, count, ceiling in segments:
            if count == 0:
                continue
            rows = slice(first - offset, first - offset + count)
            run_deals(
                self.base,
                self.view.seat,
                self.pool,
                self.checks,
                self.options,
                self.play[0],
                self.play[1],
                self.bid[0],
                self.bid[1],
                self.seed,
                first,
                count,
                self.max_tries,
                ceiling,
                real[rows],
                ceil[rows],
                draws[rows],
                tt,
            )

    def run(self, first: int, count: int, threads: int = THREADS) -> Batch:
        """Deals ``first .. first + count - 1``; the ceiling only for deals below ``ceiling_deals``."""
        nopt = self.options.shape[0]
        real = np.zeros((count, nopt, 4), dtype=np.int64)
        ceil = np.zeros((count, nopt, 4), dtype=np.int64)
        draws = np.zeros((count, 7), dtype=np.int64)
        solved = max(0, min(count, self.ceiling_deals - first)) if self.ceiling else 0
        plain = count - solved
        if threads < 2 or count < MIN_SPLIT:
            self._run([(first, solved, True), (first + solved, plain, False)], real, ceil, draws, first)
        else:
            a, b = solved // 2, plain // 2  # each thread takes half of the solved and half of the plain deals
            mine = [(first, a, True), (first + solved, b, False)]
            theirs = [(first + a, solved - a, True), (first + solved + b, plain - b, False)]
            other = _executor().submit(self._run, theirs, real, ceil, draws, first)
            self._run(mine, real, ceil, draws, first)
            other.result()
        return Batch(real, ceil[:solved] if self.ceiling else None, draws)


_warm = False


def warm_up() -> None:
    """Compile (or load from the cache) the deal loop once per process."""
    global _warm
    if _warm:
        return
    state = deal(Rules(), 0, random.Random(0)).apply(PASS)
    view = view_of(state, 2)
    options = np.array([[code_of(a), -1] for a in view.legal], dtype=np.int64)
    checks = pass_checks(view)
    assert checks is not None
    needs = need_table(CALL_THRESHOLD[4])
    FastRun(view, options, checks, encode_state(state), (needs, True), (needs, True), 1, True).run(
        0, 2, threads=1
    )
    _warm = True


__all__ = ["Batch", "FastRun", "pass_checks", "run_deals", "sample_deal", "warm_up"]
