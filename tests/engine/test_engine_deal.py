"""Dealing (docs/rules.md §5): packets of 3 then 2 from the dealer's left, the upcard on the kitty."""

from __future__ import annotations

import random

import pytest

from engine.core.cards import make_deck
from engine.core.hand import Phase, deal
from engine.core.rules import Rules


@pytest.mark.parametrize(
    ("players", "deck", "joker", "kitty_with_upcard"),
    [
        (4, 24, False, 4),
        (3, 24, False, 9),
        (2, 24, False, 14),
        (4, 32, True, 13),
        (3, 28, True, 14),
    ],
)
def test_packets_kitty_and_upcard(players: int, deck: int, joker: bool, kitty_with_upcard: int) -> None:
    rules = Rules(players=players, deck=deck, joker=joker)
    for dealer in range(players):
        state = deal(rules, dealer, random.Random(dealer + 100))
        cards = list(make_deck(deck, joker))
        random.Random(dealer + 100).shuffle(cards)  # the same shuffle, dealt here by hand
        expected: dict[int, list[str]] = {s: [] for s in range(players)}
        pos = 0
        for packets in ((3, 2, 3, 2), (2, 3, 2, 3)):  # first pass 3-2-3-2, second 2-3-2-3
            for i in range(players):
                seat = (dealer + 1 + i) % players
                expected[seat] += [str(c) for c in cards[pos : pos + packets[i]]]
                pos += packets[i]
        assert [[str(c) for c in h] for h in state.hands] == [expected[s] for s in range(players)]
        assert str(state.upcard) == str(cards[pos])
        assert len(state.kitty) + 1 == kitty_with_upcard
        first = Phase.NAME if state.upcard.is_joker else Phase.BID1
        assert state.phase is first
        assert state.to_act == (dealer if state.upcard.is_joker else (dealer + 1) % players)


def test_bad_dealer_seat() -> None:
    with pytest.raises(ValueError, match="dealer must be a seat 0..2, got 3"):
        deal(Rules(players=3), 3, random.Random(1))
