"""What each bidding choice is worth: the one analysis behind the Hand Analyzer and the
expert player's bidding.

``analyze(view, rng)`` takes a seat's view at a bidding decision (round 1, round 2,
or naming trump under a turned-up joker) and, for every legal action, estimates:
the makers' chance of 3+ tricks, of all 5 and of being euchred; the learner's
expected net points this hand with a 95% interval; and, with a score, the change
in the chance of winning the game (``engine.analysis.wintable``).

How. Deals of the unseen cards are sampled consistently with the view
(``engine.analysis.sampler``: passes mean something, judged by the club player's
bidding). Every option is played out on the *same* deals (common random numbers:
the differences between options have far less noise than the options themselves).
An option is applied, the rest of the auction is played by the computer players —
so passing is valued honestly, by what the others then do — and the hand is
finished two ways, side by side:

- ``realistic``: the computer players (club level) play every seat;
- ``ceiling``: open-hand perfect play by the exact solver after the auction.

A dealer's pick-up is tried with each sensible discard (the lowest card of each
side suit, or the lowest trump when all five are trump) and reported with its best.

Sampling is adaptive: batches of deals until the recommended option is separated
from the runner-up (their paired 95% interval excludes zero), every option is
known to ``half_width`` (``stop="precision"``), ``max_samples`` is reached, or the
time budget is spent. With ``time_budget=None`` the result depends only on the
seed and ``max_samples``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.actions import Action, Kind
from engine.analysis.playout import Outcome, Policy, play_out, solve_out, solver_available, warm_up
from engine.analysis.sampler import BIDDING_PHASES, Bidder, SampleStats, sample_state
from engine.analysis.wintable import win_chance
from engine.cards import Card
from engine.errors import EuchreError
from engine.hand import HandState, Phase, apply
from engine.ranking import effective_table, strength_table
from engine.view import SeatView

Z95 = 1.96
BATCH = 8


class AnalysisError(EuchreError):
    """The view is not at a bidding decision of its own seat."""


@dataclass
class _Acc:
    """Running sums for one option and one play-out mode."""

    net: list[float] = field(default_factory=list)
    win: list[float] = field(default_factory=list)
    tricks: list[int] = field(default_factory=lambda: [0] * 6)
    made: int = 0  # hands where somebody made trump
    thrown_in: int = 0
    we_made: int = 0

    def add(self, o: Outcome, win_after: float | None) -> None:
        self.net.append(o.net)
        if win_after is not None:
            self.win.append(win_after)
        if o.maker is None:
            self.thrown_in += 1
        else:
            self.made += 1
            self.tricks[o.maker_tricks] += 1
            self.we_made += o.we_made


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

    def option(self, action: Action) -> OptionResult:
        return next(o for o in self.options if o.action == action)


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
        picks_up = (
            view.phase is Phase.BID1 and a.kind is Kind.ORDER and view.seat == view.dealer
        )
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


def _mean_ci(xs: list[float]) -> tuple[float, float, float]:
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, m - 9.0, m + 9.0
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    h = Z95 * math.sqrt(var / n)
    return m, m - h, m + h


def _stats(acc: _Acc, base_win: float | None) -> Stats:
    n = len(acc.net)
    ev, lo, hi = _mean_ci(acc.net)
    made = max(acc.made, 1)
    fr = tuple(t / made for t in acc.tricks)
    se = tuple(math.sqrt(f * (1 - f) / made) for f in fr)
    win_delta = None
    if base_win is not None and acc.win:
        win_delta = sum(acc.win) / len(acc.win) - base_win
    return Stats(
        n=n, ev=ev, ev_ci=(lo, hi),
        p_make=sum(fr[3:]), p_march=fr[5], p_euchred=sum(fr[:3]),
        p_thrown_in=acc.thrown_in / n, p_we_make=acc.we_made / n,
        tricks=fr, tricks_se=se, win_delta=win_delta,
    )


def _score_key(view: SeatView, score: tuple[int, int] | None) -> tuple[bool, float | None]:
    """(the learner's side deals this hand, the chance of winning before it)."""
    me = view.seat
    if view.players == 4:
        us_deal = view.dealer % 2 == me % 2
    else:
        us_deal = view.dealer == me
    if score is None:
        return us_deal, None
    return us_deal, win_chance(view.rules, score[0], score[1], us_deal)


def default_policy() -> Policy:
    from engine.players import make_player

    policy: Policy = make_player("club")
    return policy


def analyze(
    view: SeatView,
    rng: random.Random,
    *,
    score: tuple[int, int] | None = None,
    time_budget: float | None = 1.0,
    max_samples: int = 4000,
    min_samples: int = 24,
    stop: str = "separated",
    half_width: float = 0.05,
    ceiling: bool = True,
    policy: Policy | None = None,
    bidder: Bidder | None = None,
    progress: Callable[[int, float], None] | None = None,
) -> Analysis:
    """Evaluate every legal bidding action at ``view`` (see the module docstring).

    ``stop`` is "separated" (best vs runner-up decided) or "precision" (every option's
    expected points within ``half_width``). ``progress(n, elapsed)`` is called per batch.
    """
    if view.phase not in BIDDING_PHASES or not view.my_turn:
        raise AnalysisError(
            f"the analysis needs a bidding decision of seat {view.seat}; the hand is in phase "
            f"{view.phase.value} with seat {view.to_act} to act"
        )
    if stop not in ("separated", "precision"):
        raise AnalysisError(f"stop must be 'separated' or 'precision', got {stop!r}")
    policy = policy or default_policy()
    bidder = bidder if bidder is not None else policy
    do_ceiling = ceiling and solver_available()
    if do_ceiling:
        warm_up()
    options = _options(view)
    me = view.seat
    us_deal, base_win = _score_key(view, score)
    accs = [_Acc() for _ in options]
    ceils = [_Acc() for _ in options] if do_ceiling else []
    stats = SampleStats()
    start = time.perf_counter()
    stop_reason = "max_samples"
    n = 0

    def win_after(o: Outcome) -> float | None:
        if score is None or base_win is None:
            return None
        return win_chance(view.rules, score[0] + o.us, score[1] + o.them, not us_deal)

    def ranking() -> list[tuple[float, int, list[float]]]:
        """Top-level options (best discard for a pick-up), best first: (value, index, per-deal values)."""
        best: dict[Action, tuple[float, int, list[float]]] = {}
        for i, (a, _) in enumerate(options):
            xs = accs[i].win if (base_win is not None and accs[i].win) else accs[i].net
            m = sum(xs) / len(xs)
            if a not in best or m > best[a][0]:
                best[a] = (m, i, xs)
        return sorted(best.values(), key=lambda t: -t[0])

    while n < max_samples:
        for _ in range(BATCH):
            state = sample_state(view, rng, bidder=bidder, stats=stats)
            deal_seed = rng.getrandbits(32)
            for i, (action, d) in enumerate(options):
                after = apply_option(state, action, d)
                o = play_out(after, me, policy, random.Random(deal_seed))
                accs[i].add(o, win_after(o))
                if do_ceiling:
                    oc = solve_out(after, me, policy, random.Random(deal_seed))
                    ceils[i].add(oc, win_after(oc))
            n += 1
        elapsed = time.perf_counter() - start
        if progress is not None:
            progress(n, elapsed)
        if n >= min_samples:
            ranked = ranking()
            if stop == "separated":
                if len(ranked) < 2:
                    stop_reason = "single option"
                    break
                diffs = [a - b for a, b in zip(ranked[0][2], ranked[1][2], strict=True)]
                m, lo, hi = _mean_ci(diffs)
                if lo > 0:
                    stop_reason = "separated"
                    break
            else:
                if all((_mean_ci(acc.net)[2] - _mean_ci(acc.net)[1]) / 2 <= half_width for acc in accs):
                    stop_reason = "precision"
                    break
        if time_budget is not None and elapsed >= time_budget:
            stop_reason = "time"
            break
    ranked = ranking()
    results: list[OptionResult] = []
    seen: set[Action] = set()
    for _, i, _ in sorted(ranked, key=lambda t: t[1]):
        a, d = options[i]
        if a in seen:
            continue
        seen.add(a)
        results.append(
            OptionResult(a, d, _stats(accs[i], base_win), _stats(ceils[i], base_win) if do_ceiling else None)
        )
    best_value, _, _ = ranked[0]
    runner = ranked[1] if len(ranked) > 1 else None
    return Analysis(
        options=tuple(results),
        recommendation=options[ranked[0][1]][0],
        runner_up=options[runner[1]][0] if runner else None,
        margin=best_value - runner[0] if runner else 0.0,
        by_win_chance=base_win is not None,
        base_win=base_win,
        n=n,
        seconds=time.perf_counter() - start,
        stop_reason=stop_reason,
        samples=stats,
    )
