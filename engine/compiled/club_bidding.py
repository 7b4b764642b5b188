"""The Club player's bidding, discard and defend-alone choices: its one implementation (numba).

Works on card codes and the flat state (``engine.compiled.encoding``): the trick estimate,
the seat-aware bid strength, the discard rule (ties broken by hand order), and the choices
built on them. Each choice returns its action code and writes its reason into the state
(``encoding.S_WHY_*`` and ``R_*``); ``engine.players.club.ClubPlayer`` is the adapter that
turns a seat's view into the state and the reason into a sentence. Its numbers are in
``engine.compiled.club_numbers``. ``tests/compiled/test_compiled_club.py`` checks the choices
are legal (``engine.core.hand.legal_actions``) in every rules variant; ``tests/players`` hold the
hand-worked choices and their sentences.

``needs`` is the Club player's thresholds as a table by seat and round:
``needs[seat counted left from the dealer (0 = the dealer), round (0: round 1 or naming
trump, 1: round 2)]`` is the bid strength it wants before calling (``need_table``:
``call_threshold(rules, score) - boldness`` plus the player's ``caution`` for that seat
and round) and ``needs[seat, 2 + round]`` the trick estimate it wants (with the top trump)
before going alone (``ALONE_THRESHOLD`` plus the caution's second eight numbers); and
``alone_worth`` is its ``alone_worthwhile(rules, score)``: the numbers through which a
``ClubPlayer``'s score, boldness and caution act.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.compiled.club_numbers import (
    ACE_LONG,
    ACE_SHORT,
    ALONE_THRESHOLD,
    DEFEND_ALONE_THRESHOLD,
    JOKER_KEPT,
    KING_BARE,
    KING_GUARDED,
    KING_WITH_ACE,
    LENGTH_BONUS,
    NEXT_BONUS,
    REVERSE_NEXT_BONUS,
    TOP_SEQUENCE_VALUE,
    UPCARD_EXTRA,
    UPCARD_SHARE,
    VOID_BONUS,
)
from engine.compiled.club_numbers import TRUMP_VALUE as _TRUMP_BY_STRENGTH
from engine.compiled.encoding import (
    A_CALL,
    A_CALL_ALONE,
    A_DECLINE,
    A_DEFEND_ALONE,
    A_DISCARD,
    A_NAME,
    A_NAME_ALONE,
    A_ORDER,
    A_ORDER_ALONE,
    A_PASS,
    BITPOS,
    JOKER_CODE,
    P_BID1,
    P_BID2,
    P_NAME,
    R_CALL,
    R_CALL_ALONE,
    R_DECLINE,
    R_DEFEND_ALONE,
    R_DISCARD,
    R_LET_PARTNER_HELP,
    R_NAME,
    R_NAME_ALONE,
    R_ORDER,
    R_ORDER_ALONE,
    R_PASS_ROUND_ONE,
    R_PASS_ROUND_TWO,
    R_STICK,
    S_DEALER,
    S_DISCARD_UP,
    S_DOWN,
    S_HANDS,
    S_JOKER,
    S_OPTIONAL,
    S_PHASE,
    S_PLAYERS,
    S_STICK,
    S_TRUMP,
    S_UPCARD,
    S_WHY_REASON,
    S_WHY_SUIT,
)

# The Club player's numbers come from engine.compiled.club_numbers, never restated. Its trump
# values are keyed by strength under trump (7 = 21 ... A = 27, left 28, right 29, joker 30);
# here by the offset inside the trump group of the bit encoding (7..A = 0..6, left 7, right 8,
# joker 9), which is the strength minus 21.
TRUMP_VALUE = np.array([_TRUMP_BY_STRENGTH[21 + offset] for offset in range(10)])
ACE_OFFSET, KING_OFFSET = 7, 6


@njit(cache=True, nogil=True, inline="always")
def _pos(code: int, trump: int) -> int:
    return int(BITPOS[trump, code])


@njit(cache=True, nogil=True)
def trick_estimate(cards: np.ndarray, n: int, trump: int, joker_deck: bool) -> float:
    """``evaluate.trick_estimate`` of ``cards[:n]`` (hand order)."""
    offs = np.empty(6, dtype=np.int64)
    ntr = 0
    counts = np.zeros(3, dtype=np.int64)
    for i in range(n):
        p = _pos(cards[i], trump)
        if p >= 48:
            o = p - 48
            j = ntr  # insertion sort, high to low
            while j > 0 and offs[j - 1] < o:
                offs[j] = offs[j - 1]
                j -= 1
            offs[j] = o
            ntr += 1
        else:
            counts[p >> 4] += 1
    total = 0.0
    expect = 9 if joker_deck else 8
    for i in range(ntr):
        if offs[i] == expect:
            total += TOP_SEQUENCE_VALUE
            expect -= 1
        else:
            total += TRUMP_VALUE[offs[i]]
            expect = -100
    if ntr > 2:
        total += LENGTH_BONUS * (ntr - 2)
    for i in range(n):
        p = _pos(cards[i], trump)
        if p >= 48:
            continue
        g = p >> 4
        o = p & 15
        if o == ACE_OFFSET:
            total += ACE_SHORT if counts[g] <= 2 else ACE_LONG
        elif o == KING_OFFSET:
            has_ace = False
            for k in range(n):
                if _pos(cards[k], trump) == (g << 4) + ACE_OFFSET:
                    has_ace = True
            if has_ace:
                total += KING_WITH_ACE
            else:
                total += KING_GUARDED if counts[g] >= 2 else KING_BARE
    if ntr >= 2:
        voids = 0
        for g in range(3):
            if counts[g] == 0:
                voids += 1
        total += VOID_BONUS * min(voids, 2)
    return total


@njit(cache=True, nogil=True)
def best_discard(cards: np.ndarray, n: int, trump: int) -> int:
    """``evaluate.best_discard``: the index in ``cards[:n]`` of the card to throw."""
    counts = np.zeros(3, dtype=np.int64)
    nplain = 0
    for i in range(n):
        p = _pos(cards[i], trump)
        if p < 48:
            counts[p >> 4] += 1
            nplain += 1
    best = -1
    best_key = 1 << 40
    for i in range(n):
        p = _pos(cards[i], trump)
        if nplain == 0:
            key = p
        elif p >= 48:
            continue
        else:
            cnt = counts[p >> 4]
            o = p & 15
            key = (1 if o == ACE_OFFSET else 0) * 1000 + (1 if cnt != 1 else 0) * 100 + o * 10 + cnt
        if key < best_key:
            best_key = key
            best = i
    return best


@njit(cache=True, nogil=True)
def hand_of(s: np.ndarray, seat: int, out: np.ndarray) -> int:
    """The seat's cards in hand order into ``out``; returns how many."""
    n = 0
    for i in range(5):
        c = s[S_HANDS + 5 * seat + i]
        if c >= 0:
            out[n] = c
            n += 1
    return n


@njit(cache=True, nogil=True)
def dealer_five(hand: np.ndarray, n: int, upcard: int, trump: int, five: np.ndarray) -> int:
    """``evaluate.dealer_hand``: the hand plus the upcard less the club discard; returns the
    index (0..n, n = the upcard) of the discard."""
    six = np.empty(6, dtype=np.int64)
    for i in range(n):
        six[i] = hand[i]
    six[n] = upcard
    out = best_discard(six, n + 1, trump)
    k = 0
    for i in range(n + 1):
        if i != out:
            five[k] = six[i]
            k += 1
    return out


@njit(cache=True, nogil=True, inline="always")
def _suit_of(code: int) -> int:
    return 4 if code == JOKER_CODE else code >> 3


@njit(cache=True, nogil=True, inline="always")
def _partner_deals(s: np.ndarray, seat: int) -> bool:
    d = s[S_DEALER]
    return bool(s[S_PLAYERS] == 4 and d != seat and d % 2 == seat % 2)


@njit(cache=True, nogil=True)
def bid_strength(s: np.ndarray, seat: int, hand: np.ndarray, n: int, trump: int) -> float:
    """``evaluate.bid_strength`` (not alone) for the seat's phase in ``s``."""
    phase = s[S_PHASE]
    joker = s[S_JOKER] == 1
    up = s[S_UPCARD]
    kept = 0.0
    if phase == P_BID1:
        for i in range(n):
            if hand[i] == JOKER_CODE:
                kept = JOKER_KEPT
    if phase == P_NAME or (phase == P_BID1 and seat == s[S_DEALER]):
        five = np.empty(5, dtype=np.int64)
        dealer_five(hand, n, up, trump, five)
        value = trick_estimate(five, 5, trump, joker)
        if phase == P_BID1 and s[S_OPTIONAL] == 1:
            value = max(value, trick_estimate(hand, n, trump, joker))
        return value - kept
    value = trick_estimate(hand, n, trump, joker) - kept
    if phase == P_BID1:
        p = _pos(up, trump)
        uv = TRUMP_VALUE[p - 48] if p >= 48 else 0.0
        if _partner_deals(s, seat):
            value += UPCARD_SHARE * uv + UPCARD_EXTRA
        else:
            value -= UPCARD_SHARE * uv + UPCARD_EXTRA
    elif phase == P_BID2 and s[S_DOWN] >= 0:
        down = s[S_DOWN]
        dealer_side = seat == s[S_DEALER] or _partner_deals(s, seat)
        partner_suit = 3 - down  # clubs<->spades, diamonds<->hearts (Suit values 0..3)
        red_t = trump == 1 or trump == 2
        red_d = down == 1 or down == 2
        if trump == partner_suit and not dealer_side:
            value += NEXT_BONUS
        elif red_t != red_d and dealer_side:
            value += REVERSE_NEXT_BONUS
    return value


@njit(cache=True, nogil=True)
def strong_enough_alone(hand: np.ndarray, n: int, trump: int, joker: bool, threshold: float) -> bool:
    top = 57 if joker else 56
    found = False
    for i in range(n):
        if _pos(hand[i], trump) == top:
            found = True
    if not found:
        return False
    return trick_estimate(hand, n, trump, joker) >= threshold


def need_table(need: float, caution: tuple[float, ...] = ()) -> np.ndarray:
    """The (4, 4) table of thresholds: columns 0-1 the call threshold ``need`` plus
    ``caution[2 * seat from the dealer + round]``, columns 2-3 the alone threshold
    ``ALONE_THRESHOLD`` plus ``caution[8 + 2 * seat + round]`` (a caution of 8 numbers moves
    the call thresholds only; none: the same thresholds everywhere)."""
    table = np.empty((4, 4), dtype=np.float64)
    table[:, :2] = need
    table[:, 2:] = ALONE_THRESHOLD
    if caution:
        table[:, :2] += np.array(caution[:8], dtype=np.float64).reshape(4, 2)
    if len(caution) > 8:
        table[:, 2:] += np.array(caution[8:16], dtype=np.float64).reshape(4, 2)
    return table


@njit(cache=True, nogil=True, inline="always")
def need_at(s: np.ndarray, seat: int, needs: np.ndarray, first: int = 0) -> float:
    """The threshold for ``seat`` now, by its place left of the dealer and the round: the call
    threshold (``first`` 0) or the alone threshold (``first`` 2, ``need_table``'s columns 2-3)."""
    rel = (seat - s[S_DEALER]) % s[S_PLAYERS]
    need: float = needs[rel, first + (1 if s[S_PHASE] == P_BID2 else 0)]
    return need


@njit(cache=True, nogil=True)
def club_bid(s: np.ndarray, seat: int, needs: np.ndarray, alone_worth: bool) -> int:
    """The Club player's action code in phase BID1, BID2 or NAME for ``seat``; its reason and the
    suit it weighed into ``s[S_WHY_REASON]`` and ``s[S_WHY_SUIT]``."""
    need = need_at(s, seat, needs)
    alone_need = need_at(s, seat, needs, 2)
    hand = np.empty(5, dtype=np.int64)
    n = hand_of(s, seat, hand)
    phase = s[S_PHASE]
    joker = s[S_JOKER] == 1
    can_alone = s[S_PLAYERS] == 4 and alone_worth
    if phase == P_BID1:
        up = s[S_UPCARD]
        trump = _suit_of(up)
        strength = bid_strength(s, seat, hand, n, trump)
        s[S_WHY_SUIT] = trump
        five = np.empty(5, dtype=np.int64)
        if seat == s[S_DEALER]:
            dealer_five(hand, n, up, trump, five)
        else:
            for i in range(n):
                five[i] = hand[i]
        if can_alone and strong_enough_alone(five, 5, trump, joker, alone_need):
            s[S_WHY_REASON] = R_ORDER_ALONE
            return A_ORDER_ALONE
        if strength >= need:
            s[S_WHY_REASON] = R_ORDER
            return A_ORDER
        s[S_WHY_REASON] = R_PASS_ROUND_ONE
        return A_PASS
    if phase == P_BID2:
        best = -1
        best_strength = -1e9
        for t in range(4):
            if t == s[S_DOWN]:
                continue
            v = bid_strength(s, seat, hand, n, t)
            if v > best_strength:
                best_strength = v
                best = t
        s[S_WHY_SUIT] = best
        if can_alone and strong_enough_alone(hand, n, best, joker, alone_need):
            s[S_WHY_REASON] = R_CALL_ALONE
            return A_CALL_ALONE + best
        if best_strength >= need:
            s[S_WHY_REASON] = R_CALL
            return A_CALL + best
        if s[S_STICK] == 1 and seat == s[S_DEALER]:
            s[S_WHY_REASON] = R_STICK
            return A_CALL + best
        s[S_WHY_REASON] = R_PASS_ROUND_TWO
        return A_PASS
    # P_NAME: the joker was turned up; the dealer names its best suit
    best = -1
    best_strength = -1e9
    for t in range(4):
        v = bid_strength(s, seat, hand, n, t)
        if v > best_strength:
            best_strength = v
            best = t
    s[S_WHY_SUIT] = best
    five = np.empty(5, dtype=np.int64)
    dealer_five(hand, n, s[S_UPCARD], best, five)
    if can_alone and strong_enough_alone(five, 5, best, joker, alone_need):
        s[S_WHY_REASON] = R_NAME_ALONE
        return A_NAME_ALONE + best
    s[S_WHY_REASON] = R_NAME
    return A_NAME + best


@njit(cache=True, nogil=True)
def club_discard(s: np.ndarray, seat: int) -> int:
    """The Club dealer's discard (or decline) after trump is made."""
    hand = np.empty(6, dtype=np.int64)
    n = hand_of(s, seat, hand)
    trump = s[S_TRUMP]
    up = s[S_UPCARD]
    hand[n] = up
    out = best_discard(hand, n + 1, trump)
    s[S_WHY_SUIT] = trump
    if out == n:
        if s[S_OPTIONAL] == 1 and up != JOKER_CODE:
            s[S_WHY_REASON] = R_DECLINE
            return A_DECLINE
        if s[S_DISCARD_UP] == 0:
            out = best_discard(hand, n, trump)
    s[S_WHY_REASON] = R_DISCARD
    return A_DISCARD + int(hand[out])


@njit(cache=True, nogil=True)
def club_defend(s: np.ndarray, seat: int) -> int:
    """Defend alone against a loner, or let the partner help."""
    hand = np.empty(5, dtype=np.int64)
    n = hand_of(s, seat, hand)
    s[S_WHY_SUIT] = s[S_TRUMP]
    if trick_estimate(hand, n, s[S_TRUMP], s[S_JOKER] == 1) >= DEFEND_ALONE_THRESHOLD:
        s[S_WHY_REASON] = R_DEFEND_ALONE
        return A_DEFEND_ALONE
    s[S_WHY_REASON] = R_LET_PARTNER_HELP
    return A_PASS
