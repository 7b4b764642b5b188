"""Where does the club player's card play lose the most? Every card it plays, against the
card the Expert's valuation would choose, grouped by the club player's own reason.

    python -m bench play_regret [--hands 800] [--samples 40] [--seed 7000] [--preset NAME] [--most 25]
                                [--detail REGEX]

Hands (standard rules, or ``--preset``) are bid by the sound model and played by the club
player. At every card with a choice, each legal card is valued on ``--samples`` deals of the
unseen cards drawn to fit what that seat has seen (``engine.analysis.sampler``), each solved
open-handed (``engine.search.seat_values.action_values``). The deals are split in two halves: the card
that is best on one half is scored on the other, minus the club player's card there, and the
two ways round are averaged. Choosing and scoring on different deals keeps the figure honest:
"the best card's value minus the club player's" on the same deals is biased upwards (the
largest of several noisy means), this is not.

The reasons are grouped with their cards and suits taken out ("Cash the X: it is the highest
SUIT left."), with whose side it is (maker or defender, and whether the maker is alone). Prints
each group's decisions, its mean gain a decision with a 95% interval, and what it costs a hand
(gain times how often it happens), the costliest first. A profile, not a verdict: a group that
loses is a place to try fixed alternatives (as ``bench/defence_check.py`` does).

``--detail REGEX`` does that for the groups it matches: at each of their decisions a few fixed
alternatives to the club player's card (the lowest or highest trump, the lowest or highest
winner, the lowest plain card, ...) are scored on all the deals, minus the club player's card.
A fixed alternative is not chosen on the deals it is scored on, so it needs no split.
"""

from __future__ import annotations

import argparse
import random
import re
import time
from collections import defaultdict
from collections.abc import Sequence

from bench.club_hands import card_choices
from engine.analysis.sampler import sample_state
from engine.analysis.tables import table_for
from engine.core.actions import Action
from engine.core.cards import Card, Suit
from engine.core.ranking import strength_table
from engine.core.rules import PRESETS
from engine.core.stats import mean_interval
from engine.core.view import SeatView
from engine.players.club import ClubPlayer
from engine.players.tracking import read_table
from engine.search.seat_values import action_values

_CARD = re.compile(r"(?<![\w])(?:10|[2-9TJQKA])[♣♦♥♠]|Joker|joker")
_SUIT = re.compile(r"\b(" + "|".join(s.noun[:-1] for s in Suit) + r")s?\b")


def group(reason: str, view: SeatView) -> str:
    """The reason without its cards and suits, and whose side the seat is on."""
    text = _SUIT.sub("SUIT", _CARD.sub("X", reason))
    if view.is_maker_side(view.seat):
        side = "maker alone" if view.alone else "maker"
    else:
        side = "defender v. alone" if view.alone else "defender"
    return f"{side}: {text}"


def split_gain(values: list[dict[Action, float]], played: Action) -> float:
    """The gain of the card best on one half of the deals, scored on the other half, minus the
    played card; both ways round, averaged (see the module docstring)."""
    half = len(values) // 2
    out = 0.0
    for choose, score in ((values[:half], values[half:]), (values[half:], values[:half])):
        pick = max(choose[0], key=lambda a: sum(v[a] for v in choose))
        out += sum(v[pick] - v[played] for v in score) / len(score)
    return out / 2


def fixed_alternatives(view: SeatView, played: Card) -> dict[str, Card]:
    """A few rule-like alternatives to ``played`` (only those that are a different card)."""
    t = read_table(view)
    cards = [a.card for a in view.legal if a.card is not None]
    trumps = sorted((c for c in cards if t.eff[c] == t.trump), key=t.power)
    plain = sorted((c for c in cards if t.eff[c] != t.trump), key=lambda c: c.rank)
    out: dict[str, Card | None] = {
        "lowest trump": trumps[0] if trumps else None,
        "highest trump": trumps[-1] if trumps else None,
        "lowest plain": plain[0] if plain else None,
        "highest plain": plain[-1] if plain else None,
    }
    if t.led is not None:
        table = strength_table(t.trump, t.led)
        winners = sorted((c for c in cards if table[c] > t.win_power), key=lambda c: table[c])
        out["lowest winner"] = winners[0] if winners else None
        out["highest winner"] = winners[-1] if winners else None
        out["lowest card"] = min(cards, key=lambda c: (table[c], t.power(c)))
    else:
        bosses = [c for c in plain if t.is_boss(c)]
        out["a plain boss"] = bosses[0] if bosses else None
    return {k: c for k, c in out.items() if c is not None and c != played}


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench play_regret", description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=800)
    p.add_argument("--samples", type=int, default=40)
    p.add_argument("--seed", type=int, default=7000)
    p.add_argument("--preset", choices=sorted(PRESETS), default="Standard (North America)")
    p.add_argument("--most", type=int, default=25)
    p.add_argument("--detail", default=None, help="a regular expression over the groups")
    args = p.parse_args(argv)
    rules = PRESETS[args.preset]
    sound, club = table_for("sound", rules).player(), ClubPlayer()
    gains: dict[str, list[float]] = defaultdict(list)
    detail = re.compile(args.detail) if args.detail else None
    alt_gains: dict[tuple[str, str], list[float]] = defaultdict(list)
    start = time.perf_counter()
    for h, view in card_choices(rules, args.hands, args.seed):
        decision = club.decide(view, random.Random(0))
        action, reason = decision.action, decision.reason
        draw = random.Random(args.seed * 1000 + h * 10 + len(view.tricks))
        values = [
            action_values(
                sample_state(view, draw, bidder=sound, max_tries=10), view.seat, view.legal, club, draw
            )
            for _ in range(args.samples)
        ]
        name = group(reason, view)
        gains[name].append(split_gain(values, action))
        if detail is not None and detail.search(name):
            assert action.card is not None
            for k, card in fixed_alternatives(view, action.card).items():
                alt = next(a for a in view.legal if a.card == card)
                alt_gains[(name, k)].append(sum(v[alt] - v[action] for v in values) / len(values))
    decisions = sum(len(xs) for xs in gains.values())
    print(
        f"{args.hands} hands, {decisions} cards with a choice, {args.samples} deals each, "
        f"{time.perf_counter() - start:.0f} s; gain of the Expert's card over the club player's:"
    )
    total = sum(sum(xs) for xs in gains.values()) / args.hands
    print(f"  all: {total:+.4f} points a hand")
    ranked = sorted(gains.items(), key=lambda kv: -sum(kv[1]))
    for text, xs in ranked[: args.most]:
        cost = sum(xs) / args.hands
        mean = mean_interval(xs).shown() if len(xs) > 1 else f"{xs[0]:+.3f}"
        print(f"  {cost:+.4f} a hand  {len(xs):5d} x {mean}  {text}")
    if detail is not None:
        print("fixed alternatives minus the club player's card, where they differ from it:")
        for text in sorted({name for name, _ in alt_gains}):
            print(f"  {text} ({len(gains[text])})")
            for (name, k), xs in sorted(alt_gains.items()):
                if name == text and len(xs) > 1:
                    print(f"    {k:16s} {mean_interval(xs).shown()}  ({len(xs)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
