"""Call charts: for every bidding situation a hand class can meet, what each option is worth.

A *cell* is a seat (counted from the dealer's left: first, second = the dealer's partner,
third, dealer; fewer with 2 or 3 players), a round (1, 2), a hand class
(``engine.study.hand_classes``) and a score bucket. The study computes one bucket, ``any``: the
play-outs do not depend on the score under the people table, so each cell keeps how often each
net result came up, and ``engine.study.chart_table.at_score`` values the cell at any game score
from those counts and the win table, on the same deals.

``value_cell`` draws ``n`` deals conditioned on the cell, each from one seeded generator:

- round 1: the candidate trump is the upcard's suit, drawn at random, the upcard of the
  class's rank; round 2: a trump suit is drawn at random, and the deal is kept only when it
  is the suit the model would name (the best bid strength other than the turned-down suit);
- the seat's hand is built inside the class: its trumps are exactly the class's bowers and
  ace plus the rest drawn uniformly from the other trumps, and its off-suit cards drawn
  uniformly from every set of them that has the class's off aces and voids. So the hand is
  uniform over the hands of the class;
- the other hands (and, in round 2, the turned-down upcard) are dealt at random, and the deal
  is kept only when every seat before this one passes under the people table
  (``engine.analysis.tables``, the table whose best response the app advises), as the analyzer's sampler does. The seat's own round-1 pass
  is its choice and not checked.

On each kept deal every option (pass, order / call the best suit, the same alone) is applied
and the hand played out by Club players bidding by the people table
(``engine.compiled.playout.advance``); the figure is the seat's side's points minus the best
other side's. The cell's row has per option the mean and a 95% interval, the best option,
``close_call`` (the best's interval overlaps another option's), ``n``, how many deals
were drawn to keep them, and per option how often each net result came up (``outcomes_*``),
from which ``engine.study.chart_table`` reads the cell at any score.

``count_classes`` estimates how often a cell occurs: on unconditioned random deals (dealer
seat 0) the auction is played by the people table, and each time it reaches a seat and round
the seat's class is counted. ``frequency`` is that count over the deals dealt: the share of
all hands in which that seat faces that decision with that class.
"""

from __future__ import annotations

import fnmatch
import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any

import numpy as np

from engine.analysis.bidding_fit import seat_role
from engine.analysis.tables import people_caution
from engine.compiled.club_bidding import bid_strength, club_bid, need_table
from engine.compiled.encoding import (
    A_CALL,
    A_CALL_ALONE,
    A_ORDER,
    A_ORDER_ALONE,
    A_PASS,
    JOKER_CODE,
    P_BID2,
    S_DOWN,
    S_HANDS,
    S_PHASE,
    S_UPCARD,
    card_code,
    encode_state,
)
from engine.compiled.playout import advance, apply_action, outcome
from engine.core.cards import make_deck
from engine.core.hand import deal
from engine.core.rules import Rules
from engine.players.evaluate import alone_worthwhile, call_threshold
from engine.study.hand_classes import (
    ACE_OFFSET,
    CAP,
    JACK_OFFSET,
    HandClass,
    class_of_codes,
    is_trump,
    partner_suit,
)
from engine.study.summary import best_and_close, mean_interval

BUCKETS = ("any",)
OPTIONS = ("pass", "call", "alone")  # round 1: order / order alone; round 2: call the best suit (alone)
FREQUENCY_CHUNK = 10_000  # unconditioned deals per frequency task
# A cell gives up after ATTEMPTS * n + ATTEMPTS_FLOOR draws (per round), keeping a smaller ``n``:
# a class the sound auction almost never brings to that decision (in round 2, mostly a suit the
# seat would not name) is not worth the time. A round-2 draw runs seven bids, so it stops sooner.
ATTEMPTS = (200, 50)
ATTEMPTS_FLOOR = (20_000, 5_000)


# ---- cells -----------------------------------------------------------------------------------


def seat_name(players: int, rel: int) -> str:
    """``first``, ``second`` (the dealer's partner with 4), ``third``, ``dealer``."""
    return seat_role(players, rel).replace(" seat", "").replace("dealer's partner", "second")


def seats(rules: Rules) -> list[int]:
    """Seats counted left of the dealer, in auction order (the dealer, 0, last)."""
    return [rel % rules.players for rel in range(1, rules.players + 1)]


@dataclass(frozen=True, slots=True)
class Cell:
    rel: int  # seat left of the dealer (0 = the dealer)
    round: int  # 1 or 2
    hand: HandClass
    bucket: str
    seat: str

    @property
    def key(self) -> str:
        return f"{self.seat}/r{self.round}/{self.hand.key}/{self.bucket}"


def _feasible(c: HandClass, rules: Rules) -> bool:
    flags = int(bool(c.joker)) + c.right + c.left + c.ace
    if flags > c.trumps:
        return False
    # the plain trumps there are besides the joker, the bowers and the ace (and the upcard)
    low = {24: 9, 28: 8, 32: 7}[rules.deck]
    plain = [r for r in range(low, 14) if r != 11]
    if c.upcard is not None and c.upcard in plain:
        plain.remove(c.upcard)
    if c.trumps - flags > len(plain):
        return False
    if c.upcard == 11 and c.right or c.upcard == 14 and c.ace:
        return False
    off = 5 - c.trumps
    if off == 0:
        return c.off_aces == 0 and c.voids == CAP
    voids = range(2, 4) if c.voids == CAP else (c.voids,)
    aces = range(2, 4) if c.off_aces == CAP else (c.off_aces,)
    return any(1 <= 3 - v <= off and a <= 3 - v and a <= off for v in voids for a in aces)


def all_cells(rules: Rules) -> list[Cell]:  # noqa: C901 (older than the complexity rule: to split)
    """Every cell these rules have, sorted by key."""
    low = {24: 9, 28: 8, 32: 7}[rules.deck]
    jokers: tuple[bool | None, ...] = (False, True) if rules.joker else (None,)
    cells = []
    for rel in seats(rules):
        for rnd in (1, 2):
            ups: tuple[int | None, ...] = tuple(range(low, 15)) if rnd == 1 else (None,)
            for up in ups:
                for t in range(6):
                    for jk in jokers:
                        for right in (False, True):
                            for left in (False, True):
                                for ace in (False, True):
                                    for o in range(CAP + 1):
                                        for v in range(CAP + 1):
                                            hc = HandClass(t, jk, right, left, ace, o, v, up)
                                            if _feasible(hc, rules):
                                                for bucket in BUCKETS:
                                                    cells.append(
                                                        Cell(
                                                            rel,
                                                            rnd,
                                                            hc,
                                                            bucket,
                                                            seat_name(rules.players, rel),
                                                        )
                                                    )
    return sorted(cells, key=lambda c: c.key)


def select(cells: Sequence[Cell], patterns: Sequence[str]) -> list[Cell]:
    """The cells whose key matches one of the glob ``patterns`` (all when there are none)."""
    if not patterns:
        return list(cells)
    return [c for c in cells if any(fnmatch.fnmatchcase(c.key, p) for p in patterns)]


def task_seed(seed: int, key: str) -> int:
    """The seed of one task: a hash of the study's seed and the task's key (never the order)."""
    digest = hashlib.sha256(f"{seed}|{key}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


# ---- the compiled pieces the tasks share ---------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """What every deal of these rules needs: the people table's thresholds and a blank state."""

    rules: Rules
    needs: np.ndarray
    alone_worth: bool
    template: np.ndarray  # a flat state at the deal, dealer seat 0
    deck: tuple[int, ...]  # card codes


@lru_cache(maxsize=8)
def table_for(rules: Rules) -> Table:
    needs = need_table(call_threshold(rules), people_caution(rules))
    template = encode_state(deal(rules, 0, random.Random(0)))
    deck = tuple(card_code(c) for c in make_deck(rules.deck, rules.joker))
    return Table(rules, needs, alone_worthwhile(rules), template, deck)


def _fill(tb: Table, s: np.ndarray, hands: list[list[int]], upcard: int) -> None:
    s[:] = tb.template
    s[S_UPCARD] = upcard
    for seat, hand in enumerate(hands):
        for i, code in enumerate(hand):
            s[S_HANDS + 5 * seat + i] = code


def _auction_to(tb: Table, s: np.ndarray, rel: int, rnd: int, check: bool, me_checked: bool) -> bool:
    """Pass every seat before ``rel``'s decision in round ``rnd``; False as soon as one of them
    (``check``) would have bid under the people table. The seat's own round-1 pass is checked
    only with ``me_checked``. Dealer seat 0, so a seat's number is its place left of the dealer."""
    order = seats(tb.rules)
    before = [(r, 1) for r in order] + [(r, 2) for r in order] if rnd == 2 else [(r, 1) for r in order]
    for r, k in before:
        if r == rel and k == rnd:
            return True
        if check and (r != rel or me_checked) and club_bid(s, r, tb.needs, tb.alone_worth) != A_PASS:
            return False
        apply_action(s, A_PASS)
    return True


def best_suit(tb: Table, s: np.ndarray, seat: int) -> int:
    """The suit the model names in round 2 (the club player's first best bid strength)."""
    hand = np.array([c for c in s[S_HANDS + 5 * seat : S_HANDS + 5 * seat + 5] if c >= 0], dtype=np.int64)
    best, best_value = -1, -1e18
    for t in range(4):
        if t != s[S_DOWN]:
            value = bid_strength(s, seat, hand, hand.shape[0], t)
            if value > best_value:
                best, best_value = t, value
    return best


def options(tb: Table, s: np.ndarray, rel: int, rnd: int, trump: int) -> dict[str, int]:
    """The legal options at the decision, by name, as action codes."""
    alone = tb.rules.players == 4
    stuck = rnd == 2 and rel == 0 and tb.rules.stick_the_dealer
    out: dict[str, int] = {} if stuck else {"pass": A_PASS}
    out["call"] = A_ORDER if rnd == 1 else A_CALL + trump
    if alone:
        out["alone"] = A_ORDER_ALONE if rnd == 1 else A_CALL_ALONE + trump
    return out


# ---- drawing a deal inside a cell -------------------------------------------------------------------


@lru_cache(maxsize=64)
def _off_sets(off: tuple[int, ...], need: int, off_aces: int, voids: int) -> tuple[tuple[int, ...], ...]:
    """Every set of ``need`` off-suit cards with the class's off aces and voids (both capped at
    CAP), in ``combinations`` order: at most C(24, 5) = 42,504 sets looked at, once per process
    and candidate trump."""

    def fits(extra: tuple[int, ...]) -> bool:
        aces = sum(1 for x in extra if x & 7 == ACE_OFFSET)
        return min(aces, CAP) == off_aces and min(3 - len({x >> 3 for x in extra}), CAP) == voids

    return tuple(extra for extra in combinations(off, need) if fits(extra))


def _seat_hand(
    tb: Table, c: HandClass, trump: int, upcard: int | None, rng: random.Random
) -> list[int] | None:
    """A hand uniform over the class for ``trump``: the class's flagged trumps, the other trumps
    drawn uniformly, the off-suit cards drawn uniformly from the sets that give the class's off
    aces and voids (None: there is no such set)."""
    deck = [x for x in tb.deck if x != upcard]
    trumps = [x for x in deck if is_trump(x, trump)]
    flagged = {
        JOKER_CODE: bool(c.joker),
        trump * 8 + JACK_OFFSET: c.right,
        partner_suit(trump) * 8 + JACK_OFFSET: c.left,
        trump * 8 + ACE_OFFSET: c.ace,
    }
    hand = [x for x in trumps if flagged.get(x, False)]
    plain = [x for x in trumps if x not in flagged]
    hand += rng.sample(plain, c.trumps - len(hand))
    off = tuple(x for x in deck if not is_trump(x, trump))
    choices = _off_sets(off, 5 - c.trumps, c.off_aces, c.voids)
    if not choices:
        return None
    return hand + list(choices[rng.randrange(len(choices))])


def draw_deal(tb: Table, cell: Cell, rng: random.Random, s: np.ndarray) -> tuple[bool, int]:
    """One attempt at a deal inside ``cell`` into ``s``, the auction run up to the seat's
    decision: (kept, the candidate trump)."""
    c, rel, players = cell.hand, cell.rel, tb.rules.players
    trump = rng.randrange(4)
    upcard = None if c.upcard is None else trump * 8 + c.upcard - 7
    mine = _seat_hand(tb, c, trump, upcard, rng)
    if mine is None:
        return False, trump
    rest = [x for x in tb.deck if x != upcard and x not in mine]
    rng.shuffle(rest)
    if upcard is None:  # round 2: the turned-down card, never the joker
        up_at = next(i for i, x in enumerate(rest) if x != JOKER_CODE)
        upcard = rest.pop(up_at)
    hands: list[list[int]] = []
    k = 0
    for seat in range(players):
        if seat == rel:
            hands.append(mine)
        else:
            hands.append(rest[k : k + 5])
            k += 5
    _fill(tb, s, hands, upcard)
    if not _auction_to(tb, s, rel, cell.round, True, False):
        return False, trump
    if cell.round == 2 and best_suit(tb, s, rel) != trump:
        return False, trump
    return True, trump


def _side_net(tb: Table, w: np.ndarray, seat: int, res: np.ndarray) -> float:
    advance(w, tb.needs, tb.alone_worth, False)
    outcome(w, seat, -1, res)
    return float(res[2] - res[3])


def outcomes_text(values: list[float]) -> str:
    """How often each net result came up, ``-2:31,1:120,2:40`` (points, sorted): what the
    score views (``engine.study.chart_table.at_score``) read, since the play-outs do not
    depend on the score."""
    counts: dict[int, int] = {}
    for v in values:
        counts[int(v)] = counts.get(int(v), 0) + 1
    return ",".join(f"{k}:{n}" for k, n in sorted(counts.items()))


def value_cell(rules_dict: dict[str, Any], cell_key: str, deals: int, seed: int) -> dict[str, Any]:
    """One task: ``deals`` deals inside the cell ``cell_key``, each option played out (module doc)."""
    rules = Rules.from_dict(rules_dict)
    tb = table_for(rules)
    cell = next(c for c in all_cells(rules) if c.key == cell_key)
    rng = random.Random(task_seed(seed, cell_key))
    s = tb.template.copy()
    w = tb.template.copy()
    res = np.zeros(4, dtype=np.int64)
    values: dict[str, list[float]] = {}
    attempts, kept = 0, 0
    limit = ATTEMPTS[cell.round - 1] * deals + ATTEMPTS_FLOOR[cell.round - 1]
    while kept < deals and attempts < limit:
        attempts += 1
        ok, trump = draw_deal(tb, cell, rng, s)
        if not ok:
            continue
        kept += 1
        for name, code in options(tb, s, cell.rel, cell.round, trump).items():
            w[:] = s
            apply_action(w, code)
            values.setdefault(name, []).append(_side_net(tb, w, cell.rel, res))
    row: dict[str, Any] = {
        "cell": cell_key,
        "seat": cell.seat,
        "round": cell.round,
        "hand_class": cell.hand.key,
        "score": cell.bucket,
        "n": kept,
        "attempts": attempts,
    }
    stats = {name: mean_interval((v, 1) for v in values.get(name, [])) for name in OPTIONS}
    for name in OPTIONS:
        row[f"ev_{name}"], row[f"ev_{name}_lo"], row[f"ev_{name}_hi"] = stats[name]
        row[f"outcomes_{name}"] = outcomes_text(values.get(name, []))
    legal = [name for name in OPTIONS if name in values]
    if not legal:
        row["best"], row["close_call"] = "", False
        return row
    row["best"], row["close_call"] = best_and_close(
        {name: stats[name] for name in legal}
    )  # ties: the first in OPTIONS
    return row


# ---- how often a cell occurs --------------------------------------------------------------------------


def count_classes(
    rules_dict: dict[str, Any], rel: int, rnd: int, chunk: int, deals: int, seed: int
) -> dict[str, Any]:
    """One frequency task: ``deals`` unconditioned deals; how often the people table's auction reaches
    seat ``rel`` in round ``rnd``, by the seat's hand class there."""
    rules = Rules.from_dict(rules_dict)
    tb = table_for(rules)
    seat = seat_name(rules.players, rel)
    key = f"frequency/{seat}/r{rnd}/{chunk}"
    rng = random.Random(task_seed(seed, key))
    s = tb.template.copy()
    counts: dict[str, int] = {}
    cards = list(tb.deck)
    for _ in range(deals):
        rng.shuffle(cards)
        upcard = cards[5 * rules.players]
        if upcard == JOKER_CODE:
            continue  # the dealer names trump: no seat bids
        _fill(tb, s, [cards[5 * p : 5 * p + 5] for p in range(rules.players)], upcard)
        if not _auction_to(tb, s, rel, rnd, True, True):
            continue
        if rnd == 1:
            hc = class_of_codes(cards[5 * rel : 5 * rel + 5], upcard >> 3, upcard, rules.joker)
        else:
            assert s[S_PHASE] == P_BID2
            hc = class_of_codes(cards[5 * rel : 5 * rel + 5], best_suit(tb, s, rel), None, rules.joker)
        name = f"{seat}/r{rnd}/{hc.key}"
        counts[name] = counts.get(name, 0) + 1
    return {"key": key, "deals": deals, "counts": dict(sorted(counts.items()))}


__all__ = [
    "BUCKETS",
    "FREQUENCY_CHUNK",
    "OPTIONS",
    "Cell",
    "all_cells",
    "count_classes",
    "draw_deal",
    "outcomes_text",
    "seat_name",
    "seats",
    "select",
    "task_seed",
    "value_cell",
]
