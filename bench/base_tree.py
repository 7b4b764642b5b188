"""Before and after in one run: a commit checked out beside this checkout, for the benches that
compare (``--base REV``), and the commit of a checkout (``head_commit``). Not a script of its own
(no ``main``).

    with base_tree("d343723") as tree:     # a detached git worktree, its compiled code built
        subprocess.run([...], cwd=tree, env=tree_env(tree))
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def tree_env(tree: Path) -> dict[str, str]:
    """The environment a command runs in inside ``tree``: its own code first, its own compiled cache."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    env.pop("NUMBA_CACHE_DIR", None)
    return env


@contextmanager
def base_tree(
    rev: str, *, warm: bool = True, keep: bool = False, prefix: str = "bench-base-"
) -> Iterator[Path]:
    """A detached git worktree of ``rev`` in a temporary folder (its compiled code built first when
    ``warm``); removed afterwards unless ``keep`` (then its folder is printed)."""
    tree = Path(tempfile.mkdtemp(prefix=prefix)) / "base"
    subprocess.run(
        ["git", "worktree", "add", "--detach", str(tree), rev], cwd=ROOT, check=True, capture_output=True
    )
    try:
        if warm:
            subprocess.run(
                [sys.executable, "-m", "engine", "warm-up"],
                cwd=tree,
                env=tree_env(tree),
                check=True,
                capture_output=True,
            )
        yield tree
    finally:
        if keep:
            print(f"(the worktree at {rev} is kept in {tree})")
        else:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=False)


def head_commit(tree: Path = ROOT) -> str:
    """The full hash of the commit checked out in ``tree`` (figures written to a file name it), or
    "unknown" where git cannot say."""
    try:
        return subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=tree, capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def rerun_at(rev: str, script: str, argv: list[str], *, keep: bool = False, warm: bool = True) -> int:
    """Run ``script`` (a bench file) with ``argv`` and ``--title 'before (commit REV)'`` inside a
    worktree of ``rev``; its exit code."""
    with base_tree(rev, warm=warm, keep=keep) as tree:
        return subprocess.run(
            [sys.executable, str(Path(script).resolve()), *argv, "--title", f"before (commit {rev})"],
            cwd=tree,
            env=tree_env(tree),
        ).returncode


__all__ = ["base_tree", "head_commit", "rerun_at", "tree_env"]
