"""The Club player's reasons in words: the compiled player's reason codes turned into the exact
sentences the hints and lessons show, on positions worked out by hand.

Seats: 0 South, 1 West, 2 North, 3 East; partners 0+2 and 1+3.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.compiled import encoding
from engine.compiled.encoding import R_CANNOT_WIN, R_ONLY_CARD, R_PASS_ROUND_TWO, T_LOWEST, T_MAKES_VOID
from engine.core.actions import ORDER, PASS, call, play
from engine.core.cards import Suit, parse_card
from engine.core.hand import HandState
from engine.core.view import view_of
from engine.players.club import PLAY_SENTENCES, Why, explain

Position = Callable[..., HandState]  # the position fixture: a deal written by hand, after some actions
ClubChoice = Callable[..., tuple[str, str]]  # the club_choice fixture: the Club player's action and reason

BOWERS = ["JH JD AH KS 9C", "TC QC KC AD QD", "9S TS QS AS KD", "JC JS TD 9D TH"]
THROW = ["KS AD QD TD 9D", "JH JD AH KH AC", "9C TC JC QC KC", "TH QH QS TS JS"]


def test_order_up_quotes_the_facts_the_seat_and_the_strength(
    position: Position, club_choice: ClubChoice
) -> None:
    """South, left of the dealer East, holds JH JD AH KS 9C under the 9H. Trumps: right (a sure
    trick, 1.0), left (next in line, 1.0), ace (next, 1.0), plus 0.15 for the third trump; the
    bare king of spades 0.05; void in diamonds (the JD is a heart) with two trumps or more, 0.2:
    3.4. The dealer is an opponent and gains the 9H: 0.6 x 0.35 + 0.1 = 0.31 less, 3.09, "about
    3.1". Alone needs 3.8: no."""
    action, reason = club_choice(position(BOWERS, "9H", 3, []))
    assert action == "order"
    assert reason == (
        "Order up the 9♥: 3 trumps (right bower, left bower, ace), no off-suit ace, void in diamonds"
        " even though the dealer gets the upcard — about 3.1 tricks."
    )


def test_lead_the_right_bower_to_save_the_left(position: Position, club_choice: ClubChoice) -> None:
    state = position(BOWERS, "9H", 3, ["order", "discard 9D"])
    assert club_choice(state) == (
        "play JH",
        "Lead the right bower (J♥): you made trump and hold both bowers — the right "
        "pulls their trumps and saves the left, which becomes the top trump.",
    )


def test_a_throw_off_that_makes_a_void_and_one_that_keeps_guards(
    position: Position, club_choice: ClubChoice
) -> None:
    """South can neither follow the ace of clubs nor trump it. With West's partner in play it
    throws the lone king of spades to be void there; against West alone it keeps every suit and
    throws the lowest diamond (tests/players/test_club_decisions.py reasons these out)."""
    with_partner = position(THROW, "9S", 0, ["pass"] * 4 + ["call H", "play AC", "play 9C", "play TS"])
    assert club_choice(with_partner) == (
        "play KS",
        "You cannot win this trick: play your lowest (K♠, which makes you void in spades).",
    )
    alone = position(THROW, "9S", 0, ["pass"] * 4 + ["call H alone", "play AC", "play 9C"])
    assert club_choice(alone) == (
        "play 9D",
        "You cannot win this trick: play your lowest (9♦, the card that guards least "
        "against a maker with no partner).",
    )


def test_round_two_pass_names_the_best_suit_weighed(position: Position, club_choice: ClubChoice) -> None:
    """Round 2, hearts turned down, South (left of the dealer East, so "next" counts for it)
    holds 9C TC QS KD 9D. Clubs: TC 0.4 + 9C 0.35, the guarded KD 0.15, void in hearts 0.2 =
    1.1. Diamonds: KD 0.55 + 9D 0.35, void in hearts 0.2, next 0.25 = 1.35. Spades: QS 0.45 and
    the KD 0.15 = 0.6. The best, diamonds, is short of 2.0: pass, naming diamonds although the
    action names no suit."""
    hands = ["9C TC QS KD 9D", "JH JD AH KH 9S", "AC KC QC JC TS", "AS KS JS TD QD"]
    state = position(hands, "QH", 3, ["pass"] * 4)
    assert club_choice(state) == (
        "pass",
        "Pass: your best suit, diamonds, gives only 2 trumps (king, nine), no off-suit ace, void in hearts.",
    )


def test_explain_words_each_code_with_the_numbers_given(position: Position) -> None:
    """The mapping alone: the same code reads differently with the strength, suit and throw-off
    detail the compiled player hands over."""
    state = position(BOWERS, "9H", 3, [])
    view = view_of(state, 0)
    assert explain(view, ORDER, Why(encoding.R_ORDER, 2.25, Suit.HEARTS)).endswith(
        " — about 2.2 tricks."
    )  # half to even
    assert explain(view, ORDER, Why(encoding.R_ORDER, 3.04, Suit.HEARTS)).endswith(" — about 3.0 tricks.")
    bid2 = view_of(position(BOWERS, "9H", 3, ["pass"] * 4), 0)  # South: JH JD AH KS 9C, hearts turned down
    assert explain(bid2, PASS, Why(R_PASS_ROUND_TWO, 1.2, Suit.SPADES)) == (
        "Pass: your best suit, spades, gives only 1 trump (king), 1 off-suit ace, no void."
    )
    assert explain(bid2, call(Suit.DIAMONDS), Why(encoding.R_CALL, 2.6, Suit.DIAMONDS)) == (
        "Call diamonds (next: the same colour as the turned-down suit): 2 trumps (right bower, left bower), "
        "1 off-suit ace, no void — about 2.6 tricks."
    )
    played = view_of(position(THROW, "9S", 0, ["pass"] * 4 + ["call H", "play AC", "play 9C", "play TS"]), 0)
    assert explain(played, play(parse_card("9D")), Why(R_CANNOT_WIN, throw=T_LOWEST)) == (
        "You cannot win this trick: play your lowest (9♦)."
    )
    assert explain(played, play(parse_card("KS")), Why(R_CANNOT_WIN, throw=T_MAKES_VOID)) == (
        "You cannot win this trick: play your lowest (K♠, which makes you void in spades)."
    )
    assert explain(played, play(parse_card("KS")), Why(R_ONLY_CARD)) == "Play the K♠: the only legal card."


def test_every_card_play_reason_has_a_sentence() -> None:
    codes = {
        value
        for key, value in vars(encoding).items()
        if key.startswith("R_") and value >= encoding.R_ONLY_CARD
    }
    assert set(PLAY_SENTENCES) == codes - {R_ONLY_CARD}
