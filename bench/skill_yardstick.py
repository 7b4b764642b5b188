"""The yardstick beside the learner's skill figure: the points the Club and the Expert computer
players lose per decision in the learner's seat, graded as the learner's hands are.

    python -m bench skill_yardstick [--hands 1000] [--seed 1] [--workers 2] [--write]

For each player of ``practice.skill.YARDSTICK_PLAYERS``, whole games to 10 under the default rules
are played from seeded deals (game ``g`` is ``engine.core.game.new_game(rules, seed * 1_000_003 +
g)``, its decisions drawn from ``random.Random(f"yardstick:{seed}:{player}:{g}")``) with that
player in South's seat and three Club players around it, the practice table's default, each told
the score (the practice table's own players, ``practice.session.default_players``: the Expert
searches a fixed number of deals, no clock). Games are played in order until ``--hands`` hands;
the last game is cut there. Every hand goes through what a learner's finished hand goes through:
``practice.review.grade_hand`` from South's seat at the game score against the people table (the
page's default), then ``practice.review.hand_facts`` for its decisions and luck, and the hands are
summed up by ``practice.skill.skill_summary``, the code the Statistics view uses.

Prints per player and category the decisions, the mean points lost per decision with its 95%
interval (``engine.core.stats.loss_interval``), the mean luck (about 0 if the luck baseline is
right) and the seconds taken; ``--write`` stores the figures in practice/skill_yardstick.json,
which the page reads (docs/research/skill-figure.md).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bench.base_tree import head_commit
from engine.analysis.tables import DEFAULT_TABLE
from engine.core.game import new_game, seat_score
from engine.core.rules import Rules
from engine.core.view import view_of
from engine.search.registry import told_the_score
from practice import review, skill
from practice.session import default_players
from store.practice_log import SkillHand

SOUTH = 0
PLAYED_AT = "2026-01-05T12:00:00+00:00"  # one time for every hand: the yardstick has no trend
MAX_HANDS_PER_GAME = 1000  # a safety net, as the arena's


def one_game(player: str, seed: int, g: int) -> list[SkillHand]:
    """Game ``g`` with ``player`` in South's seat: each hand's decisions and luck, graded as a
    learner's are, in order."""
    rules = Rules()
    game = new_game(rules, seed * 1_000_003 + g)
    rng = random.Random(f"yardstick:{seed}:{player}:{g}")
    levels = (player, "club", "club", "club")
    players = [default_players(level) for level in levels]
    out = []
    while game.hand_number < MAX_HANDS_PER_GAME:
        while not game.hand.is_over:
            seat = game.hand.to_act
            assert seat is not None
            decider = told_the_score(players[seat], rules, game.scores, seat)
            game = game.apply(decider.decide(view_of(game.hand, seat), rng).action)
        hand = game.hand
        score = seat_score(rules, game.scores_at_deal, SOUTH)
        grades = review.grade_hand(hand, SOUTH, score, DEFAULT_TABLE)
        row = review.hand_facts(hand, game.game_number, game.hand_number, {}, grades, SOUTH)
        assert row.decisions is not None
        out.append(SkillHand(PLAYED_AT, row.decisions, row.luck, row.no_luck))
        if game.game_winner is not None:
            break
        game = game.next_hand()
    return out


def _game(args: tuple[str, int, int]) -> list[SkillHand]:
    return one_game(*args)


def played(pool: ProcessPoolExecutor, player: str, seed: int, hands: int, batch: int) -> list[SkillHand]:
    """The first ``hands`` hands of ``player``'s games, in game order (games run ``batch`` at a time)."""
    out: list[SkillHand] = []
    g = 0
    while len(out) < hands:
        for game_hands in pool.map(_game, [(player, seed, g + k) for k in range(batch)]):
            out.extend(game_hands)
        g += batch
    return out[:hands]


def figures(hands: Sequence[SkillHand]) -> dict[str, Any]:
    """The yardstick file's entry for one player: ``practice.skill.skill_summary`` of its hands, as
    ``practice.skill.yardstick_data`` stores it, and the mean luck per hand."""
    summary = skill.skill_summary(hands)
    data = skill.yardstick_data(summary)
    data["luck"] = {"mean": round(summary.luck.mean, 4), "hands": summary.luck_hands}
    return data


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench skill_yardstick")
    p.add_argument("--hands", type=int, default=1000, help="hands per player (default 1000)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--write", action="store_true", help="store the figures in practice/skill_yardstick.json")
    args = p.parse_args(argv)
    if args.hands < 1 or args.workers < 1:
        p.error("--hands and --workers take a whole number of 1 or more")
    start = time.perf_counter()
    players: dict[str, dict[str, Any]] = {}
    with ProcessPoolExecutor(args.workers) as pool:
        for player in skill.YARDSTICK_PLAYERS:
            data = figures(played(pool, player, args.seed, args.hands, 2 * args.workers))
            players[player] = data
            for kind, f in data["by_kind"].items():
                low = "?" if f["low"] is None else f"{f['low']:.3f}"
                high = "?" if f["high"] is None else f"{f['high']:.3f}"
                print(
                    f"{player:>6} {kind:>9}: {f['mean']:.3f} points lost per decision "
                    f"(95% interval {low} to {high}) over {f['decisions']} decisions",
                    flush=True,
                )
            luck = data["luck"]
            print(
                f"{player:>6} luck: {luck['mean']:+.3f} points a hand over {luck['hands']} of {data['hands']} hands"
            )
    seconds = time.perf_counter() - start
    print(f"{seconds:.0f} s")
    if args.write:
        out = {
            "about": "points lost per real decision by category (practice.skill) of each computer player "
            "in South's seat against three Club players, whole games to 10, default rules, graded by "
            "practice.review.grade_hand against the people table",
            "made_by": f"python -m bench skill_yardstick --hands {args.hands} --seed {args.seed} --write",
            "commit": head_commit(),
            "seconds": round(seconds),
            "players": players,
        }
        skill.YARDSTICK_FILE.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {skill.YARDSTICK_FILE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
