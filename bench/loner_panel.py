"""How often does a lone maker march against the club player's defence, and against the Expert's?

    python -m bench loner_panel [--loners 2000] [--deals 40] [--seed 38000] [--preset NAME ...]
                                [--workers 2] [--save FILE] [--load FILE] [--club-only] [--skip-hand]
                                [--hand-expert N]

The loners: seeded deals (deal ``h`` from ``random.Random(seed + h)``, dealer ``h % 4``) whose
auction, bid by the club player at every seat (``engine.players.club.ClubPlayer``, its own
bidding: the eager table), ends with a seat ordering up, calling or naming trump *alone*; the
first ``--loners`` such deals of each four-player preset (``engine.core.rules.PRESETS``). Under
defend alone (the Railroad preset) the club player also makes the defend-alone declaration, so
some of its loners are met by one defender. Each loner is played out twice from the first lead,
the lone maker always playing the club player's cards:

- **club defence**: the defenders play the club player's cards (``engine.compiled.club_play``);
- **Expert defence**: at every defender's card with a choice, the Expert's valuation
  (``engine.search.seat_values.value_choices``, PIMC: ``--deals`` deals of the unseen cards that
  fit the defender's view and the auction, every legal card solved open-handed on each, the best
  mean taken), as ``engine.search.expert.ExpertPlayer`` plays a card.

Printed per preset: the march rate (the maker takes all five) with each defence and their
difference, each with its 95% interval (``engine.core.stats.mean_interval``; the difference is
paired, deal by deal). Then the issue-38 hand: JH JD AH AS 9C, 9♥ up, first seat ordering up
alone, march rate with club play and with open-hand perfect play (``engine.analysis.bidding.analyze``:
its realistic mode and its ceiling, against the default table); with ``--hand-expert N`` also
the same hand on N seeded layouts with each defence (the Expert's own march rate on that hand).
With ``--bound N``, the floor under any defence that does not know the maker's last card, on N
seeded layouts of the issue hand (``informed_floor``).

The Expert half takes most of the time (about 0.2 s a loner on one core): ``--save FILE`` writes
each loner's Expert result, ``--load FILE`` reads them back instead of searching again (the club
defence is then played anew), so a change of the club defence can be checked in seconds.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from bench.club_hands import expert_defence
from engine.analysis.bidding import analyze
from engine.analysis.situation import question
from engine.core.actions import ORDER_ALONE
from engine.core.cards import Card, Suit, make_deck
from engine.core.hand import HandState, Phase, deal, from_cards
from engine.core.ranking import effective_table
from engine.core.rules import PRESETS, Rules
from engine.core.seats import LEARNER
from engine.core.stats import mean_interval
from engine.core.view import view_of
from engine.players.club import ClubPlayer

FOUR_PLAYER = tuple(name for name, rules in PRESETS.items() if rules.players == 4)
MAX_DEALS = 400_000  # deals tried per preset before giving up on finding enough loners


def loners(rules: Rules, count: int, seed: int) -> Iterator[tuple[int, HandState]]:
    """(deal number, state at the first lead) of the first ``count`` deals the club player's
    auction turns into a loner."""
    club = ClubPlayer()
    found = 0
    for h in range(MAX_DEALS):
        if found >= count:
            return
        rng = random.Random(seed + h)
        state = deal(rules, h % rules.players, rng)
        while not state.is_over and state.phase is not Phase.PLAY:
            seat = state.to_act
            assert seat is not None
            state = state.apply(club.decide(view_of(state, seat), rng).action)
        if state.phase is Phase.PLAY and state.alone:
            found += 1
            yield h, state


def march(state: HandState, expert_deals: int = 0, seed: str = "") -> bool:
    """Does the lone maker take all five? Club play throughout, or, with ``expert_deals``, the
    defenders' cards by the Expert's valuation on that many deals."""
    return expert_defence(state, expert_deals, seed).maker_tricks == 5


def _expert_chunk(args: tuple[str, int, int, int, int]) -> list[tuple[int, bool]]:
    preset, count, seed, deals, part = args
    rules = PRESETS[preset]
    out = []
    for i, (h, state) in enumerate(loners(rules, count, seed)):
        if i % 2 == part:
            out.append((h, march(state, deals, seed=f"loner-panel:{preset}:{h}")))
    return out


def expert_marches(preset: str, count: int, seed: int, deals: int, workers: int) -> dict[int, bool]:
    """Each loner's march with the Expert defence, by deal number (two halves run side by side)."""
    jobs = [(preset, count, seed, deals, part) for part in range(2)]
    if workers <= 1:
        chunks = [_expert_chunk(j) for j in jobs]
    else:
        with ProcessPoolExecutor(max_workers=min(workers, 2)) as pool:
            chunks = list(pool.map(_expert_chunk, jobs))
    return {h: m for chunk in chunks for h, m in chunk}


def issue_hand() -> tuple[float, float | None, int]:
    """JH JD AH AS 9C, 9♥ up, first seat: the order-up-alone march rate with club play and with
    open-hand perfect play (the analyzer's realistic mode and its ceiling, default table), and the
    deals behind the first."""
    view = question("JH JD AH AS 9C", "9H", "first").view()
    a = analyze(
        view, random.Random(38), max_samples=20_000, time_budget=120.0, stop="precision", half_width=0.02
    )
    o = a.option(ORDER_ALONE)
    return o.realistic.p_march, (o.ceiling.p_march if o.ceiling is not None else None), o.realistic.n


def issue_hand_defences(count: int, deals: int, seed: int) -> tuple[list[bool], list[bool]]:
    """The same hand ordered up alone on ``count`` seeded layouts of the other cards (any layout:
    nobody has bid before the first seat): the march with the club defence and with the Expert
    defence, layout by layout."""
    q = question("JH JD AH AS 9C", "9H", "first")
    base = q.state()
    club, expert = [], []
    for k in range(count):
        rng = random.Random(seed + k)
        rest = [c for c in make_deck(base.rules.deck, base.rules.joker) if c not in q.hand and c != q.upcard]
        rng.shuffle(rest)
        deal_rest = iter(rest)
        hands = [q.hand if seat == LEARNER else tuple(next(deal_rest) for _ in range(5)) for seat in range(4)]
        state = from_cards(base.rules, base.dealer, hands, q.upcard, tuple(deal_rest)).apply(ORDER_ALONE)
        club.append(march(state))
        expert.append(march(state, deals, seed=f"loner-panel:hand:{seed + k}"))
    return club, expert


def informed_floor(count: int, seed: int) -> float:
    """J♥ J♦ A♥ A♠ 9♣ alone, 9♥ up, first seat: how often it still marches when the two defenders
    see *each other's* hands (more than any defence can know) but not the maker's last card. The
    maker draws three rounds of trumps and cashes the A♠ (a defender must follow to each), so each
    defender can keep to the end any card but its last three trumps or its last spade; the dealer
    also chooses its discard. They keep the pair of cards (and the dealer its discard) that beats
    the most of the cards the maker's last one may be (any plain card neither defender holds or
    discarded, and not played), each such card equally likely, ties averaged. With the maker's
    last card the 9♣, a march is a kept pair with no club and no trump. A defence that plays below
    this figure reads the maker's last card from his habits, not from the cards."""
    q = question("JH JD AH AS 9C", "9H", "first")
    trump, up = Suit.HEARTS, q.upcard
    eff = effective_table(trump)
    deck = make_deck(24)
    led_first = q.hand[:4]
    last = q.hand[4]

    def beats(kept: Card, x: Card) -> bool:
        return eff[kept] == trump or (eff[kept] == eff[x] and kept.rank > x.rank)

    def keepable(hand: list[Card]) -> list[Card]:
        trumps = sum(eff[c] == trump for c in hand)
        spades = sum(eff[c] == Suit.SPADES for c in hand)
        return [
            c
            for c in hand
            if not (eff[c] == trump and trumps <= 3) and not (eff[c] == Suit.SPADES and spades <= 1)
        ]

    marches = 0.0
    for k in range(count):
        rest = [c for c in deck if c not in q.hand and c != up]
        random.Random(seed + k).shuffle(rest)
        left, dealer = rest[:5], rest[5:10] + [up]
        best, hits = -1, list[bool]()
        for out in dealer:
            kept = [c for c in dealer if c != out]
            seen = set(left) | set(dealer) | set(led_first)
            maybe = [x for x in deck if x not in seen and eff[x] != trump]
            for a in keepable(left):
                for b in keepable(kept):
                    covered = sum(beats(a, x) or beats(b, x) for x in maybe)
                    if covered > best:
                        best, hits = covered, []
                    if covered == best:
                        hits.append(beats(a, last) or beats(b, last))
        marches += 1 - sum(hits) / len(hits)
    return marches / count


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench loner_panel", description=__doc__.splitlines()[0])
    p.add_argument("--loners", type=int, default=2000)
    p.add_argument("--deals", type=int, default=40, help="the Expert's deals per card (its play_samples)")
    p.add_argument("--seed", type=int, default=38000)
    p.add_argument("--preset", choices=FOUR_PLAYER, action="append")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--save", type=Path, help="write the Expert defence's results here (JSON)")
    p.add_argument("--load", type=Path, help="read the Expert defence's results from here instead")
    p.add_argument("--club-only", action="store_true", help="only the club defence")
    p.add_argument("--skip-hand", action="store_true", help="leave out the issue-38 hand")
    p.add_argument(
        "--hand-expert",
        type=int,
        default=0,
        metavar="N",
        help="also play the issue-38 hand on N layouts with each defence (about 0.5 s a layout)",
    )
    p.add_argument(
        "--bound",
        type=int,
        default=0,
        metavar="N",
        help="the floor under a defence that does not know the maker's last card, on N layouts",
    )
    args = p.parse_args(argv)
    presets = args.preset or list(FOUR_PLAYER)
    saved: dict[str, dict[str, bool]] = json.loads(args.load.read_text()) if args.load else {}
    results: dict[str, dict[str, bool]] = dict(saved)
    print(f"loners bid by the club player at every seat, maker's cards by the club player, seed {args.seed}")
    for preset in presets:
        start = time.perf_counter()
        rules = PRESETS[preset]
        club = {h: march(state) for h, state in loners(rules, args.loners, args.seed)}
        line = f"{preset}: {len(club)} loners; march with the club defence {_rate(list(club.values()))}"
        if not args.club_only:
            key = f"{preset}|{args.loners}|{args.seed}|{args.deals}"
            if key in saved:
                expert = {int(h): m for h, m in saved[key].items()}
            else:
                expert = expert_marches(preset, args.loners, args.seed, args.deals, args.workers)
                results[key] = {str(h): m for h, m in expert.items()}
                if args.save:
                    args.save.write_text(json.dumps(results))
            diff = [float(club[h]) - float(expert[h]) for h in club]
            line += (
                f", with the Expert defence ({args.deals} deals a card) {_rate(list(expert.values()))}; "
                f"club minus Expert {mean_interval(diff).shown()}"
            )
        print(f"{line} ({time.perf_counter() - start:.0f} s)", flush=True)
    if not args.skip_hand:
        club_rate, open_rate, n = issue_hand()
        shown = "?" if open_rate is None else f"{100 * open_rate:.1f}%"
        print(
            f"JH JD AH AS 9C, 9♥ up, first seat, order up alone ({n} deals): march {100 * club_rate:.1f}% "
            f"with club play, {shown} with open-hand perfect play"
        )
    if args.hand_expert:
        club_marches, expert_marches_ = issue_hand_defences(args.hand_expert, args.deals, args.seed)
        diff = [float(a) - float(b) for a, b in zip(club_marches, expert_marches_, strict=True)]
        print(
            f"the same hand on {args.hand_expert} layouts: march with the club defence {_rate(club_marches)}, "
            f"with the Expert defence {_rate(expert_marches_)}; club minus Expert {mean_interval(diff).shown()}"
        )
    if args.bound:
        floor = informed_floor(args.bound, args.seed)
        print(
            f"the same hand on {args.bound} layouts, defenders seeing each other's hands but not the "
            f"maker's last card: march at least {100 * floor:.1f}%"
        )
    return 0


def _rate(xs: list[bool]) -> str:
    return mean_interval([float(x) for x in xs]).shown()


if __name__ == "__main__":
    raise SystemExit(main())
