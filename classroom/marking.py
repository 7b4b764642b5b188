"""Marking a class's answers: right or wrong, the spread shown at the reveal, the leaderboard and
the per-pupil summary a teacher downloads as CSV. Pure functions of the stored values."""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from classroom.questions import ClassQuestion
from engine.core.cards import parse_card


def is_right(q: ClassQuestion, answer: str) -> bool:
    return answer in q.right


def toggled(q: ClassQuestion, answer: str, card: str) -> str:
    """A "tap every card" answer after tapping ``card``: added, or taken out if it was in."""
    held = set(answer.split())
    held ^= {card}
    return " ".join(c for c in q.cards if c in held)


def words(q: ClassQuestion, answer: str) -> str:
    """An answer as people say it: 'J♦', 'J♦, A♠', 'order up'; 'nothing' for an empty set."""
    if q.mode == "choice":
        return answer
    codes = answer.split()
    return ", ".join(parse_card(c).short for c in codes) if codes else "nothing"


@dataclass(frozen=True, slots=True)
class Bar:
    answer: str  # as stored
    words: str  # as shown
    count: int
    right: bool


@dataclass(frozen=True, slots=True)
class Tally:
    answered: int
    right: int
    bars: tuple[Bar, ...]


def tally(q: ClassQuestion, answers: Sequence[str]) -> Tally:
    """The spread of answers: one bar per possible answer (each card or choice, the right one
    included even when nobody gave it), or per distinct set for "tap every card" questions."""
    counts = Counter(answers)
    if q.mode == "card":
        keys = list(q.cards)
    elif q.mode == "choice":
        keys = list(q.choices)
    else:
        keys = list(q.right) + sorted((a for a in counts if a not in q.right), key=lambda a: (-counts[a], a))
    keys += [a for a in counts if a not in keys]
    bars = tuple(Bar(a, words(q, a), counts.get(a, 0), is_right(q, a)) for a in keys)
    return Tally(len(answers), sum(1 for a in answers if is_right(q, a)), bars)


@dataclass(frozen=True, slots=True)
class Standing:
    name: str
    right: int
    answered: int


def leaderboard(questions: Mapping[int, ClassQuestion], revealed: set[int],
                answers: Sequence[tuple[int, str, str]]) -> tuple[Standing, ...]:
    """Right answers per pupil over the revealed questions, most first (ties by name).
    ``answers``: (question number, pupil name, answer)."""
    right: Counter[str] = Counter()
    answered: Counter[str] = Counter()
    for number, name, answer in answers:
        if number not in revealed or number not in questions:
            continue
        answered[name] += 1
        right[name] += int(is_right(questions[number], answer))
    rows = [Standing(name, right[name], answered[name]) for name in answered]
    return tuple(sorted(rows, key=lambda s: (-s.right, s.name.casefold(), s.name)))


def summary_csv(questions: Mapping[int, ClassQuestion], pupils: Sequence[str],
                answers: Sequence[tuple[int, str, str]]) -> str:
    """One row per pupil (in ``pupils`` order): right answers, answered, and per question the
    answer given and whether it was right. Cells a spreadsheet would read as a formula are quoted
    with a leading apostrophe."""
    numbers = sorted(questions)
    given: dict[tuple[str, int], str] = {(name, n): a for n, name, a in answers}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    header = ["pupil", "right", "answered"]
    for n in numbers:
        header += [f"q{n} answer", f"q{n} right"]
    writer.writerow(header)
    for name in pupils:
        row: list[str] = [_cell(name)]
        cells: list[str] = []
        right = answered = 0
        for n in numbers:
            a = given.get((name, n))
            if a is None:
                cells += ["", ""]
                continue
            ok = is_right(questions[n], a)
            answered += 1
            right += int(ok)
            cells += [_cell(words(questions[n], a)), "yes" if ok else "no"]
        writer.writerow(row + [str(right), str(answered)] + cells)
    return out.getvalue()


def _cell(text: str) -> str:
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


__all__ = ["Bar", "Standing", "Tally", "is_right", "leaderboard", "summary_csv", "tally", "toggled", "words"]
