"""Ranking tables, the left bower's suit and trick winners, written out by hand from docs/rules.md §3 and §8."""

from __future__ import annotations

import itertools
import random

import pytest

from engine.core.actions import Action
from engine.core.cards import JOKER, Card, Suit, make_deck, parse_card, parse_cards
from engine.core.hand import HandState, apply, legal_actions
from engine.core.ranking import (
    deck_in_rank_order,
    effective_suit,
    is_trump,
    plain_order,
    strength,
    trick_winner_index,
    trump_order,
)

# docs/rules.md §3, typed out: trump high to low in the 24-card deck, for each trump.
TRUMP_24 = {
    Suit.CLUBS: "JC JS AC KC QC TC 9C",
    Suit.DIAMONDS: "JD JH AD KD QD TD 9D",
    Suit.HEARTS: "JH JD AH KH QH TH 9H",
    Suit.SPADES: "JS JC AS KS QS TS 9S",
}
# Every other suit high to low; the suit that lent its jack has none (5 cards).
PLAIN_24 = {
    Suit.CLUBS: {
        Suit.DIAMONDS: "AD KD QD JD TD 9D",
        Suit.HEARTS: "AH KH QH JH TH 9H",
        Suit.SPADES: "AS KS QS TS 9S",
    },
    Suit.DIAMONDS: {
        Suit.CLUBS: "AC KC QC JC TC 9C",
        Suit.HEARTS: "AH KH QH TH 9H",
        Suit.SPADES: "AS KS QS JS TS 9S",
    },
    Suit.HEARTS: {
        Suit.CLUBS: "AC KC QC JC TC 9C",
        Suit.DIAMONDS: "AD KD QD TD 9D",
        Suit.SPADES: "AS KS QS JS TS 9S",
    },
    Suit.SPADES: {
        Suit.CLUBS: "AC KC QC TC 9C",
        Suit.DIAMONDS: "AD KD QD JD TD 9D",
        Suit.HEARTS: "AH KH QH JH TH 9H",
    },
}


def names(text: str) -> list[str]:
    return text.split()


def expected_trump(trump: Suit, deck: int, joker: bool) -> list[str]:
    order = names(TRUMP_24[trump])
    order += {24: [], 28: ["8" + trump.letter], 32: ["8" + trump.letter, "7" + trump.letter]}[deck]
    return (["JOKER"] if joker else []) + order


def expected_plain(suit: Suit, trump: Suit, deck: int) -> list[str]:
    order = names(PLAIN_24[trump][suit])
    return order + {24: [], 28: ["8" + suit.letter], 32: ["8" + suit.letter, "7" + suit.letter]}[deck]


@pytest.mark.parametrize("deck", [24, 28, 32])
@pytest.mark.parametrize("joker", [False, True])
@pytest.mark.parametrize("trump", list(Suit))
def test_trump_and_plain_orders_match_the_rule_book(trump: Suit, joker: bool, deck: int) -> None:
    assert [str(c) for c in trump_order(trump, deck, joker)] == expected_trump(trump, deck, joker)
    for suit in Suit:
        if suit != trump:
            assert [str(c) for c in plain_order(suit, trump, deck)] == expected_plain(suit, trump, deck)
    whole = expected_trump(trump, deck, joker) + [
        c for s in Suit if s != trump for c in expected_plain(s, trump, deck)
    ]
    assert [str(c) for c in deck_in_rank_order(trump, deck, joker)] == whole
    assert sorted(whole) == sorted(str(c) for c in make_deck(deck, joker))


@pytest.mark.parametrize("deck", [24, 32])
@pytest.mark.parametrize("joker", [False, True])
@pytest.mark.parametrize("trump", list(Suit))
def test_strength_orders_trump_then_led_suit_and_zeroes_the_rest(trump: Suit, joker: bool, deck: int) -> None:
    trumps = expected_trump(trump, deck, joker)
    for led in Suit:
        led_cards = trumps if led == trump else expected_plain(led, trump, deck)
        ladder = trumps + ([] if led == trump else led_cards)  # high to low
        values = [strength(parse_card(c), trump, led) for c in ladder]
        assert values == sorted(values, reverse=True) and len(set(values)) == len(values)
        assert values[-1] > 0
        for card in make_deck(deck, joker):
            if str(card) not in ladder:
                assert strength(card, trump, led) == 0, card


def test_effective_suit_of_bowers_and_joker() -> None:
    hearts = Suit.HEARTS
    assert effective_suit(parse_card("JD"), hearts) is Suit.HEARTS  # the left bower is a heart
    assert effective_suit(parse_card("JH"), hearts) is Suit.HEARTS
    assert effective_suit(parse_card("QD"), hearts) is Suit.DIAMONDS
    assert effective_suit(parse_card("JC"), hearts) is Suit.CLUBS
    assert effective_suit(JOKER, Suit.CLUBS) is Suit.CLUBS
    assert is_trump(parse_card("JS"), Suit.CLUBS) and not is_trump(parse_card("JS"), Suit.HEARTS)


# Hand-worked tricks: (trump, cards in play order, index of the winner, why)
TRICKS = [
    ("H", "AD JD KD QD", 1, "the left bower is a heart: it trumps the diamond lead"),
    ("H", "JD AH KH JH", 3, "left bower led (a heart); the right bower beats it"),
    ("H", "9C AC 9H KC", 2, "the lowest trump beats the ace of the led suit"),
    ("H", "9C AS AD KC", 3, "no trump: highest club wins; off-suit aces never win"),
    ("S", "QC JC KC AC", 1, "jack of clubs is the left bower when spades are trump"),
    ("D", "TH JH AH KH", 1, "the jack of hearts is the left bower when diamonds are trump"),
    ("D", "TH AH KH 9H", 1, "heart lead, no trump: the ace of hearts wins"),
    ("C", "JH 9H TH QH", 3, "hearts are plain: the queen beats the jack"),
    ("C", "9H JH TH", 1, "hearts are plain: the jack ranks above the ten"),
    ("C", "AS JOKER JC JS", 1, "the joker is the best bower"),
    ("D", "JOKER JD JH AD", 0, "the joker led is trump and wins"),
    ("S", "7H 8H AC 7S", 3, "32-card deck: the seven of trump beats everything plain"),
    ("H", "KS QS", 0, "two players: king beats queen"),
    ("C", "AD 9D JS", 2, "three players: the left bower (a club) trumps"),
]


@pytest.mark.parametrize(("trump", "cards", "winner", "why"), TRICKS)
def test_trick_winner_hand_worked(trump: str, cards: str, winner: int, why: str) -> None:
    assert trick_winner_index(parse_cards(cards), Suit.parse(trump)) == winner, why


def test_trick_winner_agrees_with_a_brute_force_over_the_written_tables() -> None:
    """Random tricks judged by position in the hand-written ladders (not by engine tables)."""
    rng = random.Random(11)
    deck = make_deck(32, joker=True)
    for _ in range(3000):
        trump = rng.choice(list(Suit))
        cards = rng.sample(deck, rng.choice([2, 3, 4]))
        trumps = expected_trump(trump, 32, True)
        first = str(cards[0])
        led_ladder = trumps if first in trumps else expected_plain(Suit.parse(first[-1]), trump, 32)
        played = [str(c) for c in cards]
        ladder = trumps + led_ladder
        best = min((ladder.index(c), i) for i, c in enumerate(played) if c in ladder)[1]
        assert trick_winner_index(cards, trump) == best, (trump, played)


# ---- the left bower and following suit, through the hand state machine ----------------


def hearts_in_play(hands: list[str], upcard: str = "9C") -> HandState:
    """4 players, dealer 3; everyone passes round 1, seat 0 calls hearts in round 2 and leads."""
    state = HandState.from_text(f"standard/3/{','.join(hands)}/{upcard}/pass,pass,pass,pass,call-H")
    assert state.trump is Suit.HEARTS and state.to_act == 0
    return state


def legal_cards(state: HandState) -> set[str]:
    return {str(a.card) for a in legal_actions(state)}


def test_holding_only_the_left_bower_among_diamonds_may_play_anything_on_a_diamond_lead() -> None:
    state = hearts_in_play(["AD KS QS TC 9S", "JD AS KC QC JC", "TH KH QD TD AC", "QH JH TS KD JS"])
    state = apply(state, "play AD")
    assert legal_cards(state) == {"JD", "AS", "KC", "QC", "JC"}
    state = apply(state, "play JD")  # trumping with the left bower is legal (and wins)
    assert legal_cards(state) == {"QD", "TD"}  # a real diamond must follow
    state = apply(state, "play QD")
    assert legal_cards(state) == {"KD"}
    state = apply(state, "play KD")
    assert state.tricks[0].winner == 1


def test_left_bower_led_calls_for_hearts_not_diamonds() -> None:
    state = hearts_in_play(["JD AS KS AC 9S", "AH TH AD KD QC", "QD TD 9C JC TC", "QH JH TS KH JS"], "9D")
    state = apply(state, "play JD")
    assert legal_cards(state) == {"AH", "TH"}  # diamonds do not follow the left bower
    state = apply(state, "play TH")
    assert legal_cards(state) == {"QD", "TD", "9C", "JC", "TC"}  # no hearts: anything
    state = apply(state, "play 9C")
    assert legal_cards(state) == {"QH", "JH", "KH"}
    state = apply(state, "play JH")
    assert state.tricks[0].winner == 3 and state.to_act == 3


def test_a_diamond_lead_with_real_diamonds_excludes_the_left_bower() -> None:
    state = hearts_in_play(["AD KS QS TC 9S", "JD QD AS KC 9H", "TH KH TD AC QC", "QH JH TS KD JS"])
    state = apply(state, "play AD")
    assert legal_cards(state) == {"QD"}
    with pytest.raises(Exception, match="not legal"):
        apply(state, Action.parse("play JD"))


def test_every_card_pair_of_each_trump_ladder_is_strictly_ordered() -> None:
    for trump in Suit:
        ladder = [parse_card(c) for c in expected_trump(trump, 32, True)]
        for hi, lo in itertools.combinations(ladder, 2):
            assert trick_winner_index([lo, hi], trump) == 1
            assert trick_winner_index([hi, lo], trump) == 0
    assert Card.of(11, Suit.HEARTS) == parse_card("JH")
