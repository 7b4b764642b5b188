"""Marking a class's answers: right or wrong, the spread shown at the reveal, the leaderboard and
the per-pupil summary a teacher downloads as CSV. Pure functions of the stored values.

A stored answer that is not an answer to its question (``answer_fits``: a card the question does
not show, a choice it does not offer) is a damaged record: it is left out of every figure and
counted (``Tally.damaged``, ``unreadable``), so one bad row never breaks the rest of the class."""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from classroom.questions import ClassQuestion, answer_fits
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
    return ", ".join(_short(c) for c in codes) if codes else "nothing"


def _short(code: str) -> str:
    """A card's short name ('J♦'); a stored code that is no card, as it is (a damaged answer)."""
    try:
        return parse_card(code).short
    except ValueError:
        return code


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
    damaged: int = 0  # stored answers that are not answers to the question: left out


def tally(q: ClassQuestion, answers: Sequence[str]) -> Tally:
    """The spread of answers: one bar per possible answer (each card or choice, the right one
    included even when nobody gave it), or per distinct set for "tap every card" questions.
    Answers that do not fit the question are left out and counted."""
    given = [a for a in answers if answer_fits(q, a)]
    damaged, answers = len(answers) - len(given), given
    counts = Counter(answers)
    if q.mode == "card":
        keys = list(q.cards)
    elif q.mode == "choice":
        keys = list(q.choices)
    else:
        keys = list(q.right) + sorted((a for a in counts if a not in q.right), key=lambda a: (-counts[a], a))
    keys += [a for a in counts if a not in keys]
    bars = tuple(Bar(a, words(q, a), counts.get(a, 0), is_right(q, a)) for a in keys)
    return Tally(len(answers), sum(1 for a in answers if is_right(q, a)), bars, damaged)


def unreadable(questions: Mapping[int, ClassQuestion], answers: Sequence[tuple[int, str, str]]) -> int:
    """How many of ``answers`` (question number, pupil name, answer) do not fit their question (those
    to a question that is not in ``questions`` are not counted here: the question is the damaged row)."""
    return sum(1 for n, _, a in answers if n in questions and not answer_fits(questions[n], a))


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
        if number not in revealed or number not in questions or not answer_fits(questions[number], answer):
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
    given: dict[tuple[str, int], str] = {(name, n): a for n, name, a in answers
                                         if n in questions and answer_fits(questions[n], a)}
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


__all__ = ["Bar", "Standing", "Tally", "is_right", "leaderboard", "summary_csv", "tally", "toggled", "unreadable",
           "words"]
