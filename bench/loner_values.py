"""Are the analyzer's values of going alone what they would be against the Expert's defence?

    python -m bench loner_values [--hands 20] [--deals 60] [--expert-deals 40] [--seed 38000] [--workers 2]

The hands: seeded deals (deal ``h`` from ``random.Random(seed + h)``, dealer ``h % 4``, the
default rules) bid by the club player at every seat; the first ``--hands`` deals on which a
seat goes alone give the hand: that seat's view just before it does (ordering up, calling or
naming trump alone). For each hand:

- **analyzer**: the analyzer's value of that alone action (``engine.analysis.bidding.analyze``,
  default table, realistic mode: the club player plays every card; ``stop="precision"``, half-width
  0.05), net points a hand for the seat's side, with its 95% interval;
- **Expert defence**: the same action on ``--deals`` deals of the hidden cards that fit the view
  and the auction (``engine.analysis.sampler.sample_state``, the default table as the bidder),
  the lone maker's cards by the club player and every defender's card with a choice by the
  Expert's valuation (``engine.search.seat_values.value_choices``, ``--expert-deals`` deals a
  card: PIMC); and the club defence on the same deals, so the two defences are compared deal by
  deal.

Printed per hand: the three values and the analyzer minus the Expert-defence value. Then the
mean over the hands of that difference and of its absolute value, and the largest; and the mean
of the Expert minus the club defence on the same deals. With ``--deals 60`` each hand's
Expert-defence value carries about ±0.2 points of sampling noise, so the means over the hands
are the figures to read. The Expert
half takes about 0.3 s a deal on one core; the hands are split between ``--workers`` processes.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from bench.club_hands import expert_defence
from engine.analysis.bidding import analyze
from engine.analysis.finish import outcome_of
from engine.analysis.sampler import sample_state
from engine.analysis.tables import DEFAULT_TABLE, table_for
from engine.core.actions import Action
from engine.core.hand import HandState, deal
from engine.core.rules import Rules
from engine.core.stats import mean_interval
from engine.core.view import SeatView, view_of
from engine.players.club import ClubPlayer


def loner_views(count: int, seed: int) -> list[tuple[int, SeatView, Action]]:
    """(deal number, the view before going alone, the alone action) of the first ``count`` loners."""
    rules = Rules()
    club = ClubPlayer()
    found: list[tuple[int, SeatView, Action]] = []
    h = 0
    while len(found) < count:
        rng = random.Random(seed + h)
        state = deal(rules, h % 4, rng)
        while not state.is_over and state.trump is None:
            seat = state.to_act
            assert seat is not None
            view = view_of(state, seat)
            action = club.decide(view, rng).action
            if action.alone:
                found.append((h, view, action))
                break
            state = state.apply(action)
        h += 1
    return found


def play(state: HandState, me: int, expert_deals: int, seed: str) -> int:
    """Net points for ``me``'s side: the club player everywhere, or with ``expert_deals`` the
    defenders' cards by the Expert's valuation."""
    return outcome_of(expert_defence(state, expert_deals, seed, cards_only=True), me).net


def one_hand(
    args: tuple[int, SeatView, Action, int, int, int],
) -> tuple[int, float, float, float, float, float]:
    """(deal number, analyzer value, its half-width, Expert-defence value, club-defence value on
    the same deals, the paired half-width of Expert minus club)."""
    h, view, action, deals, expert_deals, seed = args
    a = analyze(
        view,
        random.Random(seed + h),
        time_budget=None,
        max_samples=20_000,
        stop="precision",
        half_width=0.05,
        ceiling=False,
    )
    o = a.option(action)
    rng = random.Random(f"loner-values:{seed + h}")
    people = table_for(DEFAULT_TABLE, view.rules).player()  # the analyzer's default table
    expert, club = [], []
    for k in range(deals):
        state = sample_state(view, rng, bidder=people).apply(action)
        expert.append(float(play(state, view.seat, expert_deals, f"loner-values:{h}:{k}")))
        club.append(float(play(state, view.seat, 0, "")))
    e = mean_interval(expert)
    diff = mean_interval([x - y for x, y in zip(expert, club, strict=True)])
    return (
        h,
        o.realistic.ev,
        (o.realistic.ev_ci[1] - o.realistic.ev_ci[0]) / 2,
        e.mean,
        sum(club) / deals,
        (diff.high - diff.low) / 2,
    )


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench loner_values", description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=20)
    p.add_argument("--deals", type=int, default=60, help="deals a hand played with the Expert defence")
    p.add_argument("--expert-deals", type=int, default=40, help="the Expert's deals per card")
    p.add_argument("--seed", type=int, default=38000)
    p.add_argument("--workers", type=int, default=2)
    args = p.parse_args(argv)
    start = time.perf_counter()
    jobs = [
        (h, view, action, args.deals, args.expert_deals, args.seed)
        for h, view, action in loner_views(args.hands, args.seed)
    ]
    if args.workers <= 1:
        rows = [one_hand(j) for j in jobs]
    else:
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            rows = list(pool.map(one_hand, jobs))
    print(
        f"{len(rows)} loners bid by the club player (default rules, seed {args.seed}); "
        f"Expert defence on {args.deals} deals a hand, {args.expert_deals} deals a card"
    )
    print(
        "deal | seat's hand, upcard | action | analyzer | Expert defence | club defence, same deals | analyzer - Expert"
    )
    gaps, defence = [], []
    for (h, view, action, *_), (_, ev, half, expert, club, dhalf) in zip(jobs, rows, strict=True):
        gaps.append(ev - expert)
        defence.append(expert - club)
        hand = " ".join(str(c) for c in view.hand)
        print(
            f"{h} | {hand}, {view.upcard} | {action} | {ev:+.2f} ± {half:.2f} | {expert:+.2f} | "
            f"{club:+.2f} (Expert - club {expert - club:+.2f} ± {dhalf:.2f}) | {ev - expert:+.2f}"
        )
    print(
        f"analyzer minus Expert defence: mean {mean_interval(gaps).shown()}, mean absolute "
        f"{sum(abs(g) for g in gaps) / len(gaps):.3f}, largest {max(gaps, key=abs):+.2f} "
        f"({time.perf_counter() - start:.0f} s)"
    )
    print(
        f"Expert defence minus club defence, same deals: mean {mean_interval(defence).shown()} points a hand "
        "(positive: the lone maker does better against the Expert)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
