"""Duplicate matches between two computer players (``python -m engine arena``: engine/cli/arena.py).

Duplicate: every deal is played once per *arrangement* of the two players ("side a"
and "side b") around the table, with the same cards, so luck of the deal cancels.

- 4 players: a in seats 0+2 and b in 1+3, then the teams swapped (2 plays per deal).
- 2 players: a in seat 0 and b in seat 1, then swapped (2 plays per deal).
- 3 players (cutthroat, each for themself): every arrangement with both players
  present — a alone in seat 0, 1 or 2 against two b's, and b alone in each seat
  against two a's (6 plays per deal). Each player sits in every seat of each deal,
  as the lone player and as one of the pair, equally often.

Points per hand for a side are the points one seat of that side scores, averaged
over its seats and the plays of a deal; the paired difference is a's minus b's per
deal. Make, euchre and march rates count the hands a side made trump. Games: whole
games to the target are played from seeded deals (engine.core.game) — the same duplicate
arrangements, each game seed played once per arrangement; the Club player is told
the score. A game win share is wins per seat a side occupied.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.game import new_game, side_of
from engine.core.hand import HandState, deal
from engine.core.rules import Rules
from engine.core.stats import Interval, counted_interval, mean_interval
from engine.core.view import view_of
from engine.players import Player
from engine.search.registry import told_the_score

MAX_HANDS_PER_GAME = 1000  # a safety net; real games end in a few dozen hands


def arrangements(players: int) -> tuple[tuple[str, ...], ...]:
    """Which player ('a' or 'b') sits in each seat, for every play of a deal."""
    if players == 4:
        return (("a", "b", "a", "b"), ("b", "a", "b", "a"))
    if players == 2:
        return (("a", "b"), ("b", "a"))
    lone = []
    for who, other in (("a", "b"), ("b", "a")):
        for seat in range(3):
            lone.append(tuple(who if s == seat else other for s in range(3)))
    return tuple(lone)


def play_hand(state: HandState, seats: Sequence[Player], rng: random.Random) -> HandState:
    """Play a hand out, each seat deciding from its own view."""
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state = state.apply(seats[seat].decide(view_of(state, seat), rng).action)
    return state


@dataclass
class SideTally:
    points: float = 0.0  # sum over deals of the side's per-seat points (averaged over plays)
    called: int = 0
    made: int = 0
    euchred: int = 0
    marched: int = 0
    alone: int = 0

    def as_dict(self, deals: int, per_deal: Sequence[float]) -> dict[str, Any]:
        mean = self.points / deals
        return {
            "points_per_hand": round(mean, 4),
            "ci95": _ci(mean_interval(per_deal), POINTS),
            "hands_called": self.called,
            "make_rate": _rate(self.made, self.called),
            "euchred_rate": _rate(self.euchred, self.called),
            "march_rate": _rate(self.marched, self.called),
            "alone_calls": self.alone,
        }


@dataclass
class DuplicateResult:
    rules: Rules
    deals: int
    plays: int
    seconds: float
    sides: dict[str, SideTally]
    per_deal: dict[str, list[float]] = field(default_factory=dict)  # 'a', 'b', 'diff'
    thrown_in: int = 0

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for who in ("a", "b"):
            out[who] = self.sides[who].as_dict(self.deals, self.per_deal[who])
        diff = self.per_deal["diff"]
        mean = sum(diff) / len(diff)
        out["difference"] = {"points_per_hand": round(mean, 4), "ci95": _ci(mean_interval(diff), DIFFERENCE)}
        out["deals"] = self.deals
        out["hands_played"] = self.plays
        out["thrown_in"] = self.thrown_in
        out["hands_per_second"] = round(self.plays / self.seconds, 1) if self.seconds > 0 else None
        return out


def run_duplicate(
    rules: Rules, a: Player, b: Player, deals: int, seed: int, progress: Callable[[int], None] | None = None
) -> DuplicateResult:
    """Play ``deals`` deals in every arrangement; ``progress(deals done)`` after each deal."""
    players = {"a": a, "b": b}
    layouts = arrangements(rules.players)
    sides = {"a": SideTally(), "b": SideTally()}
    per_deal: dict[str, list[float]] = {"a": [], "b": [], "diff": []}
    plays = thrown = 0
    start = time.perf_counter()
    for i in range(deals):
        opening = deal(rules, i % rules.players, random.Random(f"arena:{seed}:deal:{i}"))
        sums = {"a": 0.0, "b": 0.0}
        for k, layout in enumerate(layouts):
            seats = [players[w] for w in layout]
            end = play_hand(opening, seats, random.Random(f"arena:{seed}:play:{i}:{k}"))
            plays += 1
            if end.thrown_in:
                thrown += 1
            for who in ("a", "b"):
                mine = [end.points[s] for s, w in enumerate(layout) if w == who]
                sums[who] += sum(mine) / len(mine)
            if end.maker is not None:
                tally = sides[layout[end.maker]]
                tally.called += 1
                tally.alone += end.alone
                tricks = end.maker_tricks
                tally.made += tricks >= 3
                tally.euchred += tricks < 3
                tally.marched += tricks == 5
        for who in ("a", "b"):
            mean = sums[who] / len(layouts)
            per_deal[who].append(mean)
            sides[who].points += mean
        per_deal["diff"].append(per_deal["a"][-1] - per_deal["b"][-1])
        if progress is not None:
            progress(i + 1)
    seconds = time.perf_counter() - start
    return DuplicateResult(rules, deals, plays, seconds, sides, per_deal, thrown)


def run_games(
    rules: Rules, a: Player, b: Player, games: int, seed: int, progress: Callable[[int], None] | None = None
) -> dict[str, Any]:
    """Whole games to the target, each game seed played once per duplicate arrangement;
    ``progress(game seeds done)`` after each."""
    players = {"a": a, "b": b}
    wins = {"a": 0, "b": 0}
    hands = 0
    one_game = rules.with_(match_games=1)
    for g in range(games):
        for k, layout in enumerate(arrangements(rules.players)):
            game = new_game(one_game, seed * 1_000_003 + g)
            rng = random.Random(f"arena:{seed}:game:{g}:{k}")
            while game.game_winner is None and game.hand_number < MAX_HANDS_PER_GAME:
                if game.hand.is_over:
                    game = game.next_hand()
                seats = [told_the_score(players[who], rules, game.scores, s) for s, who in enumerate(layout)]
                hand = game.hand
                while not hand.is_over:
                    seat = hand.to_act
                    assert seat is not None
                    action = seats[seat].decide(view_of(hand, seat), rng).action
                    game = game.apply(action)
                    hand = game.hand
                hands += 1
            if game.game_winner is not None:
                winner_seat = next(s for s in range(rules.players) if side_of(rules, s) == game.game_winner)
                wins[layout[winner_seat]] += 1
        if progress is not None:
            progress(g + 1)
    plays = games * len(arrangements(rules.players))
    out: dict[str, Any] = {"games": plays, "hands": hands, "method": "whole games from seeded deals"}
    for who in ("a", "b"):
        out[f"{who}_wins"] = wins[who]
    # Every arrangement list seats each player equally often, so wins compare directly.
    decided = wins["a"] + wins["b"]
    share = wins["a"] / decided if decided else 0.5
    out["a_win_share"] = round(share, 4)
    wins_ci = counted_interval([(1.0, wins["a"]), (0.0, wins["b"])])  # each decided game a win (1) or not (0)
    out["a_win_share_ci95"] = _ci(wins_ci, SHARE) if decided else None
    return out


# ---- statistics -------------------------------------------------------------------


# What a figure can be at all: a seat scores 0 to 4 points a hand (a loner's march), so a side's
# points a hand are in [0, 4] and the paired difference in [-4, 4]; a share of games in [0, 1].
POINTS, DIFFERENCE, SHARE = (0.0, 4.0), (-4.0, 4.0), (0.0, 1.0)


def _ci(interval: Interval, possible: tuple[float, float]) -> list[float]:
    """An interval of engine.core.stats as the report prints it, rounded; with fewer than two deals or
    games, where it is not known, every value the figure can take (``possible``)."""
    low, high = (interval.low, interval.high) if interval.known else possible
    return [round(low, 4), round(high, 4)]


def _rate(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None
