"""The Club player's card play: its one implementation (numba), each card with its reason.

Leading: lead trump when your side made it (the top trump first — the right bower
saves the left), cash winners (the highest card left in a suit), lead back your
partner's suit, otherwise a low card (a low singleton when holding trumps). Following:
second hand low, third hand high (also over a partner's card that may still be beaten),
don't trump your partner's sure winner, ruff with the lowest trump that wins, win as
cheaply as you can when last, and throw off low cards (keep aces, make a void, never
waste a trump). Against a maker with no partner (a loner; every maker with fewer than four
players) the defence keeps its guards instead: it throws off by what each card guards
(``guard_worth``: nothing, a spare, a suit the other defender guards, a guard, the last guard of
a suit the maker may still hold), with no winner to cash it leads its highest plain card
through him (``_lead_through``), and a dealer among the defenders discards the card that guards
least (``loner_discard``, called for the discard by ``playout.club_decide``). Each choice writes its reason code into ``why``
(``encoding.R_*``, and ``s[S_WHY_THROW]`` for a throw-off); ``engine.players.club`` words it.

Under trump a card is one bit, each effective suit a 16-bit group (trump group 3 on
top) and a higher bit is a stronger card, so "boss", "beats the winning card" and
"can ruff" are integer comparisons. What the seat knows is worked out from the flat
state exactly as ``engine.players.tracking.read_table`` does from a view (cards played, its own
hand, its own discard if it dealt, the upcard when it stayed face up, who showed out of
which suit, which suits its side led): it never reads another seat's hand, so a state
encoded from a seat's view (``encoding.encode_view``) gives the same card. Ties among
equally good cards go to the first in hand order.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.compiled.club_bidding import hand_of
from engine.compiled.encoding import (
    A_DECLINE,
    A_DISCARD,
    A_PLAY,
    BIT,
    BITPOS,
    JOKER_CODE,
    R_CANNOT_WIN,
    R_CASH,
    R_DECLINE,
    R_DISCARD_AGAINST_LONER,
    R_LEAD_AGAINST_LONER,
    R_LEAD_BACK,
    R_LEAD_LOW,
    R_LEAD_LOW_TRUMP,
    R_LEAD_NO_TRUMP_LEFT,
    R_LEAD_RIGHT_SAVES_LEFT,
    R_LEAD_SINGLETON,
    R_LEAD_TOP_TRUMP,
    R_MATE_UNBEATEN_LOW,
    R_MATE_WINNING_LOW,
    R_MATE_WINNING_NO_RUFF,
    R_ONLY_CARD,
    R_ONLY_TRUMPS_LOW,
    R_ONLY_TRUMPS_TOP,
    R_OVER_MATE,
    R_RUFF_MATE_CANNOT,
    R_RUFF_OPPONENTS,
    R_SECOND_LOW,
    R_SECOND_LOW_KEEP,
    R_SURE_OVER_MATE,
    R_TAKE_HIGHEST,
    R_THIRD_HIGH_FORCE,
    R_THIRD_HIGH_WINS,
    R_WIN_CHEAPLY,
    S_DEALER,
    S_DECK,
    S_DISCARD_UP,
    S_DISCARDED,
    S_LEDBY,
    S_MAKER,
    S_NTABLE,
    S_OPTIONAL,
    S_OUT,
    S_PLAYED,
    S_PLAYERS,
    S_SHOWN,
    S_TABLE_CARD,
    S_TABLE_SEAT,
    S_TAKEN,
    S_TRUMP,
    S_UPCARD,
    S_WHY_REASON,
    S_WHY_SUIT,
    S_WHY_THROW,
    T_KEEPS_GUARDS,
    T_LOWEST,
    T_MAKES_VOID,
)
from engine.compiled.solver_core import _high_bit

TRUMP_BITS = 1 << 48
GROUP_MASK = 0xFFFF
RIGHT_BIT, LEFT_BIT = 1 << 56, 1 << 55  # the bowers' bits (trump group, offsets 8 and 7)
# The helpers below return a card's index among the legal cards packed with its reason:
# index + THROW * throw-off code (T_*) + REASON * reason code (R_*), read back with shifts.
THROW, REASON = 1 << 3, 1 << 5
GUARD_TIER = 256  # guard_worth: one tier outweighs every count and rank within a tier


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
    """The Club player's card (action code) for ``seat`` in the play phase; its reason into
    ``s[S_WHY_REASON]`` and ``s[S_WHY_THROW]``."""
    t = s[S_TRUMP]
    s[S_WHY_SUIT] = t
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
        s[S_WHY_REASON] = R_ONLY_CARD
        s[S_WHY_THROW] = T_LOWEST
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
        packed = _lead(s, seat, bits, groups, offs, counts, m, top, mates)
    else:
        packed = _follow(
            s,
            seat,
            bits,
            groups,
            offs,
            counts,
            m,
            top,
            mates,
            led,
            t,
            against_lone_maker(s, seat),
            outstanding,
        )
    s[S_WHY_REASON] = packed >> 5
    s[S_WHY_THROW] = (packed >> 3) & 3
    return A_PLAY + int(cards[packed & 7])


@njit(cache=True, nogil=True, inline="always")
def against_lone_maker(s: np.ndarray, seat: int) -> bool:
    """``seat`` defends against a maker without a partner: a loner, or any maker with fewer
    than four players (its throw-offs then keep guards, ``_throw``)."""
    m = s[S_MAKER]
    if m < 0 or maker_side(s, seat):
        return False
    if s[S_PLAYERS] != 4:
        return True
    return bool((s[S_OUT] >> ((m + 2) % 4)) & 1)


@njit(cache=True, nogil=True)
def _lead(
    s: np.ndarray,
    seat: int,
    bits: np.ndarray,
    groups: np.ndarray,
    offs: np.ndarray,
    counts: np.ndarray,
    m: int,
    top: np.ndarray,
    mates: int,
) -> int:
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
        if top[3] == 0:
            return hi + REASON * R_LEAD_NO_TRUMP_LEFT
        if bits[hi] > top[3]:
            if bits[hi] == RIGHT_BIT:
                for i in range(m):
                    if bits[i] == LEFT_BIT:
                        return hi + REASON * R_LEAD_RIGHT_SAVES_LEFT
            return hi + REASON * R_LEAD_TOP_TRUMP
        if (s[S_MAKER] == seat and ntr >= 3) or (ntr >= 2 and boss_i < 0):
            return lo + REASON * R_LEAD_LOW_TRUMP
    if boss_i >= 0:
        return boss_i + REASON * R_CASH
    if ntr > 0 and nplain == 0:
        if bits[hi] > top[3]:
            return hi + REASON * R_ONLY_TRUMPS_TOP
        return lo + REASON * R_ONLY_TRUMPS_LOW
    if against_lone_maker(s, seat):
        return _lead_through(s, groups, offs, counts, m) + REASON * R_LEAD_AGAINST_LONER
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
    if nback > 0:
        return best + REASON * R_LEAD_BACK
    if ntr > 0 and counts[groups[best]] == 1:
        return best + REASON * R_LEAD_SINGLETON
    return best + REASON * R_LEAD_LOW


@njit(cache=True, nogil=True)
def _follow(
    s: np.ndarray,
    seat: int,
    bits: np.ndarray,
    groups: np.ndarray,
    offs: np.ndarray,
    counts: np.ndarray,
    m: int,
    top: np.ndarray,
    mates: int,
    led: int,
    t: int,
    guards: bool,
    outstanding: int,
) -> int:
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
            c = _throw(s, bits, groups, offs, counts, m, top, can_follow, guards, mates, outstanding)
            if not can_follow and groups[c & 7] != 3:
                for i in range(m):
                    if groups[i] == 3:
                        return c + REASON * R_MATE_WINNING_NO_RUFF
            return c + REASON * R_MATE_WINNING_LOW
        if safe_first >= 0:
            return (
                _sure_winner(s, opps, top, led, safe_first, w_first, can_follow) + REASON * R_SURE_OVER_MATE
            )
        # third hand high over a partner's card that may be beaten: the lowest card that beats
        # it with an unseen card between the two (else it raises the bar for nobody)
        over = -1
        for i in range(m):
            v = bits[i] if (bits[i] & eligible) != 0 else 0
            if v > win and (outstanding & eligible & ~((win << 1) - 1) & (v - 1)) != 0:
                if over < 0 or v < bits[over]:
                    over = i
        if over >= 0:
            return over + REASON * R_OVER_MATE
        return (
            _throw(s, bits, groups, offs, counts, m, top, can_follow, guards, mates, outstanding)
            + REASON * R_MATE_UNBEATEN_LOW
        )
    if w_first < 0:
        return (
            _throw(s, bits, groups, offs, counts, m, top, can_follow, guards, mates, outstanding)
            + REASON * R_CANNOT_WIN
        )
    if opps == 0:
        return w_first + REASON * R_WIN_CHEAPLY
    if (after & mates) != 0:
        if can_follow:
            if safe_first >= 0:
                return safe_first + REASON * R_TAKE_HIGHEST
            return (
                _throw(s, bits, groups, offs, counts, m, top, can_follow, guards, mates, outstanding)
                + REASON * R_SECOND_LOW_KEEP
            )
        if win >= top[led] or win >= TRUMP_BITS:
            return _sure_winner(s, opps, top, led, safe_first, w_first, False) + REASON * R_RUFF_MATE_CANNOT
        return (
            _throw(s, bits, groups, offs, counts, m, top, can_follow, guards, mates, outstanding)
            + REASON * R_SECOND_LOW
        )
    if safe_first >= 0:
        return _sure_winner(s, opps, top, led, safe_first, w_first, can_follow) + REASON * R_THIRD_HIGH_WINS
    if can_follow:
        return w_last + REASON * R_THIRD_HIGH_FORCE
    return w_first + REASON * R_RUFF_OPPONENTS


@njit(cache=True, nogil=True, inline="always")
def _sure_winner(
    s: np.ndarray, opps: int, top: np.ndarray, led: int, safe_first: int, w_first: int, following: bool
) -> int:
    """The card to take the trick with. Following suit, the lowest that nothing unseen beats.
    Ruffing, the lowest trump that wins, since an opponent still to play who holds the suit must
    follow it; the lowest safe one only when an opponent still to play has shown out of the led
    suit and may overruff. Ruffing with a bower where a 9 would do throws away a trick later
    (bench/play_regret.py: the lowest trump gained 0.3 to 0.8 a ruff over the safest one; a
    duplicate match, 0.033 points a hand)."""
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
def _throw(
    s: np.ndarray,
    bits: np.ndarray,
    groups: np.ndarray,
    offs: np.ndarray,
    counts: np.ndarray,
    m: int,
    top: np.ndarray,
    following: bool,
    guards: bool,
    mates: int,
    outstanding: int,
) -> int:
    """The cheapest card to give up. Off suit, the lowest plain card that is not held back (the
    highest left in its suit, or an ace), preferring one that makes a void so a later lead of
    that suit can be trumped. Against a maker without a partner (``guards``: a loner, and every
    maker in the three- and two-player games) the plain card that guards least goes
    (``guard_worth``): such a maker pulls trump and leads his winners, so a void seldom gets
    ruffed, while a card kept may beat his last card (bench/defence_check.py --decision throw,
    docs/research/loner-defence.md: this gains 0.017 ± 0.006 a throw against a loner and
    0.009 ± 0.002 in cutthroat over the rule before it, aces and bosses held back then a card kept
    in every suit; making the void loses 0.047 and 0.024). Packed with ``THROW`` times how it was
    chosen: ``T_MAKES_VOID``, ``T_KEEPS_GUARDS`` (against a maker without a partner) or ``T_LOWEST``."""
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
    if guards:
        return _least_guard(s, bits, groups, offs, m, mates, outstanding) + THROW * T_KEEPS_GUARDS
    best_key = 1 << 30
    for i in range(m):
        if groups[i] == 3:
            continue
        off = offs[i]
        high = bits[i] > top[groups[i]] or off == 7
        void = counts[groups[i]] == 1
        key = (1000 if high else 0) + (0 if void else 100) + off
        if key < best_key:
            best_key = key
            best = i
    # how it was chosen (for the reason only)
    if counts[groups[best]] == 1:
        for i in range(m):
            if i != best and groups[i] != 3:
                return best + THROW * T_MAKES_VOID
    return best


@njit(cache=True, nogil=True, inline="always")
def _count(x: int) -> int:
    n = 0
    while x != 0:
        x &= x - 1
        n += 1
    return n


@njit(cache=True, nogil=True)
def guard_worth(
    s: np.ndarray,
    bits: np.ndarray,
    groups: np.ndarray,
    offs: np.ndarray,
    m: int,
    i: int,
    mates: int,
    outstanding: int,
) -> int:
    """What plain card ``i`` is worth as a guard against a lone maker: the lower, the sooner it
    is thrown off. By tiers (``GUARD_TIER`` times the tier):

    - 0: it guards nothing: the maker has shown void in its suit, or no unseen card of the suit
      is lower (it cannot beat a card the maker may still hold);
    - 1: a spare: a higher card of its suit stays in the hand as the guard;
    - 2: the other defender guards the suit (it led it, and has not shown void in it);
    - 3: a guard, the other defender's holding unknown;
    - 4: the last guard: no other defender, or the other has shown void in the suit or has just
      thrown a card of it in this trick (it lets the suit go, so this defender keeps it).

    Within a tier, the more unseen cards of its suit it beats the longer it stays, then the higher
    rank: a lone maker leads his winners first and his low cards last, and the more of those a
    card beats, the likelier it takes one. An ace or the highest card left is no exception: it
    counts as much as the unseen cards below it (with the maker's hand unseen, a low card it
    beats is as likely to be his last card as a low card of another suit)."""
    g = groups[i]
    mask = GROUP_MASK << (16 * g)
    below = _count(outstanding & mask & (bits[i] - 1))
    if (s[S_SHOWN + s[S_MAKER]] >> g) & 1 or below == 0:
        tier = 0
    else:
        tier = 4
        for j in range(m):
            if j != i and groups[j] == g and bits[j] > bits[i]:
                tier = 1
        if tier == 4:
            for p in range(4):
                if (mates >> p) & 1 and not (s[S_SHOWN + p] >> g) & 1 and not _threw_in_trick(s, p, g):
                    tier = 2 if (s[S_LEDBY + p] >> g) & 1 else 3
    return int(tier * GUARD_TIER + min(below, 15) * 16 + offs[i])


@njit(cache=True, nogil=True)
def _least_guard(
    s: np.ndarray,
    bits: np.ndarray,
    groups: np.ndarray,
    offs: np.ndarray,
    m: int,
    mates: int,
    outstanding: int,
) -> int:
    """The plain card that guards least against a lone maker (``guard_worth``); first in hand order on a tie."""
    best = -1
    best_key = 1 << 30
    for i in range(m):
        if groups[i] == 3:
            continue
        key = guard_worth(s, bits, groups, offs, m, i, mates, outstanding)
        if key < best_key:
            best_key = key
            best = i
    return best


@njit(cache=True, nogil=True)
def _threw_in_trick(s: np.ndarray, p: int, g: int) -> bool:
    """Has seat ``p`` thrown off a card of group ``g`` (neither the suit led nor trump) in the trick
    on the table? Such a defender has let that suit go: its partner keeps it."""
    t = s[S_TRUMP]
    nt = s[S_NTABLE]
    if nt == 0:
        return False
    led = _group(t, s[S_TABLE_CARD])
    for i in range(1, nt):
        if s[S_TABLE_SEAT + i] == p:
            h = _group(t, s[S_TABLE_CARD + i])
            return bool(h == g and h != led and h != 3)
    return False


@njit(cache=True, nogil=True)
def _lead_through(s: np.ndarray, groups: np.ndarray, offs: np.ndarray, counts: np.ndarray, m: int) -> int:
    """A defender's lead against a lone maker with no winner to cash: its highest plain card (then
    the longer suit), in a suit the maker has not shown void in when it can. If the maker has no
    higher card of the suit, it takes the trick; if he has, that card would have beaten it at the
    end anyway, and the other defender may still sit over him (bench/defence_check.py
    --decision loner-lead: 0.057 ± 0.024 a lead against a loner better than the low singleton
    led before, 0.008 ± 0.003 in cutthroat; leading the card that guards least, tried first, lost
    0.065 ± 0.022 a lead to it)."""
    best = -1
    best_key = -1
    void = s[S_SHOWN + s[S_MAKER]]
    for i in range(m):
        g = groups[i]
        if g == 3:
            continue
        key = (0 if (void >> g) & 1 else 1024) + offs[i] * 16 + counts[g]
        if key > best_key:
            best_key = key
            best = i
    return best


@njit(cache=True, nogil=True)
def loner_discard(s: np.ndarray, seat: int) -> int:
    """The dealer's discard (action code) when defending against a maker without a partner: the
    plain card of the hand and the upcard that guards least (``guard_worth`` before any card is
    played: a card that beats no unseen card of its suit, then a spare, then the guard that beats
    fewest unseen cards), or the lowest trump when all are trumps. The rule for partners makes a
    void instead (``club_bidding.club_discard``), which throws away the guard a loner's last card
    needs (bench/loner_panel.py, docs/research/loner-defence.md: J♥ J♦ A♥ A♠ 9♣ ordered up alone
    marched 11.8% of the analyzer's deals with it, 10.0% with this).
    The upcard stays out of the choice where the rules forbid discarding it; under optional
    pick-up, choosing it is declining."""
    t = s[S_TRUMP]
    s[S_WHY_SUIT] = t
    s[S_WHY_REASON] = R_DISCARD_AGAINST_LONER
    six = np.empty(6, dtype=np.int64)
    n = hand_of(s, seat, six)
    up = s[S_UPCARD]
    six[n] = up
    n += 1
    if s[S_DISCARD_UP] == 0 and s[S_OPTIONAL] == 0:
        n -= 1
    bits = np.empty(6, dtype=np.int64)
    groups = np.empty(6, dtype=np.int64)
    offs = np.empty(6, dtype=np.int64)
    held = 0
    plain = 0
    for i in range(n):
        bits[i] = BIT[t, six[i]]
        groups[i] = _group(t, six[i])
        offs[i] = BITPOS[t, six[i]] & 15
        held |= bits[i]
        if groups[i] != 3:
            plain += 1
    if plain == 0:
        out = 0
        for i in range(1, n):
            if bits[i] < bits[out]:
                out = i
    else:
        deck = 0
        for c in range(33):
            if (s[S_DECK] >> c) & 1:
                deck |= BIT[t, c]
        mates = 0
        for p in range(s[S_PLAYERS]):
            if p != seat and not maker_side(s, p) and not (s[S_OUT] >> p) & 1:
                mates |= 1 << p
        out = _least_guard(s, bits, groups, offs, n, mates, deck & ~held & ~BIT[t, up])
    if six[out] == up and s[S_OPTIONAL] == 1 and up != JOKER_CODE:
        s[S_WHY_REASON] = R_DECLINE
        return A_DECLINE
    return A_DISCARD + int(six[out])
