"""Marking a class's answers: right or wrong, the spread shown at the reveal, the leaderboard and
the per-pupil summary a teacher downloads as CSV. Pure functions of the stored values.

A stored answer that is not an answer to its question (``answer_fits``: a card the question does
not show, a choice it does not offer) is a damaged record: it is left out of every figure and
counted (``Tally.damaged``, ``unreadable``), so one bad row never breaks the rest of the class."""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo

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


@dataclass(frozen=True, slots=True)
class Given:
    """One stored answer as the summary reads it: the question's number, the pupil's name, the
    answer as stored, when it was saved and how many seconds after the question was asked (None
    when not known)."""

    number: int
    name: str
    answer: str
    at: float | None = None
    seconds: float | None = None


def unreadable(questions: Mapping[int, ClassQuestion], answers: Sequence[Given]) -> int:
    """How many of ``answers`` do not fit their question (those to a question that is not in
    ``questions`` are not counted here: the question is the damaged row)."""
    return sum(1 for a in answers if a.number in questions and not answer_fits(questions[a.number], a.answer))


@dataclass(frozen=True, slots=True)
class Standing:
    name: str
    right: int
    answered: int
    rank: int  # 1 for the most right; pupils with as many right share a rank ("joint 2nd")


def leaderboard(
    questions: Mapping[int, ClassQuestion],
    revealed: Collection[int],
    answers: Sequence[Given],
    pupils: Sequence[str] = (),
) -> tuple[Standing, ...]:
    """Right answers per pupil over the revealed questions, most first (ties by name), each with its
    rank. Every pupil of ``pupils`` is in it (0 right when they answered nothing counted) and so is
    everyone who answered. The projector's leaderboard, a phone's score and the CSV summary all read
    this one computation: a question asked and never revealed (skipped) counts for none of them."""
    right: Counter[str] = Counter()
    answered: Counter[str] = Counter({name: 0 for name in pupils})
    for a in answers:
        q = questions.get(a.number)
        if a.number not in revealed or q is None or not answer_fits(q, a.answer):
            continue
        answered[a.name] += 1
        right[a.name] += int(is_right(q, a.answer))
    names = sorted(answered, key=lambda n: (-right[n], n.casefold(), n))
    rows = []
    for name in names:
        rank = 1 + sum(1 for other in names if right[other] > right[name])
        rows.append(Standing(name, right[name], answered[name], rank))
    return tuple(rows)


def place(standing: Standing, standings: Sequence[Standing]) -> str:
    """The pupil's place as a phone says it: '2nd of 8', 'joint 1st of 3'.

    >>> rows = (Standing("Ada", 2, 2, 1), Standing("Ben", 2, 3, 1), Standing("Cy", 0, 1, 3))
    >>> place(rows[1], rows), place(rows[2], rows)
    ('joint 1st of 3', '3rd of 3')
    """
    shared = sum(1 for s in standings if s.rank == standing.rank) > 1
    return f"{'joint ' if shared else ''}{ordinal(standing.rank)} of {len(standings)}"


def ordinal(n: int) -> str:
    """A place in words.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st', '111th']
    """
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@dataclass(frozen=True, slots=True)
class Missed:
    """An idea (where the question came from: an exercise kind's title, a lesson step, a typed
    hand) a pupil got wrong, and the questions on it they got wrong."""

    idea: str
    questions: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PupilIdeas:
    name: str
    wrong: tuple[Missed, ...]  # the ideas got wrong, the most missed first
    right: int
    answered: int


def missed_ideas(
    questions: Mapping[int, ClassQuestion],
    revealed: Collection[int],
    answers: Sequence[Given],
    pupils: Sequence[str] = (),
) -> tuple[PupilIdeas, ...]:
    """Per pupil (in the leaderboard's order), the ideas they answered wrong over the questions
    the leaderboard counts (the revealed ones)."""
    wrong: dict[str, dict[str, list[int]]] = {}
    for a in answers:
        q = questions.get(a.number)
        if a.number in revealed and q is not None and answer_fits(q, a.answer) and not is_right(q, a.answer):
            wrong.setdefault(a.name, {}).setdefault(q.source, []).append(a.number)
    rows = []
    for s in leaderboard(questions, revealed, answers, pupils):
        ideas = wrong.get(s.name, {})
        missed = sorted(
            (Missed(idea, tuple(sorted(numbers))) for idea, numbers in ideas.items()),
            key=lambda m: (-len(m.questions), m.questions[0]),
        )
        rows.append(PupilIdeas(s.name, tuple(missed), s.right, s.answered))
    return tuple(rows)


CSV_HEADER = (
    "pupil",
    "right",
    "answered",
    "rank",
    "question",
    "idea",
    "question text",
    "right answer",
    "answer",
    "correct",
    "counted",
    "seconds",
    "answered at",
)


def summary_csv(
    questions: Mapping[int, ClassQuestion],
    pupils: Sequence[str],
    answers: Sequence[Given],
    revealed: Collection[int] | None = None,
    zone: tzinfo = UTC,
) -> str:
    """The class's summary, one row per pupil per question (a pupil of a class with no question yet
    has one row): the pupil's right answers, answered and rank as the leaderboard has them (the
    same computation, over the ``revealed`` questions; every question when None, a class read
    after it ended with every question shown), then the question, its idea, its text, the right
    answer, the pupil's answer (blank: none), whether it was right, whether it counts (a question
    skipped without a reveal does not), the seconds from the question being asked to the answer
    saved, and the time it was saved in ``zone``. Pupils in the leaderboard's order. Cells a
    spreadsheet would read as a formula are quoted with a leading apostrophe. Rows end in CRLF (RFC
    4180), so every cell holding a carriage return or a line break is quoted whole (with "\n" alone,
    the csv module left a bare carriage return unquoted: "Ann\r=1+1" read back as a new row
    starting "=1+1"), whatever the names it is given."""
    counted = set(questions) if revealed is None else set(revealed)
    numbers = sorted(questions)
    given = {
        (a.name, a.number): a
        for a in answers
        if a.number in questions and answer_fits(questions[a.number], a.answer)
    }
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n", quoting=csv.QUOTE_MINIMAL)
    writer.writerow(CSV_HEADER)
    for s in leaderboard(questions, counted, answers, pupils):
        head = [_cell(s.name), str(s.right), str(s.answered), str(s.rank)]
        if not numbers:
            writer.writerow(head + [""] * (len(CSV_HEADER) - len(head)))
        for n in numbers:
            q = questions[n]
            row = head + [str(n), _cell(q.source), _cell(q.prompt), _cell(q.answer_words)]
            a = given.get((s.name, n))
            if a is None:
                row += ["", "", "yes" if n in counted else "no", "", ""]
            else:
                row += [
                    _cell(words(q, a.answer)),
                    "yes" if is_right(q, a.answer) else "no",
                    "yes" if n in counted else "no",
                    "" if a.seconds is None else f"{a.seconds:.1f}",
                    "" if a.at is None else datetime.fromtimestamp(a.at, zone).strftime("%Y-%m-%d %H:%M:%S"),
                ]
            writer.writerow(row)
    return out.getvalue()


def _cell(text: str) -> str:
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


__all__ = [
    "CSV_HEADER",
    "Bar",
    "Given",
    "Missed",
    "PupilIdeas",
    "Standing",
    "Tally",
    "is_right",
    "leaderboard",
    "missed_ideas",
    "ordinal",
    "place",
    "summary_csv",
    "tally",
    "toggled",
    "unreadable",
    "words",
]
