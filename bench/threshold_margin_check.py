"""Is one of the sound model's call thresholds right under strong card play? Its marginal
calls, played out with the Expert's card play in every seat.

    python -m bench threshold_margin_check --seat first --round 2 [--delta 0.65] [--deals 450] [--seed 1]
        [--alone]

Random deals (standard rules) are bid by the sound model until ``--seat`` decides in
``--round``; a deal is kept when the sound model calls there and the same model with that
threshold raised by ``--delta`` passes (the calls the threshold's last ``--delta`` adds).
Each kept deal is played out twice from that point, the seat calling as the sound model and
passing as the raised one, every other bid by the sound model and every card by the Expert
(``strong_play_check.StrongPlay``), from one seed per deal; and the same twice with club card
play. Prints the paired mean of call minus pass for the seat's side with a 95% interval for
both. Near zero: the threshold sits where calling stops paying; clearly above zero: the raised
threshold would give points away. With ``--alone`` the seat's alone threshold is the one
raised: the deals kept are the model's loners that the raised model plays with its partner (or
passes), and the figure is going alone minus that. About 2 s a kept deal on this machine.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from bench.strong_play_check import StrongPlay
from engine.analysis.tables import table_for
from engine.core.actions import Action
from engine.core.hand import HandState, Phase, deal
from engine.core.rules import Rules
from engine.core.stats import mean_interval
from engine.core.view import view_of
from engine.players.club import ROLES, ClubPlayer
from engine.search.arena import play_hand

SEATS = ("dealer", "first", "second", "third")  # by place left of the dealer (second: the dealer's partner)


def marginal(
    state: HandState, rel: int, rnd: int, sound: ClubPlayer, raised: ClubPlayer, rng: random.Random
) -> tuple[HandState, int, Action, Action] | None:
    """Bid ``state`` by the sound model up to seat ``rel``'s decision in round ``rnd``: (the
    state there, the seat, the sound model's bid, the raised model's) when the two differ."""
    while state.phase in (Phase.BID1, Phase.BID2):
        seat = state.to_act
        assert seat is not None
        view = view_of(state, seat)
        action = sound.decide(view, rng).action
        if (seat - state.dealer) % 4 == rel and (1 if state.phase is Phase.BID1 else 2) == rnd:
            other = raised.decide(view, rng).action
            return (state, seat, action, other) if other != action else None
        state = state.apply(action)
    return None


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m bench threshold_margin_check", description=__doc__.splitlines()[0]
    )
    p.add_argument("--seat", choices=SEATS, required=True)
    p.add_argument("--round", type=int, choices=(1, 2), required=True)
    p.add_argument(
        "--delta", type=float, default=0.5, help="how far to raise the threshold (trick-estimate units)"
    )
    p.add_argument("--deals", type=int, default=450, help="marginal deals to play out")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--alone", action="store_true", help="raise the alone threshold instead of the call threshold"
    )
    args = p.parse_args(argv)
    rules = Rules()
    rel = SEATS.index(args.seat)
    sound = table_for("sound", rules).player()
    caution = list(sound.caution)
    caution[(ROLES if args.alone else 0) + 2 * rel + args.round - 1] += args.delta
    raised = ClubPlayer(caution=tuple(caution))
    expert, club = StrongPlay(sound), ClubPlayer(caution=sound.caution)
    strong: list[float] = []
    plain: list[float] = []
    scanned = 0
    start = time.perf_counter()
    while len(strong) < args.deals:
        scanned += 1
        rng = random.Random(args.seed * 10**6 + scanned)
        found = marginal(deal(rules, rng.randrange(4), rng), rel, args.round, sound, raised, rng)
        if found is None:
            continue
        state, me, sound_bid, raised_bid = found
        for player, out in ((expert, strong), (club, plain)):
            nets = []
            for action in (sound_bid, raised_bid):
                end = play_hand(state.apply(action), [player] * 4, random.Random(scanned))
                nets.append(end.points[me] - end.points[(me + 1) % 4])
            out.append(nets[0] - nets[1])
    what, other = ("alone", "the raised model's bid") if args.alone else ("call", "pass")
    does = "goes alone" if args.alone else "calls"
    print(
        f"{args.seat} seat, round {args.round}: {len(strong)} of {scanned} deals where the sound model {does} "
        f"and the same model with that {what} threshold {args.delta:+.2f} higher does not; "
        f"{time.perf_counter() - start:.0f} s"
    )
    print(f"  {what} minus {other}, expert card play: {mean_interval(strong).shown()}")
    print(f"  {what} minus {other}, club card play:   {mean_interval(plain).shown()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
