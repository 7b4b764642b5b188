"""Games and matches (docs/rules.md §4, §10): hands to the target, the deal passing left, the
draw for the first deal, best-of-3/5 matches, the cutthroat tie, same seed same game."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

import pytest

from engine.core.cards import JOKER, Card, parse_cards
from engine.core.errors import IllegalAction
from engine.core.game import GameState, deal_mark, draw_for_deal, new_game, replay, set_deal
from engine.core.hand import HandState, legal_actions
from engine.core.position import PositionError
from engine.core.rules import Rules


def play_hand(game: GameState, rng: random.Random) -> GameState:
    while not game.hand.is_over:
        game = game.apply(rng.choice(legal_actions(game.hand)))
    return game


def play_game(rules: Rules, seed: int, choices: int) -> list[GameState]:
    """Every state at a hand's end, for a whole match, random legal actions from ``choices``."""
    rng = random.Random(choices)
    game = new_game(rules, seed)
    ends = []
    while True:
        game = play_hand(game, rng)
        ends.append(game)
        if game.is_over:
            return ends
        game = game.next_hand()


def side_gain(rules: Rules, points: tuple[int, ...]) -> list[int]:
    """Per side, recounted: 4 players -> sides {0,2} and {1,3}; otherwise each seat."""
    if rules.players == 4:
        assert points[0] == points[2] and points[1] == points[3]
        return [points[0], points[1]]
    return list(points)


@pytest.mark.parametrize(
    "rules",
    [
        Rules(target=5),
        Rules(players=3, target=7),
        Rules(players=2),
        Rules(joker=True, defend_alone=True, target=5),
    ],
)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_game_runs_hands_to_the_target_with_the_deal_passing_left(rules: Rules, seed: int) -> None:
    ends = play_game(rules, seed, seed * 7)
    scores = [0] * (2 if rules.players == 4 else rules.players)
    previous_dealer = None
    for i, game in enumerate(ends):
        assert game.hand_number == i and game.game_number == 0
        if previous_dealer is not None:
            assert game.dealer == (previous_dealer + 1) % rules.players == game.hand.dealer
        previous_dealer = game.dealer
        scores = [a + b for a, b in zip(scores, side_gain(rules, game.hand.points), strict=True)]
        assert list(game.scores) == scores
        top = max(scores)
        if i < len(ends) - 1:
            assert game.game_winner is None
            assert top < rules.target or scores.count(top) > 1  # only a cutthroat tie plays on
    final = ends[-1]
    assert max(final.scores) >= rules.target
    assert final.game_winner == final.scores.index(max(final.scores))
    assert list(final.history) == [g.hand for g in ends]
    with pytest.raises(ValueError, match="match is over"):
        final.next_hand()
    with pytest.raises(ValueError, match="hand is over"):
        final.apply("pass")


@pytest.mark.parametrize("games", [3, 5])
def test_a_match_is_the_best_of_three_or_five(games: int) -> None:
    rules = Rules(target=5, match_games=games)
    ends = play_game(rules, 9, 3)
    wins = [0, 0]
    game_number = 0
    for i, game in enumerate(ends):
        if i and ends[i - 1].game_winner is not None:
            game_number += 1
            assert game.hand_number == 0  # a fresh game: scores started again from 0
            assert list(game.scores) == side_gain(rules, game.hand.points)
        assert game.game_number == game_number
        if game.game_winner is not None:
            wins[game.game_winner] += 1
        assert list(game.games_won) == wins
    need = games // 2 + 1
    assert max(wins) == need and min(wins) < need and ends[-1].match_winner == wins.index(need)
    assert not any(g.is_over for g in ends[:-1])


def test_same_seed_same_game_and_another_seed_another_deal() -> None:
    rules = Rules(players=3, target=5)
    a = play_game(rules, 42, 5)
    b = play_game(rules, 42, 5)
    assert [g.hand for g in a] == [g.hand for g in b]
    assert new_game(rules, 42).hand.dealt != new_game(rules, 43).hand.dealt
    # The deals do not depend on the players' choices: the same seed deals the same first hands.
    c = play_game(rules, 42, 6)
    assert [g.hand.dealt for g in a[:2]] == [g.hand.dealt for g in c[:2]]


# ---- cutthroat: two defenders can pass the target on one hand ----------------------------


def euchred_cutthroat(scores: tuple[int, int, int]) -> GameState:
    """3 players, dealer 0. Diamonds turned down; West (1) passes, East (2) calls hearts with
    no heart at all. West holds the five top hearts and leads them: East is euchred, so
    South and West each score 2 (docs/rules.md §9)."""
    hand = HandState.from_text(
        "players=3/0/AS KS AC KC AD,JH JD AH KH QH,9C TC QC 9S TS/9D/pass,pass,pass,pass,call-H"
    )
    game = new_game(Rules(players=3, target=10), 1)
    game = dataclasses.replace(game, hand=hand, dealer=0, scores=scores)
    while not game.hand.is_over:
        game = game.apply(legal_actions(game.hand)[0])
    assert game.hand.points == (2, 2, 0)
    return game


def test_cutthroat_tie_at_the_top_plays_on() -> None:
    game = euchred_cutthroat((8, 8, 5))
    assert game.scores == (10, 10, 5) and game.game_winner is None and not game.is_over
    assert game.next_hand().hand_number == 1


def test_cutthroat_higher_score_wins_when_both_pass_the_target() -> None:
    game = euchred_cutthroat((9, 8, 5))
    assert game.scores == (11, 10, 5) and game.game_winner == 0 and game.is_over


# ---- the draw for the first deal ----------------------------------------------------------


class ScriptedDraws(random.Random):
    """A generator whose ``sample`` returns scripted draws, to reach each case of §4."""

    def __init__(self, draws: Sequence[str]) -> None:
        super().__init__(0)
        self.draws = [parse_cards(d) for d in draws]

    def sample(self, population: Sequence[Any], k: int, *, counts: Any = None) -> list[Any]:
        drawn = self.draws.pop(0)
        assert len(drawn) == k and all(c in population for c in drawn)
        return list(drawn)


@pytest.mark.parametrize(
    ("players", "draws", "rounds", "seating", "dealer", "why"),
    [
        # K high ... A low: players 0 (K) and 3 (Q) are the two highest and partner; player 2 (A) deals.
        (4, ["KS 9H AC QD"], 1, (0, 1, 3, 2), 3, "ace is low, king high"),
        (4, ["AS AC KD QH", "KS 9H AC QD"], 2, (0, 1, 3, 2), 3, "two aces tie for lowest: redraw"),
        (4, ["KS 9H 9C AD", "9S KH TC JD"], 2, (0, 1, 2, 3), 0, "9s tie between 2nd and 3rd: redraw"),
        (4, ["KS KH 9C AD"], 1, (0, 2, 1, 3), 3, "a tie between the two highest does not matter"),
        (4, ["9S JH KC TD"], 1, (0, 1, 3, 2), 0, "player 0 is in the low pair: player 3 sits opposite"),
        (3, ["KS KH 9C"], 1, (0, 1, 2), 2, "cutthroat: only the lowest matters"),
        (3, ["TS 9H 9C", "AS KH QC"], 2, (0, 1, 2), 0, "cutthroat: tie for lowest redrawn"),
        (2, ["QS QH", "7S 8H"], 2, (0, 1), 0, "two players: a tie is redrawn; the 7 is lower and deals"),
        (2, ["8S 7H"], 1, (0, 1), 1, "two players: the 7 deals"),
        (2, ["AS 7H"], 1, (0, 1), 0, "the ace is below the seven"),
    ],
)
def test_draw_for_deal(
    players: int, draws: list[str], rounds: int, seating: tuple[int, ...], dealer: int, why: str
) -> None:
    draw = draw_for_deal(Rules(players=players, deck=32), ScriptedDraws(draws))
    assert len(draw.rounds) == rounds, why
    assert draw.seating == seating, why
    assert draw.dealer == dealer, why


def test_jokers_are_never_drawn_and_new_games_use_the_draw() -> None:
    rules = Rules(joker=True, draw_for_deal=True)
    for seed in range(200):
        game = new_game(rules, seed)
        assert game.draw is not None
        assert all(JOKER not in r for r in game.draw.rounds)
        last = game.draw.rounds[-1]
        lowest = min(range(4), key=lambda p: last[p].rank % 14)  # ace (14) -> 0: lowest
        assert game.dealer == game.draw.seating[lowest]
        assert all(isinstance(c, Card) for r in game.draw.rounds for c in r)


@pytest.mark.parametrize("rules", [Rules(), Rules(players=3), Rules(players=2)])
def test_the_score_a_hand_was_dealt_at_and_as_each_seat_reckons_it(rules: Rules) -> None:
    # Through a whole game: during a hand the scores are those it was dealt at; once it ends
    # the game counts it and ``scores_at_deal`` still gives the score before it. A seat reckons
    # a score as its own side's points and the best opponent's.
    from engine.core.game import seat_score

    rng = random.Random(3)
    game = new_game(rules, 5)
    while True:
        before = game.scores
        assert game.scores_at_deal == before
        game = play_hand(game, rng)
        assert game.scores_at_deal == before
        gained = side_gain(rules, game.hand.points)
        assert list(game.scores) == [a + b for a, b in zip(before, gained, strict=True)]
        for seat in range(rules.players):
            mine = seat % 2 if rules.players == 4 else seat
            others = [v for side, v in enumerate(game.scores) if side != mine]
            assert seat_score(rules, game.scores, seat) == (game.scores[mine], max(others))
        if game.game_winner is not None:
            break
        game = game.next_hand()


# A deal given card by card (a teacher's chosen deal at a table of people): North deals, the J♠ up.
CHOSEN = "standard/2/9S-TS-QS-KS-AS,9H-TH-QH-KH-AH,9D-TD-QD-KD-AD,9C-TC-QC-KC-AC/JS"


def test_a_chosen_deal_replaces_the_hand_and_replays_from_its_mark() -> None:
    chosen = HandState.from_text(CHOSEN)
    game = new_game(Rules(), 5)
    dealt = set_deal(game, chosen)
    assert dealt.hand == chosen and dealt.dealer == 2 and dealt.scores == game.scores
    assert deal_mark(chosen) == "deal " + CHOSEN
    again = replay(Rules(), 5, ((deal_mark(chosen), "pass"),))
    assert again.hand.dealt == chosen.dealt and again.hand.history[0][0] == 3  # East bids first
    after = play_hand(dealt, random.Random(1)).next_hand()
    assert after.dealer == 3 and after.hand.dealer == 3  # the deal passes left from North


def test_a_chosen_deal_comes_before_any_action_and_under_the_games_rules() -> None:
    chosen = HandState.from_text(CHOSEN)
    first = str(new_game(Rules(), 5).legal_actions()[0])
    with pytest.raises(IllegalAction):
        replay(Rules(), 5, ((first, deal_mark(chosen)),))
    with pytest.raises(IllegalAction):
        set_deal(new_game(Rules(stick_the_dealer=True), 5), chosen)
    with pytest.raises(IllegalAction):
        deal_mark(chosen.apply("pass"))
    with pytest.raises(PositionError):
        replay(Rules(), 5, (("deal standard/2/9S-TS/JS",),))
