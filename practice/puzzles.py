"""Rated puzzles for one learner: the bank, the next puzzle, the attempt recorded, the dashboard's
figures, and the learner's own mistakes as puzzles. No Streamlit: the Puzzles page draws it.

**The bank** (``load_bank``): ``engine.puzzles.bank``'s file, or the one ``EUCHRE_COACH_PUZZLES``
names (a test's or a bench's own small bank); read once per file version, damaged lines counted.
A missing file is an empty bank: the page says there are no puzzles yet.

**The next puzzle** (``choose``) comes from near the learner's rating and their weaker themes:

- the pool is the puzzles of the chosen themes (all of them, mixed), those not tried yet first;
- a new learner (fewer than ``START_ATTEMPTS`` attempts) starts at lesson level: the lowest-rated
  ``START_SHARE`` of the pool;
- otherwise the puzzles within ``WINDOW`` of the learner's rating (at least the ``MIN_CANDIDATES``
  nearest); in streak mode the target rises with the streak (``streak_target``);
- among those, each puzzle is drawn with a weight that grows with how weak the learner is at its
  weakest theme (``weakness``: one minus the theme's solved share, counted with one solved and one
  missed added, so a theme never tried counts as half);
- the draw is seeded by the learner and their number of attempts: the same history, the same puzzle.

**An attempt** (``record``) moves both ratings (``practice.ratings.attempt``, Glicko-2), written
under one lock with the attempt (``store.puzzle_log.record``, reached through ``practice.records``).

**The dashboard** (``theme_stats``, ``rating_series``): accuracy by theme with its 95% interval
(Wilson's, ``wilson``) and the points lost a puzzle (``engine.core.stats.loss_interval``), the
weakest theme first.

**Your mistakes as puzzles** (``DeckPuzzles``): the learner's mistake deck entries due today join
the queue; each is set as a seat puzzle whose figures the practice table's grade works out again
(``practice.review.grade_decision``, the same seeded judge) in the background grader, and comes
next once ready (every other puzzle, with mixed themes, outside streak mode). Its answer moves the deck's schedule (``practice.deck.answer``),
not a rating: the learner made that mistake, it is no measure of the puzzle.
"""

from __future__ import annotations

import math
import os
import random
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass, replace
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from threading import Lock
from typing import Protocol, TypeVar

from engine.analysis.tables import DEFAULT_TABLE
from engine.core.position import rules_text
from engine.core.stats import Z95, Interval, loss_interval
from engine.puzzles.bank import BANK_FILE, THEMES, Puzzle, read_bank
from practice import records
from practice.puzzle_play import Progress
from practice.puzzle_sample import theme_of
from practice.ratings import LEARNER_START, Rating, attempt, puzzle_start
from practice.records import Attempt, Entry
from practice.review import grade_decision

ENV_VAR = "EUCHRE_COACH_PUZZLES"
START_ATTEMPTS = 5  # attempts before the selection follows the learner's rating
START_SHARE = 0.1  # a new learner's pool: the lowest-rated tenth (lesson level)
WINDOW = 150.0  # rating points either side of the target
MIN_CANDIDATES = 8
STREAK_BELOW = 300.0  # a streak starts this far below the learner's rating ...
STREAK_STEP = 50.0  # ... and rises this much with every puzzle solved
BASE_WEIGHT = 0.25  # a theme the learner always solves is still drawn, a fifth as often as a new one


class Rated(Protocol):
    """What the selection reads of a puzzle (``engine.puzzles.bank.Puzzle`` is one)."""

    @property
    def id(self) -> str: ...
    @property
    def themes(self) -> tuple[str, ...]: ...
    @property
    def rating(self) -> float: ...


P = TypeVar("P", bound=Rated)


# ---- the bank ----------------------------------------------------------------------------------


def bank_path() -> Path:
    """The bank's file: ``EUCHRE_COACH_PUZZLES`` when set, else the shipped bank."""
    configured = os.environ.get(ENV_VAR, "").strip()
    return Path(configured).expanduser() if configured else BANK_FILE


@dataclass(frozen=True, slots=True)
class Bank:
    puzzles: tuple[Puzzle, ...]
    damaged: int
    by_id: Mapping[str, Puzzle]
    themes: tuple[str, ...]  # the themes its puzzles carry, in ``THEMES``' order


def load_bank(path: Path | None = None) -> Bank:
    """The bank at ``path`` (default ``bank_path()``), read once per version of the file."""
    where = path or bank_path()
    try:
        info = where.stat()
        version = (info.st_mtime_ns, info.st_size)
    except OSError:
        version = (0, 0)
    return _read(str(where), version)


@lru_cache(maxsize=4)
def _read(path: str, version: tuple[int, int]) -> Bank:
    puzzles, damaged = read_bank(Path(path)) if version != (0, 0) else ((), 0)
    seen = {t for p in puzzles for t in p.themes}
    return Bank(puzzles, damaged, {p.id: p for p in puzzles}, tuple(t for t in THEMES if t in seen))


# ---- the history and the selection ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class History:
    """What the selection needs of a learner's attempts: how many, at which puzzles, and per theme
    the attempts and those solved."""

    count: int = 0
    attempted: frozenset[str] = frozenset()
    themes: tuple[tuple[str, int, int], ...] = ()  # (theme, attempts, solved)

    def weakness(self, theme: str) -> float:
        """One minus the theme's solved share, with one solved and one missed added (0.5 untried)."""
        for name, tried, solved in self.themes:
            if name == theme:
                return 1.0 - (solved + 1) / (tried + 2)
        return 0.5


def history_of(attempts: Sequence[Attempt]) -> History:
    counts: dict[str, list[int]] = {}
    for a in attempts:
        for theme in a.themes:
            tally = counts.setdefault(theme, [0, 0])
            tally[0] += 1
            tally[1] += a.solved
    return History(
        len(attempts),
        frozenset(a.puzzle for a in attempts),
        tuple((t, n, k) for t, (n, k) in sorted(counts.items())),
    )


def current(puzzle: Rated, ratings: Mapping[str, Rating]) -> Rating:
    """A puzzle's rating now: as stored, else its starting rating from the bank."""
    return ratings.get(puzzle.id) or puzzle_start(puzzle.rating)


def streak_target(learner: Rating, streak: int) -> float:
    """Streak mode's target rating: below the learner's to start, rising with every puzzle solved."""
    return learner.rating - STREAK_BELOW + STREAK_STEP * streak


def choose(
    puzzles: Sequence[P],
    ratings: Mapping[str, Rating],
    learner: Rating,
    history: History,
    *,
    seed: str,
    themes: frozenset[str] | None = None,
    streak: int | None = None,
) -> P | None:
    """The next puzzle (see the module's docstring); None when no puzzle has a chosen theme."""
    pool = [p for p in puzzles if themes is None or themes & set(p.themes)]
    fresh = [p for p in pool if p.id not in history.attempted]
    pool = fresh or pool
    if not pool:
        return None
    rated = sorted(((current(p, ratings).rating, p.id, p) for p in pool), key=lambda r: r[:2])
    if streak is None and history.count < START_ATTEMPTS:
        candidates = [p for _, _, p in rated[: max(MIN_CANDIDATES, math.ceil(START_SHARE * len(rated)))]]
    else:
        target = learner.rating if streak is None else streak_target(learner, streak)
        near = sorted(((abs(r - target), i, p) for r, i, p in rated), key=lambda r: r[:2])
        inside = [p for off, _, p in near if off <= WINDOW]
        candidates = inside if len(inside) >= MIN_CANDIDATES else [p for _, _, p in near[:MIN_CANDIDATES]]
    weights = [BASE_WEIGHT + max(history.weakness(t) for t in p.themes) for p in candidates]
    return random.Random(f"{seed}:{history.count}").choices(candidates, weights)[0]


# ---- a learner's records -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Learner:
    """A learner's rating and attempts as read (``damaged``: attempt rows left out)."""

    key: str
    rating: Rating
    attempts: tuple[Attempt, ...]
    damaged: int

    @property
    def history(self) -> History:
        return history_of(self.attempts)

    @property
    def streak_best(self) -> int:
        """The longest streak of streak mode so far (puzzles solved in a row)."""
        return max((a.streak + a.solved for a in self.attempts if a.streak is not None), default=0)


def learner_of(key: str) -> Learner:
    """``key``'s rating and attempts. Raises StoreError."""
    read = records.puzzle_attempts(key)
    stored = records.puzzle_learner_rating(key)
    rating = Rating(*stored.rating) if stored is not None else LEARNER_START
    return Learner(key, rating, read.rows, read.damaged)


def ratings_now() -> tuple[dict[str, Rating], int]:
    """Every tried puzzle's rating, and how many rows did not read. Raises StoreError."""
    read = records.puzzle_ratings()
    return {k: Rating(*s.rating) for k, s in read.by_id.items()}, read.damaged


def record(
    learner: Learner,
    puzzle: Puzzle,
    done: Progress,
    puzzle_rating: Rating,
    streak: int | None = None,
    now: datetime | None = None,
    wait: bool = True,
) -> Attempt:
    """Record ``learner``'s attempt at ``puzzle`` once its result is known (``done.result``): both
    ratings move (Glicko-2) under one lock. ``wait`` False: the write is left to the background
    writer and the attempt returned as rated from the ratings given (the page draws at once).
    Raises StoreError; ValueError before the result is known."""
    solved = done.result
    if solved is None:
        raise ValueError("the attempt's result is not known yet")

    def rate(mine: tuple[float, float, float], its: tuple[float, float, float]) -> tuple[Rating, Rating]:
        return attempt(Rating(*mine), Rating(*its), solved)

    lost = done.first_lost
    return records.record_puzzle(
        learner.key,
        puzzle.id,
        solved,
        puzzle.themes,
        rate,
        learner.rating,
        puzzle_rating,
        lost=None if lost is None else min(lost, 100.0),
        unit=puzzle.problem.unit,
        streak=streak,
        now=now,
        wait=wait,
    )


# ---- the dashboard -----------------------------------------------------------------------------


def wilson(solved: int, attempts: int) -> Interval:
    """The share solved and its 95% interval by Wilson's score method (never outside 0 to 1; NaN
    bounds with no attempt).

    >>> [round(v, 4) for v in wilson(8, 10)]  # 0.8; centre 0.7167, half-width 0.2265 (hand-worked)
    [0.8, 0.4902, 0.9433]
    """
    if attempts <= 0:
        return Interval(math.nan, math.nan, math.nan)
    p, z2 = solved / attempts, Z95 * Z95
    centre = (p + z2 / (2 * attempts)) / (1 + z2 / attempts)
    half = Z95 * math.sqrt(p * (1 - p) / attempts + z2 / (4 * attempts * attempts)) / (1 + z2 / attempts)
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True, slots=True)
class ThemeStats:
    theme: str
    name: str  # in a learner's words (``THEMES``)
    attempts: int
    solved: int
    accuracy: Interval  # the share solved (Wilson)
    points: Interval  # points lost a puzzle, over the attempts judged in points (loss_interval)
    judged: int  # how many attempts ``points`` is over

    @property
    def weakness(self) -> float:
        return 1.0 - (self.solved + 1) / (self.attempts + 2)


def theme_stats(attempts: Sequence[Attempt]) -> tuple[ThemeStats, ...]:
    """Accuracy and points lost by theme, the weakest first (then the most tried)."""
    by_theme: dict[str, list[Attempt]] = {}
    for a in attempts:
        for theme in a.themes:
            by_theme.setdefault(theme, []).append(a)
    out = []
    for theme, rows in by_theme.items():
        solved = sum(a.solved for a in rows)
        points = [0.0 if a.solved else (a.lost or 0.0) for a in rows if a.unit == "points"]
        out.append(
            ThemeStats(
                theme,
                THEMES.get(theme, theme.replace("-", " ").capitalize()),
                len(rows),
                solved,
                wilson(solved, len(rows)),
                loss_interval(points) if points else Interval(math.nan, math.nan, math.nan),
                len(points),
            )
        )
    return tuple(sorted(out, key=lambda s: (-s.weakness, -s.attempts, s.theme)))


def rating_series(attempts: Sequence[Attempt]) -> tuple[tuple[datetime, float, float], ...]:
    """The learner's rating after each attempt, with its deviation: (when, rating, deviation)."""
    return tuple((a.at, a.learner_after[0], a.learner_after[1]) for a in attempts)


# ---- the mistake deck's entries as puzzles ------------------------------------------------------


def deck_puzzle(e: Entry) -> Puzzle | None:
    """A deck entry as a seat puzzle: its problem as the deck keeps it (the grade's own figures,
    right answers and reason). An entry kept before the deck kept figures has its figures worked
    out again by the practice table's grade (the same judge seeded by the view: for a card, a
    discard or defending alone the very figures of the grade; for a bid the analyzer's at no game
    score against the default table, as the entry keeps neither), None when that grade gives no
    figure for a right answer. Slow for those (the judge): run it in the background."""
    m = e.mistake
    problem = m.problem
    if not problem.has_figures:
        g = grade_decision(len(m.before.history), m.before, m.choice, m.seat, None, DEFAULT_TABLE)
        graded = g.problem
        if graded is None or not set(problem.right) <= set(graded.choices):
            return None
        problem = replace(graded, right=problem.right, reason=problem.reason)
    preset = rules_text(m.before.rules).split(",")[0]
    return Puzzle.make("seat", problem, (theme_of(m.before, m.seat),), 1500.0, preset)


@dataclass(frozen=True, slots=True)
class DeckPuzzle:
    entry: Entry
    puzzle: Puzzle


class DeckPuzzles:
    """The deck entries being set as puzzles in the background grader (one per process: every
    session's entries, keyed by entry and version, so an entry is worked out once)."""

    def __init__(self) -> None:
        self._lock = Lock()
        self._jobs: dict[tuple[int, int], Future[Puzzle | None]] = {}

    def ready(self, due: Sequence[Entry], executor: Executor | None = None) -> tuple[DeckPuzzle, ...]:
        """The entries of ``due`` already set as puzzles; those not yet are started (``executor``:
        default the practice table's background grader)."""
        out = []
        with self._lock:
            for e in due:
                job = self._jobs.get((e.id, e.version))
                if job is None:
                    pool = executor or _grader()
                    self._jobs[(e.id, e.version)] = pool.submit(deck_puzzle, e)
                    continue
                if job.done() and job.exception() is None and (made := job.result()) is not None:
                    out.append(DeckPuzzle(e, made))
        return tuple(out)


def _grader() -> Executor:
    from practice.grading import shared_grader

    return shared_grader()


deck_puzzles = DeckPuzzles()


@dataclass(frozen=True, slots=True)
class OnTable:
    """The puzzle on the Puzzles page's table and the learner's tries at it (kept in session state:
    a class of a module the page imports, not of the page, whose script runs anew every time)."""

    puzzle: Puzzle
    serial: int  # one more for every puzzle served: the widgets' keys
    deck: DeckPuzzle | None = None  # a mistake of the learner's deck, not rated
    tries: tuple[str, ...] = ()
    gave_up: bool = False
    attempt: Attempt | None = None  # recorded
    note: str = ""  # what the record said (the deck's next review; a database problem)
    streak: int | None = None  # streak mode: puzzles solved in a row before this one


__all__ = [
    "ENV_VAR",
    "Bank",
    "DeckPuzzle",
    "DeckPuzzles",
    "History",
    "Learner",
    "OnTable",
    "ThemeStats",
    "bank_path",
    "choose",
    "current",
    "deck_puzzle",
    "deck_puzzles",
    "history_of",
    "learner_of",
    "load_bank",
    "rating_series",
    "ratings_now",
    "record",
    "streak_target",
    "theme_stats",
    "wilson",
]
