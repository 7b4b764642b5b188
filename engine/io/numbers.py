"""One strict reader for every number a user can type or put in a link.

Python's ``int()`` accepts far more than a person means: ``"²"`` passes ``str.isdigit()``
and then fails, ``"١٢"`` (Arabic-Indic digits) and ``" 7_000 "`` parse, and a 5,000-digit
string takes a conversion Python refuses past 4,300 digits. ``float()`` accepts ``nan`` and
``inf``. Here a whole number is ASCII digits with an optional leading minus, at most
``MAX_DIGITS`` long, inside the range the caller names; a decimal is the same with one
optional point, finite. Everything else raises ``NumberError`` (a ``ValueError``) with one
message shape: what was wrong, and what is accepted.

>>> parse_int("7", "the seed", 0, 10)
7
>>> parse_int("²", "the step", 1, 9)
Traceback (most recent call last):
...
engine.io.numbers.NumberError: the step must be a whole number from 1 to 9, got '²'
>>> parse_float("0.5", "--time", 0.05, 60)
0.5
>>> parse_pair("6, 8", "--score", 0, 9)
(6, 8)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeVar

from engine.core.errors import EuchreError

MAX_DIGITS = 18  # every number the app takes fits; longer text is refused before conversion
MAX_SHOWN = 24  # characters of a bad value echoed back in a message

_INT = re.compile(rf"-?[0-9]{{1,{MAX_DIGITS}}}")
_DECIMAL = re.compile(
    rf"-?(?:[0-9]{{1,{MAX_DIGITS}}}(?:\.[0-9]{{0,{MAX_DIGITS}}})?|\.[0-9]{{1,{MAX_DIGITS}}})"
)


class NumberError(EuchreError):
    """Text that is not a number in the accepted range."""


def shown(text: object) -> str:
    """The value as a message shows it: repr, cut to MAX_SHOWN characters."""
    if not isinstance(text, str):
        return type(text).__name__
    cut = text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN] + "…"
    return repr(cut)


def _fmt(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


N = TypeVar("N", int, float)


def _read(
    text: object, pattern: re.Pattern[str], convert: Callable[[str], N], low: N, high: N, accepted: str
) -> N:
    """``text`` (surrounding spaces allowed) matching ``pattern`` and, converted, in ``low..high``;
    otherwise NumberError(``accepted``)."""
    if not isinstance(text, str) or not pattern.fullmatch(text.strip()):
        raise NumberError(accepted)
    value = convert(text.strip())
    if not low <= value <= high:
        raise NumberError(accepted)
    return value


def parse_int(text: object, what: str, low: int, high: int) -> int:
    """``text`` as a whole number in ``low..high`` (surrounding spaces allowed)."""
    return _read(
        text, _INT, int, low, high, f"{what} must be a whole number from {low} to {high}, got {shown(text)}"
    )


def parse_float(text: object, what: str, low: float, high: float) -> float:
    """``text`` as a finite decimal number in ``low..high`` (no exponents, no nan/inf)."""
    return _read(
        text,
        _DECIMAL,
        float,
        low,
        high,
        f"{what} must be a number from {_fmt(low)} to {_fmt(high)}, got {shown(text)}",
    )


def parse_pair(text: object, what: str, low: int, high: int, sep: str = ",") -> tuple[int, int]:
    """Two whole numbers in ``low..high`` separated by ``sep`` (a score such as ``"6,8"``)."""
    accepted = (
        f"{what} must be two whole numbers from {low} to {high} separated by a comma "
        f"(like 6{sep}8), got {shown(text)}"
    )
    if not isinstance(text, str):
        raise NumberError(accepted)
    parts = text.split(sep)
    if len(parts) != 2:
        raise NumberError(accepted)
    try:
        first, second = (parse_int(p, what, low, high) for p in parts)
    except NumberError:
        raise NumberError(accepted) from None
    return first, second


_SCORE = re.compile(rf"[ \t]*([0-9]{{1,{MAX_DIGITS}}})[ \t]*,[ \t]*([0-9]{{1,{MAX_DIGITS}}})[ \t]*")


def parse_score(text: object, target: int) -> tuple[int, int]:
    """A game's score as a person types it, your side first: two whole numbers from 0 to
    ``target - 1`` separated by one comma (spaces around them allowed). A sign (``-3,5``), a
    missing or third number (``4,4,``, ``0,,0``), another separator (``6-8``) or a score the game
    would already have ended at is refused. The one reader of every score (the analyze command,
    the Analyze page and its links, the lessons' analyzer links).

    >>> parse_score(" 6, 8", 10)
    (6, 8)
    >>> parse_score("-3,5", 10)
    Traceback (most recent call last):
    ...
    engine.io.numbers.NumberError: the score must be two whole numbers from 0 to 9 separated by a comma, your side first (like 6,8), got '-3,5'
    """
    match = _SCORE.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise NumberError(
            f"the score must be two whole numbers from 0 to {target - 1} separated by a comma, "
            f"your side first (like 6,8), got {shown(text)}"
        )
    us, them = int(match.group(1)), int(match.group(2))
    if us >= target or them >= target:
        raise NumberError(
            f"the score {us},{them} is not possible: a game to {target} would already be over; "
            f"each score must be 0 to {target - 1}"
        )
    return us, them


def check_int(value: object, what: str, low: int, high: int) -> int:
    """A value that should already be an int (from JSON, say): a real int (not a bool) in range."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise NumberError(f"{what} must be a whole number from {low} to {high}, got {shown_value(value)}")
    return value


def shown_value(value: object) -> str:
    """A JSON value as a message shows it, without converting a huge int to text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if value.bit_length() > 64:
            return "a number with more than 19 digits"
        return str(value)
    if isinstance(value, str):
        return shown(value)
    return type(value).__name__


__all__ = [
    "MAX_DIGITS",
    "NumberError",
    "check_int",
    "parse_float",
    "parse_int",
    "parse_pair",
    "parse_score",
    "shown",
    "shown_value",
]
