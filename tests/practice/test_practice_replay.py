"""Replaying a finished hand step by step, against a hand worked out here by hand, and retrying
the learner's costliest decisions by their grades' values."""

from __future__ import annotations

import doctest
from dataclasses import replace

import pytest

import practice.replay
from engine.analysis.wintable import win_chance
from engine.core.actions import Action, Kind
from engine.core.cards import parse_card, parse_cards
from engine.core.game import GameState, add_hand, apply_game, new_game, next_hand, side_points
from engine.core.hand import HandState, Phase, from_cards
from engine.core.rules import Rules
from practice.replay import (
    ANALYZED,
    AT_DEAL,
    SOLVED,
    DecisionChance,
    Replay,
    clamp,
    costliest,
    deal_chance,
    decision_chances,
    hand_id,
    points_lost,
    replay,
    win_chances,
)
from practice.review import POINTS, SEAT_SOURCE, WIN_CHANCE, GradedDecision

# East deals; South (the learner) holds the five top hearts and orders up the 9H. East discards
# the 9D, then South leads every trick from the top and marches; the others follow as written.
HANDS = ("JH JD AH KH QH", "AC KC QC JC TC", "AS KS QS JS TS", "AD KD QD TD 9D")
PLAY = (
    "order",
    "discard 9D",
    "play JH",
    "play TC",
    "play TS",
    "play 9H",
    "play JD",
    "play JC",
    "play JS",
    "play TD",
    "play AH",
    "play QC",
    "play QS",
    "play QD",
    "play KH",
    "play KC",
    "play KS",
    "play KD",
    "play QH",
    "play AC",
    "play AS",
    "play AD",
)


def _dealt() -> HandState:
    return from_cards(Rules(), 3, [parse_cards(t) for t in HANDS], parse_card("9H"), parse_cards("9C 9S TH"))


def _finished() -> HandState:
    state = _dealt()
    for text in PLAY:
        state = state.apply(text)
    assert state.is_over
    return state


def _graded(
    step: int, before: HandState, action: str, grade: str | None, values: dict[str, float], unit: str = POINTS
) -> GradedDecision:
    chosen = Action.parse(action)
    if grade is None or not values:
        return GradedDecision(step, before, chosen, "test", unit=unit)
    vals = {Action.parse(a): v for a, v in values.items()}
    return GradedDecision.from_values(step, before, chosen, "test", vals, {chosen: grade}, unit=unit)


def test_the_steps_of_a_hand_worked_by_hand() -> None:
    hand = _finished()
    r = replay(hand)
    assert len(r) == 22
    # who acted, in order: South bids, East (the dealer) discards, then South leads each trick
    assert [s.seat for s in r.steps] == [0, 3] + [0, 1, 2, 3] * 5
    assert [str(s.action) for s in r.steps] == list(PLAY)
    assert [s.text for s in r.steps[:7]] == [
        "South orders up the nine of hearts: hearts are trump.",
        "East discards the nine of diamonds face down.",
        "South plays the jack of hearts.",
        "West plays the ten of clubs.",
        "North plays the ten of spades.",
        "East plays the nine of hearts.",
        "South plays the jack of diamonds.",
    ]
    assert r.steps[-1].text == "East plays the ace of diamonds."
    # the positions: the deal, the dealer's discard, the first lead, ..., the hand's end
    assert r.at(0).phase is Phase.BID1 and r.at(0).history == ()
    assert r.at(1).phase is Phase.DISCARD and r.at(1).to_act == 3
    assert (
        r.at(2).phase is Phase.PLAY
        and r.at(2).to_act == 0
        and r.at(2).hands[3] == parse_cards("AD KD QD TD 9H")
    )
    assert r.at(6).trick == () and len(r.at(6).tricks) == 1 and r.at(6).tricks[0].winner == 0
    assert r.at(4).trick == ((0, parse_card("JH")), (1, parse_card("TC")))
    assert r.at(22) is hand and r.at(99) is hand and r.at(-3) == r.at(0)
    assert hand.maker_tricks == 5 and hand.points[0] == 2  # a march
    # every step's position is the one before it with its action applied
    for i, step in enumerate(r.steps):
        assert step.index == i and step.before.apply(step.action) == r.at(i + 1)
    assert [str(s.action) for s in r.played(3)] == ["order", "discard 9D", "play JH"]


def test_grades_are_attached_to_the_learners_decisions_only() -> None:
    hand = _finished()
    steps = replay(hand).steps
    bid = _graded(0, steps[0].before, "order", "best", {"order": 2.0, "pass": -0.5, "order alone": 1.9})
    lead = _graded(2, steps[2].before, "play JH", "best", {f"play {c}": 2.0 for c in HANDS[0].split()})
    r = replay(hand, (bid, lead))
    assert r.steps[0].grade is bid and r.steps[2].grade is lead
    assert [s.index for s in r.steps if s.grade is not None] == [0, 2]
    # a grade never lands on another seat's step, even with a wrong step number
    stray = _graded(1, steps[1].before, "discard 9D", "best", {"discard 9D": 2.0})
    assert replay(hand, (stray,)).steps[1].grade is None


def test_the_identity_tells_hands_apart() -> None:
    hand = _finished()
    assert hand_id(hand) == hand_id(_finished()) and len(hand_id(hand)) == 12
    assert hand_id(hand) != hand_id(replay(hand).at(21))
    assert isinstance(replay(hand), Replay) and clamp(5, 3) == 3 and clamp(-1, 3) == 0


def _learner_decisions() -> tuple[GradedDecision, ...]:
    steps = replay(_finished()).steps
    return (
        _graded(0, steps[0].before, "order", "inaccuracy", {"order": 1.2, "order alone": 2.0, "pass": -1.0}),
        _graded(
            2,
            steps[2].before,
            "play JH",
            "best",
            {"play JH": 2.0, "play AH": 2.0, "play QH": 2.0, "play KH": 2.0, "play JD": 2.0},
        ),
        _graded(
            6,
            steps[6].before,
            "play JD",
            "mistake",
            {"play JD": 0.5, "play AH": 2.0, "play KH": 1.8, "play QH": 1.8},
        ),
        _graded(
            10, steps[10].before, "play AH", "blunder", {"play AH": -1.0, "play KH": 2.0, "play QH": 2.0}
        ),
    )


def test_the_costliest_decisions_come_first_and_inaccuracies_only_when_nothing_is_worse() -> None:
    graded = _learner_decisions()
    assert [g.step for g in costliest(graded)] == [10, 6]  # the blunder (3 points) before the mistake (1.5)
    assert [g.step for g in costliest(graded[:2])] == [0]  # only an inaccuracy: it is listed
    assert costliest(graded[1:2]) == ()  # all fine: nothing to learn from
    assert costliest(()) == ()


def test_another_choice_is_judged_by_the_figures_of_its_grade() -> None:
    blunder = _learner_decisions()[3]
    assert blunder.grade_of(Action.parse("play AH")) == "blunder"  # the choice made keeps its grade
    assert blunder.grade_of(Action.parse("play KH")) == "best"
    mistake = _learner_decisions()[2]
    assert mistake.grade_of(Action.parse("play QH")) == "good"  # 0.20 points behind the best
    bid = _learner_decisions()[0]
    assert bid.grade_of(Action.parse("pass")) == "blunder"  # 3 points behind
    assert bid.grade_of(Action(Kind.PASS, alone=True)) is None  # no value: not judged


def test_a_loss_in_chance_of_winning_is_judged_in_points_as_the_grade_does() -> None:
    before = replay(_finished()).steps[0].before
    g = _graded(0, before, "pass", "mistake", {"order": 0.10, "pass": -0.02, "order alone": 0.08}, WIN_CHANCE)
    per_point = g.loss / points_lost(g)
    assert 0.02 < per_point < 0.2  # about 7.5% of a game's chance is one point
    assert g.grade_of(Action.parse("order alone")) == ("good" if 0.02 / per_point <= 0.25 else "inaccuracy")


def test_the_module_examples() -> None:
    assert doctest.testmod(practice.replay).failed == 0


def _game_of(rules: Rules, seed: int, hands: int) -> GameState:
    """A game played with every seat making its second legal choice (a bid, not a pass), ``hands``
    hands in (or to the game's end)."""
    game = new_game(rules, seed)
    for number in range(hands):
        while not game.hand.is_over:
            legal = game.hand.legal_actions()
            game = apply_game(game, legal[min(1, len(legal) - 1)])
        if game.game_winner is not None or number == hands - 1:
            break
        game = next_hand(game)
    return game


def test_the_sides_chance_of_winning_at_each_deal_of_the_game() -> None:
    rules = Rules()
    game = _game_of(rules, 11, 3)
    chances = win_chances(game)
    assert len(chances) == len(game.history) + 1 and [c.hand for c in chances] == [1, 2, 3, None]
    # the game starts at 0-0; each later score is the one before plus the hand's points
    assert (chances[0].us, chances[0].them) == (0, 0)
    for before, after, hand in zip(chances, chances[1:], game.history, strict=False):
        ns, ew = side_points(hand)
        assert (after.us, after.them) == (before.us + ns, before.them + ew)
    assert (chances[-1].us, chances[-1].them) == game.scores
    first = game.history[0]
    assert chances[0].chance == win_chance(rules, 0, 0, first.dealer % 2 == 0)
    assert all(0 <= c.chance <= 1 for c in chances)
    # East-West's view is the complement of North-South's at 0-0 (whoever deals)
    assert win_chances(game, seat=1)[0].chance == pytest.approx(1 - chances[0].chance, abs=1e-9)


def test_a_won_game_ends_at_certainty_and_cutthroat_has_no_figure() -> None:
    game = _game_of(Rules(), 5, 40)
    assert game.game_winner is not None
    assert win_chances(game)[-1].chance == (1.0 if game.game_winner == 0 else 0.0)
    assert win_chances(_game_of(Rules(players=3, deck=24), 5, 2)) == ()
    assert win_chances(new_game(Rules(), 1)) == ()  # no finished hand yet


def _at_score(hand: HandState, us: int, them: int) -> GameState:
    """A game whose current (finished) hand is ``hand``, dealt at ``us``-``them`` (North-South first)."""
    rules = hand.rules
    return GameState(
        rules, 0, hand, hand.dealer, add_hand((us, them), hand), history=(hand,), games_won=(0, 0)
    )


def _solved(
    step: int, before: HandState, action: str, grade: str | None, values: dict[str, float]
) -> GradedDecision:
    g = _graded(step, before, action, grade, values)
    return replace(g, source=SEAT_SOURCE, hindsight=g.values)


def test_the_sides_chance_after_each_decision_of_a_hand_worked_by_hand() -> None:
    rules = Rules()
    hand = _finished()
    steps = replay(hand).steps
    game = _at_score(hand, 4, 6)  # East (the other side) dealt at 4-6; South's side deals next
    start = win_chance(rules, 4, 6, False)
    assert start is not None
    dealt = deal_chance(game)
    assert dealt is not None and (dealt.hand, dealt.us, dealt.them, dealt.chance) == (1, 4, 6, start)
    grades = (
        # the bid, ranked by the chance of winning: +5% for ordering up
        _graded(
            0,
            steps[0].before,
            "order",
            "best",
            {"order": 0.05, "order alone": 0.03, "pass": -0.02},
            WIN_CHANCE,
        ),
        # this deal's net points with every card face up after each card: the march (+2), one point, euchred (-2)
        _solved(10, steps[10].before, "play AH", "blunder", {"play AH": -2.0, "play KH": 2.0}),
        _solved(2, steps[2].before, "play JH", "best", {"play JH": 2.0, "play AH": 2.0}),
        _solved(6, steps[6].before, "play JD", "mistake", {"play JD": 1.0, "play AH": 2.0}),
        _solved(14, steps[14].before, "play KH", None, {}),  # not graded: no figure, no point
    )
    after = decision_chances(game, grades)
    assert [(d.step, str(d.action), d.us, d.them, d.basis) for d in after] == [
        (0, "order", 4, 6, ANALYZED),
        (2, "play JH", 6, 6, SOLVED),
        (6, "play JD", 5, 6, SOLVED),
        (10, "play AH", 4, 8, SOLVED),
    ]
    assert [d.chance for d in after] == pytest.approx(
        [
            start + 0.05,
            win_chance(rules, 6, 6, True),
            win_chance(rules, 5, 6, True),
            win_chance(rules, 4, 8, True),
        ]
    )
    # the march at 4-6 ends where the game's own figure after the hand does
    assert after[1].chance == win_chances(game)[-1].chance
    # a bid valued in points has no figure of its own: the chance at the deal, unchanged
    in_points = _graded(0, steps[0].before, "order", "best", {"order": 1.2, "pass": -0.5})
    assert decision_chances(game, (in_points,)) == (
        DecisionChance(0, Action.parse("order"), start, 4, 6, AT_DEAL),
    )
    # a hand that decides the game: certainty either way
    assert decision_chances(_at_score(hand, 8, 3), grades[2:3])[0].chance == 1.0
    assert decision_chances(_at_score(hand, 9, 8), grades[1:2])[0].chance == 0.0
