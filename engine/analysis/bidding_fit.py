"""Fitting the sound bidding model: call and alone thresholds that are a best response to
themselves.

The model is the Club player's bidding with, for each seat (counted left from the dealer)
and round, one call threshold on its own bid strength (the trick estimate that counts
trumps, bowers, off aces, voids, who gets the upcard and "next") and one alone threshold on
the trick estimate of a hand holding the top trump: 16 numbers, stored as the caution added
to the Club player's thresholds (``ClubPlayer.caution``: the 8 call cautions, then the 8
alone cautions). Card play, discards and defending alone stay the Club player's.

Fitting is iterated best response on common deals, in two stages. Stage 1, the call
thresholds: for each seat and round in auction order, every deal's auction is played with
the current thresholds and, where that seat decides, each of its choices is played out
(``engine.compiled.bidding_records``); the call threshold that earns its side the most over
all deals replaces the old one, until no threshold moves (or ``max_rounds``). Stage 2, the
alone thresholds, the same way on ``ALONE_DEALS_FACTOR`` times as many other deals (a loner
is rare), the call thresholds held; an alone threshold moves only when the move earns
clearly more (``Z_MOVE`` standard errors of the paired gain), so it does not follow noise.
Each seat plays against the others' current thresholds, so at the end no seat gains by
moving its own; the exploitability check below asks that of every kind of deviation.

Every decision is fitted on at least ``REACHED_SHARE`` times the fit's deals (3,000 of its
25,000) that reach it: where too few of the common deals do, fresh seeded deals that reach it
are added (``engine.compiled.bidding_records.reaching_deals``; a decision so rare that
``MAX_DEALT`` deals reach it fewer times takes what they give). The last seats of round 2 are
reached in well under 1% of hands (the dealer's in about 1 in 7,000), so without this their
thresholds stayed where the fit started; what they do is what passing is worth to every seat
before them, so they matter beyond their own rare hands (``bench/reached_check.py``).

Exploitability is measured on fresh deals, and against a wider set of deviations than the
fit used: for each seat and round, each cell of hands (a 0.1-wide band of bid strength,
and for a hand that may go alone a 0.1-wide band of its alone estimate too) may pass, call
or go alone on its own (not just by thresholds); the best choice per cell is found on half
of the deals and its gain counted on the other half (so luck in picking a cell is not
counted as gain). A seat's exploitability is the sum over its two rounds; the model's is the
largest. ``exploitability(..., split=...)`` lets the deviations see more than the model does:
each cell is split again by a key per deal, such as ``engine.study.hand_classes.bowers_and_aces``
(the bowers of the upcard's suit and the off aces the seat holds; a trap with the right and
left is such a deviation).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from engine.compiled.bidding_records import auction_choices, decision_records, reaching_deals
from engine.compiled.club_bidding import need_table
from engine.compiled.encoding import S_SIZE, card_code, encode_state
from engine.core.cards import make_deck
from engine.core.hand import deal
from engine.core.rules import Rules
from engine.players.club import ROLES  # 2 * seat left of the dealer + round
from engine.players.evaluate import ALONE_THRESHOLD, alone_worthwhile, call_threshold

GRID = np.round(np.arange(-1.5, 3.01, 0.05), 2)  # candidate call cautions (trick-estimate units)
ALONE_GRID = np.round(np.arange(-1.5, 1.51, 0.1), 2)  # candidate alone cautions
BAND = 0.1
Z_MOVE = 2.0  # stage 2: an alone threshold moves only when the move earns clearly more (gains_clearly)
ALONE_DEALS_FACTOR = 4  # stage 2 plays this many times the deals of stage 1 (loners are rare)
ALONE_SEED = 7919  # stage 2's deals: the fit's seed plus this
REACHED_SHARE = 0.12  # every decision is fitted on at least this share of the fit's deals that reach it
REACH_SEED = 104729  # the added deals of column k: the stage's seed plus this plus k
MAX_DEALT = 30_000_000  # deals dealt at most to find them (about 25 s): a rarer decision takes what they give


@dataclass(frozen=True, slots=True)
class Records:
    """What every reached decision of some deals was worth, each (deals, 8): see
    engine.compiled.bidding_records (NaN where the auction did not reach that seat and round;
    ``alone_est``/``ev_alone`` NaN where the seat may not go alone)."""

    strength: np.ndarray
    alone_est: np.ndarray
    ev_call: np.ndarray
    ev_pass: np.ndarray
    ev_alone: np.ndarray


@dataclass(frozen=True, slots=True)
class Fit:
    caution: tuple[float, ...]
    rounds: int  # rounds of best response run
    moved: int  # thresholds that moved in the last round (0: converged)
    exploitability: float  # points a hand: the most one seat gains by best-responding (held out)
    gains: tuple[float, ...]  # per seat (left of the dealer): that seat's best-response gain
    rates: dict[str, float]  # calling rates, see calling_rates


def make_deals(rules: Rules, count: int, seed: int) -> np.ndarray:
    """``count`` random deals (dealer drawn uniformly) as flat states, one per row."""
    rng = random.Random(seed)
    return np.array(
        [encode_state(deal(rules, rng.randrange(rules.players), rng)) for _ in range(count)], dtype=np.int64
    )


def records(states: np.ndarray, rules: Rules, caution: tuple[float, ...], only: int = -1) -> Records:
    """Every decision's records under ``caution`` (``only``: fill that seat-and-round column alone)."""
    n = states.shape[0]
    out = [np.empty((n, ROLES)) for _ in range(5)]
    needs = need_table(call_threshold(rules), caution)
    decision_records(states, needs, alone_worthwhile(rules), only, *out)
    return Records(*out)


@lru_cache(maxsize=64)
def reaching(rules: Rules, needs_before: tuple[float, ...], k: int, want: int, seed: int) -> np.ndarray:
    """``want`` fresh deals (fewer if MAX_DEALT run out), seeded, whose auction reaches
    column ``k`` under the thresholds; ``needs_before`` are the flattened thresholds of the
    decisions before ``k`` (all that decides whether it is reached, and the cache's key)."""
    template = encode_state(deal(rules, 0, random.Random(seed)))
    deck = np.array([card_code(c) for c in make_deck(rules.deck, rules.joker)], dtype=np.int64)
    out = np.empty((want, S_SIZE), dtype=np.int64)
    needs = np.array(needs_before, dtype=np.float64).reshape(4, 4)
    kept, _ = reaching_deals(template, deck, needs, alone_worthwhile(rules), k, MAX_DEALT, seed, out)
    return out[:kept]


def column_records(
    states: np.ndarray, rules: Rules, caution: tuple[float, ...], k: int, seed: int, at_least: int
) -> Records:
    """Column ``k``'s records (``records(..., only=k)``) on the deals of ``states``, topped up
    (``top_up``) to ``at_least`` deals that reach it."""
    return top_up(records(states, rules, caution, only=k), rules, caution, k, seed, at_least)


def top_up(
    rec: Records, rules: Rules, caution: tuple[float, ...], k: int, seed: int, at_least: int
) -> Records:
    """``rec`` (column ``k`` recorded) as it is when ``at_least`` of its deals reach ``k``;
    else its deals that do, with fresh deals that reach it added (seed ``seed + REACH_SEED +
    k``) until there are ``at_least``."""
    short = at_least - int(reached_mask(rec, k).sum())
    if short <= 0:
        return rec
    needs = need_table(call_threshold(rules), caution)
    order = roles(rules)
    for j in order[order.index(k) :]:  # the thresholds from k on do not decide whether k is reached
        needs[j // 2, j % 2] = needs[j // 2, 2 + j % 2] = 0.0
    more = records(
        reaching(rules, tuple(needs.ravel()), k, short, seed + REACH_SEED + k), rules, caution, only=k
    )
    return Records(
        *(np.concatenate([a, b]) for a, b in zip(_fields(reached_rows(rec, k)), _fields(more), strict=True))
    )


def reached_mask(rec: Records, k: int) -> np.ndarray:
    """Per row of ``rec``: whether its auction reached column ``k`` (recorded a strength there)."""
    hit: np.ndarray = ~np.isnan(rec.strength[:, k])
    return hit


def reached_rows(rec: Records, k: int) -> Records:
    """The rows of ``rec`` whose auction reached column ``k``."""
    hit = reached_mask(rec, k)
    return Records(*(a[hit] for a in _fields(rec)))


def _fields(rec: Records) -> tuple[np.ndarray, ...]:
    return rec.strength, rec.alone_est, rec.ev_call, rec.ev_pass, rec.ev_alone


def roles(rules: Rules) -> list[int]:
    """The seat-and-round decisions that exist under these rules, in auction order."""
    seats = [(rel % rules.players) for rel in range(1, rules.players + 1)]  # first seat ... dealer
    out = [2 * rel for rel in seats] + [2 * rel + 1 for rel in seats]
    if rules.stick_the_dealer:
        out.remove(1)  # the dealer in round 2 must call
    return out


def best_caution(strength: np.ndarray, ev_call: np.ndarray, ev_pass: np.ndarray, base: float) -> float:
    """The caution on GRID whose call threshold earns the most (ties: the one nearest 0)."""
    reached = ~np.isnan(strength)
    s, c, p = strength[reached], ev_call[reached], ev_pass[reached]
    totals = np.array([np.where(s >= base + g, c, p).sum() for g in GRID])
    return _nearest_zero(GRID, totals)


def values(rec: Records, k: int, base: float, call: float, alone: float) -> np.ndarray:
    """Column ``k``'s net points on each deal that reaches it, with call caution ``call`` and
    alone caution ``alone``."""
    reached = reached_mask(rec, k)
    plain = np.where(
        rec.strength[reached, k] >= base + call, rec.ev_call[reached, k], rec.ev_pass[reached, k]
    )
    out: np.ndarray = np.where(_alone_now(rec, k, alone), rec.ev_alone[reached, k], plain)
    return out


def gains_clearly(better: np.ndarray, now: np.ndarray) -> bool:
    """Whether ``better`` earns more than ``now`` on the same deals by more than Z_MOVE
    standard errors of the paired difference (so a threshold does not move on noise)."""
    diff = better - now
    if diff.size < 2 or not diff.any():
        return False
    return bool(diff.sum() > Z_MOVE * diff.std(ddof=1) * np.sqrt(diff.size))


def _nearest_zero(grid: np.ndarray, totals: np.ndarray) -> float:
    candidates = grid[totals >= totals.max() - 1e-9]
    return float(candidates[np.argmin(np.abs(candidates))])


def _alone_now(rec: Records, k: int, alone: float) -> np.ndarray:
    """Which reached deals of column ``k`` go alone with alone caution ``alone``."""
    reached = reached_mask(rec, k)
    out: np.ndarray = np.nan_to_num(rec.alone_est[reached, k], nan=-1e9) >= ALONE_THRESHOLD + alone
    return out


def best_call(rec: Records, k: int, base: float, alone: float) -> float:
    """The call caution on GRID that earns the most for column ``k``, its alone caution held
    at ``alone`` (a hand that goes alone does so whatever its call threshold)."""
    reached = reached_mask(rec, k)
    lone = _alone_now(rec, k, alone)
    a = rec.ev_alone[reached, k]
    c = np.where(lone, a, rec.ev_call[reached, k])
    p = np.where(lone, a, rec.ev_pass[reached, k])
    return best_caution(rec.strength[reached, k], c, p, base)


def best_alone(rec: Records, k: int, base: float, call: float) -> float:
    """The alone caution on ALONE_GRID that earns the most for column ``k``, its call caution
    held at ``call`` (ties: the one nearest 0)."""
    totals = np.array([values(rec, k, base, call, h).sum() for h in ALONE_GRID])
    return _nearest_zero(ALONE_GRID, totals)


def best_response(rules: Rules, table: tuple[float, ...], deals: int, seed: int) -> tuple[float, ...]:
    """The best response to ``table`` (16 cautions): each call threshold moved, one decision at a
    time, to the one that earns the most when every other decision is bid by ``table`` (the
    answer the analyzer gives at each decision, as a table); the alone thresholds are
    ``table``'s. One step of ``fit``'s stage 1, on ``deals`` seeded deals, each decision on at
    least ``REACHED_SHARE`` of them that reach it."""
    base = call_threshold(rules)
    table = tuple(table) + (0.0,) * (2 * ROLES - len(table))
    out = list(table)
    states = make_deals(rules, deals, seed)
    for k in roles(rules):
        rec = column_records(states, rules, table, k, seed, round(REACHED_SHARE * deals))
        out[k] = best_call(rec, k, base, table[ROLES + k])
    return tuple(out)


def fit(
    rules: Rules, deals: int, seed: int, max_rounds: int = 8, start: tuple[float, ...] = (0.0,) * (2 * ROLES)
) -> tuple[tuple[float, ...], int, int]:
    """Iterated best response from ``start``, in two stages (module docstring): (caution,
    rounds run, thresholds moved in the last round), the rounds and moves those of the stages
    together. Stage 1 fits the call thresholds on ``deals`` deals, every seat going alone by
    its current alone threshold; stage 2 the alone thresholds on ``ALONE_DEALS_FACTOR *
    deals`` other deals, the call thresholds held."""
    base = call_threshold(rules)
    caution = list(start) + [0.0] * (2 * ROLES - len(start))
    states = make_deals(rules, deals, seed)
    at_least = round(REACHED_SHARE * deals)
    rounds = moved = 0
    for _ in range(max_rounds):  # stage 1: call thresholds
        rounds += 1
        moved = 0
        for k in roles(rules):
            rec = column_records(states, rules, tuple(caution), k, seed, at_least)
            new = best_call(rec, k, base, caution[ROLES + k])
            if abs(new - caution[k]) > 1e-9:
                moved += 1
                caution[k] = new
        if moved == 0:
            break
    call_moved = moved
    if not (rules.players == 4 and alone_worthwhile(rules)):
        return tuple(caution), rounds, call_moved
    states = make_deals(rules, ALONE_DEALS_FACTOR * deals, seed + ALONE_SEED)
    for _ in range(max_rounds):  # stage 2: alone thresholds, a move only when it clearly earns more
        rounds += 1
        moved = 0
        for k in roles(rules):
            rec = column_records(states, rules, tuple(caution), k, seed + ALONE_SEED, at_least)
            h = best_alone(rec, k, base, caution[k])
            if abs(h - caution[ROLES + k]) > 1e-9 and gains_clearly(
                values(rec, k, base, caution[k], h), values(rec, k, base, caution[k], caution[ROLES + k])
            ):
                moved += 1
                caution[ROLES + k] = h
        if moved == 0:
            break
    return tuple(caution), rounds, call_moved + moved


PASS_, CALL_, ALONE_ = 0, 1, 2


def model_choices(rec: Records, k: int, needs: np.ndarray) -> np.ndarray:
    """What the model does at column ``k`` of each deal: PASS_, CALL_ or ALONE_ (-1: not reached)."""
    rel, rnd = divmod(k, 2)
    s, est = rec.strength[:, k], rec.alone_est[:, k]
    out = np.full(s.shape[0], -1, dtype=np.int64)
    reached = ~np.isnan(s)
    out[reached] = PASS_
    out[reached & (np.nan_to_num(s, nan=-1e9) >= needs[rel, rnd])] = CALL_
    out[reached & (np.nan_to_num(est, nan=-1e9) >= needs[rel, 2 + rnd])] = ALONE_
    return out


Split = Callable[
    [np.ndarray, int, int, int], np.ndarray
]  # (states, players, seat left of the dealer, round 0/1) -> key


def exploitability(
    rules: Rules, caution: tuple[float, ...], deals: int, seed: int, split: Split | None = None
) -> tuple[float, tuple[float, ...]]:
    """(the largest seat gain, per-seat gains) in points a hand, on fresh deals (see module doc);
    ``split`` (e.g. ``engine.study.hand_classes.bowers_and_aces``) splits every cell of hands by its key."""
    states = make_deals(rules, deals, seed)
    rec = records(states, rules, caution)
    needs = need_table(call_threshold(rules), caution)
    gains = [0.0] * 4
    for k in roles(rules):
        key = None if split is None else split(states, rules.players, k // 2, k % 2)
        gains[k // 2] += held_out_gain(rec, k, needs, key) / deals
    per_seat = tuple(round(g, 4) for g in gains[: rules.players])
    return max(per_seat), per_seat


def held_out_gain(rec: Records, k: int, needs: np.ndarray, key: np.ndarray | None = None) -> float:
    """What column ``k``'s seat gains in all, on the deals of ``rec`` that reach it, by choosing
    per cell of hands (``exploitability``; ``key`` splits the cells further) the choice that
    earned most on the other half of the deals instead of the model's."""
    deals = rec.strength.shape[0]
    halves = (np.arange(deals) < deals // 2, np.arange(deals) >= deals // 2)
    choice = model_choices(rec, k, needs)
    reached = choice >= 0
    evs = np.stack([rec.ev_pass[:, k], rec.ev_call[:, k], rec.ev_alone[:, k]], axis=1)
    evs = np.where(reached[:, None], evs, 0.0)
    may_alone = ~np.isnan(rec.alone_est[:, k])
    evs[:, ALONE_] = np.where(may_alone, evs[:, ALONE_], -1e9)
    band = np.floor(np.where(reached, rec.strength[:, k], 0.0) / BAND).astype(np.int64)
    alone_band = np.where(may_alone, np.floor(np.nan_to_num(rec.alone_est[:, k]) / BAND), -1).astype(np.int64)
    cell = band * 1000 + alone_band
    if key is not None:
        cell = cell * 1000 + key
    model_ev = evs[np.arange(deals), np.maximum(choice, 0)]
    gain = 0.0
    for learn, test in (halves, halves[::-1]):
        for b in np.unique(cell[reached & test]):
            in_learn = reached & learn & (cell == b)
            if not in_learn.any():
                continue
            want = int(np.argmax(evs[in_learn].sum(axis=0)))  # the cell's best choice, learnt on one half
            flips = reached & test & (cell == b) & (choice != want)
            # ...counted on the other: what switching to it earns where the model chose otherwise
            gain += float((evs[flips, want] - model_ev[flips]).sum())
    return gain


def seat_role(players: int, rel: int) -> str:
    """The seat ``rel`` places left of the dealer, by its role in the auction."""
    if rel == 0:
        return "dealer"
    if players == 4:
        return ("first seat", "dealer's partner", "third seat")[rel - 1]
    return ("first seat", "second seat")[rel - 1]


def calling_rates(rules: Rules, caution: tuple[float, ...], deals: int, seed: int) -> dict[str, float]:
    """Per seat and round: the share of hands in which that seat calls there, alone or not
    (``per hand``), the share of the times the auction reaches it (``when reached``), and the
    share of hands in which it goes alone there (``alone per hand``, where it may)."""
    return rates_on(make_deals(rules, deals, seed), rules, caution)


def rates_on(states: np.ndarray, rules: Rules, caution: tuple[float, ...]) -> dict[str, float]:
    """``calling_rates`` on deals already made (``make_deals``). Only the auctions are played
    (``engine.compiled.bidding_records.auction_choices``), so it is quick enough to bisect on."""
    choices = np.empty((states.shape[0], ROLES), dtype=np.int64)
    auction_choices(states, need_table(call_threshold(rules), caution), alone_worthwhile(rules), choices)
    out: dict[str, float] = {}
    for k in roles(rules):
        rel, rnd = divmod(k, 2)
        choice = choices[:, k]
        reached = choice >= 0
        calls = choice >= CALL_
        label = f"{seat_role(rules.players, rel)}, round {rnd + 1}"
        out[f"{label}: per hand"] = round(float(calls.mean()), 4)
        out[f"{label}: when reached"] = round(float(calls.sum() / max(1, reached.sum())), 4)
        if rules.players == 4 and alone_worthwhile(rules):
            out[f"{label}: alone per hand"] = round(float((choice == ALONE_).mean()), 4)
    return out


__all__ = [
    "ALONE_GRID",
    "Fit",
    "best_response",
    "Records",
    "Split",
    "best_alone",
    "best_call",
    "best_caution",
    "column_records",
    "held_out_gain",
    "model_choices",
    "reached_mask",
    "reached_rows",
    "top_up",
    "calling_rates",
    "exploitability",
    "fit",
    "make_deals",
    "rates_on",
    "records",
    "roles",
    "seat_role",
]
