"""Fitting the sound bidding model: call thresholds that are a best response to themselves.

The model is the Club player's bidding with one call threshold per seat (counted left from
the dealer) and round, on its own bid strength (the trick estimate that counts trumps,
bowers, off aces, voids, who gets the upcard and "next"): 8 numbers, stored as the caution
added to the Club player's threshold (``ClubPlayer.caution``). Card play, discards and going
alone stay the Club player's.

Fitting is iterated best response on common deals: for each seat and round in auction
order, every deal's auction is played with the current thresholds and, where that seat
decides, both choices are played out (``engine.compiled.bidding_records``); the threshold
that earns its side the most over all deals replaces the old one. Rounds of this go on
until no threshold moves (or ``max_rounds``). Each seat plays against the others' current
thresholds, so at the end no seat gains by moving its own.

Exploitability is measured on fresh deals, and against a wider set of deviations than the
fit used: for each seat and round, each 0.1-wide band of bid strength may call or pass on
its own (not just a threshold), the best choice per band is found on half of the deals and
its gain counted on the other half (so luck in picking a band is not counted as gain). A
seat's exploitability is the sum over its two rounds; the model's is the largest.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from engine.compiled.bidding_records import decision_records
from engine.compiled.club_bidding import need_table
from engine.compiled.encoding import encode_state
from engine.hand import deal
from engine.players.evaluate import alone_worthwhile, call_threshold
from engine.rules import Rules

ROLES = 8  # 2 * seat left of the dealer + round
GRID = np.round(np.arange(-1.5, 3.01, 0.05), 2)  # candidate cautions (trick-estimate units)
BAND = 0.1


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
    return np.array([encode_state(deal(rules, rng.randrange(rules.players), rng)) for _ in range(count)],
                    dtype=np.int64)


def records(states: np.ndarray, rules: Rules, caution: tuple[float, ...], only: int = -1) -> tuple[np.ndarray, ...]:
    """(strength, ev_call, ev_pass), each (deals, 8): see engine.compiled.bidding_records
    (``only``: fill that seat-and-round column alone)."""
    n = states.shape[0]
    strength, ev_call, ev_pass = (np.empty((n, ROLES)) for _ in range(3))
    needs = need_table(call_threshold(rules), caution)
    decision_records(states, needs, alone_worthwhile(rules), only, strength, ev_call, ev_pass)
    return strength, ev_call, ev_pass


def roles(rules: Rules) -> list[int]:
    """The seat-and-round decisions that exist under these rules, in auction order."""
    seats = [(rel % rules.players) for rel in range(1, rules.players + 1)]  # first seat ... dealer
    out = [2 * rel for rel in seats] + [2 * rel + 1 for rel in seats]
    if rules.stick_the_dealer:
        out.remove(1)  # the dealer in round 2 must call
    return out


def best_caution(strength: np.ndarray, ev_call: np.ndarray, ev_pass: np.ndarray, base: float) -> float:
    """The caution on GRID whose threshold earns the most (ties: the one nearest 0)."""
    reached = ~np.isnan(strength)
    s, c, p = strength[reached], ev_call[reached], ev_pass[reached]
    totals = np.array([np.where(s >= base + g, c, p).sum() for g in GRID])
    best = totals.max()
    candidates = GRID[totals >= best - 1e-9]
    return float(candidates[np.argmin(np.abs(candidates))])


def fit(rules: Rules, deals: int, seed: int, max_rounds: int = 12,
        start: tuple[float, ...] = (0.0,) * ROLES) -> tuple[tuple[float, ...], int, int]:
    """Iterated best response from ``start``: (caution, rounds run, thresholds moved last round)."""
    states = make_deals(rules, deals, seed)
    base = call_threshold(rules)
    caution = list(start)
    moved = 0
    rounds = 0
    while rounds < max_rounds:
        rounds += 1
        moved = 0
        for k in roles(rules):
            strength, ev_call, ev_pass = records(states, rules, tuple(caution), only=k)
            new = best_caution(strength[:, k], ev_call[:, k], ev_pass[:, k], base)
            if abs(new - caution[k]) > 1e-9:
                moved += 1
                caution[k] = new
        if moved == 0:
            break
    return tuple(caution), rounds, moved


def exploitability(rules: Rules, caution: tuple[float, ...], deals: int, seed: int) -> tuple[float, tuple[float, ...]]:
    """(the largest seat gain, per-seat gains) in points a hand, on fresh deals (see module doc)."""
    states = make_deals(rules, deals, seed)
    strength, ev_call, ev_pass = records(states, rules, caution)
    needs = need_table(call_threshold(rules), caution)
    halves = (np.arange(deals) < deals // 2, np.arange(deals) >= deals // 2)
    gains = [0.0] * 4
    for k in roles(rules):
        rel, rnd = divmod(k, 2)
        reached = ~np.isnan(strength[:, k])
        band = np.floor(np.where(reached, strength[:, k], 0.0) / BAND).astype(np.int64)
        calls = reached & (np.where(reached, strength[:, k], -1e9) >= needs[rel, rnd])
        edge = np.where(reached, ev_call[:, k] - ev_pass[:, k], 0.0)  # calling minus passing
        for learn, test in (halves, halves[::-1]):
            for b in np.unique(band[reached & test]):
                in_learn = reached & learn & (band == b)
                if not in_learn.any():
                    continue
                want_call = edge[in_learn].sum() > 0  # the band's best choice, learnt on one half
                flips = reached & test & (band == b) & (calls != want_call)
                # ...counted on the other: what switching to it earns where the model chose otherwise
                gains[rel] += float(np.where(calls[flips], -edge[flips], edge[flips]).sum()) / deals
    per_seat = tuple(round(g, 4) for g in gains[: rules.players])
    return max(per_seat), per_seat


def seat_role(players: int, rel: int) -> str:
    """The seat ``rel`` places left of the dealer, by its role in the auction."""
    if rel == 0:
        return "dealer"
    if players == 4:
        return ("first seat", "dealer's partner", "third seat")[rel - 1]
    return ("first seat", "second seat")[rel - 1]


def calling_rates(rules: Rules, caution: tuple[float, ...], deals: int, seed: int) -> dict[str, float]:
    """Per seat and round: the share of hands in which that seat calls there (``per_hand``)
    and the share of the times the auction reaches it (``when_reached``)."""
    states = make_deals(rules, deals, seed)
    strength, _, _ = records(states, rules, caution)
    needs = need_table(call_threshold(rules), caution)
    out: dict[str, float] = {}
    for k in roles(rules):
        rel, rnd = divmod(k, 2)
        reached = ~np.isnan(strength[:, k])
        calls = reached & (np.where(reached, strength[:, k], -1e9) >= needs[rel, rnd])
        label = f"{seat_role(rules.players, rel)}, round {rnd + 1}"
        out[f"{label}: per hand"] = round(float(calls.mean()), 4)
        out[f"{label}: when reached"] = round(float(calls.sum() / max(1, reached.sum())), 4)
    return out


__all__ = ["Fit", "best_caution", "calling_rates", "exploitability", "fit", "make_deals", "records", "roles", "seat_role"]
