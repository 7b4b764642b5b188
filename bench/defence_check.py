"""Do the club player's defensive habits lose points? Its card against fixed
alternatives, valued the way the Expert values a card.

    python -m bench defence_check [--decision lead|throw|loner-lead] [--hands 1600] [--samples 40]
                                  [--seed 5000] [--preset NAME]

Hands (standard rules, or ``--preset``) are bid by the sound model and played by the club player. At every
decision of the chosen kind, every legal card is valued on ``--samples`` deals of the unseen
cards drawn to fit what that seat has seen (``engine.analysis.sampler``), each solved
open-handed (``engine.search.seat_values.action_values``), the same deals for every card. Prints the mean
of each alternative's value minus the club player's card, with a 95% interval:

- ``lead``: a defender leads a low singleton "so you can trump that suit later" (against a
  maker with a partner and without one apart); the alternatives: the low or the high card of the
  longest plain suit, the highest plain card, the lowest trump;
- ``throw``: a defender against a maker without a partner (a loner; every maker of the
  three- and two-player games) cannot follow suit and throws off a plain card ("you cannot
  win this trick: play your lowest", which gives up the card that guards least:
  ``engine.compiled.club_play.guard_worth``); the alternatives: making a void (the club
  player's rule against a maker with a partner, and against these makers too until it lost
  by this check), the lowest plain card by rank, keeping suits even before aces, the lowest
  of the longest plain suit, and the rule before issue 38 (aces and the highest card left held
  back, then a card kept in every suit, then the lowest rank);
- ``loner-lead``: a defender against a maker without a partner leads with no winner to cash
  ("your highest card ... make him beat it now"); the alternatives: the rule before issue 38
  (with trumps the lowest card of the shortest suit, without the lowest rank), the lowest rank,
  the low card of the longest plain suit, the highest plain card, the lowest trump.

Comparing fixed alternatives is the fair test: "the best card's value minus the club
player's" is biased upwards (the largest of several noisy means), so it shows a loss even
where the club player's card is right. About 40 s for the default 1,600 hands on this machine.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from collections.abc import Sequence

from bench.club_hands import card_choices
from engine.analysis.sampler import sample_state
from engine.analysis.tables import table_for
from engine.core.cards import ACE, Card, Suit
from engine.core.rules import PRESETS
from engine.core.stats import mean_interval
from engine.core.view import SeatView
from engine.players.club import ClubPlayer
from engine.players.tracking import Table, read_table
from engine.search.seat_values import action_values

SINGLETON = "a low singleton"  # the club player's reasons (engine/players/club.py)
CANNOT_WIN = "cannot win"
LONER_LEAD = "make him beat it now"
ALTERNATIVES = {
    "lead": ("long suit, low", "long suit, high", "highest plain card", "lowest trump"),
    "throw": (
        "make a void",
        "lowest rank",
        "suits before aces",
        "lowest of longest suit",
        "aces, then a card a suit",
    ),
    "loner-lead": (
        "before: short suit, low",
        "lowest rank",
        "long suit, low",
        "highest plain card",
        "lowest trump",
    ),
}


def against_lone_maker(view: SeatView) -> bool:
    """This seat defends against a maker without a partner: a loner, or any maker of the
    three- and two-player games."""
    return (view.alone or view.players < 4) and not view.is_maker_side(view.seat)


def held_back(t: Table, card: Card) -> bool:
    """An ace or the highest card left in its suit: the last plain card the Club player throws off."""
    return t.is_boss(card) or card.rank == ACE


def _legal_cards(view: SeatView) -> tuple[Table, list[Card], list[Card], Counter[Suit]]:
    """What the seat knows (``read_table``), its legal plain cards and trumps, and how many of
    the plain ones each suit has."""
    t = read_table(view)
    cards = [a.card for a in view.legal if a.card is not None]
    plain = [c for c in cards if t.eff[c] != t.trump]
    return t, plain, [c for c in cards if t.eff[c] == t.trump], Counter(t.eff[c] for c in plain)


def lead_alternatives(view: SeatView) -> dict[str, Card | None]:
    """The alternative leads for this seat's legal cards (None: it has no trump)."""
    t, plain, trumps, count = _legal_cards(view)
    longest = t.eff[max(plain, key=lambda c: (count[t.eff[c]], -c.rank))]
    suit = [c for c in plain if t.eff[c] == longest]
    return {
        "long suit, low": min(suit, key=lambda c: c.rank),
        "long suit, high": max(suit, key=lambda c: c.rank),
        "highest plain card": max(plain, key=lambda c: (c.rank, count[t.eff[c]])),
        "lowest trump": min(trumps, key=t.power) if trumps else None,
    }


def throw_alternatives(view: SeatView) -> dict[str, Card | None] | None:
    """The alternative throw-offs, or None where this is not such a decision (the seat can
    follow suit, or has fewer than two plain cards)."""
    t = read_table(view)
    cards = [a.card for a in view.legal if a.card is not None]
    if any(t.eff[c] == t.led for c in cards):
        return None
    plain = [c for c in cards if t.eff[c] != t.trump]
    if len(plain) < 2:
        return None
    count = Counter(t.eff[c] for c in plain)
    longest = max(count.values())
    return {
        # the Club player's throw-off with a partner: not held back, then making a void, then low
        "make a void": min(plain, key=lambda c: (held_back(t, c), count[t.eff[c]] != 1, c.rank)),
        "lowest rank": min(plain, key=lambda c: c.rank),
        "suits before aces": min(plain, key=lambda c: (count[t.eff[c]] == 1, held_back(t, c), c.rank)),
        "lowest of longest suit": min((c for c in plain if count[t.eff[c]] == longest), key=lambda c: c.rank),
        # the Club player's throw-off against a lone maker until issue 38: aces and the highest card
        # left held back, then a card kept in every suit, then the lowest rank
        "aces, then a card a suit": min(plain, key=lambda c: (held_back(t, c), count[t.eff[c]] == 1, c.rank)),
    }


def loner_lead_alternatives(view: SeatView) -> dict[str, Card | None]:
    """The alternative leads of a defender against a lone maker with no winner to cash."""
    t, plain, trumps, count = _legal_cards(view)
    longest = max(count.values())
    return {
        # the Club player's lead here until issue 38: with trumps the lowest card of the shortest
        # suit (a low singleton), without the lowest rank
        "before: short suit, low": min(
            plain, key=lambda c: (count[t.eff[c]], c.rank) if trumps else (c.rank, count[t.eff[c]])
        ),
        "lowest rank": min(plain, key=lambda c: c.rank),
        "long suit, low": min((c for c in plain if count[t.eff[c]] == longest), key=lambda c: c.rank),
        "highest plain card": max(plain, key=lambda c: (c.rank, count[t.eff[c]])),
        "lowest trump": min(trumps, key=t.power) if trumps else None,
    }


def alternatives(decision: str, view: SeatView, reason: str) -> dict[str, Card | None] | None:
    """This decision's alternatives, or None where the club player's card is not the habit checked."""
    if decision == "lead":
        return lead_alternatives(view) if not view.trick and SINGLETON in reason else None
    if decision == "loner-lead":
        return loner_lead_alternatives(view) if not view.trick and LONER_LEAD in reason else None
    if view.trick and against_lone_maker(view) and CANNOT_WIN in reason:
        return throw_alternatives(view)
    return None


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench defence_check", description=__doc__.splitlines()[0])
    p.add_argument("--decision", choices=sorted(ALTERNATIVES), default="lead")
    p.add_argument("--hands", type=int, default=1600)
    p.add_argument("--samples", type=int, default=40)
    p.add_argument("--seed", type=int, default=5000)
    p.add_argument("--preset", choices=sorted(PRESETS), default="Standard (North America)")
    args = p.parse_args(argv)
    rules = PRESETS[args.preset]
    sound, club = table_for("sound", rules).player(), ClubPlayer()
    names = ALTERNATIVES[args.decision]
    gains: dict[tuple[bool, str], list[float]] = {(alone, k): [] for alone in (False, True) for k in names}
    seen = Counter[bool]()
    start = time.perf_counter()
    for h, view in card_choices(rules, args.hands, args.seed):
        if view.is_maker_side(view.seat):
            continue
        decision = club.decide(view, random.Random(0))
        action, reason = decision.action, decision.reason
        options = alternatives(args.decision, view, reason)
        if options is None:
            continue
        value = Counter[Card]()
        draw = random.Random(args.seed * 1000 + h * 10 + len(view.tricks))
        for _ in range(args.samples):
            known = sample_state(view, draw, bidder=sound, max_tries=10)
            for a, v in action_values(known, view.seat, view.legal, club, draw).items():
                assert a.card is not None
                value[a.card] += v / args.samples
        lone = against_lone_maker(view)
        seen[lone] += 1
        assert action.card is not None
        for k, card in options.items():
            if card is not None:
                gains[(lone, k)].append(value[card] - value[action.card])
    what = {
        "lead": "singleton leads",
        "throw": "throw-offs against a maker without a partner",
        "loner-lead": "leads against a maker without a partner",
    }[args.decision]
    print(
        f"{args.hands} hands, {sum(seen.values())} {what} by a defender, "
        f"{args.samples} deals each, {time.perf_counter() - start:.0f} s"
    )
    for alone in (False, True):
        if not seen[alone]:
            continue
        print(
            f"  {'maker without a partner' if alone else 'maker with a partner'} ({seen[alone]}): "
            "alternative minus the club player's card"
        )
        for k in names:
            xs = gains[(alone, k)]
            print(f"    {k:24s} {mean_interval(xs).shown() if len(xs) > 1 else 'too few'}  ({len(xs)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
