"""Exercise: how many points does this hand score? Judged by engine.core.scoring's table."""

from __future__ import annotations

import random
from collections.abc import Mapping

from engine.core.rules import Rules
from engine.core.scoring import hand_points
from engine.core.seats import seat_name
from lessons.exercise_model import Answer, Exercise, Mode, Solution

# What the learner chooses from, per number of players (the words match the rule book's table).
OPTIONS = {
    4: ("makers 1", "makers 2", "makers 4", "defenders 2", "defenders 4"),
    3: ("maker 1", "maker 2", "maker 3", "each defender 2"),
    2: ("maker 1", "maker 2", "maker 4", "defender 2"),
}
_WORDS = {4: ("makers", "defenders"), 3: ("maker", "each defender"), 2: ("maker", "defender")}


def make_points(seed: int, rng: random.Random, options: Mapping[str, str]) -> Exercise:
    players = int(options["players"]) if options.get("players") else rng.choice((4, 4, 4, 3, 2))
    alone = players == 4 and rng.random() < 0.4
    lone_defender = alone and rng.random() < 0.35
    tricks = rng.choice((0, 1, 2, 2, 3, 3, 4, 4, 5, 5))
    maker = rng.randrange(players)
    who = seat_name(players, maker)
    if players == 4:
        story = f"Four players. {who} made trump" + (" and went alone" if alone else "") + "."
        if lone_defender:
            story += f" {seat_name(4, (maker + 1) % 4)} defended alone."
        story += f" The makers took {_tricks(tricks)}."
    elif players == 3:
        story = f"Three players (cutthroat). {who} made trump and played against the other two, taking {_tricks(tricks)}."
    else:
        story = f"Two players. {who} made trump and took {_tricks(tricks)}."
    rules = Rules(players=players, defend_alone=lone_defender)
    return Exercise(
        kind="points",
        seed=seed,
        mode=Mode.CHOICE,
        options=OPTIONS[players],
        rules=rules,
        prompt=f"{story} Who scores, and how many points?",
        settings=tuple(sorted(options.items()))
        + (("tricks", str(tricks)), ("alone", str(alone)), ("lone_defender", str(lone_defender))),
    )


def _tricks(n: int) -> str:
    return "1 trick" if n == 1 else f"{n} tricks"


def solve_points(ex: Exercise) -> Solution:
    s = dict(ex.settings)
    players, tricks = ex.rules.players, int(s["tricks"])
    alone, lone_defender = s["alone"] == "True", s["lone_defender"] == "True"
    makers, defenders = hand_points(players, tricks, alone, lone_defender)
    maker_word, defender_word = _WORDS[players]
    answer = f"{maker_word} {makers}" if makers else f"{defender_word} {defenders}"
    side = "the lone maker" if alone else ("the makers" if players == 4 else "the maker")
    if tricks == 5:
        result = f"{side} took all 5 tricks, a march"
    elif tricks >= 3:
        result = f"{side} took {tricks}: 3 or 4 tricks make the bid"
    else:
        result = f"{side} took only {_tricks(tricks)}, fewer than 3: euchred"
        if lone_defender:
            result += " by a lone defender"
    point_word = "point" if (makers or defenders) == 1 else "points"
    why = f"{result[0].upper()}{result[1:]}, so the rule book gives: {answer} {point_word}."
    return Solution(answer, why)


def wrong_points(ex: Exercise, answer: Answer, solution: Solution) -> str:
    return f"Not {answer}."
