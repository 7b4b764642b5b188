"""The shape of a lesson: a sequence of steps, each text plus at most one element.

An *element* is the one interactive (or illustrative) thing a step may carry:

- ``cards``     a row of cards to look at (``@cards JH JD AH trump=H``);
- ``ranking``   the whole deck in rank order for a trump (``@ranking H``);
- ``exercise``  an endless, seeded exercise judged by the engine (``@exercise left_bower``);
- ``analyze``   a link to the hand analyzer with a hand filled in
                (``@analyze hand=JH+JD+AH+KS+9C upcard=9H seat=first``);
- ``scorecards``  the two-card score counter, with a slider (``@scorecards``);
- ``chart``     the simulated call chart for the learner's seat (``@chart upcard=Q``), drawn
                from the shipped study (``engine.study.chart_table``).

Values are frozen; ``lessons.loader`` builds them from the Markdown files.
"""

from __future__ import annotations

from dataclasses import dataclass

ELEMENT_KINDS = ("cards", "ranking", "exercise", "analyze", "scorecards", "chart")


class LessonError(ValueError):
    """A lesson file that cannot be read: says which file, which line, and what is accepted."""


@dataclass(frozen=True, slots=True)
class Element:
    kind: str  # one of ELEMENT_KINDS
    args: tuple[str, ...] = ()  # positional words after the kind
    options: tuple[tuple[str, str], ...] = ()  # key=value words, in file order

    def option(self, key: str, default: str = "") -> str:
        for k, v in self.options:
            if k == key:
                return v
        return default

    @property
    def is_interactive(self) -> bool:
        return self.kind in ("exercise", "scorecards")


@dataclass(frozen=True, slots=True)
class Step:
    title: str
    text: str  # Markdown
    element: Element | None = None


@dataclass(frozen=True, slots=True)
class Lesson:
    id: str  # the slug used in links: learn?lesson=<id>&step=<n>
    number: int  # position in the course, 1-based
    title: str
    summary: str
    steps: tuple[Step, ...]

    @property
    def exercise_kinds(self) -> tuple[str, ...]:
        """The exercise types this lesson uses, in order of first appearance."""
        kinds: list[str] = []
        for step in self.steps:
            if step.element is not None and step.element.kind == "exercise":
                kind = step.element.args[0]
                if kind not in kinds:
                    kinds.append(kind)
        return tuple(kinds)
