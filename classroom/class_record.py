"""What a class's summary reads, in one object: every question that reads, the revealed ones, every
answer, the pupils' names, and how many damaged records were left out (a question body that is
not a question, an answer row or a pupil row that does not read, an answer that is not an answer
to its question). The teacher's page draws the leaderboard, the per-pupil ideas and the CSV
summary from it, and a phone its pupil's score: one computation (``marking.leaderboard``) for all.

The teacher (with the class's secret) reads every answer; a pupil's phone (no secret) reads only
the answers to revealed questions, which are all that any score counts."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, tzinfo
from functools import lru_cache
from pathlib import Path

from classroom.marking import Given, PupilIdeas, Standing, leaderboard, missed_ideas, summary_csv, unreadable
from classroom.questions import ClassQuestion, read_question
from store import classes

BOM = "\ufeff"  # at the head of the CSV file: a spreadsheet then reads it as UTF-8 (J♣, names with accents)


@dataclass(frozen=True, slots=True)
class ClassRecord:
    """Everything the summary reads, the damaged rows left out and counted."""

    questions: dict[int, ClassQuestion]
    revealed: set[int]
    given: tuple[Given, ...]
    names: list[str]
    damaged: int

    @property
    def note(self) -> str:
        """'2 damaged records of this class were skipped…', or '' when none were."""
        return classes.damaged_note(self.damaged)

    def standings(self) -> tuple[Standing, ...]:
        """The leaderboard: every pupil, most right first, over the revealed questions."""
        return leaderboard(self.questions, self.revealed, self.given, self.names)

    def ideas(self) -> tuple[PupilIdeas, ...]:
        """Per pupil, the ideas they got wrong (over the questions the leaderboard counts)."""
        return missed_ideas(self.questions, self.revealed, self.given, self.names)

    def csv(self, zone: tzinfo = UTC) -> str:
        """The summary as CSV text; its totals are ``standings()``'s."""
        return summary_csv(self.questions, self.names, self.given, self.revealed, zone)


@lru_cache(maxsize=512)
def _question(body: str) -> ClassQuestion | None:
    """A stored question, read once per process (a body never changes once asked; the question is frozen)."""
    return read_question(body)


def class_record(code: str, secret: str | None, path: Path | None = None) -> ClassRecord:
    """The class's record as its teacher (``secret``) reads it, or as a pupil's phone does (None:
    the answers to revealed questions only); raises what ``store.classes`` raises."""
    asked = classes.questions(code, path=path)
    read = {a.number: (_question(a.body), a.revealed is not None, a.opened) for a in asked}
    questions = {n: q for n, (q, _, _) in read.items() if q is not None}
    answers = classes.answers(code, secret=secret, path=path)
    given = tuple(
        Given(
            a.number, a.name, a.answer, a.at, max(0.0, a.at - read[a.number][2]) if a.number in read else None
        )
        for a in answers
    )
    pupils = classes.pupils(code, path=path)
    damaged = (
        asked.damaged
        + sum(q is None for q, _, _ in read.values())
        + answers.damaged
        + pupils.damaged
        + unreadable(questions, given)
    )
    return ClassRecord(
        questions,
        {n for n, (q, shown, _) in read.items() if shown and q is not None},
        given,
        [p.name for p in pupils],
        damaged,
    )


def class_csv(code: str, secret: str, zone: tzinfo = UTC, path: Path | None = None) -> bytes:
    """The summary file as the teacher downloads it: read from the database when it is asked for
    (every answer saved until then, even to the question still open), UTF-8 with a BOM."""
    return (BOM + class_record(code, secret, path).csv(zone)).encode("utf-8")


__all__ = ["BOM", "ClassRecord", "class_csv", "class_record"]
