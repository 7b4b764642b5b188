"""All of the project's numba code, and an on-disk cache of it that cannot go stale.

Modules, lowest first:

- ``encoding``: cards, actions and hand states as plain numbers (the solver's one-bit-per-card
  masks, the play-outs' flat state arrays);
- ``solver_core``: the double-dummy search (alpha-beta over bitmasks) behind ``engine.solver``;
- ``club_bidding`` and ``club_play``: the Club player's decisions, ported from
  ``engine.players`` (its thresholds imported from there, never restated);
- ``playout``: a hand played out to the end with Club players;
- ``deal_loop``: the analyzer's loop: deal the unseen cards, reject deals that contradict the
  passes, play every option out, solve the ceiling.

Numba caches compiled functions with ``cache=True`` and checks only the file that defines each
function, so an edit to a module it inlines from (a table, a helper, a constant imported from
``engine.players.evaluate``) would leave the old machine code in use. Here the cache lives in a
folder named by a hash of every source file the compiled code reads (this package and, followed
through their imports, the engine modules it imports from) and of the numba and Python versions:
any edit gives a new folder, an old folder is never read again, and old folders are removed.

``NUMBA_CACHE_DIR`` chooses where the folders go (default: this package's ``__pycache__``, or
``~/.cache/euchre-coach`` when that is not writable).
"""

from __future__ import annotations

import ast
import hashlib
import os
import shutil
import sys
import tempfile
from pathlib import Path

import numba
from numba.core import config as _numba_config

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent.parent  # the folder that holds engine/
PREFIX = "euchre-"


def _imports(path: Path) -> set[str]:
    """The project modules (engine.*) a source file imports, anywhere in the file."""
    tree = ast.parse(path.read_bytes(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {n for n in names if n == "engine" or n.startswith("engine.")}


def _module_file(name: str) -> Path | None:
    base = ROOT.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def source_files() -> list[Path]:
    """This package's files and every engine module they import, followed transitively."""
    todo = sorted(PACKAGE.glob("*.py"))
    seen: set[Path] = set()
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        for name in _imports(path):
            found = _module_file(name)
            if found is not None and found not in seen:
                todo.append(found)
    return sorted(seen)


def source_hash() -> str:
    """A hash of the compiled code's sources and of the numba and Python versions."""
    digest = hashlib.sha256()
    digest.update(f"numba {numba.__version__} python {sys.version}".encode())
    for path in source_files():
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def _writable(folder: Path) -> bool:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()
    except OSError:
        return False
    return True


def _cache_base() -> Path:
    chosen = os.environ.get("NUMBA_CACHE_DIR")
    candidates = [Path(chosen)] if chosen else []
    candidates += [PACKAGE / "__pycache__", Path.home() / ".cache" / "euchre-coach"]
    for folder in candidates:
        if _writable(folder):
            return folder
    return Path(tempfile.gettempdir()) / "euchre-coach-numba"


def _remove_old(base: Path, keep: str) -> None:
    """Remove the cache folders of other source versions (best effort: another process may
    be using one; it recompiles into its own folder)."""
    try:
        entries = list(base.iterdir())
    except OSError:
        return
    for entry in entries:
        if entry.name.startswith(PREFIX) and entry.name != keep and entry.is_dir():
            shutil.rmtree(entry, ignore_errors=True)


def _set_cache_dir() -> Path:
    base = _cache_base()
    name = PREFIX + source_hash()
    folder = base / name
    folder.mkdir(parents=True, exist_ok=True)
    _remove_old(base, name)
    setattr(_numba_config, "CACHE_DIR", str(folder))  # noqa: B010 (numba has no typed setter)
    return folder


CACHE_DIR: Path = _set_cache_dir()

__all__ = ["CACHE_DIR", "source_files", "source_hash"]
