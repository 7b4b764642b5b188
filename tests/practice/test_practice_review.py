"""Grading the learner's decisions from the learner's seat, checked against a brute-force search written
here over the same layouts of the hidden cards, and against positions worked by hand."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core.actions import Action, Kind
from engine.core.hand import HandState, Phase, deal
from engine.core.rules import Rules
from engine.core.scoring import hand_points
from practice.review import grade_decision, grade_for, grade_hand, hand_facts, learner_decisions, net_points


@pytest.mark.parametrize(
    ("loss", "tricks_lost", "grade"),
    [
        (0, 0, "best"),
        (0, 1, "good"),
        (0.2, 0, "good"),
        (0.5, 0, "inaccuracy"),
        (1, 0, "inaccuracy"),
        (1.5, 0, "mistake"),
        (2, 0, "mistake"),
        (3, 0, "blunder"),
        (6, 0, "blunder"),
    ],
)
def test_grade_words_by_points_lost(loss: float, tricks_lost: int, grade: str) -> None:
    assert grade_for(loss, tricks_lost) == grade


def _brute(state: HandState) -> int:
    """Makers' total tricks with best play by everyone, every card known (plain minimax)."""
    if state.is_over:
        return state.maker_tricks
    seat = state.to_act
    assert seat is not None
    values = [_brute(state.apply(a)) for a in state.legal_actions()]
    return max(values) if state.is_maker_side(seat) else min(values)


def _learner_to_play_late(seed: int) -> HandState:
    """A 4-player hand with 3 tricks to go (small enough to brute-force) and seat 0 to play."""
    rng = random.Random(seed)
    while True:
        state = deal(Rules(), dealer=rng.randrange(4), rng=rng)
        state = state.apply("pass") if rng.random() < 0.5 and state.to_act != state.dealer else state
        while state.phase is Phase.BID1:
            state = state.apply("order")
        if state.phase is Phase.DISCARD:
            state = state.apply(rng.choice(state.legal_actions()))
        while state.phase is Phase.PLAY and (len(state.tricks) < 2 or state.to_act != 0):
            state = state.apply(rng.choice(state.legal_actions()))
        if state.phase is Phase.PLAY and len(state.tricks) <= 3 and len(state.legal_actions()) > 1:
            return state


def _brute_points(before: HandState, seat: int = 0) -> dict[Action, int]:
    """Each legal card's net points for ``seat``'s side on this very layout, by plain minimax."""
    out = {}
    for action in before.legal_actions():
        makers, defenders = hand_points(4, _brute(before.apply(action)))
        out[action] = makers - defenders if before.is_maker_side(seat) else defenders - makers
    return out


@pytest.mark.parametrize("seed", range(4))
def test_the_hindsight_figure_is_this_layout_played_with_every_card_face_up(seed: int) -> None:
    before = _learner_to_play_late(seed)
    for action in before.legal_actions():
        graded = grade_decision(len(before.history), before, action)
        assert dict(graded.hindsight) == pytest.approx(_brute_points(before))


@pytest.mark.parametrize("seed", range(4))
def test_card_grades_average_a_brute_force_over_layouts_that_fit_the_learners_view(seed: int) -> None:
    # The seat's valuation deals the hidden cards again from the learner's view: the same layouts
    # (the same generator, drawn in the same order) are solved here by plain minimax, and every
    # card's value must be the mean of its points over them.
    from engine.analysis.sampler import sample_state
    from engine.core.view import view_of
    from engine.players.club import ClubPlayer
    from engine.search.seat_values import value_choices

    before = _learner_to_play_late(seed)
    view = view_of(before, 0)
    deals = 12
    values = value_choices(view, deals, seed="check")
    rng = random.Random("check")
    totals = {a: 0 for a in before.legal_actions()}
    for _ in range(deals):
        layout = sample_state(view, rng, bidder=ClubPlayer(), max_tries=10)
        assert layout.hands[0] == before.hands[0] and layout.trick == before.trick
        for action, points in _brute_points(layout).items():
            totals[action] += points
    for choice in values.choices:
        assert choice.points == pytest.approx(totals[choice.action] / deals)
    assert values.of(values.best).points == pytest.approx(max(totals.values()) / deals)  # type: ignore[union-attr]


def test_a_loss_carries_the_95_percent_interval_of_the_paired_differences() -> None:
    # Worked by hand: on four layouts the best card scores 2, 2, 1, 1 and the other 1, 2, 1, -1.
    # Differences 1, 0, 0, 2: mean 0.75; sample variance ((0.25² + 0.75² + 0.75² + 1.25²) / 3) = 0.9167;
    # half-width 1.96 · √(0.9167 / 4) = 0.938. The loss is inside its interval: a tie, graded "good".
    import numpy as np

    from engine.search.seat_values import summarise

    a, b = Action.parse("play AS"), Action.parse("play 9C")
    values = summarise((a, b), np.array([[2, 2, 1, 1], [1, 2, 1, -1]]), np.zeros((2, 4)), habit=b)
    assert values.best == a
    other = values.of(b)
    assert other is not None
    assert other.loss == pytest.approx(0.75) and other.spread == pytest.approx(0.938, abs=0.001)
    assert other.tied


def test_the_club_habit_breaks_a_tie_on_points_and_tricks() -> None:
    import numpy as np

    from engine.search.seat_values import summarise

    a, b = Action.parse("play AS"), Action.parse("play 9C")
    same = np.array([[1, 2], [1, 2]])
    assert summarise((a, b), same, np.ones((2, 2)), habit=b).best == b
    assert summarise((a, b), same, np.array([[3, 3], [2, 2]]), habit=b).best == a  # more tricks first


def test_discarding_the_right_bower_is_graded_worse_than_good_and_says_why() -> None:
    # South deals holding JH JD AH KH 9C, the three others pass and South picks up the QH. Keeping
    # five trumps marches on every layout (+2). Discarding the right bower leaves JD AH KH QH 9C:
    # the four trump tricks are sure, but the 9C loses its trick unless North can take it, so the
    # side marches less often and scores 1: a loss of up to one point (never a gain).
    from engine.core.cards import parse_card, parse_cards
    from engine.core.hand import from_cards

    hands = [parse_cards(h) for h in ("JH JD AH KH 9C", "9S TS QS KS AS", "TC QC KC AC 9D", "TD QD KD AD JS")]
    state = from_cards(Rules(), dealer=0, hands=hands, upcard=parse_card("QH"))
    for _ in range(3):
        state = state.apply("pass")
    state = state.apply("order")
    assert state.phase is Phase.DISCARD and state.to_act == 0
    step = len(state.history)
    keep = grade_decision(step, state, Action.parse("discard 9C"))
    throw = grade_decision(step, state, Action.parse("discard JH"))
    assert keep.grade == "best" and dict(keep.values)[Action.parse("discard 9C")] == 2.0
    assert throw.grade not in ("best", "good") and throw.best == Action.parse("discard 9C")
    assert 0.25 < throw.loss <= 1.0
    assert throw.reason and "double-dummy" not in throw.reason and "sampled" not in throw.reason
    assert throw.grade_of(Action.parse("discard 9C")) == "best" and throw.right_answers == (
        Action.parse("discard 9C"),
    )


@pytest.mark.parametrize("seed", range(5))
def test_following_the_hint_is_always_graded_best(seed: int) -> None:
    from engine.core.view import view_of
    from practice.coach import advise

    rng = random.Random(seed)
    state = deal(Rules(), dealer=seed % 4, rng=rng)
    while not state.is_over:
        if state.to_act == 0 and len(state.legal_actions()) > 1:
            advice = advise(view_of(state, 0))
            graded = grade_decision(len(state.history), state, advice.action)
            assert graded.grade == "best", (graded.source, graded.values)
            state = state.apply(advice.action)
        else:
            state = state.apply(rng.choice(state.legal_actions()))


def test_net_points_from_the_learners_side() -> None:
    state = deal(Rules(), dealer=3, rng=random.Random(2)).apply("order")  # seat 0 orders up
    assert net_points(state, 3) == 1 and net_points(state, 5) == 2 and net_points(state, 2) == -2
    assert net_points(state, 2, seat=1) == 2  # the defenders' view of a euchre


def _finish(state: HandState, rng: random.Random) -> HandState:
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_learner_decisions_are_replayed_from_the_deal() -> None:
    hand = _finish(deal(Rules(), dealer=1, rng=random.Random(5)), random.Random(6))
    mine = learner_decisions(hand)
    assert [a for _, _, a in mine] == [a for s, a in hand.history if s == 0]
    for step, before, action in mine:
        assert before.to_act == 0 and len(before.history) == step and action in before.legal_actions()


def test_grade_hand_grades_plays_and_leaves_forced_moves_ungraded() -> None:
    hand = _finish(deal(Rules(), dealer=1, rng=random.Random(8)), random.Random(9))
    graded = grade_hand(hand)
    for g in graded:
        if len(g.before.legal_actions()) == 1:
            assert g.grade is None and g.source == "the only legal choice"
        elif g.action.kind is Kind.PLAY:
            assert g.grade is not None


def test_hand_facts_for_a_euchred_maker() -> None:
    # Find a hand where seat 0 orders up and its side is euchred; facts must say so.
    for seed in range(200):
        state = deal(Rules(), dealer=3, rng=random.Random(seed)).apply("order")
        state = state.apply(state.legal_actions()[0])  # dealer discards
        hand = _finish(state, random.Random(seed))
        if hand.maker_tricks < 3:
            break
    row = hand_facts(hand, 0, 4, {"x": 1}, ())
    assert row.learner_called and row.learner_side_made and row.made is False and row.euchred
    assert not row.euchres_for and row.points_for == 0 and row.points_against == 2
    assert (row.game_number, row.hand_number) == (0, 4)


def test_bids_are_graded_by_the_analyzer_on_a_hand_that_must_order() -> None:
    # South holds the five top hearts; the 9H is turned up by East. Passing throws away at least
    # a point (a lone march is worth 4): the analyzer must call pass a mistake or a blunder.
    from engine.core.cards import parse_card, parse_cards
    from engine.core.hand import from_cards

    hands = [parse_cards(h) for h in ("JH JD AH KH QH", "9C TC QC KC AC", "9S TS QS KS AS", "TD QD KD AD 9D")]
    state = from_cards(Rules(), dealer=3, hands=hands, upcard=parse_card("TH"))
    assert state.to_act == 0
    passed = grade_decision(0, state, state.legal_actions()[0])
    assert passed.source.startswith("analyzer")
    assert passed.grade in ("mistake", "blunder") and passed.loss > 1
    assert passed.best is not None and passed.best.kind is Kind.ORDER
    alone = grade_decision(0, state, state.legal_actions()[2])  # order alone: a sure march, 4 points
    assert alone.grade in ("best", "good")


def test_at_a_score_where_any_make_wins_the_game_a_sure_partnered_order_is_as_good_as_alone() -> None:
    # The same five top hearts. By points the lone march (4) beats the partnered march (2), so
    # ordering with the partner loses exactly 2 points: a mistake. At 9-5 in a game to 10 either
    # march wins the game, so by the chance of winning (what the analyzer ranks by at a score)
    # the two are equal and the partnered order is graded best; passing gives some chance away.
    # At 6-5 only the lone march (to 10) wins the game outright, so ordering with the partner
    # is not best there.
    from engine.core.cards import parse_card, parse_cards
    from engine.core.hand import from_cards
    from practice.review import WIN_CHANCE

    hands = [parse_cards(h) for h in ("JH JD AH KH QH", "9C TC QC KC AC", "9S TS QS KS AS", "TD QD KD AD 9D")]
    state = from_cards(Rules(), dealer=3, hands=hands, upcard=parse_card("TH"))
    passing, order, alone = state.legal_actions()[:3]
    assert (order.kind, order.alone, alone.alone) == (Kind.ORDER, False, True)
    by_points = grade_decision(0, state, order)
    assert by_points.grade == "mistake" and by_points.loss == pytest.approx(2.0)
    assert by_points.lost_text() == "2.00 points"
    at_score = grade_decision(0, state, order, 0, (9, 5))
    assert at_score.unit == WIN_CHANCE and at_score.grade == "best" and at_score.loss == pytest.approx(0.0)
    assert "chance of winning the game from 9-5" in at_score.source
    passed = grade_decision(0, state, passing, 0, (9, 5))
    assert passed.grade != "best" and passed.unit == WIN_CHANCE and passed.best is not None
    assert passed.best.kind is Kind.ORDER
    assert 0 < passed.loss <= 1 and passed.lost_text().endswith("% chance of winning")
    short = grade_decision(0, state, order, 0, (6, 5))
    assert short.grade != "best" and short.best == alone and short.loss > 0


def test_warm_up_loads_the_solver() -> None:
    from practice.review import warm_up

    assert warm_up() is True


@pytest.mark.parametrize("maker", [1, 3], ids=["north-first", "south-first"])
def test_defend_alone_is_graded_by_points_lost(maker: int, lone_hearts_maker: Any) -> None:
    # Worked by hand: South wins all five tricks either way. Defending together a euchre of the
    # loner is worth 2 to South's side; South defending alone, 4. Passing loses 2: a mistake.
    # West's loner: North decides first (passes here). East's: South first, then North, who
    # with no trump passes the club player's way (review.settle_defence).
    state = lone_hearts_maker(maker)
    if state.to_act == 2:
        state = state.apply("pass")
    assert state.to_act == 0
    step = len(state.history)
    passing = grade_decision(step, state, Action.parse("pass"))
    alone = grade_decision(step, state, Action.parse("defend alone"))
    values = dict(passing.values)
    assert values[Action.parse("defend alone")] == 4.0  # every layout: South alone takes all five
    if maker == 1:  # North passed already: defending together takes all five too, worth 2
        assert values[Action.parse("pass")] == 2.0
        assert (passing.grade, passing.loss) == ("mistake", 2.0)
        assert passing.spread == 0.0  # the same on every layout
    else:  # North is still to decide: on layouts where North would defend alone the result varies
        assert 1.0 < values[Action.parse("pass")] < 3.0
        assert passing.grade in ("mistake", "blunder") and passing.loss > 1.0
    assert passing.best == Action.parse("defend alone")
    assert (alone.grade, alone.loss, alone.best) == ("best", 0.0, None)
    assert "your seat" in passing.source


def test_a_better_choice_at_equal_points_says_it_takes_more_tricks() -> None:
    from practice.review import GradedDecision
    from ui.practice_panels import better_text

    before = _learner_to_play_late(4)
    mine, other = before.legal_actions()[:2]
    g = GradedDecision.from_values(
        len(before.history),
        before,
        mine,
        "your seat",
        {other: 1.0, mine: 1.0},
        {other: "best", mine: "good"},
        top=other,
        tricks_lost=0.5,
    )
    assert better_text(g).endswith("(same points, 0.5 more tricks for your side)")
    assert better_text(GradedDecision.from_values(0, before, mine, "your seat", {mine: 0.0})) == ""


def test_a_bid_too_close_to_call_is_graded_fine_and_the_table_is_the_learner_s() -> None:
    # South, first seat, round 2, the king of spades turned down, holds 9-10 of clubs and of
    # diamonds and a queen: the textbook passes. Against strong players (the sound model) calling
    # clubs earns clearly more, so graded against them the pass is an inaccuracy; against the
    # default people table the two are too close to call, and a tie is never a mistake.
    from engine.core.cards import parse_card, parse_cards
    from engine.core.hand import from_cards
    from practice.review import bid_robust

    hands = [parse_cards(h) for h in ("9C TC 9D TD QH", "JC QC KC AC JD", "QD KD AD 9H TH", "JH KH AH 9S TS")]
    state = from_cards(Rules(), dealer=3, hands=hands, upcard=parse_card("KS"))
    for _ in range(4):
        state = state.apply("pass")
    assert state.phase is Phase.BID2 and state.to_act == 0
    passing = next(a for a in state.legal_actions() if a.kind is Kind.PASS)
    strong = bid_robust(state, table="sound")
    people = bid_robust(state)
    assert strong is not None and people is not None and people.table == "people"
    sound = strong.analysis
    sound_loss = max(o.realistic.ev for o in sound.options) - sound.option(passing).realistic.ev
    assert sound_loss > 0.25 and not (sound.too_close and passing == sound.runner_up)
    assert grade_decision(0, state, passing, table="sound").grade == "inaccuracy"
    a = people.analysis
    loss = max(o.realistic.ev for o in a.options) - a.option(passing).realistic.ev
    tied = loss < a.tie_margin or (a.too_close and passing in (a.recommendation, a.runner_up))
    graded = grade_decision(0, state, passing)
    assert graded.grade in ("best", "good") if tied else graded.grade != "best"
    if tied and loss > 0:
        assert "too close to call" in graded.source
