"""A whole hand played out by Club players, compiled (numba).

This is the analyzer's *realistic* mode: club-level play by every seat. It ports
``engine.core.hand.apply`` to the flat state of ``engine.compiled.encoding`` and asks
the compiled Club player (``club_bidding`` for bids, discards and defend alone,
``club_play`` for cards) at every turn.

- ``club_decide(s, seat, needs, alone_worth)``: the Club player's action code (``needs``:
  the call thresholds by seat and round, ``club_bidding.need_table``); it also writes its
  reason into the state (``encoding.S_WHY_*``): ``engine.players.club`` words it;
- ``apply_action(s, code)``: the next state, in place (the caller only passes legal
  actions; the conformance tests check each transition against ``engine.core.hand.apply``);
- ``advance(s, needs, alone_worth, until_play)``: club players act until the hand is
  over (or, with ``until_play``, the first lead is due);
- ``outcome(s, me, tricks, res)``: the result for ``me`` as ``engine.analysis.finish``'s
  ``outcome_of`` gives it: maker (-1 thrown in), makers' tricks, points to us, to them.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.compiled.club_bidding import club_bid, club_defend, club_discard
from engine.compiled.club_play import against_lone_maker, club_play, loner_discard, maker_side
from engine.compiled.encoding import (
    A_CALL,
    A_DECLINE,
    A_DEFEND_ALONE,
    A_DISCARD,
    A_NAME,
    A_ORDER,
    A_PASS,
    A_PLAY,
    BIT,
    BITPOS,
    P_BID1,
    P_BID2,
    P_DEFEND,
    P_DISCARD,
    P_NAME,
    P_OVER,
    P_PLAY,
    S_ALONE,
    S_DEALER,
    S_DEFEND_RULE,
    S_DISCARDED,
    S_DOWN,
    S_HANDS,
    S_LEADER,
    S_LEDBY,
    S_LONE_DEF,
    S_LONE_LEAD,
    S_MAKER,
    S_MAKER_TRICKS,
    S_NTABLE,
    S_NTRICKS,
    S_OUT,
    S_PHASE,
    S_PLAYED,
    S_PLAYERS,
    S_SHOWN,
    S_TABLE_CARD,
    S_TABLE_SEAT,
    S_TAKEN,
    S_TO_ACT,
    S_TRUMP,
    S_UPCARD,
)
from engine.core.scoring import CASES, hand_points

GROUP_MASK = 0xFFFF


def _points_table() -> np.ndarray:
    """``engine.core.scoring.hand_points`` for every scored case, as an array the compiled code reads:
    ``POINTS[players, alone, lone defender, makers' tricks] = (makers' points, each defending
    side's points)``."""
    table = np.zeros((5, 2, 2, 6, 2), dtype=np.int64)
    for players, alone, lone in CASES:
        for tricks in range(6):
            table[players, int(alone), int(lone), tricks] = hand_points(players, tricks, alone, lone)
    return table


POINTS = _points_table()


@njit(cache=True, nogil=True, inline="always")
def next_active(s: np.ndarray, seat: int) -> int:
    n = s[S_PLAYERS]
    nxt = (seat + 1) % n
    while (s[S_OUT] >> nxt) & 1:
        nxt = (nxt + 1) % n
    return int(nxt)


# ---- transitions (engine.core.hand.apply) ---------------------------------------------------


@njit(cache=True, nogil=True)
def _start_play(s: np.ndarray) -> None:
    if s[S_ALONE] == 1 and s[S_LONE_LEAD] == 1:
        leader = next_active(s, s[S_MAKER])
    else:
        leader = next_active(s, s[S_DEALER])
    s[S_PHASE] = P_PLAY
    s[S_TO_ACT] = leader
    s[S_LEADER] = leader


@njit(cache=True, nogil=True)
def _after_trump(s: np.ndarray) -> None:
    if s[S_ALONE] == 1 and s[S_DEFEND_RULE] == 1:
        s[S_PHASE] = P_DEFEND
        s[S_TO_ACT] = (s[S_MAKER] + 1) % 4
    else:
        _start_play(s)


@njit(cache=True, nogil=True)
def _make(s: np.ndarray, seat: int, trump: int, alone: bool) -> None:
    s[S_TRUMP] = trump
    s[S_MAKER] = seat
    s[S_ALONE] = 1 if alone else 0
    s[S_OUT] = (1 << ((seat + 2) % 4)) if alone else 0


@njit(cache=True, nogil=True)
def _play(s: np.ndarray, seat: int, code: int) -> None:
    t = s[S_TRUMP]
    for i in range(5):
        if s[S_HANDS + 5 * seat + i] == code:
            s[S_HANDS + 5 * seat + i] = -1
    b = BIT[t, code]
    nt = s[S_NTABLE]
    if nt > 0:
        led_group = BITPOS[t, s[S_TABLE_CARD]] >> 4
        if (BITPOS[t, code] >> 4) != led_group:
            s[S_SHOWN + seat] |= 1 << led_group
    s[S_PLAYED] |= b
    s[S_TABLE_SEAT + nt] = seat
    s[S_TABLE_CARD + nt] = code
    nt += 1
    active = s[S_PLAYERS]
    for p in range(4):
        if (s[S_OUT] >> p) & 1:
            active -= 1
    if nt < active:
        s[S_NTABLE] = nt
        s[S_TO_ACT] = next_active(s, seat)
        return
    led_group = BITPOS[t, s[S_TABLE_CARD]] >> 4
    eligible = (GROUP_MASK << 48) | (GROUP_MASK << (16 * led_group))
    best = 0
    best_bit = BIT[t, s[S_TABLE_CARD]]
    for i in range(1, nt):
        c = BIT[t, s[S_TABLE_CARD + i]]
        if (c & eligible) != 0 and c > best_bit:
            best = i
            best_bit = c
    winner = s[S_TABLE_SEAT + best]
    if led_group != 3:
        s[S_LEDBY + s[S_TABLE_SEAT]] |= 1 << led_group
    if maker_side(s, winner):
        s[S_MAKER_TRICKS] += 1
    s[S_NTRICKS] += 1
    s[S_NTABLE] = 0
    if s[S_NTRICKS] == 5:
        s[S_PHASE] = P_OVER
        s[S_TO_ACT] = -1
        s[S_LEADER] = -1
    else:
        s[S_TO_ACT] = winner
        s[S_LEADER] = winner


@njit(cache=True, nogil=True)
def apply_action(s: np.ndarray, code: int) -> None:
    """``engine.core.hand.apply`` for a legal action code, in place."""
    seat = s[S_TO_ACT]
    phase = s[S_PHASE]
    n = s[S_PLAYERS]
    if code >= A_PLAY:
        _play(s, seat, code - A_PLAY)
    elif phase == P_BID1:
        if code == A_PASS:
            if seat == s[S_DEALER]:
                s[S_PHASE] = P_BID2
                s[S_DOWN] = s[S_UPCARD] >> 3
            s[S_TO_ACT] = (seat + 1) % n
        else:
            alone = code != A_ORDER
            _make(s, seat, s[S_UPCARD] >> 3, alone)
            if alone and (seat + 2) % 4 == s[S_DEALER]:
                _after_trump(s)
            else:
                s[S_PHASE] = P_DISCARD
                s[S_TO_ACT] = s[S_DEALER]
    elif phase == P_BID2:
        if code == A_PASS:
            if seat == s[S_DEALER]:
                s[S_PHASE] = P_OVER
                s[S_TO_ACT] = -1
            else:
                s[S_TO_ACT] = (seat + 1) % n
        else:
            k = code - A_CALL
            _make(s, seat, k % 4, k >= 4)
            _after_trump(s)
    elif phase == P_NAME:
        k = code - A_NAME
        _make(s, seat, k % 4, k >= 4)
        s[S_PHASE] = P_DISCARD
        s[S_TO_ACT] = s[S_DEALER]
    elif phase == P_DISCARD:
        if code != A_DECLINE:
            card = code - A_DISCARD
            up = s[S_UPCARD]
            if card != up:
                for i in range(5):
                    if s[S_HANDS + 5 * seat + i] == card:
                        s[S_HANDS + 5 * seat + i] = up
            s[S_DISCARDED] = card
            s[S_TAKEN] = 1
        _after_trump(s)
    elif phase == P_DEFEND:
        if code == A_DEFEND_ALONE:
            s[S_LONE_DEF] = seat
            s[S_OUT] |= 1 << ((seat + 2) % 4)
            _start_play(s)
        else:
            other = (s[S_MAKER] + 3) % 4
            if seat != other:
                s[S_TO_ACT] = other
            else:
                _start_play(s)


# ---- deciding and playing out ------------------------------------------------------------


@njit(cache=True, nogil=True)
def club_decide(s: np.ndarray, seat: int, needs: np.ndarray, alone_worth: bool) -> int:
    """The Club player's decision for ``seat`` in any phase; its reason into ``s[S_WHY_*]``."""
    phase = s[S_PHASE]
    if phase == P_PLAY:
        return club_play(s, seat)
    if phase == P_DISCARD:
        if against_lone_maker(s, seat):
            return loner_discard(s, seat)
        return club_discard(s, seat)
    if phase == P_DEFEND:
        return club_defend(s, seat)
    return club_bid(s, seat, needs, alone_worth)


@njit(cache=True, nogil=True)
def advance(s: np.ndarray, needs: np.ndarray, alone_worth: bool, until_play: bool) -> None:
    while s[S_PHASE] != P_OVER:
        if until_play and s[S_PHASE] == P_PLAY:
            return
        apply_action(s, club_decide(s, s[S_TO_ACT], needs, alone_worth))


@njit(cache=True, nogil=True)
def play_line(s: np.ndarray, needs: np.ndarray, alone_worth: bool, line: np.ndarray) -> int:
    """``advance`` to the end, writing each action code into ``line``; returns how many."""
    k = 0
    while s[S_PHASE] != P_OVER:
        code = club_decide(s, s[S_TO_ACT], needs, alone_worth)
        line[k] = code
        k += 1
        apply_action(s, code)
    return k


@njit(cache=True, nogil=True)
def outcome(s: np.ndarray, me: int, tricks: int, res: np.ndarray) -> None:
    """(maker or -1, makers' tricks, points to me's side, to the best other side) into ``res``;
    ``tricks`` < 0 takes the tricks won in ``s``."""
    maker = s[S_MAKER]
    if maker < 0:
        res[0] = -1
        res[1] = 0
        res[2] = 0
        res[3] = 0
        return
    if tricks < 0:
        tricks = s[S_MAKER_TRICKS]
    players = s[S_PLAYERS]
    alone = 1 if s[S_ALONE] == 1 else 0
    lone = 1 if alone == 1 and s[S_LONE_DEF] >= 0 else 0
    makers = POINTS[players, alone, lone, tricks, 0]
    defenders = POINTS[players, alone, lone, tricks, 1]
    if maker_side(s, me):
        us, them = makers, defenders
    else:
        us = defenders
        them = makers if (players != 3 or makers != 0) else defenders
    res[0] = maker
    res[1] = tricks
    res[2] = us
    res[3] = them
