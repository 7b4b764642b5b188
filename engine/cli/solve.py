"""``python -m engine solve FILE``: double-dummy solve deal records that end in the play phase.

FILE (``-`` for standard input) holds one JSON record or JSON Lines of records in the
replay format (see README.md). Each record's actions must stop in the play phase; for
each record one line is printed:

    {"tricks": 4, "cards": {"play JH": 4, "play 9C": 3}}

``tricks`` is the makers' total tricks with best play by every seat (tricks already
won included); ``cards`` gives the same for each legal card of the seat to move. A bad
record, an illegal action or a hand not in the play phase prints ``{"error": "..."}``
for that line, and the command exits 2 at the end.
"""

from __future__ import annotations

from typing import Any

from engine.cli.common import Parser, guarded, print_results
from engine.compiled.solver import solve
from engine.core.hand import Phase
from engine.io.deal_record import replay


def solve_record(record: dict[str, Any]) -> dict[str, Any]:
    """The output line for one record: the solution, or ``{"error": ...}``."""
    states, _, error = replay(record)
    if error is not None:
        return {"error": _error_line(record, error.step, error.message)}
    final = states[-1]
    if final.phase is not Phase.PLAY:
        return {
            "error": f"the actions end in the {final.phase.value} phase; solve needs a hand in the "
            "play phase (trump made, any discard done, at least one card still to play)"
        }
    solution = solve(final)
    return {"tricks": solution.tricks, "cards": {str(a): v for a, v in solution.cards.items()}}


def _error_line(record: dict[str, Any], step: int | None, message: str) -> str:
    """Where the record went wrong and why, actions counted one way only: from 0, as the index into
    ``actions`` (the replay command's ``step``). A position text's own message names its action
    counting from 1 (engine/core/position.py, "action 2 is empty"): that number is restated from 0."""
    if step is None:
        return f"the deal: {message}"
    where = f"action {step} (counting from 0)"
    own = f"action {step + 1} "
    if "position" in record and message.startswith(own):
        return f"{where} {message[len(own) :]}"
    return f"{where}: {message}"


def _run(argv: list[str]) -> int:
    parser = Parser(
        prog="python -m engine solve",
        command="solve",
        description="Double-dummy solve Euchre deal records whose actions end in the play phase: "
        "the makers' tricks with best play, and for each legal card.",
    )
    parser.add_argument("file", help="a JSON record or a JSON Lines file of records; - for stdin")
    args = parser.parse_args(argv)
    return print_results(
        args.file, lambda record, problem: {"error": problem} if record is None else solve_record(record)
    )


def main(argv: list[str]) -> int:
    return guarded("solve", lambda: _run(argv))
