"""A position to answer: one frozen value for every feature that asks a learner to choose.

A ``Problem`` is what a seat could know (its view, as the one line of ``engine.core.seat_text``),
the choices it had (the engine's action texts), the choices judged right (the best and those worth
the same within the figures' uncertainty), each choice's figure with its unit, who judged it, and
why in Euchre words. An open-hand problem (every card face up, solved exactly) carries the whole
position too (``position``, ``HandState.to_text``) and its goal. A problem may have no figures
(``values`` empty, ``has_figures`` False): a mistake kept in the learner's deck before the deck
kept them; a reader that shows or ranks figures asks ``has_figures`` first.

The review's mistakes, the mistake deck, the drills, the class's questions and the puzzles carry
this one value, so a position reads the same everywhere and nothing copies it field by field.
It is checked when made and when read (``ProblemError``, a ``ValueError``): a problem that does not
read is left out by its reader, never guessed at.

>>> p = Problem("standard/3/JH-JD-AH-KS-9C,?,?,?/9H", ("pass", "order", "order alone"), ("order",),
...             (0.31, 0.74, 0.40), "points", "the analyzer")
>>> p.best, p.value_of("pass"), Problem.from_json(p.to_json()) == p
('order', 0.31, True)
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core.actions import Action
from engine.core.errors import EuchreError

if TYPE_CHECKING:
    from engine.core.view import SeatView

UNITS = ("points", "win chance", "tricks")
MAX_TEXT = 2_000  # any one text field
MAX_CHOICES = 40


class ProblemError(ValueError):
    """A problem whose fields do not make one (a stored row, a link, a bank file)."""


@dataclass(frozen=True, slots=True)
class Problem:
    view: str  # the seat's view in one line (engine.core.seat_text.view_text)
    choices: tuple[str, ...]  # the legal choices, as the engine writes actions ("play JH", "order alone")
    right: tuple[str, ...]  # the choices judged right: the best first, then its ties
    values: tuple[float, ...]  # each choice's figure, in ``choices``' order, in ``unit`` (or none at all)
    unit: str  # one of UNITS
    source: str  # who judged it: "your seat: 960 layouts …", "the solver, every card face up", …
    reason: str = ""  # why the best is best, in Euchre words (cards with suit symbols)
    position: str = ""  # the whole deal (HandState.to_text): open-hand problems only
    goal: str = ""  # an open-hand problem's goal in words ("make 3 tricks", "euchre them")

    def __post_init__(self) -> None:
        check(self)

    @classmethod
    def at(
        cls,
        view: SeatView,
        values: Mapping[Action, float],
        right: Sequence[Action],
        unit: str,
        source: str,
        reason: str = "",
    ) -> Problem:
        """The problem of the seat at ``view``: its legal choices that have a figure in ``values``,
        in the engine's order, each with its figure; ``right`` the best first, then its ties."""
        choices = tuple(a for a in view.legal if a in values)
        return cls(
            view.to_text(),
            tuple(str(a) for a in choices),
            tuple(str(a) for a in right),
            tuple(float(values[a]) for a in choices),
            unit,
            source,
            reason,
        )

    @property
    def best(self) -> str:
        return self.right[0]

    @property
    def has_figures(self) -> bool:
        return bool(self.values)

    def value_of(self, choice: str) -> float:
        """``choice``'s figure. Raises ProblemError when the problem has no figures."""
        if not self.values:
            raise ProblemError("this problem keeps no figures")
        return self.values[self.choices.index(choice)]

    def is_right(self, choice: str) -> bool:
        return choice in self.right

    def to_json(self) -> str:
        return json.dumps(
            {
                "view": self.view,
                "choices": list(self.choices),
                "right": list(self.right),
                "values": list(self.values),
                "unit": self.unit,
                "source": self.source,
                "reason": self.reason,
                "position": self.position,
                "goal": self.goal,
            },
            ensure_ascii=False,
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str | dict[str, Any]) -> Problem:
        """A problem from its JSON (a text or an already parsed object). Raises ProblemError."""
        try:
            data = json.loads(text) if isinstance(text, str) else text
        except ValueError as err:
            raise ProblemError(f"not JSON: {err}") from None
        if not isinstance(data, dict):
            raise ProblemError("a problem is a JSON object")
        try:
            return cls(
                view=_text(data, "view"),
                choices=_texts(data, "choices"),
                right=_texts(data, "right"),
                values=tuple(_number(v) for v in _list(data, "values")),
                unit=_text(data, "unit"),
                source=_text(data, "source"),
                reason=_text(data, "reason", ""),
                position=_text(data, "position", ""),
                goal=_text(data, "goal", ""),
            )
        except (TypeError, KeyError) as err:
            raise ProblemError(f"a field is missing or of the wrong kind: {err}") from None


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data[key]
    if not isinstance(value, list):
        raise ProblemError(f"{key} is a list")
    return value


def _text(data: dict[str, Any], key: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise ProblemError(f"{key} is a text")
    return value


def _texts(data: dict[str, Any], key: str) -> tuple[str, ...]:
    values = _list(data, key)
    if not all(isinstance(v, str) for v in values):
        raise ProblemError(f"{key} holds texts")
    return tuple(values)


def _number(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ProblemError(f"a figure is a finite number, not {value!r}")
    return float(value)


def check(p: Problem) -> None:
    """Raise ProblemError unless ``p`` is a problem: choices that are actions, at most
    ``MAX_CHOICES`` of them and none twice; right answers among them; a finite figure per choice
    (or no figures at all); a known unit; texts of at most ``MAX_TEXT`` characters."""
    for name in ("view", "unit", "source", "reason", "position", "goal"):
        value = getattr(p, name)
        if not isinstance(value, str) or len(value) > MAX_TEXT:
            raise ProblemError(f"{name} is a text of at most {MAX_TEXT:,} characters")
    if not p.view:
        raise ProblemError("a problem needs the seat's view")
    if not 1 <= len(p.choices) <= MAX_CHOICES or len(set(p.choices)) != len(p.choices):
        raise ProblemError(f"a problem has 1 to {MAX_CHOICES} different choices")
    for choice in p.choices:
        try:
            Action.parse(choice)
        except (EuchreError, ValueError) as err:
            raise ProblemError(f"choice {choice[:40]!r} is not an action: {err}") from None
    if not p.right or not set(p.right) <= set(p.choices) or len(set(p.right)) != len(p.right):
        raise ProblemError("the right answers are some of the choices, each once")
    if len(p.values) not in (0, len(p.choices)) or not all(math.isfinite(v) for v in p.values):
        raise ProblemError("a finite figure for each choice, or no figures")
    if p.unit not in UNITS:
        raise ProblemError(f"unit is one of {', '.join(UNITS)}")


__all__ = ["MAX_CHOICES", "UNITS", "Problem", "ProblemError", "check"]
