"""``python -m bench NAME [args...]``: run one of the benchmarks and experiments in bench/.

    python -m bench [--list]          every script, with its one-line description
    python -m bench NAME --help       one script's options
    python -m bench NAME [args...]    run bench/NAME.py's main(args)

A script is a module of bench/ with a top-level ``main``; the list is read from the files
themselves (their docstrings), so listing imports none of them.
"""

from __future__ import annotations

import ast
import importlib
import re
import sys
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
USAGE = "usage: python -m bench NAME [args...] (python -m bench NAME --help for its options)"


def summary(doc: str) -> str:
    """The first sentence of a docstring's first paragraph, on one line."""
    text = " ".join(doc.split("\n\n")[0].split())
    found = re.search(r"[.?!](\s|$)", text)
    return text[: found.start() + 1] if found else text


def scripts() -> dict[str, str]:
    """Every script in bench/ (a module with a top-level ``main``), by name, with its description."""
    found: dict[str, str] = {}
    for path in sorted(HERE.glob("*.py")):
        if path.name.startswith("_"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        if any(isinstance(node, ast.FunctionDef) and node.name == "main" for node in tree.body):
            found[path.stem] = summary(ast.get_docstring(tree) or "")
    return found


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    names = scripts()
    if not args or args[0] in ("--list", "-h", "--help"):
        width = max(len(name) for name in names)
        print(USAGE + "\n\nscripts:")
        for name, text in names.items():
            print(f"  {name:<{width}}  {text}")
        return 0
    name, rest = args[0], args[1:]
    if name not in names:
        print(f"bench: unknown script {name!r}; the scripts are: {', '.join(names)}", file=sys.stderr)
        return 2
    result = importlib.import_module(f"bench.{name}").main(rest)
    return int(result or 0)


if __name__ == "__main__":
    raise SystemExit(main())
