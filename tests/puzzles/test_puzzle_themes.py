"""A puzzle's themes (engine/puzzles/themes.py): read off card_reasons' sentences for real positions
and off the position's facts (phase, seats, loners, the turned-down suit), worked by hand."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.analysis.card_reasons import choice_reason, mistake_reason
from engine.core.actions import Action
from engine.core.hand import HandState, Phase
from engine.core.rules import Rules
from engine.core.view import SeatView, view_of
from engine.puzzles.bank import THEMES
from engine.puzzles.themes import (
    REASON_THEMES,
    RISK_THEMES,
    bid_themes,
    card_themes,
    reason_themes,
    risk_themes,
    seat_facts,
)

Position = Callable[..., HandState]  # the position fixture: a deal written by hand, after some actions

# Diamonds trump (West calls them in round 2); West leads the A♣, North plays the K♣.
PARTNER_ACE = ["9C TH QH AS KD", "AC QD QS 9S TD", "KC 9H AH KH JS", "JH JD 9D AD KS"]
# West orders the J♦ (South deals and buries the 9♥) and leads the 10♣.
SECOND_HAND = ["9H TH QH AS KD", "TC QD QS 9S TD", "KC 9C AH KH JS", "AC QC 9D AD KS"]
# South holds both bowers; North has no heart but the A♥ and the 9♥.
BOWERS = ["JH JD AH KS 9C", "TC QC KC AD QD", "9S TS QS AS KD", "JC JS TD 9D TH"]


def seat_view(state: HandState) -> SeatView:
    assert state.to_act is not None
    return view_of(state, state.to_act)


def themes_of(state: HandState, best: str, tempting: str) -> tuple[str, ...]:
    view = seat_view(state)
    b, t = Action.parse(best), Action.parse(tempting)
    return card_themes(view, choice_reason(view, b), mistake_reason(view, t, b))


def test_every_theme_a_pattern_gives_is_a_theme_of_the_bank() -> None:
    assert {t for _, t in REASON_THEMES + RISK_THEMES} <= set(THEMES)


def test_draw_trump_for_the_maker_holding_the_right_bower(position: Position) -> None:
    # South made hearts and leads: the right bower draws trumps; the K♠ leaves them out.
    state = position(BOWERS, "9H", 3, ["order", "discard 9D"])
    assert themes_of(state, "play JH", "play KS") == ("draw-trump",)


def test_dont_trump_the_partners_winning_ace(position: Position) -> None:
    state = position(PARTNER_ACE, "TC", 0, ["pass"] * 4 + ["call D", "play AC", "play KC"])
    # Throwing the K♠ keeps the trump and makes a void; trumping the ace wastes a trump.
    assert themes_of(state, "play KS", "play 9D") == ("partners-winner", "make-a-void")


def test_second_hand_low_and_third_hand_high(position: Position) -> None:
    second = position(SECOND_HAND, "JD", 0, ["order", "discard 9H", "play TC"])
    assert themes_of(second, "play 9C", "play KC") == ("second-hand-low",)
    third = position(SECOND_HAND, "JD", 0, ["order", "discard 9H", "play TC", "play KC"])
    assert themes_of(third, "play AC", "play QC") == ("third-hand-high",)


def test_trump_in_as_cheaply_as_you_can(position: Position) -> None:
    state = position(SECOND_HAND, "JD", 0, ["order", "discard 9H", "play TC", "play 9C", "play AC"])
    # The K♦ is the lower trump that wins; the J♦ wins too but costs more.
    assert themes_of(state, "play KD", "play JD") == ("trump-in", "win-cheaply")


def test_the_sentences_of_card_reasons_map_to_their_themes() -> None:
    # Sentences as card_reasons words them (tests/analysis/test_card_reasons.py holds each one).
    assert reason_themes("Cash the K♠: the A♠ was turned down, so it is the highest spade left.") == (
        "cash-aces",
    )
    assert reason_themes(
        "Lead through the maker: the 9♠ makes him play before your partner, who sits over him."
    ) == ("lead-through",)
    assert reason_themes(
        "Lead the J♠: it is the highest trump left, so it takes the trick and pulls a trump."
    ) == ("count-trumps",)
    assert reason_themes("Lead the 9♥: no other trumps are out, so it wins and keeps the lead.") == (
        "count-trumps",
    )
    assert reason_themes("You cannot win this trick: throw your lowest card, the 10♣.") == ("throw-off",)
    assert reason_themes("Let this trick go with the Q♣, and keep the A♣ for a later trick.") == ("duck",)
    assert reason_themes(
        "Trump it with the J♥ rather than let the makers take the trick, and it is your side's third "
        "trick, which euchres the makers."
    ) == ("trump-in", "euchre-them")
    assert risk_themes("Leading trump as a defender plays into the makers' hand: it draws trumps.") == (
        "defenders-lead",
    )
    assert risk_themes("The A♦ was the highest diamond left: throwing it away gives up a trick.") == (
        "throw-off",
    )
    assert reason_themes("The 9♣ keeps more tricks for your side on most layouts of the hidden cards.") == ()


def test_the_seats_facts(position: Position) -> None:
    loner = ["JH JD AH KH 9C", "TC QC KC AD QD", "9S TS QS AS KD", "JC JS TD 9D TH"]
    state = position(loner, "9H", 3, ["order alone", "discard 9D"])
    # South goes alone and leads: his own loner; West, to play after him, defends against it.
    assert seat_facts(seat_view(state)) == ("play-loner",)
    west = state.apply("play JH")
    assert seat_facts(seat_view(west)) == ("defend-loner",)
    discard = position(BOWERS, "9H", 3, ["order"])
    assert discard.phase is Phase.DISCARD and seat_facts(seat_view(discard)) == ("the-discard",)


def test_railroad_defending_alone(position: Position) -> None:
    loner = ["9S TS QS AS KD", "JH JD AH KH 9C", "TC QC KC AD QD", "JC JS TD 9D TH"]
    # North deals; East and South pass, West (both bowers) orders up alone: a defender is asked.
    state = position(
        loner, "9H", 2, ["pass", "pass", "order alone"], Rules(defend_alone=True, stick_the_dealer=True)
    )
    while state.phase is Phase.DISCARD:  # the dealer picks the upcard up first
        state = state.apply(state.legal_actions()[0])
    assert state.phase is Phase.DEFEND and state.to_act in (0, 2)
    assert seat_facts(seat_view(state)) == ("defend-alone", "defend-loner")


@pytest.mark.parametrize(
    ("seat_to_ask", "best", "expected"),
    [
        # Hearts turned down by East (the dealer). South, left of the dealer, calls diamonds: next.
        (0, "call D", ("bidding", "next")),
        # West, the dealer's partner, calls clubs (the other colour): reverse next.
        (1, "call C", ("bidding", "next")),
        # South calls spades, the other colour, from the dealer's opponents' side: neither.
        (0, "call S", ("bidding",)),
        (0, "call D alone", ("bidding", "next", "going-alone")),
    ],
)
def test_bid_themes_in_round_two(
    seat_to_ask: int, best: str, expected: tuple[str, ...], position: Position
) -> None:
    state = position(BOWERS, "9H", 3, ["pass"] * 4 + ["pass"] * seat_to_ask)
    view = view_of(state, seat_to_ask)
    assert view.phase is Phase.BID2 and view.turned_down is not None and view.turned_down.letter == "H"
    assert bid_themes(view, Action.parse(best), Action.parse("pass")) == expected


def test_a_stuck_dealer(position: Position) -> None:
    state = position(BOWERS, "9H", 3, ["pass"] * 7, Rules(stick_the_dealer=True))
    view = view_of(state, 3)
    assert not any(a == Action.parse("pass") for a in view.legal)
    # The dealer's side calling the other colour is reverse next.
    assert bid_themes(view, Action.parse("call C"), Action.parse("call D")) == (
        "bidding",
        "next",
        "stick-the-dealer",
    )
