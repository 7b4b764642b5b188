"""The Club player's card play and a whole hand's play-out, compiled (numba).

This is the analyzer's *realistic* mode: club-level play by every seat. It ports
``engine.players.club_play`` and ``engine.players.tracking`` to the bitmask
encoding of ``engine.fastcore`` (under trump a card is one bit, each effective
suit a 16-bit group, higher bit = stronger card), and ``engine.hand.apply`` to the
flat state of ``engine.analysis.fastcards``. Ties among equally good cards go to
the first in hand order, as ``min``/``sorted`` do in the Python player.

- ``club_decide(s, seat, need, alone_worth)``: the Club player's action code;
- ``apply_action(s, code)``: the next state, in place (the caller only passes legal
  actions; the differential test replays every line through ``engine.hand.apply``);
- ``advance(s, need, alone_worth, until_play)``: club players act until the hand is
  over (or, with ``until_play``, the first lead is due);
- ``outcome(s, me, tricks, res)``: the result for ``me`` as ``engine.analysis.playout``'s
  ``outcome_of`` gives it: maker (-1 thrown in), makers' tricks, points to us, to them.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.analysis.fastbid import club_bid, club_defend, club_discard, hand_of
from engine.analysis.fastcards import (
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
    S_DECK,
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
from engine.fastcore import _high_bit

TRUMP_BITS = 1 << 48
GROUP_MASK = 0xFFFF


@njit(cache=True, nogil=True, inline="always")
def next_active(s: np.ndarray, seat: int) -> int:
    n = s[S_PLAYERS]
    nxt = (seat + 1) % n
    while (s[S_OUT] >> nxt) & 1:
        nxt = (nxt + 1) % n
    return int(nxt)


@njit(cache=True, nogil=True, inline="always")
def maker_side(s: np.ndarray, seat: int) -> bool:
    m = s[S_MAKER]
    if m < 0:
        return False
    if s[S_PLAYERS] == 4:
        return bool(seat % 2 == m % 2)
    return bool(seat == m)


# ---- transitions (engine.hand.apply) ---------------------------------------------------


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
    """``engine.hand.apply`` for a legal action code, in place."""
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


# ---- card play (engine.players.club_play) ----------------------------------------------


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
    return A_PLAY + int(cards[_follow(s, seat, bits, groups, offs, counts, m, top, mates, led, t)])


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
            counts: np.ndarray, m: int, top: np.ndarray, mates: int, led: int, t: int) -> int:
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
            return _throw(bits, groups, offs, counts, m, top, can_follow)
        if safe_first >= 0:
            return safe_first
        return _throw(bits, groups, offs, counts, m, top, can_follow)
    if w_first < 0:
        return _throw(bits, groups, offs, counts, m, top, can_follow)
    if opps == 0:
        return w_first
    if (after & mates) != 0:
        if can_follow:
            if safe_first >= 0:
                return safe_first
            return _throw(bits, groups, offs, counts, m, top, can_follow)
        if win >= top[led] or win >= TRUMP_BITS:
            return safe_first if safe_first >= 0 else w_first
        return _throw(bits, groups, offs, counts, m, top, can_follow)
    if safe_first >= 0:
        return safe_first
    return w_last if can_follow else w_first


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
           top: np.ndarray, following: bool) -> int:
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
        key = (1000 if high else 0) + (100 if counts[groups[i]] != 1 else 0) + off
        if key < best_key:
            best_key = key
            best = i
    return best


# ---- deciding and playing out ------------------------------------------------------------


@njit(cache=True, nogil=True)
def club_decide(s: np.ndarray, seat: int, need: float, alone_worth: bool) -> int:
    phase = s[S_PHASE]
    if phase == P_PLAY:
        return club_play(s, seat)
    if phase == P_DISCARD:
        return club_discard(s, seat)
    if phase == P_DEFEND:
        return club_defend(s, seat)
    return club_bid(s, seat, need, alone_worth)


@njit(cache=True, nogil=True)
def advance(s: np.ndarray, need: float, alone_worth: bool, until_play: bool) -> None:
    while s[S_PHASE] != P_OVER:
        if until_play and s[S_PHASE] == P_PLAY:
            return
        apply_action(s, club_decide(s, s[S_TO_ACT], need, alone_worth))


@njit(cache=True, nogil=True)
def play_line(s: np.ndarray, need: float, alone_worth: bool, line: np.ndarray) -> int:
    """``advance`` to the end, writing each action code into ``line``; returns how many."""
    k = 0
    while s[S_PHASE] != P_OVER:
        code = club_decide(s, s[S_TO_ACT], need, alone_worth)
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
    make, march, euchre = 1, 2, 2
    if players == 3:
        march = 3
    elif s[S_ALONE] == 1:
        march = 4
        if s[S_LONE_DEF] >= 0:
            euchre = 4
    makers = march if tricks == 5 else (make if tricks >= 3 else 0)
    defenders = 0 if tricks >= 3 else euchre
    if maker_side(s, me):
        us, them = makers, defenders
    else:
        us = defenders
        them = makers if (players != 3 or makers != 0) else defenders
    res[0] = maker
    res[1] = tricks
    res[2] = us
    res[3] = them
