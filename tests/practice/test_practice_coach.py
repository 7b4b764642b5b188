"""Hints see only the learner's view and are legal; the expert comparison replays the same deal."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core.cards import parse_card, parse_cards
from engine.core.hand import Phase, from_cards
from engine.core.rules import Rules
from practice.coach import expert_in_your_seat, hint
from practice.session import Session, Waiting, act, replay

LEVELS4 = ("you", "club", "club", "club")


def test_a_bid_hint_comes_from_the_analyzer_and_orders_the_obvious_hand() -> None:
    hands = [parse_cards(h) for h in ("JH JD AH KH QH", "9C TC QC KC AC", "9S TS QS KS AS", "TD QD KD AD 9D")]
    state = from_cards(Rules(), dealer=3, hands=hands, upcard=parse_card("TH"))
    advice = hint(state)
    assert advice.source == "Analyzer" and advice.action.kind.value == "order"
    assert advice.reason


def test_a_bid_hint_at_a_score_follows_the_chance_of_winning_as_the_analyzer_does() -> None:
    # First seat holds 9C QS KH TD TS with the KS turned up by the dealer's side. By points
    # passing loses least; at 8-9, with the dealer's side one point from the game, the
    # analyzer ranks by the chance of winning and orders up. The hint says what the analyzer
    # says at each score.
    from practice.review import bid_analysis

    hands = [parse_cards(h) for h in ("9C QS KH TD TS", "9S JC AH JD AD", "QC TC KD 9D QH", "AS JS 9H KC TH")]
    state = from_cards(Rules(), dealer=3, hands=hands, upcard=parse_card("KS"))
    for score in (None, (8, 9)):
        analysis = bid_analysis(state, 0, score)
        assert analysis is not None and analysis.by_win_chance is (score is not None)
        assert hint(state, score=score).action == analysis.recommendation
    assert hint(state).action != hint(state, score=(8, 9)).action


def test_play_hints_are_legal_and_say_whose_advice() -> None:
    pos = replay(Session(Rules(), LEVELS4, seed=12))
    rng = random.Random(3)
    seen_play = 0
    while pos.waiting is Waiting.LEARNER:
        advice = hint(pos.hand)
        assert advice.action in pos.legal and advice.reason
        if pos.hand.phase is Phase.PLAY:
            assert advice.source.endswith("player's advice")
            seen_play += 1
        pos = act(pos, rng.choice(pos.legal))
    assert seen_play >= 1


def test_the_expert_replays_your_seat_on_the_same_deal() -> None:
    pos = replay(Session(Rules(), LEVELS4, seed=12))
    rng = random.Random(5)
    while pos.waiting is Waiting.LEARNER:
        pos = act(pos, rng.choice(pos.legal))
    cmp = expert_in_your_seat(pos.session, pos.game.game_number, pos.game.hand_number, pos.hand)
    assert cmp.hand.dealt == pos.hand.dealt and cmp.hand.is_over
    mine = [a for s, a in pos.hand.history if s == 0]
    assert [yours for _, yours, _, _ in cmp.choices] == mine
    assert cmp.your_points == pos.hand.points[0] and cmp.their_points == cmp.hand.points[0]


def test_the_expert_in_your_seat_and_everyone_in_the_replay_are_told_the_hand_s_score(
    random_legal: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The hand was dealt at 7-4: the replay with the expert in the learner's seat tells every
    # player that score (South's side first for South, East-West's 4 and 7 for the others),
    # as the hand itself did, not 0-0.
    from engine.players.evaluate import Score

    told: list[tuple[str, Score | None]] = []

    class Listening(random_legal):  # type: ignore[misc]
        def __init__(self, level: str, score: Score | None = None) -> None:
            self.level, self.score = level, score

        def with_score(self, score: Score | None) -> Listening:
            told.append((self.level, score))
            return Listening(self.level, score)

    pos = replay(Session(Rules(), LEVELS4, seed=12))
    rng = random.Random(5)
    while pos.waiting is Waiting.LEARNER:
        pos = act(pos, rng.choice(pos.legal))
    told.clear()
    from practice import coach

    coached: list[Score | None] = []
    real = coach.CoachPlayer.with_score

    def listening_coach(self: coach.CoachPlayer, score: Score | None) -> coach.CoachPlayer:
        coached.append(score)
        return real(self, score)

    monkeypatch.setattr(coach.CoachPlayer, "with_score", listening_coach)
    expert_in_your_seat(
        pos.session, pos.game.game_number, pos.game.hand_number, pos.hand, players=Listening, scores=(7, 4)
    )
    assert coached and set(coached) == {Score(7, 4)}  # the advice in South's seat, at South's score
    assert {score for _, score in told} <= {Score(7, 4), Score(4, 7)} and Score(4, 7) in {s for _, s in told}


def test_the_expert_told_a_score_bids_for_the_chance_of_winning() -> None:
    from engine.core.view import view_of
    from engine.players.evaluate import Score
    from engine.search.expert import ExpertPlayer

    hands = [parse_cards(h) for h in ("9C QS KH TD TS", "9S JC AH JD AD", "QC TC KD 9D QH", "AS JS 9H KC TH")]
    view = view_of(from_cards(Rules(), dealer=3, hands=hands, upcard=parse_card("KS")), 0)
    expert = ExpertPlayer(bid_samples=400)
    plain = expert.decide(view, random.Random(2))
    at_score = expert.with_score(Score(8, 9)).decide(view, random.Random(2))
    assert "points a hand over" in plain.reason and "chance of winning" not in plain.reason
    assert "chance of winning the game" in at_score.reason


def test_the_defend_alone_hint_is_the_expert_s_as_its_grade_is_the_solver_s(lone_hearts_maker: Any) -> None:
    # West names hearts alone holding TH 9H AS KS QS; South holds the five top hearts and takes
    # every trick whoever plays beside them (the lone_hearts_maker fixture, tests/conftest.py; test_practice_review.py works it):
    # defending alone is worth 4 to South's side, defending together 2. North has passed.
    from engine.core.actions import Action

    state = lone_hearts_maker(1).apply("pass")
    assert state.phase is Phase.DEFEND and state.to_act == 0
    advice = hint(state)
    assert advice.source == "Expert player's advice"
    assert advice.action == Action.parse("defend alone")
