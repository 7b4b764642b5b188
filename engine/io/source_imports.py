"""Every import statement of a Python source file, read without importing it.

One reader for the two places that need it: the compiled code's cache key (``engine.compiled``
hashes every engine module the numba code reads) and the layer test (``tests/test_layers.py``).
Imports inside functions count too, and a relative import is made absolute.

>>> import ast
>>> text = "import a.b, c\\nfrom x import y, z\\ndef f():\\n    from .sib import g\\n"
>>> [(i.module, i.names, i.line, i.level) for i in imports_in_source(text, package="pkg.sub")]
[('a.b', (), 1, 0), ('c', (), 1, 0), ('x', ('y', 'z'), 2, 0), ('pkg.sub.sib', ('g',), 4, 1)]
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Import:
    """One imported module: ``module`` absolute; ``names`` what ``from module import ...`` takes
    (empty for ``import module``); ``level`` the dots of a relative import (0: absolute)."""

    module: str
    names: tuple[str, ...]
    line: int
    level: int = 0


def imports_in_source(text: str, package: str = "", filename: str = "<source>") -> list[Import]:
    """The imports of ``text``, in source order; ``package``: the package a relative import is
    relative to (for ``a/b/c.py`` that is ``a.b``, for ``a/b/__init__.py`` it is ``a.b``)."""
    found: list[Import] = []
    for node in ast.walk(ast.parse(text, filename=filename)):
        if isinstance(node, ast.Import):
            found += [Import(alias.name, (), node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".") if package else []
                anchor = parts[: len(parts) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            found.append(Import(base, tuple(alias.name for alias in node.names), node.lineno, node.level))
    return sorted(found, key=lambda i: i.line)


def imports_in(path: Path, package: str = "") -> list[Import]:
    """The imports of the source file at ``path`` (see ``imports_in_source``)."""
    return imports_in_source(path.read_text(encoding="utf-8"), package, str(path))


__all__ = ["Import", "imports_in", "imports_in_source"]
