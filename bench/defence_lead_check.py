"""Does a defender's "low singleton, to trump later" lead lose points? The club player's lead
against fixed alternatives, valued the way the Expert values a card.

    python bench/defence_lead_check.py [--hands 1600] [--samples 40] [--seed 5000]

Hands (standard rules) are bid by the sound model and played by the club player. Wherever a
defender leads a low singleton, every legal card is valued on ``--samples`` deals of the
unseen cards drawn to fit what that seat has seen (``engine.analysis.sampler``), each solved
open-handed (``engine.expert.action_values``), the same deals for every card. Prints, with a
partner and against a lone maker apart, the mean of each alternative's value minus the club
player's card, with a 95% interval:

- the low or the high card of the longest plain suit, the highest plain card, the lowest trump.

Comparing fixed alternatives is the fair test: "the best card's value minus the club
player's" is biased upwards (the largest of several noisy means), so it shows a loss even
where the club player's card is right. About 40 s for the default 1,600 hands (650 leads) on this machine.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.strong_play_check import interval  # noqa: E402
from engine.analysis.sampler import BIDDING_PHASES, sample_state  # noqa: E402
from engine.analysis.styles import opponents  # noqa: E402
from engine.cards import Card  # noqa: E402
from engine.expert import action_values  # noqa: E402
from engine.hand import Phase, deal  # noqa: E402
from engine.players.club import ClubPlayer  # noqa: E402
from engine.players.club_play import choose_play  # noqa: E402
from engine.players.tracking import read_table  # noqa: E402
from engine.rules import Rules  # noqa: E402
from engine.view import SeatView, view_of  # noqa: E402

SINGLETON = "a low singleton"  # the club player's reason for this lead (engine/players/club_play.py)
ALTERNATIVES = ("long suit, low", "long suit, high", "highest plain card", "lowest trump")


def alternatives(view: SeatView) -> dict[str, Card | None]:
    """The alternative leads for this seat's legal cards (None: it has no trump)."""
    t = read_table(view)
    cards = [a.card for a in view.legal if a.card is not None]
    plain = [c for c in cards if t.eff[c] != t.trump]
    trumps = [c for c in cards if t.eff[c] == t.trump]
    count = Counter(t.eff[c] for c in plain)
    longest = t.eff[max(plain, key=lambda c: (count[t.eff[c]], -c.rank))]
    suit = [c for c in plain if t.eff[c] == longest]
    return {
        "long suit, low": min(suit, key=lambda c: c.rank),
        "long suit, high": max(suit, key=lambda c: c.rank),
        "highest plain card": max(plain, key=lambda c: (c.rank, count[t.eff[c]])),
        "lowest trump": min(trumps, key=t.power) if trumps else None,
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=1600)
    p.add_argument("--samples", type=int, default=40)
    p.add_argument("--seed", type=int, default=5000)
    args = p.parse_args()
    rules = Rules()
    sound, club = opponents("sound", rules), ClubPlayer()
    gains: dict[tuple[bool, str], list[float]] = {(alone, k): [] for alone in (False, True) for k in ALTERNATIVES}
    leads = Counter[bool]()
    start = time.perf_counter()
    for h in range(args.hands):
        rng = random.Random(args.seed + h)
        state = deal(rules, h % 4, rng)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            view = view_of(state, seat)
            if view.phase in BIDDING_PHASES:
                action = sound.decide(view, rng).action
            elif (state.phase is Phase.PLAY and len(view.legal) > 1 and not view.trick
                  and not view.is_maker_side(seat)):
                action, reason = choose_play(view)
                if SINGLETON in reason:
                    value = Counter[Card]()
                    draw = random.Random(args.seed * 1000 + h * 10 + len(view.tricks))
                    for _ in range(args.samples):
                        known = sample_state(view, draw, bidder=sound, max_tries=10)
                        for a, v in action_values(known, seat, view.legal, club, draw).items():
                            assert a.card is not None
                            value[a.card] += v / args.samples
                    leads[view.alone] += 1
                    assert action.card is not None
                    for k, card in alternatives(view).items():
                        if card is not None:
                            gains[(view.alone, k)].append(value[card] - value[action.card])
            else:
                action = club.decide(view, rng).action
            state = state.apply(action)
    print(f"{args.hands} hands, {sum(leads.values())} singleton leads by a defender, "
          f"{args.samples} deals each, {time.perf_counter() - start:.0f} s")
    for alone in (False, True):
        print(f"  {'against a lone maker' if alone else 'with a partner'} ({leads[alone]} leads): "
              "alternative minus the club player's lead")
        for k in ALTERNATIVES:
            xs = gains[(alone, k)]
            print(f"    {k:20s} {interval(xs) if len(xs) > 1 else 'too few'}  ({len(xs)})")


if __name__ == "__main__":
    main()
