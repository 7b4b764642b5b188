"""Every bidding decision of many deals, with what calling and what passing would have been
worth: the raw material for fitting a sound bidding model (``engine.analysis.bidding_fit``).

``decision_records(states, needs, alone_worth, only, strength, alone_est, ev_call, ev_pass, ev_alone)``
plays each deal's auction with Club bidders whose thresholds are the table ``needs`` (by seat
left of the dealer and round, ``club_bidding.need_table``). At every bid where the seat has a
real choice (not a dealer stuck by stick-the-dealer, not naming trump under the joker) it
records, in column ``k = 2 * seat-left-of-dealer + round``:

- ``strength``: the Club player's bid strength there (round 1: for the upcard's suit, the
  dealer with the upcard taken; round 2: the best suit it may name), NaN where the auction
  never reached that seat and round;
- ``alone_est``: where the seat may go alone and holds the top trump of that suit, the trick
  estimate the Club player's alone rule reads (round 1's dealer: after the pick-up); NaN
  where it may not go alone;
- ``ev_call`` / ``ev_pass`` / ``ev_alone``: the seat's side's net points (its points minus
  the best other side's) when it calls with its partner / passes / goes alone there (NaN
  where it may not), the rest of the hand then played out by Club players with the same
  thresholds.

The auction itself goes on as the thresholds say, so later decisions are recorded in the
situations the model really produces.

``auction_choices`` plays only the auctions and notes what each seat did at each decision
(pass, call or go alone): calling rates without the play-outs, hundreds of times faster.

``reaching_deals`` deals fresh hands until enough of them reach one seat-and-round decision
under the thresholds: the model's rare decisions (the last seats of round 2, reached in a
fraction of a percent of hands) are fitted on as many deals as the common ones.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.compiled.club_bidding import (
    bid_strength,
    club_bid,
    dealer_five,
    hand_of,
    strong_enough_alone,
    trick_estimate,
)
from engine.compiled.encoding import (
    A_CALL_ALONE,
    A_NAME_ALONE,
    A_ORDER_ALONE,
    A_PASS,
    JOKER_CODE,
    P_BID1,
    P_BID2,
    P_NAME,
    S_DEALER,
    S_DOWN,
    S_HANDS,
    S_JOKER,
    S_PHASE,
    S_PLAYERS,
    S_STICK,
    S_TO_ACT,
    S_UPCARD,
)
from engine.compiled.playout import advance, apply_action, club_decide, outcome

NO = 1e18  # a threshold nobody reaches / everybody reaches


@njit(cache=True, nogil=True)
def _side_net(w: np.ndarray, seat: int, needs: np.ndarray, alone_worth: bool, res: np.ndarray) -> float:
    advance(w, needs, alone_worth, False)
    outcome(w, seat, -1, res)
    return float(res[2] - res[3])


@njit(cache=True, nogil=True)
def _forced_net(
    s: np.ndarray,
    seat: int,
    needs: np.ndarray,
    forced: np.ndarray,
    rel: int,
    rnd: int,
    call: float,
    alone: float,
    alone_worth: bool,
    res: np.ndarray,
) -> float:
    """The side's net points when ``seat`` bids with its call and alone thresholds set to
    ``call`` and ``alone`` (-NO: always, NO: never) and everything else as ``needs`` say."""
    forced[:, :] = needs
    forced[rel, rnd] = call
    forced[rel, 2 + rnd] = alone
    w = s.copy()
    apply_action(w, club_bid(w, seat, forced, alone_worth))
    return _side_net(w, seat, needs, alone_worth, res)


@njit(cache=True, nogil=True)
def _passes(s: np.ndarray, seat: int, needs: np.ndarray, alone_worth: bool) -> bool:
    return club_bid(s, seat, needs, alone_worth) == A_PASS


@njit(cache=True, nogil=True)
def _reaches(s: np.ndarray, needs: np.ndarray, alone_worth: bool, target: int) -> bool:
    """Whether the auction of the fresh deal ``s`` reaches column ``target`` as a real choice
    (as decision_records records it): every bid before it a pass. A Club bid reads only the
    hand, the seat, the round and the turned-down suit, so the bids are asked one by one in
    ``s`` (changed in place), round 2's first (they reject a deal most often)."""
    players = s[S_PLAYERS]
    dealer = s[S_DEALER]
    up = s[S_UPCARD]
    if up == JOKER_CODE:
        return False  # the joker turned up: the dealer names trump, nobody else bids
    rel_t = target // 2
    rnd_t = target % 2
    order_t = (rel_t - 1) % players  # place in the auction: first seat 0 ... dealer players - 1
    if rnd_t == 1:
        if s[S_STICK] == 1 and rel_t == 0:
            return False
        s[S_PHASE] = P_BID2
        s[S_DOWN] = up >> 3
        for i in range(order_t):
            if not _passes(s, (dealer + 1 + i) % players, needs, alone_worth):
                return False
    s[S_PHASE] = P_BID1
    s[S_DOWN] = -1
    for i in range(players if rnd_t == 1 else order_t):
        if not _passes(s, (dealer + 1 + i) % players, needs, alone_worth):
            return False
    return True


@njit(cache=True, nogil=True)
def reaching_deals(
    template: np.ndarray,
    deck: np.ndarray,
    needs: np.ndarray,
    alone_worth: bool,
    target: int,
    max_dealt: int,
    seed: int,
    out: np.ndarray,
) -> tuple[int, int]:
    """Deal ``template`` (a flat state at the deal) afresh from ``deck`` (card codes), seeded,
    until ``out.shape[0]`` deals reach column ``target`` or ``max_dealt`` have been dealt;
    the reaching deals go to the rows of ``out`` as dealt. Returns (kept, dealt)."""
    np.random.seed(seed)
    players = template[S_PLAYERS]
    cards = deck.copy()
    base = template.copy()
    s = template.copy()
    kept = dealt = 0
    while kept < out.shape[0] and dealt < max_dealt:
        np.random.shuffle(cards)
        dealt += 1
        for i in range(5 * players):
            base[S_HANDS + i] = cards[i]
        base[S_UPCARD] = cards[5 * players]
        s[:] = base
        if _reaches(s, needs, alone_worth, target):
            out[kept, :] = base
            kept += 1
    return kept, dealt


@njit(cache=True, nogil=True)
def decision_records(
    states: np.ndarray,
    needs: np.ndarray,
    alone_worth: bool,
    only: int,
    strength: np.ndarray,
    alone_est: np.ndarray,
    ev_call: np.ndarray,
    ev_pass: np.ndarray,
    ev_alone: np.ndarray,
) -> None:
    """See the module docstring. ``states``: one flat hand state per row, at the deal; the
    five outputs are (deals, 8) float arrays, filled here. ``only``: record that column alone
    (the others stay NaN), or -1 for all of them; the play-outs are the costly part."""
    hand = np.empty(5, dtype=np.int64)
    five = np.empty(5, dtype=np.int64)
    res = np.zeros(4, dtype=np.int64)
    forced = needs.copy()
    for d in range(states.shape[0]):
        for k in range(8):
            strength[d, k] = np.nan
            alone_est[d, k] = np.nan
            ev_call[d, k] = np.nan
            ev_pass[d, k] = np.nan
            ev_alone[d, k] = np.nan
        s = states[d].copy()
        players = s[S_PLAYERS]
        while s[S_PHASE] == P_BID1 or s[S_PHASE] == P_BID2 or s[S_PHASE] == P_NAME:
            seat = s[S_TO_ACT]
            phase = s[S_PHASE]
            stuck = phase == P_BID2 and s[S_STICK] == 1 and seat == s[S_DEALER]
            rel = (seat - s[S_DEALER]) % players
            rnd = 1 if phase == P_BID2 else 0
            k = 2 * rel + rnd
            if phase != P_NAME and not stuck and (only < 0 or only == k):
                n = hand_of(s, seat, hand)
                if rnd == 0:
                    trump = s[S_UPCARD] >> 3
                    value = bid_strength(s, seat, hand, n, trump)
                else:
                    value = -1e9
                    trump = -1
                    for t in range(4):
                        if t != s[S_DOWN]:
                            v = bid_strength(s, seat, hand, n, t)
                            if v > value:
                                value = v
                                trump = t
                strength[d, k] = value
                ev_call[d, k] = _forced_net(s, seat, needs, forced, rel, rnd, -NO, NO, alone_worth, res)
                ev_pass[d, k] = _forced_net(s, seat, needs, forced, rel, rnd, NO, NO, alone_worth, res)
                if players == 4 and alone_worth:
                    if rnd == 0 and seat == s[S_DEALER]:
                        dealer_five(hand, n, s[S_UPCARD], trump, five)
                    else:
                        for i in range(n):
                            five[i] = hand[i]
                    if strong_enough_alone(five, n, trump, s[S_JOKER] == 1, -NO):
                        alone_est[d, k] = trick_estimate(five, n, trump, s[S_JOKER] == 1)
                        ev_alone[d, k] = _forced_net(
                            s, seat, needs, forced, rel, rnd, NO, -NO, alone_worth, res
                        )
            apply_action(s, club_decide(s, seat, needs, alone_worth))


@njit(cache=True, nogil=True)
def _goes_alone(a: int) -> bool:
    return a == A_ORDER_ALONE or A_CALL_ALONE <= a < A_CALL_ALONE + 4 or A_NAME_ALONE <= a < A_NAME_ALONE + 4


@njit(cache=True, nogil=True)
def auction_choices(states: np.ndarray, needs: np.ndarray, alone_worth: bool, out: np.ndarray) -> None:
    """What each seat did at each decision of each deal's auction under the thresholds
    ``needs``: ``out[d, k]`` (a (deals, 8) int array) is -1 where the auction never gave column
    ``k`` a real choice (as ``decision_records`` counts them: a dealer stuck by
    stick-the-dealer and naming trump under the joker are not choices), 0 a pass, 1 a call
    with the partner, 2 a call alone."""
    for d in range(states.shape[0]):
        for k in range(8):
            out[d, k] = -1
        s = states[d].copy()
        players = s[S_PLAYERS]
        while s[S_PHASE] == P_BID1 or s[S_PHASE] == P_BID2 or s[S_PHASE] == P_NAME:
            seat = s[S_TO_ACT]
            phase = s[S_PHASE]
            a = club_bid(s, seat, needs, alone_worth)
            stuck = phase == P_BID2 and s[S_STICK] == 1 and seat == s[S_DEALER]
            if phase != P_NAME and not stuck:
                k = 2 * ((seat - s[S_DEALER]) % players) + (1 if phase == P_BID2 else 0)
                out[d, k] = 0 if a == A_PASS else (2 if _goes_alone(a) else 1)
            apply_action(s, a)
