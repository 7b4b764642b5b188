"""The fit's rare decisions: fresh deals dealt until enough of them reach a seat and round
(``bidding_fit.column_records``, ``bidding_records.reaching_deals``)."""

from __future__ import annotations

import numpy as np

from engine.analysis.bidding_fit import column_records, make_deals, records, roles
from engine.analysis.tables import sound_caution
from engine.compiled.bidding_records import _reaches
from engine.compiled.club_bidding import need_table
from engine.core.rules import PRESETS, Rules
from engine.players.evaluate import alone_worthwhile, call_threshold

DEALER_ROUND_2, THIRD_SEAT_ROUND_2 = 1, 7  # columns: 2 * seat left of the dealer + round
# A fixed table (the standard game's before its rare decisions were fitted): its dealer's round 2
# is reached about once in 7,000 hands, its third seat's about once in 800.
CAUTION = (0.3, 0.0, 0.9, -0.65, 0.2, -0.55, 0.6, 0.0, -0.8, 0.0, -0.8, -0.9, -0.8, -0.6, -0.3, 0.0)


def test_the_quick_reach_test_agrees_with_the_whole_auction() -> None:
    # _reaches asks the bids before a column one by one, round 2's first; decision_records
    # plays every deal's auction through. Every preset: stick the dealer, the joker, 3 and 2 players.
    for name, rules in PRESETS.items():
        caution = sound_caution(rules)
        states = make_deals(rules, 1200, 3)
        rec = records(states, rules, caution)
        needs = need_table(call_threshold(rules), caution)
        for k in roles(rules):
            quick = np.array([_reaches(s.copy(), needs, alone_worthwhile(rules), k) for s in states])
            assert (quick == ~np.isnan(rec.strength[:, k])).all(), (name, k)
            assert quick.any() or k in (DEALER_ROUND_2, THIRD_SEAT_ROUND_2), (name, k)


def test_a_rare_decision_is_topped_up_with_deals_that_reach_it() -> None:
    rules = Rules()
    caution = CAUTION
    states = make_deals(rules, 400, 8)
    plain = records(states, rules, caution, only=DEALER_ROUND_2)
    common = int((~np.isnan(plain.strength[:, DEALER_ROUND_2])).sum())
    assert common <= 2
    rec = column_records(states, rules, caution, DEALER_ROUND_2, 8, 60)
    assert rec.strength.shape[0] == 60
    assert not np.isnan(rec.strength[:, DEALER_ROUND_2]).any()
    assert (
        not np.isnan(rec.ev_call[:, DEALER_ROUND_2]).any()
        and not np.isnan(rec.ev_pass[:, DEALER_ROUND_2]).any()
    )
    # every bid before it passed, so the dealer's pass throws the hand in: worth 0 to both sides
    assert (rec.ev_pass[:, DEALER_ROUND_2] == 0).all()
    again = column_records(states, rules, caution, DEALER_ROUND_2, 8, 60)
    assert np.array_equal(rec.ev_call, again.ev_call, equal_nan=True)  # seeded


def test_a_decision_reached_often_enough_keeps_the_common_deals() -> None:
    rules = Rules()
    caution = sound_caution(rules)
    states = make_deals(rules, 300, 9)
    first_seat_round_1 = 2
    plain = records(states, rules, caution, only=first_seat_round_1)
    rec = column_records(states, rules, caution, first_seat_round_1, 9, 300)
    assert np.array_equal(rec.strength, plain.strength, equal_nan=True)
    assert np.array_equal(rec.ev_call, plain.ev_call, equal_nan=True)


def test_the_added_deals_depend_only_on_the_bids_before_the_decision() -> None:
    # the dealer's round-2 threshold comes after the third seat's: moving it changes what the
    # third seat's pass is worth, not which deals reach the third seat
    rules = Rules()
    caution = CAUTION
    moved = list(caution)
    moved[DEALER_ROUND_2] += 1.0
    states = make_deals(rules, 200, 10)
    a = column_records(states, rules, caution, THIRD_SEAT_ROUND_2, 10, 80)
    b = column_records(states, rules, tuple(moved), THIRD_SEAT_ROUND_2, 10, 80)
    assert np.array_equal(a.strength, b.strength, equal_nan=True)
    assert np.array_equal(a.ev_call, b.ev_call, equal_nan=True)  # a call ends the auction before the dealer
    assert not np.array_equal(a.ev_pass, b.ev_pass, equal_nan=True)
