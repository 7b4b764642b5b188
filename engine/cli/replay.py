"""``python -m engine replay FILE``: replay deal records, one JSON result line per record.

Records are read as they are needed (engine/io/record_file.py: UTF-8 text, one JSON record or
JSON Lines, bounded lines and nesting), so the first result prints at once and memory stays
flat however long the file. A file that cannot be read prints one line on stderr; a bad
record prints ``{"error": ..., "step": ...}`` in its place; either way the exit code is 2.

A record gives its deal field by field (``rules``, ``dealer``, ``hands``, ``upcard``, ``kitty``,
``actions``) or as one position text (``{"position": "standard/3/..."}``, engine/core/position.py),
replayed the same way. Every result line that is not an error ends with ``position``: the text
of the final position, which ``{"position": ...}`` replays to the same line.
"""

from __future__ import annotations

from engine.cli.common import Parser, guarded, print_results
from engine.io.deal_record import result_record


def _run(argv: list[str]) -> int:
    parser = Parser(
        prog="python -m engine replay",
        command="replay",
        description="Replay Euchre deal records (or position texts) and print each step's legal actions, the tricks, "
        "the points and the final position's text.",
    )
    parser.add_argument(
        "file",
        help='a JSON record or a JSON Lines file of records (a record may be {"position": TEXT}); '
        "- for stdin",
    )
    args = parser.parse_args(argv)
    return print_results(
        args.file,
        lambda record, problem: {"error": problem, "step": None} if record is None else result_record(record),
    )


def main(argv: list[str]) -> int:
    return guarded("replay", lambda: _run(argv))
