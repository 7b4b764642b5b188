"""The shipped puzzle bank (engine/puzzles/bank.jsonl.gz): its size, its coverage (kinds, themes,
rules), each puzzle what its kind says, no card code a learner would read, and a sample judged
again with a fresh judgement."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from bench.card_codes import CODE
from engine.core.hand import HandState
from engine.core.position import parse_rules
from engine.core.view import SeatView, view_of
from engine.puzzles.bank import BANK_FILE, KINDS, THEMES, Puzzle, read_bank, write_bank
from engine.puzzles.bank_study import check_task, sample
from engine.puzzles.open_hand import GOAL_THEMES, GOALS, MAX_MOVES, MIN_MOVES, goal_tricks, right_moves
from engine.puzzles.rating import rating_for
from engine.puzzles.rule_sets import BANK_RULES, LEARNER

BANK, DAMAGED = read_bank()


def test_the_bank_reads_whole_and_is_small() -> None:
    assert DAMAGED == 0 and len(BANK) >= 3000
    assert len({p.id for p in BANK}) == len(BANK)
    assert BANK_FILE.stat().st_size < 2_000_000


def test_the_file_is_the_bytes_its_puzzles_write(tmp_path: Path) -> None:
    again = tmp_path / "bank.jsonl.gz"
    write_bank(reversed(BANK), again)
    assert again.read_bytes() == BANK_FILE.read_bytes()


def test_coverage_kinds_themes_and_rules() -> None:
    kinds = Counter(p.kind for p in BANK)
    assert set(kinds) == set(KINDS) and min(kinds.values()) >= 1000
    themes = Counter(t for p in BANK for t in p.themes)
    assert set(themes) <= set(THEMES)
    assert sum(1 for n in themes.values() if n >= 50) >= 12, themes
    by_rules = Counter((p.preset, p.kind) for p in BANK)
    for name in BANK_RULES:  # every rule set of the bank: the four-player ones and two-handed
        assert by_rules[name, "seat"] >= 100 and by_rules[name, "open"] >= 100, (name, by_rules)
    decisions = Counter(p.problem.choices[0].split()[0] for p in BANK if p.kind == "seat")
    assert decisions["play"] >= 300 and decisions["discard"] >= 50  # cards and discards, not only bids
    assert {p.problem.goal for p in BANK if p.kind == "open"} == set(GOALS)


@pytest.mark.parametrize("puzzle", BANK[::37], ids=lambda p: p.id)
def test_each_puzzle_is_what_its_kind_says(puzzle: Puzzle) -> None:
    problem = puzzle.problem
    rules = BANK_RULES[puzzle.preset]
    assert parse_rules(puzzle.preset) == rules
    view = SeatView.from_text(problem.view)
    assert view.rules == rules and view.seat == LEARNER and view.to_act == LEARNER
    assert problem.choices == tuple(str(a) for a in view.legal)
    assert rating_for(0.97) >= puzzle.rating >= rating_for(0.03)
    if puzzle.kind == "seat":
        assert puzzle.moves == 1 and problem.unit == "points" and not problem.position and not problem.goal
        assert len(problem.right) == 1 and problem.value_of(problem.best) == max(problem.values)
        return
    state = HandState.from_text(problem.position)
    assert view_of(state, LEARNER) == view and problem.unit == "tricks"
    assert puzzle.themes[0] == GOAL_THEMES[problem.goal] and MIN_MOVES <= puzzle.moves <= MAX_MOVES
    target = goal_tricks(problem.goal)
    assert set(problem.right) == {
        c for c, v in zip(problem.choices, problem.values, strict=True) if v >= target
    }
    assert 0 < len(problem.right) < len(problem.choices)


def test_no_card_code_in_what_a_learner_reads() -> None:
    for p in BANK:
        for text in (p.problem.reason, p.problem.goal, p.problem.source):
            assert not CODE.findall(text), (p.id, text)
        assert p.problem.reason and p.problem.reason[0].isupper()


@pytest.mark.montecarlo
def test_twenty_puzzles_judged_again_agree() -> None:
    chosen = sample(BANK, 20, seed=53)
    assert {p.kind for p in chosen} == set(KINDS)
    result = check_task([p.to_json() for p in chosen])
    assert len(result["agree"]) >= 19, result["disagree"]
    opens = [p for p in chosen if p.kind == "open"]
    for p in opens:  # the solver asked again from the whole deal
        state = HandState.from_text(p.problem.position)
        assert {str(a) for a in right_moves(state, goal_tricks(p.problem.goal))} == set(p.problem.right)


def test_a_puzzle_without_its_figures_is_refused() -> None:
    """A problem may keep no figures (an old mistake in the deck), but a puzzle ranks its choices by
    them: a bank line whose problem has none is refused."""
    line = json.loads(BANK[0].to_json())
    line["problem"]["values"] = []
    with pytest.raises(ValueError, match="each choice's figure"):
        Puzzle.from_json(line)
