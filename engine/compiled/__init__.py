"""All of the project's numba code, and an on-disk cache of it that cannot go stale.

Modules, lowest first:

- ``encoding``: cards, actions and hand states as plain numbers (the solver's one-bit-per-card
  masks, the play-outs' flat state arrays);
- ``solver_core``: the double-dummy search (alpha-beta over bitmasks) behind ``engine.compiled.solver``;
- ``club_numbers``, ``club_bidding`` and ``club_play``: the Club player's one implementation,
  each decision with a reason code (``engine.players.club.ClubPlayer`` is its adapter);
- ``playout``: a hand played out to the end with Club players;
- ``deal_loop``: the analyzer's loop: deal the unseen cards, reject deals that contradict the
  passes, play every option out, solve the ceiling.

Numba caches compiled functions with ``cache=True`` and checks only the file that defines each
function, so an edit to a module it inlines from (a table, a helper, a constant imported from
``engine.compiled.club_numbers``) would leave the old machine code in use. Here the cache lives in a
folder named by a hash of every source file the compiled code reads (this package and, followed
through their imports, the engine modules it imports from) and of the numba and Python versions:
any edit gives a new folder and an old folder is never read again.

Importing this package writes nothing: it reads the sources, picks the folder and tells numba;
numba makes the folder when the first cached function is defined (a module of this package is
imported). The folders of other source versions are removed by ``remove_stale_caches``, which
the warm-up runs (``python -m engine warm-up``, and the app's background warm-up).

``NUMBA_CACHE_DIR`` chooses where the folders go (default: this package's ``__pycache__``, or
``~/.cache/euchre-coach``, or the temporary folder, the first that is writable). With none writable
the code is compiled in memory at every start, and one warning line on stderr says so.
"""

from __future__ import annotations

import hashlib
import inspect
import os
import shutil
import sys
import tempfile
from pathlib import Path

import numba
from numba.core import config as _numba_config

from engine.io.source_imports import imports_in

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent.parent  # the folder that holds engine/
PREFIX = "euchre-"


def _imports(path: Path) -> set[str]:
    """The project modules (engine.*) a source file imports, anywhere in the file."""
    names: set[str] = set()
    for found in imports_in(path):
        if found.level == 0:
            names.add(found.module)
            names.update(f"{found.module}.{name}" for name in found.names)
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


def _can_make(folder: Path) -> bool:
    """Whether ``folder`` exists as a writable folder or could be made, without writing anything:
    the nearest existing path on the way up must be a folder this process may write in."""
    path = folder
    while not path.exists():
        if path.parent == path:
            return False
        path = path.parent
    return path.is_dir() and os.access(path, os.W_OK | os.X_OK)


def cache_bases() -> list[Path]:
    """Where the cache folders may go, in order of preference."""
    chosen = os.environ.get("NUMBA_CACHE_DIR")
    candidates = [Path(chosen)] if chosen else []
    return candidates + [
        PACKAGE / "__pycache__",
        Path.home() / ".cache" / "euchre-coach",
        Path(tempfile.gettempdir()) / "euchre-coach-numba",
    ]


def remove_stale_caches() -> None:
    """Remove the cache folders of other source versions from every base folder (best effort:
    another process may be using one; it recompiles into its own folder)."""
    if CACHE_DIR is None:
        return
    for base in cache_bases():
        _remove_old(base, CACHE_DIR.name)


def _remove_old(base: Path, keep: str) -> None:
    try:
        entries = list(base.iterdir())
    except OSError:
        return
    for entry in entries:
        if entry.name.startswith(PREFIX) and entry.name != keep and entry.is_dir():
            shutil.rmtree(entry, ignore_errors=True)


def _without_disk_cache() -> None:
    """Compile this package's functions in memory on every run. Numba refuses to define a
    ``cache=True`` function when it finds no writable folder for it (RuntimeError), so their
    caching is left off; numba code elsewhere is untouched."""
    from numba.core.dispatcher import Dispatcher

    enable = Dispatcher.enable_caching

    def enable_caching(self: Dispatcher) -> None:
        try:
            ours = Path(inspect.getfile(self.py_func)).resolve().parent == PACKAGE
        except (TypeError, OSError):
            ours = False
        if not ours:
            enable(self)

    Dispatcher.enable_caching = enable_caching  # type: ignore[method-assign]


def _set_cache_dir() -> Path | None:
    """The cache folder for this source version, in the first base it can be made in (None, with
    one warning line on stderr, when none can: the code then compiles in memory on every run)."""
    name = PREFIX + source_hash()
    bases = cache_bases()
    for base in bases:
        if _can_make(base / name):
            setattr(_numba_config, "CACHE_DIR", str(base / name))  # noqa: B010 (numba has no typed setter)
            return base / name
    _without_disk_cache()
    print(
        f"warning: no writable folder for the compiled code's cache (tried {', '.join(map(str, bases))}); "
        "compiling in memory, about a minute at every start: set NUMBA_CACHE_DIR to a writable folder",
        file=sys.stderr,
        flush=True,
    )
    return None


CACHE_DIR: Path | None = _set_cache_dir()

__all__ = ["CACHE_DIR", "cache_bases", "remove_stale_caches", "source_files", "source_hash"]
