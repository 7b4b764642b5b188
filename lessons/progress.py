"""A learner's progress as an immutable value, with a JSON form for saving, export and import.

Per lesson: the furthest step reached and whether the lesson is finished. Per
exercise type: attempts, right answers, the current streak and the best streak.

>>> p = Progress().seen("bowers", 3, total_steps=7).answered("left_bower", True)
>>> Progress.from_json(p.to_json()) == p
True
>>> p.streak("left_bower")
1

Reading is strict and bounded, because the text comes from a file a learner picks or from a
database row anything may have damaged: at most ``MAX_BYTES`` of UTF-8 JSON (nesting and
number length bounded by ``engine.io.record_file.load_json``), exactly the keys ``to_dict`` writes,
at most ``MAX_ENTRIES`` lessons and as many exercise types, names of 1 to ``MAX_NAME`` printable
characters, whole numbers 0 to ``MAX_STEP`` (a step) or ``MAX_COUNT`` (a count). Anything else
raises ``ProgressError`` saying what was wrong; ``ACCEPTED`` says what is accepted.

>>> Progress.from_json("[" * 100_000)
Traceback (most recent call last):
...
lessons.progress.ProgressError: it is not JSON this app reads: it is nested deeper than 32 levels (column 33)
>>> Progress.from_json(None)
Traceback (most recent call last):
...
lessons.progress.ProgressError: it is not text (it is NULL)

Two records of the same learner (two browsers writing under one name, or an import) combine
with ``merged``, which loses nothing either side completed; see its docstring.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from engine.io.numbers import shown, shown_value
from engine.io.record_file import JSONTextError, load_json

FORMAT = "euchre-coach-progress"
VERSION = 1
MAX_BYTES = 2_000_000  # a real record is a few kilobytes
MAX_ENTRIES = 500  # lessons, and exercise types, each; the app has a dozen of each
MAX_NAME = 64  # characters of a lesson id or an exercise type
MAX_STEP = 999  # the furthest step (0-based); lessons have about ten
MAX_COUNT = 10**12  # attempts, right answers, streaks
ACCEPTED = (
    f'a progress export as "Export progress" writes it: UTF-8 JSON of at most {MAX_BYTES:,} bytes, '
    f'an object with "format": "{FORMAT}", "version": {VERSION}, "lessons" and "exercises"'
)

_TOP_KEYS = frozenset({"format", "version", "lessons", "exercises"})
_LESSON_FIELDS = ("furthest", "done")
_DRILL_FIELDS = ("attempts", "correct", "streak", "best")


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
        """Both records in one: what two browsers saving under one name, or an import, combine to.

        - Lessons: every lesson either record has; its furthest step is the further of the two,
          and it is finished if either record finished it. A completed step is never lost.
        - Exercise types: every type either record has; the counts (attempts, right answers,
          current streak) are those of the longer history: more attempts, then more right
          answers, then the longer streak (the two histories may share a past, so adding them
          would count it twice); the best streak is the better of the two.

        Both parts take a maximum field by field, so the merge is commutative, associative and
        idempotent: the order in which writers save does not change what is kept.

        >>> a = Progress().seen("bowers", 2, 7)
        >>> b = Progress().seen("ranking", 1, 6)
        >>> [(k, v.furthest) for k, v in a.merged(b).lessons]
        [('bowers', 2), ('ranking', 1)]
        """
        lessons = dict(self.lessons)
        for key, lp in other.lessons:
            mine = lessons.get(key, LessonProgress())
            lessons[key] = LessonProgress(max(mine.furthest, lp.furthest), mine.done or lp.done)
        drills = dict(self.drills)
        for key, ds in other.drills:
            mine_d = drills.get(key, DrillStats())
            longer = max(mine_d, ds, key=lambda d: (d.attempts, d.correct, d.streak))
            drills[key] = replace(longer, best=max(mine_d.best, ds.best))
        return Progress(tuple(sorted(lessons.items())), tuple(sorted(drills.items())))

    def check_limits(self) -> None:
        """Raise ProgressError if this record is more than ``from_json`` reads back (too many
        lessons or exercise types, a name or a number out of bounds): check before saving."""
        _check_size("lessons", len(self.lessons))
        _check_size("exercises", len(self.drills))
        for key, lp in self.lessons:
            _check_name("lessons", key)
            _check_number(f"lessons.{key}.furthest", lp.furthest, MAX_STEP)
        for key, ds in self.drills:
            _check_name("exercises", key)
            for field in _DRILL_FIELDS:
                _check_number(f"exercises.{key}.{field}", getattr(ds, field), MAX_COUNT)
            _check_drill(key, ds)

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
    def from_json(cls, text: object) -> Progress:
        """Read ``text`` (str or bytes; anything else, a database NULL say, is refused).
        Raises ProgressError and nothing else, whatever ``text`` holds."""
        if isinstance(text, bytes | bytearray | memoryview):
            raw = bytes(text)
            if len(raw) > MAX_BYTES:
                raise ProgressError(f"it is {len(raw):,} bytes; at most {MAX_BYTES:,} are read")
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                raise ProgressError("it is not UTF-8 text") from None
        elif not isinstance(text, str):
            raise ProgressError(f"it is not text (it is {'NULL' if text is None else type(text).__name__})")
        elif len(text) > MAX_BYTES:
            raise ProgressError(f"it is {len(text):,} characters; at most {MAX_BYTES:,} are read")
        if not text.strip():
            raise ProgressError("it is empty")
        try:
            data = load_json(text)
        except JSONTextError as err:
            # "not valid JSON" for a syntax error, as a learner reads it; the limits say which limit
            what = "valid JSON" if err.msg[:1].isupper() else "JSON this app reads"
            raise ProgressError(f"it is not {what}: {err}") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: object) -> Progress:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ProgressError(
                f'this is not a progress export: expected a JSON object with "format": "{FORMAT}"'
            )
        version = data.get("version")
        if type(version) is not int or version != VERSION:
            raise ProgressError(
                f"progress version {shown_value(version)} is not supported (this app reads {VERSION})"
            )
        unknown = sorted(set(data) - _TOP_KEYS)
        if unknown:
            raise ProgressError(
                f"unknown field {shown(unknown[0])}: a progress export has only "
                f"{', '.join(sorted(_TOP_KEYS))}"
            )
        lessons = _table(data, "lessons", _LESSON_FIELDS)
        drills = _table(data, "exercises", _DRILL_FIELDS)
        lesson_items = []
        for key, record in lessons.items():
            furthest = _check_number(f"lessons.{key}.furthest", record["furthest"], MAX_STEP)
            done = record["done"]
            if type(done) is not bool:
                raise ProgressError(f"lessons.{key}.done must be true or false, got {shown_value(done)}")
            lesson_items.append((key, LessonProgress(furthest, done)))
        drill_items = []
        for key, record in drills.items():
            counts = [_check_number(f"exercises.{key}.{f}", record[f], MAX_COUNT) for f in _DRILL_FIELDS]
            stats = DrillStats(*counts)
            _check_drill(key, stats)
            drill_items.append((key, stats))
        return cls(tuple(sorted(lesson_items)), tuple(sorted(drill_items)))


def _check_size(key: str, count: int) -> None:
    if count > MAX_ENTRIES:
        raise ProgressError(f"{key!r} has {count:,} entries; at most {MAX_ENTRIES} are kept")


def _check_name(key: str, name: str) -> None:
    if not 1 <= len(name) <= MAX_NAME or not name.isprintable():
        raise ProgressError(
            f"{key} has the name {shown(name)}; a name is 1 to {MAX_NAME} printable characters"
        )


def _check_number(where: str, value: object, high: int) -> int:
    if type(value) is not int or not 0 <= value <= high:
        raise ProgressError(
            f"{where} must be a whole number 0 or more (at most {high:,}), got {shown_value(value)}"
        )
    return value


def _check_drill(key: str, d: DrillStats) -> None:
    if d.correct > d.attempts or d.streak > d.correct or d.best < d.streak:
        raise ProgressError(
            f"exercise {shown(key)}: the counts do not add up (correct <= attempts, "
            "streak <= correct, streak <= best)"
        )


def _table(data: dict[str, Any], key: str, fields: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    """``data[key]``: an object of name -> record, each record exactly ``fields`` (values unchecked)."""
    table = data.get(key, {})
    if not isinstance(table, dict):
        raise ProgressError(f"{key!r} must be an object of name -> record")
    _check_size(key, len(table))
    for name, record in table.items():
        _check_name(key, name)
        if not isinstance(record, dict):
            raise ProgressError(f"{key}.{name} must be an object")
        if set(record) != set(fields):
            missing = [f for f in fields if f not in record]
            extra = sorted(set(record) - set(fields))
            problem = f"lacks {missing[0]!r}" if missing else f"has an unknown field {shown(extra[0])}"
            raise ProgressError(f"{key}.{name} {problem}; its fields are {', '.join(fields)}")
    return table
