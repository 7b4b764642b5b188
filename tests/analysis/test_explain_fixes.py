"""The bid explanation counts the hand the learner would really play with (issue 38).

A dealer who picks up plays with the upcard and without the discard, so the facts line
("you would hold ...") counts both: the upcard's trump and the void the discard makes.
"""

from __future__ import annotations

import random

from engine.analysis.bidding import analyze
from engine.analysis.explain import explain, hand_after
from engine.analysis.situation import question
from engine.core.actions import ORDER, PASS
from engine.core.cards import parse_cards


def test_the_dealers_hand_after_picking_up_counts_the_upcard_and_the_discards_void() -> None:
    # Worked by hand: Q♣ J♣ 9♣ J♦ 10♠, the K♥ turned up, South deals. With hearts trump the
    # J♦ is the left bower (a heart), so before picking up: 1 trump, void in diamonds. The
    # dealer takes the K♥ (2 trumps: left bower, king) and throws the lone 10♠, which makes a
    # second void: spades.
    q = question("QC JC 9C JD TS", "KH", "dealer")
    view = q.view()
    a = analyze(view, random.Random(1), time_budget=None, max_samples=32, stop="precision")
    order = a.option(ORDER)
    assert order.discard == parse_cards("TS")[0]  # the analyzer's best discard is the lone spade
    hand, swap = hand_after(view, order)
    assert sorted(map(str, hand)) == sorted(["QC", "JC", "9C", "JD", "KH"])
    assert swap == "with the K♥ taken up and the 10♠ discarded"
    assert hand_after(view, a.option(PASS)) == (view.hand, "")
    text = " ".join(explain(view, a))
    assert "2 trumps (left bower, king), no off-suit ace, void in diamonds and spades" in text, text
    assert "1 trump (left bower)" not in text


def test_a_seat_that_orders_the_upcard_to_the_dealer_keeps_its_own_hand() -> None:
    # First seat orders hearts: the K♥ goes to the dealer, not to you, so your count is your five cards.
    q = question("QC JC 9C JD TS", "KH", "first")
    view = q.view()
    a = analyze(view, random.Random(1), time_budget=None, max_samples=32, stop="precision")
    assert hand_after(view, a.option(ORDER)) == (view.hand, "")
    text = " ".join(explain(view, a))
    assert "1 trump (left bower), no off-suit ace, void in diamonds" in text, text


def test_the_people_tables_source_is_described_as_it_is() -> None:
    """World of Card Games' "human" tables have computer players in empty seats, its games were
    mostly stick the dealer until late 2015, and the last two round-2 rows exist but could not be
    read: the research note, the README and the fitting module's docstring say so alike."""
    from pathlib import Path

    from engine.analysis import human_rates

    root = Path(__file__).resolve().parents[2]
    note = " ".join((root / "docs/research/people-table.md").read_text(encoding="utf-8").split())
    readme = " ".join((root / "README.md").read_text(encoding="utf-8").split())
    doc = " ".join((human_rates.__doc__ or "").split())
    for text in (note, readme, doc):
        assert "computer players fill" in text and "stick the dealer until late 2015" in text
    for text in (note, doc):
        assert "could not be read" in text
        assert (
            "round 2 have no published figure" not in text
            and "the decisions without a figure" not in text.lower()
        )
    assert "published for its human games" not in readme
    # the docstring describes the fit the code does: the two unread seats are extrapolated
    assert human_rates.ROUND2_UNPUBLISHED == (7, 1) and "extrapolation" in doc
    assert "keep the sound model's thresholds" not in doc


def test_the_dealer_naming_trump_under_the_joker_holds_the_joker() -> None:
    # Issue 51: docs/rules.md §6.5, the dealer who turns up the joker names a suit, takes the joker
    # and discards. Q♣ A♥ K♥ J♥ J♠, hearts named: the joker, the J♥ (right bower), A♥, K♥ and a
    # discard of a black card (the lone spade, the J♠, makes a void), so four trumps.
    from engine.core.actions import Action
    from engine.core.rules import Rules

    q = question("QC AH KH JH JS", "JOKER", "dealer", rules=Rules(joker=True))
    view = q.view()
    a = analyze(view, random.Random(1), time_budget=None, max_samples=32, stop="precision")
    hand, swap = hand_after(view, a.option(Action.parse("name H")))
    assert sorted(map(str, hand)) == sorted(["QC", "AH", "KH", "JH", "JOKER"])
    assert swap == "with the joker taken and the J♠ discarded"
