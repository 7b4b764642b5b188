"""What each bidding choice is worth: the one analysis behind the Hand Analyzer and the
expert player's bidding.

``analyze(view, rng)`` takes a seat's view at a bidding decision (round 1, round 2,
or naming trump under a turned-up joker) and, for every legal action, estimates:
the makers' chance of 3+ tricks, of all 5 and of being euchred; the learner's
expected net points this hand with a 95% interval; and, with a score, the change
in the chance of winning the game (``engine.analysis.wintable``).

How. Deals of the unseen cards are sampled consistently with the view (passes mean
something: a deal is rejected when a seat that passed would have bid with the cards
it was dealt, judged by the table the advice is for, how the other seats bid: by default the
people table of ``engine.analysis.tables``, fitted to how often people call;
``engine.analysis.robust`` runs the other tables too). Every option is played out on
the *same* deals (common random numbers: the differences between options have far
less noise than the options themselves). An option is applied, the rest of the
auction is played by the same table — so passing is valued honestly, by what
the others then do — and the hand is finished two ways, side by side:

- ``realistic``: club-level play — the Club player plays every seat;
- ``ceiling``: open-hand perfect play by the exact solver after the auction.

The table is a value (``table=``, an ``engine.analysis.tables.Table``): the deals are sampled
and played out by the compiled Club player, the Club player's one implementation
(``engine.compiled.deal_loop``, thousands of deals a second on both cores), handed the table's
numbers (``Table.numbers``); there the ceiling is solved on the first 1,000 deals
(``runners.CEILING_DEALS``; its ``Stats.n`` says how many). Any other player for the other seats
(``player=``: an experiment, a new player) is run in Python
(``engine.analysis.runners.PythonRun``).

A dealer's pick-up is tried with each sensible discard (the lowest card of each
side suit, or the lowest trump when all five are trump) and reported with its best.

Sampling is adaptive: batches of deals until the recommended option is separated
from the runner-up (their paired 95% interval excludes zero) or known to be within
``TIE_POINTS`` of it (``TIE_WIN`` of the chance of winning, ranking at a score: the upper
end of that interval below it), and every option is
known to ``half_width`` (``stop="separated"``, the default), every option is known
to ``half_width`` (``stop="precision"``), ``max_samples`` is reached, or the time
budget is spent. Batch sizes never depend on the clock, so unless the time budget is
what stopped it (``stop_reason == "time"``, a safety net for a slow machine), the result
depends only on the seed, the options and ``max_samples``: the same view and seed give
the same figures on every run.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from engine.analysis.finish import Policy, warm_up
from engine.analysis.runners import PythonRun, Runner, make_runner
from engine.analysis.sampler import BIDDING_PHASES, SampleStats
from engine.analysis.tables import DEFAULT_TABLE, Table, table_for
from engine.analysis.wintable import win_chance
from engine.core.actions import Action, Kind
from engine.core.cards import Card
from engine.core.errors import EuchreError
from engine.core.hand import HandState, Phase, apply
from engine.core.ranking import effective_table, strength_table
from engine.core.seats import same_side
from engine.core.stats import Z95, mean_interval
from engine.core.view import SeatView

BATCH = 8  # deals per batch when the players run in Python
FIRST_BATCH = 32  # compiled: the first batch, doubled up to MAX_BATCH
MAX_BATCH = 1024
TIE_POINTS = 0.05  # two options closer than this (points a hand) are too close to call
TIE_WIN = 0.005  # ... or than this chance of winning the game, when ranking at a score


class AnalysisError(EuchreError):
    """The view is not at a bidding decision of its own seat."""


@dataclass(frozen=True, slots=True)
class Stats:
    """One option under one play-out mode."""

    n: int
    ev: float  # learner's expected net points this hand
    ev_ci: tuple[float, float]
    p_make: float  # the makers take 3+ (of the hands where trump was made)
    p_march: float
    p_euchred: float
    p_thrown_in: float
    p_we_make: float  # the learner's side ends up the makers
    tricks: tuple[float, ...]  # makers' tricks 0..5, fractions of the made hands
    tricks_se: tuple[float, ...]
    win_delta: float | None  # change in the chance of winning the game
    # shares of all deals, by the side that named trump (the learner's or the other):
    p_we_make_it: float = 0.0  # your side named trump and took 3+
    p_they_make_it: float = 0.0  # the other side named trump and took 3+
    p_they_euchred: float = 0.0  # the other side named trump and was euchred


@dataclass(frozen=True, slots=True)
class OptionResult:
    action: Action
    discard: Card | None  # the dealer's best discard after picking up
    realistic: Stats
    ceiling: Stats | None


@dataclass(frozen=True, slots=True)
class Analysis:
    options: tuple[OptionResult, ...]  # in legal-action order
    recommendation: Action
    runner_up: Action | None
    margin: float  # recommended minus runner-up, in the recommendation's unit
    by_win_chance: bool  # ranked by the change in the chance of winning (a score was given)
    base_win: float | None  # chance of winning the game before this hand
    n: int
    seconds: float
    stop_reason: str
    samples: SampleStats
    margin_ci: tuple[float, float] = (0.0, 0.0)  # 95% interval of the margin (paired, same deals)

    def option(self, action: Action) -> OptionResult:
        return next(o for o in self.options if o.action == action)

    def values(self) -> dict[Action, float]:
        """Each bid's value in the ranking's ``unit``: the change in the chance of winning the game
        when it ranks by that, else the expected net points this hand."""
        if self.by_win_chance:
            return {o.action: float(o.realistic.win_delta or 0.0) for o in self.options}
        return {o.action: float(o.realistic.ev) for o in self.options}

    @property
    def unit(self) -> str:
        """The unit of ``values`` (``engine.core.problem.UNITS``)."""
        return "win chance" if self.by_win_chance else "points"

    @property
    def counted_right(self) -> tuple[Action, ...]:
        """The recommendation, and the runner-up when the two are too close to call: either is right."""
        if self.too_close and self.runner_up is not None:
            return self.recommendation, self.runner_up
        return (self.recommendation,)

    @property
    def tie_margin(self) -> float:
        """Below this margin (in the ranking's unit) two options are too close to call."""
        return TIE_WIN if self.by_win_chance else TIE_POINTS

    @property
    def too_close(self) -> bool:
        """The two best options are worth the same within the figures' uncertainty: their paired
        95% interval holds zero, or they are less than ``tie_margin`` apart."""
        return self.runner_up is not None and (self.margin_ci[0] <= 0 or self.margin < self.tie_margin)


def discard_candidates(hand: tuple[Card, ...], upcard: Card, trump_cards: bool = False) -> list[Card]:
    """Sensible discards after picking up: the lowest card of each side suit (or the lowest trump)."""
    assert upcard.suit is not None
    trump = upcard.suit
    eff = effective_table(trump)
    plain = strength_table(trump, trump)
    lowest: dict[object, Card] = {}
    for c in hand:
        s = eff[c]
        if s == trump:
            continue
        if s not in lowest or c.rank < lowest[s].rank:
            lowest[s] = c
    if lowest and not trump_cards:
        return sorted(lowest.values())
    return [min(hand, key=lambda c: plain[c])]


def _options(view: SeatView) -> list[tuple[Action, Card | None]]:
    """(action, discard) pairs to simulate: each legal bid; a dealer's pick-up once per discard."""
    out: list[tuple[Action, Card | None]] = []
    for a in view.legal:
        picks_up = view.phase is Phase.BID1 and a.kind is Kind.ORDER and view.seat == view.dealer
        if picks_up:
            for d in discard_candidates(view.hand, view.upcard):
                out.append((a, d))
        else:
            out.append((a, None))
    return out


def apply_option(state: HandState, action: Action, discard_card: Card | None) -> HandState:
    state = apply(state, action)
    if discard_card is not None and state.phase is Phase.DISCARD:
        state = apply(state, Action(Kind.DISCARD, card=discard_card))
    return state


def _mean_ci(xs: np.ndarray) -> tuple[float, float, float]:
    """The mean and its 95% interval (``engine.core.stats.mean_interval``). With fewer than two deals
    the interval is not known; the analyzer shows it as 9 points either side of the mean, wider
    than any difference of two hands' results, so it separates nothing and its figures stay numbers."""
    m, lo, hi = mean_interval(xs)
    if math.isnan(lo):
        return m, m - 9.0, m + 9.0
    return m, lo, hi


def _we_made(makers: np.ndarray, view: SeatView) -> np.ndarray:
    me = view.seat
    if view.players == 4:
        same: np.ndarray = (makers >= 0) & (makers % 2 == me % 2)
        return same
    mine: np.ndarray = makers == me
    return mine


def _stats(rows: np.ndarray, view: SeatView, win: np.ndarray | None, base_win: float | None) -> Stats:
    """One option's Stats from its per-deal rows (maker or -1, makers' tricks, us, them)."""
    n = rows.shape[0]
    ev, lo, hi = _mean_ci((rows[:, 2] - rows[:, 3]).astype(np.float64))
    made_rows = rows[rows[:, 0] >= 0]
    made = max(made_rows.shape[0], 1)
    counts = np.bincount(made_rows[:, 1], minlength=6)
    fr = tuple(int(t) / made for t in counts[:6])
    se = tuple(math.sqrt(f * (1 - f) / made) for f in fr)
    win_delta = None
    if base_win is not None and win is not None and n:
        win_delta = float(win.mean()) - base_win
    ours = _we_made(rows[:, 0], view)
    theirs = (rows[:, 0] >= 0) & ~ours
    three = rows[:, 1] >= 3
    return Stats(
        p_we_make_it=float((ours & three).sum()) / max(n, 1),
        p_they_make_it=float((theirs & three).sum()) / max(n, 1),
        p_they_euchred=float((theirs & ~three).sum()) / max(n, 1),
        n=n,
        ev=ev,
        ev_ci=(lo, hi),
        p_make=sum(fr[3:]),
        p_march=fr[5],
        p_euchred=sum(fr[:3]),
        p_thrown_in=(n - made_rows.shape[0]) / n,
        p_we_make=int(_we_made(rows[:, 0], view).sum()) / n,
        tricks=fr,
        tricks_se=se,
        win_delta=win_delta,
    )


def _score_key(view: SeatView, score: tuple[int, int] | None) -> tuple[bool, float | None]:
    """(the learner's side deals this hand, the chance of winning before it)."""
    me = view.seat
    us_deal = same_side(view.players, view.dealer, me)
    if score is None:
        return us_deal, None
    return us_deal, win_chance(view.rules, score[0], score[1], us_deal)


def _win_lookup(view: SeatView, score: tuple[int, int], us_deal: bool) -> np.ndarray:
    """Chance of winning the game after a hand that gives (us, them) points: [us, them]."""
    table = np.zeros((5, 5), dtype=np.float64)
    for us in range(5):
        for them in range(5):
            w = win_chance(view.rules, score[0] + us, score[1] + them, not us_deal)
            table[us, them] = 0.0 if w is None else w
    return table


def _next_size(compiled: bool, size: int) -> int:
    """Deals in the next batch: a fixed doubling, never sized by the clock, so where sampling
    stops depends only on the seed and the figures (a shared link shows the same numbers)."""
    if not compiled:
        return BATCH
    return min(2 * size, MAX_BATCH)


def analyze(
    view: SeatView,
    rng: random.Random,
    *,
    score: tuple[int, int] | None = None,
    time_budget: float | None = 1.0,
    max_samples: int = 20000,
    min_samples: int = 24,
    stop: str = "separated",
    half_width: float = 0.05,
    ceiling: bool = True,
    table: Table | None = None,
    player: Policy | None = None,
    progress: Callable[[int, float], None] | None = None,
) -> Analysis:
    """Evaluate every legal bidding action at ``view`` (see the module docstring).

    ``table`` is the table the advice is for, how the other seats bid (the people table,
    ``DEFAULT_TABLE``, by default); they play their cards as the Club player. ``player``, instead
    of a table, is any player for the other seats, bidding and playing, run in Python.
    ``stop`` is "separated" (best vs runner-up decided, and every option's expected
    points within ``half_width``) or "precision" (every option within ``half_width``).
    ``progress(n, elapsed)`` is called per batch.
    """
    if view.phase not in BIDDING_PHASES or not view.my_turn:
        raise AnalysisError(
            f"the analysis needs a bidding decision of seat {view.seat}; the hand is in phase "
            f"{view.phase.value} with seat {view.to_act} to act"
        )
    if stop not in ("separated", "precision"):
        raise AnalysisError(f"stop must be 'separated' or 'precision', got {stop!r}")
    if table is not None and player is not None:
        raise AnalysisError("give the table the advice is for or a player for the other seats, not both")
    if ceiling:
        warm_up()
    options = _options(view)
    us_deal, base_win = _score_key(view, score)
    if player is not None:
        runner: Runner = PythonRun(view, options, player, ceiling, rng)
    else:
        runner = make_runner(view, options, table or table_for(DEFAULT_TABLE, view.rules), ceiling, rng)
    wins = _win_lookup(view, score, us_deal) if score is not None and base_win is not None else None
    ranker = _Ranker(tuple(options), wins, half_width)
    start = time.perf_counter()
    sampled = _sample(
        runner,
        ranker,
        stop=stop,
        max_samples=max_samples,
        min_samples=min_samples,
        time_budget=time_budget,
        progress=progress,
        start=start,
    )
    return _summary(view, ranker, sampled, base_win, runner.stats, time.perf_counter() - start)


@dataclass(frozen=True, slots=True)
class _Ranker:
    """How an analysis ranks its options: per deal by the chance of winning the game (``wins``, a
    table by the two sides' points, when a score is given) or else by net points, each pick-up
    by its best discard; and when its figures are precise enough (every option's net points
    within ``half_width``)."""

    options: tuple[tuple[Action, Card | None], ...]
    wins: np.ndarray | None
    half_width: float

    def values(self, rows: np.ndarray) -> np.ndarray:
        """Per deal and option: the ranking unit (chance of winning, or net points)."""
        if self.wins is not None:
            ranked: np.ndarray = self.wins[rows[:, :, 2], rows[:, :, 3]]
            return ranked
        net: np.ndarray = (rows[:, :, 2] - rows[:, :, 3]).astype(np.float64)
        return net

    def ranking(self, vals: np.ndarray) -> list[tuple[float, int]]:
        """Top-level options (best discard for a pick-up), best first: (mean value, option index)."""
        means = vals.mean(axis=0)
        best: dict[Action, tuple[float, int]] = {}
        for i, (a, _) in enumerate(self.options):
            m = float(means[i])
            if a not in best or m > best[a][0]:
                best[a] = (m, i)
        return sorted(best.values(), key=lambda t: -t[0])

    def precise(self, rows: np.ndarray) -> bool:
        net = (rows[:, :, 2] - rows[:, :, 3]).astype(np.float64)
        if net.shape[0] < 2:
            return False
        widths = Z95 * np.sqrt(net.var(axis=0, ddof=1) / net.shape[0])
        return bool((widths <= self.half_width).all())

    def stop_reason(self, rows: np.ndarray, stop: str, compiled: bool) -> str | None:
        """Why to stop sampling after these deals, or None to go on. "separated": the best option
        is decided against the runner-up (or the two are a tie), and with the compiled runner
        every option is also precise; "precision": every option is precise."""
        if stop != "separated":
            return "precision" if self.precise(rows) else None
        vals = self.values(rows)
        ranked = self.ranking(vals)
        if len(ranked) < 2:
            return "single option"
        _, lo, hi = _mean_ci(vals[:, ranked[0][1]] - vals[:, ranked[1][1]])
        if lo > 0 and (not compiled or self.precise(rows)):
            return "separated"
        if hi < (TIE_WIN if self.wins is not None else TIE_POINTS) and (not compiled or self.precise(rows)):
            return "too close"
        return None


@dataclass(frozen=True, slots=True)
class _Sampled:
    real: np.ndarray  # per deal, option and field: the realistic play-outs
    ceil: np.ndarray | None  # the same with open-hand perfect play, when solved
    n: int
    stop_reason: str


def _sample(
    runner: Runner,
    ranker: _Ranker,
    *,
    stop: str,
    max_samples: int,
    min_samples: int,
    time_budget: float | None,
    progress: Callable[[int, float], None] | None,
    start: float,
) -> _Sampled:
    """Deal and play out batches until the stop rule (``_Ranker.stop_reason``), the deal cap or
    the time budget says stop. Batch sizes double on a fixed schedule (``_next_size``)."""
    reals: list[np.ndarray] = []
    ceils: list[np.ndarray] = []
    stop_reason = "max_samples"
    n = 0
    size = FIRST_BATCH if runner.compiled else BATCH
    while n < max_samples:
        size = min(size, max_samples - n)
        batch = runner.run(n, size)
        reals.append(batch.real)
        if batch.ceil is not None:
            ceils.append(batch.ceil)
        n += size
        elapsed = time.perf_counter() - start
        if progress is not None:
            progress(n, elapsed)
        if n >= min_samples:
            rows = np.concatenate(reals) if len(reals) > 1 else reals[0]
            reals = [rows]
            why = ranker.stop_reason(rows, stop, runner.compiled)
            if why is not None:
                stop_reason = why
                break
        if time_budget is not None and elapsed >= time_budget:
            stop_reason = "time"
            break
        size = _next_size(runner.compiled, size)
    return _Sampled(np.concatenate(reals), np.concatenate(ceils) if ceils else None, n, stop_reason)


def _summary(
    view: SeatView,
    ranker: _Ranker,
    sampled: _Sampled,
    base_win: float | None,
    stats: SampleStats,
    seconds: float,
) -> Analysis:
    """Each top-level option's figures (realistic and, when solved, the ceiling), the
    recommendation, the runner-up and the margin between them with its interval."""
    options, wins, real, ceil = ranker.options, ranker.wins, sampled.real, sampled.ceil
    vals = ranker.values(real)
    ranked = ranker.ranking(vals)
    results: list[OptionResult] = []
    seen: set[Action] = set()
    for _, i in sorted(ranked, key=lambda t: t[1]):
        a, d = options[i]
        if a in seen:
            continue
        seen.add(a)
        win = vals[:, i] if wins is not None else None
        ceil_stats = None
        if ceil is not None:
            ceil_win = wins[ceil[:, i, 2], ceil[:, i, 3]] if wins is not None else None
            ceil_stats = _stats(ceil[:, i], view, ceil_win, base_win)
        results.append(OptionResult(a, d, _stats(real[:, i], view, win, base_win), ceil_stats))
    best_value, _ = ranked[0]
    runner_up = ranked[1] if len(ranked) > 1 else None
    margin_ci = (0.0, 0.0)
    if runner_up is not None:
        _, lo, hi = _mean_ci(vals[:, ranked[0][1]] - vals[:, runner_up[1]])
        margin_ci = (lo, hi)
    return Analysis(
        options=tuple(results),
        recommendation=options[ranked[0][1]][0],
        runner_up=options[runner_up[1]][0] if runner_up else None,
        margin=best_value - runner_up[0] if runner_up else 0.0,
        by_win_chance=base_win is not None,
        base_win=base_win,
        n=sampled.n,
        seconds=seconds,
        stop_reason=sampled.stop_reason,
        samples=stats,
        margin_ci=margin_ci,
    )
