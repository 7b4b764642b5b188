"""One seat's view as text (engine/core/seat_text.py): SeatView.to_text() / SeatView.from_text().

The hand-written texts are spelled out from the grammar, and what each view must hold (who acts,
how many cards each seat holds, who sits out) is worked out by hand. The property tests play
random legal hands of every preset and check that every seat's view of every state they pass
through comes back from its text, and that texts with one action changed are either a view the
engine allows or a PositionError that names no hidden card.
"""

from __future__ import annotations

import random

import pytest

from engine.core.actions import Kind
from engine.core.cards import Card, make_deck
from engine.core.hand import HandState, deal, from_cards
from engine.core.position import PositionError
from engine.core.rules import PRESETS, Rules
from engine.core.seat_text import HIDDEN_DISCARD
from engine.core.view import SeatView, view_of

# South (seat 0) sits first, left of East the dealer (seat 3); the 9♥ is up.
SOUTH = "JH-JD-AH-AS-9C"


def view(text: str) -> SeatView:
    return SeatView.from_text(text)


def test_a_bidding_question_is_the_hand_the_upcard_and_the_passes() -> None:
    """Seat 1 (West, second) after South passed: West's turn in round 1, nobody has played."""
    v = view("standard/3/?,9S-TS-QS-KD-AC,?,?/9H/pass")
    assert v.seat == 1 and v.to_act == 1 and v.dealer == 3
    assert [str(a) for a in v.legal] == ["pass", "order", "order alone"]
    assert v.hand_sizes == (5, 5, 5, 5) and v.history[0][1].kind is Kind.PASS


def test_a_loner_in_play_from_the_makers_seat() -> None:
    """South orders up alone, so North (seat 2) sits out; East picks the 9♥ up and discards
    unseen. South leads the J♥ and West follows with the Q♥: East is to play, South holds four
    cards, West four, North five (it never plays), East five (the 9♥ in, one card out)."""
    v = view(f"standard/3/{SOUTH},?,?,?/9H/order-alone,discard-?,play-JH,play-QH")
    assert v.out == (2,) and v.alone and v.maker == 0 and v.to_act == 3
    assert v.hand_sizes == (4, 4, 5, 5)
    assert v.discarded is None and (3, HIDDEN_DISCARD) in v.history
    assert [str(c) for c in v.hand] == ["JD", "AH", "AS", "9C"]


def test_the_dealer_writes_its_own_discard() -> None:
    """East, the dealer, picked the 9♥ up and threw the Q♣: its view knows the discard, and its
    hand holds the 9♥ where the Q♣ was."""
    v = view("standard/3/?,?,?,9S-QS-KS-TH-QC/9H/order,discard-QC")
    assert v.discarded == Card.parse("QC")
    assert [str(c) for c in v.hand] == ["9S", "QS", "KS", "TH", "9H"]
    assert SeatView.from_text(v.to_text()) == v


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (f"standard/3/{SOUTH},?,?/9H", "4 players need 4 hands"),
        ("standard/3/?,?,?,?/9H", "no hand is written"),
        (f"standard/3/{SOUTH},{SOUTH},?,?/9H", "2 hands are written"),
        (f"standard/3/{SOUTH},?,?,?/9H:TC-QC-KC", "no kitty"),
        (f"standard/3/{SOUTH},?,?,?/9H/order,discard-QC", "only the dealer sees its discard"),
        ("standard/3/?,?,?,9S-QS-KS-TH-QC/9H/order,discard-?", "the dealer knows its own discard"),
        (f"standard/3/{SOUTH},?,?,?/9H/order,discard-?,play-JH,play-JD", "it is in seat 0's hand"),
        (f"standard/3/{SOUTH},?,?,?/9H/order,discard-?,play-JH,play-9H", "the dealer holds it"),
        (f"standard/3/{SOUTH},?,?,?/9H/pass,pass,pass,pass,pass,pass,pass,pass,play-9H", "the hand is over"),
        (f"standard/3/{SOUTH},?,?,?/9H/order,discard-?,play-JH,play-QH,play-KH,pass", "seat 3 is to play"),
        (f"standard/3/{SOUTH},?,?,?/9H/order,pass", "discards"),
        (f"standard/3/{SOUTH},?,?,?/JOKER", "joker is only in the deck with the joker rule"),
    ],
)
def test_bad_texts_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        view(text)


def test_a_seat_that_showed_out_cannot_play_the_suit_later() -> None:
    """Trick 1: South leads the J♥ (trump), West throws the 9♠, so West holds no heart; in
    trick 2 West cannot play the K♥."""
    base = f"standard/3/{SOUTH},?,?,?/9H/order,discard-?,play-JH,play-9S,play-TH,play-QH,play-JD"
    with pytest.raises(PositionError, match="showed out of hearts at action 4"):
        view(base + ",play-KH")
    assert view(base + ",play-KS").to_act == 2


def test_hidden_hands_that_cannot_be_filled_are_refused() -> None:
    """South goes alone in hearts. West shows out of hearts (trick 1: the 9♦ on the J♥), of spades
    (trick 2: the 10♦ on the A♠) and of clubs (trick 3: the Q♦ on the 9♣): its last two cards must
    be diamonds. But of the five diamonds of the 24-card deck (the J♦ is trump) West played three
    and East the K♦: only the A♦ is left. Every card alone was possible; the hands are not."""
    text = (
        f"standard/3/{SOUTH},?,?,?/9H/order-alone,discard-?,play-JH,play-9D,play-9H,play-AS,play-TD,"
        "play-KS,play-9C,play-QD,play-KD"
    )
    with pytest.raises(PositionError, match=r"seat 1 must still hold 2 card\(s\), but only 1 unseen"):
        view(text)
    assert (
        view(text[: -len(",play-KD")] + ",play-TC").to_act == 3
    )  # East follows with the 10♣ and wins: it fits


# ---- properties over random play ----------------------------------------------------------------


def random_states(rules: Rules, seed: int) -> list[HandState]:
    rng = random.Random(seed)
    state = deal(rules, rng.randrange(rules.players), rng)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_view_of_random_hands_comes_back_from_its_text(name: str) -> None:
    rules = PRESETS[name]
    checked = 0
    for seed in range(12):
        for state in random_states(rules, seed):
            for seat in range(rules.players):
                v = view_of(state, seat)
                assert SeatView.from_text(v.to_text()) == v, v.to_text()
                checked += 1
    assert checked > 200


@pytest.mark.parametrize("name", list(PRESETS))
def test_a_changed_play_is_read_or_refused_without_naming_a_hidden_card(name: str) -> None:
    """Swap one card played in a hand for another card of the deck: the text is either a view the
    engine allows or a PositionError, and the message names only cards the text names."""
    rules = PRESETS[name]
    deck = make_deck(rules.deck, rules.joker)
    refused = 0
    for seed in range(20):
        rng = random.Random(seed)
        final = random_states(rules, seed)[-1]
        seat = rng.randrange(rules.players)
        text = view_of(final, seat).to_text()
        plays = [a for a in text.split("/")[-1].split(",") if a.startswith("play-")]
        if not plays:
            continue
        old = rng.choice(plays)
        new = f"play-{rng.choice(deck)}"
        changed = text.replace(old, new, 1)
        try:
            SeatView.from_text(changed)
        except PositionError as err:
            refused += 1
            named = {c for c in deck if c.short in str(err) or str(c) in str(err).split()}
            assert all(str(c) in changed for c in named), (changed, str(err))
    assert refused > 0


def test_a_view_from_cards_and_from_text_agree() -> None:
    """The same loner dealt with every card known, seen from West: the view read from West's text
    is the view of the whole state."""
    hands = [
        list(Card.parse(c) for c in SOUTH.split("-")),
        [Card.parse(c) for c in "QH 9S TS KD AC".split()],
        [Card.parse(c) for c in "TH KS QS 9D TC".split()],
        [Card.parse(c) for c in "KH QC QD JS AD".split()],
    ]
    state = from_cards(Rules(), 3, hands, Card.parse("9H"))
    for action in ("order alone", "discard QC", "play JH", "play QH", "play 9H"):
        state = state.apply(action)
    west = view_of(state, 1)
    assert west.to_text().split("/")[2] == "?,9S-TS-KD-AC-QH,?,?"
    assert SeatView.from_text(west.to_text()) == west
