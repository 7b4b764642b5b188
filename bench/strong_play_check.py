"""Does the analyzer's advice lean on the club player's card play? The same bidding question,
played out with every seat playing its cards as the Expert player (sampled deals solved
open-handed: a much stronger card player than the club player).

    python -m bench strong_play_check --hand "9C TC 9D TD QH" --upcard KS --seat first \\
        --round 2 [--turned-down S] [--options "pass,call C"] [--deals 300] [--table sound] [--seed 5]

Deals are sampled to fit the passes (``engine.analysis.sampler``, bidding by the table
``--table``, whose older name ``--style`` is still read); on
each deal every option in ``--options`` (default: the analyzer's best and runner-up) is
applied and the hand played out, bids by ``--table`` and cards by the Expert, from one seed
per deal, so the options are compared on the same deals. Prints each option's mean net points
(your side minus theirs) with a 95% interval, the analyzer's club-play figure beside it, and
the paired difference of the first two. About 1 s a deal and option on this machine.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from engine.analysis.bidding import analyze
from engine.analysis.sampler import BIDDING_PHASES, sample_state
from engine.analysis.situation import question
from engine.analysis.tables import TABLES, table_for
from engine.core.actions import Action, parse_action
from engine.core.stats import mean_interval
from engine.core.view import SeatView
from engine.players.base import Decision
from engine.players.club import ClubPlayer
from engine.search.arena import play_hand
from engine.search.expert import ExpertPlayer


class StrongPlay:
    """Bids as ``bidder``, plays (and discards) as the Expert."""

    def __init__(self, bidder: ClubPlayer) -> None:
        self.bidder, self.expert = bidder, ExpertPlayer(play_samples=30)

    def decide(self, view: SeatView, rng: random.Random) -> Decision:
        return (self.bidder if view.phase in BIDDING_PHASES else self.expert).decide(view, rng)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench strong_play_check", description=__doc__.splitlines()[0])
    p.add_argument("--hand", required=True)
    p.add_argument("--upcard", required=True)
    p.add_argument("--seat", required=True)
    p.add_argument("--round", type=int, default=1)
    p.add_argument("--turned-down")
    p.add_argument(
        "--options", help='comma-separated actions, e.g. "pass,call C" (default: best and runner-up)'
    )
    p.add_argument("--deals", type=int, default=300)
    p.add_argument("--table", "--style", dest="table", choices=TABLES, default="sound")
    p.add_argument("--seed", type=int, default=5)
    args = p.parse_args(argv)
    q = question(args.hand, args.upcard, args.seat, round=args.round, turned_down=args.turned_down)
    view = q.view()
    table = table_for(args.table, view.rules)
    club = analyze(
        view, random.Random(args.seed), time_budget=None, max_samples=4000, ceiling=False, table=table
    )
    if args.options:
        options: list[Action] = [parse_action(t.strip()) for t in args.options.split(",")]
    else:
        options = [club.recommendation] + ([club.runner_up] if club.runner_up is not None else [])
    bidder = table.player()
    player = StrongPlay(bidder)
    me, rng = view.seat, random.Random(args.seed)
    nets: list[list[float]] = [[] for _ in options]
    start = time.perf_counter()
    for i in range(args.deals):
        state = sample_state(view, rng, bidder=bidder)
        for k, action in enumerate(options):
            end = play_hand(state.apply(action), [player] * view.players, random.Random(i))
            nets[k].append(
                end.points[me] - end.points[(me + 1) % view.players]
            )  # the seat on your left: an opponent
    print(
        f"{args.hand} / {args.upcard} / {args.seat}, round {args.round}: bids by the {args.table} table, "
        f"{args.deals} deals, {time.perf_counter() - start:.0f} s"
    )
    for action, xs in zip(options, nets, strict=True):
        print(
            f"  {str(action):22s} expert card play {mean_interval(xs).shown()}   club card play {club.option(action).realistic.ev:+.3f}"
        )
    if len(options) >= 2:
        diff = [a - b for a, b in zip(nets[0], nets[1], strict=True)]
        print(
            f"  {options[0]} minus {options[1]}: {mean_interval(diff).shown()} (club card play "
            f"{club.option(options[0]).realistic.ev - club.option(options[1]).realistic.ev:+.3f})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
