"""One reader for record files and JSON text from users: bounded, strict, streamed.

Every command that reads deal records (``replay``, ``solve``), every ``--rules`` option
and the practice table's import go through here, so they fail the same way on the same
bad input, with one clear message and never a traceback:

- a file is UTF-8 text; anything else is refused (``RecordSourceError``);
- it is read line by line, each line at most ``MAX_LINE_BYTES``, so memory stays flat
  however long the file (``/dev/zero`` stops at once);
- one JSON record pretty-printed over several lines is still accepted, up to
  ``MAX_DOCUMENT_BYTES`` in all; a longer file is read as JSON Lines;
- JSON is nested at most ``MAX_DEPTH`` levels, integers have at most ``MAX_INT_DIGITS``
  digits, and ``NaN`` / ``Infinity`` are refused (``JSONTextError``).

>>> load_json('{"players": 3}')
{'players': 3}
>>> load_json("[" * 40 + "]" * 40)
Traceback (most recent call last):
...
engine.io.record_file.JSONTextError: it is nested deeper than 32 levels (column 33)
>>> list(iter_entries(io.BytesIO(b'{"a": 1}\\n\\n[2]\\n')))
[({'a': 1}, None), (None, 'line 3 is not a JSON object')]
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable, Iterator
from typing import IO, Any

from engine.core.errors import SHOWN_CHARS, EuchreError, quoted

MAX_LINE_BYTES = 1_000_000  # one record line; real records are a few hundred bytes
MAX_DOCUMENT_BYTES = 4_000_000  # one pretty-printed record spread over several lines
MAX_DEPTH = 32  # a record nests 3 levels; rules 1
MAX_INT_DIGITS = 4_300  # Python's own limit for turning text into an int

Entry = tuple[dict[str, Any] | None, str | None]  # (record, None) or (None, what is wrong with it)

_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)
_JSON_SPACE = " \t\r\n"
_LONG_INT = re.compile(r"[0-9]{" + str(MAX_INT_DIGITS + 1) + ",}")


class RecordSourceError(EuchreError):
    """The records file cannot be read, is not UTF-8 text, has an over-long line, or holds no records."""


class JSONTextError(EuchreError):
    """Text that is not JSON this program accepts. ``msg`` says why, ``colno`` where (1-based)."""

    def __init__(self, msg: str, colno: int | None) -> None:
        super().__init__(msg if colno is None else f"{msg} (column {colno})")
        self.msg = msg
        self.colno = colno


def _too_deep(text: str) -> int | None:
    """The 1-based column where the nesting passes MAX_DEPTH, or None."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return None
    depth = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return match.start() + 1
        elif token in "]}":
            depth -= 1
    return None


def _refuse_constant(name: str) -> Any:
    raise JSONTextError(f"{name} is not a number JSON allows", None)


def load_json(text: str) -> Any:
    """``json.loads`` with the limits above. Raises JSONTextError (its ``msg`` as
    ``json.JSONDecodeError`` would give it, for a syntax error)."""
    column = _too_deep(text)
    if column is not None:
        raise JSONTextError(f"it is nested deeper than {MAX_DEPTH} levels", column)
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as err:
        raise JSONTextError(err.msg, err.colno) from None
    except RecursionError:  # a safety net: _too_deep already stops real nesting
        raise JSONTextError(f"it is nested deeper than {MAX_DEPTH} levels", None) from None
    except ValueError as err:  # an integer longer than Python converts
        if isinstance(err, JSONTextError):
            raise
        long = _LONG_INT.search(text)
        raise JSONTextError(
            f"it has a number longer than {MAX_INT_DIGITS} digits", None if long is None else long.start() + 1
        ) from None


def _entry(number: int, line: str) -> Entry:
    try:
        value = load_json(line)
    except JSONTextError as err:
        where = "" if err.colno is None else f" (column {err.colno})"
        return None, f"line {number} is not valid JSON: {err.msg}{where}"
    if not isinstance(value, dict):
        return None, f"line {number} is not a JSON object"
    return value, None


def _body(line: str) -> str:
    """A line without its end (``\\n`` or ``\\r\\n``)."""
    return line[:-1] if line.endswith("\n") else line


def _blank(line: str) -> bool:
    """Nothing but JSON's whitespace (space, tab, CR, LF): a U+2028 or a form feed is not a blank line."""
    return not line.strip(_JSON_SPACE)


def file_label(name: str) -> str:
    """A file name as one line of a message: as typed, or quoted (and cut to SHOWN_CHARS) when it
    holds control characters or is longer than that."""
    return name if name.isprintable() and len(name) <= SHOWN_CHARS else quoted(name)


def _lines(read: Callable[[int], bytes], name: str) -> Iterator[str]:
    """The file's lines as text (with their line ends), each checked for size and UTF-8."""
    name = file_label(name)
    number = 0
    while True:
        try:
            raw = read(MAX_LINE_BYTES + 2)
        except OSError as err:
            raise RecordSourceError(f"cannot read {name}: {err.strerror or err}") from None
        if not raw:
            return
        body = raw[:-1] if raw.endswith(b"\n") else raw
        if body.endswith(b"\r"):
            body = body[:-1]
        if len(body) > MAX_LINE_BYTES:
            raise RecordSourceError(
                f"{name}: line {number + 1} is longer than {MAX_LINE_BYTES:,} bytes; a record line "
                "is a few hundred bytes (is this a records file?)"
            )
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordSourceError(
                f"{name}: line {number + 1} is not UTF-8 text; records are JSON text"
            ) from None
        # A line ends at \n only (\r\n included): never at the other breaks str.splitlines knows
        # (\u2028, \x85, \x0b, \x1c, a lone \r ...), which JSON strings may hold. The line keeps its end,
        # so a record over several lines is rejoined exactly.
        number += 1
        yield text


def iter_entries(stream: IO[bytes] | IO[str], name: str = "the input") -> Iterator[Entry]:  # noqa: C901 (older than the complexity rule: to split)
    """Entries of one JSON record or of JSON Lines, yielded as they are read.

    Raises RecordSourceError (while iterating) for a file that is not UTF-8 text, a line
    over MAX_LINE_BYTES, a read error, or no records at all.
    """
    read = _reader(stream)
    lines = _lines(read, name)
    yielded = False
    number = 0
    for line in lines:  # blank lines before the first record
        number += 1
        if not _blank(line):
            break
    else:
        raise RecordSourceError("no records found: give one JSON record or JSON Lines")
    first, problem = _entry(number, _body(line))
    if problem is None:  # JSON Lines (or a one-line record): stream
        yield first, None
        yielded = True
    else:  # maybe one record over several lines: gather up to MAX_DOCUMENT_BYTES
        held = ["\n"] * (number - 1) + [line]
        size = len(line)
        for more in lines:
            held.append(more)
            size += len(more)
            if size > MAX_DOCUMENT_BYTES:
                break
        else:
            whole: Any = None
            text = "".join(held).strip(_JSON_SPACE)
            try:
                whole = load_json(text)
            except JSONTextError:
                pass
            if isinstance(whole, dict):
                yield whole, None
                return
        for index, held_line in enumerate(held, start=1):
            if not _blank(held_line):
                yield _entry(index, _body(held_line))
                yielded = True
        number = len(held)
    for line in lines:
        number += 1
        if not _blank(line):
            yield _entry(number, _body(line))
            yielded = True
    if not yielded:
        raise RecordSourceError("no records found: give one JSON record or JSON Lines")


def _reader(stream: IO[bytes] | IO[str]) -> Callable[[int], bytes]:
    """``readline(limit)`` as bytes, for a binary or a text stream."""

    def read(limit: int) -> bytes:
        line = stream.readline(limit)
        return line.encode("utf-8", "surrogatepass") if isinstance(line, str) else line

    return read


def parse_text(text: str | bytes, name: str = "the input") -> Iterator[Entry]:
    """``iter_entries`` over text or bytes already in memory."""
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    return iter_entries(io.BytesIO(data), name)


__all__ = [
    "MAX_DEPTH",
    "MAX_DOCUMENT_BYTES",
    "MAX_INT_DIGITS",
    "MAX_LINE_BYTES",
    "Entry",
    "JSONTextError",
    "RecordSourceError",
    "file_label",
    "iter_entries",
    "load_json",
    "parse_text",
]
