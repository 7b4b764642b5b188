"""The puzzle bank: puzzles made by the engine, each one position to answer (``engine.core.problem``)
with its kind, themes and starting rating, shipped as a file of JSON lines (gzip).

Two kinds:

- ``seat`` (single-dummy): one decision (a bid, a discard, a card, defending alone) from the
  learner's seat with the other hands hidden, judged as the practice table's grades are (the seat
  judge for cards and the analyzer for bids); its problem's figures are the judge's;
- ``open`` (open hands, as Bridge Master's problems): every hand face up, a goal stated
  (``Problem.goal``: "make 3 tricks", "take all five", "euchre them"), several of the learner's
  moves long (``moves``); the opponents answer with best play; a move is right when it keeps the
  goal reachable against any defence (the exact solver). The problem carries the whole deal
  (``Problem.position``) and the first move's choices and right answers.

A puzzle's ``id`` is a stable hash of its kind and problem (the same puzzle has the same id in
every build of the bank: a share link names it). ``rating`` is its starting rating on the Glicko-2
scale (1500 is a puzzle the average learner solves half the time). ``THEMES`` names every theme and
says it in a learner's words.

>>> from engine.core.problem import Problem
>>> p = Puzzle.make("seat", Problem("standard/3/JH-JD-AH-KS-9C,?,?,?/9H", ("pass", "order"), ("order",),
...                 (0.2, 0.7), "points", "the analyzer"), ("bidding",), 1420.0, "standard")
>>> Puzzle.from_json(p.to_json()) == p, len(p.id)
(True, 12)
"""

from __future__ import annotations

import gzip
import hashlib
import json
import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core.problem import Problem, ProblemError

BANK_FILE = Path(__file__).resolve().parent / "bank.jsonl.gz"
KINDS = ("seat", "open")
RATING_RANGE = (400.0, 3000.0)
MAX_MOVES = 5

# Every theme a puzzle may carry, in a learner's words (a page names them so).
THEMES: dict[str, str] = {
    "bidding": "Order up or pass",
    "going-alone": "Going alone",
    "next": "Next and reverse next (round 2)",
    "stick-the-dealer": "Stuck as the dealer",
    "the-discard": "The dealer's discard",
    "draw-trump": "Drawing trump",
    "lead-through": "Leading through the maker",
    "cash-aces": "Cashing an off-suit ace",
    "keep-a-guard": "Keeping a guard",
    "second-hand-low": "Second hand low",
    "third-hand-high": "Third hand high",
    "partners-winner": "Not trumping your partner's winner",
    "trump-in": "Trumping in when void",
    "count-trumps": "Counting trumps",
    "defend-loner": "Defending against a loner",
    "defend-alone": "Defending alone",
    "play-loner": "Playing a loner",
    "make-it": "Making your contract",
    "march": "Taking all five",
    "euchre-them": "Euchring the makers",
    "stop-the-march": "Stopping a march",
    "lead-back": "Leading to your partner",
    "make-a-void": "Making a void",
    "defenders-lead": "Leading as a defender",
    "take-over": "Taking over from your partner",
    "win-cheaply": "Winning a trick cheaply",
    "duck": "Letting a trick go",
    "throw-off": "Throwing off the right card",
}


class BankError(ValueError):
    """A bank record that does not read (a damaged file, a hand-edited line)."""


def puzzle_id(kind: str, problem: Problem) -> str:
    """Twelve hex digits of a hash of the kind and the problem's position and choices."""
    key = json.dumps([kind, problem.view, problem.position, problem.goal, list(problem.choices)])
    return hashlib.sha256(key.encode()).hexdigest()[:12]


@dataclass(frozen=True, slots=True)
class Puzzle:
    id: str
    kind: str  # one of KINDS
    problem: Problem
    themes: tuple[str, ...]  # keys of THEMES, at least one
    rating: float  # the starting rating, on the Glicko-2 scale
    preset: str  # the rules it is played under, named as a position text names them (rule_sets.BANK_RULES)
    moves: int = 1  # the learner's moves (open-hand puzzles may take several)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise BankError(f"kind is one of {', '.join(KINDS)}")
        if not self.themes or any(t not in THEMES for t in self.themes):
            raise BankError(f"themes are some of {', '.join(THEMES)}")
        low, high = RATING_RANGE
        if not (math.isfinite(self.rating) and low <= self.rating <= high):
            raise BankError(f"a rating is between {low:.0f} and {high:.0f}")
        if not 1 <= self.moves <= MAX_MOVES or (self.kind == "seat" and self.moves != 1):
            raise BankError(f"an open puzzle takes 1 to {MAX_MOVES} moves, a seat puzzle one")
        if not self.problem.has_figures:
            raise BankError("a puzzle carries each choice's figure")
        if self.kind == "open" and not (self.problem.position and self.problem.goal):
            raise BankError("an open-hand puzzle carries the whole deal and its goal")
        if self.id != puzzle_id(self.kind, self.problem):
            raise BankError("the id is not the puzzle's own")

    @classmethod
    def make(
        cls, kind: str, problem: Problem, themes: Iterable[str], rating: float, preset: str, moves: int = 1
    ) -> Puzzle:
        return cls(puzzle_id(kind, problem), kind, problem, tuple(themes), float(rating), preset, moves)

    def to_json(self) -> str:
        return json.dumps(
            {
                "id": self.id,
                "kind": self.kind,
                "problem": json.loads(self.problem.to_json()),
                "themes": list(self.themes),
                "rating": round(self.rating, 1),
                "preset": self.preset,
                "moves": self.moves,
            },
            ensure_ascii=False,
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str | dict[str, Any]) -> Puzzle:
        """A puzzle from one line of the bank. Raises BankError (a ValueError)."""
        try:
            data = json.loads(text) if isinstance(text, str) else text
            if not isinstance(data, dict):
                raise BankError("a puzzle is a JSON object")
            return cls(
                str(data["id"]),
                str(data["kind"]),
                Problem.from_json(data["problem"]),
                tuple(str(t) for t in data["themes"]),
                float(data["rating"]),
                str(data["preset"]),
                int(data.get("moves", 1)),
            )
        except (ValueError, KeyError, TypeError) as err:
            if isinstance(err, BankError):
                raise
            raise BankError(f"not a puzzle: {err}") from None


def write_bank(puzzles: Iterable[Puzzle], path: Path = BANK_FILE) -> int:
    """Write the bank (one puzzle a line, in id order, gzip without a timestamp or a file name:
    the same puzzles make the same bytes, whatever the file is called). Returns how many were
    written."""
    ordered = sorted(puzzles, key=lambda p: p.id)
    data = "".join(p.to_json() + "\n" for p in ordered).encode()
    with open(path, "wb") as raw, gzip.GzipFile(filename="", fileobj=raw, mode="wb", mtime=0) as out:
        out.write(data)
    return len(ordered)


def read_bank(path: Path = BANK_FILE) -> tuple[tuple[Puzzle, ...], int]:
    """The bank's puzzles, and how many lines did not read (left out, never guessed)."""
    puzzles: list[Puzzle] = []
    damaged = 0
    for line in _lines(path):
        try:
            puzzles.append(Puzzle.from_json(line))
        except (BankError, ProblemError):
            damaged += 1
    return tuple(puzzles), damaged


def _lines(path: Path) -> Iterator[str]:
    if not path.exists():
        return
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            if line.strip():
                yield line


__all__ = ["BANK_FILE", "KINDS", "THEMES", "BankError", "Puzzle", "puzzle_id", "read_bank", "write_bank"]
