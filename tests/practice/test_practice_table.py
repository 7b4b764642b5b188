"""Table texts: why a card is disabled, bid labels, the spare-card score; export/import round trip."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pytest

from engine.core.actions import Action
from engine.core.cards import parse_card, parse_cards
from engine.core.game import add_hand, new_game
from engine.core.hand import HandState, from_cards
from engine.core.rules import Rules
from practice.export import ImportFileError, from_jsonl, hand_record, to_jsonl
from practice.table_text import (
    action_label,
    advice_text,
    disabled_reasons,
    game_result,
    hand_result,
    join_reason,
    spare_cards,
)

if TYPE_CHECKING:
    from practice.session import Move

# South, West, North and East's cards (seats 0..3), the 9H turned up.
DEAL = "JD-9D-KS-AC-9C,9S-TS-QS-QC-KC,JH-AH-KH-QH-TH,AD-KD-QD-TD-JS/9H"


def _hearts_trump_east_to_lead() -> HandState:
    # North (seat 2) deals; East passes, South orders hearts, North picks up the 9H and discards
    # the TH; East leads first.
    state = HandState.from_text(f"standard/2/{DEAL}/pass,order,discard-TH")
    assert state.to_act == 3  # East leads
    return state


def test_the_left_bower_must_follow_a_trump_lead() -> None:
    state = _hearts_trump_east_to_lead().apply("play JS")
    # The JS is a plain spade with hearts trump; South holds the KS and must follow spades.
    reasons = disabled_reasons(state, 0, state.hands[0])
    assert set(reasons) == set(parse_cards("JD 9D AC 9C"))
    assert reasons[parse_card("JD")] == "You must follow spades: you hold K♠."


def test_the_jack_of_diamonds_is_a_heart_when_hearts_are_trump() -> None:
    # East leads diamonds: South's JD is a heart, the 9D must follow
    state = HandState.from_text(f"standard/2/{DEAL}/pass,order,discard-TH,play-KD")
    reasons = disabled_reasons(state, 0, state.hands[0])
    assert set(reasons) == set(parse_cards("JD KS AC 9C"))
    assert (
        reasons[parse_card("JD")] == "You must follow diamonds — the J♦ is the left bower, a heart this hand."
    )
    # Hearts led: the JD is the only heart South holds, and the message says so.
    # West deals: North and East pass, South orders hearts, West discards the 9S; North leads the
    # AH and East, with no heart, plays the AD.
    s2 = HandState.from_text(f"standard/1/{DEAL}/pass,pass,order,discard-9S,play-AH,play-AD")
    r2 = disabled_reasons(s2, 0, s2.hands[0])
    assert r2[parse_card("9D")] == "You must follow hearts — the J♦ is a heart this hand (the left bower)."


def test_cards_wait_for_the_learners_turn_and_bidding() -> None:
    state = _hearts_trump_east_to_lead()
    assert set(disabled_reasons(state, 0, state.hands[0]).values()) == {"Wait: it is East's turn."}


def test_bid_labels() -> None:
    hands = [parse_cards(h) for h in ("JD 9D KS AC 9C", "9S TS QS QC KC", "JH AH KH QH TH", "AD KD QD TD JS")]
    state = from_cards(Rules(), dealer=0, hands=hands, upcard=parse_card("9H"))
    for _ in range(3):
        state = state.apply("pass")
    assert [action_label(state, a) for a in state.legal_actions()] == [
        "Turn it down",
        "Pick it up",
        "Pick it up alone",
    ]
    state = state.apply("pass")
    assert action_label(state, state.legal_actions()[1]) == "Call ♣ clubs"


@pytest.mark.parametrize(
    ("score", "shown"),
    [(0, (0, 0)), (1, (1, 0)), (4, (4, 0)), (5, (0, 5)), (6, (0, 6)), (7, (1, 6)), (10, (4, 6))],
)
def test_spare_cards_show_the_score_in_pips(score: int, shown: tuple[int, int]) -> None:
    assert spare_cards(score) == shown and sum(shown) == score


def test_export_and_import_round_trip() -> None:
    rng = random.Random(3)
    from engine.core.hand import deal

    hands = []
    for k in range(3):
        state = deal(Rules(), dealer=k, rng=rng)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        hands.append(state)
    text = to_jsonl(hand_record(h, 0, k, ("you", "club", "club", "club"), 9) for k, h in enumerate(hands))
    assert len(text.splitlines()) == 3
    back = from_jsonl(text.encode())
    assert [b.hand for b in back] == hands
    assert back[1].record["meta"]["hand"] == 1


@pytest.mark.parametrize(
    ("scores", "read"),
    [
        ([3, 7], (3, 7)),
        ([0, 9], (0, 9)),
        (None, None),
        ([3], None),
        ([3, 7, 1], None),
        ([True, 2], None),
        ([-1, 2], None),
        ([10, 2], None),
        ([2.0, 1], None),
        ("3,7", None),
        ({"us": 3}, None),
    ],
)
def test_an_imported_score_is_read_only_when_it_can_be(scores: object, read: tuple[int, int] | None) -> None:
    # Two sides, each from 0 to 9 in a game to 10; anything else (a record edited by hand, an
    # old export without scores) is graded as the hand alone, never an error.
    from engine.core.hand import deal

    rng = random.Random(4)
    state = deal(Rules(), dealer=0, rng=rng)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    record = hand_record(state, 0, 0, ("you", "club", "club", "club"), 9)
    if scores is not None:
        record["meta"]["scores"] = scores
    assert from_jsonl(json.dumps(record))[0].scores == read


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no records"),
        ("{not json", "line 1 is not JSON"),
        (json.dumps({"dealer": 0}), "missing hands"),
        (b"\xff\xfe", "not UTF-8"),
    ],
)
def test_bad_import_files_are_explained(text: str | bytes, message: str) -> None:
    with pytest.raises(ImportFileError, match=message):
        from_jsonl(text)


def _moves(state: HandState, actions: str) -> tuple[HandState, tuple[Move, ...]]:
    """Apply ``actions`` (comma-separated) from ``state``; the moves as the practice table records them."""
    from practice.session import Move

    moves = []
    for text in actions.split(","):
        action = Action.parse(text.strip())
        assert state.to_act is not None
        moves.append(Move(state, state.to_act, action, ""))
        state = state.apply(action)
    return state, tuple(moves)


_HANDS = ("JD 9D KS AC 9C", "9S TS QS QC KC", "JH AH KH QH TH", "AD KD QD TD JS")


def _dealt(dealer: int, rules: Rules | None = None) -> HandState:
    """``_HANDS`` dealt by ``dealer``, the 9H turned up."""
    return from_cards(
        rules or Rules(), dealer=dealer, hands=[parse_cards(h) for h in _HANDS], upcard=parse_card("9H")
    )


def test_each_seat_shows_its_latest_action_in_the_table_words() -> None:
    from practice.table_text import latest_actions, move_line

    # North (seat 2) deals: East, South, West pass, North picks the 9H up and discards the TH.
    now, moves = _moves(_dealt(2), "pass, pass, pass, order, discard TH")
    said = latest_actions(now, moves)
    assert said == {3: "Passed", 0: "Passed", 1: "Passed", 2: "Discarded a card face down"}
    assert latest_actions(now, moves[:4]) == {3: "Passed", 0: "Passed", 1: "Passed", 2: "Picked it up"}
    # the dealer's discard stays face down in the log too; East's lead is a lead, South's a play
    assert move_line(moves[4]) == "North discards a card face down."
    now, more = _moves(now, "play AD, play 9D")  # the J♦ is a heart: South follows with the 9♦
    assert latest_actions(now, moves + more)[3] == "Led the A♦"
    assert latest_actions(now, moves + more)[0] == "Played the 9♦"


def test_a_first_round_pass_says_so_in_the_second_round() -> None:
    from practice.table_text import latest_actions

    round2, moves = _moves(_dealt(2), "pass, pass, pass, pass, pass")
    # the dealer (North) turned the 9H down; East passed again in round 2
    said = latest_actions(round2, moves)
    assert said == {
        3: "Passed",
        0: "Passed in round 1",
        1: "Passed in round 1",
        2: "Turned it down (round 1)",
    }
    now, called = _moves(round2, "call S alone")
    assert latest_actions(now, moves + called)[0] == "Called ♠ spades alone"


def test_the_learners_own_discard_is_named() -> None:
    from practice.table_text import done_label

    # South (seat 0) deals and picks the 9H up: the learner sees its own discard.
    state = _dealt(0)
    state = state.apply("pass").apply("pass").apply("pass")
    assert done_label(state, Action.parse("order")) == "Picked it up"
    picked = state.apply("order")
    discard = Action.parse("discard 9C")
    assert done_label(picked, discard) == "Discarded the 9♣"
    assert done_label(picked, discard, seen=False) == "Discarded a card face down"


def _finished(state: HandState) -> HandState:
    """Play ``state`` out with each seat's first legal action."""
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    return state


def test_the_hand_result_line_names_the_sides_points_and_score(lone_hearts_maker: Any) -> None:
    hand = _finished(lone_hearts_maker(1).apply("pass"))  # South takes every trick from West alone
    game = new_game(hand.rules, 1)
    game = replace(game, hand=hand, scores=add_hand((4, 6), hand))
    assert hand_result(game) == "North–South euchred West alone: 2 points, 6–6."
    passed = from_cards(
        Rules(),
        dealer=0,
        hands=[
            parse_cards(h) for h in ("9C TC JC QC KC", "9D TD JD QD KD", "9H TH JH QH KH", "9S TS JS QS KS")
        ],
        upcard=parse_card("AC"),
    )
    for _ in range(8):
        passed = passed.apply("pass")
    assert (
        hand_result(replace(game, hand=passed, scores=(4, 6)))
        == "Everyone passed: thrown in, no points, 4–6."
    )


def test_the_games_end_says_who_won_and_the_final_score() -> None:
    game = new_game(Rules(), 1)
    assert game_result(game) is None
    won = replace(game, scores=(10, 6), game_winner=0, games_won=(1, 0))
    assert game_result(won) == "The game is over: North–South won 10–6 — you win!"
    lost = replace(game, scores=(7, 11), game_winner=1, games_won=(0, 1))
    assert game_result(lost) == "The game is over: East–West won 11–7."
    match = replace(game, rules=Rules(match_games=3), scores=(10, 6), game_winner=0, games_won=(1, 0))
    assert game_result(match) == "North–South won game 1, 10–6."


def test_advice_reads_as_one_sentence() -> None:
    state = _hearts_trump_east_to_lead().apply("play JS")  # South must follow spades with the K♠
    ks = Action.parse("play KS")
    assert state.legal_actions() == (ks,)
    assert advice_text(state, ks, "the only legal choice") == "Play the K♠: the only legal card."
    assert join_reason("Order it up", "You hold three trumps") == "Order it up. You hold three trumps."
    assert join_reason("Play the K♦", "best on average") == "Play the K♦: best on average."
    assert join_reason("Play the K♦", "Play the K♦: it wins the trick.") == "Play the K♦: it wins the trick."


def test_claim_the_rest_only_when_every_remaining_trick_is_yours() -> None:
    # South (seat 0, left of the dealer West) orders hearts holding the five top hearts: with the
    # right and left bowers and the ace, king and queen of trump every trick is South's whatever
    # the others hold, so South may claim at once; the claimed line takes all five.
    from engine.core.cards import parse_card, parse_cards
    from engine.core.hand import Phase, from_cards
    from practice.table_text import claim_card

    hands = [parse_cards(h) for h in ("JH JD AH KH QH", "9C TC QC KC AC", "9D TD QD KD AD", "9S TS QS KS AS")]
    state = from_cards(Rules(), dealer=3, hands=hands, upcard=parse_card("9H")).apply("order")
    state = state.apply("discard 9S")
    assert state.phase is Phase.PLAY and state.to_act == 0
    assert claim_card(state, 1) is None  # not West's turn
    card = claim_card(state, 0)
    assert card is not None and card.card in hands[0]
    after = state.apply(card)
    assert after.to_act == 1 and claim_card(after, 1) is None  # West, a defender with no trump, takes nothing
    while not state.is_over:  # South plays the claimed line, the others anything legal
        seat = state.to_act
        move = claim_card(state, 0) if seat == 0 else state.legal_actions()[0]
        assert move is not None
        state = state.apply(move)
    assert state.maker_tricks == 5


def test_no_claim_while_a_trick_can_still_be_lost() -> None:
    # South orders hearts with the right bower and four small clubs: the defenders' aces and
    # trumps can take tricks, so there is nothing to claim.
    from engine.core.cards import parse_card, parse_cards
    from engine.core.hand import Phase, from_cards
    from practice.table_text import claim_card

    hands = [parse_cards(h) for h in ("JH 9C TC QC KC", "AH KH QH AC 9S", "9D TD QD KD AD", "JD TS QS KS AS")]
    state = from_cards(Rules(), dealer=3, hands=hands, upcard=parse_card("9H")).apply("order")
    state = state.apply("discard TS")  # the dealer (seat 3) takes the 9H and drops a spade
    assert state.phase is Phase.PLAY and state.to_act == 0
    assert claim_card(state, 0) is None


def test_a_defenders_choice_reads_as_what_to_do_and_what_was_done() -> None:
    """Asked to defend alone against South's loner, West's buttons say what to do and its place at
    the table what it did, both in the past tense (it said "Defends alone" before the one table of
    action words)."""
    from practice.table_text import done_label

    state = _dealt(2, Rules(defend_alone=True))
    asked = state.apply("pass").apply("order alone")
    assert asked.to_act == 1
    defend, stay = Action.parse("defend alone"), Action.parse("pass")
    assert [action_label(asked, a) for a in (stay, defend)] == ["Don't defend alone", "Defend alone"]
    assert [done_label(asked, a) for a in (stay, defend)] == ["Did not defend alone", "Defended alone"]
