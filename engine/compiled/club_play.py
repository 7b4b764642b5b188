"""The Club player's card play, compiled (numba): ``engine.players.club_play`` and
``engine.players.tracking`` on the bitmask encoding of ``engine.compiled.solver_core``.

Under trump a card is one bit, each effective suit a 16-bit group (trump group 3 on
top) and a higher bit is a stronger card, so "boss", "beats the winning card" and
"can ruff" are integer comparisons. What the seat knows is worked out from the flat
state exactly as ``read_table`` does from a view (cards played, its own hand, its own
discard if it dealt, the upcard when it stayed face up). Ties among equally good cards
go to the first in hand order, as ``min``/``sorted`` do in the Python player.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.compiled.club_bidding import hand_of
from engine.compiled.encoding import (
    A_PLAY,
    BIT,
    BITPOS,
    S_DEALER,
    S_DECK,
    S_DISCARDED,
    S_LEDBY,
    S_MAKER,
    S_NTABLE,
    S_OUT,
    S_PLAYED,
    S_PLAYERS,
    S_SHOWN,
    S_TABLE_CARD,
    S_TABLE_SEAT,
    S_TAKEN,
    S_TRUMP,
    S_UPCARD,
)
from engine.compiled.solver_core import _high_bit

TRUMP_BITS = 1 << 48
GROUP_MASK = 0xFFFF


@njit(cache=True, nogil=True, inline="always")
def maker_side(s: np.ndarray, seat: int) -> bool:
    m = s[S_MAKER]
    if m < 0:
        return False
    if s[S_PLAYERS] == 4:
        return bool(seat % 2 == m % 2)
    return bool(seat == m)


@njit(cache=True, nogil=True, inline="always")
def _group(t: int, code: int) -> int:
    return int(BITPOS[t, code] >> 4)


@njit(cache=True, nogil=True)
def club_play(s: np.ndarray, seat: int) -> int:
    """The Club player's card (action code) for ``seat`` in the play phase."""
    t = s[S_TRUMP]
    hand = np.empty(5, dtype=np.int64)
    n = hand_of(s, seat, hand)
    nt = s[S_NTABLE]
    led = _group(t, s[S_TABLE_CARD]) if nt > 0 else -1
    cards = np.empty(5, dtype=np.int64)
    m = 0
    if nt > 0:
        for i in range(n):
            if _group(t, hand[i]) == led:
                cards[m] = hand[i]
                m += 1
    if m == 0:
        for i in range(n):
            cards[i] = hand[i]
        m = n
    if m == 1:
        return A_PLAY + int(cards[0])
    bits = np.empty(5, dtype=np.int64)
    groups = np.empty(5, dtype=np.int64)
    offs = np.empty(5, dtype=np.int64)
    counts = np.zeros(4, dtype=np.int64)
    held = 0
    for i in range(m):
        bits[i] = BIT[t, cards[i]]
        groups[i] = _group(t, cards[i])
        offs[i] = BITPOS[t, cards[i]] & 15
        counts[groups[i]] += 1
    for i in range(n):
        held |= BIT[t, hand[i]]
    # what the seat knows (engine.players.tracking.read_table)
    known = s[S_PLAYED] | held
    if seat == s[S_DEALER] and s[S_DISCARDED] >= 0:
        known |= BIT[t, s[S_DISCARDED]]
    if s[S_TAKEN] == 0:
        known |= BIT[t, s[S_UPCARD]]
    deck = 0
    for c in range(33):
        if (s[S_DECK] >> c) & 1:
            deck |= BIT[t, c]
    outstanding = deck & ~known
    top = np.zeros(4, dtype=np.int64)
    for g in range(4):
        x = outstanding & (GROUP_MASK << (16 * g))
        if x != 0:
            top[g] = _high_bit(x)
    players = s[S_PLAYERS]
    mates = 0
    if players == 4:
        p = (seat + 2) % 4
        if not (s[S_OUT] >> p) & 1:
            mates = 1 << p
    elif players == 3 and s[S_MAKER] >= 0 and seat != s[S_MAKER]:
        for p in range(3):
            if p != seat and p != s[S_MAKER]:
                mates |= 1 << p
    if nt == 0:
        return A_PLAY + int(cards[_lead(s, seat, bits, groups, offs, counts, m, top, mates)])
    guards = against_lone_maker(s, seat)
    return A_PLAY + int(cards[_follow(s, seat, bits, groups, offs, counts, m, top, mates, led, t, guards,
                                      outstanding)])


@njit(cache=True, nogil=True, inline="always")
def against_lone_maker(s: np.ndarray, seat: int) -> bool:
    """``seat`` defends against a maker without a partner: a loner, or any maker with fewer
    than four players (``engine.players.club_play.against_lone_maker``)."""
    m = s[S_MAKER]
    if m < 0 or maker_side(s, seat):
        return False
    if s[S_PLAYERS] != 4:
        return True
    return bool((s[S_OUT] >> ((m + 2) % 4)) & 1)


@njit(cache=True, nogil=True)
def _lead(s: np.ndarray, seat: int, bits: np.ndarray, groups: np.ndarray, offs: np.ndarray,
          counts: np.ndarray, m: int, top: np.ndarray, mates: int) -> int:
    hi = -1
    lo = -1
    ntr = 0
    nplain = 0
    boss_i = -1
    boss_key = 1 << 30
    for i in range(m):
        if groups[i] == 3:
            ntr += 1
            if hi < 0 or bits[i] > bits[hi]:
                hi = i
            if lo < 0 or bits[i] < bits[lo]:
                lo = i
        else:
            nplain += 1
            if bits[i] > top[groups[i]]:
                off = offs[i]
                key = counts[groups[i]] * 16 + (15 - off)
                if key < boss_key:
                    boss_key = key
                    boss_i = i
    if maker_side(s, seat) and ntr > 0:
        if top[3] == 0 or bits[hi] > top[3]:
            return hi
        if (s[S_MAKER] == seat and ntr >= 3) or (ntr >= 2 and boss_i < 0):
            return lo
    if boss_i >= 0:
        return boss_i
    if ntr > 0 and nplain == 0:
        return hi if bits[hi] > top[3] else lo
    partner_suits = 0
    for p in range(4):
        if (mates >> p) & 1:
            partner_suits |= s[S_LEDBY + p]
    back_any_boss = False
    nback = 0
    for i in range(m):
        if groups[i] != 3 and (partner_suits >> groups[i]) & 1:
            nback += 1
            if bits[i] > top[groups[i]]:
                back_any_boss = True
    best = -1
    best_key = 1 << 30
    for i in range(m):
        if groups[i] == 3:
            continue
        off = offs[i]
        cnt = counts[groups[i]]
        if nback > 0:
            if not (partner_suits >> groups[i]) & 1:
                continue
            key = (15 - off) if back_any_boss else off
        elif ntr > 0:
            key = cnt * 16 + off
        else:
            key = off * 16 + cnt
        if key < best_key:
            best_key = key
            best = i
    return best


@njit(cache=True, nogil=True)
def _follow(s: np.ndarray, seat: int, bits: np.ndarray, groups: np.ndarray, offs: np.ndarray,
            counts: np.ndarray, m: int, top: np.ndarray, mates: int, led: int, t: int, guards: bool,
            outstanding: int) -> int:
    eligible = (GROUP_MASK << 48) | (GROUP_MASK << (16 * led))
    nt = s[S_NTABLE]
    winner = -1
    win = 0
    done = 1 << seat
    for i in range(nt):
        c = BIT[t, s[S_TABLE_CARD + i]]
        v = c if (c & eligible) != 0 else 0
        if v > win:
            win = v
            winner = s[S_TABLE_SEAT + i]
        done |= 1 << s[S_TABLE_SEAT + i]
    after = 0
    n = s[S_PLAYERS]
    nxt = (seat + 1) % n
    while not (done >> nxt) & 1:
        if not (s[S_OUT] >> nxt) & 1:
            after |= 1 << nxt
        nxt = (nxt + 1) % n
    opps = after & ~mates
    can_follow = groups[0] == led
    w_first = -1
    w_last = -1
    safe_first = -1
    for i in range(m):
        v = bits[i] if (bits[i] & eligible) != 0 else 0
        if v > win:
            if w_first < 0 or v < bits[w_first]:
                w_first = i
            if w_last < 0 or v > bits[w_last]:
                w_last = i
            if _holds(s, v, opps, top, led) and (safe_first < 0 or v < bits[safe_first]):
                safe_first = i
    if (mates >> winner) & 1:
        if _holds(s, win, opps, top, led):
            return _throw(bits, groups, offs, counts, m, top, can_follow, guards)
        if safe_first >= 0:
            return _sure_winner(s, opps, top, led, safe_first, w_first, can_follow)
        # third hand high over a partner's card that may be beaten: the lowest card that beats
        # it with an unseen card between the two (else it raises the bar for nobody)
        over = -1
        for i in range(m):
            v = bits[i] if (bits[i] & eligible) != 0 else 0
            if v > win and (outstanding & eligible & ~((win << 1) - 1) & (v - 1)) != 0:
                if over < 0 or v < bits[over]:
                    over = i
        if over >= 0:
            return over
        return _throw(bits, groups, offs, counts, m, top, can_follow, guards)
    if w_first < 0:
        return _throw(bits, groups, offs, counts, m, top, can_follow, guards)
    if opps == 0:
        return w_first
    if (after & mates) != 0:
        if can_follow:
            if safe_first >= 0:
                return safe_first
            return _throw(bits, groups, offs, counts, m, top, can_follow, guards)
        if win >= top[led] or win >= TRUMP_BITS:
            return _sure_winner(s, opps, top, led, safe_first, w_first, False)
        return _throw(bits, groups, offs, counts, m, top, can_follow, guards)
    if safe_first >= 0:
        return _sure_winner(s, opps, top, led, safe_first, w_first, can_follow)
    return w_last if can_follow else w_first


@njit(cache=True, nogil=True, inline="always")
def _sure_winner(s: np.ndarray, opps: int, top: np.ndarray, led: int, safe_first: int, w_first: int,
                 following: bool) -> int:
    """``engine.players.club_play.sure_winner``: following suit, the lowest safe winner; ruffing,
    the lowest winning trump, the lowest safe one only when an opponent still to play has shown
    out of the led suit and may overruff."""
    if following:
        return safe_first
    if top[3] != 0:
        for o in range(4):
            if (opps >> o) & 1 and (s[S_SHOWN + o] >> led) & 1:
                return safe_first if safe_first >= 0 else w_first
    return w_first


@njit(cache=True, nogil=True)
def _holds(s: np.ndarray, v: int, opps: int, top: np.ndarray, led: int) -> bool:
    """Would a card of value ``v`` in this trick survive the opponents still to play?"""
    if opps == 0:
        return True
    if v >= TRUMP_BITS:
        return bool(v > top[3])
    if v < top[led]:
        return False
    if top[3] == 0:
        return True
    for o in range(4):
        if (opps >> o) & 1 and (s[S_SHOWN + o] >> led) & 1:
            return False
    return True


@njit(cache=True, nogil=True)
def _throw(bits: np.ndarray, groups: np.ndarray, offs: np.ndarray, counts: np.ndarray, m: int,
           top: np.ndarray, following: bool, guards: bool) -> int:
    """``engine.players.club_play.throw_off``: ``guards`` (against a maker without a partner)
    throws a card that keeps a suit before one that makes a void."""
    all_trump = True
    for i in range(m):
        if groups[i] != 3:
            all_trump = False
    best = -1
    if following or all_trump:
        for i in range(m):
            if best < 0 or bits[i] < bits[best]:
                best = i
        return best
    best_key = 1 << 30
    for i in range(m):
        if groups[i] == 3:
            continue
        off = offs[i]
        high = bits[i] > top[groups[i]] or off == 7
        void = counts[groups[i]] == 1
        key = (1000 if high else 0) + (100 if void == guards else 0) + off
        if key < best_key:
            best_key = key
            best = i
    return best


