"""What every command shares: one-line argument errors, strict number options, opening record
files, ``--rules`` JSON, progress on stderr, and no traceback on a closed pipe or Ctrl-C."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import IO, Any, NoReturn, TypeVar

from engine.core.errors import SHOWN_CHARS, EuchreError, quoted
from engine.core.rules import Rules
from engine.io.numbers import MAX_DIGITS, NumberError, parse_float, parse_int
from engine.io.progress_line import Progress
from engine.io.record_file import Entry, JSONTextError, RecordSourceError, file_label, iter_entries, load_json

SEED_LIMIT = 10**MAX_DIGITS - 1  # seeds are whole numbers of at most MAX_DIGITS digits, either sign
LONG_RUN = 100  # characters without a space: longer is an echoed value, not a word of the message
MAX_MESSAGE = 1000  # characters of one error line
_LONG_RUN = re.compile(rf"\S{{{LONG_RUN + 1},}}")


class Parser(argparse.ArgumentParser):
    """argparse with its errors as one line on stderr (``<command>: <message>``) and exit 2."""

    def __init__(self, *args: Any, command: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.command = command

    def error(self, message: str) -> NoReturn:
        print(f"{self.command}: {tidy(message)}", file=sys.stderr)
        raise SystemExit(2)

    # argparse echoes a bad value whole (a choice, the arguments it does not know): quote them instead
    def parse_args(self, args: Sequence[str] | None = None, namespace: None = None) -> argparse.Namespace:  # type: ignore[override]
        given = sys.argv[1:] if args is None else list(args)
        parsed, extra = self.parse_known_args(self.values_with_dashes(given), namespace)
        if extra:
            text = " ".join(extra)
            self.error(
                f"unrecognized arguments: {text if len(text) <= SHOWN_CHARS and text.isprintable() else quoted(text)}"
            )
        return parsed

    def values_with_dashes(self, args: Sequence[str]) -> list[str]:
        """``args`` with a value that starts with a dash joined to its option (``--score -1,2`` as
        ``--score=-1,2``), so that the value's own reader says what is wrong with it: argparse takes
        ``-1,2`` for an option and said only "expected one argument". A next word that is one of
        the command's options stays an option (``--hand --upcard 9H``: the hand is missing).

        >>> p = Parser(command="x"); _ = p.add_argument("--score"); _ = p.add_argument("--json", action="store_true")
        >>> p.values_with_dashes(["--score", "-1,2", "--json"]), p.values_with_dashes(["--score", "--json"])
        (['--score=-1,2', '--json'], ['--score', '--json'])
        """
        takes_one = {
            option
            for action in self._actions
            if action.nargs is None and action.option_strings
            for option in action.option_strings
        }
        out: list[str] = []
        waiting = False  # the last word was an option that takes one value
        for word in args:
            if (
                waiting
                and word.startswith("-")
                and word != "--"
                and word.split("=")[0] not in self._option_string_actions
            ):
                out[-1] = f"{out[-1]}={word}"
                waiting = False
                continue
            waiting = word in takes_one
            out.append(word)
        return out

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        if action.choices is not None and value not in action.choices:
            choices = ", ".join(map(repr, action.choices))
            raise argparse.ArgumentError(action, f"invalid choice: {quoted(value)} (choose from {choices})")


def one_line(message: object) -> str:
    """A message as one short line on stderr: its lines joined, any run of more than ``LONG_RUN``
    characters without a space (an argument echoed whole, by argparse say) cut to ``SHOWN_CHARS``
    with an ellipsis, and the whole at most ``MAX_MESSAGE`` characters. Messages quote values with
    engine.core.errors.quoted already; this is the net under the ones that do not."""
    text = " ".join(str(message).splitlines())
    text = _LONG_RUN.sub(lambda run: run.group()[:SHOWN_CHARS] + "…", text)
    return text if len(text) <= MAX_MESSAGE else text[:MAX_MESSAGE] + "…"


def tidy(message: str) -> str:
    """argparse's ``argument --time: --time must be ...`` without the repeated option name, on one
    short line (``one_line``)."""
    message = one_line(message)
    head, sep, rest = message.partition(": ")
    if sep and head.startswith("argument ") and rest.startswith(head[len("argument ") :].split("/")[0] + " "):
        return rest
    return message


N = TypeVar("N", int, float)


def _number_type(parse: Callable[[str, str, N, N], N], what: str, low: N, high: N) -> Callable[[str], N]:
    def convert(text: str) -> N:
        try:
            return parse(text, what, low, high)
        except NumberError as err:
            raise argparse.ArgumentTypeError(str(err)) from None

    return convert


def whole(what: str, low: int, high: int) -> Callable[[str], int]:
    """An argparse ``type`` for a whole number ``low..high`` (engine/io/numbers.py's reader)."""
    return _number_type(parse_int, what, low, high)


def decimal(what: str, low: float, high: float) -> Callable[[str], float]:
    """An argparse ``type`` for a finite decimal ``low..high``."""
    return _number_type(parse_float, what, low, high)


def rules_option(text: str | None, example: str) -> Rules:
    """The rules a ``--rules`` JSON object gives (the defaults when None). Raises EuchreError."""
    if text is None:
        return Rules()
    try:
        data = load_json(text)
    except JSONTextError as err:
        raise EuchreError(f"--rules is not valid JSON ({err.msg}); {example}") from None
    return Rules.from_dict(data)


@contextmanager
def open_records(name: str) -> Iterator[Iterator[Entry]]:
    """The entries of a records file (``-`` for standard input), read as they are needed.
    Raises RecordSourceError on opening, and while iterating (see engine.io.record_file)."""
    if name == "-":
        stream: IO[bytes] | IO[str] = getattr(sys.stdin, "buffer", sys.stdin)
        yield iter_entries(stream, "standard input")
        return
    try:
        fh = open(name, "rb")  # noqa: SIM115 - closed below, after the caller's loop
    except OSError as err:
        raise RecordSourceError(f"cannot read {file_label(name)}: {err.strerror or err}") from None
    with fh:
        yield iter_entries(fh, name)


def print_results(name: str, result: Callable[[dict[str, Any] | None, str | None], dict[str, Any]]) -> int:
    """One JSON line per entry of the records file ``name``: ``result(record, problem)`` (the
    record, or None and what was wrong with its line). Exit code 2 if any line is an error
    or the file cannot be read (one line on stderr), else 0."""
    failed = False
    try:
        with open_records(name) as entries:
            for record, problem in entries:
                line = result(record, problem)
                failed = failed or "error" in line
                print(json.dumps(line), flush=True)
    except RecordSourceError as err:
        print(one_line(err), file=sys.stderr)
        return 2
    return 2 if failed else 0


def guarded(command: str, run: Callable[[], int]) -> int:
    """Run a command; a closed output pipe ends it quietly, Ctrl-C with one line (exit 130)."""
    try:
        return run()
    except BrokenPipeError:
        try:  # the reader went away (``| head``): stop writing, say nothing
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 0
    except KeyboardInterrupt:
        print(f"{command}: interrupted", file=sys.stderr)
        return 130


__all__ = [
    "SEED_LIMIT",
    "Parser",
    "Progress",
    "RecordSourceError",
    "decimal",
    "guarded",
    "one_line",
    "open_records",
    "print_results",
    "rules_option",
    "whole",
]
