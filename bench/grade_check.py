"""Are the practice table's grades judged from the seat, stable and quick? Three checks (issue 37).

    python -m bench grade_check [--hands 60] [--deals 40] [--seed 1]

1. **A hint follower.** South takes the practice table's hint at every decision (the coach's
   advice: the analyzer for bids, the seat's own valuation for everything else) against three
   club players, ``--hands`` seeded hands (seeds seed .. seed+hands-1, the dealer rotating); each
   of South's card choices (plays, discards, defend-alone) is then graded by the review. The
   same again with the Expert player (``engine.search.expert``, 40 deals a card, its own
   generator) in South's seat. Prints the share of card choices graded mistake or blunder, and
   inaccuracy (targets: at most 0.5% and 2%).
2. **Discarding the right bower.** ``--deals`` seeded deals where South deals and then holds the
   right bower among six cards: in half of them West (the first seat) orders up and South
   defends, in the other half the others pass and South picks the upcard up itself. The grade of
   discarding the right bower (target: worse than "good" in at least 95%).
3. **How long a grade takes.** Every graded card choice of check 1, timed cold (a fresh cache):
   median, p95 and max seconds. The review waits only for the last decision's grade (the others
   were graded in the background while the learner thought), so p95 here bounds the wait.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

from engine.core.actions import Action, Kind
from engine.core.hand import HandState, Phase, deal
from engine.core.ranking import right_bower
from engine.core.rules import Rules
from engine.core.view import view_of
from engine.players.club import ClubPlayer
from engine.search.expert import ExpertPlayer
from engine.search.seat_values import judged
from practice.coach import advise
from practice.review import grade_decision

CARD_PHASES = (Phase.PLAY, Phase.DISCARD, Phase.DEFEND)


def play_hand(seed: int, south: str) -> list[tuple[int, HandState, Action]]:
    """One seeded hand, club players West, North and East, South following ``south`` ("hint" or
    "expert"); South's decisions as (step, state before, action)."""
    rng = random.Random(seed)
    state = deal(Rules(), seed % 4, rng)
    club, expert = ClubPlayer(), ExpertPlayer()
    mine = []
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        view = view_of(state, seat)
        if seat == 0:
            action = advise(view).action if south == "hint" else expert.decide(view, rng).action
            mine.append((len(state.history), state, action))
        else:
            action = club.decide(view, rng).action
        state = state.apply(action)
    return mine


def follower(hands: int, seed: int, south: str) -> tuple[dict[str, int], list[float]]:
    counts: dict[str, int] = {}
    seconds: list[float] = []
    for s in range(seed, seed + hands):
        for step, before, action in play_hand(s, south):
            if before.phase not in CARD_PHASES or len(before.legal_actions()) == 1:
                continue
            judged.cache_clear()
            grade_decision.cache_clear()
            start = time.perf_counter()
            g = grade_decision(step, before, action)
            seconds.append(time.perf_counter() - start)
            counts[str(g.grade)] = counts.get(str(g.grade), 0) + 1
    return counts, seconds


def right_bower_deals(n: int, seed: int) -> list[HandState]:
    """``n`` deals (searched from ``seed``) where South deals and then holds the right bower among
    six cards, West ordering up in turn with South picking up itself: the state at South's discard."""
    out: list[HandState] = []
    s = seed
    while len(out) < n:
        state = deal(Rules(), 0, random.Random(f"right-bower:{s}"))
        s += 1
        up = state.upcard
        if up.suit is None or right_bower(up.suit) not in state.hands[0]:
            continue
        if len(out) % 2:
            for _ in range(3):
                state = state.apply("pass")
        state = state.apply("order")
        if state.phase is Phase.DISCARD and state.to_act == 0:
            out.append(state)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench grade_check", description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=60)
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    all_seconds: list[float] = []
    for south in ("hint", "expert"):
        counts, seconds = follower(args.hands, args.seed, south)
        all_seconds += seconds
        total = sum(counts.values())
        bad = counts.get("mistake", 0) + counts.get("blunder", 0)
        print(f"{south} follower, {args.hands} hands, {total} card choices graded: {counts}")
        print(
            f"  mistake or blunder {bad}/{total} = {100 * bad / max(total, 1):.1f}%; "
            f"inaccuracy {counts.get('inaccuracy', 0)}/{total} = {100 * counts.get('inaccuracy', 0) / max(total, 1):.1f}%"
        )
    deals = right_bower_deals(args.deals, args.seed)
    worse = 0
    grades: dict[str, int] = {}
    ours = [0, 0]  # South's side made trump: deals, worse than good
    for state in deals:
        assert state.trump is not None
        action = Action(Kind.DISCARD, right_bower(state.trump))
        g = grade_decision(len(state.history), state, action)
        grades[str(g.grade)] = grades.get(str(g.grade), 0) + 1
        bad = g.grade not in ("best", "good")
        worse += bad
        if state.is_maker_side(0):
            ours[0] += 1
            ours[1] += bad
    print(
        f"discarding the right bower, {len(deals)} deals: worse than good in {worse} "
        f"({100 * worse / max(len(deals), 1):.0f}%): {grades}; of them South's side made trump in "
        f"{ours[0]}, worse than good in {ours[1]}"
    )
    xs = sorted(all_seconds)
    p95 = xs[min(len(xs) - 1, int(0.95 * len(xs)))]
    print(
        f"one grade, cold: median {statistics.median(xs):.3f} s, p95 {p95:.3f} s, max {xs[-1]:.3f} s "
        f"({len(xs)} grades)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
