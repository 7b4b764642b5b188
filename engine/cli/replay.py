"""``python -m engine replay FILE``: replay deal records, one JSON result line per record.

Records are read as they are needed (engine/record_file.py: UTF-8 text, one JSON record or
JSON Lines, bounded lines and nesting), so the first result prints at once and memory stays
flat however long the file. A file that cannot be read prints one line on stderr; a bad
record prints ``{"error": ..., "step": ...}`` in its place; either way the exit code is 2.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from engine.cli.common import Parser, guarded, open_records
from engine.deal_record import result_record
from engine.record_file import RecordSourceError


def _run(argv: list[str]) -> int:
    parser = Parser(
        prog="python -m engine replay", command="replay",
        description="Replay Euchre deal records and print each step's legal actions, the tricks and the points.",
    )
    parser.add_argument("file", help="a JSON record or a JSON Lines file of records; - for stdin")
    args = parser.parse_args(argv)
    failed = False
    try:
        with open_records(args.file) as entries:
            for record, problem in entries:
                if record is None:
                    result: dict[str, Any] = {"error": problem, "step": None}
                else:
                    result = result_record(record)
                failed = failed or "error" in result
                print(json.dumps(result))
    except RecordSourceError as err:
        sys.stdout.flush()
        print(err, file=sys.stderr)
        return 2
    return 2 if failed else 0


def main(argv: list[str]) -> int:
    return guarded("replay", lambda: _run(argv))
