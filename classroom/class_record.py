"""What a class's summary reads, in one object: every question that reads, the revealed ones, every
answer, the pupils' names, and how many damaged records were left out (a question body that is
not a question, an answer row or a pupil row that does not read, an answer that is not an answer
to its question). The teacher's page draws the leaderboard and the CSV summary from it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from classroom.marking import unreadable
from classroom.questions import ClassQuestion, read_question
from store import classes


@dataclass(frozen=True, slots=True)
class ClassRecord:
    """Everything the teacher's summary reads, the damaged rows left out and counted."""

    questions: dict[int, ClassQuestion]
    revealed: set[int]
    given: list[tuple[int, str, str]]  # (question number, pupil name, answer)
    names: list[str]
    damaged: int

    @property
    def note(self) -> str:
        """'2 damaged records of this class were skipped…', or '' when none were."""
        return classes.damaged_note(self.damaged)


def class_record(code: str, secret: str, path: Path | None = None) -> ClassRecord:
    """The class's record as its teacher (``secret``) reads it; raises what ``store.classes`` raises."""
    asked = classes.questions(code, path=path)
    read = {a.number: (read_question(a.body), a.revealed is not None) for a in asked}
    questions = {n: q for n, (q, _) in read.items() if q is not None}
    answers = classes.answers(code, secret=secret, path=path)
    given = [(a.number, a.name, a.answer) for a in answers]
    pupils = classes.pupils(code, path=path)
    damaged = (asked.damaged + sum(q is None for q, _ in read.values()) + answers.damaged + pupils.damaged
               + unreadable(questions, given))
    return ClassRecord(questions, {n for n, (q, shown) in read.items() if shown and q is not None}, given,
                       [p.name for p in pupils], damaged)


__all__ = ["ClassRecord", "class_record"]
