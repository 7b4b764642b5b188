"""``python -m engine <command>``: replay, solve, analyze, arena, study, warm-up."""

from __future__ import annotations

import importlib
import sys

from engine.core.errors import quoted

COMMANDS = {
    "replay": ("engine.cli.replay", "replay deal records (JSON or JSON Lines)"),
    "solve": ("engine.cli.solve", "double-dummy solve records that end in the play phase"),
    "analyze": ("engine.cli.analyze", "call / pass / alone analysis of a hand"),
    "arena": ("engine.cli.arena", "duplicate matches between computer players"),
    "study": ("engine.cli.study", "studies on Dask: call charts, the bidding model's fit, the puzzle bank"),
    "warm-up": ("engine.cli.warm_up", "build the compiled code now (once after an install)"),
}


USAGE = f"usage: python -m engine {{{','.join(COMMANDS)}}} [args]"


def main(argv: list[str]) -> int:
    """Run one command. ``--help``: the commands on stdout, exit 0; no command or an unknown one:
    the usage line and one line saying what is wrong on stderr, exit 2."""
    if argv and argv[0] in ("-h", "--help"):
        lines = [f"  {name:8} {help_}" for name, (_, help_) in COMMANDS.items()]
        print("usage: python -m engine <command> [args]\n\ncommands:\n" + "\n".join(lines))
        return 0
    if not argv or argv[0] not in COMMANDS:
        problem = f"unknown command {quoted(argv[0])}" if argv else "name a command"
        print(
            f"{USAGE}\nengine: error: {problem}: one of {', '.join(COMMANDS)} (--help for what each does)",
            file=sys.stderr,
        )
        return 2
    module_name, _ = COMMANDS[argv[0]]
    module = importlib.import_module(module_name)
    return int(module.main(argv[1:]))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
