"""Open-hand puzzles (engine/puzzles/open_hand.py): goals, right moves, the defence, worked by hand
and against a brute-force search of every line of play written here from the rules alone."""

from __future__ import annotations

import random

import pytest

from engine.analysis.tables import table_for
from engine.core.actions import Action
from engine.core.cards import Card, parse_cards
from engine.core.hand import HandState, Phase, deal, from_cards
from engine.core.view import view_of
from engine.puzzles.open_hand import (
    GOALS,
    GoalError,
    best_move,
    goal_tricks,
    main_line,
    move_values,
    open_puzzle,
    refutation,
    reply,
    right_moves,
    side_won,
)
from engine.puzzles.rule_sets import BANK_RULES, LEARNER


def _endgame() -> HandState:
    """Two-handed, hearts trump, South (seat 0) the maker with two tricks won and the lead, holding
    the A♠ and the 9♥; the opponent holds the 10♥ and the K♣.

    Worked by hand: lead the A♠ and the opponent either trumps it with the 10♥ (then leads the K♣,
    which South trumps with the 9♥) or throws the K♣ (South's A♠ wins): three tricks either way.
    Lead the 9♥ and the 10♥ takes it; the K♣ then wins the last trick, South having neither a club
    nor a trump: two tricks."""
    hands = [parse_cards("AD 9C 9H AS KD"), parse_cards("9D TC TH KC QD")]
    state = from_cards(BANK_RULES["two-handed"], 1, hands, Card.parse("9S"))
    for action in (
        "pass",
        "pass",
        "call H",
        "play AD",
        "play 9D",
        "play 9C",
        "play TC",
        "play QD",
        "play KD",
    ):
        state = state.apply(action)
    assert state.to_act == LEARNER and state.maker == LEARNER and side_won(state, LEARNER) == 2
    return state


def test_the_worked_endgame() -> None:
    state = _endgame()
    a_spade, nine = Action.parse("play AS"), Action.parse("play 9H")
    assert move_values(state) == {nine: 2, a_spade: 3}
    assert right_moves(state, goal_tricks("make 3 tricks")) == (a_spade,)
    assert right_moves(state, goal_tricks("take all five")) == ()
    # The defence that beats the 9♥: the 10♥ wins, the K♣ is led and wins the last trick.
    line = refutation(state, nine)
    assert line[:2] == ((1, Action.parse("play TH")), (1, Action.parse("play KC")))
    # The opponent's answer to the A♠ holds South to three, whichever card it is.
    # It trumps (and then leads its K♣ into South's last trump) or throws the K♣ (South leads on).
    after, made = reply(state.apply(a_spade))
    trump, club = (1, Action.parse("play TH")), (1, Action.parse("play KC"))
    assert made in ((trump, club), (club,))
    assert after.to_act == LEARNER and after.phase is Phase.PLAY
    assert side_won(after, LEARNER) == (2 if made == (trump, club) else 3)


def test_a_position_with_one_real_decision_is_no_puzzle() -> None:
    state = _endgame()
    line = main_line(state, 3)
    assert line is not None
    # The A♠ is the one decision; the 9♥ after it is South's only card (if a trick is still needed).
    trumped = reply(state.apply(Action.parse("play AS")))[1][0] == (1, Action.parse("play TH"))
    assert (line.moves, line.decisions) == ((2, 1) if trumped else (1, 1))
    assert line.right_chance == pytest.approx(1 / (1 + 2.718281828459045**-2))  # one trick behind, scale 1/2
    assert open_puzzle(state, "two-handed") is None  # two decisions are needed


def test_goals_are_the_four_in_words() -> None:
    assert {g: goal_tricks(g) for g in GOALS} == {
        "take all five": 5,
        "make 3 tricks": 3,
        "euchre them": 3,
        "stop the march": 1,
    }
    with pytest.raises(GoalError, match="a goal is one of"):
        goal_tricks("win")


def _brute(state: HandState, seat: int) -> int:
    """The tricks ``seat``'s side takes in all with best play by everyone: every line searched."""
    if state.phase is not Phase.PLAY:
        return side_won(state, seat)
    assert state.to_act is not None
    ours = state.is_maker_side(state.to_act) == state.is_maker_side(seat)
    values = [_brute(state.apply(a), seat) for a in state.legal_actions()]
    return max(values) if ours else min(values)


@pytest.mark.parametrize("name", ["standard", "railroad", "two-handed", "british"])
def test_move_values_agree_with_every_line_of_play_searched(name: str) -> None:
    rules, rng, checked = BANK_RULES[name], random.Random(53), 0
    club = table_for("people", rules).player()
    while checked < 6:
        state = deal(rules, dealer=rng.randrange(rules.players), rng=rng)
        while not state.is_over:
            if state.phase is Phase.PLAY and state.to_act == LEARNER and len(state.tricks) == 3:
                values = move_values(state)
                assert values == {a: _brute(state.apply(a), LEARNER) for a in state.legal_actions()}
                best = best_move(state)
                assert values[best] == max(values.values())
                checked += 1
            assert state.to_act is not None
            state = state.apply(club.act(view_of(state, state.to_act)))
