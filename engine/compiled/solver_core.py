"""The solver's hot loop: bitmask hands and a jitted alpha-beta search (numba).

Encoding (for one trump suit). A card is one bit of an int64. Each *effective*
suit owns a 16-bit group, and inside a group a higher bit is a stronger card:

- group 3 (bits 48..57) is trump: 7 8 9 T Q K A, left bower, right bower, joker
  at bit offsets 0..9 (the 8 and 7 only exist in the bigger decks);
- groups 0, 1, 2 are the other three suits in ``Suit`` order: 7 8 9 T J Q K A at
  offsets 0..7 (the suit that lent its jack to trump has no jack).

So any trump outranks any plain card by plain integer comparison, "follow suit"
is ``hand & group``, and a trick is won by the largest card that is trump or of
the led group. Seats that play are numbered 0..k-1 around the table ("positions",
k is 2, 3 or 4 — lone hands drop a seat); ``maker_mask`` has bit p set when
position p is on the makers' side.

Search. Fail-soft alpha-beta on "makers' tricks from here on", with

- a transposition table at trick boundaries keyed by (cards still held, leader)
  and storing lower/upper bounds; its entries carry a stamp, so a new deal only
  bumps the stamp instead of clearing the table;
- equivalent cards pruned (two cards of one suit in one hand with no live card
  of another hand, and no card on the table, between them are the same move);
- move ordering: the leader tries boss cards first, then low cards; a follower
  whose side is winning plays low, otherwise the cheapest card that wins first;
- trick cut-offs: the window is clipped to [0, tricks left], so a null-window
  question ("do the makers reach 3?", "is it a march?") stops as soon as it is
  decided.

A position (``Position``, for ``search`` and ``card_values``) is the tuple ``(hands, k,
maker_mask, leader, table, n_table, tricks_left)``: ``hands`` int64[4] (cards held, by
position), ``table`` int64[4] (cards on the table in play order), ``leader`` (position that led
this trick), ``tricks_left`` (including the trick in progress); ``solve_batch`` takes the same
fields as arrays, one row per position.

Every function here is compiled with ``cache=True`` and ``nogil=True``; a table
(``new_table()``, one tuple of arrays; ``thread_table()``, this thread's) must not be shared
between threads at the same time.
"""

from __future__ import annotations

import threading

import numpy as np
from numba import njit

GROUP_BITS = 16
TRUMP_MASK = 0x3FF << 48
G2_MASK = 0xFFFF << 32
G1_MASK = 0xFFFF << 16
G0_MASK = 0xFFFF
LEADER_SHIFT = 60
TT_BITS = 15
TT_SIZE = 1 << TT_BITS
MAX_PLY = 24
TRICKS_AT = 2  # scratch[2 + 4 * t : 6 + 4 * t] holds the cards on the table when t tricks are left
MOVES_AT = TRICKS_AT + 4 * 6
HASH_MUL = 0x9E3779B97F4A7C15 - (1 << 64)  # golden-ratio multiplier as a signed int64


# A transposition table (``new_table``): keys, lower, upper, stamps, scratch.
Table = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]
# A position to solve: hands, k, maker_mask, leader, table, n_table, tricks_left (the module's docstring).
Position = tuple[np.ndarray, int, int, int, np.ndarray, int, int]


def new_table() -> Table:
    """A fresh transposition table: (keys, lower, upper, stamps, scratch).

    ``scratch`` holds the running stamp (``scratch[0]``), the node counter
    (``scratch[1]``), the cards on the table per trick, the move lists per ply and the
    explicit search stack; pass the tuple to the solve functions unchanged. Only
    ``TT_SIZE`` entries are used (the hash is fixed at ``TT_BITS`` bits).
    """
    keys = np.zeros(TT_SIZE, dtype=np.int64)
    lower = np.zeros(TT_SIZE, dtype=np.int8)
    upper = np.zeros(TT_SIZE, dtype=np.int8)
    stamps = np.zeros(TT_SIZE, dtype=np.int64)
    scratch = np.zeros(SCRATCH_SIZE, dtype=np.int64)
    return keys, lower, upper, stamps, scratch


_local = threading.local()


def thread_table() -> Table:
    """This thread's table (made on first use): the solver's entry points and the analyzer's deal
    loop share it, as each search bumps the stamp and so ignores what an earlier one stored."""
    tt: Table | None = getattr(_local, "tt", None)
    if tt is None:
        tt = new_table()
        _local.tt = tt
    return tt


@njit(cache=True, nogil=True, inline="always")
def group_of(card: int) -> int:
    """The 16-bit group mask that holds ``card`` (a single bit)."""
    if card >= (1 << 48):
        return TRUMP_MASK
    if card >= (1 << 32):
        return G2_MASK
    if card >= (1 << 16):
        return G1_MASK
    return G0_MASK


@njit(cache=True, nogil=True, inline="always")
def legal_mask(hand: int, led: int) -> int:
    """Cards of ``hand`` that may be played when ``led`` (0 if leading) was led."""
    if led == 0:
        return hand
    follow = hand & group_of(led)
    if follow != 0:
        return follow
    return hand


@njit(cache=True, nogil=True, inline="always")
def winning_index(cards: np.ndarray, off: int, n: int) -> int:
    """Index (0..n-1) of the card winning so far among ``cards[off:off + n]`` (play order)."""
    eligible = TRUMP_MASK | group_of(cards[off])
    best = 0
    best_card = cards[off]
    for i in range(1, n):
        c = cards[off + i]
        if (c & eligible) != 0 and c > best_card:
            best = i
            best_card = c
    return best


@njit(cache=True, nogil=True, inline="always")
def _high_bit(x: int) -> int:
    """The highest set bit of a positive ``x``."""
    x |= x >> 1
    x |= x >> 2
    x |= x >> 4
    x |= x >> 8
    x |= x >> 16
    x |= x >> 32
    return x ^ (x >> 1)


@njit(cache=True, nogil=True, inline="always")
def _redundant(card: int, own: int, blockers: int) -> bool:
    """True when a higher card of the same run in ``own`` makes ``card`` an equivalent move."""
    above = own & group_of(card) & ~((card << 1) - 1)
    if above == 0:
        return False
    nxt = above & -above
    between = (nxt - 1) & ~((card << 1) - 1)
    return (blockers & between) == 0


@njit(cache=True, nogil=True, inline="always")
def _push_moves(cards: int, hand: int, blockers: int, s: np.ndarray, base: int, n: int) -> int:
    """Append ``cards``, low to high, to the moves ``s[base:base + n]`` but for those a higher card
    of ``hand`` makes equivalent (``_redundant``); return the new count."""
    x = cards
    while x != 0:
        c = x & -x
        x ^= c
        if not _redundant(c, hand, blockers):
            s[base + n] = c
            n += 1
    return n


@njit(cache=True, nogil=True)
def _order_moves(
    hands: np.ndarray, k: int, maker_mask: int, leader: int, s: np.ndarray, off: int, n_table: int, base: int
) -> int:
    """Write the moves to try for the position to act into ``s[base:]``; return how many.

    ``s[off:off + n_table]`` are the cards on the table.
    """
    seat = (leader + n_table) % k
    hand = hands[seat]
    others = 0
    for p in range(k):
        if p != seat:
            others |= hands[p]
    blockers = others
    for i in range(n_table):
        blockers |= s[off + i]
    n = 0
    if n_table == 0:
        # Boss cards (no other hand holds a higher card of that suit) first, trump first.
        rest = hand
        for g in (TRUMP_MASK, G2_MASK, G1_MASK, G0_MASK):
            mine = hand & g
            if mine != 0:
                top = _high_bit(mine)
                if (others & g & ~((top << 1) - 1)) == 0:
                    s[base + n] = top
                    n += 1
                    rest &= ~top
        # Then the others, low to high.
        return _push_moves(rest, hand, blockers, s, base, n)
    led = s[off]
    legal = legal_mask(hand, led)
    w = winning_index(s, off, n_table)
    win_card = s[off + w]
    side_winning = ((maker_mask >> ((leader + w) % k)) & 1) == ((maker_mask >> seat) & 1)
    if side_winning:
        beats = 0
    else:
        beats = legal & (TRUMP_MASK | group_of(led)) & ~((win_card << 1) - 1)
    n = _push_moves(beats, hand, blockers, s, base, n)
    return _push_moves(legal & ~beats, hand, blockers, s, base, n)


# Frame fields of the explicit search stack (numba cannot cache recursive functions).
F_LEADER, F_NT, F_TL, F_ALPHA, F_BETA, F_A, F_B, F_BEST, F_NMOV, F_MI = range(10)
F_KEY, F_SLOT, F_LO, F_HI, F_SEAT, F_MAX, F_BONUS = range(10, 17)
NF = 17
FRAMES_AT = MOVES_AT + MAX_PLY * 16
SCRATCH_SIZE = FRAMES_AT + MAX_PLY * NF
ENTER, NEXT, RETURN = 0, 1, 2


@njit(cache=True, nogil=True)
def _search(
    hands: np.ndarray,
    k: int,
    maker_mask: int,
    leader: int,
    n_table: int,
    tricks_left: int,
    alpha: int,
    beta: int,
    tt: Table,
) -> int:
    """Makers' tricks from here on (fail-soft within [alpha, beta]); an explicit-stack alpha-beta.

    The cards on the table are ``s[off:off + n_table]`` (``s``, the table's scratch) with
    ``off = TRICKS_AT + 4 * tricks_left``.
    """
    keys, lower, upper, stamps, s = tt
    ply = 0
    f = FRAMES_AT
    s[f + F_LEADER] = leader
    s[f + F_NT] = n_table
    s[f + F_TL] = tricks_left
    s[f + F_ALPHA] = alpha
    s[f + F_BETA] = beta
    mode = ENTER
    ret = 0
    while True:
        f = FRAMES_AT + ply * NF
        if mode == ENTER:
            s[1] += 1
            ld = s[f + F_LEADER]
            nt = s[f + F_NT]
            tl = s[f + F_TL]
            al = s[f + F_ALPHA]
            be = s[f + F_BETA]
            off = TRICKS_AT + 4 * tl
            s[f + F_SLOT] = -1
            mode = NEXT
            if nt == 0:
                if tl == 0:
                    ret = 0
                    mode = RETURN
                elif al >= tl:
                    ret = tl
                    mode = RETURN
                elif be <= 0:
                    ret = 0
                    mode = RETURN
                elif tl == 1:
                    for p in range(k):
                        s[off + p] = hands[(ld + p) % k]
                    w = (ld + winning_index(s, off, k)) % k
                    ret = (maker_mask >> w) & 1
                    mode = RETURN
                else:
                    held = 0
                    for p in range(k):
                        held |= hands[p]
                    key = held | (ld << LEADER_SHIFT)
                    slot = ((key * HASH_MUL) >> (64 - TT_BITS)) & (TT_SIZE - 1)
                    lo = 0
                    hi = tl
                    if stamps[slot] == s[0] and keys[slot] == key:
                        lo = int(lower[slot])
                        hi = int(upper[slot])
                        if lo >= be or lo == hi:
                            ret = lo
                            mode = RETURN
                        elif hi <= al:
                            ret = hi
                            mode = RETURN
                        else:
                            if lo > al:
                                al = lo
                            if hi < be:
                                be = hi
                    s[f + F_KEY] = key
                    s[f + F_SLOT] = slot
                    s[f + F_LO] = lo
                    s[f + F_HI] = hi
            if mode == NEXT:
                seat = (ld + nt) % k
                mx = (maker_mask >> seat) & 1
                s[f + F_SEAT] = seat
                s[f + F_MAX] = mx
                s[f + F_ALPHA] = al
                s[f + F_BETA] = be
                s[f + F_A] = al
                s[f + F_B] = be
                s[f + F_BEST] = -1 if mx == 1 else 99
                s[f + F_NMOV] = _order_moves(hands, k, maker_mask, ld, s, off, nt, MOVES_AT + ply * 16)
                s[f + F_MI] = 0
        elif mode == NEXT:
            mi = s[f + F_MI]
            if mi < s[f + F_NMOV] and s[f + F_A] < s[f + F_B]:
                card = s[MOVES_AT + ply * 16 + mi]
                s[f + F_MI] = mi + 1
                hands[s[f + F_SEAT]] ^= card
                nt = s[f + F_NT]
                tl = s[f + F_TL]
                off = TRICKS_AT + 4 * tl
                s[off + nt] = card
                c = f + NF
                if nt + 1 == k:
                    ld = s[f + F_LEADER]
                    w = (ld + winning_index(s, off, k)) % k
                    won = (maker_mask >> w) & 1
                    s[f + F_BONUS] = won
                    s[c + F_LEADER] = w
                    s[c + F_NT] = 0
                    s[c + F_TL] = tl - 1
                    s[c + F_ALPHA] = s[f + F_A] - won
                    s[c + F_BETA] = s[f + F_B] - won
                else:
                    s[f + F_BONUS] = 0
                    s[c + F_LEADER] = s[f + F_LEADER]
                    s[c + F_NT] = nt + 1
                    s[c + F_TL] = tl
                    s[c + F_ALPHA] = s[f + F_A]
                    s[c + F_BETA] = s[f + F_B]
                ply += 1
                mode = ENTER
            else:
                best = s[f + F_BEST]
                slot = s[f + F_SLOT]
                if slot >= 0:
                    lo = s[f + F_LO]
                    hi = s[f + F_HI]
                    if best <= s[f + F_ALPHA]:
                        if best < hi:
                            hi = best
                    elif best >= s[f + F_BETA]:
                        if best > lo:
                            lo = best
                    else:
                        lo = best
                        hi = best
                    keys[slot] = s[f + F_KEY]
                    stamps[slot] = s[0]
                    lower[slot] = lo
                    upper[slot] = hi
                ret = best
                mode = RETURN
        else:
            if ply == 0:
                return ret
            ply -= 1
            f = FRAMES_AT + ply * NF
            card = s[MOVES_AT + ply * 16 + s[f + F_MI] - 1]
            hands[s[f + F_SEAT]] ^= card
            v = ret + s[f + F_BONUS]
            if s[f + F_MAX] == 1:
                if v > s[f + F_BEST]:
                    s[f + F_BEST] = v
                    if v > s[f + F_A]:
                        s[f + F_A] = v
            else:
                if v < s[f + F_BEST]:
                    s[f + F_BEST] = v
                    if v < s[f + F_B]:
                        s[f + F_B] = v
            mode = NEXT


@njit(cache=True, nogil=True, inline="always")
def _load(table: np.ndarray, n_table: int, tricks_left: int, s: np.ndarray) -> None:
    off = TRICKS_AT + 4 * tricks_left
    for i in range(n_table):
        s[off + i] = table[i]


@njit(cache=True, nogil=True)
def search(position: Position, alpha: int, beta: int, tt: Table) -> int:
    """Makers' tricks from this position on, for a new deal (bumps the table's stamp).

    With a window [alpha, beta] the result is exact when strictly inside it, an
    upper bound when <= alpha and a lower bound when >= beta. The full window is
    (-1, tricks_left + 1). ``hands`` is restored before returning.
    """
    hands, k, maker_mask, leader, table, n_table, tricks_left = position
    scratch = tt[4]
    scratch[0] += 1
    _load(table, n_table, tricks_left, scratch)
    return _search(hands, k, maker_mask, leader, n_table, tricks_left, alpha, beta, tt)


@njit(cache=True, nogil=True)
def card_values(position: Position, tt: Table, out_cards: np.ndarray, out_values: np.ndarray) -> int:
    """Every legal card of the position to act and the makers' tricks from here if it is played.

    Writes the cards (single bits, low to high) and values into ``out_cards`` /
    ``out_values`` and returns how many. One stamp for the whole call, so the
    searches share their table entries.
    """
    hands, k, maker_mask, leader, table, n_table, tricks_left = position
    scratch = tt[4]
    scratch[0] += 1
    off = TRICKS_AT + 4 * tricks_left
    seat = (leader + n_table) % k
    legal = legal_mask(hands[seat], table[0] if n_table > 0 else 0)
    n = 0
    x = legal
    while x != 0:
        card = x & -x
        x ^= card
        _load(table, n_table, tricks_left, scratch)
        hands[seat] ^= card
        scratch[off + n_table] = card
        if n_table + 1 == k:  # the card ends the trick: the winner leads the next
            w = (leader + winning_index(scratch, off, k)) % k
            won = (maker_mask >> w) & 1
            lead, nt, left = w, 0, tricks_left - 1
        else:
            won = 0
            lead, nt, left = leader, n_table + 1, tricks_left
        v = won + _search(hands, k, maker_mask, lead, nt, left, -1, left + 1, tt)
        hands[seat] ^= card
        out_cards[n] = card
        out_values[n] = v
        n += 1
    return n


@njit(cache=True, nogil=True)
def solve_batch(
    hands: np.ndarray,
    k: np.ndarray,
    maker_mask: np.ndarray,
    leader: np.ndarray,
    table: np.ndarray,
    n_table: np.ndarray,
    tricks_left: np.ndarray,
    alpha: np.ndarray,
    beta: np.ndarray,
    tt: Table,
) -> np.ndarray:
    """``search`` for many positions (rows): hands (N, 4), table (N, 4), the rest (N,).

    Each row has its own window [alpha, beta] (full window: -1, tricks_left + 1).
    """
    n = hands.shape[0]
    out = np.empty(n, dtype=np.int64)
    h = np.zeros(4, dtype=np.int64)
    for i in range(n):
        for j in range(4):
            h[j] = hands[i, j]
        position = (h, k[i], maker_mask[i], leader[i], table[i], n_table[i], tricks_left[i])
        out[i] = search(position, alpha[i], beta[i], tt)
    return out


@njit(cache=True, nogil=True)
def trick_winner(table: np.ndarray, k: int, leader: int) -> int:
    """The position that wins a full trick ``table[:k]`` led by ``leader``."""
    return (leader + winning_index(table, 0, k)) % k
