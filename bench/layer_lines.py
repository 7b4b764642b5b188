"""Lines of Python per layer, in this checkout or at a commit: what a refactor moved where.

    python -m bench layer_lines [--rev REV]

The layers are ``tests/test_layers.py``'s ``LAYERS`` (read from that file as data, at the same
commit); a module counts in the layer of its longest matching prefix, as the layer test says. Prints
one line a layer (files, all lines, non-blank lines), the total outside tests/, and tests/ itself.
``--rev``: the files as they are at that commit (``git show``), not in the working tree.
"""

from __future__ import annotations

import argparse
import ast
import subprocess
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "store", "lessons", "practice", "classroom", "ui", "views", "bench")


def _files(rev: str | None) -> list[str]:
    """Every .py file git tracks (at ``rev``), or every .py file of the working tree."""
    if rev is None:
        return sorted(str(p.relative_to(ROOT)) for p in ROOT.rglob("*.py") if "__pycache__" not in p.parts)
    out = subprocess.run(
        ["git", "ls-tree", "-r", "--name-only", rev], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout
    return sorted(name for name in out.splitlines() if name.endswith(".py"))


def _text(name: str, rev: str | None) -> str:
    if rev is None:
        return (ROOT / name).read_text(encoding="utf-8")
    return subprocess.run(
        ["git", "show", f"{rev}:{name}"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout


def layers(rev: str | None) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """``LAYERS`` of tests/test_layers.py, read as a literal (no import of the tests)."""
    tree = ast.parse(_text("tests/test_layers.py", rev))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign | ast.Assign):
            targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
            if any(isinstance(t, ast.Name) and t.id == "LAYERS" for t in targets) and node.value is not None:
                value = ast.literal_eval(node.value)
                return tuple((str(name), tuple(prefixes)) for name, prefixes in value)
    raise ValueError("tests/test_layers.py has no LAYERS")


def module_name(name: str) -> str:
    """A file's module; a package's ``__init__`` is the package.

    >>> module_name("engine/core/cards.py"), module_name("store/__init__.py"), module_name("app.py")
    ('engine.core.cards', 'store', 'app')
    """
    parts = name.removesuffix(".py").split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer_of(module: str, table: tuple[tuple[str, tuple[str, ...]], ...]) -> int:
    """The layer of ``module``: the one with the longest prefix it starts with (-1: none).

    >>> table = (("core", ("engine", "engine.core")), ("compiled", ("engine.compiled",)))
    >>> layer_of("engine.compiled.solver", table), layer_of("engine.cli", table), layer_of("ui.table", table)
    (1, 0, -1)
    """
    best, best_len = -1, -1
    for index, (_, prefixes) in enumerate(table):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best_len:
                best, best_len = index, len(prefix)
    return best


def count(rev: str | None) -> list[tuple[str, int, int, int]]:
    """(layer or "tests/", files, lines, non-blank lines), in the layers' order, tests/ last."""
    table = layers(rev)
    totals = [[0, 0, 0] for _ in table]
    tests = [0, 0, 0]
    for name in _files(rev):
        top = name.split("/")[0]
        if top == "tests":
            into = tests
        elif name == "app.py" or top in PACKAGES:
            index = layer_of(module_name(name), table)
            if index < 0:
                continue
            into = totals[index]
        else:
            continue
        lines = _text(name, rev).splitlines()
        into[0] += 1
        into[1] += len(lines)
        into[2] += sum(1 for line in lines if line.strip())
    rows = [(" ".join(prefixes), t[0], t[1], t[2]) for (_, prefixes), t in zip(table, totals, strict=True)]
    return [*rows, ("tests/", tests[0], tests[1], tests[2])]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench layer_lines", description=__doc__.split("\n\n")[0])
    parser.add_argument("--rev", help="count the files at this commit instead of the working tree")
    args = parser.parse_args(argv)
    rows = count(args.rev)
    print(f"{'layer':32} {'files':>5} {'lines':>7} {'non-blank':>9}")
    for name, files, lines, code in rows[:-1]:
        print(f"{name:32} {files:5} {lines:7} {code:9}")
    outside = rows[:-1]
    print(
        f"{'all but tests/':32} {sum(r[1] for r in outside):5} {sum(r[2] for r in outside):7} "
        f"{sum(r[3] for r in outside):9}"
    )
    name, files, lines, code = rows[-1]
    print(f"{name:32} {files:5} {lines:7} {code:9}")
    return 0
