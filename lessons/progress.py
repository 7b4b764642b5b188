"""A learner's progress as an immutable value, with a JSON form for saving, export and import.

Per lesson: the furthest step reached and whether the lesson is finished. Per
exercise type: attempts, right answers, the current streak and the best streak.

>>> p = Progress().seen("bowers", 3, total_steps=7).answered("left_bower", True)
>>> Progress.from_json(p.to_json()) == p
True
>>> p.streak("left_bower")
1
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

FORMAT = "euchre-coach-progress"
VERSION = 1


class ProgressError(ValueError):
    """Progress data that cannot be read: says what was wrong and what is accepted."""


@dataclass(frozen=True, slots=True)
class LessonProgress:
    furthest: int = 0  # the furthest step seen, 0-based
    done: bool = False


@dataclass(frozen=True, slots=True)
class DrillStats:
    attempts: int = 0
    correct: int = 0
    streak: int = 0
    best: int = 0


@dataclass(frozen=True, slots=True)
class Progress:
    lessons: tuple[tuple[str, LessonProgress], ...] = ()
    drills: tuple[tuple[str, DrillStats], ...] = ()

    def lesson(self, lesson_id: str) -> LessonProgress:
        return dict(self.lessons).get(lesson_id, LessonProgress())

    def drill(self, kind: str) -> DrillStats:
        return dict(self.drills).get(kind, DrillStats())

    def streak(self, kind: str) -> int:
        return self.drill(kind).streak

    def seen(self, lesson_id: str, step: int, total_steps: int) -> Progress:
        """Record that step ``step`` (0-based) was shown; reaching the last step finishes the lesson."""
        old = self.lesson(lesson_id)
        new = LessonProgress(max(old.furthest, step), old.done or step >= total_steps - 1)
        if new == old:
            return self
        lessons = dict(self.lessons)
        lessons[lesson_id] = new
        return replace(self, lessons=tuple(sorted(lessons.items())))

    def answered(self, kind: str, correct: bool) -> Progress:
        old = self.drill(kind)
        streak = old.streak + 1 if correct else 0
        new = DrillStats(old.attempts + 1, old.correct + int(correct), streak, max(old.best, streak))
        drills = dict(self.drills)
        drills[kind] = new
        return replace(self, drills=tuple(sorted(drills.items())))

    def merged(self, other: Progress) -> Progress:
        """The better of two records, field by field (for importing into an existing record)."""
        lessons = dict(self.lessons)
        for key, lp in other.lessons:
            mine = lessons.get(key, LessonProgress())
            lessons[key] = LessonProgress(max(mine.furthest, lp.furthest), mine.done or lp.done)
        drills = dict(self.drills)
        for key, ds in other.drills:
            mine_d = drills.get(key, DrillStats())
            drills[key] = ds if ds.attempts > mine_d.attempts else mine_d
            drills[key] = replace(drills[key], best=max(mine_d.best, ds.best))
        return Progress(tuple(sorted(lessons.items())), tuple(sorted(drills.items())))

    # ---- JSON -------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "lessons": {k: {"furthest": v.furthest, "done": v.done} for k, v in self.lessons},
            "exercises": {
                k: {"attempts": v.attempts, "correct": v.correct, "streak": v.streak, "best": v.best}
                for k, v in self.drills
            },
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, sort_keys=True)

    @classmethod
    def from_json(cls, text: str | bytes) -> Progress:
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as err:
            raise ProgressError(f"the progress file is not valid JSON ({err})") from err
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: object) -> Progress:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ProgressError(f"this is not a progress export: expected a JSON object with \"format\": \"{FORMAT}\"")
        if data.get("version") != VERSION:
            raise ProgressError(f"progress version {data.get('version')!r} is not supported (this app reads {VERSION})")
        lessons = _table(data, "lessons", ("furthest",), ("done",))
        drills = _table(data, "exercises", ("attempts", "correct", "streak", "best"), ())
        lesson_items = tuple(sorted((k, LessonProgress(v["furthest"], v["done"])) for k, v in lessons.items()))
        drill_items = tuple(
            sorted((k, DrillStats(v["attempts"], v["correct"], v["streak"], v["best"])) for k, v in drills.items())
        )
        for k, d in drill_items:
            if d.correct > d.attempts or d.streak > d.correct or d.best < d.streak:
                raise ProgressError(f"exercise {k!r}: the counts do not add up (correct <= attempts, streak <= best)")
        return cls(lesson_items, drill_items)


def _table(data: dict[str, Any], key: str, ints: tuple[str, ...], bools: tuple[str, ...]) -> dict[str, Any]:
    table = data.get(key, {})
    if not isinstance(table, dict):
        raise ProgressError(f"{key!r} must be an object of name -> record")
    for name, record in table.items():
        if not isinstance(record, dict):
            raise ProgressError(f"{key}.{name} must be an object")
        for field in ints:
            value = record.get(field)
            if type(value) is not int or value < 0:
                raise ProgressError(f"{key}.{name}.{field} must be a whole number 0 or more, got {value!r}")
        for field in bools:
            if type(record.get(field)) is not bool:
                raise ProgressError(f"{key}.{name}.{field} must be true or false, got {record.get(field)!r}")
    return table
