"""The analyzer against the textbook panel (issues 12 and 28).

The panel (``bench/textbook_panel.py``) holds clear-cut bidding situations written from
published strategy guides, never from the analyzer. The slow test asks the analyzer
about each and wants the textbook answer at least AGREEMENT of the time (see there); its
failure message lists every disagreement with each option's figures.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bench.textbook_panel import MAX_SAMPLES, SEATS, SITUATIONS
from engine.analysis.bidding import Analysis, analyze
from engine.analysis.robust import analyze_robust
from engine.core.cards import make_deck, parse_cards

# Issue 28 asks for 97% strict agreement under the default table, the people table (fitted to
# how often people call, never to this panel). This release reaches 98.2% (271 of 276): three
# first-seat round-2 calls of a 9-10 'next' with nothing above a queen, one with 9-10 of the
# other suit, and one dealer's partner's round-2 call of a one-card suit holding length only in
# the turned-down suit (python -m bench panel_check values each against every table). The sound model
# driving reaches 93.1%. The bar holds what is reached, so a regression fails.
AGREEMENT = 0.97
UNFLAGGED_AT_MOST = 2  # disagreements without a close-call warning (2 in this release)


def test_the_panel_is_well_formed() -> None:
    assert len(SITUATIONS) >= 200
    seats = Counter(s.seat for s in SITUATIONS)
    rounds = Counter(s.round for s in SITUATIONS)
    assert set(seats) == set(SEATS) and all(seats[seat] >= 25 for seat in SEATS), seats
    assert set(rounds) == {1, 2} and all(rounds[r] >= 60 for r in (1, 2)), rounds
    keys = [(s.hand, s.upcard, s.seat, s.round) for s in SITUATIONS]
    assert len(set(keys)) == len(keys), "a situation appears twice"
    deck = set(make_deck(24, False))
    for s in SITUATIONS:
        hand = parse_cards(s.hand)
        (up,) = parse_cards(s.upcard)
        assert len(hand) == 5 and len(set(hand)) == 5, s
        assert up not in hand, s
        assert set(hand) <= deck and up in deck, s
        assert s.rule.strip() and s.source.startswith("source: ") and len(s.source) > len("source: ") + 10, s
        assert s.answers, s
        legal = {str(a) for a in s.view().legal}
        assert s.answers <= legal, (str(s), sorted(s.answers - legal))
        if "pass" in s.answers:
            assert s.answers == {"pass"}, s  # a pass situation has no other answer
        if s.round == 2:
            assert not any(a.startswith("order") for a in s.answers), s
            assert all(f"call {s.upcard[1]}" not in a for a in s.answers), s


def _figures(a: Analysis) -> str:
    return ", ".join(
        f"{o.action}: {o.realistic.ev:+.2f} [{o.realistic.ev_ci[0]:+.2f}, {o.realistic.ev_ci[1]:+.2f}]"
        for o in a.options
    )


@pytest.mark.slow
def test_the_analyzer_agrees_with_the_textbook() -> None:
    disagreements: list[str] = []
    unflagged = 0  # disagreements the analyzer does not call a close call
    for s in SITUATIONS:
        a = analyze(s.view(), random.Random(s.seed), time_budget=None, max_samples=MAX_SAMPLES, ceiling=False)
        got = str(a.recommendation)
        if got not in s.answers:
            robust = analyze_robust(
                s.view(), s.seed, time_budget=None, max_samples=MAX_SAMPLES, ceiling=False
            )
            unflagged += not robust.close_call
            flag = f"close call: {robust.reason}" if robust.close_call else "not a close call"
            disagreements.append(
                f"{s}: expected {' or '.join(sorted(s.answers))}, got {got} (n={a.n}; {_figures(a)}; {flag})\n"
                f"    rule: {s.rule}\n    {s.source}"
            )
    rate = 1 - len(disagreements) / len(SITUATIONS)
    report = (
        f"the analyzer agrees with the textbook in {rate:.1%} of {len(SITUATIONS)} situations "
        f"(needs {AGREEMENT:.0%}); {len(disagreements)} disagreements, {unflagged} of them not flagged "
        f"as a close call:\n" + "\n".join(disagreements)
    )
    assert rate >= AGREEMENT, report
    # Where it disagrees, the analyzer almost always warns: another table's best is the textbook's
    # answer, or the margin is inside the interval (in this release 2 of 276 are not flagged;
    # python -m bench panel_check prints every disagreement valued against each table and open-handed).
    assert unflagged <= UNFLAGGED_AT_MOST, report
