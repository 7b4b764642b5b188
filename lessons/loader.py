"""Read lesson files: Markdown with a tiny front matter, parsed here (no YAML needed).

Format (documented for authors in lessons/README.md)::

    ---
    id: bowers
    number: 2
    title: The bowers
    summary: Two jacks that jump to the top.
    ---

    ## First step title
    Markdown text ...

    @cards JH JD trump=H

Each ``## `` heading starts a step. A line starting with ``@`` is the step's one
element (see ``lessons.model``); a second ``@`` line in the same step is an error.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

from engine.core.cards import Suit, parse_cards
from engine.core.errors import CardParseError
from lessons.exercises import EXERCISE_KINDS, check_options
from lessons.fact_values import VALUES as FACT_VALUES
from lessons.links import analyze_link
from lessons.model import ELEMENT_KINDS, Element, Lesson, LessonError, Step

CONTENT_DIR = Path(__file__).resolve().parent / "content"
_REQUIRED = ("id", "number", "title", "summary")


FACT = re.compile(r"\{\{\s*([^{}\s]*)\s*\}\}")


def fill_facts(text: str, source: str = "<lesson>", values: dict[str, str] | None = None) -> str:
    """``text`` with every ``{{name}}`` replaced by the engine fact of that name (``lessons.facts``,
    stored in ``lessons/fact_values.py``). An unknown name is a LessonError naming the line."""
    known = FACT_VALUES if values is None else values

    def one(m: re.Match[str]) -> str:
        if m[1] not in known:
            line = text.count("\n", 0, m.start()) + 1
            raise LessonError(
                f"{source}:{line}: no engine fact {m[1]!r} (lessons/facts.py lists them; "
                "python -m lessons facts prints them)"
            )
        return known[m[1]]

    return FACT.sub(one, text)


def parse_lesson(text: str, source: str = "<lesson>") -> Lesson:
    """Parse one lesson file's text, its engine facts filled in (``fill_facts``). Raises
    LessonError naming ``source`` and the line."""
    lines = fill_facts(text, source).splitlines()
    if not lines or lines[0].strip() != "---":
        raise LessonError(f"{source}: a lesson starts with a front matter block opened by '---'")
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    except StopIteration:
        raise LessonError(f"{source}: the front matter is not closed by a '---' line") from None
    meta: dict[str, str] = {}
    for n in range(1, end):
        line = lines[n]
        if not line.strip():
            continue
        key, sep, value = line.partition(":")
        if not sep or not key.strip():
            raise LessonError(f"{source}:{n + 1}: front matter lines are 'key: value', got {line!r}")
        meta[key.strip()] = value.strip()
    missing = [k for k in _REQUIRED if not meta.get(k)]
    if missing:
        raise LessonError(f"{source}: front matter lacks {', '.join(missing)} (needs {', '.join(_REQUIRED)})")
    extra = sorted(set(meta) - set(_REQUIRED))
    if extra:
        raise LessonError(
            f"{source}: unknown front matter key(s) {', '.join(extra)}; known: {', '.join(_REQUIRED)}"
        )
    if not meta["number"].isdigit():
        raise LessonError(f"{source}: number must be a whole number, got {meta['number']!r}")
    steps = _parse_steps(lines, end + 1, source)
    if not steps:
        raise LessonError(f"{source}: a lesson needs at least one step (a '## Title' heading)")
    return Lesson(meta["id"], int(meta["number"]), meta["title"], meta["summary"], tuple(steps))


def _parse_steps(lines: list[str], start: int, source: str) -> list[Step]:
    steps: list[Step] = []
    title: str | None = None
    body: list[str] = []
    element: Element | None = None

    def close() -> None:
        if title is not None:
            text = "\n".join(body).strip()
            if not text:
                raise LessonError(f"{source}: step {title!r} has no text")
            steps.append(Step(title, text, element))

    for n in range(start, len(lines)):
        line = lines[n]
        if line.startswith("## "):
            close()
            title, body, element = line[3:].strip(), [], None
        elif title is None:
            if line.strip():
                raise LessonError(f"{source}:{n + 1}: text before the first '## ' step heading")
        elif line.startswith("@"):
            if element is not None:
                raise LessonError(f"{source}:{n + 1}: step {title!r} already has an element; one per step")
            element = parse_element(line[1:], f"{source}:{n + 1}")
        else:
            body.append(line)
    close()
    return steps


def parse_element(text: str, where: str = "<element>") -> Element:
    """Parse and validate ``kind arg ... key=value ...``."""
    words = text.split()
    if not words or words[0] not in ELEMENT_KINDS:
        raise LessonError(f"{where}: element {text.strip()!r}; the kinds are {', '.join(ELEMENT_KINDS)}")
    kind, rest = words[0], words[1:]
    args = tuple(w for w in rest if "=" not in w)
    options = tuple((k, v) for k, _, v in (w.partition("=") for w in rest if "=" in w))
    element = Element(kind, args, options)
    try:
        _validate(element)
    except (LessonError, CardParseError) as err:
        raise LessonError(f"{where}: {err}") from err
    return element


def _validate(element: Element) -> None:  # noqa: C901 (older than the complexity rule: to split)
    kind = element.kind
    keys = {k for k, _ in element.options}
    if kind == "cards":
        if not element.args:
            raise LessonError("@cards needs at least one card, like '@cards JH JD'")
        parse_cards(" ".join(element.args))
        _only(keys, {"trump"})
        if "trump" in keys:
            Suit.parse(element.option("trump"))
    elif kind == "ranking":
        if len(element.args) != 1 or keys - {"joker"}:
            raise LessonError("@ranking takes one trump suit, like '@ranking H' (optional joker=yes)")
        Suit.parse(element.args[0])
    elif kind == "exercise":
        if len(element.args) != 1 or element.args[0] not in EXERCISE_KINDS:
            raise LessonError(f"@exercise takes one type: {', '.join(EXERCISE_KINDS)}")
        check_options(element.args[0], dict(element.options))
    elif kind == "analyze":
        if element.args:
            raise LessonError("@analyze takes only key=value fields, like 'hand=JH+JD+AH+KS+9C'")
        analyze_link(dict(element.options))
    elif kind == "scorecards" and (element.args or keys):
        raise LessonError("@scorecards takes no arguments")
    elif kind == "chart":
        if element.args:
            raise LessonError("@chart takes only upcard=RANK, like '@chart upcard=Q'")
        _only(keys, {"upcard"})
        if "upcard" in keys and element.option("upcard") not in CHART_UPCARDS:
            raise LessonError(
                f"@chart upcard={element.option('upcard')!r}; accepted: {', '.join(CHART_UPCARDS)}"
            )


CHART_UPCARDS = ("9", "T", "J", "Q", "K", "A")


def _only(keys: set[str], allowed: set[str]) -> None:
    if keys - allowed:
        raise LessonError(
            f"unknown option(s) {', '.join(sorted(keys - allowed))}; accepted: {', '.join(sorted(allowed))}"
        )


@functools.cache
def load_lessons(directory: Path = CONTENT_DIR) -> tuple[Lesson, ...]:
    """Every lesson in ``directory``, in course order. Checks ids and numbers are unique."""
    lessons = [parse_lesson(p.read_text(encoding="utf-8"), p.name) for p in sorted(directory.glob("*.md"))]
    lessons.sort(key=lambda lesson: lesson.number)
    seen: dict[str, str] = {}
    for i, lesson in enumerate(lessons, start=1):
        if lesson.id in seen:
            raise LessonError(f"two lessons have the id {lesson.id!r}")
        seen[lesson.id] = lesson.title
        if lesson.number != i:
            raise LessonError(
                f"lesson {lesson.id!r} has number {lesson.number}; numbers run 1..{len(lessons)} without gaps"
            )
    return tuple(lessons)


def lesson_by_id(lesson_id: str, directory: Path = CONTENT_DIR) -> Lesson:
    for lesson in load_lessons(directory):
        if lesson.id == lesson_id:
            return lesson
    ids = ", ".join(lesson.id for lesson in load_lessons(directory))
    raise LessonError(f"there is no lesson {lesson_id!r}; the lessons are: {ids}")
