"""The compiled code's on-disk cache cannot go stale.

Numba checks only the file that defines a cached function. The Club player's compiled trick
estimate reads its numbers from ``engine/compiled/club_numbers.py``, another file: with numba's
plain cache an edit there kept the old machine code. Here a copy of the engine is run in a
fresh process, a number in club_numbers.py is edited, and the result must follow the edit, and
follow it back when the edit is reverted.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# The compiled estimate for a hand holding only the right bower of hearts (the lone trump is
# worth TRUMP_VALUE[29] = 1.0 and a top-sequence trump TOP_SEQUENCE_VALUE = 1.0; no bonuses).
PROBE = """
import numpy as np
from engine.core.cards import parse_cards
from engine.compiled import CACHE_DIR
from engine.compiled.club_bidding import trick_estimate
from engine.compiled.encoding import card_code
hand = np.array([card_code(c) for c in parse_cards("JH 9C TC 9S TS")], dtype=np.int64)
print(round(trick_estimate(hand, 5, 2, False), 6), CACHE_DIR.name)
"""


def _run(tree: Path, cache: Path, code: str = PROBE) -> tuple[float, str]:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache), "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    ).stdout.split()
    return float(out[0]), out[1]


WARM_UP_CLEANS = PROBE + "from engine.compiled import remove_stale_caches\nremove_stale_caches()\n"


@pytest.mark.slow
def test_an_edit_to_an_imported_module_reaches_the_compiled_code(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    shutil.copytree(ROOT / "engine", tree / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    cache = tmp_path / "cache"
    evaluate = tree / "engine" / "compiled" / "club_numbers.py"
    original = evaluate.read_text()
    assert "TOP_SEQUENCE_VALUE = 1.0" in original

    first, folder = _run(tree, cache)
    again, same_folder = _run(tree, cache)  # from the cache this time
    assert (again, same_folder) == (first, folder)
    assert first == pytest.approx(1.0)  # one sure trick: the right bower, worked out above

    evaluate.write_text(original.replace("TOP_SEQUENCE_VALUE = 1.0", "TOP_SEQUENCE_VALUE = 1.5"))
    edited, edited_folder = _run(tree, cache)
    assert edited == pytest.approx(1.5)
    assert edited_folder != folder
    assert sorted(p.name for p in cache.iterdir()) == sorted(
        [folder, edited_folder]
    )  # an import deletes nothing
    _run(tree, cache, WARM_UP_CLEANS)
    assert [p.name for p in cache.iterdir()] == [edited_folder]  # the warm-up removes the old folder

    evaluate.write_text(original)
    reverted, reverted_folder = _run(tree, cache)
    assert (reverted, reverted_folder) == (first, folder)


def test_with_no_writable_cache_folder_the_code_compiles_in_memory(tmp_path: Path) -> None:
    """Every place the cache could go is a path under a regular file, where no folder can be made,
    even by root: NUMBA_CACHE_DIR, the package's __pycache__ (a file in this copy), the home
    folder's .cache and the temporary folder. The compiled code still runs, with one warning line."""
    tree = tmp_path / "tree"
    shutil.copytree(ROOT / "engine", tree / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    (tree / "engine" / "compiled" / "__pycache__").write_text("a file, not a folder")
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    probe = f"import tempfile; tempfile.tempdir = {str(blocker / 'tmp')!r}\n" + PROBE.replace(
        "CACHE_DIR.name", "CACHE_DIR"
    )
    env = {
        **os.environ,
        "NUMBA_CACHE_DIR": str(blocker / "cache"),
        "HOME": str(blocker / "home"),
        "PYTHONPATH": str(tree),
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=tree, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    value, folder = done.stdout.split()
    assert float(value) == pytest.approx(1.0) and folder == "None"  # the same figure as with a cache
    warning = done.stderr.splitlines()
    assert len(warning) == 1 and warning[0].startswith("warning: no writable folder"), warning
    assert "NUMBA_CACHE_DIR" in warning[0]
    assert not any(p.is_dir() for p in tmp_path.rglob("euchre-*"))  # nothing was written anywhere
