"""The study that makes the puzzle bank (``python -m engine study puzzles``) and re-checks it.

Each task plays seeded deals under one rule set of the bank (``rule_sets.BANK_RULES``) with the
club player in every seat (bidding as the people table does) and asks, at the learner's seat
(seat 0), whether a decision makes a puzzle:

- ``seat/<rules>/<chunk>``: ``seat_hands`` deals; every discard and defend-alone choice, every
  bid but one in ten of those that every table of the analyzer passes (a pass with nothing to
  think about is seldom a lesson), and each card with chance ``PLAY_SHARE`` is judged
  (``engine.puzzles.seat``);
- ``open/<rules>/<chunk>``: ``open_hands`` deals; every position of the play where the learner
  is to move is tried (``engine.puzzles.open_hand``), and one of those that make a puzzle is kept
  per deal (one deal, one open puzzle: the bank does not repeat a deal).

A task's seed is its key with the study's seed (``task_rng``), so the bank depends only on the
seed and the counts, never on the workers or the order tasks finish. ``select`` keeps at most
``per_group`` puzzles of each kind, rule set and first theme (the lowest ids: a hash, so an even
draw), and ``write_bank`` writes them in id order without a timestamp: the same seed gives the
same bytes.

``check_tasks`` re-judges a seeded sample of a bank with a fresh judgement (``seat.recheck``:
the seat judge at the same layouts from another seed, the analyzer from another seed;
``open_hand.recheck``: the solver again).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from engine.analysis.sampler import BIDDING_PHASES
from engine.analysis.tables import DEFAULT_TABLE, TABLES, table_for
from engine.core.actions import Kind
from engine.core.hand import HandState, Phase, deal
from engine.core.rules import Rules
from engine.core.view import SeatView, view_of
from engine.puzzles import open_hand, seat
from engine.puzzles.bank import Puzzle
from engine.puzzles.rule_sets import BANK_RULES, LEARNER
from engine.study.dask_tasks import Task

PLAY_SHARE = 0.5  # the share of the learner's cards judged (the others are played, not asked)
QUIET_BID_SHARE = 0.1  # the share of the bids every table passes that are judged
SEAT_CHUNK = 20  # deals per seat task (about a minute on one core)
OPEN_CHUNK = 1000  # deals per open task
PER_GROUP = 400  # at most this many puzzles per kind, rule set and first theme


def task_rng(seed: int, key: str) -> random.Random:
    return random.Random(f"puzzles:{seed}:{key}")


def _hands(rules: Rules, rng: random.Random, count: int) -> Iterable[list[HandState]]:
    """``count`` hands dealt and played by the club player (the people table's thresholds),
    each as the states before every action."""
    club = table_for(DEFAULT_TABLE, rules).player()
    for _ in range(count):
        state = deal(rules, dealer=rng.randrange(rules.players), rng=rng)
        states = []
        while not state.is_over:
            states.append(state)
            assert state.to_act is not None
            state = state.apply(club.act(view_of(state, state.to_act)))
        yield states


def _asked(view: SeatView, rng: random.Random) -> bool:
    """Is this decision of the learner's judged? (See the module.)"""
    if view.phase in BIDDING_PHASES:
        bids = [table_for(t, view.rules).player().act(view) for t in TABLES]
        quiet = all(b.kind is Kind.PASS for b in bids)
        return not quiet or rng.random() < QUIET_BID_SHARE
    if view.phase is Phase.PLAY:
        return rng.random() < PLAY_SHARE
    return True


def seat_task(preset: str, chunk: int, hands: int, seed: int) -> dict[str, Any]:
    """One seat task's puzzles (JSON lines) and counts: decisions judged and puzzles made, by phase."""
    return _task("seat", preset, chunk, hands, seed, _seat_puzzles)


def open_task(preset: str, chunk: int, hands: int, seed: int) -> dict[str, Any]:
    """One open task's puzzles (JSON lines) and counts: positions tried, deals with a puzzle."""
    return _task("open", preset, chunk, hands, seed, _open_puzzle)


Judge = Callable[[list[HandState], str, random.Random, Counter[str], Counter[str]], list[str]]


def _task(kind: str, preset: str, chunk: int, hands: int, seed: int, judge: Judge) -> dict[str, Any]:
    """Deal ``hands`` hands of the task's own generator and let ``judge`` make each deal's
    puzzles (JSON lines), counting what it tried and made."""
    rng = task_rng(seed, f"{kind}/{preset}/{chunk:03d}")
    tried: Counter[str] = Counter()
    made: Counter[str] = Counter()
    out: list[str] = []
    start = time.perf_counter()
    for states in _hands(BANK_RULES[preset], rng, hands):
        out.extend(judge(states, preset, rng, tried, made))
    return _result(out, tried, made, hands, start)


def _seat_puzzles(
    states: list[HandState], preset: str, rng: random.Random, tried: Counter[str], made: Counter[str]
) -> list[str]:
    """Every seat puzzle of one deal: the learner's decisions asked (``_asked``) and judged."""
    out = []
    for state in states:
        if state.to_act != LEARNER or len(state.legal_actions()) < 2:
            continue
        view = view_of(state, LEARNER)
        if not _asked(view, rng):
            continue
        tried[state.phase.value] += 1
        puzzle = seat.seat_puzzle(view, preset)
        if puzzle is not None:
            made[state.phase.value] += 1
            out.append(puzzle.to_json())
    return out


def _open_puzzle(
    states: list[HandState], preset: str, rng: random.Random, tried: Counter[str], made: Counter[str]
) -> list[str]:
    """One deal's open puzzle, if any: one of those the learner's positions of the play make."""
    found = []
    for state in states:
        if state.phase is Phase.PLAY and state.to_act == LEARNER:
            tried["play"] += 1
            puzzle = open_hand.open_puzzle(state, preset)
            if puzzle is not None:
                found.append(puzzle)
    if not found:
        return []
    made["play"] += 1
    return [rng.choice(found).to_json()]


def _result(
    out: list[str], tried: Counter[str], made: Counter[str], hands: int, start: float
) -> dict[str, Any]:
    return {
        "puzzles": out,
        "tried": dict(sorted(tried.items())),
        "made": dict(sorted(made.items())),
        "hands": hands,
        "seconds": round(time.perf_counter() - start, 1),
    }


def _chunks(total: int, size: int) -> list[int]:
    return [min(size, total - start) for start in range(0, total, size)]


def bank_tasks(presets: Sequence[str], seat_hands: int, open_hands: int, seed: int) -> list[Task]:
    """The study's tasks: ``seat_hands`` and ``open_hands`` deals per rule set, in chunks."""
    tasks = []
    for preset in presets:
        for i, n in enumerate(_chunks(seat_hands, SEAT_CHUNK)):
            tasks.append(Task(f"seat/{preset}/{i:03d}", seat_task, (preset, i, n, seed), n))
        for i, n in enumerate(_chunks(open_hands, OPEN_CHUNK)):
            tasks.append(Task(f"open/{preset}/{i:03d}", open_task, (preset, i, n, seed), n // 50))
    return tasks


def result_readable(key: str, result: dict[str, Any]) -> bool:
    """A saved task result holds what ``puzzles_of`` reads."""
    puzzles = result.get("puzzles")
    return (
        isinstance(puzzles, list)
        and all(isinstance(p, str) for p in puzzles)
        and isinstance(result.get("tried"), dict)
        and isinstance(result.get("made"), dict)
        and key.split("/")[0] in ("seat", "open", "check")
    )


def puzzles_of(results: Iterable[dict[str, Any]]) -> list[Puzzle]:
    """Every task's puzzles, each once (by id), in id order."""
    found: dict[str, Puzzle] = {}
    for r in results:
        for line in r["puzzles"]:
            p = Puzzle.from_json(line)
            found.setdefault(p.id, p)
    return [found[k] for k in sorted(found)]


def select(puzzles: Iterable[Puzzle], per_group: int = PER_GROUP) -> list[Puzzle]:
    """At most ``per_group`` puzzles of each (kind, rule set, first theme), the lowest ids first."""
    kept: list[Puzzle] = []
    seen: Counter[tuple[str, str, str]] = Counter()
    for p in sorted(puzzles, key=lambda p: p.id):
        group = (p.kind, p.preset, p.themes[0])
        if seen[group] < per_group:
            seen[group] += 1
            kept.append(p)
    return kept


def coverage(puzzles: Sequence[Puzzle]) -> dict[str, Counter[str]]:
    """How many puzzles of each kind, rule set, theme and goal (every theme a puzzle carries)."""
    return {
        "kind": Counter(p.kind for p in puzzles),
        "preset": Counter(p.preset for p in puzzles),
        "theme": Counter(t for p in puzzles for t in p.themes),
        "moves": Counter(str(p.moves) for p in puzzles if p.kind == "open"),
        "decision": Counter(_decision(p) for p in puzzles),
    }


def _decision(p: Puzzle) -> str:
    """What a puzzle asks: an open-hand goal, or a seat decision by its phase (a bid, a discard,
    a card, defending alone)."""
    if p.kind == "open":
        return "open: " + p.problem.goal
    phase = SeatView.from_text(p.problem.view).phase
    return {"bid1": "bid", "bid2": "bid", "name": "bid", "defend": "defend alone"}.get(
        phase.value, phase.value
    )


# ---- the re-check --------------------------------------------------------------------------------

CHECK_CHUNK = 10  # puzzles per check task


def sample(puzzles: Sequence[Puzzle], count: int, seed: int) -> list[Puzzle]:
    """``count`` puzzles drawn from the bank without replacement, seeded."""
    rng = random.Random(f"puzzle-check:{seed}")
    return rng.sample(list(puzzles), min(count, len(puzzles)))


def check_task(lines: list[str]) -> dict[str, Any]:
    """Re-judge these puzzles (JSON lines): the ids whose answer a fresh judgement agrees with,
    and for the others the fresh judgement's best."""
    agree, disagree = [], {}
    start = time.perf_counter()
    for line in lines:
        p = Puzzle.from_json(line)
        if p.kind == "open":
            same = open_hand.recheck(p)
            fresh = "the same right moves" if same else "other right moves"
        else:
            fresh = seat.recheck(p)
            same = fresh in p.problem.right
        if same:
            agree.append(p.id)
        else:
            disagree[p.id] = fresh
    return {
        "puzzles": [],
        "agree": agree,
        "disagree": disagree,
        "tried": {"checked": len(lines)},
        "made": {"agreed": len(agree)},
        "seconds": round(time.perf_counter() - start, 1),
    }


def check_tasks(puzzles: Sequence[Puzzle]) -> list[Task]:
    lines = [p.to_json() for p in puzzles]
    return [
        Task(
            f"check/{i // CHECK_CHUNK:04d}",
            check_task,
            (lines[i : i + CHECK_CHUNK],),
            len(lines[i : i + CHECK_CHUNK]),
        )
        for i in range(0, len(lines), CHECK_CHUNK)
    ]


__all__ = [
    "CHECK_CHUNK",
    "OPEN_CHUNK",
    "PER_GROUP",
    "PLAY_SHARE",
    "QUIET_BID_SHARE",
    "SEAT_CHUNK",
    "bank_tasks",
    "check_task",
    "check_tasks",
    "coverage",
    "open_task",
    "puzzles_of",
    "result_readable",
    "sample",
    "seat_task",
    "select",
    "task_rng",
]
