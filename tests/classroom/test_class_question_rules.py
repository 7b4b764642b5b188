"""Class questions under the rules in force (issue 40: "the questions ignore the chosen rules (always
standard) while the caption names the preset"). The lessons' drills take a kind's options, not a
rules value, so each kind follows the rules it can and says so where it cannot; which kind follows
which preset is the table below, worked out from what each drill deals (see classroom/questions.py,
the notes above ANY_RULES), and the points are the rule book's (lesson 7: with three players the
maker scores 1 for 3 or 4 tricks, 3 for all five, each defender 2 for a euchre; with two players
1, 2, and 2 for a euchre; a lone defender who euchres a lone maker scores 4)."""

from __future__ import annotations

import dataclasses
import re

import pytest

from classroom.questions import (
    CLASS_KINDS,
    QuestionError,
    exercise_question,
    hand_question,
    lesson_steps,
    rules_note,
    rules_problem,
    step_question,
)
from engine.core.rules import PRESETS, Rules

JUDGED = (
    "bid",
    "score_bid",
    "name_suit",
    "go_alone",
    "discard",
    "makers_lead",
    "second_hand",
    "play_card",
    "loner_play",
    "loner_lead",
    "keep_guards",
    "trumps_out",
)  # dealt and judged under the standard rules
VARIANT = {  # dealt and judged under their own variant's rules, named when the rules in force differ
    "stick_dealer": "stick the dealer",
    "defend_alone": "Railroad rules",
    "joker_up": "British rules",
    "two_handed": "two-handed rules",
    "cutthroat": "cutthroat rules",
}
OWN = {  # the preset each variant drill follows
    "Tournament (stick the dealer)": "stick_dealer",
    "Railroad (defend alone)": "defend_alone",
    "British (25 cards, Benny)": "joker_up",
    "Two-handed": "two_handed",
    "Cutthroat (3 players)": "cutthroat",
}


def _variants_but(own: str | None) -> dict[str, str]:
    return {k: v for k, v in VARIANT.items() if k != own}


NOTES = {  # preset -> the kinds that do not follow it, and what their questions say instead
    "Standard (North America)": _variants_but(None),
    **{
        preset: {
            **({"trick_winner": "four players"} if PRESETS[preset].players != 4 else {}),
            **dict.fromkeys(JUDGED, "standard rules"),
            **_variants_but(own),
        }
        for preset, own in OWN.items()
    },
}


@pytest.mark.parametrize("preset", list(NOTES))
def test_each_kind_says_which_presets_it_cannot_follow(preset: str) -> None:
    rules = PRESETS[preset]
    assert {k: rules_note(k, rules) for k in CLASS_KINDS if rules_note(k, rules)} == NOTES[preset]
    for kind in CLASS_KINDS:
        assert bool(rules_problem(kind, rules)) == (kind in NOTES[preset])
    game = dataclasses.replace(rules, target=5, match_games=3)
    assert all(rules_note(k, game) == rules_note(k, rules) for k in CLASS_KINDS)  # the game, not the hand


def test_the_teachers_page_is_told_why_in_words() -> None:
    said = rules_problem("bid", PRESETS["Cutthroat (3 players)"])
    assert '"Order up or pass?" questions are dealt and judged under the standard rules only' in said
    assert "the rules in force have 3 players" in said and 'the projector says "standard rules"' in said
    said = rules_problem("go_alone", PRESETS["British (25 cards, Benny)"])
    assert "the rules in force have the joker" in said
    said = rules_problem("trick_winner", PRESETS["Two-handed"])
    assert "a trick of four cards" in said and "the rules in force have 2 players" in said
    said = rules_problem("cutthroat", Rules())
    assert "dealt and judged under cutthroat rules (3 players" in said and "not the rules in force" in said


def _points(prompt: str) -> tuple[int, int, bool]:
    """Players, the makers' tricks and whether a defender went alone, read from a points prompt."""
    players = {"Four": 4, "Three": 3, "Two": 2}[prompt.split(" ", 1)[0]]
    tricks = re.search(r"(?:took|taking) (\d) tricks?", prompt)
    assert tricks is not None, prompt
    return players, int(tricks[1]), "defended alone" in prompt


THREE = {
    0: "each defender 2",
    1: "each defender 2",
    2: "each defender 2",
    3: "maker 1",
    4: "maker 1",
    5: "maker 3",
}
TWO = {0: "defender 2", 1: "defender 2", 2: "defender 2", 3: "maker 1", 4: "maker 1", 5: "maker 2"}


@pytest.mark.parametrize(("players", "table"), [(3, THREE), (2, TWO)])
def test_points_are_scored_for_the_players_of_the_rules_in_force(players: int, table: dict[int, str]) -> None:
    seen = set()
    for seed in range(40):
        q = exercise_question("points", seed, rules=Rules(players=players))
        counted, tricks, _ = _points(q.prompt)
        assert counted == players, q.prompt
        assert q.right == (table[tricks],), q.prompt
        assert q.source == "How many points?"  # it follows the rules: nothing to say
        seen.add(tricks)
    assert seen == {0, 1, 2, 3, 4, 5}


def test_a_defender_goes_alone_only_where_the_rules_let_one() -> None:
    standard = [exercise_question("points", seed, rules=Rules()).prompt for seed in range(100)]
    assert all(_points(p)[0] == 4 and not _points(p)[2] for p in standard)
    railroad = [
        exercise_question("points", seed, rules=PRESETS["Railroad (defend alone)"]) for seed in range(100)
    ]
    lone = [q for q in railroad if _points(q.prompt)[2]]
    assert lone  # about one hand in seven
    for (
        q
    ) in lone:  # a lone defender euchres a lone maker for 4; a maker's 3 or more tricks score as a loner's
        tricks = _points(q.prompt)[1]
        assert q.right == (
            {
                0: "defenders 4",
                1: "defenders 4",
                2: "defenders 4",
                3: "makers 1",
                4: "makers 1",
                5: "makers 4",
            }[tricks],
        ), q.prompt


def test_an_explicit_players_level_is_kept_and_said() -> None:
    q = exercise_question("points", 3, {"players": "2"}, rules=Rules(players=4))
    assert _points(q.prompt)[0] == 2 and q.source == "How many points? (2 players)"


def test_a_kind_that_cannot_follow_the_rules_says_so_in_its_question() -> None:
    cutthroat = PRESETS["Cutthroat (3 players)"]
    q = exercise_question("trick_winner", 11, rules=cutthroat)
    assert q.source == "Who wins this trick? (four players)" and len(q.cards) == 4
    q = exercise_question("left_bower", 11, {"trump": "H"}, rules=PRESETS["British (25 cards, Benny)"])
    assert q.source == "Find the bower" and q.right == ("JD",)  # hearts: the left bower is the other red jack
    steps = {s.name: s for s in lesson_steps()}
    q = step_question(steps["Lesson 5, step 4: Your turn: who wins?"], 5, rules=cutthroat)
    assert q.source == "Lesson 5, step 4: Your turn: who wins? (four players)"
    q = step_question(steps["Lesson 7, step 9: Four players only"], 5, rules=cutthroat)
    assert q.source == "Lesson 7, step 9: Four players only (4 players)" and _points(q.prompt)[0] == 4
    q = step_question(steps["Lesson 7, step 8: Your turn: how many points?"], 5, rules=cutthroat)
    assert q.source == "Lesson 7, step 8: Your turn: how many points?" and _points(q.prompt)[0] == 3


def test_a_typed_hand_is_judged_under_the_rules_in_force() -> None:
    q = hand_question("JH JD AH KS 9C", "9H", "second", 1, Rules(players=3))
    assert q.prompt == (
        "You sit second, right of the dealer; the upcard is the 9♥. Everyone before you passed. "
        "What would you bid?"
    )
    assert set(q.choices) == {"pass", "order up"}
    with pytest.raises(QuestionError, match="seat 'third' is not possible with 3 players"):
        hand_question("JH JD AH KS 9C", "9H", "third", 1, Rules(players=3))
