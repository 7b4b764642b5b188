"""The Point-count player: the published count worked by hand, its seat thresholds, and the
Club player's decisions everywhere but the bidding.

The values (engine/players/point_count.py, after euchrestrategy.info's "Euchre Point
System"): trump right bower 4, left bower 3, ace 3, king 2, queen 2, ten and nine 1 (8 and 7
also 1, the joker 5); off-suit ace 2; two-suited 1; the up-card's trump value added when it
goes to your side and subtracted when it goes to the opponents. Call at 7 (10 with three
players), go alone at 11. Seats: 0 South, 1 West, 2 North, 3 East; partners 0+2 and 1+3.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from engine.core.cards import Suit, parse_cards
from engine.core.hand import HandState, Phase
from engine.core.rules import VARIANTS, Rules
from engine.core.view import view_of
from engine.players.club import ClubPlayer
from engine.players.evaluate import Score
from engine.players.point_count import PointCountPlayer, count_hand
from engine.search.registry import ARENA_PLAYERS, PLAYER_NAMES, make_player, told_the_score

Position = Callable[..., HandState]  # the position fixture: a deal written by hand, after some actions

BIDDING = (Phase.BID1, Phase.BID2)


def decide(state: HandState) -> tuple[str, str]:
    seat = state.to_act
    assert seat is not None
    decision = PointCountPlayer().decide(view_of(state, seat), random.Random(0))
    return str(decision.action), decision.reason


# ---- the count, worked by hand -------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "trump", "points"),
    [
        # The source's own example: JD (left bower) 3 + QH 2 + AC 2 = 7 for hearts (before the
        # up-card); JD (right bower) 4 + KD 2 + AC 2 = 8 for diamonds. Three suits: no bonus.
        ("QC JD AC QH KD", Suit.HEARTS, 7),
        ("QC JD AC QH KD", Suit.DIAMONDS, 8),
        # Spades: no trump, AC 2.
        ("QC JD AC QH KD", Suit.SPADES, 2),
        # Every card trump: 4 + 3 + 3 + 2 + 2 = 14, one suit only counts as two-suited: 15.
        ("JH JD AH KH QH", Suit.HEARTS, 15),
        # Left bower 3 + the ace of its own suit, an off-ace here, 2 = 5 (diamonds, spades: no bonus).
        ("AD JD 9S TS QS", Suit.HEARTS, 5),
        # Spades: 9S 1 + TS 1 + QS 2 + AD 2 = 6, and only diamonds besides trump: +1 = 7.
        ("AD JD 9S TS QS", Suit.SPADES, 7),
        # Low trumps: 9C 1 + TC 1 = 2; diamonds: QD 2 + 9D 1 = 3.
        ("9C TC KS QD 9D", Suit.CLUBS, 2),
        ("9C TC KS QD 9D", Suit.DIAMONDS, 3),
        # 32 cards and the joker: joker 5 + right 4 + 8H 1 + 7H 1 + AS 2 + two-suited 1 = 14.
        ("JOKER JH 7H 8H AS", Suit.HEARTS, 14),
        # The joker is trump whatever the suit: joker 5 + AS as trump 3 = 8; hearts besides: +1 = 9.
        ("JOKER JH 7H 8H AS", Suit.SPADES, 9),
    ],
)
def test_count_worked_by_hand(hand: str, trump: Suit, points: int) -> None:
    assert count_hand(parse_cards(hand), trump).total == points


def test_count_lists_its_items() -> None:
    count = count_hand(parse_cards("JOKER JH 7H 8H AS"), Suit.HEARTS)
    assert count.describe() == "joker 5, right bower 4, eight 1, seven 1, ace of spades 2, two-suited 1"


# ---- round 1: the seat enters through the up-card -------------------------------------------

SOUTH = "QC JD AC QH KD"  # the source's example hand; the 9H is turned up
ROUND_ONE = [SOUTH, "9C TC JC KC 9D", "TD QD AD TH JH", "KH AH 9S TS JS"]  # kitty QS KS AS


def test_round_one_pass_when_an_opponent_deals(position: Position) -> None:
    """East deals: hearts count 7, less the 9H going to the dealer 1 = 6 < 7: pass (the
    source's own verdict on this hand)."""
    action, reason = decide(position(ROUND_ONE, "9H", 3, []))
    assert action == "pass"
    assert "6 points" in reason and "the 9♥ to the dealer −1" in reason


def test_round_one_assist_when_partner_deals(position: Position) -> None:
    """North, South's partner, deals: the same 7 plus the 9H to partner 1 = 8 >= 7: order up."""
    action, reason = decide(position(ROUND_ONE, "9H", 2, ["pass"]))
    assert action == "order"
    assert reason.startswith("Assist") and "8 points" in reason


def test_round_one_dealer_counts_after_the_pick_up(position: Position) -> None:
    """South deals: with the 9H it holds six cards and the club discard is the lone king of
    diamonds (a void). Kept: JD 3 + QH 2 + 9H 1 + AC 2, clubs and hearts only +1 = 9: pick up."""
    action, reason = decide(position(ROUND_ONE, "9H", 0, ["pass", "pass", "pass"]))
    assert action == "order"
    assert reason.startswith("Pick up") and "9 points" in reason


def test_three_players_call_at_ten(position: Position) -> None:
    """Three players (no partner): South's 9 as dealer is below the source's safe 10."""
    hands = [SOUTH, "9C TC JC KC 9D", "TD QD AD TH JH"]
    state = position(hands, "9H", 0, ["pass", "pass"], Rules(players=3))
    action, reason = decide(state)
    assert action == "pass" and "9 points" in reason and "calls at 10" in reason


# ---- round 2: no up-card, the same 7 for every seat; stick the dealer ------------------------


def test_round_two_calls_the_best_suit_but_not_the_turned_down_one(
    position: Position,
) -> None:
    """After the 9H is turned down South counts diamonds 8, clubs QC 2 + AC 3 = 5, spades 2
    (hearts, 7, may not be named): call diamonds."""
    action, reason = decide(position(ROUND_ONE, "9H", 3, ["pass"] * 4))
    assert action == "call D"
    assert "8 points" in reason


STUCK = ["JC QC TD TH 9S", "KC AC JD KD AD", "JH QH KH AH TS", "9C TC KS QD 9D"]  # kitty JS QS AS


def test_round_two_pass_below_seven(position: Position) -> None:
    """South's best is clubs: JC 4 + QC 2 = 6 (spades: JC 3 + 9S 1 = 4; diamonds TD 1) < 7."""
    action, reason = decide(position(STUCK, "9H", 3, ["pass"] * 4, Rules(stick_the_dealer=True)))
    assert action == "pass" and "6 points" in reason


def test_round_two_alone_at_eleven(position: Position) -> None:
    """West: diamonds JD 4 + AD 3 + KD 2 + AC 2, clubs only besides +1 = 12 >= 11: alone."""
    action, _ = decide(position(STUCK, "9H", 3, ["pass"] * 5, Rules(stick_the_dealer=True)))
    assert action == "call D alone"


def test_stuck_dealer_names_its_best_count(position: Position) -> None:
    """East deals with diamonds QD 2 + 9D 1 = 3, clubs 2, spades 2: it must name a suit
    under stick the dealer (diamonds), and passes without the rule."""
    passes = ["pass"] * 7
    action, reason = decide(position(STUCK, "9H", 3, passes, Rules(stick_the_dealer=True)))
    assert action == "call D" and reason.startswith("Stick the dealer") and "3 points" in reason
    assert decide(position(STUCK, "9H", 3, passes))[0] == "pass"


# ---- legal everywhere; the Club player's choice outside the bidding ---------------------------


@pytest.mark.parametrize("index", range(len(VARIANTS)), ids=[r.summary() for r in VARIANTS])
def test_legal_and_club_outside_the_bidding(index: int, random_states: Any) -> None:
    rules = VARIANTS[index]
    score = Score(7, 9, rules.target)
    plain, scored = PointCountPlayer(), PointCountPlayer().with_score(score)
    checked = bids = 0
    for i, state in enumerate(random_states(rules, deals=300 // rules.players, seed=50 + index)):
        seat = state.to_act
        assert seat is not None
        view = view_of(state, seat)
        legal = set(state.legal_actions())
        decision = plain.decide(view, random.Random(i))
        assert decision.action in legal, (str(decision), str(state))
        assert decision.reason.strip()
        if state.phase in BIDDING:
            bids += 1
            assert decision == plain.decide(view, random.Random(i + 1))  # deterministic
        else:
            assert decision == ClubPlayer().decide(view, random.Random(i))
            assert scored.decide(view, random.Random(i)) == ClubPlayer(score=score).decide(
                view, random.Random(i)
            )
        checked += 1
    assert checked > 1000 and bids > 100


def test_registry_and_score() -> None:
    assert ARENA_PLAYERS[-1] == "pointcount" and "pointcount" not in PLAYER_NAMES
    player = make_player(" PointCount ")
    assert isinstance(player, PointCountPlayer)
    told = told_the_score(player, Rules(), (3, 8), 0)
    assert told == PointCountPlayer(score=Score(3, 8, 10))
